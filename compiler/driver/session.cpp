// Session: loading, scenario choice, --set/--unit parsing, diagnostics verification.
#include "compiler/driver/session.h"

#include <fmt/format.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>

#include <algorithm>
#include <cstdlib>

#include "compiler/driver/options.h"
#include "runtime/files.h"

namespace rl::driver {

extern std::string g_stdlib_dir;

Session::Session(bool collect) : diags(sm, llvm::errs()) {
  diags.SetMaxErrors(MaxErrors);
  diags.SetSorted(true);
  if (collect) diags.CollectInto(&collected);
  check::Options opts{g_stdlib_dir};
  opts.allowed_dirs.assign(AllowPaths.begin(), AllowPaths.end());
  for (const std::string& f : SpecFolders()) opts.allowed_dirs.push_back(f);
  comp = std::make_unique<check::Compilation>(diags, std::move(opts));
}

Exit Session::Load(const std::string& path) {
  // `-`: the spec is standard input (`ringline eval - < spec.rl`, a generated spec piped in),
  // named `<stdin>` in diagnostics, as large as a file may be.
  if (path == "-") {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> in = llvm::MemoryBuffer::getSTDIN();
    if (!in) return Fail(Kind::file_error, fmt::format("cannot read standard input: {}", in.getError().message()));
    if ((*in)->getBufferSize() > kMaxSourceBytes)
      return Fail(Kind::file_error, fmt::format("standard input is larger than {} MiB", kMaxSourceBytes >> 20));
    return LoadText((*in)->getBuffer().str(), "<stdin>");
  }
  llvm::sys::fs::file_status st;
  if (std::error_code ec = llvm::sys::fs::status(path, st)) {
    // A missing file, or one that cannot be reached (a symlink loop, a directory without
    // permission): the system's reason.
    return Fail(Kind::file_error,
                fmt::format("cannot open `{}`: {}", path,
                            ec == std::errc::no_such_file_or_directory ? "no such file" : ec.message()));
  }
  if (llvm::sys::fs::is_directory(path))
    return Fail(Kind::file_error, fmt::format("`{}` is a directory, not a spec", path));
  bool ok = comp->Load(path);
  if (sm.getNumBuffers() > 0) root_buffer = 1;
  if (comp->EnvironmentError() && !comp->Root()) return kUsageError;
  if (comp->EnvironmentError()) return kUsageError;
  return ok ? kOk : kSpecError;
}

Exit Session::LoadText(const std::string& text, const std::string& name) {
  root_buffer = sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, name), llvm::SMLoc());
  bool ok = comp->LoadBuffer(root_buffer);
  if (comp->EnvironmentError()) return kUsageError;
  return ok ? kOk : kSpecError;
}

std::optional<std::string> Session::PickScenario(const std::string& requested) {
  return driver::PickScenario(comp->ScenarioNames(), requested);
}

bool Session::ParseSets(const std::vector<std::string>& sets, std::vector<check::Override>& out) {
  std::optional<Settings> split = SplitSets(sets);
  if (!split) return false;
  bool ok = true;
  for (const auto& [name, value] : *split) {
    option_buffers.push_back(sm.getNumBuffers() + 1);  // the id of the buffer made next
    std::optional<check::Override> o = comp->ParseOverride(name, name + "=" + value, "--set", name.size() + 1);
    if (o) out.push_back(std::move(*o));
    else ok = false;
  }
  return ok;
}

bool Session::ParseUnits(const std::vector<std::string>& units, std::vector<check::UnitChoice>& out) {
  std::optional<Settings> split = SplitUnits(units);
  if (!split) return false;
  for (const auto& [name, value] : *split) {
    const std::string u = name + "=" + value;
    unsigned id = sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(u, "--unit"), llvm::SMLoc());
    option_buffers.push_back(id);
    const auto eq = static_cast<uint32_t>(name.size());
    out.push_back({name, value, {id, eq + 1, static_cast<uint32_t>(u.size())}, {id, 0, eq}});
  }
  return true;
}

Exit Session::FailureExit() const {
  for (unsigned b : diags.ErrorBuffers())
    if (std::find(option_buffers.begin(), option_buffers.end(), b) == option_buffers.end()) return kSpecError;
  return kUsageError;
}

Exit Session::Verify() {
  diag::Engine report(sm, llvm::errs());
  report.SetMaxErrors(0);
  return diag::VerifyExpectations(sm, root_buffer, collected, report) ? kOk : kSpecError;
}

}  // namespace rl::driver

// Session: loading, scenario choice, --set/--unit parsing, diagnostics verification.
#include "compiler/driver/session.h"

#include <fmt/format.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>

#include <algorithm>
#include <cstdlib>

#include "base/check.h"
#include "base/suggest.h"
#include "compiler/driver/options.h"
#include "runtime/files.h"

#ifndef RL_STDLIB_DIR
#define RL_STDLIB_DIR "stdlib"
#endif

namespace rl::driver {

std::string FindStdlib(const char* argv0) {
  if (const char* env = std::getenv("RINGLINE_STDLIB"); env && *env) return env;
  std::string exe = llvm::sys::fs::getMainExecutable(argv0, reinterpret_cast<void*>(&FindStdlib));
  if (!exe.empty()) {
    llvm::SmallString<256> p(llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
    llvm::sys::path::append(p, "share", "ringline", "stdlib");
    if (llvm::sys::fs::is_directory(p)) return std::string(p);
  }
  return RL_STDLIB_DIR;
}

extern std::string g_stdlib_dir;

static std::vector<std::string>& SpecFolders() {
  static std::vector<std::string> folders;
  return folders;
}

void AllowSpecFolder(const std::string& spec) {
  llvm::SmallString<256> abs(spec);
  llvm::sys::fs::make_absolute(abs);
  SpecFolders().push_back(std::string(llvm::sys::path::parent_path(abs)));
}

Exit Fail(Kind kind, const std::string& message) {
  RL_CHECK(diag::SeverityOf(kind) == diag::Severity::Error, "Fail takes an error's kind");
  llvm::errs() << diag::Unlocated(kind, message);
  return kUsageError;
}

std::pair<Kind, std::string> KindOf(llvm::Error error, Kind kind) {
  std::string message;
  llvm::handleAllErrors(std::move(error), [&](const llvm::ErrorInfoBase& e) {
    if (e.isA<diag::KindedError>()) {
      kind = static_cast<const diag::KindedError&>(e).kind();
    } else {
      const std::error_code ec = e.convertToErrorCode();
      if (ec.category() == std::generic_category() || ec.category() == std::system_category()) kind = Kind::file_error;
    }
    if (!message.empty()) message.push_back('\n');
    message.append(e.message());
  });
  return {kind, message};
}

Exit Fail(Kind kind, llvm::Error error) {
  auto [k, message] = KindOf(std::move(error), kind);
  return Fail(k, message);
}

void Warn(Kind kind, const std::string& message) {
  RL_CHECK(diag::SeverityOf(kind) == diag::Severity::Warning, "Warn takes a warning's kind");
  llvm::errs() << diag::Unlocated(kind, message);
}

ringline::Options LibraryOptions() {
  ringline::Options o;
  o.stdlib_dir = g_stdlib_dir;
  o.allow_paths.assign(AllowPaths.begin(), AllowPaths.end());
  o.max_errors = MaxErrors;
  return o;
}

namespace {
bool IsUsageKind(const std::string& k) {
  for (const char* u : {"bad_usage", "bad_option", "file_error", "tool_error", "too_many_points", "path_not_allowed",
                        "import_not_found"})
    if (k == u) return true;
  return false;
}
}  // namespace

Exit PrintSpecError(const ringline::SpecError& e) {
  llvm::errs() << e.what() << "\n";
  for (const ringline::Diagnostic& d : e.diagnostics())
    // A file that cannot be read or may not be read is the environment's, as for Load; a
    // mistake in the command line (an option's text, `--...`) is the user's usage.
    if (d.severity == "error" && !IsUsageKind(d.kind) && !llvm::StringRef(d.file).starts_with("--")) return kSpecError;
  return kUsageError;
}

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
  std::vector<std::string> names = comp->ScenarioNames();
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
  if (!requested.empty()) {
    for (const std::string& n : names)
      if (n == requested) return n;
    std::string hint = DidYouMean(requested, names);
    Fail(Kind::bad_option, fmt::format("no scenario `{}`{}{}", requested, hint,
                                       hint.empty() ? "; this file has: " + (list.empty() ? "none" : list) : ""));
    return std::nullopt;
  }
  if (names.size() == 1) return names[0];
  if (names.empty())
    Fail(Kind::bad_scenario, "this file has no scenario to evaluate");
  else
    Fail(Kind::bad_usage, fmt::format("this file has {} scenarios ({}); pick one with --scenario", names.size(), list));
  return std::nullopt;
}

static bool SplitAssign(const std::string& s, const char* opt, std::string& name, std::string& value) {
  size_t eq = s.find('=');
  if (eq == std::string::npos || eq == 0) {
    Fail(Kind::bad_option, fmt::format("--{} expects NAME=VALUE, got `{}`", opt, s));
    return false;
  }
  name = s.substr(0, eq);
  value = s.substr(eq + 1);
  return true;
}

bool Session::ParseSets(const std::vector<std::string>& sets, std::vector<check::Override>& out) {
  bool ok = true;
  std::vector<std::string> seen;
  for (const std::string& s : sets) {
    std::string name, value;
    if (!SplitAssign(s, "set", name, value)) return false;
    if (std::find(seen.begin(), seen.end(), name) != seen.end()) {
      Fail(Kind::bad_usage,
           fmt::format("`--set {}` is given twice; list the values in one (`--set {}=V1,V2`)", name, name));
      return false;
    }
    seen.push_back(name);
    option_buffers.push_back(sm.getNumBuffers() + 1);  // the id of the buffer made next
    std::optional<check::Override> o = comp->ParseOverride(name, s, "--set", name.size() + 1);
    if (o) out.push_back(std::move(*o));
    else ok = false;
  }
  return ok;
}

bool Session::ParseUnits(const std::vector<std::string>& units, std::vector<check::UnitChoice>& out) {
  for (const std::string& u : units) {
    std::string name, value;
    if (!SplitAssign(u, "unit", name, value)) return false;
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

// Shared pieces of `eval` and `sweep` (see evaluate.h).
#include "compiler/driver/evaluate.h"

#include <fmt/format.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Process.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <iostream>

#include "compiler/driver/options.h"

namespace rl::driver {

namespace {

// The spec's diagnostics from `shown` on (its warnings: an error is thrown), on stderr.
void PrintWarnings(const ringline::Spec& spec, size_t& shown) {
  std::vector<ringline::Diagnostic> ds = spec.Diagnostics();
  for (; shown < ds.size(); ++shown) llvm::errs() << ds[shown].text;
}

}  // namespace

std::optional<Lowered> LowerScenario(Exit& exit, bool eval_only,
                                     const std::optional<std::vector<std::string>>& sensitivity,
                                     const std::string* file) {
  exit = kUsageError;
  if (!file && Files.size() > 1) {
    Fail(Kind::bad_usage, "`eval` and `sweep` take one spec file");
    return std::nullopt;
  }
  Lowered out;
  size_t shown = 0;
  try {
    // The file's own lets are checked whether or not the scenario uses them, as `check` does.
    out.spec = ringline::Spec::Compile(file ? *file : Files[0], LibraryOptions());
    PrintWarnings(*out.spec, shown);
    std::optional<std::string> name = PickScenario(out.spec->Scenarios(), ScenarioName);
    std::optional<Settings> sets = name ? SplitSets(Sets) : std::nullopt;
    std::optional<Settings> units = sets ? SplitUnits(UnitChoices) : std::nullopt;
    if (!units) return std::nullopt;
    out.scenario = out.spec->Lower(*name, *sets, *units, eval_only, sensitivity);
    out.name = *name;
    out.sets = *sets;
    out.units = *units;
    PrintWarnings(*out.spec, shown);
  } catch (const ringline::SpecError& e) {
    exit = PrintSpecError(e);
    return std::nullopt;
  }
  exit = kOk;
  return out;
}

bool CheckOptLevel() {
  if (OptLevel <= 3) return true;
  Fail(Kind::bad_option, fmt::format("-O{} is not a level; use -O0, -O1, -O2 or -O3", static_cast<unsigned>(OptLevel)));
  return false;
}

bool CheckBackend() {
  // $RINGLINE_BACKEND is the default of --backend: the test suite runs every eval and
  // sweep on each backend this way (test/CMakeLists.txt).
  if (BackendName.getNumOccurrences() == 0)
    if (const char* env = std::getenv("RINGLINE_BACKEND"); env && *env) BackendName = env;
  if (BackendName == "auto" || BackendName == "interp" || BackendName == "jit") return CheckOptLevel();
  Fail(Kind::bad_option, fmt::format("unknown --backend `{}`; available: auto, jit, interp", std::string(BackendName)));
  return false;
}

ringline::Backend BackendOption() {
  if (BackendName == "jit") return ringline::Backend::Jit;
  if (BackendName == "interp") return ringline::Backend::Interp;
  return ringline::Backend::Auto;
}

std::optional<runtime::Format> PickFormat(runtime::Format fallback) {
  std::string f = OutputFormat;
  // `-o FILE`: .csv and .json name their format, any other extension a table; an
  // explicit --format must not contradict the extension.
  if (!OutputFile.empty()) {
    llvm::StringRef o(OutputFile);
    std::string from_name = o.ends_with_insensitive(".csv") ? "csv" : o.ends_with_insensitive(".json") ? "json" : "";
    if (!from_name.empty() && !f.empty() && f != from_name && (f == "table" || f == "csv" || f == "json")) {
      auto what = [](const std::string& x) { return x == "csv" ? "CSV" : x == "json" ? "JSON" : "a table"; };
      Fail(Kind::bad_usage, fmt::format("`-o {}` is a {} file but `--format {}` asks for {}; drop `--format` or give "
                                        "the file the format's extension",
                                        std::string(OutputFile), what(from_name), f, what(f)));
      return std::nullopt;
    }
    if (f.empty()) f = from_name.empty() ? "table" : from_name;
  }
  if (f.empty()) return fallback;
  if (f == "table") return runtime::Format::Table;
  if (f == "csv") return runtime::Format::Csv;
  if (f == "json") return runtime::Format::Json;
  Fail(Kind::bad_option, fmt::format("unknown --format `{}`; use table, csv or json", f));
  return std::nullopt;
}

std::unique_ptr<ringline::Sink> MakeOutputSink(runtime::Format f, std::ostream& out, bool single_row) {
  const ringline::Format pf = f == runtime::Format::Csv    ? ringline::Format::Csv
                              : f == runtime::Format::Json ? ringline::Format::Json
                                                           : ringline::Format::Table;
  return ringline::MakeSink(pf, out, Digits, single_row);
}

namespace {
std::string ProcFd(int fd) { return "/proc/self/fd/" + std::to_string(fd); }
}  // namespace

Output::Output() : Output(OutputFile, std::vector<std::string>(Files.begin(), Files.end())) {}

Output::Output(std::string target, std::vector<std::string> inputs)
    : target_(std::move(target)), inputs_(std::move(inputs)) {}

bool Output::Open(bool for_stream) {
  streamed_ = for_stream;
  if (target_.empty()) return true;
  const std::string& target = target_;
  auto refuse = [&](const std::string& why) {
    Fail(Kind::file_error, fmt::format("will not write `{}`: {}", target, why));
    return false;
  };
  // The result replaces the target by a rename, which would turn a device node or a FIFO
  // into a regular file, or replace the spec being read.
  llvm::sys::fs::file_status st;
  if (!llvm::sys::fs::status(target, st) && llvm::sys::fs::exists(st)) {
    if (st.type() != llvm::sys::fs::file_type::regular_file)
      return refuse("it is not a regular file (write to stdout and redirect instead)");
    for (const std::string& in : inputs_)
      if (llvm::sys::fs::equivalent(in, target)) return refuse("it is an input of this run");
  }
  // Linux first: an anonymous file in the target's directory (O_TMPFILE), given a name
  // only at Commit, so a process killed with SIGKILL (a rank of an MPI job, the OOM
  // killer) leaves no temporary behind. Its descriptor stays open until then.
  if (for_stream) {
    llvm::StringRef dir = llvm::sys::path::parent_path(target);
    anon_fd_ = open(dir.empty() ? "." : std::string(dir).c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
    if (anon_fd_ >= 0) {
      file_.open(ProcFd(anon_fd_), std::ios::out | std::ios::trunc);
      if (file_) return true;
      file_.clear();
      close(anon_fd_);
      anon_fd_ = -1;
    }
  }
  // Elsewhere (a file system without O_TMPFILE, no /proc) and for a chart, which gnuplot
  // writes by name: a fresh temporary beside the target, created exclusively (no planted
  // file or symlink is followed), renamed onto the target only when everything was written.
  int fd = -1;
  llvm::SmallString<256> tmp;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(target + ".%%%%%%.tmp", fd, tmp)) {
    Fail(Kind::file_error, fmt::format("cannot write `{}`: {}", target, ec.message()));
    return false;
  }
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  tmp_ = std::string(tmp);
  if (!for_stream) return true;
  file_.open(tmp_, std::ios::out | std::ios::trunc);
  if (!file_) {
    llvm::sys::fs::remove(tmp_);
    Fail(Kind::file_error, fmt::format("cannot write `{}`", target));
    return false;
  }
  return true;
}

// The anonymous file's name for linkat; a fresh name beside the target, then the rename.
std::error_code Output::NameAnonymous() {
  for (int tries = 0; tries < 64; ++tries) {
    llvm::SmallString<256> path;
    llvm::sys::fs::createUniquePath(target_ + ".%%%%%%.tmp", path, false);
    if (linkat(AT_FDCWD, ProcFd(anon_fd_).c_str(), AT_FDCWD, path.c_str(), AT_SYMLINK_FOLLOW) == 0) {
      tmp_ = std::string(path);
      return {};
    }
    if (errno != EEXIST) return std::error_code(errno, std::generic_category());
  }
  return std::make_error_code(std::errc::file_exists);
}

std::ostream& Output::stream() { return target_.empty() ? std::cout : file_; }

bool Output::Commit() {
  if (target_.empty()) {
    std::cout.flush();
    return true;
  }
  if (streamed_) {
    file_.flush();
    file_.close();
  }
  // A failed write (a full disk, a file-size limit) leaves the target as it was.
  if (streamed_ && file_.fail()) {
    Discard();
    Fail(Kind::file_error, fmt::format("cannot write `{}`: the write failed (disk full or a size limit?)", target_));
    return false;
  }
  std::error_code ec = anon_fd_ >= 0 ? NameAnonymous() : std::error_code();
  if (!ec) ec = llvm::sys::fs::rename(tmp_, target_);
  if (ec) {
    Discard();
    Fail(Kind::file_error, fmt::format("cannot write `{}`: {}", target_, ec.message()));
    return false;
  }
  CloseAnonymous();
  return true;
}

void Output::Discard() {
  if (target_.empty()) return;
  if (streamed_) file_.close();
  if (!tmp_.empty()) llvm::sys::fs::remove(tmp_);
  CloseAnonymous();
}

void Output::CloseAnonymous() {
  if (anon_fd_ >= 0) close(anon_fd_);
  anon_fd_ = -1;
}

Output::~Output() { CloseAnonymous(); }

}  // namespace rl::driver

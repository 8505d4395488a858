// The driver's messages and exit statuses, the library's options and errors, and the
// command line's choices of a spec (messages.h).
#include "compiler/driver/messages.h"

#include <fmt/format.h>
#include <cstdlib>
#include <llvm/Support/Program.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>

#include "base/check.h"
#include "base/suggest.h"
#include "compiler/driver/options.h"

#ifndef RL_STDLIB_DIR
#define RL_STDLIB_DIR "stdlib"
#endif

namespace rl::driver {

extern std::string g_stdlib_dir;

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

static std::vector<std::string>& Folders() {
  static std::vector<std::string> folders;
  return folders;
}

const std::vector<std::string>& SpecFolders() { return Folders(); }

void AllowSpecFolder(const std::string& spec) {
  llvm::SmallString<256> abs(spec);
  llvm::sys::fs::make_absolute(abs);
  Folders().push_back(std::string(llvm::sys::path::parent_path(abs)));
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

std::optional<std::string> PickScenario(const std::vector<std::string>& names, const std::string& requested) {
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

namespace {

std::optional<std::pair<std::string, std::string>> SplitAssign(const std::string& s, const char* opt) {
  size_t eq = s.find('=');
  if (eq == std::string::npos || eq == 0) {
    Fail(Kind::bad_option, fmt::format("--{} expects NAME=VALUE, got `{}`", opt, s));
    return std::nullopt;
  }
  return std::pair{s.substr(0, eq), s.substr(eq + 1)};
}

}  // namespace

std::optional<Settings> SplitSets(const std::vector<std::string>& sets) {
  Settings out;
  for (const std::string& s : sets) {
    std::optional<std::pair<std::string, std::string>> nv = SplitAssign(s, "set");
    if (!nv) return std::nullopt;
    const std::string& name = nv->first;
    if (std::any_of(out.begin(), out.end(), [&](const auto& o) { return o.first == name; })) {
      Fail(Kind::bad_usage,
           fmt::format("`--set {}` is given twice; list the values in one (`--set {}=V1,V2`)", name, name));
      return std::nullopt;
    }
    out.push_back(std::move(*nv));
  }
  return out;
}

std::optional<Settings> SplitVary(const std::vector<std::string>& vary) {
  Settings out;
  for (const std::string& v : vary) {
    std::optional<std::pair<std::string, std::string>> nv = SplitAssign(v, "vary");
    if (!nv) return std::nullopt;
    out.push_back(std::move(*nv));
  }
  return out;
}

std::optional<Settings> SplitUnits(const std::vector<std::string>& units) {
  Settings out;
  for (const std::string& u : units) {
    std::optional<std::pair<std::string, std::string>> nv = SplitAssign(u, "unit");
    if (!nv) return std::nullopt;
    out.push_back(std::move(*nv));
  }
  return out;
}

}  // namespace rl::driver

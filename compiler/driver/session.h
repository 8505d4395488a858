// One run of the compiler on one spec: source manager, diagnostics (printed, or collected
// for --verify-diagnostics), the loaded program, and the mapping of outcomes to exit
// codes (0 ok, 1 errors in the spec, 2 usage or environment errors), and the one way the
// driver prints a message of its own.
#pragma once
#include <llvm/Support/Error.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "compiler/check/check.h"
#include "compiler/diag/diag.h"
#include "include/ringline/ringline.h"

namespace rl::driver {

enum Exit { kOk = 0, kSpecError = 1, kUsageError = 2 };

using diag::Kind;

// The driver's own messages: `ringline: error: message [tag]` on stderr (diag::Unlocated),
// the kind one of compiler/diag/kinds.def. Every such error exits with status 2.
Exit Fail(Kind kind, const std::string& message);
// A library's failure: its message under the kind it carries (diag::MakeError), as a
// file_error when it carries the system's error code (a file that is missing, unreadable,
// a directory), else under `kind`.
std::pair<Kind, std::string> KindOf(llvm::Error error, Kind kind);
Exit Fail(Kind kind, llvm::Error error);
// `ringline: warning: message [tag]`.
void Warn(Kind kind, const std::string& message);

// Where `import stdlib.x` looks: $RINGLINE_STDLIB, else <exe>/../share/ringline/stdlib,
// else the source tree's stdlib/ (the build's default).
std::string FindStdlib(const char* argv0);

// A spec named on the command line: a generated spec (`stats --device`, `advise`) may
// import it from its folder (check::Options::allowed_dirs).
void AllowSpecFolder(const std::string& spec);

// The library API's options from the command line's (--allow-path, --max-errors, the
// stdlib found for this binary).
ringline::Options LibraryOptions();
// Prints a library call's diagnostics as the command prints its own; the exit status: 2
// when every error is in an option's text (a buffer named `--...`), a file that cannot or
// may not be read, or a usage mistake, else 1.
Exit PrintSpecError(const ringline::SpecError& e);

class Session {
 public:
  explicit Session(bool collect = false);

  // Loads `path`; returns kOk, kSpecError or kUsageError (missing/unreadable file).
  Exit Load(const std::string& path);
  Exit LoadText(const std::string& text, const std::string& name);
  // Picks the scenario named by --scenario, or the file's only one; prints the choices
  // and returns nullopt (usage error) otherwise.
  std::optional<std::string> PickScenario(const std::string& requested);
  // Parses the --set and --unit options; false after diagnostics. Each option's text
  // `NAME=VALUE` is a buffer of its own, named `--set` or `--unit`, so a diagnostic points
  // at the name or into the value.
  bool ParseSets(const std::vector<std::string>& sets, std::vector<check::Override>& out);
  bool ParseUnits(const std::vector<std::string>& units, std::vector<check::UnitChoice>& out);
  // The exit status after a failure: a usage error (2) when every error is in the
  // command line's options (`--set bacth=64`, `--unit t=parsec`) or there is none, else
  // an error in the spec (1).
  Exit FailureExit() const;
  // With --verify-diagnostics: compares collected diagnostics with the root buffer's
  // expectations and returns the exit status.
  Exit Verify();

  llvm::SourceMgr sm;
  std::vector<diag::Collected> collected;
  diag::Engine diags;
  std::unique_ptr<check::Compilation> comp;
  // The chosen scenario's variants before the pass pipeline (check.h, Variants).
  std::vector<ir::Scenario> unoptimized;
  unsigned root_buffer = 0;
  std::vector<unsigned> option_buffers;     // the buffers of --set and --unit texts
};

}  // namespace rl::driver

// What every command shares without the compiler's internals: the exit statuses (0 ok, 1
// errors in the spec, 2 usage or environment errors), the one way the driver prints a
// message of its own, the library API's options and errors, and the choices a command
// line makes of a spec (its scenario, its `--set` and `--unit` texts).
#pragma once
#include <llvm/Support/Error.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

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
// import it from its folder (check::Options::allowed_dirs); SpecFolders lists them.
void AllowSpecFolder(const std::string& spec);
const std::vector<std::string>& SpecFolders();

// The library API's options from the command line's (--allow-path, --max-errors, the
// stdlib found for this binary).
ringline::Options LibraryOptions();
// Prints a library call's diagnostics as the command prints its own; the exit status: 2
// when every error is in an option's text (a buffer named `--...`), a file that cannot or
// may not be read, or a usage mistake, else 1.
Exit PrintSpecError(const ringline::SpecError& e);

// The scenario --scenario names among `names` (a file's), or the file's only one;
// nullopt after a message naming the choices (a usage error).
std::optional<std::string> PickScenario(const std::vector<std::string>& names, const std::string& requested);

using Settings = std::vector<std::pair<std::string, std::string>>;
// `--set NAME=VALUES` texts as (NAME, VALUES), each name once; nullopt after a message.
std::optional<Settings> SplitSets(const std::vector<std::string>& sets);
// `--vary NAME=DIST` texts as (NAME, DIST); nullopt after a message.
std::optional<Settings> SplitVary(const std::vector<std::string>& vary);
// `--unit NAME=UNIT` texts as (NAME, UNIT); nullopt after a message.
std::optional<Settings> SplitUnits(const std::vector<std::string>& units);

}  // namespace rl::driver

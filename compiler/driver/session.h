// One run of the compiler on one spec, for the commands that drive the checker
// themselves (check, emit, fit, calibrate): source manager, diagnostics (printed, or
// collected for --verify-diagnostics), the loaded program, and the mapping of outcomes to
// exit codes (messages.h).
#pragma once
#include <llvm/Support/Error.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "compiler/check/check.h"
#include "compiler/diag/diag.h"
#include "compiler/driver/messages.h"

namespace rl::driver {

class Session {
 public:
  explicit Session(bool collect = false);

  // Loads `path`; returns kOk, kSpecError or kUsageError (missing/unreadable file).
  Exit Load(const std::string& path);
  Exit LoadText(const std::string& text, const std::string& name);
  // PickScenario among the loaded file's scenarios.
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
  unsigned root_buffer = 0;
  std::vector<unsigned> option_buffers;     // the buffers of --set and --unit texts
};

}  // namespace rl::driver

// What `eval` and `sweep` share: compiling the chosen scenario to IR, the backend choice
// (JIT or interpreter), result columns and formats, the output file written through a
// temporary, and the run-time error for a non-finite report (located by the interpreter,
// whichever backend produced it).
#pragma once
#include <fstream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <system_error>
#include <vector>

#include "compiler/api/backend.h"
#include "compiler/driver/session.h"
#include "compiler/ir/ir.h"
#include "compiler/jit/jit.h"
#include "runtime/sinks.h"

namespace rl::driver {

using api::Backend;
using api::BackendCost;
using api::ChooseBackend;
using api::EstimateCost;

// Loads Files[0], picks the scenario, applies --set/--unit, lowers its variants (every
// combination of its static params' values with `all_values`, else their defaults) and
// runs the IR pipeline on each.
std::optional<check::Variants> CompileVariants(Session& s, Exit& exit, bool all_values);
// The one variant at the defaults.
std::optional<ir::Scenario> CompileScenario(Session& s, Exit& exit);

// False (after a message) when -O names no level.
bool CheckOptLevel();
// False (after a message) when --backend names no backend or -O no level.
bool CheckBackend();
// The backend --backend names; for `auto`, ChooseBackend's for `points` points of `sc` on
// `threads` worker threads (0: every core).
Backend PickBackend(const ir::Scenario& sc, uint64_t points, unsigned threads);
// The JIT evaluator for `sc` with `eval` only (a sweep's come from api::MakeVariantFillers);
// nullptr after a message (an environment error, exit 2).
std::unique_ptr<jit::Evaluator> CompileEvalJit(const ir::Scenario& sc);

std::vector<runtime::Column> Columns(const ir::Scenario& s, bool feasible_column);
std::optional<runtime::Format> PickFormat(runtime::Format fallback);

// A report of the point `params` is NaN or infinite: reports a diagnostic at the
// instruction that first produced a non-finite value from finite operands (found by
// interp::FindNonFinite), else at report `report`'s declaration.
void ReportNonFinite(Session& s, const ir::Scenario& sc, const double* params, size_t report, double value,
                     size_t variant = 0);

// Output goes to a temporary file renamed into place at the end, so a failed run never
// leaves a half-written file under the requested name. Where Linux allows, a stream's
// temporary is anonymous (O_TMPFILE) until Commit, so not even SIGKILL leaves one behind. The default target is `-o`
// (empty: stdout), checked against the spec files; a chart names its own target and
// inputs, and lets gnuplot write the temporary (Open(false), temp_path()).
class Output {
 public:
  Output();
  Output(std::string target, std::vector<std::string> inputs);
  ~Output();
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;
  // Refuses a target that is not a regular file or is an input; creates the temporary
  // (opened as stream() unless `for_stream` is false). False after a message.
  bool Open(bool for_stream = true);
  std::ostream& stream();
  // The temporary's name; empty while it is anonymous.
  const std::string& temp_path() const { return tmp_; }
  bool Commit();
  void Discard();

 private:
  std::string target_;
  std::vector<std::string> inputs_;
  std::string tmp_;
  std::ofstream file_;
  bool streamed_ = true;
  int anon_fd_ = -1;
  std::error_code NameAnonymous();
  void CloseAnonymous();
};

}  // namespace rl::driver

// Which `require` a point fails. `eval` names each one the point fails as a note at the
// require; `sweep` says on stderr how many points each require dropped. Both evaluate
// the requires-only scenario (passes::RequireOutcomes) with the run's backend, and only
// where a point is infeasible: the sweep hands it to the engine as
// runtime::SweepOptions::requires_filler, which runs it on the chunks that have an
// infeasible row, so the main loop nest is untouched. The JIT compiles it on first need.
#pragma once
#include <memory>
#include <optional>
#include <vector>

#include "compiler/driver/session.h"
#include "compiler/ir/ir.h"
#include "runtime/sweep.h"

namespace rl::driver {

class RequireOutcomes {
 public:
  // With `sweep_order` (the sweep's loop order), for Filler; without, for At.
  RequireOutcomes(const ir::Scenario& sc, bool jit, std::optional<std::vector<uint32_t>> sweep_order);
  ~RequireOutcomes();
  size_t size() const;
  // For runtime::SweepOptions::requires_filler; thread-safe.
  runtime::FillerFactory Filler() const;
  // Each require's outcome at an infeasible point (SI params): true where it holds.
  std::vector<bool> At(const double* params) const;

 private:
  struct State;
  std::shared_ptr<State> state_;
};

// eval: a note ([infeasible]) at each require of `sc` that `held` says fails.
void NoteFailedRequires(Session& s, const ir::Scenario& sc, const std::vector<bool>& held);

// sweep: `ringline: 12 of 96 points dropped: 12 by "activations fit" (spec.rl:14)` on
// stderr, when some were.
void PrintDropped(Session& s, const ir::Scenario& sc, const runtime::SweepResult& res);

}  // namespace rl::driver

// Which `require` a point fails. Eval names each one an infeasible point fails as a note
// at the require; Sweep counts the points each require dropped. Both evaluate the
// requires-only scenario (passes::RequireOutcomes) with the backend the scenario runs
// on, and only where a point is infeasible: a sweep hands it to the engine as
// runtime::SweepOptions::requires_filler, which runs it on the chunks that have an
// infeasible row, so the main loop nest is untouched. The JIT compiles it on first need.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/diag/diag.h"
#include "compiler/ir/ir.h"
#include "runtime/sweep.h"

namespace rl::api {

class RequireOutcomes {
 public:
  // With `sweep_order` (the sweep's loop order), for Filler; without, for At. On the JIT
  // at `opt_level` with `jit`.
  RequireOutcomes(const ir::Scenario& sc, bool jit, unsigned opt_level,
                  std::optional<std::vector<uint32_t>> sweep_order);
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

// `"activations fit"` for a require with a message, else its condition in backticks.
std::string RequireName(const ir::Require& r);

// A note ([infeasible]) at each require of `sc` that `held` says fails.
void NoteFailedRequires(diag::Engine& diags, const ir::Scenario& sc, const std::vector<bool>& held);

}  // namespace rl::api

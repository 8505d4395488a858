// Failed requires: their outcomes at infeasible points and the notes at them (requires.h).
#include "compiler/api/requires.h"

#include <fmt/format.h>

#include <algorithm>
#include <mutex>

#include "compiler/api/staged_interp.h"
#include "compiler/codegen/staging.h"
#include "compiler/interp/interp.h"
#include "compiler/jit/jit.h"
#include "compiler/passes/passes.h"

namespace rl::api {

struct RequireOutcomes::State {
  ir::Scenario sc;  // one Bool report per require
  bool jit;
  unsigned opt_level;
  std::optional<std::vector<uint32_t>> order;  // for a sweep
  std::once_flag once;
  std::unique_ptr<jit::Evaluator> compiled;  // null until first needed, or if the JIT failed

  // The JIT's module, compiled once by whichever thread first needs it.
  const jit::Evaluator* Compiled() {
    std::call_once(once, [&] {
      if (!jit) return;
      jit::Options o{opt_level, order.value_or(std::vector<uint32_t>{}), !order, order.has_value()};
      auto ev = jit::Compile(sc, o);
      if (ev) compiled = std::move(*ev);
      else llvm::consumeError(ev.takeError());  // the interpreter gives the same answer
    });
    return compiled.get();
  }
  // The interpreter's fillers, made once, in the loop order that costs the requires the
  // least (it fills the same boxes in any order): the sweep's order suits its reports.
  const runtime::FillerFactory& Interpreted() {
    std::call_once(once_interp, [&] {
      std::vector<uint64_t> sizes;
      for (const ir::Param& p : sc.params) sizes.push_back(std::max<size_t>(1, p.values.size()));
      interpreted = StagedInterpFillers(sc, codegen::ChooseOrder(sc, sizes), /*skip_infeasible=*/false);
    });
    return interpreted;
  }
  std::once_flag once_interp;
  runtime::FillerFactory interpreted;
};

RequireOutcomes::RequireOutcomes(const ir::Scenario& sc, bool jit, unsigned opt_level,
                                 std::optional<std::vector<uint32_t>> order)
    : state_(std::make_shared<State>()) {
  state_->sc = passes::RequireOutcomes(sc);
  state_->jit = jit;
  state_->opt_level = opt_level;
  state_->order = std::move(order);
}

RequireOutcomes::~RequireOutcomes() = default;

size_t RequireOutcomes::size() const { return state_->sc.reports.size(); }

runtime::FillerFactory RequireOutcomes::Filler() const {
  std::shared_ptr<State> st = state_;
  return [st]() -> std::unique_ptr<runtime::BoxFiller> {
    if (const jit::Evaluator* ev = st->Compiled(); ev && ev->sweep_fn()) return runtime::SweepFnFiller(ev->sweep_fn());
    // Every require's outcome is wanted: nothing is skipped.
    return st->Interpreted()();
  };
}

std::vector<bool> RequireOutcomes::At(const double* params) const {
  if (size() == 1) return {false};  // the point is infeasible: it fails the only one
  std::vector<double> out(size());
  if (const jit::Evaluator* ev = state_->Compiled(); ev && ev->eval_fn()) ev->Eval(params, out.data());
  else interp::Evaluator(state_->sc).Run(params, out.data());
  std::vector<bool> held;
  for (double v : out) held.push_back(v != 0);
  return held;
}

std::string RequireName(const ir::Require& r) {
  return r.written ? fmt::format("\"{}\"", r.message) : fmt::format("`{}`", r.message);
}

void NoteFailedRequires(diag::Engine& diags, const ir::Scenario& sc, const std::vector<bool>& held) {
  for (size_t q = 0; q < sc.requires_.size() && q < held.size(); ++q)
    if (!held[q])
      diags.Report(diag::Kind::infeasible, sc.requires_[q].range,
                   fmt::format("the point is infeasible: {} does not hold", RequireName(sc.requires_[q])));
}

}  // namespace rl::api

// Failed requires: their outcomes at infeasible points, the eval notes and the sweep's
// count of dropped points (see infeasible.h).
#include "compiler/driver/infeasible.h"

#include <fmt/format.h>

#include <mutex>

#include "compiler/driver/options.h"
#include "compiler/interp/interp.h"
#include "compiler/jit/jit.h"
#include "compiler/passes/passes.h"

namespace rl::driver {

struct RequireOutcomes::State {
  ir::Scenario sc;  // one Bool report per require
  bool jit;
  std::optional<std::vector<uint32_t>> order;  // for a sweep
  std::once_flag once;
  std::unique_ptr<jit::Evaluator> compiled;  // null until first needed, or if the JIT failed

  // The JIT's module, compiled once by whichever thread first needs it.
  const jit::Evaluator* Compiled() {
    std::call_once(once, [&] {
      if (!jit) return;
      jit::Options o{OptLevel, order.value_or(std::vector<uint32_t>{}), !order, order.has_value()};
      auto ev = jit::Compile(sc, o);
      if (ev) compiled = std::move(*ev);
      else llvm::consumeError(ev.takeError());  // the interpreter gives the same answer
    });
    return compiled.get();
  }
};

RequireOutcomes::RequireOutcomes(const ir::Scenario& sc, bool jit, std::optional<std::vector<uint32_t>> order)
    : state_(std::make_shared<State>()) {
  state_->sc = passes::RequireOutcomes(sc);
  state_->jit = jit;
  state_->order = std::move(order);
}

RequireOutcomes::~RequireOutcomes() = default;

size_t RequireOutcomes::size() const { return state_->sc.reports.size(); }

runtime::FillerFactory RequireOutcomes::Filler() const {
  std::shared_ptr<State> st = state_;
  return [st]() -> std::unique_ptr<runtime::BoxFiller> {
    if (const jit::Evaluator* ev = st->Compiled(); ev && ev->sweep_fn()) return runtime::SweepFnFiller(ev->sweep_fn());
    auto interp = std::make_shared<interp::Evaluator>(st->sc);
    return runtime::PointFiller([interp](const double* p, double* r) { return interp->Run(p, r); },
                                st->sc.params.size(), st->sc.reports.size());
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

namespace {

// `"activations fit"` for a require with a message, else its condition in backticks.
std::string Named(const ir::Require& r) {
  return r.written ? fmt::format("\"{}\"", r.message) : fmt::format("`{}`", r.message);
}

}  // namespace

void NoteFailedRequires(Session& s, const ir::Scenario& sc, const std::vector<bool>& held) {
  for (size_t q = 0; q < sc.requires_.size() && q < held.size(); ++q)
    if (!held[q])
      s.diags.Report(diag::Kind::infeasible, sc.requires_[q].range,
                     fmt::format("the point is infeasible: {} does not hold", Named(sc.requires_[q])));
  s.diags.Flush();
}

void PrintDropped(Session& s, const ir::Scenario& sc, const runtime::SweepResult& res) {
  if (res.infeasible == 0) return;
  std::string by;
  for (size_t q = 0; q < sc.requires_.size() && q < res.failed.size(); ++q) {
    if (res.failed[q] == 0) continue;
    const ir::Require& r = sc.requires_[q];
    std::string where;
    if (r.range.Valid())
      where = fmt::format(" ({}:{})", s.sm.getMemoryBuffer(r.range.buffer)->getBufferIdentifier().str(),
                          s.sm.FindLineNumber(s.diags.Loc(r.range), r.range.buffer));
    by += fmt::format("{}{} by {}{}", by.empty() ? ": " : ", ", res.failed[q], Named(r), where);
  }
  llvm::errs() << fmt::format("ringline: {} of {} points dropped{}\n", res.infeasible, res.points, by);
}

}  // namespace rl::driver

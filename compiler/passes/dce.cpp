// Dead-code elimination: keeps what a report or require needs (and every param
// instruction, so the evaluator's param layout never changes). Also the requires-only
// scenario built with it.
#include "compiler/passes/passes.h"

namespace rl::passes {

bool DCE(ir::Scenario& s) {
  std::vector<bool> live(s.insts.size(), false);
  for (const ir::Report& r : s.reports) live[r.value.index] = true;
  for (const ir::Require& r : s.requires_) live[r.cond.index] = true;
  for (size_t i = s.insts.size(); i-- > 0;) {
    const ir::Inst& in = s.insts[i];
    if (in.op == ir::Op::Param) live[i] = true;
    if (!live[i]) continue;
    ir::ForEachOperand(in, [&](ir::ValueId v) { live[v.index] = true; });
  }
  bool changed = false;
  for (bool l : live) changed |= !l;
  std::vector<uint32_t> replace(s.insts.size());
  for (uint32_t i = 0; i < s.insts.size(); ++i) replace[i] = i;
  if (changed) Rebuild(s, live, replace);
  return changed;
}

ir::Scenario RequireOutcomes(const ir::Scenario& s) {
  ir::Scenario out;
  out.name = s.name;
  out.params = s.params;
  out.insts = s.insts;
  out.kernels = s.kernels;
  for (size_t q = 0; q < s.requires_.size(); ++q) {
    const ir::Require& r = s.requires_[q];
    ir::Display d;
    d.kind = ir::Display::Kind::Bool;
    out.reports.push_back({"require" + std::to_string(q), r.cond, d, r.range});
  }
  DCE(out);
  return out;
}

}  // namespace rl::passes

// The optimisation pipeline, listed in order. `--print-after-all` and
// `--print-after=NAME` print the scenario's IR after each (or the named) pass.
#include "base/check.h"
#include "compiler/passes/passes.h"

namespace rl::passes {

const std::vector<Pass>& Pipeline() {
  static const std::vector<Pass> kPasses = {
      {"const-fold", ConstFold},
      {"cse", CSE},
      {"dce", DCE},
  };
  return kPasses;
}

void RunPipeline(ir::Scenario& s, const PipelineOptions& opts) {
  for (const Pass& p : Pipeline()) {
    p.run(s);
    std::string problem = ir::Verify(s);
    RL_CHECK(problem.empty(), problem.c_str());
    if (opts.out && (opts.print_after_all || opts.print_after == p.name))
      *opts.out << "// -----// IR after " << p.name << " //----- //\n" << ir::Print(s);
  }
}

void Rebuild(ir::Scenario& s, const std::vector<bool>& keep, std::vector<uint32_t>& replace) {
  std::vector<uint32_t> new_id(s.insts.size(), UINT32_MAX);
  std::vector<ir::Inst> out;
  out.reserve(s.insts.size());
  auto map = [&](ir::ValueId v) -> ir::ValueId {
    if (!v.Valid()) return v;
    uint32_t id = v.index;
    while (replace[id] != id) id = replace[id];
    RL_CHECK(new_id[id] != UINT32_MAX, "operand removed while still used");
    return {new_id[id]};
  };
  for (size_t i = 0; i < s.insts.size(); ++i) {
    if (!keep[i] || replace[i] != i) continue;
    ir::Inst in = s.insts[i];
    in.a = map(in.a);
    in.b = map(in.b);
    in.c = map(in.c);
    for (ir::ValueId& v : in.args) v = map(v);
    new_id[i] = static_cast<uint32_t>(out.size());
    out.push_back(in);
  }
  for (ir::Report& r : s.reports) r.value = map(r.value);
  for (ir::Require& r : s.requires_) r.cond = map(r.cond);
  s.insts = std::move(out);
}

}  // namespace rl::passes

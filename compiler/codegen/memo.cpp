// The memo table of a streamed sweep (see memo.h): which loop levels it holds, and the
// scenario that fills it.
#include "compiler/codegen/memo.h"

#include <fmt/format.h>
#include <llvm/ADT/SmallBitVector.h>

#include <algorithm>

#include "compiler/codegen/staging.h"

namespace rl::codegen {

Memo PlanMemo(const ir::Scenario& s, const std::vector<uint32_t>& order, const std::vector<uint64_t>& sizes,
              const std::vector<bool>& whole, uint64_t chunks) {
  Memo best;
  if (chunks < 2 || order.empty()) return best;
  const size_t n = s.insts.size(), np = s.params.size();
  const std::vector<int> level = Stage(s, order, sizes).level;
  const std::vector<llvm::SmallBitVector> deps = ParamDeps(s);
  // The deepest level that reads each value; the outputs are read by the innermost.
  std::vector<int> deepest(n, -1);
  for (size_t i = 0; i < n; ++i)
    ir::ForEachOperand(s.insts[i], [&](ir::ValueId v) { deepest[v.index] = std::max(deepest[v.index], level[i]); });
  for (const ir::Report& r : s.reports) deepest[r.value.index] = static_cast<int>(np);
  for (const ir::Require& q : s.requires_) deepest[q.cond.index] = static_cast<int>(np);
  // points[j]: how many times a chunk runs the body of loop j - 1 (every memoised param
  // is whole in the chunk, so its full size).
  std::vector<double> points(order.size() + 1, 1);
  for (size_t d = 0; d < order.size(); ++d) points[d + 1] = points[d] * static_cast<double>(sizes[order[d]]);

  double best_saving = 0;
  for (size_t d = 1; d <= order.size() && whole[order[d - 1]]; ++d) {
    double work = 0, loads = 0;
    size_t columns = 0;
    llvm::SmallBitVector strided(static_cast<unsigned>(np));
    for (size_t i = 0; i < n; ++i) {
      if (level[i] < 0 || level[i] >= static_cast<int>(d) || s.insts[i].op == ir::Op::Param) continue;
      const double runs = points[static_cast<size_t>(level[i] + 1)];
      work += InstCost(s.insts[i].op) * runs;
      strided |= deps[i];
      if (deepest[i] >= static_cast<int>(d)) {
        ++columns;
        loads += runs;
      }
    }
    uint64_t rows = 1;
    for (unsigned p : strided.set_bits()) rows *= sizes[p];
    if (columns == 0 || rows * columns > kMaxMemoBytes / sizeof(double)) continue;
    // A load is about an instruction's cost; below twice that, what a load replaces is
    // too cheap for the estimate to be sure the table pays.
    const double saving = static_cast<double>(chunks) * (work - loads) - work;
    if (work < 2 * loads || saving <= best_saving) continue;
    best_saving = saving;
    best.depth = d;
    best.rows = static_cast<int64_t>(rows);
    best.work_per_chunk = work;
    best.loads_per_chunk = loads;
    best.stride.assign(np, 0);
    int64_t stride = 1;
    for (size_t k = d; k-- > 0;)
      if (strided.test(order[k])) {
        best.stride[order[k]] = stride;
        stride *= static_cast<int64_t>(sizes[order[k]]);
      }
  }
  if (!best.Active()) return best;
  for (uint32_t i = 0; i < n; ++i)
    if (level[i] >= 0 && level[i] < static_cast<int>(best.depth) && s.insts[i].op != ir::Op::Param &&
        deepest[i] >= static_cast<int>(best.depth))
      best.values.push_back(i);
  return best;
}

ir::Scenario MemoFillScenario(const ir::Scenario& s, const Memo& m) {
  ir::Scenario out;
  out.name = s.name + ".memo";
  out.params = s.params;
  out.insts = s.insts;
  out.kernels = s.kernels;
  for (size_t k = 0; k < m.values.size(); ++k)
    out.reports.push_back(ir::Report{fmt::format("memo{}", k), ir::ValueId{m.values[k]}, {}, {}});
  return out;
}

std::string PrintMemo(const ir::Scenario& s, const std::vector<uint32_t>& order, const Memo& m, uint64_t chunks) {
  std::string out = fmt::format("  streamed rows: {} chunk{} in declaration order", chunks, chunks == 1 ? "" : "s");
  if (!m.Active()) return out + ", no memo\n";
  std::string loops;
  for (size_t d = 0; d < m.depth; ++d) loops += (d ? ", " : "") + s.params[order[d]].name;
  return out + fmt::format(", memo of loop{} {}: computed once into {} rows x {} value{} instead of in every chunk "
                           "(cost {:.4g} a chunk, against {:.4g} loads)\n",
                           m.depth == 1 ? "" : "s", loops, m.rows, m.values.size(), m.values.size() == 1 ? "" : "s",
                           m.work_per_chunk, m.loads_per_chunk);
}

}  // namespace rl::codegen

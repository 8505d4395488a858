// Segment planning (see segments.h): which function computes each value, and which
// values need a slot in the spill area. Linear in the scenario's size.
#include "compiler/codegen/segments.h"

#include <algorithm>

#include "base/check.h"
#include "compiler/codegen/staging.h"

namespace rl::codegen {

namespace {
constexpr size_t kMaxUncut = 4;  // the largest level left in one piece, in segments
}  // namespace

size_t EmittedSize(const ir::Inst& in) {
  switch (in.op) {
    case ir::Op::Const:
    case ir::Op::Param: return 0;
    case ir::Op::Min:
    case ir::Op::Max: return 5;  // two compares, two selects and a freeze (codegen.cpp)
    case ir::Op::Kernel:
    case ir::Op::KernelJvp: return 2 + in.args.size();  // a store per feature, the call
    // One instruction or call each (codegen.cpp).
    case ir::Op::Add: case ir::Op::Sub: case ir::Op::Mul: case ir::Op::Div: case ir::Op::Mod: case ir::Op::Pow:
    case ir::Op::Neg: case ir::Op::Abs: case ir::Op::Sqrt: case ir::Op::Exp: case ir::Op::Log: case ir::Op::Log2:
    case ir::Op::Ceil: case ir::Op::Floor: case ir::Op::Lt: case ir::Op::Le: case ir::Op::Gt: case ir::Op::Ge:
    case ir::Op::Eq: case ir::Op::Ne: case ir::Op::And: case ir::Op::Or: case ir::Op::Not: case ir::Op::Select:
    case ir::Op::Uniform: case ir::Op::Probit: return 1;
  }
  return 1;
}

namespace {

// Cuts each oversized level into segments, in value order.
void PlaceValues(const ir::Scenario& s, const std::vector<int>& level, const std::vector<bool>& pinned,
                 const std::vector<uint32_t>& external_uses, size_t max_size, SegmentPlan& plan) {
  const size_t n = s.insts.size();
  auto movable = [&](uint32_t v) { return !pinned[v] && s.insts[v].op != ir::Op::Const; };
  // Loads and stores of the spill area weigh more: LLVM's schedulers compare the memory
  // accesses of a block pairwise. A value used at another level or as an output will be
  // stored; an operand from another function is loaded once per segment.
  std::vector<bool> escapes(n, false);
  for (uint32_t w = 0; w < n; ++w)
    ir::ForEachOperand(s.insts[w], [&](ir::ValueId v) {
      if (level[v.index] != level[w]) escapes[v.index] = true;
    });
  for (const ir::Report& r : s.reports) escapes[r.value.index] = true;
  for (const ir::Require& q : s.requires_) escapes[q.cond.index] = true;
  for (uint32_t v : external_uses) escapes[v] = true;
  // A level is cut only beyond kMaxUncut segments' worth, so scenarios of up to a
  // thousand values or so (the benchmarks) keep one function per entry point.
  const size_t levels = plan.level_segments.size();
  std::vector<size_t> level_size(levels, 0);
  for (uint32_t v = 0; v < n; ++v)
    if (movable(v))
      level_size[static_cast<size_t>(level[v] + 1)] += EmittedSize(s.insts[v]) + (escapes[v] ? kMemoryWeight : 0);
  std::vector<int32_t> loaded_in(n, -1);  // the last segment that loads the value
  auto loads = [&](uint32_t v, int32_t seg) {
    size_t count = 0;
    ir::ForEachOperand(s.insts[v], [&](ir::ValueId w) {
      count += s.insts[w.index].op != ir::Op::Const && plan.home[w.index] != seg && loaded_in[w.index] != seg;
    });
    return count;
  };
  std::vector<int32_t> open(levels, -1);  // per level: the segment being filled
  std::vector<size_t> open_size(levels, 0);
  for (uint32_t v = 0; v < n; ++v) {
    const size_t l = static_cast<size_t>(level[v] + 1);
    if (!movable(v) || level_size[l] <= kMaxUncut * max_size) continue;
    const size_t own = EmittedSize(s.insts[v]) + (escapes[v] ? kMemoryWeight : 0);
    size_t size = own + kMemoryWeight * loads(v, open[l]);
    if (open[l] < 0 || open_size[l] + size > max_size) {
      open[l] = static_cast<int32_t>(plan.segments.size());
      open_size[l] = 0;
      plan.segments.push_back({level[v], {}});
      plan.level_segments[l].push_back(static_cast<uint32_t>(open[l]));
      size = own + kMemoryWeight * loads(v, open[l]);
    }
    const int32_t seg = open[l];
    ir::ForEachOperand(s.insts[v], [&](ir::ValueId w) {
      if (plan.home[w.index] != seg) loaded_in[w.index] = seg;
    });
    plan.segments[static_cast<size_t>(seg)].values.push_back(v);
    plan.home[v] = seg;
    open_size[l] += size;
  }
}

// With more than kMaxInlineOutputs reports and requires: runs of them per output
// segment. Returns the function (unit) that reads each report and each require: an
// output segment's index follows the segments'.
void PlaceOutputs(const ir::Scenario& s, size_t max_size, SegmentPlan& plan, std::vector<int32_t>& report_unit,
                  std::vector<int32_t>& require_unit) {
  const uint32_t nr = static_cast<uint32_t>(s.reports.size()), nq = static_cast<uint32_t>(s.requires_.size());
  report_unit.assign(nr, SegmentPlan::kInline);
  require_unit.assign(nq, SegmentPlan::kInline);
  if (nr + nq <= kMaxInlineOutputs) return;
  const int32_t first = static_cast<int32_t>(plan.segments.size());
  // Report stores at unknown distances from one another (`count` apart) are what LLVM's
  // store and scheduling analyses compare pairwise: few to a function.
  const size_t capacity = std::max<size_t>(1, std::min(kMaxInlineOutputs, max_size / 3));
  uint32_t next_r = 0, next_q = 0;
  size_t size = 0;
  auto place = [&] {
    if (plan.outputs.empty() || size == capacity) {
      plan.outputs.push_back({next_r, next_r, next_q, next_q});
      size = 0;
    }
    ++size;
    return first + static_cast<int32_t>(plan.outputs.size() - 1);
  };
  for (; next_r < nr; ++next_r) {
    report_unit[next_r] = place();
    plan.outputs.back().report_end = next_r + 1;
  }
  for (; next_q < nq; ++next_q) {
    require_unit[next_q] = place();
    plan.outputs.back().require_end = next_q + 1;
  }
}

// The spill-area loads of the segments and output segments: each value read from
// another function, once per function.
size_t CountLoads(const ir::Scenario& s, const SegmentPlan& plan, const std::vector<int32_t>& report_unit,
                  const std::vector<int32_t>& require_unit) {
  std::vector<int32_t> loaded_in(s.insts.size(), SegmentPlan::kInline);
  size_t loads = 0;
  auto load = [&](ir::ValueId v, int32_t unit) {
    if (unit == SegmentPlan::kInline || s.insts[v.index].op == ir::Op::Const || plan.home[v.index] == unit ||
        loaded_in[v.index] == unit)
      return;
    loaded_in[v.index] = unit;
    ++loads;
  };
  for (size_t k = 0; k < plan.segments.size(); ++k)
    for (uint32_t v : plan.segments[k].values)
      ir::ForEachOperand(s.insts[v], [&](ir::ValueId w) { load(w, static_cast<int32_t>(k)); });
  for (size_t r = 0; r < report_unit.size(); ++r) load(s.reports[r].value, report_unit[r]);
  for (size_t q = 0; q < require_unit.size(); ++q) load(s.requires_[q].cond, require_unit[q]);
  return loads;
}

}  // namespace

SegmentPlan PlanSegments(const ir::Scenario& s, const std::vector<int>& level, size_t num_levels,
                         const std::vector<bool>& pinned, const std::vector<uint32_t>& external_uses,
                         size_t max_size) {
  const size_t n = s.insts.size();
  RL_CHECK(level.size() == n && pinned.size() == n, "one level and one pin per value");
  SegmentPlan plan;
  plan.home.assign(n, SegmentPlan::kInline);
  plan.slot.assign(n, -1);
  plan.level_segments.resize(num_levels + 1);
  plan.reloads.resize(num_levels + 1);
  PlaceValues(s, level, pinned, external_uses, max_size, plan);
  std::vector<int32_t> report_unit, require_unit;
  PlaceOutputs(s, max_size, plan, report_unit, require_unit);

  // A value read by a function other than the one computing it needs a slot; one the
  // caller reads after a segment computed it is reloaded after its level's calls.
  std::vector<bool> needs_slot(n, false), reload(n, false);
  constexpr int32_t kExternal = INT32_MIN;
  auto use = [&](ir::ValueId v, int32_t unit) {
    if (s.insts[v.index].op == ir::Op::Const || plan.home[v.index] == unit) return;
    needs_slot[v.index] = true;
    if (unit == SegmentPlan::kInline) reload[v.index] = true;
  };
  for (uint32_t w = 0; w < n; ++w)
    if (!pinned[w]) ir::ForEachOperand(s.insts[w], [&](ir::ValueId v) { use(v, plan.home[w]); });
  for (uint32_t v : external_uses) use({v}, kExternal);
  for (size_t r = 0; r < report_unit.size(); ++r) use(s.reports[r].value, report_unit[r]);
  for (size_t q = 0; q < require_unit.size(); ++q) use(s.requires_[q].cond, require_unit[q]);
  for (uint32_t v = 0; v < n; ++v) {
    if (needs_slot[v]) plan.slot[v] = static_cast<int32_t>(plan.num_slots++);
    if (reload[v]) plan.reloads[static_cast<size_t>(level[v] + 1)].push_back(v);
  }
  plan.memory_ops = plan.num_slots + CountLoads(s, plan, report_unit, require_unit);
  for (const std::vector<uint32_t>& r : plan.reloads) plan.memory_ops += r.size();
  return plan;
}

CodeSize MeasureCode(const ir::Scenario& s, const std::vector<uint32_t>& order) {
  std::vector<uint64_t> sizes(s.params.size(), 1);  // only the order matters for the levels
  std::vector<int> level = Stage(s, order, sizes).level;
  std::vector<bool> pinned(s.insts.size());
  for (size_t i = 0; i < s.insts.size(); ++i) pinned[i] = s.insts[i].op == ir::Op::Param;
  SegmentPlan plan = PlanSegments(s, level, order.size(), pinned, {}, kDefaultSegmentSize);
  CodeSize c;
  c.in_segments = kMemoryWeight * plan.memory_ops;
  (plan.outputs.empty() ? c.in_levels : c.in_segments) += 3 * s.reports.size() + s.requires_.size();
  for (uint32_t i = 0; i < s.insts.size(); ++i) (plan.Inline(i) ? c.in_levels : c.in_segments) += EmittedSize(s.insts[i]);
  for (const std::vector<uint32_t>& segs : plan.level_segments) c.level_segmented.push_back(!segs.empty());
  // The innermost loop's versions, as many as the budget allows (an upper bound).
  if (!order.empty() && !c.level_segmented.back() && plan.outputs.empty()) {
    size_t innermost = 3 * s.reports.size() + s.requires_.size();
    for (uint32_t i = 0; i < s.insts.size(); ++i)
      if (level[i] + 1 == static_cast<int>(order.size())) innermost += EmittedSize(s.insts[i]);
    size_t copies = 1;
    while (copies < 8 && 2 * copies * innermost <= kVersionBudget * kDefaultSegmentSize) copies *= 2;
    c.in_levels += (copies - 1) * innermost;
  }
  return c;
}

}  // namespace rl::codegen

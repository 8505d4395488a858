// The backend choice (see backend.h): a linear cost model of each backend, calibrated on
// a 2-core AMD EPYC (Zen 4) with ringline-compile-bench and `ringline sweep`
// (docs/performance.md, "Choosing a backend").
#include "compiler/api/backend.h"

#include <algorithm>

#include "compiler/codegen/segments.h"
#include "compiler/codegen/staging.h"
#include "runtime/sweep.h"

namespace rl::api {
namespace {

// JIT compile, an upper bound: starting LLVM and the JIT, then per unit of
// codegen::MeasureCode (about one LLVM instruction), in a level's own function (where
// LLVM vectorises and versions loops) or in a segment (straight-line code).
constexpr double kJitStartS = 0.05;
constexpr double kJitPerLevelUnitS = 250e-6;
constexpr double kJitPerSegmentUnitS = 30e-6;
// The interpreter per point, a lower bound: per instruction, plus per staging cost unit
// (codegen::InstCost: a libm call is 20, a division 4), and per multiply-add of a
// kernel-model prediction (the shipped bundles' 10 networks: about 20,000, 14-20 us).
constexpr double kInterpPerInstNs = 1.0;
constexpr double kInterpPerCostNs = 0.5;
constexpr double kInterpPerMacNs = 0.5;
// Compiled code per point, an upper bound: per staged cost unit in a level's function
// (vectorised in the innermost loop) or in a segment (scalar, with spill traffic), per
// report stored (by an output segment: a load and a store at a distant address), and per
// multiply-add of a kernel-model prediction, which costs about what it costs in either
// backend.
constexpr double kJitPerLevelCostNs = 0.25;
constexpr double kJitPerSegmentCostNs = 1.0;
constexpr double kJitPerReportNs = 1.0;
constexpr double kJitPerSegmentReportNs = 10.0;
constexpr double kJitPerMacNs = 1.0;
constexpr double kPredictionOverheadNs = 300;  // both backends: the call, the input transform

// Multiply-adds of one prediction of a kernel instruction's model: its networks' layers
// and the skip path.
double PredictionMacs(const ir::Scenario& sc, const ir::Inst& in) { return sc.KernelOf(in).PredictionMacs(); }

}  // namespace

BackendCost EstimateCost(const ir::Scenario& sc, uint64_t points, unsigned threads) {
  // The engine hands out chunks of a few thousand points: a small sweep keeps fewer
  // threads busy.
  const uint64_t chunk = runtime::SweepOptions{}.chunk_points;
  const uint64_t chunks = std::max<uint64_t>(1, points / chunk + (points % chunk != 0));
  const double workers = static_cast<double>(std::max<uint64_t>(1, std::min<uint64_t>(threads, chunks)));

  // Staged as the sweep would be: a value computed in loop d runs once per iteration of
  // the loops enclosing it, a fraction `runs` of the points.
  std::vector<uint64_t> sizes;
  for (const ir::Param& p : sc.params) sizes.push_back(std::max<size_t>(1, p.values.size()));
  codegen::Staging st = codegen::Stage(sc, codegen::ChooseOrder(sc, sizes), sizes);
  codegen::CodeSize code = codegen::MeasureCode(sc, st.order);
  std::vector<double> runs(st.order.size() + 1, 1);  // [level + 1]
  for (size_t d = st.order.size(); d-- > 0;) runs[d] = runs[d + 1] / static_cast<double>(sizes[st.order[d]]);
  const bool outputs_segmented = sc.reports.size() + sc.requires_.size() > codegen::kMaxInlineOutputs;
  double interp_ns = 0;
  double jit_ns =
      static_cast<double>(sc.reports.size()) * (outputs_segmented ? kJitPerSegmentReportNs : kJitPerReportNs);
  for (size_t i = 0; i < sc.insts.size(); ++i) {
    const ir::Op op = sc.insts[i].op;
    const double cost = codegen::InstCost(op);
    const size_t l = static_cast<size_t>(st.level[i] + 1);
    if (ir::Scenario::IsKernel(op)) {
      const double macs = PredictionMacs(sc, sc.insts[i]);
      interp_ns += kInterpPerInstNs + kPredictionOverheadNs + kInterpPerMacNs * macs;
      jit_ns += runs[l] * (kPredictionOverheadNs + kJitPerMacNs * macs);
      continue;
    }
    interp_ns += kInterpPerInstNs + kInterpPerCostNs * cost;
    jit_ns += runs[l] * (code.level_segmented[l] ? kJitPerSegmentCostNs : kJitPerLevelCostNs) * cost;
  }

  BackendCost c;
  const double n = static_cast<double>(points);
  c.interp_s = n * interp_ns * 1e-9 / workers;
  c.jit_run_s = n * jit_ns * 1e-9 / workers;
  c.jit_compile_s = kJitStartS + kJitPerLevelUnitS * static_cast<double>(code.in_levels) +
                    kJitPerSegmentUnitS * static_cast<double>(code.in_segments);
  return c;
}

Backend ChooseBackend(const ir::Scenario& sc, uint64_t points, unsigned threads) {
  BackendCost c = EstimateCost(sc, points, threads);
  return c.jit_s() < c.interp_s ? Backend::Jit : Backend::Interp;
}

}  // namespace rl::api

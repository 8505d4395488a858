// ringline-kernel-bench: how fast kernel-time models run (docs/performance.md).
//  - predictions/s of one model (conv2d_fwd of the shipped CPU bundle): Model::Predict
//    one call at a time, and PredictBatch over 16, 256 and 4096 rows;
//  - scenarios/s of resnet50_cpu.rl (ResNet-50 data-parallel on CPU nodes, every kernel an
//    MLP prediction depending on the batch; 65,536 scenarios) for the staged JIT (which
//    predicts each box's batch values with one batched call), the interpreter (one
//    prediction per kernel per scenario, on a subset) and the hand-written C++ reference
//    (kernel_reference.cpp), side by side in one run, plus the largest relative
//    difference between them.
// The output is one JSON object. Each figure: the median of the repetitions, by CPU time
// on one thread.
//   ringline-kernel-bench [--smoke] [--bundle FILE]
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iostream>
#include <map>
#include <sstream>

#include "compiler/check/check.h"
#include "compiler/codegen/staging.h"
#include "compiler/interp/interp.h"
#include "compiler/jit/jit.h"
#include "compiler/passes/passes.h"
#include "runtime/consumers.h"
#include "runtime/kernels/kernels.h"
#include "runtime/sweep.h"
#include "test/bench/shared.h"
#include "test/bench/kernel_reference.h"

namespace rl::bench {
namespace {

struct State {
  kernels::Bundle bundle;
  const kernels::Model* conv = nullptr;
  ir::Scenario sc;
  std::vector<uint32_t> order;
  std::unique_ptr<jit::Evaluator> jit;
  std::vector<std::vector<double>> full, subset;
};
State* g = nullptr;
std::map<std::string, double> g_items;  // benchmark -> items per iteration

// ResNet-50's 3x3 conv of stage 2 (128 channels, 28x28) at batch 32, fp32.
const double kConvFeats[] = {32, 128, 28, 28, 128, 3, 3, 1, 1, 1, 1, 1, 4};

void BM_Predict(benchmark::State& st) {
  double f[13];
  std::copy(std::begin(kConvFeats), std::end(kConvFeats), f);
  double acc = 0;
  for (auto _ : st) {
    f[0] = 1 + static_cast<double>(static_cast<int64_t>(acc * 1e9) % 64);  // defeat hoisting
    acc += g->conv->Predict(f);
  }
  benchmark::DoNotOptimize(acc);
}

void BM_PredictBatch(benchmark::State& st, int64_t rows) {
  std::vector<double> feats(static_cast<size_t>(rows) * 13), out(static_cast<size_t>(rows));
  for (int64_t r = 0; r < rows; ++r) {
    std::copy(std::begin(kConvFeats), std::end(kConvFeats), feats.begin() + r * 13);
    feats[static_cast<size_t>(r) * 13] = static_cast<double>(1 + r % 256);
  }
  for (auto _ : st) {
    g->conv->PredictBatch(feats.data(), rows, out.data());
    benchmark::DoNotOptimize(out.data());
  }
}

enum class Kind { Jit, Interp, Cpp };
const char* Name(Kind k) { return k == Kind::Jit ? "jit" : k == Kind::Interp ? "interp" : "cpp_reference"; }

runtime::FillerFactory Filler(Kind k) {
  const size_t np = g->sc.params.size(), nr = g->sc.reports.size();
  switch (k) {
    case Kind::Jit: {
      rl_sweep_fn fn = g->jit->sweep_fn();
      return [fn] { return runtime::SweepFnFiller(fn); };
    }
    case Kind::Interp:
      return [np, nr] {
        auto ev = std::make_shared<interp::Evaluator>(g->sc);
        return runtime::PointFiller([ev](const double* p, double* r) { return ev->Run(p, r); }, np, nr);
      };
    case Kind::Cpp: return [] { return runtime::SweepFnFiller(&KernelReferenceSweep); };
  }
  return nullptr;
}
const std::vector<std::vector<double>>& Axes(Kind k) { return k == Kind::Interp ? g->subset : g->full; }

std::string SweepBest(Kind k) {
  return bench::SweepBest(runtime::Space(Axes(k), g->order, g->sc.reports.size()), Filler(k), g->sc.params.size(),
                          runtime::Objective{1, true}, 1);
}

void BM_Sweep(benchmark::State& st, Kind k) {
  for (auto _ : st) benchmark::DoNotOptimize(SweepBest(k));
}

double MaxRelDiff(Kind k) {
  return bench::MaxRelDiff(runtime::Space(Axes(k), g->order, g->sc.reports.size()), Filler(Kind::Jit), Filler(k));
}

class Collector : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs)
      if (!r.error_occurred && r.cpu_accumulated_time > 0 && r.run_type == Run::RT_Iteration)
        rates_[r.run_name.str()].push_back(g_items[r.run_name.function_name] * static_cast<double>(r.iterations) /
                                           r.cpu_accumulated_time);
  }
  double Rate(const std::string& name) {
    for (auto& [n, v] : rates_)
      if (n.rfind(name, 0) == 0 && !v.empty()) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
      }
    return 0;
  }

 private:
  std::map<std::string, std::vector<double>> rates_;
};

// ResNet-50's kernels and the device, as data for the C++ reference.
bool LoadReference(check::Compilation& comp) {
  std::optional<check::Exported> net = comp.ExportGlobal("__net"), dev = comp.ExportGlobal("__dev"),
                                 link = comp.ExportGlobal("__link");
  if (!net || !dev || !link) return false;
  auto num = [](const check::Exported& e, const char* f) { return e.Field(f) ? e.Field(f)->number : 0.0; };
  RefWorkload w;
  w.peak = num(*dev, "peak");
  w.membw = num(*dev, "membw");
  w.lat = num(*link, "lat");
  w.bw = num(*link, "bw");
  double params = 0;
  for (const check::Exported& l : net->Field("layers")->items) {
    RefLayer rl{{}, num(l, "fwd"), num(l, "bwd_data") + num(l, "bwd_weight"), num(l, "reads"), num(l, "writes"),
                num(l, "params")};
    params += rl.params;
    for (const check::Exported& k : l.Field("kernels")->items) {
      std::string pass = k.Field("pass")->str, kind = k.Field("kind")->str;
      if (pass == "bwd_data" && num(l, "bwd_data") == 0) continue;
      RefKernel rk{pass == "fwd", kind.empty() ? nullptr : g->bundle.Find(kind), num(k, "rows"), {},
                   num(k, "flops"), num(k, "elems"), num(k, "fixed")};
      for (const check::Exported& f : k.Field("feats")->items) rk.feats.push_back(f.number);
      rl.kernels.push_back(std::move(rk));
    }
    w.layers.push_back(std::move(rl));
  }
  w.grad_bytes = params * 4;
  SetReference(std::move(w));
  return true;
}

int Main(int argc, char** argv) {
  std::string bundle_path = RL_STDLIB_DIR "/kernels/cpu.rlk";
  bool smoke = false;
  std::vector<char*> rest{argv[0]};
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--smoke")) smoke = true;
    else if (!std::strcmp(argv[i], "--bundle") && i + 1 < argc) bundle_path = argv[++i];
    else rest.push_back(argv[i]);
  }
  int rest_argc = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_argc, rest.data());

  State s;
  g = &s;
  llvm::Expected<kernels::Bundle> b = kernels::ReadBundle(bundle_path);
  if (!b) {
    std::cerr << "ringline-kernel-bench: " << llvm::toString(b.takeError()) << "\n";
    return 1;
  }
  s.bundle = std::move(*b);
  s.conv = s.bundle.Find("conv2d_fwd");
  if (!s.conv) {
    std::cerr << "ringline-kernel-bench: the bundle has no conv2d_fwd model\n";
    return 1;
  }

  llvm::SourceMgr sm;
  diag::Engine diags(sm, llvm::errs());
  check::Compilation comp(diags, check::Options{RL_STDLIB_DIR});
  if (!comp.Load(RL_KERNEL_BENCH_SPEC) || comp.ScenarioNames().size() != 1) return 1;
  std::optional<ir::Scenario> sc = comp.Lower(comp.ScenarioNames()[0]);
  if (!sc) return 1;
  passes::RunPipeline(*sc);
  s.sc = std::move(*sc);
  std::vector<uint64_t> sizes;
  for (const ir::Param& p : s.sc.params) sizes.push_back(p.values.size());
  s.order = codegen::ChooseOrder(s.sc, sizes);
  auto ev = jit::Compile(s.sc, jit::Options{2, s.order, false, true});
  if (!ev) {
    std::cerr << llvm::toString(ev.takeError()) << "\n";
    return 1;
  }
  s.jit = std::move(*ev);
  for (const ir::Param& p : s.sc.params) s.full.push_back(p.values);
  if (smoke) s.full = {{1, 7, 32}, {1, 2, 3, 64}};
  s.subset = s.full;
  s.subset[0] = smoke ? std::vector<double>{7} : std::vector<double>{1, 64, 256};  // interp: a few batches

  // The reference's data: the network, device and link of the spec, exported.
  llvm::SourceMgr sm2;
  diag::Engine diags2(sm2, llvm::errs());
  check::Compilation data(diags2, check::Options{RL_STDLIB_DIR});
  unsigned data_buffer = sm2.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(
                             "import stdlib.hardware\nimport stdlib.models.resnet\n"
                             "let __net = resnet50\nlet __dev = epyc_cpu\nlet __link = gbe25\n",
                             "<reference data>"),
                         llvm::SMLoc());
  if (!data.LoadBuffer(data_buffer) || !LoadReference(data)) {
    std::cerr << "ringline-kernel-bench: cannot export the reference's data\n";
    return 1;
  }

  const int reps = smoke ? 1 : 5;
  g_items["predict"] = 1;
  benchmark::RegisterBenchmark("predict", BM_Predict)->Repetitions(reps)->MinTime(smoke ? 0.01 : 0.5);
  for (int64_t rows : {16, 256, 4096}) {
    std::string name = fmt::format("predict_batch_{}", rows);
    g_items[name] = static_cast<double>(rows);
    benchmark::RegisterBenchmark(name.c_str(), BM_PredictBatch, rows)->Repetitions(reps)->MinTime(smoke ? 0.01 : 0.5);
  }
  for (Kind k : {Kind::Jit, Kind::Interp, Kind::Cpp}) {
    std::string name = fmt::format("sweep_{}", Name(k));
    g_items[name] = static_cast<double>(runtime::ProductSize(Axes(k)));
    benchmark::RegisterBenchmark(name.c_str(), BM_Sweep, k)->Iterations(1)->Repetitions(smoke ? 1 : 3);
  }
  Collector collector;
  benchmark::RunSpecifiedBenchmarks(&collector);

  double diff_cpp = MaxRelDiff(Kind::Cpp), diff_interp = MaxRelDiff(Kind::Interp);
  double jit = collector.Rate("sweep_jit"), interp = collector.Rate("sweep_interp"), cpp = collector.Rate("sweep_cpp");
  std::cout << fmt::format(
      "{{\"predictions_per_s\": {{\"predict\": {:.0f}, \"batch_16\": {:.0f}, \"batch_256\": {:.0f}, "
      "\"batch_4096\": {:.0f}}}, \"scenarios_per_s_1_thread\": {{\"jit\": {:.0f}, \"interp\": {:.0f}, "
      "\"cpp_reference\": {:.0f}}}, \"jit_over_interp\": {:.0f}, \"jit_over_cpp_reference\": {:.2f}, "
      "\"scenarios\": {}, \"interp_scenarios_measured\": {}, \"kernels_per_scenario\": {}, "
      "\"max_rel_diff_vs_jit\": {{\"cpp_reference\": {:.3g}, \"interp\": {:.3g}}}, \"smoke\": {}}}\n",
      collector.Rate("predict"), collector.Rate("predict_batch_16"), collector.Rate("predict_batch_256"),
      collector.Rate("predict_batch_4096"), jit, interp, cpp, jit / interp, jit / cpp,
      runtime::ProductSize(s.full), runtime::ProductSize(s.subset),
      std::count_if(s.sc.insts.begin(), s.sc.insts.end(), [](const ir::Inst& in) { return in.op == ir::Op::Kernel; }),
      diff_cpp, diff_interp, smoke ? "true" : "false");
  return diff_cpp <= 1e-12 && diff_interp <= 1e-12 ? 0 : 1;
}

}  // namespace
}  // namespace rl::bench

int main(int argc, char** argv) { return rl::bench::Main(argc, argv); }

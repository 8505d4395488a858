// ringline-advise-bench: the `ringline advise` workload (advise_resnet50.rl: ResNet-50,
// seven strategies, every GPU count 1..1024, three batch sizes; 21,504 scenarios in seven
// variants) through the sweep engine into a --best reduction, on the staged JIT, the
// interpreter and, for the two data-parallel strategies, a hand-written C++ reference
// (advise_reference.cpp), one thread. Also the time to check and lower the variants and
// to JIT-compile them, so the end-to-end cost of each backend can be read off. Google
// Benchmark times the sweeps (median of five repetitions, CPU time); the output is one
// JSON object (docs/performance.md).
//   ringline-advise-bench [--smoke]
#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <iostream>
#include <map>

#include "compiler/check/check.h"
#include "compiler/codegen/staging.h"
#include "compiler/interp/interp.h"
#include "compiler/jit/jit.h"
#include "compiler/passes/passes.h"
#include "test/bench/advise_reference.h"
#include "test/bench/shared.h"

namespace rl::bench {
namespace {

struct Workload {
  check::Variants vs;
  std::vector<uint32_t> order;
  std::vector<std::unique_ptr<jit::Evaluator>> jits;
  std::vector<std::vector<double>> full, data_only;  // axes; data_only: strategies 0 and 1
};
Workload* g = nullptr;
std::map<std::string, uint64_t> g_points;

runtime::FillerFactory Variants(std::function<std::unique_ptr<runtime::BoxFiller>(size_t)> one) {
  std::vector<runtime::FillerFactory> each;
  for (size_t v = 0; v < g->vs.scenarios.size(); ++v) each.push_back([one, v] { return one(v); });
  const ir::Scenario& s = g->vs.scenarios[0];
  std::vector<int64_t> sizes;
  for (uint32_t p : g->vs.specialised) sizes.push_back(static_cast<int64_t>(s.params[p].values.size()));
  return runtime::VariantFillers(std::move(each), g->vs.specialised, sizes, s.params.size());
}

runtime::FillerFactory Filler(const std::string& kind) {
  if (kind == "jit") return Variants([](size_t v) { return runtime::SweepFnFiller(g->jits[v]->sweep_fn()); });
  if (kind == "interp")
    return Variants([](size_t v) {
      const ir::Scenario& s = g->vs.scenarios[v];
      auto ev = std::make_shared<interp::Evaluator>(s);
      return runtime::PointFiller([ev](const double* p, double* r) { return ev->Run(p, r); }, s.params.size(),
                                  s.reports.size());
    });
  return [] { return runtime::SweepFnFiller(&AdviseReferenceSweep); };
}

void BM_Sweep(benchmark::State& state, std::string kind, bool data_only) {
  const std::vector<std::vector<double>>& axes = data_only ? g->data_only : g->full;
  const size_t np = g->vs.scenarios[0].params.size(), nr = g->vs.scenarios[0].reports.size();
  for (auto _ : state)
    benchmark::DoNotOptimize(
        SweepBest(runtime::Space(axes, g->order, nr), Filler(kind), np, runtime::Objective{0, false}, 1));
}

class Collector : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs)
      if (!r.error_occurred && r.run_type == Run::RT_Iteration && r.cpu_accumulated_time > 0)
        rates_[r.run_name.function_name].push_back(static_cast<double>(g_points[r.run_name.function_name]) *
                                                   static_cast<double>(r.iterations) / r.cpu_accumulated_time);
  }
  double Rate(const std::string& name) { return Median(rates_[name]); }

 private:
  std::map<std::string, std::vector<double>> rates_;
};

std::vector<double> Numbers(const check::Exported& list) {
  std::vector<double> out;
  for (const check::Exported& e : list.items) out.push_back(e.number);
  return out;
}

int Main(int argc, char** argv) {
  bool smoke = false;
  std::vector<char*> rest{argv[0]};
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--smoke")) smoke = true;
    else rest.push_back(argv[i]);
  int rest_argc = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_argc, rest.data());

  llvm::SourceMgr sm;
  diag::Engine diags(sm, llvm::errs());
  check::Compilation comp(diags, check::Options{RL_STDLIB_DIR});
  double t0 = ThreadCpuMs();
  if (!comp.Load(RL_ADVISE_BENCH_SPEC)) return 1;
  std::optional<check::Variants> vs = comp.LowerVariants("advise_resnet50", {}, {}, true);
  if (!vs) return 1;
  for (ir::Scenario& s : vs->scenarios) passes::RunPipeline(s);
  double lower_ms = ThreadCpuMs() - t0;

  Workload w;
  g = &w;
  w.vs = std::move(*vs);
  const ir::Scenario& first = w.vs.scenarios[0];
  std::vector<uint64_t> sizes;
  for (const ir::Param& p : first.params) sizes.push_back(p.values.size());
  w.order = codegen::ChooseOrder(first, sizes);
  double t1 = ThreadCpuMs();
  for (const ir::Scenario& s : w.vs.scenarios) {
    auto ev = jit::Compile(s, jit::Options{2, w.order, false, true});
    if (!ev) {
      std::cerr << llvm::toString(ev.takeError()) << "\n";
      return 1;
    }
    w.jits.push_back(std::move(*ev));
  }
  double compile_ms = ThreadCpuMs() - t1;

  // The reference's model: the layer table and buckets, as the checker computed them.
  AdviseModel m;
  std::optional<check::Exported> net = comp.ExportGlobal("resnet50"), buckets = comp.ExportGlobal("_buckets");
  if (!net || !buckets) return 1;
  for (const check::Exported& l : net->Field("layers")->items) {
    auto n = [&](const char* f) { return l.Field(f)->number; };
    m.layers.push_back({n("fwd"), n("bwd_data"), n("bwd_weight"), n("reads"), n("writes"), n("params"), n("act")});
  }
  for (const check::Exported& b : buckets->items) {
    std::vector<int> idx;
    for (double v : Numbers(b)) idx.push_back(static_cast<int>(v));
    m.buckets.push_back(idx);
  }
  SetAdviseModel(std::move(m));

  for (const ir::Param& p : first.params) w.full.push_back(p.values);
  if (smoke) w.full[1] = {1, 2, 3, 4, 5, 8, 64, 136, 140, 1024};
  w.data_only = w.full;
  w.data_only[0] = {0, 1};
  const uint64_t n_full = runtime::ProductSize(w.full), n_data = runtime::ProductSize(w.data_only);

  const std::pair<std::string, bool> runs[] = {{"jit", false}, {"interp", false}, {"jit", true}, {"interp", true},
                                               {"cpp_reference", true}};
  for (const auto& [kind, data_only] : runs) {
    std::string name = kind + (data_only ? "@data" : "@all");
    g_points[name] = data_only ? n_data : n_full;
    benchmark::RegisterBenchmark(name.c_str(), BM_Sweep, kind, data_only)
        ->Iterations(1)
        ->Repetitions(smoke ? 1 : 5)
        ->Unit(benchmark::kMillisecond);
  }
  Collector collector;
  benchmark::RunSpecifiedBenchmarks(&collector);

  const size_t nr = first.reports.size();
  double diff_interp = MaxRelDiff(runtime::Space(w.full, w.order, nr), Filler("jit"), Filler("interp"));
  double diff_cpp = MaxRelDiff(runtime::Space(w.data_only, w.order, nr), Filler("jit"), Filler("cpp_reference"));
  auto rate = [&](const char* n) { return collector.Rate(n); };
  std::cout << fmt::format(
      "{{\"scenarios\": {}, \"variants\": {}, \"ir_values\": {}, \"lower_ms\": {:.0f}, \"jit_compile_ms\": {:.0f}, "
      "\"scenarios_per_s_all\": {{\"jit\": {:.0f}, \"interp\": {:.0f}}}, "
      "\"scenarios_per_s_data\": {{\"jit\": {:.0f}, \"interp\": {:.0f}, \"cpp_reference\": {:.0f}}}, "
      "\"jit_over_interp\": {:.1f}, \"jit_over_cpp_reference\": {:.2f}, "
      "\"end_to_end_ms\": {{\"jit\": {:.0f}, \"interp\": {:.0f}}}, "
      "\"max_rel_diff_vs_jit\": {{\"interp\": {:.3g}, \"cpp_reference\": {:.3g}}}, \"smoke\": {}}}\n",
      n_full, w.vs.scenarios.size(), [&] {
        size_t n = 0;
        for (const ir::Scenario& s : w.vs.scenarios) n += s.insts.size();
        return n;
      }(),
      lower_ms, compile_ms, rate("jit@all"), rate("interp@all"), rate("jit@data"), rate("interp@data"),
      rate("cpp_reference@data"), rate("jit@all") / rate("interp@all"), rate("jit@data") / rate("cpp_reference@data"),
      lower_ms + compile_ms + 1e3 * n_full / rate("jit@all"), lower_ms + 1e3 * n_full / rate("interp@all"),
      diff_interp, diff_cpp, smoke ? "true" : "false");
  return diff_interp <= 1e-12 && diff_cpp <= 1e-12 ? 0 : 1;
}

}  // namespace
}  // namespace rl::bench

int main(int argc, char** argv) { return rl::bench::Main(argc, argv); }

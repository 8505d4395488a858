// ringline-sensitivity-bench: what `sweep --sensitivity INPUT` and `eval --samples N`
// cost against a plain sweep, side by side in one run, on the ResNet-50 data-parallel
// workload (resnet50_dp.rl): the staged JIT and the interpreter, each plain and with the
// derivatives of its four reports by `bw` (and by `bw` and `lat`), into a `--best`
// reduction on one thread; and Scenario::Uncertainty over samples of `bw` ~ normal(25
// GB/s, 2 GB/s) and `lat` ~ uniform(2 us, 8 us) (1,000,000 on the JIT, 100,000 on the
// interpreter), percentiles included, on one thread. Google Benchmark times the runs (the median of five
// repetitions, by CPU time); the output is one JSON object (docs/performance.md). The
// interpreter runs on 8 of the 128 batch values.
//   ringline-sensitivity-bench [--smoke]
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <cstring>
#include <iostream>
#include <map>

#include "compiler/check/check.h"
#include "compiler/codegen/staging.h"
#include "compiler/interp/interp.h"
#include "compiler/jit/jit.h"
#include "compiler/passes/passes.h"
#include "include/ringline/ringline.h"
#include "runtime/sweep.h"
#include "test/bench/shared.h"

namespace rl::bench {
namespace {

struct Variant {
  std::string name;
  ir::Scenario sc;
  std::vector<uint32_t> order;
  std::unique_ptr<jit::Evaluator> staged;
};

std::vector<Variant> g_variants;
std::vector<std::vector<double>> g_full, g_subset;
std::map<std::string, uint64_t> g_points;

// The workload lowered with its inputs traced, differentiated by `inputs` (names; none:
// the plain scenario), optimised and compiled.
Variant Build(const std::string& name, const std::vector<std::string>& inputs) {
  llvm::SourceMgr sm;
  diag::Engine diags(sm, llvm::errs());
  check::Compilation comp(diags, check::Options{RL_STDLIB_DIR});
  comp.TraceInputs(true);
  if (!comp.Load(RL_BENCH_SPEC)) std::exit(2);
  std::optional<ir::Scenario> sc = comp.Lower(comp.ScenarioNames()[0]);
  if (!sc) std::exit(2);
  std::vector<uint32_t> which;
  for (const std::string& in : inputs)
    for (uint32_t j = 0; j < sc->inputs.size(); ++j)
      if (sc->inputs[j].name == in) which.push_back(j);
  if (which.size() != inputs.size()) std::exit(2);
  if (!which.empty()) passes::Differentiate(*sc, which);
  passes::RunPipeline(*sc);
  std::vector<uint64_t> sizes;
  for (const ir::Param& p : sc->params) sizes.push_back(p.values.size());
  std::vector<uint32_t> order = codegen::ChooseOrder(*sc, sizes);
  auto ev = jit::Compile(*sc, jit::Options{2, order, false, true});
  if (!ev) {
    std::cerr << llvm::toString(ev.takeError()) << "\n";
    std::exit(2);
  }
  return {name, std::move(*sc), order, std::move(*ev)};
}

runtime::FillerFactory Filler(const Variant& v, bool jit) {
  if (jit) {
    rl_sweep_fn fn = v.staged->sweep_fn();
    return [fn] { return runtime::SweepFnFiller(fn); };
  }
  const ir::Scenario* sc = &v.sc;
  return [sc] {
    auto ev = std::make_shared<interp::Evaluator>(*sc);
    return runtime::PointFiller([ev](const double* p, double* r) { return ev->Run(p, r); }, sc->params.size(),
                                sc->reports.size());
  };
}

std::string Sweep(const Variant& v, bool jit) {
  const auto& axes = jit ? g_full : g_subset;
  return SweepBest(runtime::Space(axes, v.order, v.sc.reports.size()), Filler(v, jit), v.sc.params.size(),
                   runtime::Objective{0, false}, 1);
}

class Collector : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs) {
      if (r.error_occurred || r.cpu_accumulated_time <= 0 || r.run_type != Run::RT_Iteration) continue;
      const std::string name = r.run_name.function_name;
      rates_[name].push_back(static_cast<double>(g_points[name]) * static_cast<double>(r.iterations) /
                             r.cpu_accumulated_time);
    }
  }
  double Rate(const std::string& name) { return Median(rates_[name]); }

 private:
  std::map<std::string, std::vector<double>> rates_;
};

// The JIT's and the interpreter's reports, derivatives included, to the bit over the
// interpreter's subset; false after a message.
bool BackendsAgreeToTheBit(const Variant& v) {
  const size_t np = v.sc.params.size(), nr = v.sc.reports.size();
  std::vector<double> p(np), a(nr), b(nr);
  interp::Evaluator ev(v.sc);
  auto point = v.staged ? jit::Compile(v.sc, jit::Options{2, {}, true, false}) : nullptr;
  if (!point) return false;
  for (size_t k = 0; k < 200; ++k) {
    for (size_t i = 0; i < np; ++i) p[i] = g_subset[i][(k * 7 + i * 3) % g_subset[i].size()];
    (*point)->Eval(p.data(), a.data());
    ev.Run(p.data(), b.data());
    if (std::memcmp(a.data(), b.data(), nr * sizeof(double)) != 0) {
      std::cerr << v.name << ": the JIT and the interpreter differ\n";
      return false;
    }
  }
  return true;
}

}  // namespace
}  // namespace rl::bench

int main(int argc, char** argv) {
  using namespace rl::bench;
  bool smoke = argc > 1 && std::strcmp(argv[1], "--smoke") == 0;
  g_variants.push_back(Build("plain", {}));
  g_variants.push_back(Build("d_bw", {"bw"}));
  g_variants.push_back(Build("d_bw_lat", {"bw", "lat"}));
  for (const rl::ir::Param& p : g_variants[0].sc.params) g_full.push_back(p.values);
  g_subset = g_full;
  for (size_t i = 0; i < g_subset.size(); ++i)
    if (g_variants[0].sc.params[i].name == "batch") g_subset[i] = {1, 17, 33, 49, 65, 81, 97, 113};
  if (smoke) {
    for (auto& a : g_subset) a.resize(std::min<size_t>(a.size(), 4));
    for (const Variant& v : g_variants)
      if (!BackendsAgreeToTheBit(v)) return 1;
    std::cout << "sensitivity bench smoke: the JIT and the interpreter agree to the bit\n";
    return 0;
  }
  for (const Variant& v : g_variants)
    if (!BackendsAgreeToTheBit(v)) return 1;
  for (const Variant& v : g_variants)
    for (bool jit : {true, false}) {
      const std::string name = v.name + (jit ? "/jit" : "/interp");
      g_points[name] = rl::runtime::ProductSize(jit ? g_full : g_subset);
      benchmark::RegisterBenchmark(name.c_str(), [&v, jit](benchmark::State& st) {
        for (auto _ : st) benchmark::DoNotOptimize(Sweep(v, jit));
      })->Unit(benchmark::kMillisecond)->Repetitions(5)->Iterations(1);
    }
  // Monte Carlo through the library API, as `eval --samples` runs it.
  ringline::Options lib;
  lib.stdlib_dir = RL_STDLIB_DIR;
  static std::unique_ptr<ringline::Spec> spec = ringline::Spec::Compile(RL_BENCH_SPEC, lib);
  static std::unique_ptr<ringline::Scenario> sampled = spec->LowerSampled(
      "resnet50_dp", {}, {}, {{"bw", "normal(25 GB/s, 2 GB/s)"}, {"lat", "uniform(2 us, 8 us)"}}, 1);
  for (bool jit : {true, false}) {
    const std::string name = std::string("samples") + (jit ? "/jit" : "/interp");
    const uint64_t n = smoke ? 1000 : jit ? 1000000 : 100000;
    g_points[name] = n;
    benchmark::RegisterBenchmark(name.c_str(), [jit, n](benchmark::State& st) {
      for (auto _ : st)
        benchmark::DoNotOptimize(
            sampled->Uncertainty(n, jit ? ringline::Backend::Jit : ringline::Backend::Interp, 1));
    })->Unit(benchmark::kMillisecond)->Repetitions(5)->Iterations(1);
  }
  benchmark::Initialize(&argc, argv);
  Collector c;
  benchmark::RunSpecifiedBenchmarks(&c);
  std::string json = "{";
  for (const char* backend : {"jit", "interp"}) {
    const double plain = c.Rate(fmt::format("plain/{}", backend));
    json += fmt::format("{}\"{}\":{{\"plain_per_s\":{:.4g}", backend[0] == 'j' ? "" : ",", backend, plain);
    for (const char* v : {"d_bw", "d_bw_lat"}) {
      const double r = c.Rate(fmt::format("{}/{}", v, backend));
      json += fmt::format(",\"{}_per_s\":{:.4g},\"{}_cost\":{:.3f}", v, r, v, plain / r);
    }
    const double samples = c.Rate(fmt::format("samples/{}", backend));
    json += fmt::format(",\"samples_per_s\":{:.4g},\"samples_cost\":{:.3f}", samples, plain / samples);
    json += "}";
  }
  std::cout << json << "}\n";
  return 0;
}

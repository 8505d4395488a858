// ringline-bench: scenarios per second on the ResNet-50 data-parallel workload
// (resnet50_dp.rl, 10,240,000 scenarios) for the staged JIT, the JIT evaluating point by
// point ("unstaged"), the interpreter and the hand-written C++ reference, each through
// the same sweep engine into a --best reduction, with one thread and with every core;
// plus compile latency (source to ready evaluator) and peak memory. Google Benchmark
// times the runs (each figure: the median of five repetitions; one thread by its CPU
// time, all threads by wall time); the output is one JSON object (docs/performance.md). The interpreter
// and the unstaged JIT run on a subset of the batch axis and are reported per scenario.
//   ringline-bench [--smoke] [--spec FILE] [--threads N]
#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

#include "compiler/check/check.h"
#include "compiler/codegen/staging.h"
#include "compiler/interp/interp.h"
#include "compiler/jit/jit.h"
#include "compiler/passes/passes.h"
#include "runtime/consumers.h"
#include "runtime/sweep.h"
#include "test/bench/shared.h"
#include "test/bench/reference.h"

namespace rl::bench {
namespace {

enum class Kind { Jit, JitUnstaged, Interp, Cpp };
const char* Name(Kind k) {
  switch (k) {
    case Kind::Jit: return "jit";
    case Kind::JitUnstaged: return "jit_unstaged";
    case Kind::Interp: return "interp";
    case Kind::Cpp: return "cpp_reference";
  }
  return "?";
}

struct Workload {
  ir::Scenario sc;
  std::vector<uint32_t> order;
  std::unique_ptr<jit::Evaluator> staged, point;
  std::vector<std::vector<double>> full, interp_subset, unstaged_subset;
};
Workload* g = nullptr;
std::map<std::string, uint64_t> g_points;  // benchmark name -> scenarios per iteration

double Ms(std::chrono::steady_clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

// Source text to a ready staged evaluator: load, check, lower, optimise, JIT.
std::unique_ptr<jit::Evaluator> CompileFromSource(const std::string& path, ir::Scenario* out,
                                                  std::vector<uint32_t>* order) {
  llvm::SourceMgr sm;
  diag::Engine diags(sm, llvm::errs());
  check::Compilation comp(diags, check::Options{RL_STDLIB_DIR});
  if (!comp.Load(path) || comp.ScenarioNames().size() != 1) return nullptr;
  std::optional<ir::Scenario> sc = comp.Lower(comp.ScenarioNames()[0]);
  if (!sc) return nullptr;
  passes::RunPipeline(*sc);
  std::vector<uint64_t> sizes;
  for (const ir::Param& p : sc->params) sizes.push_back(p.values.size());
  std::vector<uint32_t> o = codegen::ChooseOrder(*sc, sizes);
  auto ev = jit::Compile(*sc, jit::Options{2, o, false, true});
  if (!ev) {
    std::cerr << llvm::toString(ev.takeError()) << "\n";
    return nullptr;
  }
  if (out) *out = std::move(*sc);
  if (order) *order = o;
  return std::move(*ev);
}

runtime::FillerFactory Filler(Kind k) {
  const size_t np = g->sc.params.size(), nr = g->sc.reports.size();
  switch (k) {
    case Kind::Jit: {
      rl_sweep_fn fn = g->staged->sweep_fn();
      return [fn] { return runtime::SweepFnFiller(fn); };
    }
    case Kind::JitUnstaged: {
      rl_eval_fn fn = g->point->eval_fn();
      return [fn, np, nr] { return runtime::PointFiller(fn, np, nr); };
    }
    case Kind::Interp:
      return [np, nr] {
        auto ev = std::make_shared<interp::Evaluator>(g->sc);
        return runtime::PointFiller([ev](const double* p, double* r) { return ev->Run(p, r); }, np, nr);
      };
    case Kind::Cpp: return [] { return runtime::SweepFnFiller(&ReferenceSweep); };
  }
  return nullptr;
}

const std::vector<std::vector<double>>& Axes(Kind k) {
  return k == Kind::Interp ? g->interp_subset : k == Kind::JitUnstaged ? g->unstaged_subset : g->full;
}

// One sweep into `--best iter_time`, as `ringline sweep --best` runs it.
std::string SweepBest(Kind k, unsigned threads) {
  return bench::SweepBest(runtime::Space(Axes(k), g->order, g->sc.reports.size()), Filler(k), g->sc.params.size(),
                          runtime::Objective{0, false}, threads);
}

void BM_Sweep(benchmark::State& state, Kind k, unsigned threads) {
  for (auto _ : state) benchmark::DoNotOptimize(SweepBest(k, threads));
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(runtime::ProductSize(Axes(k))));
}

double MaxRelDiff(Kind k) {
  return bench::MaxRelDiff(runtime::Space(Axes(k), g->order, g->sc.reports.size()), Filler(Kind::Jit), Filler(k));
}

// Collects the rate of every repetition of every benchmark and prints nothing; the
// figure is the median repetition (shared machines are noisy).
class Collector : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs) {
      if (r.error_occurred || r.real_accumulated_time <= 0 || r.cpu_accumulated_time <= 0 ||
          r.run_type != Run::RT_Iteration)
        continue;
      std::string name = r.run_name.function_name;
      // One thread runs on the calling thread: its CPU time is immune to other load on
      // the machine. With more threads only wall time means anything.
      double secs = name.ends_with("@1") ? r.cpu_accumulated_time : r.real_accumulated_time;
      rates_[name].push_back(static_cast<double>(g_points[name]) * static_cast<double>(r.iterations) / secs);
    }
  }
  double Rate(const std::string& name) { return Median(rates_[name]); }

 private:
  std::map<std::string, std::vector<double>> rates_;
};

std::vector<std::vector<double>> WithBatch(std::vector<std::vector<double>> axes, size_t batch_param, size_t n) {
  std::vector<double>& b = axes[batch_param];
  if (b.size() > n) {
    std::vector<double> picked;
    for (size_t i = 0; i < n; ++i) picked.push_back(b[i * b.size() / n]);
    b = picked;
  }
  return axes;
}

int Main(int argc, char** argv) {
  std::string spec = RL_BENCH_SPEC;
  bool smoke = false;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<char*> rest{argv[0]};
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--smoke")) smoke = true;
    else if (!std::strcmp(argv[i], "--spec") && i + 1 < argc) spec = argv[++i];
    else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) threads = static_cast<unsigned>(std::atoi(argv[++i]));
    else rest.push_back(argv[i]);
  }
  int rest_argc = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_argc, rest.data());

  Workload w;
  g = &w;
  auto t0 = std::chrono::steady_clock::now();
  w.staged = CompileFromSource(spec, &w.sc, &w.order);
  double compile_first = Ms(std::chrono::steady_clock::now() - t0);
  if (!w.staged) {
    std::cerr << "ringline-bench: cannot compile " << spec << "\n";
    return 1;
  }
  std::vector<double> warm, warm_cpu;
  for (int i = 0; i < (smoke ? 2 : 7); ++i) {
    auto t = std::chrono::steady_clock::now();
    double c = ThreadCpuMs();
    CompileFromSource(spec, nullptr, nullptr);
    warm_cpu.push_back(ThreadCpuMs() - c);
    warm.push_back(Ms(std::chrono::steady_clock::now() - t));
  }
  std::sort(warm.begin(), warm.end());
  std::sort(warm_cpu.begin(), warm_cpu.end());
  auto point = jit::Compile(w.sc, jit::Options{2, {}, true, false});
  if (!point) {
    std::cerr << llvm::toString(point.takeError()) << "\n";
    return 1;
  }
  w.point = std::move(*point);
  for (const ir::Param& p : w.sc.params) w.full.push_back(p.values);
  size_t batch = 0;
  for (size_t p = 0; p < w.sc.params.size(); ++p)
    if (w.sc.params[p].name == "batch") batch = p;
  if (smoke) w.full = WithBatch(w.full, batch, 2);
  w.interp_subset = WithBatch(w.full, batch, smoke ? 1 : 2);
  w.unstaged_subset = WithBatch(w.full, batch, smoke ? 1 : 16);

  const Kind kinds[] = {Kind::Jit, Kind::JitUnstaged, Kind::Interp, Kind::Cpp};
  for (Kind k : kinds)
    for (unsigned t : {1u, threads}) {
      std::string name = fmt::format("{}@{}", Name(k), t);
      g_points[name] = runtime::ProductSize(Axes(k));
      int iterations = smoke ? 1 : (k == Kind::Jit || k == Kind::Cpp) ? 3 : 1;
      benchmark::RegisterBenchmark(name.c_str(), BM_Sweep, k, t)
          ->UseRealTime()
          ->Iterations(iterations)
          ->Repetitions(smoke ? 1 : 5)
          ->Unit(benchmark::kMillisecond);
      if (t == threads) break;
    }
  Collector collector;
  benchmark::RunSpecifiedBenchmarks(&collector);

  double diff_cpp = MaxRelDiff(Kind::Cpp), diff_interp = MaxRelDiff(Kind::Interp);
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  auto rates = [&](unsigned t) {
    std::string out;
    for (Kind k : kinds)
      out += fmt::format("{}\"{}\": {:.0f}", out.empty() ? "" : ", ", Name(k),
                         collector.Rate(fmt::format("{}@{}", Name(k), t)));
    return "{" + out + "}";
  };
  auto ratio = [&](const char* a, const char* b, unsigned t) {
    return collector.Rate(fmt::format("{}@{}", a, t)) / collector.Rate(fmt::format("{}@{}", b, t));
  };
  std::cout << fmt::format(
      "{{\"scenarios_per_s\": {}, \"scenarios_per_s_1_thread\": {}, \"threads\": {}, \"compile_ms\": {:.1f}, "
      "\"compile_cpu_ms\": {:.1f}, \"compile_ms_first\": {:.1f}, \"peak_rss_mb\": {:.1f}, \"scenarios\": {}, "
      "\"interp_scenarios_measured\": {}, \"jit_unstaged_scenarios_measured\": {}, "
      "\"jit_over_cpp_reference\": {{\"1_thread\": {:.2f}, \"all_threads\": {:.2f}}}, "
      "\"jit_over_interp\": {{\"1_thread\": {:.0f}, \"all_threads\": {:.0f}}}, "
      "\"max_rel_diff_vs_jit\": {{\"cpp_reference\": {:.3g}, \"interp\": {:.3g}}}, \"smoke\": {}}}\n",
      rates(threads), rates(1), threads, warm[warm.size() / 2], warm_cpu[warm_cpu.size() / 2], compile_first,
      ru.ru_maxrss / 1024.0, runtime::ProductSize(w.full), runtime::ProductSize(w.interp_subset),
      runtime::ProductSize(w.unstaged_subset), ratio("jit", "cpp_reference", 1), ratio("jit", "cpp_reference", threads),
      ratio("jit", "interp", 1), ratio("jit", "interp", threads), diff_cpp, diff_interp, smoke ? "true" : "false");
  // The figures are only worth printing if every backend computed the same numbers.
  return diff_cpp <= 1e-12 && diff_interp <= 1e-12 ? 0 : 1;
}

}  // namespace
}  // namespace rl::bench

int main(int argc, char** argv) { return rl::bench::Main(argc, argv); }

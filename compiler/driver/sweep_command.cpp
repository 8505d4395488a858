// `ringline sweep`: the product space of the params' values through the sweep engine
// (runtime/sweep.h) with the JIT's staged loop nest or the interpreter, into a streaming
// or reducing sink. Ctrl-C stops after the current chunk with valid output and exit 130.
#include <fmt/format.h>
#include <llvm/ADT/STLExtras.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cmath>
#include <cstring>
#include <sstream>
#include <thread>

#include "base/suggest.h"
#include "compiler/api/fillers.h"
#include "compiler/codegen/staging.h"
#include "compiler/driver/commands.h"
#include "compiler/driver/evaluate.h"
#include "compiler/driver/infeasible.h"
#include "compiler/driver/options.h"
#include "compiler/driver/plot.h"
#include "runtime/consumers.h"
#include "runtime/mpi/cluster.h"
#include "runtime/mpi/combine.h"
#include "runtime/sweep.h"

namespace rl::driver {
namespace {

std::atomic<bool> g_interrupt{false};
std::atomic<int> g_signal{SIGINT};
extern "C" void OnInterrupt(int sig) {
  g_signal.store(sig);
  g_interrupt.store(true);
}

// SIGINT (Ctrl-C), SIGTERM and SIGHUP set a flag the engine polls between chunks, so the
// output holds the rows so far and no temporary file stays behind; a second signal kills
// as usual. The exit status is 128 + the signal, what shells report.
class InterruptScope {
 public:
  InterruptScope() {
    g_interrupt = false;
    struct sigaction sa {};
    sa.sa_handler = OnInterrupt;
    sa.sa_flags = SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < std::size(kSignals); ++i) sigaction(kSignals[i], &sa, &old_[i]);
  }
  ~InterruptScope() {
    for (size_t i = 0; i < std::size(kSignals); ++i) sigaction(kSignals[i], &old_[i], nullptr);
  }

 private:
  static constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
  struct sigaction old_[3] {};
};

// Rank 0 under MPI after a signal: when the process has not ended 0.8 s later (a rank
// died mid-message and an MPI call waits for it; Open MPI sends SIGKILL 1 s after
// SIGTERM), exits 128 + the signal without writing, so the target keeps what it held.
// A named temporary (no O_TMPFILE, see Output) is removed first.
class SignalWatchdog {
 public:
  SignalWatchdog(bool on, const std::string& temp) : temp_(temp) {
    if (!on) return;
    thread_ = std::thread([this] {
      while (!done_.load()) {
        if (g_interrupt.load()) {
          std::this_thread::sleep_for(std::chrono::milliseconds(800));
          if (done_.load()) return;
          if (!temp_.empty()) unlink(temp_.c_str());
          static const char msg[] = "ringline: rank 0 did not end within 0.8 s of the signal; the output is not written\n";
          if (write(2, msg, sizeof msg - 1) < 0) {
          }
          std::_Exit(128 + g_signal.load());
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
    });
  }
  ~SignalWatchdog() {
    done_ = true;
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::string temp_;
  std::atomic<bool> done_{false};
  std::thread thread_;
};

// `iter_time` or `-iter_time` (maximise) to a report index; nullopt after a message.
std::optional<runtime::Objective> ParseObjective(const ir::Scenario& sc, std::string text, const char* option) {
  runtime::Objective o;
  if (!text.empty() && text[0] == '-') {
    o.maximize = true;
    text = text.substr(1);
  }
  for (size_t r = 0; r < sc.reports.size(); ++r)
    if (sc.reports[r].name == text) {
      o.report = r;
      return o;
    }
  std::vector<std::string> names;
  for (const ir::Report& r : sc.reports) names.push_back(r.name);
  Fail(Kind::bad_option, NotOneOf(option, text, "report", "scenario `" + sc.name + "`", names));
  return std::nullopt;
}

enum class Reduce { None, Best, Top, Pareto, Histogram };

std::optional<Reduce> PickReduction() {
  // `--best=` (an empty value) names no report: an error, not the option left out.
  for (auto [opt, name] : {std::pair<cl::opt<std::string>*, const char*>{&Best, "--best"}, {&TopBy, "--by"},
                           {&Pareto, "--pareto"}, {&HistogramOf, "--histogram"}})
    if (opt->getNumOccurrences() > 0 && opt->empty()) {
      Fail(Kind::bad_option, fmt::format("{} needs a report name", name));
      return std::nullopt;
    }
  int n = !Best.empty() + (Top > 0) + !Pareto.empty() + !HistogramOf.empty();
  if (n > 1) {
    Fail(Kind::bad_usage, "use at most one of --best, --top, --pareto and --histogram");
    return std::nullopt;
  }
  if (Top.getNumOccurrences() && Top == 0) {
    Fail(Kind::bad_option, "--top takes a count of 1 or more; got 0");
    return std::nullopt;
  }
  if ((Top > 0) != !TopBy.empty()) {
    Fail(Kind::bad_usage, "--top K and --by REPORT go together");
    return std::nullopt;
  }
  if (!Best.empty()) return Reduce::Best;
  if (Top > 0) return Reduce::Top;
  if (!Pareto.empty()) return Reduce::Pareto;
  if (!HistogramOf.empty()) return Reduce::Histogram;
  return Reduce::None;
}

// The consumer for the chosen sink; nullptr after a message.
std::unique_ptr<runtime::RowConsumer> MakeConsumer(const ir::Scenario& sc, Reduce how, runtime::Sink& sink,
                                                   const runtime::RowShape& shape,
                                                   const std::vector<runtime::Column>& cols) {
  switch (how) {
    case Reduce::None: return runtime::MakeRowWriter(sink, shape);
    case Reduce::Best: {
      auto by = ParseObjective(sc, Best, "--best");
      return by ? runtime::MakeBest(sink, shape, *by) : nullptr;
    }
    case Reduce::Top: {
      auto by = ParseObjective(sc, TopBy, "--by");
      return by ? runtime::MakeTop(sink, shape, *by, Top) : nullptr;
    }
    case Reduce::Pareto: {
      std::string text = Pareto;
      size_t comma = text.find(',');
      if (comma == std::string::npos || text.find(',', comma + 1) != std::string::npos) {
        Fail(Kind::bad_option, fmt::format("--pareto takes two reports, `R1,R2`; got `{}`", text));
        return nullptr;
      }
      auto a = ParseObjective(sc, text.substr(0, comma), "--pareto");
      if (!a) return nullptr;
      auto b = ParseObjective(sc, text.substr(comma + 1), "--pareto");
      return b ? runtime::MakePareto(sink, shape, *a, *b) : nullptr;
    }
    case Reduce::Histogram: {
      auto of = ParseObjective(sc, HistogramOf, "--histogram");
      if (!of) return nullptr;
      if (of->maximize) {
        Fail(Kind::bad_option, "--histogram takes a report name, without `-`");
        return nullptr;
      }
      if (Bins < 1) {
        Fail(Kind::bad_option, "--bins must be at least 1");
        return nullptr;
      }
      return runtime::MakeHistogram(sink, shape, of->report, cols[shape.num_params + of->report], sc.name, Bins);
    }
  }
  return nullptr;
}

// The most points `--plot` buffers: a chart of more is unreadable, and the rows are held
// in memory until the sweep ends.
constexpr uint64_t kMaxPlotPoints = 1'000'000;

// --plot's chart: --x, --y and --series, defaulting to the first param given several
// values, the first report and the second such param (a Pareto front: its two reports).
std::optional<chart::PlotSpec> SweepPlotSpec(const ir::Scenario& sc, Reduce how, uint64_t points) {
  if (how == Reduce::Best || how == Reduce::Histogram) {
    Fail(Kind::bad_usage, "--plot draws rows; it does not go with --best or --histogram");
    return std::nullopt;
  }
  if (how == Reduce::None && points > kMaxPlotPoints) {
    Fail(Kind::too_many_points, fmt::format("--plot draws at most {} points and this sweep has {}; sweep fewer values "
                                            "or reduce with --top or --pareto",
                                            kMaxPlotPoints, points));
    return std::nullopt;
  }
  std::vector<std::string> swept;
  for (const ir::Param& p : sc.params)
    if (p.values.size() > 1) swept.push_back(p.name);
  chart::PlotSpec spec{PlotX, std::vector<std::string>(PlotY.begin(), PlotY.end()), PlotSeries, {}, PlotLogX, PlotLogY,
                KeepInfeasible, PlotTitle.empty() ? sc.name : std::string(PlotTitle), "--set"};
  if (how == Reduce::Pareto) {
    size_t comma = Pareto.find(',');
    auto bare = [](std::string r) { return !r.empty() && r[0] == '-' ? r.substr(1) : r; };
    if (spec.x.empty()) spec.x = bare(Pareto.substr(0, comma));
    if (spec.y.empty()) spec.y.push_back(bare(Pareto.substr(comma + 1)));
  }
  if (spec.x.empty() && !swept.empty()) spec.x = swept[0];
  if (spec.y.empty() && !sc.reports.empty()) spec.y.push_back(sc.reports[0].name);
  if (spec.series.empty() && PlotX.empty() && how != Reduce::Pareto && swept.size() > 1) spec.series = swept[1];
  if (spec.x.empty()) {
    Fail(Kind::bad_usage, "--plot needs an x axis: sweep a param over several values, or name a column with --x");
    return std::nullopt;
  }
  // The rows' columns are known now: a name that is none of them is refused before the
  // sweep runs and writes its output, not after.
  std::vector<std::string> names;
  for (const runtime::Column& c : Columns(sc, KeepInfeasible)) names.push_back(c.name);
  std::vector<std::pair<const char*, std::string>> asked = {{"--x", spec.x}};
  for (const std::string& y : spec.y) asked.push_back({"--y", y});
  if (!spec.series.empty()) asked.push_back({"--series", spec.series});
  for (const auto& [option, name] : asked)
    if (!llvm::is_contained(names, name)) {
      Fail(Kind::unknown_column, NotOneOf(option, name, "column", "scenario `" + sc.name + "`", names));
      return std::nullopt;
    }
  return spec;
}

int SweepProcess(runtime::mpi::Cluster* cluster);

}  // namespace

// Under mpirun/srun every rank runs the same command; rank 0 alone writes (the others'
// stdout and stderr go to /dev/null), and every rank exits with rank 0's status.
int RunSweep() {
  std::unique_ptr<runtime::mpi::Cluster> cluster = runtime::mpi::Cluster::Start();
  if (cluster && cluster->rank() != 0) cluster->Silence();
  int code = SweepProcess(cluster.get());
  // A rank given up after a signal (runtime/mpi/cluster.h) would never join the broadcast.
  if (cluster && cluster->Abandoned())
    cluster->Abort(fmt::format("ringline: a rank did not end within {} s of the signal; ending the job",
                               runtime::mpi::Cluster::kGraceSeconds),
                   code);
  if (cluster) code = cluster->Broadcast(code);
  return code;
}

namespace {

int SweepProcess(runtime::mpi::Cluster* cluster) {
  const bool lead = !cluster || cluster->rank() == 0;
  if (!CheckBackend()) return kUsageError;
  std::optional<runtime::Format> fmt = PickFormat(runtime::Format::Csv);
  if (!fmt) return kUsageError;
  std::optional<Reduce> how = PickReduction();
  if (!how) return kUsageError;
  Session s;
  Exit e;
  std::optional<check::Variants> variants = CompileVariants(s, e, /*all_values=*/true);
  if (!variants) return e;
  // Every variant has the same params and reports; the first stands for all in the
  // columns, the loop order and the reducers.
  const ir::Scenario* sc = &variants->scenarios[0];

  std::vector<std::vector<double>> axes;
  std::vector<uint64_t> sizes;
  for (const ir::Param& p : sc->params) {
    axes.push_back(p.values);
    sizes.push_back(p.values.size());
  }
  if (runtime::ProductSize(axes) == UINT64_MAX)
    return Fail(Kind::too_many_points, "the sweep has 2^64 points or more; sweep fewer values");
  std::string error;
  std::optional<std::vector<uint32_t>> forced = codegen::ParseOrder(*sc, LoopOrder, error);
  if (!forced) return Fail(Kind::bad_option, error);
  const std::vector<uint32_t> order = codegen::ChooseOrder(*sc, sizes, *forced);
  std::optional<chart::PlotSpec> plot;
  if (!PlotFile.empty()) {
    plot = SweepPlotSpec(*sc, *how, runtime::ProductSize(axes));
    if (!plot || !ChartPathOk(PlotFile)) return kUsageError;
  }

  const size_t np = sc->params.size(), nr = sc->reports.size();
  // Each variant is compiled on its own, so each picks its backend for its share of the
  // points.
  const uint64_t per_variant = runtime::ProductSize(axes) / variants->scenarios.size();
  // Streamed rows come in declaration order, and so do their chunks: a JIT'd variant
  // computes the loops every chunk would compute again into a memo table once
  // (codegen/memo.h).
  std::optional<api::ChunkShape> streamed;
  if (*how == Reduce::None) streamed = api::StreamedChunks(axes, nr);
  llvm::Expected<api::VariantFillers> fillers = api::MakeVariantFillers(
      *variants, order, [&](const ir::Scenario& v) { return PickBackend(v, per_variant, Threads) == Backend::Jit; },
      OptLevel, streamed ? &*streamed : nullptr, Threads);
  if (!fillers) return Fail(Kind::tool_error, "the JIT failed: " + llvm::toString(fillers.takeError()));
  const std::vector<bool>& use_jit = fillers->jit;
  const std::vector<int64_t>& variant_sizes = fillers->sizes;
  runtime::FillerFactory make_filler = fillers->make;

  // Ranks other than 0 write nothing: their sink goes to a stream without a buffer.
  if (!lead) plot.reset();
  Output out;
  bool opened = lead ? out.Open() : true;
  if (cluster) opened = cluster->Broadcast(opened) != 0;
  if (!opened) return kUsageError;
  std::ostream nowhere(nullptr);
  bool keep = KeepInfeasible;
  std::unique_ptr<runtime::Sink> out_sink = runtime::MakeSink(
      *fmt, lead ? out.stream() : nowhere, /*single_row=*/*how == Reduce::Best && *fmt == runtime::Format::Table, Digits);
  runtime::Sink* sink = out_sink.get();
  // --plot: the rows also go into a table in memory, which the chart reads as `plot`
  // reads a file.
  chart::ResultTable plot_rows;
  std::unique_ptr<runtime::Sink> collect, tee;
  if (plot) {
    collect = chart::CollectInto(plot_rows);
    tee = runtime::MakeTee(*out_sink, *collect);
    sink = tee.get();
  }
  std::vector<runtime::Column> cols = Columns(*sc, keep);
  // A table's param column is as wide as its widest value, wherever the sweep meets it
  // (the table sizes the reports from its first rows).
  if (*fmt == runtime::Format::Table)
    for (size_t i = 0; i < np; ++i) cols[i].width = runtime::TableWidth(cols[i], axes[i], Digits);
  runtime::RowShape shape{np, nr, keep, keep};
  std::unique_ptr<runtime::RowConsumer> consumer = MakeConsumer(*sc, *how, *sink, shape, cols);
  if (!consumer) {
    if (lead) out.Discard();
    return kUsageError;
  }
  if (*how == Reduce::None && lead) sink->Begin(sc->name, cols);

  // Streamed rows come in declaration order; a reducer does not care, so its chunks
  // follow the loop order and the innermost loop writes unit-stride.
  std::vector<uint32_t> chunk_order(np);
  for (uint32_t p = 0; p < np; ++p) chunk_order[p] = p;
  runtime::Space space(std::move(axes), *how == Reduce::None ? chunk_order : order, nr);
  runtime::SweepOptions so;
  so.threads = Threads;
  so.keep_infeasible = keep;
  so.interrupt = &g_interrupt;
  so.progress = lead && !Quiet && (ShowProgress || isatty(STDERR_FILENO));
  // Which require dropped a point: each variant's requires (the scenario's, so the same
  // list in every variant) evaluated by variant, like the reports.
  std::vector<RequireOutcomes> outcomes;
  bool same_requires = true;
  for (const ir::Scenario& v : variants->scenarios) same_requires &= v.requires_.size() == sc->requires_.size();
  if (!keep && !sc->requires_.empty() && same_requires) {
    for (size_t i = 0; i < variants->scenarios.size(); ++i) outcomes.emplace_back(variants->scenarios[i], use_jit[i], order);
    so.num_requires = outcomes[0].size();
    std::vector<runtime::FillerFactory> each;
    for (const RequireOutcomes& o : outcomes) each.push_back(o.Filler());
    so.requires_filler = runtime::VariantFillers(std::move(each), variants->specialised, variant_sizes, np);
  }
  runtime::SweepResult res;
  if (cluster && lead) cluster->Watch(&g_interrupt);
  SignalWatchdog watchdog(cluster && lead && cluster->size() > 1, out.temp_path());
  {
    InterruptScope scope;
    if (!cluster) {
      res = runtime::RunSweep(space, make_filler, *consumer, so);
    } else {
      // A full table over several ranks: the others sweep, rank 0 writes in order.
      const bool table = cluster->size() > 1 && *how == Reduce::None;
      res = runtime::mpi::SweepAcross(*cluster, space, make_filler, *consumer, *consumer, so, table);
      if (!table && cluster->Abandoned()) {
        // The other ranks' reductions cannot come: no result rather than a partial one.
        out.Discard();
        llvm::errs() << "ringline: a rank did not end after the signal; the output is not written\n";
        return 128 + g_signal.load();
      }
    }
  }
  if (!lead) return res.failure ? kSpecError : res.interrupted ? 128 + g_signal.load() : kOk;
  if (res.failure) {
    if (*how == Reduce::None) consumer->Finish();
    out.Discard();
    const size_t variant = api::VariantOf(*variants, res.failure->params.data());
    ReportNonFinite(s, variants->scenarios[variant], res.failure->params.data(), res.failure->report,
                    res.failure->value, variant);
    return kSpecError;
  }
  if (*how != Reduce::None && *how != Reduce::Histogram) sink->Begin(sc->name, cols);
  consumer->Finish();
  if (!out.Commit()) return kUsageError;
  if (!outcomes.empty() && !Quiet) PrintDropped(s, *sc, res);
  if (plot && !res.interrupted) {
    std::vector<std::string> inputs(Files.begin(), Files.end());
    if (!OutputFile.empty()) inputs.push_back(OutputFile);
    if (Exit e = PlotRows(plot_rows, *plot, PlotFile, inputs); e != kOk) return e;
  }
  if (res.interrupted) {
    llvm::errs() << fmt::format("ringline: interrupted after {} of {} points; the output holds them\n", res.points,
                                space.points);
    return 128 + g_signal.load();
  }
  return kOk;
}

}  // namespace
}  // namespace rl::driver

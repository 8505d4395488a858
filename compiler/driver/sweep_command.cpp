// `ringline sweep`: the product space of the params' values through the library API
// (Scenario::Sweep) into a streaming or reducing sink, spread over the ranks of an MPI
// job. Ctrl-C stops after the current chunk with valid output and exit 130.
#include <fmt/format.h>
#include <llvm/ADT/STLExtras.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>

#include "base/suggest.h"
#include "compiler/api/native_sink.h"
#include "compiler/api/processes.h"
#include "compiler/driver/commands.h"
#include "compiler/driver/evaluate.h"
#include "compiler/driver/options.h"
#include "compiler/driver/plot.h"
#include "compiler/driver/ranks.h"
#include "runtime/mpi/cluster.h"

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

// The most points `--plot` buffers: a chart of more is unreadable, and the rows are held
// in memory until the sweep ends.
constexpr uint64_t kMaxPlotPoints = 1'000'000;

// --plot's chart: --x, --y and --series, defaulting to the first param given several
// values, the first report and the second such param (a Pareto front: its two reports).
std::optional<chart::PlotSpec> SweepPlotSpec(const ringline::Scenario& sc, Reduce how) {
  if (how == Reduce::Best || how == Reduce::Histogram) {
    Fail(Kind::bad_usage, "--plot draws rows; it does not go with --best or --histogram");
    return std::nullopt;
  }
  const uint64_t points = sc.Points();
  if (how == Reduce::None && points > kMaxPlotPoints) {
    Fail(Kind::too_many_points, fmt::format("--plot draws at most {} points and this sweep has {}; sweep fewer values "
                                            "or reduce with --top or --pareto",
                                            kMaxPlotPoints, points));
    return std::nullopt;
  }
  std::vector<std::string> swept;
  for (const ringline::Param& p : sc.Params())
    if (p.values.size() > 1) swept.push_back(p.name);
  // The rows' columns: params, reports, `feasible` with --keep-infeasible.
  std::vector<std::string> names;
  for (const ringline::Column& c : sc.Columns(KeepInfeasible)) names.push_back(c.name);
  const std::vector<ringline::Column> plain = sc.Columns();
  const std::string first_report = plain.size() > sc.Params().size() ? plain[sc.Params().size()].name : "";
  chart::PlotSpec spec{PlotX, std::vector<std::string>(PlotY.begin(), PlotY.end()), PlotSeries, {}, PlotLogX, PlotLogY,
                KeepInfeasible, PlotTitle.empty() ? sc.Name() : std::string(PlotTitle), "--set"};
  if (how == Reduce::Pareto) {
    size_t comma = Pareto.find(',');
    auto bare = [](std::string r) { return !r.empty() && r[0] == '-' ? r.substr(1) : r; };
    if (spec.x.empty()) spec.x = bare(Pareto.substr(0, comma));
    if (spec.y.empty()) spec.y.push_back(bare(Pareto.substr(comma + 1)));
  }
  if (spec.x.empty() && !swept.empty()) spec.x = swept[0];
  if (spec.y.empty() && !first_report.empty()) spec.y.push_back(first_report);
  if (spec.series.empty() && PlotX.empty() && how != Reduce::Pareto && swept.size() > 1) spec.series = swept[1];
  if (spec.x.empty()) {
    Fail(Kind::bad_usage, "--plot needs an x axis: sweep a param over several values, or name a column with --x");
    return std::nullopt;
  }
  // The rows' columns are known now: a name that is none of them is refused before the
  // sweep runs and writes its output, not after.
  std::vector<std::pair<const char*, std::string>> asked = {{"--x", spec.x}};
  for (const std::string& y : spec.y) asked.push_back({"--y", y});
  if (!spec.series.empty()) asked.push_back({"--series", spec.series});
  for (const auto& [option, name] : asked)
    if (!llvm::is_contained(names, name)) {
      Fail(Kind::unknown_column, NotOneOf(option, name, "column", "scenario `" + sc.Name() + "`", names));
      return std::nullopt;
    }
  return spec;
}

// The library's options from the command line's. Process 0 alone shows progress (the
// others' stderr goes nowhere).
ringline::SweepOptions SweepOptionsOf(bool lead, ringline::Processes* processes) {
  ringline::SweepOptions o;
  o.backend = BackendOption();
  o.opt_level = OptLevel;
  o.order = LoopOrder;
  o.threads = Threads;
  o.keep_infeasible = KeepInfeasible;
  o.best = Best;
  o.top = Top;
  o.top_by = TopBy;
  o.pareto = Pareto;
  o.histogram = HistogramOf;
  o.bins = Bins;
  o.interrupt = &g_interrupt;
  o.progress = lead && !Quiet && (ShowProgress || isatty(STDERR_FILENO));
  o.processes = processes;
  o.names = {"--best", "--by", "--pareto", "--histogram", "--bins", "--order"};
  return o;
}

// Where the rows go: the output's writer, and with --plot also a table in memory, which
// the chart reads as `plot` reads a file.
struct SweepSinks {
  std::unique_ptr<ringline::Sink> out;
  chart::ResultTable plot_rows;
  std::unique_ptr<runtime::Sink> collect;
  std::unique_ptr<api::NativeSink> tee;

  SweepSinks(runtime::Format fmt, Reduce how, std::ostream& stream, bool plot)
      : out(MakeOutputSink(fmt, stream, /*single_row=*/how == Reduce::Best && fmt == runtime::Format::Table)) {
    if (!plot) return;
    auto& native = static_cast<api::NativeSink&>(*out);  // what ringline::MakeSink makes
    collect = chart::CollectInto(plot_rows);
    tee = std::make_unique<api::NativeSink>(runtime::MakeTee(native.inner(), *collect), native.table_digits());
  }
  ringline::Sink& sink() { return tee ? static_cast<ringline::Sink&>(*tee) : *out; }
};

// `ringline: 12 of 96 points dropped: 12 by "activations fit" (spec.rl:14)` on stderr,
// when some were.
void PrintDropped(const ringline::Scenario& sc, const ringline::SweepSummary& summary) {
  if (summary.infeasible == 0 || summary.dropped.empty()) return;
  const std::vector<ringline::Require>& requires_ = sc.Requires();
  std::string by;
  for (size_t q = 0; q < summary.dropped.size() && q < requires_.size(); ++q) {
    if (summary.dropped[q].second == 0) continue;
    const ringline::Require& r = requires_[q];
    std::string where = r.file.empty() ? "" : fmt::format(" ({}:{})", r.file, r.line);
    by += fmt::format("{}{} by {}{}", by.empty() ? ": " : ", ", summary.dropped[q].second, r.name, where);
  }
  llvm::errs() << fmt::format("ringline: {} of {} points dropped{}\n", summary.infeasible, summary.points, by);
}

// After the sweep on process 0: the output in place, the dropped points, the chart of a
// whole sweep, and the status.
int Conclude(Output& out, const ringline::Scenario& sc, const ringline::SweepSummary& summary,
             const std::optional<chart::PlotSpec>& plot, const chart::ResultTable& plot_rows) {
  if (!out.Commit()) return kUsageError;
  if (!Quiet) PrintDropped(sc, summary);
  if (plot && !summary.interrupted) {
    std::vector<std::string> inputs(Files.begin(), Files.end());
    if (!OutputFile.empty()) inputs.push_back(OutputFile);
    if (Exit e = PlotRows(plot_rows, *plot, PlotFile, inputs); e != kOk) return e;
  }
  if (summary.interrupted) {
    llvm::errs() << fmt::format("ringline: interrupted after {} of {} points; the output holds them\n", summary.points,
                                summary.total);
    return 128 + g_signal.load();
  }
  return kOk;
}

int SweepProcess(ringline::Processes* processes, runtime::mpi::Cluster* cluster);

}  // namespace

// Under mpirun/srun every rank runs the same command; rank 0 alone writes (the others'
// stdout and stderr go to /dev/null), and every rank exits with rank 0's status.
int RunSweep() {
  std::unique_ptr<ringline::Processes> processes = ringline::Processes::Launched();
  runtime::mpi::Cluster* cluster = processes ? &static_cast<api::ClusterProcesses&>(*processes).cluster() : nullptr;
  if (cluster && cluster->rank() != 0) cluster->Silence();
  int code = SweepProcess(processes.get(), cluster);
  // A rank that stopped before agreeing still answers the others (compiler/driver/ranks.h).
  if (int agreed = AgreeReady(processes.get(), code); agreed != kOk) code = agreed;
  // A rank given up after a signal (runtime/mpi/cluster.h) would never join the broadcast.
  if (cluster && cluster->Abandoned())
    cluster->Abort(fmt::format("ringline: a rank did not end within {} s of the signal; ending the job",
                               runtime::mpi::Cluster::kGraceSeconds),
                   code);
  if (cluster) code = cluster->Broadcast(code);
  return code;
}

namespace {

int SweepProcess(ringline::Processes* processes, runtime::mpi::Cluster* cluster) {
  const bool lead = !cluster || cluster->rank() == 0;
  if (!CheckBackend()) return kUsageError;
  std::optional<runtime::Format> fmt = PickFormat(runtime::Format::Csv);
  if (!fmt) return kUsageError;
  std::optional<Reduce> how = PickReduction();
  if (!how) return kUsageError;
  Exit e;
  std::optional<Lowered> run =
      LowerScenario(e, /*eval_only=*/false,
                    SweepSensitivity.empty() ? std::nullopt
                                             : std::optional<std::vector<std::string>>(std::vector<std::string>(
                                                   SweepSensitivity.begin(), SweepSensitivity.end())));
  if (!run) return e;
  ringline::Scenario& sc = *run->scenario;
  std::optional<chart::PlotSpec> plot;
  // A space of 2^64 points or more is the sweep's own error, said first.
  if (!PlotFile.empty() && sc.Points() != UINT64_MAX) {
    plot = SweepPlotSpec(sc, *how);
    if (!plot || !ChartPathOk(PlotFile)) return kUsageError;
  }

  // Ranks other than 0 write nothing: their sink goes to a stream without a buffer.
  if (!lead) plot.reset();
  if (int agreed = AgreeReady(processes, kOk); agreed != kOk) return agreed;
  Output out;
  bool opened = lead ? out.Open() : true;
  if (cluster) opened = cluster->Broadcast(opened) != 0;
  if (!opened) return kUsageError;
  std::ostream nowhere(nullptr);
  SweepSinks sinks(*fmt, *how, lead ? out.stream() : nowhere, plot.has_value());
  ringline::SweepSummary summary;
  if (cluster && lead) cluster->Watch(&g_interrupt);
  SignalWatchdog watchdog(cluster && lead && cluster->size() > 1, out.temp_path());
  try {
    InterruptScope scope;
    summary = sc.Sweep(sinks.sink(), SweepOptionsOf(lead, processes));
  } catch (const ringline::SpecError& err) {
    if (lead) out.Discard();
    return PrintSpecError(err);
  }
  if (summary.abandoned) {
    out.Discard();
    llvm::errs() << "ringline: a rank did not end after the signal; the output is not written\n";
    return 128 + g_signal.load();
  }
  if (!lead) return summary.interrupted ? 128 + g_signal.load() : kOk;
  return Conclude(out, sc, summary, plot, sinks.plot_rows);
}

}  // namespace
}  // namespace rl::driver

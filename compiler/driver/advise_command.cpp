// `ringline advise`: every parallelization strategy of stdlib.strategies (stdlib.advise
// names them) for a network on a cluster at each GPU count, ranked by a goal. Each row is
// stdlib.advise's `advise_row`, called through the checker's call API on static values
// (check::Compilation::Call), so the numbers are exactly those a spec calling the library
// gets; this file only ranks them and writes them through the runtime's sinks.
//   ringline advise --model resnet50 --cluster abci --gpus 16,64,256 --per-gpu 32
#include <fmt/format.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/FileSystem.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "compiler/driver/commands.h"
#include "compiler/driver/evaluate.h"
#include "compiler/driver/options.h"
#include "compiler/driver/plot.h"
#include "compiler/driver/session.h"
#include "include/ringline/ringline.h"
#include "base/units/units.h"

namespace rl::driver {

cl::SubCommand AdviseCmd("advise", "Rank parallelization strategies for a network on a cluster at each GPU count");
static cl::list<std::string> AdviseFiles(cl::Positional, cl::desc("[spec.rl]"), cl::ZeroOrMore, cl::sub(AdviseCmd),
                                         cl::cat(Category));
static cl::opt<std::string> AdviseModel("model", cl::desc("The network: a `let` of the spec, else a stdlib model"),
                                        cl::value_desc("NAME"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseCluster("cluster",
                                          cl::desc("The cluster: a function from a node count to a `Cluster` "
                                                   "(abci, dgx1_pod, dgx_a100_pod, dgx_h100_pod, ...)"),
                                          cl::init("abci"), cl::value_desc("NAME"), cl::sub(AdviseCmd),
                                          cl::cat(Category));
static cl::opt<std::string> AdviseGpus("gpus", cl::desc("GPU counts (default 16,32,...,1024)"),
                                       cl::init("16,32,64,128,256,512,1024"), cl::value_desc("N,N,..."),
                                       cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<unsigned> AdviseBatch("batch", cl::desc("Global batch per iteration (strong scaling)"), cl::init(0),
                                     cl::value_desc("B"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<unsigned> AdvisePerGpu("per-gpu", cl::desc("Samples per GPU (weak scaling; default 32)"), cl::init(0),
                                      cl::value_desc("b"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseDevice("device", cl::desc("Replace the cluster's GPU with this `Device`"),
                                         cl::value_desc("NAME"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseOptimizer("optimizer", cl::desc("sgd, momentum or adam (optimizer state in memory)"),
                                            cl::init("sgd"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseCompute("compute",
                                          cl::desc("Compute times from: kernels (the device's kernel models, "
                                                   "else the roofline; default), roofline, or measured"),
                                          cl::init("kernels"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseSampleTime("sample-time",
                                             cl::desc("With --compute measured: one sample's forward+backward time"),
                                             cl::value_desc("TIME"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseGoal("goal", cl::desc("Rank by time (per epoch), memory (per GPU) or cost (GPU-hours per epoch)"),
                                       cl::init("time"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<double> AdviseThreshold("threshold",
                                        cl::desc("Efficiency that defines each strategy's scaling limit (default 0.8)"),
                                        cl::init(0.8), cl::sub(AdviseCmd), cl::cat(Category));

namespace {

// One row: stdlib.advise's AdviseRow, and its rank.
struct Row {
  double gpus = 0;
  std::string strategy, bound;
  double iter = 0, epoch = 0, memory = 0, capacity = 0, comm = 0, exposed = 0, cost = 0, efficiency = 0;
  double value = 0, limit = 0;
  std::string broken;  // the constraint that fails, "" when feasible
  int rank = 0;        // 1-based among the feasible rows of its GPU count; 0 when infeasible
};

Row FromRecord(const check::Exported& e) {
  auto num = [&](const char* f) { return e.Field(f) ? e.Field(f)->number : 0; };
  auto str = [&](const char* f) { return e.Field(f) ? e.Field(f)->str : std::string(); };
  Row r;
  r.gpus = num("gpus");
  r.strategy = str("strategy");
  r.iter = num("iter"), r.epoch = num("epoch"), r.memory = num("memory"), r.capacity = num("capacity");
  r.comm = num("comm"), r.exposed = num("exposed"), r.cost = num("gpu_hours"), r.efficiency = num("efficiency");
  r.bound = str("bound");
  r.value = num("value"), r.limit = num("limit");
  if (num("feasible") == 0) r.broken = str("constraint").empty() ? "?" : str("constraint");
  return r;
}

std::optional<std::vector<double>> ParseCounts(const std::string& text) {
  std::vector<double> out;
  llvm::SmallVector<llvm::StringRef, 16> parts;
  llvm::StringRef(text).split(parts, ',', -1, false);
  for (llvm::StringRef p : parts) {
    unsigned v;
    if (p.trim().getAsInteger(10, v) || v < 1 || v > 1'000'000) return std::nullopt;
    out.push_back(v);
  }
  if (out.empty()) return std::nullopt;
  return out;
}

double GoalOf(const Row& r) { return AdviseGoal == "memory" ? r.memory : AdviseGoal == "cost" ? r.cost : r.epoch; }

std::string Note(const Row& r) {
  if (r.broken.empty()) return "";
  return fmt::format("breaks `{}` ({} > {})", r.broken, units::FormatNumber(r.value), units::FormatNumber(r.limit));
}

// Per strategy, the largest GPU count at which it is feasible with at least the threshold
// efficiency (0: none), in the order the strategies first appear.
std::vector<std::pair<std::string, double>> Limits(const std::vector<Row>& rows) {
  std::vector<std::pair<std::string, double>> out;
  for (const Row& r : rows) {
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& e) { return e.first == r.strategy; });
    if (it == out.end()) it = out.insert(out.end(), {r.strategy, 0});
    if (r.broken.empty() && r.efficiency >= AdviseThreshold) it->second = std::max(it->second, r.gpus);
  }
  return out;
}

runtime::Column Number(const char* name, const char* unit = "", const char* spec = "", unsigned width = 0) {
  std::string bad;
  runtime::Column c{name, runtime::Column::Kind::Real, *unit ? *units::ParseUnitString(unit, &bad) : units::Unit{}};
  c.table_spec = spec;
  c.width = width;
  return c;
}
runtime::Column Text(const char* name, const runtime::Labels& t, unsigned width = 0,
                     runtime::Column::Align align = runtime::Column::Align::Auto) {
  runtime::Column c = t.Named(name);
  c.width = width, c.align = align;
  return c;
}

// The rows as the table shows them: times in ms and s, memory in GB, shares in percent,
// the first broken constraint with its value and limit.
void WriteTable(runtime::Sink& sink, const std::vector<Row>& rows) {
  runtime::Labels rank, strategy, fits, bound, note;
  std::vector<std::vector<double>> cells;
  for (const Row& r : rows)
    cells.push_back({r.gpus, rank.Of(r.rank ? std::to_string(r.rank) : "-"), strategy.Of(r.strategy), r.iter, r.epoch,
                     r.memory, fits.Of(r.memory <= r.capacity ? "yes" : "no"), 100 * r.exposed / r.iter,
                     100 * r.efficiency, bound.Of(r.bound), r.cost, note.Of(Note(r))});
  runtime::Column gpus{"gpus", runtime::Column::Kind::Int, units::Unit{}};
  gpus.width = 6;
  sink.Begin("", {gpus, Text("rank", rank, 4, runtime::Column::Align::Right), Text("strategy", strategy, 18),
                  Number("iter", "ms", "{:.4g}", 12), Number("epoch", "s", "{:.4g}", 12),
                  Number("mem/GPU", "GB", "{:.4g}", 12), Text("fits", fits, 6, runtime::Column::Align::Right),
                  Number("comm share", "", "{:.1f}%", 10), Number("efficiency", "", "{:.1f}%", 10),
                  Text("bound", bound, 9), Number("GPU-h", "", "{:.4g}", 10), Text("constraint", note)});
  for (const std::vector<double>& c : cells) sink.Row(c.data());
  sink.End();
}

// The rows as CSV and JSON carry them, in SI units (`sweep`'s conventions), and as
// `--plot` charts them.
void WriteData(runtime::Sink& sink, const std::vector<Row>& rows) {
  runtime::Labels strategy, bound, constraint;
  std::vector<std::vector<double>> cells;
  for (const Row& r : rows)
    cells.push_back({r.gpus, double(r.rank), strategy.Of(r.strategy), r.iter, r.epoch, r.memory, r.capacity, r.comm,
                     r.exposed, r.efficiency, r.cost, bound.Of(r.bound), r.broken.empty() ? 1.0 : 0.0,
                     constraint.Of(r.broken)});
  const auto Int = runtime::Column::Kind::Int;
  sink.Begin("", {{"gpus", Int, units::Unit{}}, {"rank", Int, units::Unit{}}, Text("strategy", strategy),
                  Number("iter", "s"), Number("epoch", "s"), Number("memory", "B"), Number("capacity", "B"),
                  Number("comm", "s"), Number("exposed", "s"), Number("efficiency"), Number("gpu_hours"),
                  Text("bound", bound), {"feasible", runtime::Column::Kind::Bool, units::Unit{}},
                  Text("constraint", constraint)});
  for (const std::vector<double>& c : cells) sink.Row(c.data());
  sink.End();
}

// The inputs of the rows, found in one compilation: the spec's (when one is given) and
// stdlib's names, the spec's own winning.
struct Inputs {
  check::Exported net, make, optimizer, compute, device;  // device: a list of at most one
  std::vector<check::Exported> choices;
};

Exit FindInputs(ringline::Spec& spec, Inputs& in) {
  using ringline::Value;
  std::vector<std::string> nets = spec.Names();
  for (const char* m : {"stdlib.hardware", "stdlib.layers", "stdlib.strategies", "stdlib.advise"}) spec.Import(m);
  for (const std::string& m : spec.Import("stdlib.models.all")) nets.push_back(m);
  if (std::find(nets.begin(), nets.end(), std::string(AdviseModel)) == nets.end()) {
    std::string best;
    unsigned best_d = 3;
    for (const std::string& n : nets)
      if (unsigned d = llvm::StringRef(n).edit_distance(AdviseModel); d < best_d) best = n, best_d = d;
    return Fail(Kind::bad_option,
                fmt::format("no network `{}`{}; the models are {}", std::string(AdviseModel),
                            best.empty() ? "" : fmt::format(" (did you mean `{}`?)", best), llvm::join(nets, ", ")));
  }
  // Names on the command line are evaluated where the spec's are; a mistake in one is a
  // diagnostic pointing into the option's text.
  Value net = spec.Eval(AdviseModel, "--model");
  Value make = spec.Eval(AdviseCluster, "--cluster");
  Value opt = spec.Eval(AdviseOptimizer, "--optimizer");
  if (net.kind != Value::Kind::Record || net.str != "Network")
    return Fail(Kind::bad_option, fmt::format("`{}` is not a `Network`", std::string(AdviseModel)));
  if (make.kind != Value::Kind::Function)
    return Fail(Kind::bad_option,
                fmt::format("--cluster names a function from a node count to a `Cluster` (abci, dgx1_pod, "
                            "dgx_a100_pod, dgx_h100_pod, ...); `{}` is not one",
                            std::string(AdviseCluster)));
  in.net = net, in.make = make, in.optimizer = opt;
  in.device = Value::List({});
  if (!AdviseDevice.empty()) {
    Value d = spec.Eval(AdviseDevice, "--device");
    if (d.kind != Value::Kind::Record || d.str != "Device")
      return Fail(Kind::bad_option,
                  fmt::format("`{}` is not a `Device` (see stdlib/hardware.rl)", std::string(AdviseDevice)));
    in.device = Value::List({d});
  }
  std::vector<std::pair<std::string, Value>> compute = {{"source", Value::String(AdviseCompute)}};
  if (AdviseCompute == "measured") {
    Value t = spec.Eval(AdviseSampleTime, "--sample-time");
    if (t.kind != Value::Kind::Number || t.unit != "s")
      return Fail(Kind::bad_option,
                  fmt::format("--sample-time takes a time (`12 ms`); `{}` is {}", std::string(AdviseSampleTime),
                              t.kind != Value::Kind::Number ? "not a number"
                              : t.unit.empty()              ? "a plain number"
                                                            : fmt::format("in `{}`", t.unit)));
    compute.push_back({"sample_time", t});
  }
  in.compute = Value::Record("Compute", compute);
  in.choices = spec.Call("stdlib.advise.advise_choices", {in.make}).items;
  return kOk;
}

// The rows at each GPU count, ranked by the goal.
std::vector<Row> Rows(ringline::Spec& spec, const Inputs& in, const std::vector<double>& gpus) {
  using ringline::Value;
  const unsigned per = AdvisePerGpu > 0 ? unsigned(AdvisePerGpu) : 32u;
  std::vector<Row> rows;
  for (double g : gpus) {
    const auto p = static_cast<int64_t>(g);
    // Efficiency is against one GPU with the same work per GPU (weak scaling) or the same
    // global batch (strong scaling).
    const int64_t batch = AdviseBatch > 0 ? int64_t(AdviseBatch) : p * per;
    const int64_t base = AdviseBatch > 0 ? int64_t(AdviseBatch) : per;
    Value setup = spec.Call("stdlib.advise.advise_setup", {in.make, Value::Int(p)},
                            {{"optimizer", in.optimizer}, {"compute", in.compute}, {"device", in.device}});
    std::vector<Row> group;
    for (const Value& choice : in.choices)
      group.push_back(FromRecord(spec.Call("stdlib.advise.advise_row", {choice, in.net, setup, Value::Int(p),
                                                                        Value::Int(batch), Value::Int(base)})));
    std::stable_sort(group.begin(), group.end(), [](const Row& a, const Row& b) {
      if (a.broken.empty() != b.broken.empty()) return a.broken.empty();
      return GoalOf(a) < GoalOf(b);
    });
    int rank = 0;
    for (Row& r : group)
      if (r.broken.empty()) r.rank = ++rank;
    rows.insert(rows.end(), group.begin(), group.end());
  }
  return rows;
}

}  // namespace

int RunAdvise() {
  std::optional<runtime::Format> format = PickFormat(runtime::Format::Table);
  if (!format) return kUsageError;
  if (!PlotFile.empty() && !ChartPathOk(PlotFile)) return kUsageError;
  if (AdviseGoal != "time" && AdviseGoal != "memory" && AdviseGoal != "cost")
    return Fail(Kind::bad_option,
                fmt::format("unknown --goal `{}`; use time, memory or cost", std::string(AdviseGoal)));
  if (AdviseOptimizer != "sgd" && AdviseOptimizer != "momentum" && AdviseOptimizer != "adam")
    return Fail(Kind::bad_option,
                fmt::format("unknown --optimizer `{}`; use sgd, momentum or adam", std::string(AdviseOptimizer)));
  if (AdviseCompute != "kernels" && AdviseCompute != "roofline" && AdviseCompute != "measured")
    return Fail(Kind::bad_option,
                fmt::format("unknown --compute `{}`; use kernels, roofline or measured", std::string(AdviseCompute)));
  if ((AdviseCompute == "measured") != !AdviseSampleTime.empty())
    return Fail(Kind::bad_usage, "--compute measured and --sample-time TIME go together");
  if (AdviseBatch > 0 && AdvisePerGpu > 0) return Fail(Kind::bad_usage, "give --batch (global) or --per-gpu, not both");
  if (AdviseFiles.size() > 1) return Fail(Kind::bad_usage, "`advise` takes at most one spec file");
  if (AdviseFiles.empty() && AdviseModel.empty())
    return Fail(Kind::bad_usage, "name a network with --model (and a spec file for your own)");
  std::optional<std::vector<double>> gpus = ParseCounts(AdviseGpus);
  if (!gpus)
    return Fail(Kind::bad_option,
                fmt::format("--gpus takes GPU counts, `16,32,64`; got `{}`", std::string(AdviseGpus)));

  std::vector<Row> rows;
  try {
    std::unique_ptr<ringline::Spec> spec =
        AdviseFiles.empty() ? ringline::Spec::Library(LibraryOptions()) : ringline::Spec::Compile(AdviseFiles[0], LibraryOptions());
    Inputs in;
    if (Exit e = FindInputs(*spec, in); e != kOk) return e;
    rows = Rows(*spec, in, *gpus);
  } catch (const ringline::SpecError& e) {
    return PrintSpecError(e);
  }
  std::string batch = AdviseBatch > 0 ? fmt::format("global batch {}", unsigned(AdviseBatch))
                                      : fmt::format("{} samples per GPU", AdvisePerGpu > 0 ? unsigned(AdvisePerGpu) : 32u);
  const std::string title = fmt::format("{} on {}: {}, {}, {} compute", AdviseModel, std::string(AdviseCluster), batch,
                                        std::string(AdviseOptimizer), std::string(AdviseCompute));
  runtime::SinkOptions so;
  std::vector<std::pair<std::string, double>> limits = Limits(rows);
  if (*format == runtime::Format::Table) {
    so.fit_table = true;
    so.title = fmt::format("{}; ranked by {}", title, std::string(AdviseGoal));
    std::string line;
    for (const auto& [name, p] : limits)
      line += fmt::format("{}{} {}", line.empty() ? "" : ", ", name, p > 0 ? units::FormatNumber(p) : "none");
    so.footer = {fmt::format("scaling limit (largest GPU count at {:.0f}% efficiency or more): {}",
                             100 * AdviseThreshold, line)};
  } else {
    std::string json = "{";
    for (size_t i = 0; i < limits.size(); ++i)
      json += (i ? "," : "") + runtime::JsonString(limits[i].first) + ":" + units::FormatNumber(limits[i].second);
    so.json_tail = {{"scaling_limits", json + "}"}};
  }
  std::vector<std::string> inputs(AdviseFiles.begin(), AdviseFiles.end());
  Output out(OutputFile, inputs);
  if (!out.Open()) return kUsageError;
  std::unique_ptr<runtime::Sink> sink = runtime::MakeSink(*format, out.stream(), so);
  (*format == runtime::Format::Table ? WriteTable : WriteData)(*sink, rows);
  if (!out.Commit()) return kUsageError;
  if (PlotFile.empty()) return kOk;
  // The goal's measure against the GPU count, one line per strategy where it is feasible.
  chart::ResultTable table;
  WriteData(*chart::CollectInto(table), rows);
  chart::PlotSpec spec{"gpus", {AdviseGoal == "memory" ? "memory" : AdviseGoal == "cost" ? "gpu_hours" : "epoch"},
                       "strategy", {}, /*logx=*/true, /*logy=*/true, /*keep_infeasible=*/false, title, "--gpus"};
  if (!OutputFile.empty()) inputs.push_back(OutputFile);
  return PlotRows(table, spec, PlotFile, inputs);
}

}  // namespace rl::driver

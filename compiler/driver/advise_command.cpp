// `ringline advise`: every parallelization strategy of stdlib.strategies (stdlib.advise
// names them) for a network on a cluster at each GPU count, ranked by a goal. The command
// writes a small Ringline spec (a scenario whose params are the GPU count and the
// strategy), lowers its variants and evaluates every point with the interpreter, so the
// numbers are exactly those a spec calling the library gets.
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
#include "compiler/interp/interp.h"
#include "compiler/passes/passes.h"
#include "compiler/units/units.h"

namespace rl::driver {

extern std::string g_stdlib_dir;  // main.cpp

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

// The reports of the generated scenario, in order.
enum Rep {
  kIter, kEpoch, kMemory, kCapacity, kComm, kExposed, kCost, kComputeShare, kFeasible, kBroken, kValue, kLimit,
  kThroughput, kBaseThroughput
};

struct Row {
  double gpus;
  std::string strategy;
  std::vector<double> r;
  std::string broken;  // the constraint that fails, "" when feasible
  int rank = 0;        // 1-based among the feasible rows of its GPU count; 0 when infeasible
};

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

std::string Spec(const std::string& import, const std::string& model, const std::vector<double>& gpus) {
  std::string counts;
  for (double g : gpus) counts += (counts.empty() ? "" : ", ") + units::FormatNumber(g);
  std::string per = std::to_string(AdvisePerGpu > 0 ? AdvisePerGpu : 32u);
  std::string batch = AdviseBatch > 0 ? std::to_string(AdviseBatch) : "gpus * " + per;
  // Efficiency is against one GPU with the same work per GPU (weak scaling) or the same
  // global batch (strong scaling).
  std::string base = AdviseBatch > 0 ? std::to_string(AdviseBatch) : per;
  std::string compute = AdviseCompute == "measured"
                            ? fmt::format("Compute {{ source = \"measured\", sample_time = {} }}", AdviseSampleTime)
                            : fmt::format("Compute {{ source = \"{}\" }}", AdviseCompute);
  std::string device = AdviseDevice.empty() ? "" : fmt::format(", device = {}", AdviseDevice);
  return fmt::format(
      "import stdlib.hardware\nimport stdlib.layers\nimport stdlib.strategies\nimport stdlib.advise\n{}\n"
      "let _net = {}\n"
      "let _make = {}\n"
      "let _choices = concat(choices, hybrid_choices(_make(1).gpus_per_node))\n"
      "let _setup = fn(gpus: Int) -> Setup = setup(cluster_for(_make, gpus)) with {{ optimizer = {}, compute = {}{} }}\n"
      "let _names = [[c.name for c in plan_for(ch, _net, _setup(4), 4, 128).constraints] for ch in _choices]\n"
      "scenario advise {{\n"
      "  param gpus: Int in [{}]\n"
      "  param strategy: Choice in _choices\n"
      "  let _s = _setup(gpus)\n"
      "  let _plan = plan_for(strategy, _net, _s, gpus, {})\n"
      "  report iter = _plan.iter\n  report epoch = _plan.epoch\n  report memory = mem_total(_plan)\n"
      "  report capacity = _plan.capacity\n  report comm = _plan.comm\n  report exposed = _plan.exposed\n"
      "  report cost = gpu_hours(_plan)\n"
      "  report compute_share = compute_bound_share(_net, _s.device, max(1, floor({} / gpus)))\n"
      "  report feasible = _plan.feasible\n  report broken = first_broken(_plan)\n"
      "  report broken_value = broken_value(_plan)\n  report broken_limit = broken_limit(_plan)\n"
      "  report tput = throughput(_plan)\n  report base_tput = throughput(serial(_net, _s, {}))\n}}\n",
      import, model, std::string(AdviseCluster), std::string(AdviseOptimizer), compute, device, counts, batch, batch,
      base);
}

// What limits a strategy: the network when exposed communication is half the iteration or
// more, else the roof that binds most of the compute time.
std::string Bound(const Row& r) {
  if (r.r[kExposed] >= 0.5 * r.r[kIter]) return "network";
  return r.r[kComputeShare] >= 0.5 ? "compute" : "memory bw";
}

double Efficiency(const Row& r) { return r.r[kThroughput] / (r.gpus * r.r[kBaseThroughput]); }

double GoalOf(const Row& r) {
  return AdviseGoal == "memory" ? r.r[kMemory] : AdviseGoal == "cost" ? r.r[kCost] : r.r[kEpoch];
}

std::string Note(const Row& r) {
  if (r.broken.empty()) return "";
  return fmt::format("breaks `{}` ({} > {})", r.broken, units::FormatNumber(r.r[kValue]),
                     units::FormatNumber(r.r[kLimit]));
}

void PrintTable(llvm::raw_ostream& os, const std::string& title, const std::vector<Row>& rows) {
  os << title << "\n";
  os << fmt::format("{:>6}  {:>4}  {:<18} {:>12} {:>12} {:>12} {:>6} {:>10} {:>10}  {:<9} {:>10}  {}\n",
                              "gpus", "rank", "strategy", "iter [ms]", "epoch [s]", "mem/GPU [GB]", "fits",
                              "comm share", "efficiency", "bound", "GPU-h", "constraint");
  for (const Row& r : rows)
    os << fmt::format(
        "{:>6}  {:>4}  {:<18} {:>12.4g} {:>12.4g} {:>12.4g} {:>6} {:>9.1f}% {:>9.1f}%  {:<9} {:>10.4g}  {}\n",
        units::FormatNumber(r.gpus), r.rank ? std::to_string(r.rank) : "-", r.strategy, r.r[kIter] * 1e3,
        r.r[kEpoch], r.r[kMemory] / 1e9, r.r[kMemory] <= r.r[kCapacity] ? "yes" : "no",
        100 * r.r[kExposed] / r.r[kIter], 100 * Efficiency(r), Bound(r), r.r[kCost], Note(r));
}

// Per strategy, the largest GPU count at which it is feasible with at least the threshold
// efficiency (0: none), in the order the strategies first appear.
std::vector<std::pair<std::string, double>> Limits(const std::vector<Row>& rows) {
  std::vector<std::pair<std::string, double>> out;
  for (const Row& r : rows) {
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& e) { return e.first == r.strategy; });
    if (it == out.end()) it = out.insert(out.end(), {r.strategy, 0});
    if (r.broken.empty() && Efficiency(r) >= AdviseThreshold) it->second = std::max(it->second, r.gpus);
  }
  return out;
}

std::string Quote(const std::string& s) { return "\"" + s + "\""; }

// Columns as `sweep` writes them: `name[unit]` in CSV headers, {"name", "unit"} in JSON.
void PrintCsvOrJson(llvm::raw_ostream& os, bool json, const std::vector<Row>& rows) {
  const std::pair<const char*, const char*> columns[] = {
      {"gpus", ""},     {"rank", ""},       {"strategy", ""},   {"iter", "s"},      {"epoch", "s"},
      {"memory", "B"},  {"capacity", "B"},  {"comm", "s"},      {"exposed", "s"},   {"efficiency", ""},
      {"gpu_hours", ""}, {"bound", ""},     {"feasible", ""},   {"constraint", ""}};
  auto cells = [&](const Row& r) {
    return std::vector<std::string>{units::FormatNumber(r.gpus), std::to_string(r.rank), Quote(r.strategy),
                                    units::FormatNumber(r.r[kIter]), units::FormatNumber(r.r[kEpoch]),
                                    units::FormatNumber(r.r[kMemory]), units::FormatNumber(r.r[kCapacity]),
                                    units::FormatNumber(r.r[kComm]), units::FormatNumber(r.r[kExposed]),
                                    units::FormatNumber(Efficiency(r)), units::FormatNumber(r.r[kCost]), Quote(Bound(r)),
                                    r.broken.empty() ? "true" : "false", Quote(r.broken)};
  };
  if (!json) {
    for (size_t i = 0; i < std::size(columns); ++i)
      os << (i ? "," : "") << columns[i].first << (*columns[i].second ? fmt::format("[{}]", columns[i].second) : "");
    os << "\n";
    for (const Row& r : rows) os << llvm::join(cells(r), ",") << "\n";
    return;
  }
  os << "{\"columns\":[";
  for (size_t i = 0; i < std::size(columns); ++i)
    os << (i ? "," : "") << fmt::format("{{\"name\":\"{}\",\"unit\":\"{}\"}}", columns[i].first, columns[i].second);
  os << "],\"rows\":[";
  for (size_t i = 0; i < rows.size(); ++i) os << (i ? ",\n[" : "\n[") << llvm::join(cells(rows[i]), ",") << "]";
  os << "\n],\"scaling_limits\":{";
  std::vector<std::pair<std::string, double>> limits = Limits(rows);
  for (size_t i = 0; i < limits.size(); ++i)
    os << (i ? "," : "") << Quote(limits[i].first) << ":" << units::FormatNumber(limits[i].second);
  os << "}}\n";
}

// The top-level `let`s of a spec (not the private ones), which is where a network's name
// is looked up: the spec's, else stdlib/models'.
std::vector<std::string> LetNames(const std::string& file) {
  std::vector<std::string> names;
  Session s;
  if (s.Load(file) != kOk) return names;
  for (const std::string& g : s.comp->GlobalNames())
    if (g[0] != '_') names.push_back(g);
  return names;
}

}  // namespace

int RunAdvise() {
  auto bad = [](const std::string& msg) {
    llvm::errs() << "ringline: error: " << msg << "\n";
    return kUsageError;
  };
  std::optional<runtime::Format> format = PickFormat(runtime::Format::Table);
  if (!format) return kUsageError;
  if (!PlotFile.empty() && !ChartFormatFor(PlotFile)) return kUsageError;
  if (AdviseGoal != "time" && AdviseGoal != "memory" && AdviseGoal != "cost")
    return bad(fmt::format("unknown --goal `{}`; use time, memory or cost", std::string(AdviseGoal)));
  if (AdviseOptimizer != "sgd" && AdviseOptimizer != "momentum" && AdviseOptimizer != "adam")
    return bad(fmt::format("unknown --optimizer `{}`; use sgd, momentum or adam", std::string(AdviseOptimizer)));
  if (AdviseCompute != "kernels" && AdviseCompute != "roofline" && AdviseCompute != "measured")
    return bad(fmt::format("unknown --compute `{}`; use kernels, roofline or measured", std::string(AdviseCompute)));
  if ((AdviseCompute == "measured") != !AdviseSampleTime.empty())
    return bad("--compute measured and --sample-time TIME go together");
  if (AdviseBatch > 0 && AdvisePerGpu > 0) return bad("give --batch (global) or --per-gpu, not both");
  if (AdviseFiles.size() > 1) return bad("`advise` takes at most one spec file");
  if (AdviseFiles.empty() && AdviseModel.empty()) return bad("name a network with --model (and a spec file for your own)");
  std::optional<std::vector<double>> gpus = ParseCounts(AdviseGpus);
  if (!gpus) return bad(fmt::format("--gpus takes GPU counts, `16,32,64`; got `{}`", std::string(AdviseGpus)));

  std::string import = "import stdlib.models.all";
  std::vector<std::string> nets;
  if (!AdviseFiles.empty()) {
    if (!llvm::sys::fs::is_regular_file(AdviseFiles[0]))
      return bad(fmt::format("cannot open `{}`: no such file", AdviseFiles[0]));
    AllowSpecFolder(AdviseFiles[0]);
    nets = LetNames(AdviseFiles[0]);
    llvm::SmallString<256> abs(AdviseFiles[0]);
    llvm::sys::fs::make_absolute(abs);
    // The spec's own name wins; importing both could bind a name twice.
    if (std::find(nets.begin(), nets.end(), std::string(AdviseModel)) != nets.end())
      import = fmt::format("import \"{}\"", abs.str());
  }
  for (const std::string& n : LetNames(g_stdlib_dir + "/models/all.rl")) nets.push_back(n);
  if (std::find(nets.begin(), nets.end(), std::string(AdviseModel)) == nets.end()) {
    std::string best;
    unsigned best_d = 3;
    for (const std::string& n : nets)
      if (unsigned d = llvm::StringRef(n).edit_distance(AdviseModel); d < best_d) best = n, best_d = d;
    return bad(fmt::format("no network `{}`{}; the models are {}", std::string(AdviseModel),
                           best.empty() ? "" : fmt::format(" (did you mean `{}`?)", best), llvm::join(nets, ", ")));
  }
  Session s;
  Exit e = s.LoadText(Spec(import, AdviseModel, *gpus), "<advise>");
  if (e != kOk) return e;
  std::optional<check::Variants> vs = s.comp->LowerVariants("advise", {}, {}, /*all_values=*/true);
  if (!vs) return kSpecError;
  std::optional<check::Exported> names = s.comp->ExportGlobal("_names");
  if (!names) return kSpecError;
  for (ir::Scenario& v : vs->scenarios) passes::RunPipeline(v);

  const ir::Scenario& first = vs->scenarios[0];
  const std::vector<double>& gpu_axis = first.params[0].values;
  const std::vector<std::string>& strategies = first.params[1].labels;
  const size_t ns = first.params[1].values.size();
  std::vector<interp::Evaluator> evs;
  for (const ir::Scenario& v : vs->scenarios) evs.emplace_back(v);
  std::vector<Row> rows;
  for (size_t i = 0; i < gpu_axis.size(); ++i) {
    std::vector<Row> group;
    for (size_t j = 0; j < ns; ++j) {
      size_t variant = 0;
      for (uint32_t p : vs->specialised) variant = variant * first.params[p].values.size() + (p == 0 ? i : j);
      double params[2] = {gpu_axis[i], static_cast<double>(j)};
      Row r{gpu_axis[i], strategies[j], std::vector<double>(first.reports.size())};
      evs[variant].Run(params, r.r.data());
      if (r.r[kFeasible] == 0) {
        size_t b = static_cast<size_t>(r.r[kBroken]);
        const check::Exported& list = names->items[j];
        r.broken = b < list.items.size() ? list.items[b].str : "?";
      }
      group.push_back(std::move(r));
    }
    std::stable_sort(group.begin(), group.end(), [](const Row& a, const Row& b) {
      if (a.broken.empty() != b.broken.empty()) return a.broken.empty();
      return GoalOf(a) < GoalOf(b);
    });
    int rank = 0;
    for (Row& r : group)
      if (r.broken.empty()) r.rank = ++rank;
    rows.insert(rows.end(), group.begin(), group.end());
  }
  std::string batch = AdviseBatch > 0 ? fmt::format("global batch {}", unsigned(AdviseBatch))
                                      : fmt::format("{} samples per GPU", AdvisePerGpu > 0 ? unsigned(AdvisePerGpu) : 32u);
  const std::string title = fmt::format("{} on {}: {}, {}, {} compute", AdviseModel, std::string(AdviseCluster), batch,
                                        std::string(AdviseOptimizer), std::string(AdviseCompute));
  std::string text;
  llvm::raw_string_ostream os(text);
  if (*format == runtime::Format::Table) {
    PrintTable(os, fmt::format("{}; ranked by {}", title, std::string(AdviseGoal)), rows);
    std::string limits;
    for (const auto& [name, p] : Limits(rows))
      limits += fmt::format("{}{} {}", limits.empty() ? "" : ", ", name, p > 0 ? units::FormatNumber(p) : "none");
    os << fmt::format("scaling limit (largest GPU count at {:.0f}% efficiency or more): {}\n", 100 * AdviseThreshold,
                      limits);
  } else {
    PrintCsvOrJson(os, *format == runtime::Format::Json, rows);
  }
  std::vector<std::string> inputs(AdviseFiles.begin(), AdviseFiles.end());
  Output out(OutputFile, inputs);
  if (!out.Open()) return kUsageError;
  out.stream() << text;
  if (!out.Commit()) return kUsageError;
  if (PlotFile.empty()) return kOk;
  // The goal's measure against the GPU count, one line per strategy where it is feasible.
  std::string csv;
  llvm::raw_string_ostream csv_os(csv);
  PrintCsvOrJson(csv_os, /*json=*/false, rows);
  PlotSpec spec{"gpus", {AdviseGoal == "memory" ? "memory" : AdviseGoal == "cost" ? "gpu_hours" : "epoch"}, "strategy",
                {}, /*logx=*/true, /*logy=*/true, /*keep_infeasible=*/false, title, "--gpus"};
  if (!OutputFile.empty()) inputs.push_back(OutputFile);
  return PlotCsv(csv, spec, PlotFile, inputs);
}

}  // namespace rl::driver

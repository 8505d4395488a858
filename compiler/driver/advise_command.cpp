// `ringline advise`: the command line of compiler/advise (rl_advise), which ranks every
// parallelization strategy of stdlib.strategies for a network on a cluster at each GPU
// count; this file reads the options and writes the result through the runtime's sinks.
//   ringline advise --model resnet50 --cluster abci --gpus 16,64,256 --per-gpu 32
#include <fmt/format.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/FileSystem.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "compiler/advise/advise.h"
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

std::optional<std::vector<int64_t>> ParseCounts(const std::string& text) {
  std::vector<int64_t> out;
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

}  // namespace

int RunAdvise() {
  std::optional<runtime::Format> format = PickFormat(runtime::Format::Table);
  if (!format) return kUsageError;
  if (!PlotFile.empty() && !ChartPathOk(PlotFile)) return kUsageError;
  if (AdviseFiles.size() > 1) return Fail(Kind::bad_usage, "`advise` takes at most one spec file");
  if (AdviseFiles.empty() && AdviseModel.empty())
    return Fail(Kind::bad_usage, "name a network with --model (and a spec file for your own)");
  std::optional<std::vector<int64_t>> gpus = ParseCounts(AdviseGpus);
  if (!gpus)
    return Fail(Kind::bad_option,
                fmt::format("--gpus takes GPU counts, `16,32,64`; got `{}`", std::string(AdviseGpus)));
  advise::Query q;
  q.spec = AdviseFiles.empty() ? "" : AdviseFiles[0];
  q.model = AdviseModel, q.cluster = AdviseCluster, q.gpus = *gpus;
  q.batch = AdviseBatch, q.per_gpu = AdvisePerGpu;
  q.device = AdviseDevice, q.optimizer = AdviseOptimizer, q.compute = AdviseCompute;
  q.sample_time = AdviseSampleTime, q.goal = AdviseGoal, q.threshold = AdviseThreshold;
  advise::Result res;
  try {
    res = advise::Run(q, LibraryOptions());
  } catch (const ringline::SpecError& e) {
    return PrintSpecError(e);
  }
  std::vector<std::string> inputs(AdviseFiles.begin(), AdviseFiles.end());
  Output out(OutputFile, inputs);
  if (!out.Open()) return kUsageError;
  const bool table = *format == runtime::Format::Table;
  std::unique_ptr<runtime::Sink> sink =
      runtime::MakeSink(*format, out.stream(), table ? advise::TableOptions(q, res) : advise::DataOptions(res));
  (table ? advise::WriteTable : advise::WriteData)(*sink, res);
  if (!out.Commit()) return kUsageError;
  if (PlotFile.empty()) return kOk;
  // The goal's measure against the GPU count, one line per strategy where it is feasible.
  chart::ResultTable rows;
  advise::WriteData(*chart::CollectInto(rows), res);
  chart::PlotSpec spec{"gpus", {q.goal == "memory" ? "memory" : q.goal == "cost" ? "gpu_hours" : "epoch"},
                       "strategy", {}, /*logx=*/true, /*logy=*/true, /*keep_infeasible=*/false, res.title, "--gpus"};
  if (!OutputFile.empty()) inputs.push_back(OutputFile);
  return PlotRows(rows, spec, PlotFile, inputs);
}

}  // namespace rl::driver

// `ringline advise`: the command line of compiler/advise (rl_advise), which ranks every
// parallelization strategy of stdlib.strategies for a network on a cluster at each GPU
// count (advise.h), or every layout of a transformer (transformer.h); the model's type
// chooses. This file reads the options and writes the result through the runtime's sinks.
//   ringline advise --model resnet50 --cluster abci --gpus 16,64,256 --per-gpu 32
//   ringline advise --model gpt3_175b --cluster selene --gpus 1024 --global-batch 1536 --top 10
#include <fmt/format.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "compiler/advise/advise.h"
#include "compiler/advise/transformer.h"
#include "compiler/driver/commands.h"
#include "compiler/driver/evaluate.h"
#include "compiler/driver/options.h"
#include "compiler/driver/plot.h"
#include "compiler/driver/ranks.h"
#include "compiler/driver/messages.h"
#include "include/ringline/ringline.h"
#include "base/units/units.h"

namespace rl::driver {

cl::SubCommand AdviseCmd("advise",
                         "Rank parallelization strategies for a network, or layouts for a transformer, on a cluster "
                         "at each GPU count");
static cl::list<std::string> AdviseFiles(cl::Positional, cl::desc("[spec.rl]"), cl::ZeroOrMore, cl::sub(AdviseCmd),
                                         cl::cat(Category));
static cl::opt<std::string> AdviseModel("model",
                                        cl::desc("The network or transformer: a `let` of the spec, else a stdlib "
                                                 "model, or `gpt:layers=L,hidden=H,heads=A[,seq=S,vocab=V,ffn=F]`"),
                                        cl::value_desc("NAME"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseCluster("cluster",
                                          cl::desc("The cluster: a function from a node count to a `Cluster` "
                                                   "(abci, dgx1_pod, dgx_a100_pod, dgx_h100_pod, ...)"),
                                          cl::init("abci"), cl::value_desc("NAME"), cl::sub(AdviseCmd),
                                          cl::cat(Category));
static cl::opt<std::string> AdviseGpus(
    "gpus", cl::desc("GPU counts (a network's default 16,32,...,1024; a transformer needs them)"),
    cl::init("16,32,64,128,256,512,1024"), cl::value_desc("N,N,..."), cl::sub(AdviseCmd), cl::cat(Category));
static Count AdviseBatch("batch", cl::desc("Global batch per iteration (strong scaling)"), cl::init(0),
                                     cl::value_desc("B"), cl::sub(AdviseCmd), cl::cat(Category));
static Count AdvisePerGpu("per-gpu", cl::desc("Samples per GPU (weak scaling; default 32)"), cl::init(0),
                                      cl::value_desc("b"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseDevice("device", cl::desc("Replace the cluster's GPU with this `Device`"),
                                         cl::value_desc("NAME"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseOptimizer("optimizer",
                                            cl::desc("sgd, momentum or adam (optimizer state in memory; default: "
                                                     "the --setup's, else sgd; adam for a transformer)"),
                                            cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseCompute("compute",
                                          cl::desc("Compute times from: kernels (the device's kernel models, "
                                                   "else the roofline; default), roofline, or measured"),
                                          cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseSetup("setup",
                                        cl::desc("A `Setup` of the spec: its fields other than the cluster and "
                                                 "device (precision, overlap, buckets, collectives, dataset, ...)"),
                                        cl::value_desc("NAME"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseCollectives("collectives",
                                              cl::desc("`Collectives`, or one allreduce schedule (tree_allreduce, "
                                                       "the spec's own), replacing the setup's"),
                                              cl::value_desc("NAME"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<double> AdviseDataset("dataset",
                                     cl::desc("A network's samples per epoch (default: the --setup's, else "
                                              "ImageNet-1k's 1,281,167); a transformer's training tokens (15e12: "
                                              "the run's days, GPU-hours, energy, cost and failures)"),
                                     cl::init(0), cl::value_desc("N"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseSampleTime("sample-time",
                                             cl::desc("With --compute measured: one sample's forward+backward time"),
                                             cl::value_desc("TIME"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseGoal("goal",
                                       cl::desc("Rank by time (per epoch; a transformer's per iteration), memory "
                                                "(per GPU) or cost (a network's GPU-hours per epoch; a transformer's "
                                                "dollars of the run); a transformer also by energy (its joules)"),
                                       cl::init("time"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseRun("run",
                                      cl::desc("Transformer: the run's `Run` (stdlib.run_cost: PUE, pricing, failures, "
                                               "checkpoints), `Run { pue = 1.1 }`"),
                                      cl::value_desc("EXPR"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<double> AdviseThreshold("threshold",
                                        cl::desc("Efficiency that defines each strategy's scaling limit (default 0.8)"),
                                        cl::init(0.8), cl::sub(AdviseCmd), cl::cat(Category));

// A transformer's layout search (transformer.h).
static Count AdviseGlobalBatch("global-batch", cl::desc("Transformer: sequences per iteration (required)"),
                                           cl::init(0), cl::value_desc("B"), cl::sub(AdviseCmd), cl::cat(Category));
static Count AdviseSeq("seq", cl::desc("Transformer: tokens per sequence (default: the model's)"),
                                   cl::init(0), cl::value_desc("S"), cl::sub(AdviseCmd), cl::cat(Category));
static Count AdviseTop("top", cl::desc("Transformer: layouts shown per GPU count (default 20)"),
                                   cl::init(20), cl::value_desc("K"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdvisePrecision("precision",
                                            cl::desc("A network's: fp32, tf32, fp16, bf16, amp or fp8 (default: the "
                                                     "setup's); a transformer's: fp16, bf16 (default), fp8 or fp32"),
                                            cl::sub(AdviseCmd), cl::cat(Category));
// Today's defaults (ringline/tools.h's LayoutQuery), each switched off with `=false`.
static cl::opt<bool> AdviseOverlap("overlap-grads",
                                   cl::desc("Transformer: overlap the gradient reduction with the backward pass "
                                            "(default on; =false: after it)"),
                                   cl::init(true), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<bool> AdviseOverlapTp("overlap-tp",
                                     cl::desc("Transformer: overlap tensor parallelism's allgathers and "
                                              "reduce-scatters with the GEMMs beside them (default on; =false: exposed)"),
                                     cl::init(true), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<bool> AdviseFlash("flash-attention",
                                  cl::desc("Transformer: the attention core as the device's fused kernel: no scores "
                                           "kept, the causal half of the blocks computed (default on in fp16, bf16 "
                                           "and fp8; =false: unfused)"),
                                  cl::init(true), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseCp("cp",
                                     cl::desc("Transformer: the context-parallel sizes to search (ring attention "
                                              "over each sequence's shares; default 1), `1,2,4`"),
                                     cl::init("1"), cl::value_desc("c,c,..."), cl::sub(AdviseCmd), cl::cat(Category));
static Count AdviseEp("ep", cl::desc("Transformer: pin the expert-parallel size of a mixture of experts"),
                               cl::init(0), cl::value_desc("e"), cl::sub(AdviseCmd), cl::cat(Category));
static Count AdviseEtp("etp", cl::desc("Transformer: the experts' tensor-parallel size (default 1)"), cl::init(1),
                       cl::value_desc("n"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseDispatcher(
    "dispatcher",
    cl::desc("Transformer: how a mixture's tokens reach their experts: deepep (once per node over the network, FP8 "
             "dispatch; the default) or alltoall (Megatron-Core's NCCL all-to-all, every copy on its own)"),
    cl::init("deepep"), cl::value_desc("name"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseSchedule(
    "schedule",
    cl::desc("Transformer: the pipeline schedules to search, comma-separated: 1f1b (the default), gpipe, zb_h1 "
             "(zero-bubble), dualpipe (DeepSeek-V3's)"),
    cl::init("1f1b"), cl::value_desc("names"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<bool> AdviseOverlapA2a("overlap-a2a",
                                      cl::desc("Transformer: run a mixture's all-to-alls behind another micro-batch's "
                                               "compute (Megatron-Core's --overlap-moe-expert-parallel-comm; default off)"),
                                      cl::init(false), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<double> AdviseImbalance("imbalance",
                                       cl::desc("Transformer: the busiest GPU's routed tokens over a balanced share "
                                                "(default 1: balanced, as published MoE benchmarks force it)"),
                                       cl::init(1.0), cl::value_desc("x"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<double> AdviseMemoryReserve("memory-reserve",
                                           cl::desc("Transformer: the share of each GPU's memory a layout may not use "
                                                    "(default 0; a layout above 95% is marked tight)"),
                                           cl::init(0.0), cl::value_desc("share"), cl::sub(AdviseCmd), cl::cat(Category));
static Count AdviseTp("tp", cl::desc("Transformer: pin the tensor-parallel size"), cl::init(0),
                                  cl::value_desc("t"), cl::sub(AdviseCmd), cl::cat(Category));
static Count AdvisePp("pp", cl::desc("Transformer: pin the pipeline-parallel size"), cl::init(0),
                                  cl::value_desc("p"), cl::sub(AdviseCmd), cl::cat(Category));
static Count AdviseDp("dp", cl::desc("Transformer: pin the data-parallel size"), cl::init(0),
                                  cl::value_desc("d"), cl::sub(AdviseCmd), cl::cat(Category));
static Count AdviseMicro("micro-batch", cl::desc("Transformer: pin the micro-batch (sequences)"),
                                     cl::init(0), cl::value_desc("b"), cl::sub(AdviseCmd), cl::cat(Category));
static Count AdviseInterleave("interleave",
                                          cl::desc("Transformer: pin the model chunks per pipeline stage"), cl::init(0),
                                          cl::value_desc("v"), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<std::string> AdviseRecompute("recompute",
                                            cl::desc("Transformer: pin the recomputation: full, selective or none"),
                                            cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<cl::boolOrDefault> AdviseSeqParallel("sequence-parallel",
                                                    cl::desc("Transformer: pin sequence parallelism on (=false: off)"),
                                                    cl::sub(AdviseCmd), cl::cat(Category));
static SignedCount AdviseZero("zero", cl::desc("Transformer: pin the ZeRO stage, 0 to 3"), cl::init(-1),
                               cl::value_desc("N"), cl::sub(AdviseCmd), cl::cat(Category));

namespace {

std::optional<std::vector<int64_t>> ParseCounts(const std::string& text) {
  std::vector<int64_t> out;
  llvm::SmallVector<llvm::StringRef, 16> parts;
  // Every item a count, none empty (`16,,32`) or repeated (the block would print twice).
  llvm::StringRef(text).split(parts, ',', -1, true);
  for (llvm::StringRef p : parts) {
    unsigned v;
    if (p.trim().getAsInteger(10, v) || v < 1 || v > 1'000'000 || llvm::is_contained(out, v)) return std::nullopt;
    out.push_back(v);
  }
  if (out.empty()) return std::nullopt;
  return out;
}

// The result as the format asks (the fitted table, or CSV and JSON), to -o or stdout;
// false after a diagnostic.
template <class Query, class Result>
bool Write(const Query& q, const Result& res, runtime::Format format) {
  Output out(OutputFile, std::vector<std::string>(AdviseFiles.begin(), AdviseFiles.end()));
  if (!out.Open()) return false;
  const bool table = format == runtime::Format::Table;
  std::unique_ptr<runtime::Sink> sink =
      runtime::MakeSink(format, out.stream(), table ? advise::TableOptions(q, res) : advise::DataOptions(res));
  if (table) advise::WriteTable(*sink, res);
  else advise::WriteData(*sink, res);
  return out.Commit();
}

std::vector<const cl::Option*> LayoutOptions() {
  return {&AdviseGlobalBatch, &AdviseSeq, &AdviseTop, &AdviseRun, &AdviseOverlap, &AdviseOverlapTp, &AdviseFlash, &AdviseCp, &AdviseEp, &AdviseEtp, &AdviseTp, &AdvisePp,
          &AdviseDispatcher, &AdviseSchedule, &AdviseOverlapA2a, &AdviseImbalance, &AdviseMemoryReserve, &AdviseDp, &AdviseMicro, &AdviseInterleave, &AdviseRecompute, &AdviseSeqParallel, &AdviseZero};
}

// The library's options, and for `--model path/config.json` its folder, which stdlib.hf
// reads (the user named the file).
ringline::Options AdviseOptions() {
  ringline::Options o = LibraryOptions();
  if (advise::IsHfConfig(AdviseModel)) {
    llvm::SmallString<256> abs{llvm::StringRef(AdviseModel)};
    llvm::sys::fs::make_absolute(abs);
    o.allow_paths.push_back(std::string(llvm::sys::path::parent_path(abs)));
  }
  return o;
}

// Under mpirun: the job's processes (process 0 writes; the others help sweep a
// transformer's layouts and print nothing).
ringline::Processes* g_processes = nullptr;
bool Helper() { return g_processes && g_processes->rank() != 0; }
int AdviseProcess();

// The transformer's layout search on `spec` (null: compile it here), written as the
// format asks.
int RunLayoutSearch(ringline::Spec* spec, const std::vector<int64_t>& gpus) {
  for (const cl::Option* o : std::initializer_list<const cl::Option*>{
           &AdviseBatch, &AdvisePerGpu, &AdviseCompute, &AdviseSampleTime, &AdviseThreshold})
    if (o->getNumOccurrences())
      return Fail(Kind::bad_usage, fmt::format("--{} is for a network's strategies; `{}` is a transformer (its "
                                               "options: --global-batch, --seq, --top, --tp, --pp, ...)",
                                               o->ArgStr.str(), std::string(AdviseModel)));
  if (AdviseGpus.getNumOccurrences() == 0)
    return Fail(Kind::bad_usage, "give a transformer's GPU count with --gpus (`--gpus 1024`)");
  advise::LayoutQuery q;
  q.spec = AdviseFiles.empty() ? "" : AdviseFiles[0];
  q.model = AdviseModel, q.cluster = AdviseCluster.getNumOccurrences() ? AdviseCluster : std::string("selene");
  q.device = AdviseDevice, q.setup = AdviseSetup, q.collectives = AdviseCollectives, q.optimizer = AdviseOptimizer;
  q.gpus = gpus, q.global_batch = AdviseGlobalBatch, q.seq = AdviseSeq, q.tokens = AdviseDataset, q.goal = AdviseGoal, q.top = AdviseTop;
  q.precision = AdvisePrecision.empty() ? std::string("bf16") : std::string(AdvisePrecision);
  q.overlap_grads = AdviseOverlap, q.overlap_tp = AdviseOverlapTp, q.flash = AdviseFlash, q.ep = AdviseEp, q.etp = AdviseEtp;
  q.dispatcher = AdviseDispatcher, q.overlap_a2a = AdviseOverlapA2a, q.imbalance = AdviseImbalance;
  q.memory_reserve = AdviseMemoryReserve, q.schedule = AdviseSchedule;
  q.tp = AdviseTp, q.pp = AdvisePp, q.dp = AdviseDp, q.micro = AdviseMicro, q.interleave = AdviseInterleave;
  q.recompute = AdviseRecompute;
  q.run = AdviseRun;
  q.sequence_parallel = AdviseSeqParallel == cl::BOU_UNSET ? -1 : AdviseSeqParallel == cl::BOU_TRUE ? 1 : 0;
  q.zero = AdviseZero;
  std::optional<std::vector<int64_t>> cps = ParseCounts(AdviseCp);
  if (!cps || llvm::any_of(*cps, [](int64_t c) { return c > 4096; }))
    return Fail(Kind::bad_option, fmt::format("--cp takes distinct context-parallel sizes from 1 to 4096, `1,2,4`; "
                                              "got `{}`", std::string(AdviseCp)));
  q.cp = cps->front(), q.cp_list = *cps;
  if (AdviseFlash.getNumOccurrences() && AdviseFlash && q.precision == "fp32")
    return Fail(Kind::bad_option, "--flash-attention runs in fp16, bf16 or fp8 (the fused kernels have no fp32 "
                                  "form); drop --precision fp32");
  if (AdviseZero < -1 || (AdviseZero.getNumOccurrences() && AdviseZero < 0))
    return Fail(Kind::bad_option, fmt::format("--zero takes a ZeRO stage from 0 to 3; got {}", int(AdviseZero)));
  q.threads = Threads;
  if (!CheckBackend()) return kUsageError;
  q.backend = BackendName == "jit"      ? ringline::Backend::Jit
              : BackendName == "interp" ? ringline::Backend::Interp
                                        : ringline::Backend::Auto;
  std::optional<runtime::Format> format = PickFormat(runtime::Format::Table);
  if (!format) return kUsageError;
  q.processes = g_processes;
  if (int agreed = AgreeReady(g_processes, kOk); agreed != kOk) return agreed;
  advise::LayoutResult res;
  try {
    res = spec ? advise::Run(*spec, q) : advise::Run(q, AdviseOptions());
  } catch (const ringline::SpecError& e) {
    return PrintSpecError(e);
  }
  if (Helper()) return kOk;
  if (!Write(q, res, *format)) return kUsageError;
  if (PlotFile.empty()) return kOk;
  // The run's trade-off: the layouts no other beats in both days and dollars, over every
  // GPU count, as one line of cost against days.
  advise::LayoutResult front = res;
  front.rows = advise::CostFront(res.rows);
  chart::ResultTable rows;
  advise::WriteData(*chart::CollectInto(rows), front);
  chart::PlotSpec trade{"days", {"cost"}, "", {}, /*logx=*/false, /*logy=*/false, /*keep_infeasible=*/false,
                       fmt::format("{} on {}: {} cost against days, the best layouts", q.model, q.cluster,
                                   q.tokens > 0 ? "the run's" : "an iteration's"),
                       "--gpus"};
  std::vector<std::string> inputs(AdviseFiles.begin(), AdviseFiles.end());
  if (!OutputFile.empty()) inputs.push_back(OutputFile);
  return PlotRows(rows, trade, PlotFile, inputs);
}

}  // namespace

int RunAdvise() {
  std::unique_ptr<ringline::Processes> processes = ringline::Processes::Launched();
  if (processes && processes->rank() != 0) processes->Silence();
  g_processes = processes.get();
  int code = AdviseProcess();
  // A rank that stopped before agreeing still answers the others (compiler/driver/ranks.h).
  if (int agreed = AgreeReady(g_processes, code); agreed != kOk) code = agreed;
  g_processes = nullptr;
  return code;
}

namespace {

int AdviseProcess() {
  std::optional<runtime::Format> format = PickFormat(runtime::Format::Table);
  if (!format) return kUsageError;
  if (!PlotFile.empty() && !ChartPathOk(PlotFile)) return kUsageError;
  if (AdviseFiles.size() > 1) return Fail(Kind::bad_usage, "`advise` takes at most one spec file");
  if (AdviseFiles.empty() && AdviseModel.empty())
    return Fail(Kind::bad_usage, "name a network with --model (and a spec file for your own)");
  // 0 means "unset" to the library (its defaults); a 0 the user typed is out of range.
  if (AdviseDataset.getNumOccurrences() && !(AdviseDataset >= 1 && AdviseDataset == std::floor(AdviseDataset)))
    return Fail(Kind::bad_option, fmt::format("--dataset takes a whole count of 1 or more; got {}", double(AdviseDataset)));
  for (const Count* o : {&AdviseEp, &AdviseEtp, &AdviseBatch, &AdvisePerGpu, &AdviseGlobalBatch, &AdviseSeq, &AdviseTop,
                                     &AdviseTp, &AdvisePp, &AdviseDp, &AdviseMicro, &AdviseInterleave})
    if (o->getNumOccurrences() && *o == 0)
      return Fail(Kind::bad_option, fmt::format("--{} takes a count of 1 or more; got 0", o->ArgStr.str()));
  std::optional<std::vector<int64_t>> gpus = ParseCounts(AdviseGpus);
  if (!gpus)
    return Fail(Kind::bad_option,
                fmt::format("--gpus takes distinct GPU counts from 1 to 10^6, `16,32,64`; got `{}`", std::string(AdviseGpus)));
  // A transformer's layouts, or a network's strategies: `gpt:` says which at once, a name
  // once the spec (or the standard library) is compiled.
  std::unique_ptr<ringline::Spec> compiled;
  bool transformer = llvm::StringRef(AdviseModel).starts_with("gpt:");
  if (!transformer) {
    try {
      compiled = AdviseFiles.empty() ? ringline::Spec::Library(AdviseOptions())
                                     : ringline::Spec::Compile(AdviseFiles[0], AdviseOptions());
      transformer = advise::IsTransformer(*compiled, AdviseModel);
    } catch (const ringline::SpecError& e) {
      return PrintSpecError(e);
    }
  }
  // With a layout's options, a name that is no transformer is the layout search's
  // mistake (`no transformer `gpt3_17b` (did you mean `gpt3_175b`?)`).
  for (const cl::Option* o : LayoutOptions()) transformer |= o->getNumOccurrences() > 0;
  if (transformer) return RunLayoutSearch(compiled.get(), *gpus);
  advise::Query q;
  q.spec = AdviseFiles.empty() ? "" : AdviseFiles[0];
  q.model = AdviseModel, q.cluster = AdviseCluster, q.gpus = *gpus;
  q.batch = AdviseBatch, q.per_gpu = AdvisePerGpu;
  q.device = AdviseDevice, q.optimizer = AdviseOptimizer, q.compute = AdviseCompute;
  q.sample_time = AdviseSampleTime, q.goal = AdviseGoal, q.threshold = AdviseThreshold;
  q.setup = AdviseSetup, q.collectives = AdviseCollectives, q.precision = AdvisePrecision;
  if (AdviseDataset > 9.2e18) return Fail(Kind::bad_option, "--dataset takes at most 9.2e18 samples");
  q.dataset = static_cast<int64_t>(AdviseDataset);
  if (int agreed = AgreeReady(g_processes, kOk); agreed != kOk) return agreed;
  // A network's strategies are a few hundred points: process 0 alone evaluates them.
  if (Helper()) return kOk;
  advise::Result res;
  try {
    res = advise::Run(*compiled, q);
  } catch (const ringline::SpecError& e) {
    return PrintSpecError(e);
  }
  if (!Write(q, res, *format)) return kUsageError;
  if (PlotFile.empty()) return kOk;
  std::vector<std::string> inputs(AdviseFiles.begin(), AdviseFiles.end());
  // The goal's measure against the GPU count, one line per strategy where it is feasible.
  chart::ResultTable rows;
  advise::WriteData(*chart::CollectInto(rows), res);
  chart::PlotSpec spec{"gpus", {q.goal == "memory" ? "memory" : q.goal == "cost" ? "cost" : q.goal == "energy" ? "energy" : "epoch"},
                       "strategy", {}, /*logx=*/true, /*logy=*/true, /*keep_infeasible=*/false, res.title, "--gpus"};
  if (!OutputFile.empty()) inputs.push_back(OutputFile);
  return PlotRows(rows, spec, PlotFile, inputs);
}

}  // namespace
}  // namespace rl::driver

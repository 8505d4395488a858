// `ringline advise` for transformers (rl_advise, on the library API): every layout of a
// transformer on a cluster at each GPU count, tensor, pipeline and data-parallel sizes,
// micro-batch, interleaving, recomputation, sequence parallelism and ZeRO stage, ranked by
// a goal. The layouts are the params of one scenario of the standard library,
// stdlib.advise_llm's `layout_search`, which this library lowers with the query's settings
// (`t=1,2,4,8`, the divisors of the GPU count, the model's dimensions, the cluster by
// name; a pinned dimension is one value) and sweeps: the engine keeps the best rows by the
// goal and counts the layouts each of stdlib.megatron's constraints rules out. When no
// layout of the (pinned) space can run, its rows come back infeasible, each naming the
// constraints it breaks. The command (compiler/driver) and the Python package call Run.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "include/ringline/tools.h"
#include "runtime/sinks.h"

namespace rl::advise {

using LayoutQuery = ringline::LayoutQuery;  // ringline/tools.h

// One layout and its cost (stdlib.advise_llm's reports, SI units).
struct LayoutRow {
  int64_t gpus = 0, t = 0, p = 0, d = 0, b = 0, v = 0, zero = 0, e = 1;  // e: expert-parallel size
  int64_t c = 1;                   // context-parallel size
  std::string recompute;
  std::string schedule;            // the pipeline schedule (Layout.order)
  bool sp = false;
  double iter = 0, tflops = 0, mfu = 0;  // s, FLOP/s per GPU (hardware FLOPs), model FLOPs / peak
  double memory = 0, weights = 0, grads = 0, optimizer = 0, activations = 0, other = 0, capacity = 0;  // B per GPU
  double bubble = 0, exposed = 0;  // s
  bool tight = false;              // fits, but only above 95% of HBM (stdlib.strategies' memory_tight)
  // The run's (stdlib.run_cost): days and GPU-hours elapsed, J, USD, a count, s, a share.
  double days = 0, gpu_hours = 0, energy = 0, cost = 0, interruptions = 0, checkpoint_interval = 0, goodput = 0;
  std::vector<std::string> broken;  // the constraints it breaks, in stdlib.advise_llm's order; empty: feasible
  int rank = 0;                     // 1-based among the feasible rows of its GPU count; 0 when infeasible
};

// The search at one GPU count: layouts in the (pinned) space, the feasible ones, and per
// constraint the layouts that break it (a layout may break several).
struct LayoutSearch {
  int64_t gpus = 0;
  uint64_t layouts = 0, feasible = 0;
  std::vector<std::pair<std::string, uint64_t>> dropped;
  double seconds = 0;  // lowering and sweeping
};

struct LayoutResult {
  std::string title;            // `gpt3_175b on selene: global batch 1536, seq 2048, bf16`
  std::vector<LayoutRow> rows;  // by GPU count, best first; infeasible rows only where none is feasible
  std::vector<LayoutSearch> searches;
  int64_t seq = 0;              // tokens per sequence
  bool experts = false;         // a mixture of experts: the rows show e after d
  bool contexts = false;        // several context-parallel sizes searched: the rows show c after d
  bool schedules = false;       // schedules other than 1F1B searched: the rows show theirs after v
  bool run = false;             // tokens to train on were given: the table shows the run's cost
};

// `gpt:layers=96,hidden=12288,...` as a `Transformer` expression of stdlib.megatron
// (`gpt_config("gpt", 96, 12288, 96, 2048, 51200)`, `with { ffn = ..., kv_heads = ... }`
// for those given); throws SpecError (`bad_option`) naming the bad key or value.
std::string GptModelText(const std::string& text);

// Whether `model` names a transformer: `gpt:...`, a `Transformer` value of the spec, or
// (when the spec does not bind the name) one of the standard library's; a network or an
// unknown name is not (the CNN advise, advise.h, answers those).
bool IsTransformer(ringline::Spec& spec, const std::string& model);
// Whether `model` names a Hugging Face config.json (`path/config.json`), which stdlib.hf
// reads; its folder must be one the spec may read (the command and Python allow it).
bool IsHfConfig(const std::string& model);

// The query's own mistakes (a goal, pin or count out of range), before anything is
// compiled: a SpecError of `bad_option` or `bad_usage` diagnostics.
void Validate(const LayoutQuery& q);

// Validates, compiles the spec (or the standard library alone), and searches at every GPU
// count. Throws ringline::SpecError: the query's mistakes, and names its options' texts
// do not resolve (`--cluster:1:1: error: unknown name ...`).
LayoutResult Run(const LayoutQuery& q, const ringline::Options& options = {});
// The same on a spec already compiled (the driver's, which asked IsTransformer).
LayoutResult Run(ringline::Spec& spec, const LayoutQuery& q);

// The feasible rows no other feasible row beats in both days and cost (ties: the fewer
// joules), by days: the run's trade-off `advise --plot` draws.
std::vector<LayoutRow> CostFront(const std::vector<LayoutRow>& rows);

// The rows as the command's table shows them (times in s, FLOP/s in TFLOP/s, memory in
// GB, shares in percent, the binding constraint), the title before them and, per GPU
// count, a line per constraint with the layouts it ruled out after them.
void WriteTable(runtime::Sink& sink, const LayoutResult& r);
runtime::SinkOptions TableOptions(const LayoutQuery& q, const LayoutResult& r);
// The rows as CSV and JSON carry them, in SI units (`iter` in s, memory in B, `feasible`,
// `constraint` the first broken one as the CNN advise's); JSON's `searches` member (the
// layouts and the drops per GPU count) comes from DataOptions.
void WriteData(runtime::Sink& sink, const LayoutResult& r);
runtime::SinkOptions DataOptions(const LayoutResult& r);

}  // namespace rl::advise

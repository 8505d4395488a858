// The command's tools as a library: `advise` (a network's parallelization strategies, a
// transformer's layouts) and `stats` (a network's layers). Each answer is a Table: the
// columns and rows `--format csv` writes and the members `--format json` adds, so that a
// program (the Python package's DataFrames) reads exactly what the command prints.
//
//   auto spec = ringline::Spec::Library();
//   ringline::LayoutQuery q;
//   q.model = "llama2_70b", q.cluster = "dgx_h100_pod", q.gpus = {64}, q.global_batch = 512;
//   ringline::Table t = ringline::Advise(*spec, q);     // t.rows[0]: the best layout
#pragma once
#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ringline.h"  // beside this header, in the source tree and installed

namespace ringline {

// A tool's answer. A Label column's cell is the index of its text in the column's labels;
// every other cell is in SI units, as the command's CSV writes it.
struct Table {
  std::string title;
  std::vector<Column> columns;
  std::vector<std::vector<double>> rows;
  // `--format json`'s members beside "columns" and "rows": the name and its JSON text
  // (advise's `scaling_limits` and `baseline`, the layout search's `searches`).
  std::vector<std::pair<std::string, std::string>> members;
};

// A network's strategies (`ringline advise --model resnet50`).
struct AdviseQuery {
  std::string spec;   // a spec whose networks, clusters and devices count too ("" for none)
  std::string model;  // a `let` of the spec, else a stdlib model
  std::string cluster = "abci";  // a function from a node count to a `Cluster`
  std::vector<int64_t> gpus = {16, 32, 64, 128, 256, 512, 1024};
  int64_t batch = 0;    // global batch per iteration (strong scaling); 0: per_gpu
  int64_t per_gpu = 0;  // samples per GPU (weak scaling); 0 and batch 0: 32
  std::string device;   // replaces the cluster's GPU ("" for the cluster's own)
  // A `Setup` of the spec whose fields other than the cluster and device count (precision,
  // overlap, buckets, collectives, dataset, optimizer, compute), "" for stdlib's defaults.
  std::string setup;
  // `Collectives` (or one allreduce schedule, `fn(B, Int, Link) -> s`) replacing the setup's.
  std::string collectives;
  int64_t dataset = 0;  // samples per epoch; 0: the setup's (ImageNet-1k's 1,281,167)
  std::string precision;  // fp32, tf32, fp16, bf16, amp or fp8 (stdlib.strategies' with_precision); "": the setup's
  // "" keeps the setup's optimizer and compute source (sgd and kernels without --setup).
  std::string optimizer, compute, sample_time, goal = "time";
  double threshold = 0.8;  // the efficiency that defines a strategy's scaling limit
  // Polled between GPU counts and strategies; set it to stop: Advise then throws
  // SpecError of kind `interrupted`.
  const std::atomic<bool>* interrupt = nullptr;
};

// A transformer's layouts (`ringline advise --model gpt3_175b --global-batch 1536`).
struct LayoutQuery {
  std::string spec;  // a spec whose transformers and clusters count too ("" for none)
  // A `Transformer` of the spec, a transformer of the standard library by name
  // (stdlib.advise_llm's `transformer_models`: gpt3_175b, megatron_530b, llama2_70b, ...),
  // one by its dimensions, `gpt:layers=96,hidden=12288,heads=96[,seq=2048,vocab=51200,
  // ffn=49152,kv_heads=96]`, or a Hugging Face `path/config.json` (stdlib.hf; the spec's
  // options must allow its folder).
  std::string model;
  std::string cluster = "selene";  // a function from a node count to a `Cluster`
  // The run's Setup as a network's (AdviseQuery): a `Device` replacing the
  // cluster's, a `Setup` whose fields other than the cluster and device count, `Collectives`
  // or one allreduce schedule, and an `Optimizer` ("": the setup's, else adam).
  std::string device, setup, collectives, optimizer;
  std::vector<int64_t> gpus = {1024};
  int64_t global_batch = 0;        // sequences per iteration (required)
  int64_t seq = 0;                 // tokens per sequence; 0: the model's
  // Tokens to train on (0: the run is one iteration): the rows' days, gpu_hours, energy,
  // cost, interruptions, checkpoint_interval and goodput are the run's (stdlib.run_cost).
  double tokens = 0;
  std::string run;                 // a `Run` (stdlib.run_cost: PUE, pricing, failures, checkpoints); "": Run {}
  // time (per iteration), memory (per GPU), cost (the run's dollars) or energy (its joules)
  std::string goal = "time";
  size_t top = 20;                 // rows per GPU count
  std::string precision = "bf16";  // fp16, bf16 (fp32 gradients) or fp32
  // What Megatron-Core, NeMo and TorchTitan run by default (docs/transformers.md, "Today's
  // defaults"), each on unless switched off: the gradient reduction overlapped with the
  // backward pass, tensor parallelism's collectives overlapped with the GEMMs beside them,
  // and the attention core as the device's fused kernel (flash_fwd, flash_bwd) where the
  // precision has one (fp16, bf16, fp8; fp32 runs it unfused).
  bool overlap_grads = true;
  bool overlap_tp = true;
  bool flash = true;
  int64_t cp = 1;                  // context-parallel size (ring attention; 1: none)
  // The context-parallel sizes searched, each a layout dimension like t (`--cp 1,2,4`);
  // empty: `cp` alone.
  std::vector<int64_t> cp_list;
  int64_t ep = 0;                  // expert-parallel size; 0: every divisor of a mixture's experts
  int64_t etp = 1;                 // the experts' own tensor-parallel size (Megatron-Core's expert_tensor_parallel_size)
  // A mixture's token dispatch (stdlib.megatron's Layout.dispatcher: "alltoall" or "deepep"),
  // its all-to-alls behind another micro-batch's compute, and the busiest GPU's routed
  // tokens over a balanced share (1: balanced).
  std::string dispatcher = "deepep";
  bool overlap_a2a = false;
  double imbalance = 1.0;
  double memory_reserve = 0;       // the share of HBM a layout may not use (Setup.reserve)
  // The pipeline schedules searched, comma-separated (stdlib.megatron's Layout.order:
  // 1f1b, gpipe, zb_h1, dualpipe); other than "1f1b", the rows show theirs.
  std::string schedule = "1f1b";
  // Pins (0, "" or -1: every value): tensor, pipeline, data-parallel sizes, micro-batch,
  // interleaved chunks, recomputation ("none", "selective", "full"), sequence parallelism
  // (0 off, 1 on) and ZeRO stage (0..3).
  int64_t tp = 0, pp = 0, dp = 0, micro = 0, interleave = 0;
  std::string recompute;
  int sequence_parallel = -1, zero = -1;
  unsigned threads = 0;  // 0: every core
  Backend backend = Backend::Auto;
  // With several: each search spread over an MPI job's processes (every process calls Run
  // with the same query; process 0's result holds the rows, the others' none).
  Processes* processes = nullptr;
  // Polled between GPU counts and between a search's chunks; set it to stop: Advise then
  // throws SpecError of kind `interrupted`.
  const std::atomic<bool>* interrupt = nullptr;
};

// A network's layers (`ringline stats`).
struct StatsQuery {
  std::string file;    // a spec, or "" for stdlib/models
  std::string model;   // "" for the file's only network
  std::string device;  // "" for none: with one, each layer's time, the model that gave it and its traffic
  unsigned batch = 1;
  unsigned element_bytes = 4;
};

// Whether `model` names a transformer of `spec` (a `Transformer` value, `gpt:...`, or one of
// the standard library's when the spec does not bind the name): the layout search answers
// it; a network or an unknown name is the strategies' to answer.
bool IsTransformer(Spec& spec, const std::string& model);

// The strategies or layouts ranked, as `advise --format csv` writes them. `spec` holds the
// query's spec (Spec::Compile of q.spec, or Spec::Library when it names none). Throws
// SpecError: the query's mistakes (`bad_option`, `bad_usage`) and names its texts do not
// resolve (`--cluster:1:1: error: unknown name ...`).
Table Advise(Spec& spec, const AdviseQuery& q);
Table Advise(Spec& spec, const LayoutQuery& q);

// Per layer, then the total (its `layer` is 0): `stats --format csv`'s columns and, with a
// device, the forward memory traffic (`traffic`). Its members: model, batch, device and,
// with a device, its FLOP/s roof (`peak`) and memory bandwidth (`membw`); warnings come
// as a `warnings` member (a JSON list). Throws SpecError.
Table Stats(const StatsQuery& q, const Options& options = {});

}  // namespace ringline

// stdlib.advise_llm: what `ringline advise` searches for a transformer (compiler/advise,
// docs/transformers.md, "Searching layouts"): the transformers it knows by name, and one
// scenario whose params are the model, the run and the layout (tensor, pipeline and
// data-parallel sizes, micro-batch, interleaving, recomputation, sequence parallelism,
// ZeRO stage), each of the plan's constraints a `require` by its own name. The command
// sets the params (`--set t=1,2,4,8`, `--set gpus=1024`, `--set make=selene`,
// `--set 'model=transformer_models[17]'`) and sweeps it;
// a spec can sweep it too:
//   ringline sweep stdlib/advise_llm.rl --top 10 --by iter --format table
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron
import stdlib.run_cost
import stdlib.advise
import stdlib.models.llama
import stdlib.models.gpt_shapes
import stdlib.models.moe_transformers
import stdlib.models.nemotron

// ---- the transformers by name -----------------------------------------------------------

// A Llama of stdlib.models.llama as stdlib.megatron's `Transformer`: SwiGLU, no biases,
// RMSNorm, rotary positions, grouped-query attention, on `seq` tokens.
fn llama_transformer(name: String, c: LlamaConfig, seq: Int) -> Transformer =
  Transformer { name = name, layers = c.layers, hidden = c.hidden, heads = c.heads, kv_heads = c.kv_heads, seq = seq,
                vocab = c.vocab, ffn = c.ffn, gated = true, bias = false, positions = false, tied = c.tied,
                experts = c.experts, top_k = c.top_k,
                capacity = if c.capacity_factor > 0 then c.capacity_factor else 1.0 }

// The dense transformers of stdlib.models.gpt, stdlib.models.transformer and
// stdlib.models.llama under the names of their networks: GPT-2 (Radford et al. 2019:
// vocabulary 50,257, 1,024 tokens; small 124M, medium 355M, large 774M, XL 1.5B), GPT-3
// 175B with Megatron-LM's vocabulary padded to 51,200 and SC21 Table 1's GPTs (2,048
// tokens), Llama 2 (4,096), Llama 3 (8,192), Mixtral 8x7B (8 experts, 2 per token; 4,096
// tokens here, `--seq` for its 32,768), stdlib.models.moe_transformers' Qwen3 and GPT-OSS
// mixtures, Mixtral 8x22B, DeepSeek-V3 (with its multi-token-prediction module, and
// `deepseek_v3_no_mtp` without) and Kimi K2, and stdlib.models.nemotron's Nemotron-4 15B and
// 340B (4,096 tokens each).
let transformer_models = concat(
  [gpt_config(s.name, s.layers, s.hidden, s.heads, 1024, 50257) for s in gpt2_shapes],
  [gpt_config(gpt3_175b_shape.name, gpt3_175b_shape.layers, gpt3_175b_shape.hidden, gpt3_175b_shape.heads)],
  [gpt_config(s.name, s.layers, s.hidden, s.heads) for s in megatron_shapes], [
  llama_transformer("llama2_7b", llama2_7b_config, 4096),
  llama_transformer("llama2_13b", llama2_13b_config, 4096),
  llama_transformer("llama2_70b", llama2_70b_config, 4096),
  llama_transformer("llama3_8b", llama3_8b_config, 8192),
  llama_transformer("llama3_70b", llama3_70b_config, 8192),
  llama_transformer("llama3_405b", llama3_405b_config, 8192),
  llama_transformer("mixtral_8x7b", mixtral_8x7b_config, 4096),
  qwen3_30b_a3b, qwen3_235b_a22b, gpt_oss_20b, gpt_oss_120b,
  mixtral_8x22b, nemotron4_15b, nemotron4_340b, deepseek_v3, deepseek_v3_no_mtp, kimi_k2])

// The same, for the library API's calls (`stdlib.advise_llm.known_transformers`); the
// command names the one `--model` gives by its place in the list,
// `transformer_models[17]`.
fn known_transformers() -> [Transformer] = transformer_models

// The GPUs of one node of the clusters `make` builds.
fn node_gpus(make: fn(Int) -> Cluster) -> Int = make(1).gpus_per_node

// ---- the constraints ----------------------------------------------------------------------

// The constraints a layout can break are the plan's own (stdlib.megatron's
// transformer_plan, then the memory of stdlib.strategies' plans), in its order: the search
// requires each by its name, and a row's `broken` has bit k set when the k-th fails.
fn broken_mask(plan: Plan) -> Int =
  sum k in range(len(plan.constraints)): if holds(plan.constraints[k]) then 0 else 2 ^ k
// Their names, from a plan of any model and layout (the list does not depend on them).
fn constraint_names() -> [String] =
  [c.name for c in transformer_plan(gpt_config("any", 2, 64, 2, 64, 64), llm_setup(selene(1)), Layout {}).constraints]
// The requires the command lists even when they drop nothing (the library's own argument
// checks, `a cluster's nodes >= 1`, only when they drop some).
fn listed_requires() -> [String] = concat(constraint_names(), ["same as another layout"])

// The Setup a search runs on: stdlib.advise's advise_setup (the cluster `make` builds with
// room for `gpus` GPUs; `device`, `base` and `coll`, at most one each, replace its device,
// the Setup's other fields and its collectives) with `optimizer`, in llm_setup's half
// precision (the layout's precision decides the rest).
fn llm_advise_setup(make: fn(Int) -> Cluster, gpus: Int, optimizer: Optimizer = adam, device: [Device] = [],
                    base: [Setup] = [], coll: [Collectives] = []) -> Setup =
  llm_half(advise_setup(make, gpus, optimizer, kernel_source, device, base, coll))

// ---- the search -----------------------------------------------------------------------------

// Every layout of the transformer `model` on `gpus` GPUs of the cluster `make(nodes)`
// builds, for a global batch of `batch` sequences; `dp` 0 is the data-parallel size the
// GPUs leave, gpus / (t p c). The run's Setup is llm_advise_setup's, from `make`, `device`,
// `base`, `coll` and `opt`. The values here are GPT-3 175B's search on 1,024 of
// Selene's A100s; the command replaces them (t: the divisors of the GPU count up to a node,
// p: every divisor up to the layer count, the model and setup as the options name them).
// `tokens` to train on (0: one iteration) and the `run`'s settings give the run's cost
// (stdlib.run_cost): `days`, `gpu_hours`, `energy`, `cost`, `interruptions`,
// `checkpoint_interval` and `goodput`, failures and checkpoints included.
// Reports are SI: times in s, memory in B, FLOP/s, energy in J, cost in USD; `broken` the
// constraints a layout breaks (broken_mask) and `repeat` whether it is one of those the
// last require drops, for the rows kept infeasible.
// `dedupe_*` false keeps the layouts that cost what another does (a pinned dimension).
scenario layout_search {
  param model: Transformer = gpt_config("gpt3_175b", 96, 12288, 96)
  param make: fn(Int) -> Cluster = selene
  param device: [Device] = []
  param base: [Setup] = []
  param coll: [Collectives] = []
  param opt: Optimizer = adam
  param gpus: Int = 1024
  param batch: Int = 1536
  param precision: String = "bf16"
  param overlap: Bool = false
  param overlap_tp: Bool = false
  param flash: Bool = false
  param cp: Int = 1
  param ep: Int = 1
  param etp: Int = 1
  param dispatcher: String = "deepep"
  param overlap_a2a: Bool = false
  param imbalance: Real = 1.0
  param reserve: Real = 0.0
  param order: String = "1f1b" in ["1f1b", "gpipe", "zb_h1", "dualpipe"]
  param t: Int = 8 in [1, 2, 4, 8]
  param p: Int = 16 in [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]
  param dp: Int = 0
  param b: Int = 1 in [1, 2, 4, 8, 16]
  param v: Int = 1 in 1 .. 8
  param recompute: String = "full" in ["none", "selective", "full"]
  param sp: Bool = false in [false, true]
  param zero: Int = 1 in 0 .. 3
  param dedupe_sp: Bool = true
  param dedupe_v: Bool = true
  param dedupe_zero: Bool = true
  param dedupe_selective: Bool = true
  param tokens: Real = 0
  param run: Run = Run {}
  let data = if dp > 0 then dp else max(1, floor(gpus / (t * p * cp)))
  let lay = Layout { tensor = t, pipeline = p, data = data, micro = b, batch = batch, interleave = v,
                     recompute = recompute, sequence_parallel = sp, zero = zero, precision = precision,
                     overlap_grads = overlap, overlap_tp = overlap_tp, flash = flash, context = cp, expert = ep,
                     expert_tensor = etp, dispatcher = dispatcher, overlap_a2a = overlap_a2a, imbalance = imbalance,
                     order = order }
  let st = llm_advise_setup(make, gpus, opt, device, base, coll) with { reserve = reserve }
  let plan = transformer_plan(model, st, lay)
  require [holds(c) for c in plan.constraints], [c.name for c in plan.constraints]
  // A layout the search meets twice otherwise: sequence parallelism without tensor
  // parallelism, interleaving without a pipeline, ZeRO without data parallelism cost what
  // the layout without them costs, and so does selective recomputation with FlashAttention,
  // which keeps no scores to recompute (not applied to a dimension the command pins).
  let repeats = (dedupe_sp and sp and t == 1) or (dedupe_v and v > 1 and p == 1) or
                (dedupe_zero and zero > 0 and data == 1) or
                (dedupe_selective and flash and recompute == "selective") or
                (order == "zb_h1" and p == 1)
  require not repeats, "same as another layout"
  let hw = flops_hardware(model, batch, recompute, flash)
  report d = data
  report iter = plan.iter
  report tflops = tflops_per_gpu(plan, hw)
  report mfu = mfu(plan, model, st, lay)
  report memory = mem_total(plan)
  report weights = plan.memory.weights
  report grads = plan.memory.grads
  report optimizer = plan.memory.optimizer
  report activations = plan.memory.activations
  report other = plan.memory.workspace + plan.memory.buffers
  report capacity = plan.capacity
  report tight = memory_tight(plan)
  report bubble = plan.bubble
  report exposed = plan.exposed
  let state = checkpoint_bytes(checkpoint_params(model), elem_bytes(lay), st.optimizer, st.mixed)
  let rc = run_cost(plan, st, iterations_for(tokens, batch * model.seq), state, hw * 1 FLOP / plan.gpus,
                    layout_peak(st.device, lay), run)
  report days = rc.days
  report gpu_hours = rc.gpu_hours
  report energy = rc.energy
  report cost = rc.cost
  report interruptions = rc.interruptions
  report checkpoint_interval = rc.checkpoint_interval
  report goodput = rc.goodput
  report broken = broken_mask(plan)
  report repeat = repeats
}

// stdlib.megatron: how large transformers are trained today (Megatron-LM, DeepSpeed): a
// transformer given by its dimensions, a layout (tensor, pipeline and data parallel sizes,
// micro-batch, pipeline schedule, activation recomputation, sequence parallelism, ZeRO
// stage, precision) and its cost on a cluster as the `Plan` of stdlib.strategies: time per
// iteration by phase and by communication, memory per GPU by category, and every
// constraint a layout can break, by name. docs/transformers.md has the formulas, their
// sources, the defaults and the validation against Narayanan et al. (SC21) and Korthikanti
// et al. (2022).
//   import stdlib.megatron
//   let gpt = gpt_config("gpt-39b", 48, 8192, 64)
//   let plan = transformer_plan(gpt, llm_setup(selene(64)),
//                               Layout { tensor = 8, pipeline = 2, data = 32, micro = 4, batch = 1536,
//                                        recompute = "full" })
//   report iter = plan.iter in s
//   report tflops = tflops_per_gpu(plan, flops_paper(gpt, 1536)) in TFLOP/s
//   require plan.feasible
//
// Products such as B·s·l·h² pass 2^53, where an `Int` stops being exact: every FLOP and
// byte count here is a `Real` (or a quantity), every shape an `Int`.
import stdlib.hardware
import stdlib.collectives
import stdlib.strategies

// ---- the model ------------------------------------------------------------------------

// A decoder-only transformer by its dimensions. `gated`: a GLU feed-forward (SwiGLU: gate,
// up and down matrices of `ffn` columns, Llama); otherwise two matrices and GeLU (GPT).
// `bias`: biases in the linear layers and layernorm (GPT) rather than none and RMSNorm
// (Llama). `positions`: a learned position table of `seq` rows (GPT; rotary: none).
// `tied`: the output layer shares the token embedding.
record Transformer {
  name: String = "transformer"
  layers: Int
  hidden: Int
  heads: Int
  kv_heads: Int = heads
  seq: Int
  vocab: Int
  ffn: Int = 4 * hidden
  gated: Bool = false
  bias: Bool = true
  positions: Bool = true
  tied: Bool = true
  // A mixture of experts (Mixtral): `experts` feed-forward blocks per layer, `top_k` of them
  // per token, behind a bias-free router; `capacity` the tokens an expert takes per token it
  // would get balanced (1: no padding, which dropless routing averages to).
  experts: Int = 1
  top_k: Int = 1
  capacity: Real = 1.0
  // How today's models differ from a GPT (0: as a GPT has it):
  head_size: Int = 0   // a head's width where it is not hidden/heads (Qwen3: 128)
  expert_ffn: Int = 0  // a routed expert's hidden width where it is not `ffn` (Qwen3-30B-A3B: 768)
  qk_norm: Bool = false  // an RMSNorm on each query and key head (Qwen3)
  // Sliding-window attention: `windowed` of the layers (GPT-OSS: half, alternating) attend
  // to the `window` tokens before each query instead of all before it.
  window: Int = 0
  windowed: Real = 0.0
  norm_bias: Bool = bias  // LayerNorm's bias beside its scale (RMSNorm has none, GPT-OSS's linear biases aside)
  qkv_bias: Bool = bias   // biases on the query, key and value projections (Qwen2 has them and no others)
  sinks: Bool = false     // a learned attention sink per head (GPT-OSS)
  // Multi-head latent attention (DeepSeek-V2, DeepSeek-V3, Kimi-K2), where `kv_lora` > 0:
  // queries from a down-projection to `q_lora` columns (0: none, a direct projection, as
  // DeepSeek-V2-Lite), an RMSNorm and an up-projection to heads x (qk_nope + qk_rope);
  // keys and values from one down-projection to kv_lora + qk_rope columns (the rotary key
  // shared by the heads), an RMSNorm on the kv_lora latent and an up-projection to heads x
  // (qk_nope + v_head); the core attends with query/key heads of qk_nope + qk_rope and
  // value heads of v_head, and the output projection takes heads x v_head columns.
  // DeepSeek-V2 (arXiv 2405.04434), section 2.1; Megatron-Core's
  // megatron/core/transformer/multi_latent_attention.py.
  q_lora: Int = 0
  kv_lora: Int = 0
  qk_nope: Int = 0
  qk_rope: Int = 0
  v_head: Int = 0
  // DeepSeekMoE (arXiv 2401.06066; DeepSeek-V3, arXiv 2412.19437): `shared_experts` gated
  // experts of the expert width beside the routed ones, on every token (one MLP of
  // shared_experts x expert width: Megatron-Core's moe_shared_expert_intermediate_size);
  // the first `dense_layers` layers a dense MLP of `ffn` instead of the mixture
  // (first_k_dense_replace).
  shared_experts: Int = 0
  dense_layers: Int = 0
  // Multi-token prediction (DeepSeek-V3, section 2.2): `mtp_layers` extra modules on the
  // last pipeline stage, each the normed embedding of the next token and the normed hidden
  // state joined by a projection 2h -> h, a transformer block (a mixture's) and a final
  // norm, sharing the embedding and the output layer, with another output layer and loss.
  mtp_layers: Int = 0
  // Group-limited routing (DeepSeek-V2 section 2.2.3, DeepSeek-V3 section 2.1.2): the
  // experts in `expert_groups` groups (n_group), a token's top_k chosen among the experts
  // of its best `group_top` groups (topk_group). Neither changes parameters or FLOPs; a
  // token reaches at most that many groups' GPUs (route_span).
  expert_groups: Int = 1
  group_top: Int = expert_groups
}

// `m` when its fields describe a transformer that can exist, else an error naming the
// field: what transformer_plan is given is checked there, however the record was built
// (a spec's, stdlib.hf's, `--model gpt:`'s), so a negative head count or a top-k beyond
// the experts is never a ranked layout.
fn checked_transformer(m: Transformer) -> Transformer = {
  let bad = fn(what: String) -> Transformer = error("transformer `" + m.name + "`: " + what)
  if m.layers < 1 then bad("`layers` is " + str(m.layers) + "; it needs 1 or more")
  else if m.hidden < 1 then bad("`hidden` is " + str(m.hidden) + "; it needs 1 or more")
  else if m.heads < 1 then bad("`heads` is " + str(m.heads) + "; it needs 1 or more")
  else if m.kv_heads < 1 or m.kv_heads > m.heads or m.heads % m.kv_heads != 0 then
    bad("`kv_heads` is " + str(m.kv_heads) + "; it needs to divide `heads` (" + str(m.heads) + ")")
  else if m.seq < 1 then bad("`seq` is " + str(m.seq) + "; it needs 1 or more")
  else if m.vocab < 1 then bad("`vocab` is " + str(m.vocab) + "; it needs 1 or more")
  else if m.ffn < 1 then bad("`ffn` is " + str(m.ffn) + "; it needs 1 or more")
  else if m.head_size < 0 or m.expert_ffn < 0 or m.window < 0 then bad("`head_size`, `expert_ffn` and `window` are 0 or more")
  else if m.experts < 1 then bad("`experts` is " + str(m.experts) + "; it needs 1 or more")
  else if m.top_k < 1 or m.top_k > m.experts then
    bad("`top_k` is " + str(m.top_k) + "; it needs 1 to `experts` (" + str(m.experts) + ")")
  else if m.capacity < 1 then bad("`capacity` is " + str(m.capacity) + "; it needs 1 or more (1: no padding)")
  else if m.windowed < 0 or m.windowed > 1 then bad("`windowed` is " + str(m.windowed) + "; it is a share, 0 to 1")
  else if m.q_lora < 0 or m.kv_lora < 0 or m.qk_nope < 0 or m.qk_rope < 0 or m.v_head < 0 then
    bad("`q_lora`, `kv_lora`, `qk_nope`, `qk_rope` and `v_head` are 0 or more")
  else if m.kv_lora > 0 and (m.qk_nope + m.qk_rope < 1 or m.v_head < 1) then
    bad("latent attention (`kv_lora` " + str(m.kv_lora) + ") needs `qk_nope` + `qk_rope` and `v_head` of 1 or more")
  else if m.kv_lora > 0 and (m.kv_heads != m.heads or m.qkv_bias or m.qk_norm or m.sinks or m.window > 0) then
    bad("latent attention has a key and a value per head (`kv_heads` = `heads`) and no `qkv_bias`, `qk_norm`, `sinks` or `window`")
  else if m.kv_lora == 0 and m.q_lora + m.qk_nope + m.qk_rope + m.v_head > 0 then
    bad("`q_lora`, `qk_nope`, `qk_rope` and `v_head` describe latent attention, which needs `kv_lora` > 0")
  else if m.shared_experts < 0 or m.dense_layers < 0 or m.mtp_layers < 0 then
    bad("`shared_experts`, `dense_layers` and `mtp_layers` are 0 or more")
  else if m.dense_layers > m.layers then
    bad("`dense_layers` is " + str(m.dense_layers) + "; it needs at most `layers` (" + str(m.layers) + ")")
  else if m.expert_groups < 1 or m.experts % m.expert_groups != 0 then
    bad("`expert_groups` is " + str(m.expert_groups) + "; it needs to divide `experts` (" + str(m.experts) + ")")
  else if m.group_top < 1 or m.group_top > m.expert_groups then
    bad("`group_top` is " + str(m.group_top) + "; it needs 1 to `expert_groups` (" + str(m.expert_groups) + ")")
  else m
}

// A GPT of Megatron-LM (SC21): 2,048 positions, vocabulary 51,200, GeLU MLP of 4h.
fn gpt_config(name: String, layers: Int, hidden: Int, heads: Int, seq: Int = 2048, vocab: Int = 51200) -> Transformer =
  Transformer { name = name, layers = layers, hidden = hidden, heads = heads, seq = seq, vocab = vocab }

fn head_dim(m: Transformer) -> Int = if m.head_size > 0 then m.head_size else floor(m.hidden / m.heads)
// Latent attention (`kv_lora` > 0) and its heads: a query's and key's width, a value's.
fn mla(m: Transformer) -> Bool = m.kv_lora > 0
fn qk_head_dim(m: Transformer) -> Int = if mla(m) then m.qk_nope + m.qk_rope else head_dim(m)
fn v_head_dim(m: Transformer) -> Int = if mla(m) then m.v_head else head_dim(m)
// The attention's width: the heads' values side by side, the output projection's input (the
// hidden size unless head_size or latent attention says otherwise).
fn attn_width(m: Transformer) -> Int = m.heads * v_head_dim(m)
// Columns of the fused QKV projection: the queries' heads, then a head's width per key and value head.
fn qkv_width(m: Transformer) -> Int = attn_width(m) + 2 * m.kv_heads * head_dim(m)
// A routed expert's hidden width.
fn expert_width(m: Transformer) -> Int = if m.expert_ffn > 0 then m.expert_ffn else m.ffn
// The shared experts' hidden width, as the one MLP Megatron-Core runs them as (0: none).
fn shared_width(m: Transformer) -> Int = if m.experts > 1 then m.shared_experts * expert_width(m) else 0

// The most nodes of an expert group spread over `ep_nodes` nodes (each node an equal run of
// the experts, in order) that one token's top_k experts are on: every node, or top_k of
// them, or with group-limited routing its group_top groups' nodes (a group on one node
// when there are as many groups as nodes or more, on ep_nodes / groups nodes otherwise).
// DeepSeek-V3's 8 groups, 4 per token, over 8 nodes or more reach at most 4 of them
// (DeepSeek-V3, section 3.2.2: "each token will be sent to at most 4 nodes").
fn route_span(m: Transformer, ep_nodes: Int) -> Int =
  min(ep_nodes, m.top_k, m.group_top * ceil(ep_nodes / m.expert_groups))

// Parameters of one transformer layer: QKV and output projections, the MLP, two norms.
// GPT: 12h² + 13h. A mixture's layer; its dense first layers are dense_layer(m)'s.
fn layer_params(m: Transformer) -> Int = layer_dense_params(m) + m.experts * expert_params(m)
// A feed-forward block of hidden width f: two matrices, or three gated, and their biases.
fn mlp_params(m: Transformer, f: Int) -> Int =
  (if m.gated then 3 else 2) * m.hidden * f + (if m.bias then (if m.gated then 2 else 1) * f + m.hidden else 0)
// One expert's feed-forward block, and the rest of a layer (attention, norms, the router,
// the shared experts).
fn expert_params(m: Transformer) -> Int = mlp_params(m, if m.experts > 1 then expert_width(m) else m.ffn)
// The attention's projections: QKV and output (with their biases), or latent attention's
// down- and up-projections, the RMSNorms of the two latents and the output projection.
fn attention_params(m: Transformer) -> Int = {
  let h = m.hidden
  let q = m.heads * qk_head_dim(m)
  let latent = (if m.q_lora > 0 then h * m.q_lora + m.q_lora + m.q_lora * q else h * q)
               + h * (m.kv_lora + m.qk_rope) + m.kv_lora + m.kv_lora * m.heads * (m.qk_nope + m.v_head)
  let qkv = if mla(m) then latent else h * qkv_width(m) + (if m.qkv_bias then qkv_width(m) else 0)
  qkv + attn_width(m) * h + (if m.bias then h else 0)
}
fn layer_dense_params(m: Transformer) -> Int = {
  let h = m.hidden
  attention_params(m) + (if m.norm_bias then 4 * h else 2 * h) + (if m.qk_norm then 2 * head_dim(m) else 0)
    + (if m.sinks then m.heads else 0)
    + (if m.experts > 1 then h * m.experts + (if m.bias then m.experts else 0) else 0)
    + (if shared_width(m) > 0 then mlp_params(m, shared_width(m)) else 0)
}
// The dense first layers of a mixture (dense_layers of them, a dense MLP of `ffn`): the same
// transformer with one expert, as layer_params, layer_gemms, layer_activations and
// layer_cost take it.
fn dense_layer(m: Transformer) -> Transformer =
  m with { experts = 1, top_k = 1, capacity = 1.0, shared_experts = 0, expert_groups = 1, group_top = 1 }
// How many of the layers are dense_layer(m)'s (a mixture's first dense_layers; a dense
// transformer's layers are all alike).
fn dense_count(m: Transformer) -> Int = if m.experts > 1 then min(m.dense_layers, m.layers) else 0
// A multi-token-prediction module beside its block: the projection 2h -> h, the embedding's
// and the hidden state's norms and its final norm (DeepSeek-V3, section 2.2; Megatron-Core's
// megatron/core/transformer/multi_token_prediction.py).
fn mtp_extra_params(m: Transformer) -> Int = 2 * m.hidden * m.hidden + 3 * (if m.norm_bias then 2 else 1) * m.hidden
// Every multi-token-prediction module: a layer (the mixture's) and the above each.
fn mtp_params(m: Transformer) -> Int = m.mtp_layers * (layer_params(m) + mtp_extra_params(m))
// Embedding parameters: the token table (and the output layer when untied), the positions.
fn embedding_params(m: Transformer) -> Int =
  (if m.tied then 1 else 2) * m.vocab * m.hidden + (if m.positions then m.seq * m.hidden else 0)
// Parameters of the layers: the dense first ones, the mixtures, the prediction modules.
fn layers_params(m: Transformer) -> Int =
  dense_count(m) * layer_params(dense_layer(m)) + (m.layers - dense_count(m)) * layer_params(m) + mtp_params(m)
// All parameters, as Narayanan et al. count them (the final norm's 2h left out): for a GPT,
// P = 12 l h² (1 + 13/(12h) + (V + s)/(12 l h)).
fn transformer_params(m: Transformer) -> Int = layers_params(m) + embedding_params(m)
// Every parameter of a checkpoint (Hugging Face's count): the final norm's too, and for each
// prediction module the copies of the embedding and the output layer DeepSeek-V3's
// checkpoint stores with it (model.layers.61.embed_tokens and .shared_head.head; its
// README_WEIGHTS.md), which training shares.
fn checkpoint_params(m: Transformer) -> Int =
  transformer_params(m) + (if m.norm_bias then 2 else 1) * m.hidden + m.mtp_layers * 2 * m.vocab * m.hidden

// ---- GEMMs and FLOPs ---------------------------------------------------------------------

// One GEMM: `batch` products of an m x k by a k x n matrix (2·m·n·k FLOPs each). Real
// dimensions: a layout's sizes may be params, and their products pass 2^53.
// What a GEMM is, on the record: `linear` a linear layer's (a quantised precision runs it
// quantised; Transformer Engine's fp8_autocast), `core` the attention core's
// (FlashAttention fuses it), `grouped` one GEMM per local expert, `fused_in` its input
// comes from a kernel that can emit it quantised (the norm before it; cast_bytes).
record Gemm { name: String, m: Real, n: Real, k: Real, batch: Real = 1, linear: Bool = false, core: Bool = false,
              grouped: Bool = false, fused_in: Bool = false }
fn gemm_flops(g: Gemm) -> Real = 2.0 * g.m * g.n * g.k * g.batch
// Its two backward GEMMs: the data gradient (m x n by n x k) and the weight gradient (k x m
// by m x n), each as many FLOPs as the forward one.
fn gemm_dgrad(g: Gemm) -> Gemm = g with { name = g.name + "_dgrad", n = g.k, k = g.n }
fn gemm_wgrad(g: Gemm) -> Gemm = g with { name = g.name + "_wgrad", m = g.k, k = g.m }

// The forward GEMMs of one layer on one of `t` tensor-parallel GPUs for `b` sequences
// (Megatron's split: QKV and fc1 by columns, the output projection and fc2 by rows, the
// attention heads among the GPUs). For a GPT their FLOPs add up to 24 b s h² (1 + s/(6h))/t.
// `keys`: the sequence the queries attend to (m.seq, or the whole sequence when m.seq is a
// context-parallel rank's share of it).
// With experts, fc1 and fc2 run the top_k tokens each token sends, `capacity` padded, as
// one GEMM per expert of the `local` ones a GPU holds (expert parallelism), and the router
// scores every token against every expert.
// Latent attention's projections replace "qkv" (attention_gemms); shared experts add
// "shared_fc1" and "shared_fc2", split as the dense MLP is, after the router.
// `sp`: sequence parallelism, under which the down-projections run on the GPU's share of
// the tokens.
fn layer_gemms(m: Transformer, b: Real, t: Real, keys: Int = m.seq, local: Int = m.experts, cap: Real = 1.0,
               et: Real = t, sp: Bool = false) -> [Gemm] = {
  let tokens = b * m.seq
  let heads = b * m.heads / t
  // Experts split et ways (expert_tp) take et/t of the tensor group's routed tokens each.
  let routed = tokens * m.top_k * cap / local * (if m.experts > 1 then et / t else 1.0)
  let f = if m.experts > 1 then expert_width(m) else m.ffn
  let experts = m.experts > 1
  let sf = shared_width(m)
  // QKV's and fc1's inputs come from the norm, which can emit them quantised (cast_bytes).
  concat(attention_gemms(m, b, t, sp),
   [Gemm { name = "score", m = m.seq, n = keys, k = qk_head_dim(m), batch = heads, core = true },
   Gemm { name = "context", m = m.seq, n = v_head_dim(m), k = keys, batch = heads, core = true },
   Gemm { name = "proj", m = tokens, n = m.hidden, k = attn_width(m) / t, linear = true },
   Gemm { name = "fc1", m = routed, n = (if m.gated then 2 else 1) * f / (if experts then et else t), k = m.hidden,
          batch = local, linear = true, grouped = experts, fused_in = true },
   Gemm { name = "fc2", m = routed, n = m.hidden, k = f / (if experts then et else t), batch = local, linear = true,
          grouped = experts }],
   if m.experts > 1 then [Gemm { name = "router", m = tokens, n = m.experts, k = m.hidden }] else [],
   if sf > 0 then [Gemm { name = "shared_fc1", m = tokens, n = (if m.gated then 2 else 1) * sf / t, k = m.hidden,
                          linear = true, fused_in = true },
                   Gemm { name = "shared_fc2", m = tokens, n = m.hidden, k = sf / t, linear = true }]
   else [])
}
// The projections that make the queries, keys and values: one fused "qkv" GEMM, or latent
// attention's four (three without a query latent). Megatron-Core keeps each down-projection
// whole on every tensor-parallel GPU (its weight replicated; with sequence parallelism each
// GPU projects its share of the tokens and the latents are gathered) and splits the
// up-projections by columns, that is by heads; the latents' RMSNorms are layer_cost's.
fn attention_gemms(m: Transformer, b: Real, t: Real, sp: Bool = false) -> [Gemm] = {
  let tokens = b * m.seq
  let own = tokens / (if sp then t else 1.0)
  let q = m.heads * qk_head_dim(m)
  if not mla(m) then [Gemm { name = "qkv", m = tokens, n = qkv_width(m) / t, k = m.hidden, linear = true, fused_in = true }]
  else concat(
    if m.q_lora > 0 then
      [Gemm { name = "q_down", m = own, n = m.q_lora, k = m.hidden, linear = true, fused_in = true },
       Gemm { name = "q_up", m = tokens, n = q / t, k = m.q_lora, linear = true, fused_in = true }]
    else [Gemm { name = "q_proj", m = tokens, n = q / t, k = m.hidden, linear = true, fused_in = true }],
    [Gemm { name = "kv_down", m = own, n = m.kv_lora + m.qk_rope, k = m.hidden, linear = true, fused_in = true },
     Gemm { name = "kv_up", m = tokens, n = m.heads * (m.qk_nope + m.v_head) / t, k = m.kv_lora, linear = true,
            fused_in = true }])
}
// The multi-token-prediction module's projection of [normed embedding; normed hidden] (2h)
// to h, split by columns.
fn mtp_gemm(m: Transformer, b: Real, t: Real) -> Gemm =
  Gemm { name = "mtp_proj", m = b * m.seq, n = m.hidden / t, k = 2 * m.hidden, linear = true, fused_in = true }
// The output layer (logits) for `b` sequences on one of t GPUs (the vocabulary split).
fn logits_gemm(m: Transformer, b: Real, t: Real) -> Gemm =
  Gemm { name = "logits", m = b * m.seq, n = m.vocab / t, k = m.hidden }

// Forward FLOPs of one layer (a mixture's; dense_layer(m)'s for its dense first layers), of
// the attention core (score and context), of the logits.
fn layer_flops(m: Transformer, b: Real) -> Real = sum g in layer_gemms(m, b, 1): gemm_flops(g)
fn core_flops(m: Transformer, b: Real) -> Real = sum g in layer_gemms(m, b, 1): if g.core then gemm_flops(g) else 0.0
fn logits_flops(m: Transformer, b: Real) -> Real = gemm_flops(logits_gemm(m, b, 1))
// Forward FLOPs of every transformer block: the dense first layers, the mixtures and the
// prediction modules' blocks.
fn blocks_flops(m: Transformer, b: Real) -> Real =
  dense_count(m) * layer_flops(dense_layer(m), b) + (m.layers - dense_count(m) + m.mtp_layers) * layer_flops(m, b)
// Forward FLOPs of the prediction modules beside their blocks: the projection and another
// output layer each.
fn mtp_flops(m: Transformer, b: Real) -> Real = m.mtp_layers * (gemm_flops(mtp_gemm(m, b, 1)) + logits_flops(m, b))

// Model FLOPs of one iteration of `batch` sequences (the numerator of MFU): the GEMMs
// forward and twice backward, no recomputation. GPT: 72 B s l h² (1 + s/(6h) + V/(12 l h)).
fn flops_model(m: Transformer, batch: Real) -> Real =
  3 * (blocks_flops(m, batch) + logits_flops(m, batch) + mtp_flops(m, batch))
// The FLOPs an iteration runs with `recompute` ("none", "selective": the attention core
// again, "full": every layer's forward again; the logits are never recomputed), the
// numerator of HFU. With `flash` the attention core is FlashAttention's fused kernel:
// causal, it computes only the score blocks on and below the diagonal (flash_causal of
// them), and its backward runs five products (the scores and probabilities again, then
// the gradients of V, P, Q and K) where the standard core's runs four, 2.5 times its
// forward; selective recomputation has nothing left to run again.
fn flops_hardware(m: Transformer, batch: Real, recompute: String, flash: Bool = false) -> Real = {
  let core = core_flops(m, batch)
  // The core's forward as it runs, and its forward and backward over the 3 core of the count.
  let fwd = if flash then flash_causal(m.seq) * core else core
  let run = if flash then 3.5 * fwd else 3 * core
  // Per block (the layers and the prediction modules' blocks; full recomputation runs
  // every block's forward again, blocks_flops, the core as it runs).
  let blocks = m.layers + m.mtp_layers
  let again = if recompute == "full" then - core + fwd
              else if recompute == "selective" then (if flash then 0.0 else core)
              else if recompute == "none" then 0.0
              else error("recompute is \"none\", \"selective\" or \"full\", not \"" + recompute + "\"")
  flops_model(m, batch) + blocks * (run - 3 * core + again) + (if recompute == "full" then blocks_flops(m, batch) else 0.0)
}
// The share of a causal attention's score blocks FlashAttention computes on one GPU: of n
// = ceil(seq / block) blocks of queries against as many of keys, those on and below the
// diagonal, (n + 1) / (2n); with context parallelism over c ranks (no load balancing) the
// busiest rank, the last, also runs its queries against the c - 1 earlier ranks' keys in
// full. `block`: FlashAttention-2's 128 rows (forward; its backward's 128 key columns).
fn flash_causal(seq: Int, c: Int = 1, block: Int = 128) -> Real = {
  let n = ceil(seq / block)
  ((c - 1) + (n + 1) / (2.0 * n)) / c
}
// Narayanan et al.'s count (SC21 eq. 3), full recomputation, in closed form:
// F = 96 B s l h² (1 + s/(6h) + V/(16 l h)). It is flops_hardware(m, B, "full") for a GPT.
fn flops_paper(m: Transformer, batch: Real) -> Real = {
  let h = 1.0 * m.hidden
  96 * batch * m.seq * m.layers * h * h * (1 + m.seq / (6 * h) + m.vocab / (16 * m.layers * h))
}

// ---- the layout -------------------------------------------------------------------------

// A layout as Megatron-LM and DeepSpeed take it. GPUs are ordered tensor-parallel rank
// fastest, then data-parallel, then pipeline stage (Megatron's order), so a tensor group
// of t <= GPUs per node is inside one node.
record Layout {
  tensor: Int = 1                 // t: tensor-parallel size
  pipeline: Int = 1               // p: pipeline stages
  data: Int = 1                   // d: data-parallel size
  micro: Int = 1                  // b: sequences per micro-batch
  batch: Int = 1                  // B: sequences per iteration (global); m = B/(d·b) micro-batches
  interleave: Int = 1             // v: model chunks per pipeline stage (interleaved 1F1B)
  // The pipeline schedule (pipeline_bubble): "1f1b" (PipeDream-Flush, Megatron), "gpipe",
  // "zb_h1" (Qi et al. 2023's zero-bubble schedule at 1F1B's memory) or "dualpipe"
  // (DeepSeek-V3's bidirectional pipeline).
  order: String = "1f1b"
  recompute: String = "none"      // "none", "selective" (attention core) or "full" (every layer)
  sequence_parallel: Bool = false // Korthikanti et al.: norms and dropouts split by sequence
  zero: Int = 0                   // ZeRO stage 0..3 over the data-parallel group (1: Megatron's distributed optimizer)
  precision: String = "fp16"      // a name in `precisions`: 16-bit, quantised linear layers (fp32 master weights), fp32
  fp32_grads: Bool = false        // gradients accumulated and reduced in fp32 (Megatron does so for bf16)
  overlap_grads: Bool = false     // the gradient reduction overlapped with the backward pass
  overlap_tp: Bool = false        // sequence parallelism's allgathers and reduce-scatters overlapped with the GEMMs beside them
  context: Int = 1                // context-parallel size c: each sequence split c ways, ring attention over them
  expert: Int = 1                 // expert-parallel size e: a mixture's experts split over e ranks of the t d c / etp expert grid
  // Expert tensor-parallel size etp (Megatron's --expert-tensor-parallel-size): 0 is t, each
  // expert split as the dense MLP is and the expert group carved from d c; 1 keeps experts
  // whole and carves the expert group from t d c (Megatron-Core's MoE recipes).
  expert_tensor: Int = 0
  flash: Bool = false             // FlashAttention-2: the attention core one fused kernel that keeps no scores
  // How a mixture's tokens travel to their experts (expert_alltoall): "alltoall", Megatron-
  // Core's all-to-all dispatcher (NCCL; every token's top_k copies in 16 bits), or
  // "deepep", DeepEP's kernels (a token crosses the network once per node it reaches and
  // NVLink carries it on to the experts there; dispatched in FP8, combined in BF16).
  dispatcher: String = "alltoall"
  // Each layer's all-to-alls run behind another micro-batch's compute (Megatron-Core's
  // --overlap-moe-expert-parallel-comm, DualPipe's pairing of a forward with a backward).
  overlap_a2a: Bool = false
  // The busiest GPU's routed tokens over a balanced share (1: balanced, as the published
  // benchmarks force it); a token-dropping router padded to `capacity` runs that instead.
  imbalance: Real = 1.0
  scatter_gather: Bool = true     // Megatron's scatter/gather of pipeline sends over the tensor group
}

fn expert_tp(l: Layout) -> Int = if l.expert_tensor > 0 then l.expert_tensor else l.tensor
// The routed tokens the busiest GPU's experts run, over a balanced share: the padding to
// `capacity` where the router pads, else the layout's imbalance.
fn expert_load(m: Transformer, l: Layout) -> Real = if m.capacity > 1 then m.capacity else l.imbalance

// ---- precisions ---------------------------------------------------------------------

// What a layout's `precision` is: the one place its facts live; everything below derives
// from them. Beyond fp16, bf16 and fp32, a precision quantises the linear layers' GEMM
// operands (QKV, projection, fc1, fc2, forward and both backward GEMMs; the attention
// core, the router and the output layer stay 16-bit) into copies of `bytes` per element
// with one scale of `scale` bytes per `block` elements along the GEMM's reduction
// dimension (0: one scale per tensor), and the weights' per `weight_block` elements.
// Weights, activations and gradients otherwise stay 16-bit, with fp32 master weights.
record Precision {
  name: String
  half: Bool = true       // 16-bit weights, activations and gradients (fp32 master weights); false: fp32
  // Bytes of a gradient element: fp32, except fp16's loss-scaled 16-bit gradients (unless
  // the layout's fp32_grads; bf16 and the quantised precisions accumulate in fp32, as
  // Megatron does).
  grad: B = 4 B
  peak: String = "fp16"   // the Device peak the linear layers' GEMMs run at: "fp16", "fp8", "fp4" or "fp32"
  bytes: B = 0 B          // a quantised copy's bytes per element (0: nothing is quantised)
  block: Int = 0
  scale: B = 0 B
  weight_block: Int = 0
  // A per-tensor scale computed from the data (NVFP4's second, FP32 level) needs the
  // tensor's amax before any element is cast: a reduction that reads the 16-bit tensor
  // once more, and no kernel that produces the tensor can emit the quantised copy itself.
  amax: Bool = false
  // The weight-gradient GEMM reduces over the tokens, so it needs its inputs quantised
  // along the other dimension. With one scale per tensor that copy is the forward's,
  // transposed; block scales run along the reduction dimension, so it is a second
  // quantisation of the 16-bit tensor (no transpose of a quantised tensor).
  transposable: Bool = true
  // Runs only on tensor cores that apply per-block scales inside the MMA (Blackwell's,
  // which come with FP4: a device with peak_fp4).
  microscaled: Bool = false
  // The share of the device's GEMM curve reached where the tensor cores cannot apply the
  // block scales and the kernel multiplies them into the partial sums on CUDA cores.
  promoted: Real = 1.0
  // The share of the transformer layers kept in BF16 throughout.
  bf16_layers: Real = 0.0
}
let precisions = [
  Precision { name = "fp16", grad = 2 B },
  Precision { name = "bf16" },
  // Per-tensor current scaling (Transformer Engine's Float8CurrentScaling, E4M3 and E5M2).
  // As calibrated against Megatron-Bridge's H100 rows, its amax reductions are not
  // charged (docs/transformers.md, "Precision").
  Precision { name = "fp8", peak = "fp8", bytes = 1 B },
  // Blockwise FP8 as DeepSeek-V3 trains (DeepSeek-AI, arXiv 2412.19437, section 3.3;
  // Transformer Engine's Float8BlockScaling): 1 x 128 tiles of activations and gradients,
  // 128 x 128 blocks of weights, FP32 scales. Hopper's FP8 MMA takes no scales, so the
  // GEMM promotes each 128-element stretch of the reduction to CUDA cores and scales it
  // there (DeepGEMM): at 4096 x 7168 x 16384, DeepGEMM's largest dense shape, it reaches
  // 1,358 TFLOP/s on an H800 (deepseek-ai/DeepGEMM README, February 2025), 0.686 of the
  // 1,978.9 dense FP8 peak, where a large GEMM reaches 0.801 of its peak at the same boost
  // clock (the H100's curve, stdlib.hardware): 0.857 of the curve. Blackwell's MMA applies
  // the scales itself.
  Precision { name = "fp8_block", peak = "fp8", bytes = 1 B, block = 128, scale = 4 B, weight_block = 16384,
              transposable = false, promoted = 0.857 },
  // MXFP8 (OCP Microscaling Formats v1.0): E4M3 elements, one E8M0 (1-byte) scale per 32
  // along the reduction dimension, weights too (Transformer Engine's MXFP8BlockScaling).
  Precision { name = "mxfp8", peak = "fp8", bytes = 1 B, block = 32, scale = 1 B, weight_block = 32,
              transposable = false, microscaled = true },
  // NVFP4 as NVIDIA pretrains with it (arXiv 2509.25149): E2M1 elements (half a byte), one
  // E4M3 scale per 16 and an FP32 scale per tensor (so an amax first); weights in 16 x 16
  // blocks, so their transposed copy is the forward's quantised values; a 16-point random
  // Hadamard transform on the weight-gradient GEMM's inputs and stochastic rounding of the
  // gradients, both inside the cast kernels (no bytes of their own); about 16% of the
  // linear layers, the first and last blocks, kept in BF16.
  Precision { name = "nvfp4", peak = "fp4", bytes = 0.5 B, block = 16, scale = 1 B, weight_block = 256, amax = true,
              transposable = false, microscaled = true, bf16_layers = 0.16 },
  Precision { name = "fp32", half = false, peak = "fp32" }]

// The precision named `name`, else the error that lists them.
fn precision_of(name: String) -> Precision = {
  let found = fold(fn(acc: Precision, p: Precision) -> Precision = if p.name == name then p else acc,
                   Precision { name = "" }, precisions)
  let n = len(precisions)
  let names = fold(fn(acc: String, i: Int) -> String =
                     acc + (if i == 0 then "" else if i == n - 1 then " or " else ", ") + "\"" + precisions[i].name + "\"",
                   "", range(n))
  if found.name == "" then error("precision is " + names + ", not \"" + name + "\"") else found
}
fn layout_precision(l: Layout) -> Precision = precision_of(l.precision)
fn _half(l: Layout) -> Bool = layout_precision(l).half
// Bytes per element of weights and activations, and of gradients.
fn elem_bytes(l: Layout) -> B = if _half(l) then 2 B else 4 B
fn grad_bytes(l: Layout) -> B = if l.fp32_grads then 4 B else layout_precision(l).grad
// The peak utilisation is measured against: the dense 16-bit tensor peak in half precision
// (quantised precisions included, as FP8 and FP4 training results are reported), else fp32.
fn _peak(d: Device, l: Layout) -> FLOP/s = if _half(l) then d.peak_fp16 else d.peak_fp32
// The dense tensor peak a layout's precision runs its 16- or 32-bit math at (MFU's).
fn layout_peak(d: Device, l: Layout) -> FLOP/s = _peak(d, l)
// The peak the linear layers' GEMMs run at: the precision's peak on a device that has
// it (times `promoted` where it has no block-scaled tensor cores), else an error naming
// the device.
fn _gemm_peak(d: Device, l: Layout) -> FLOP/s = {
  let p = layout_precision(l)
  if p.microscaled and d.peak_fp4 <= 0 FLOP/s then
    error(d.name + " has no block-scaled tensor cores (its peak_fp4 is 0): " + p.name + " needs Blackwell; use fp8 or bf16")
  else if p.peak == "fp8" then
    (if d.peak_fp8 > 0 FLOP/s then d.peak_fp8 * (if p.block > 0 and d.peak_fp4 <= 0 FLOP/s then p.promoted else 1.0)
     else error(d.name + " has no FP8 tensor cores (its peak_fp8 is 0); use bf16"))
  else if p.peak == "fp4" then d.peak_fp4
  else _peak(d, l)
}

// The linear layers' GEMMs run at the precision's peak; the attention core, the router
// and the output layer stay 16-bit.
fn gemm_peak_of(g: Gemm, d: Device, l: Layout) -> FLOP/s = if g.linear then _gemm_peak(d, l) else _peak(d, l)

// Bytes of one quantised copy per element, with its share of the scales: of an
// activation or gradient, and of a weight.
fn quant_copy(p: Precision) -> B = p.bytes + (if p.block > 0 then p.scale / p.block else 0 B)
fn quant_weight_copy(p: Precision) -> B = p.bytes + (if p.weight_block > 0 then p.scale / p.weight_block else 0 B)
// What a quantised precision moves beside its GEMMs per micro-batch, forward and
// backward, in bytes of memory-bound passes over the linear layers' 16-bit inputs and
// output gradients, each needed as two copies (the forward's or data gradient's, and the
// weight gradient's along the other dimension):
// - an input a fused kernel emits quantised (`fused_in`: the norm before QKV and fc1),
//   where the format has no amax: the second copy, a transpose written beside the first
//   (quant_copy) or a second quantisation that reads the 16-bit tensor again (2 B +
//   quant_copy);
// - any other input (the projection's, from attention, and fc2's, from the activation,
//   or every input when an amax comes first), and every output gradient backward: one
//   cast kernel reads the 16-bit tensor and writes both copies (2 B + 2 quant_copy),
//   after an amax reduction that reads it once more where the format has one (2 B).
// Weights are quantised once per iteration and kept across micro-batches
// (weight_quant_bytes).
fn cast_bytes(gs: [Gemm], p: Precision) -> [B] = {
  let input = fn(g: Gemm) -> Real = g.m * g.k * g.batch
  let output = fn(g: Gemm) -> Real = g.m * g.n * g.batch
  let c = quant_copy(p)
  let amax = if p.amax then 2 B else 0 B
  let whole = amax + 2 B + 2 * c
  let fused = if p.amax then whole else if p.transposable then c else 2 B + c
  if p.bytes <= 0 B then [0 B, 0 B]
  else [sum g in gs: if g.linear then input(g) * (if g.fused_in then fused else whole) else 0 B,
        sum g in gs: if g.linear then output(g) * whole else 0 B]
}
// The linear layers' weight elements among `gs` (a layer's on one GPU).
fn linear_weights(gs: [Gemm]) -> Real = sum g in gs: if g.linear then g.k * g.n * g.batch else 0.0
// What quantising `w` weight elements adds to the optimizer's update, once per iteration:
// the update writes both quantised copies from the fp32 master weights where it wrote the
// 16-bit weights (Megatron-Core's --fp8-param-gather, which also gathers them quantised
// under ZeRO-3, so no micro-batch casts weights), after reading the master weights once
// more for an amax where the format has one. Per-tensor FP8 adds nothing.
fn weight_quant_bytes(w: Real, p: Precision) -> B =
  if p.bytes <= 0 B then 0 B else w * ((if p.amax then 4 B else 0 B) + 2 * quant_weight_copy(p) - 2 B)

// The Setup of a large-model run: Adam, half precision with fp32 master weights (llm_half).
fn llm_half(s: Setup) -> Setup = s with { elem = 2 B, mixed = true }
fn llm_setup(c: Cluster) -> Setup = llm_half(setup(c) with { optimizer = adam })

// ---- how fast a device runs them --------------------------------------------------------

// What the software reaches of the hardware, the same for every device, model and layout
// (docs/transformers.md, "The defaults"); what a device reaches is its own (stdlib.hardware's
// `Device`: the GEMM curve, SMs, FlashAttention's fractions). Memory-bound kernels run at
// membw · memory: a large copy reaches 85-90% of HBM bandwidth (`Device.stream`), but
// Megatron's unfused layernorm and softmax reduce along rows, dropout runs a Philox
// generator per element and the cross-entropy makes several fp32 passes; 0.7 is a blend.
// Collectives and sends run at a link's bandwidth times `collective` (NCCL's allreduce
// reaches about 230-240 GB/s of bus bandwidth on DGX A100's 300 GB/s NVSwitch).
record Efficiency {
  memory: Real = 0.7     // fraction of the HBM bandwidth memory-bound kernels reach
  collective: Real = 0.8 // fraction of a link's bandwidth NCCL reaches
  alltoall: Real = 0.8   // the same for the expert dispatch's and combine's all-to-alls
  // The time a mixture's layer keeps the GPU waiting on the host, per micro-batch forward:
  // its router, permutation and dispatcher are dozens of small kernels behind a
  // synchronisation (the tokens per expert go to the host to size the exchange and the
  // grouped GEMM), after which the host launches them one by one. Fitted to the
  // calibration set's mixtures (docs/transformers.md, "Megatron-Bridge on DGX H100").
  moe_host: s = 2.5 ms
}
let megatron_efficiency = Efficiency {}

// A GEMM's fraction of the tensor peak on device `d` (its curve: stdlib.hardware's `Device`).
// A grouped GEMM runs each expert's rows in whole tiles (a tile's side, the square root of
// gemm_tile, 128 rows): an expert with m rows computes ceil(m / 128) of them, so a few
// tokens per expert waste most of their last tile.
fn gemm_efficiency(g: Gemm, d: Device) -> Real = {
  let side = sqrt(1.0 * d.gemm_tile)
  let rows = if g.grouped then max(g.m, ceil(g.m / side) * side) else g.m
  let waves = g.batch * rows * g.n / d.gemm_tile / gemm_sms(d)
  d.gemm * waves / (waves + 0.5) * g.k / (g.k + d.gemm_k_half) * (g.m / rows)
    * (if g.batch > 1 and g.grouped then d.gemm_grouped else 1.0)
}

fn gemm_time(g: Gemm, d: Device, e: Efficiency, peak: FLOP/s, elem: B) -> s =
  max(gemm_flops(g) * 1 FLOP / (peak * gemm_efficiency(g, d)),
      (g.m * g.k + g.k * g.n + g.m * g.n) * g.batch * elem / (d.membw * e.memory))
// Forward, and backward (data and weight gradients), of one GEMM.
// The third, the weight gradient's alone (what a zero-bubble schedule defers).
fn gemm_fwd_bwd(g: Gemm, d: Device, e: Efficiency, peak: FLOP/s, elem: B) -> [s] = {
  let w = gemm_time(gemm_wgrad(g), d, e, peak, elem)
  [gemm_time(g, d, e, peak, elem), gemm_time(gemm_dgrad(g), d, e, peak, elem) + w, w]
}
fn _membound(bytes: B, d: Device, e: Efficiency) -> s = bytes / (d.membw * e.memory)

// FlashAttention-2's attention core for `b` sequences on one of `t` GPUs, forward and
// backward: scores, mask, softmax, dropout and the context product in one kernel that
// keeps its tiles on chip, so nothing of s x keys elements passes through memory. Forward
// the score and context products over the causal share of the blocks (flash_causal);
// backward 2.5 times as many FLOPs (the scores recomputed). Each at its fraction of the
// 16-bit peak (FlashAttention-2 runs no FP8), and never faster than it reads and writes
// its tensors once: forward Q, K, V in, O and the logsumexp (fp32 per query row) out;
// backward Q, K, V, O, dO and the logsumexp in, dQ, dK, dV out, with dQ accumulated in
// fp32 (read and written once more).
// A windowed layer computes, of each query's keys, the window's blocks: a band of
// (window + block) / keys of them (`share`).
fn flash_attention_time(m: Transformer, b: Real, t: Real, keys: Int, d: Device, e: Efficiency, peak: FLOP/s, elem: B,
                        share: Real = 0.0) -> [s] = {
  let c = max(1, floor(keys / m.seq))
  // The score product over query/key heads of qk_head_dim, the context product over value
  // heads of v_head_dim (the two differ under latent attention: 192 and 128 in DeepSeek-V3).
  let flops = (if share > 0 then share else flash_causal(m.seq, c)) * 2.0 * b * m.heads / t * m.seq * keys
              * (qk_head_dim(m) + v_head_dim(m))
  let q = 1.0 * b * m.seq * m.heads * qk_head_dim(m) / t
  let o = 1.0 * b * m.seq * m.heads * v_head_dim(m) / t
  let kv = 1.0 * b * keys * m.kv_heads * (qk_head_dim(m) + v_head_dim(m)) / t
  let lse = 1.0 * b * m.heads * m.seq / t * 4 B
  [max(flops * 1 FLOP / (peak * d.flash_fwd), ((q + o + kv) * elem + lse) / (d.membw * e.memory)),
   max(2.5 * flops * 1 FLOP / (peak * d.flash_bwd), ((2 * q + 2 * o + 2 * kv) * elem + 2 * q * 4 B + lse) / (d.membw * e.memory))]
}

// ---- one layer --------------------------------------------------------------------------

// The time of one layer for one micro-batch on one GPU: `fwd` and `bwd` its compute (GEMMs
// and memory-bound kernels), `core` the forward of the attention core (what selective
// recomputation runs again), `comm_fwd` and `comm_bwd` its tensor-parallel collectives.
// `wgrad`: the weight-gradient GEMMs' share of `bwd` (what a zero-bubble schedule defers).
record LayerCost { fwd: s, bwd: s, core: s, comm_fwd: s, comm_bwd: s, wgrad: s = 0 s }

// Memory-bound kernels, in passes over their tensors (a read or a write of every element;
// masks 1 byte per element), with E = b·s·h (split t ways by sequence parallelism where it
// applies), A = b·a·s²/t the attention scores, F = b·s·ffn/t the MLP's hidden activation:
//   layernorm x2            fwd 2E (read, write)          bwd 3E (grad, input; grad)
//   bias-dropout-add x2     fwd 3E + mask                 bwd 2E + mask
//   residual gradients x2                                 bwd 3E (two grads in, one out)
//   scale-mask-softmax      fwd 2A                        bwd 3A
//   attention dropout       fwd 2A + mask                 bwd 2A + mask
//   context transpose       fwd 2E/t                      bwd 2E/t
//   bias-GeLU (SwiGLU)      fwd 2F (3F)                   bwd 3F (5F)
// With context parallelism `m.seq` is one rank's share of the `keys` tokens. With
// `l.flash` the softmax and the attention dropout are inside FlashAttention's kernel
// (flash_attention_time), which replaces the score and context GEMMs, so A is 0.
fn layer_cost(m: Transformer, s: Setup, l: Layout, e: Efficiency, keys: Int = m.seq) -> LayerCost = {
  let d = s.device
  let t = l.tensor
  let b = l.micro
  let elem = elem_bytes(l)
  let ep = max(1, l.expert)
  let etp = expert_tp(l)
  let load = expert_load(m, l)
  let gs = layer_gemms(m, b, t, keys, max(1, floor(m.experts / ep)), load, etp, l.sequence_parallel)
  let times = [gemm_fwd_bwd(g, d, e, gemm_peak_of(g, d, l), elem) for g in gs]
  // A GEMM's forward and backward times by its name in layer_gemms.
  let named = fn(name: String) -> [s] = [sum i in range(len(gs)): if gs[i].name == name then times[i][0] else 0 s,
                                         sum i in range(len(gs)): if gs[i].name == name then times[i][1] else 0 s]
  // Latent attention's projections stand where the fused QKV does (attention_gemms).
  let qkv = if mla(m) then [sum x in [named(k) for k in ["q_down", "q_up", "q_proj", "kv_down", "kv_up"]]: x[0],
                            sum x in [named(k) for k in ["q_down", "q_up", "q_proj", "kv_down", "kv_up"]]: x[1]]
            else named("qkv")
  let proj = named("proj")
  let fc1 = named("fc1")
  let fc2 = named("fc2")
  let en = 1.0 * b * m.seq * m.hidden / (if l.sequence_parallel then t else 1)
  let et = 1.0 * b * m.seq * m.hidden / t
  let a = if l.flash then 0.0 else 1.0 * b * m.heads * m.seq * keys / t
  let f = 1.0 * b * m.seq * (if m.experts > 1 then expert_width(m) else m.ffn) / t * m.top_k * load
  let act_f = if m.gated then 3 else 2
  let act_b = if m.gated then 5 else 3
  let core_mem = _membound((2 * a + 2 * a) * elem + a * 1 B, d, e)
  let casts = cast_bytes(gs, layout_precision(l))
  // A mixture moves each routed token's hidden vector through memory around its experts:
  // forward the permutation that groups the tokens by expert (read, write) and the
  // unpermutation that weighs and sums them back (read, write); backward the same two in
  // reverse, the weights' gradient reading them once more.
  let moved = if m.experts > 1 then 1.0 * b * m.seq * m.top_k * load * m.hidden / t * elem else 0 B
  let perm = [4 * moved, 5 * moved]
  // Latent attention's RMSNorms on the query and key-value latents (whole on each GPU, or
  // its share of the tokens with sequence parallelism), passes as the layernorms'; the
  // shared experts' activation as the MLP's, over their width.
  let lora = if mla(m) then 1.0 * b * m.seq * (m.q_lora + m.kv_lora) / (if l.sequence_parallel then t else 1) else 0.0
  let fs = 1.0 * b * m.seq * shared_width(m) / t
  let extra = [(2 * lora + act_f * fs) * elem, (3 * lora + act_b * fs) * elem]
  let mem_f = _membound((2 * 2 * en + 2 * 3 * en + 2 * et + act_f * f) * elem + 2 * en * 1 B + casts[0] + perm[0] + extra[0], d, e)
              + core_mem
  let mem_b = _membound((2 * 3 * en + 2 * 2 * en + 2 * 3 * en + 3 * a + 2 * a + 2 * et + act_b * f) * elem
                        + (2 * en + a) * 1 B + casts[1] + perm[1] + extra[1], d, e)
  // Two collectives of b·s·h elements forward and two backward: allreduces, or with sequence
  // parallelism an allgather and a reduce-scatter each (the same ring bytes).
  let n = 1.0 * b * m.seq * m.hidden * elem
  let ag = tp_allgather(s, n, t, e)
  let rs = tp_reduce_scatter(s, n, t, e)
  let pair = if l.sequence_parallel then ag + rs else tp_allreduce(s, n, t, e)
  // With overlap_tp (Megatron-Core's --tp-comm-overlap, which needs sequence parallelism)
  // each collective runs in t chunks pipelined with the GEMM beside it: forward, the
  // allgather before QKV and FC1 and the reduce-scatter after the projection and FC2;
  // backward, the reverse collectives beside the same GEMMs. What shows is the part the
  // GEMM cannot cover, and at least one chunk (the pipeline's fill). The SMs the
  // collective takes from the GEMM are not modelled.
  let hidden = fn(c: s, g: s) -> s = max(c - g, c / t)
  let ov = l.overlap_tp and l.sequence_parallel and t > 1
  let fwd_c = if ov then hidden(ag, qkv[0]) + hidden(rs, proj[0]) + hidden(ag, fc1[0]) + hidden(rs, fc2[0])
              else 2 * pair
  let bwd_c = if ov then hidden(rs, qkv[1]) + hidden(ag, proj[1]) + hidden(rs, fc1[1]) + hidden(ag, fc2[1])
              else 2 * pair
  // Ring attention over c = keys / m.seq ranks (Liu et al. 2023; Megatron-Core's context
  // parallelism): c - 1 steps pass each rank's keys and values on around the ring, hidden
  // behind the attention core of the chunk in hand; backward the gradients of the keys and
  // values travel too (twice the bytes) behind the core's backward.
  let c = max(1, floor(keys / m.seq))
  let kv = 1.0 * b * m.seq * m.kv_heads * (qk_head_dim(m) + v_head_dim(m)) / t * elem
  let ring = if c > 1 then (c - 1) * p2p(kv, _group_link(s, t, c, e)) else 0 s
  // Sliding-window layers (m.windowed of them) run the fused kernel over their window's band.
  let band = min(1.0, (m.window + 128.0) / keys)
  let mix = fn(full: [s], win: [s]) -> [s] = [(1 - m.windowed) * full[0] + m.windowed * win[0],
                                               (1 - m.windowed) * full[1] + m.windowed * win[1]]
  let fused = if not l.flash then [0 s, 0 s]
              else if not _half(l) then error("FlashAttention runs in fp16 or bf16, not " + l.precision + "; use precision \"bf16\"")
              else if m.window > 0 and m.windowed > 0 then
                mix(flash_attention_time(m, b, t, keys, d, e, _peak(d, l), elem),
                    flash_attention_time(m, b, t, keys, d, e, _peak(d, l), elem, band))
              else flash_attention_time(m, b, t, keys, d, e, _peak(d, l), elem)
  let score = named("score")
  let context = named("context")
  let core_f = if l.flash then fused[0] else score[0] + context[0] + core_mem
  let core_b = if l.flash then fused[1] else score[1] + context[1]
  // The GEMMs other than the attention core's.
  let rest = fn(k: Int) -> s = sum i in range(len(times)): if gs[i].core then 0 s else times[i][k]
  let gemm_f = if l.flash then rest(0) + core_f else sum x in times: x[0]
  let gemm_b = if l.flash then rest(1) + core_b else sum x in times: x[1]
  // Expert parallelism: forward the dispatch and the combine, backward their gradients.
  // With overlap_a2a they run behind another micro-batch's compute of the layer.
  let a2a = expert_alltoall(m, s, l, e)
  let shown = if l.overlap_a2a then max(2 * a2a - (gemm_f + mem_f + gemm_b + mem_b), 0 s) / 2 else a2a
  let wgrad = rest(2)
  // A mixture's host-bound router and dispatch (Efficiency.moe_host), again when recomputed.
  let host = if m.experts > 1 then e.moe_host else 0 s
  LayerCost { fwd = gemm_f + mem_f + host, bwd = gemm_b + mem_b,
              core = core_f, comm_fwd = fwd_c + max(ring - core_f, 0 s) + shown,
              comm_bwd = bwd_c + max(2 * ring - core_b, 0 s) + shown, wgrad = wgrad }
}

// ---- communication groups ---------------------------------------------------------------

// One direction's pair of expert all-to-alls (dispatch and combine; backward, their
// gradients) of one layer for one micro-batch on one GPU. The expert group is e GPUs
// `stride` apart, k of them in each node (an NVLink domain: 8 GPUs of a DGX, 72 of an
// NVL72 rack), over ceil(e / k) nodes. A GPU routes its tokens (its sequence-parallel
// share), top_k copies of each at the busiest expert's load:
// - "alltoall" (Megatron-Core's dispatcher on NCCL) sends every copy on its own: of the
//   copies, (k - 1)/e go to GPUs of its node over NVLink and (e - k)/e over its own NIC
//   (a NIC per GPU, rail-optimised), 16 bits an element each way;
// - "deepep" (DeepEP's internode kernels) sends a token once to each other node its
//   experts are on, expected N (1 - (1 - 1/N)^top_k) of N nodes for a router that spreads
//   tokens evenly (at most route_span's nodes with group-limited routing), minus its own
//   node's share, and the receiving GPU passes it on over NVLink to the experts there
//   ((k - 1)/k of the copies cross NVLink); the dispatch direction in FP8 (1 byte and a
//   4-byte scale per 128 elements), the combine direction in BF16 (DeepSeek-V3 report,
//   section 3.3).
// Both transports run at once (NCCL's all-to-all is point-to-point sends on each), so the
// slower one shows, each as a pairwise exchange over its peers.
fn expert_alltoall(m: Transformer, s: Setup, l: Layout, e: Efficiency) -> s = {
  let ep = max(1, l.expert)
  let t = l.tensor
  let etp = expert_tp(l)
  let stride = if etp == t then t * max(1, l.context) else etp
  let k = max(1, min(ep, floor(s.cluster.gpus_per_node / stride)))
  let nodes = ceil(ep / k)
  let deepep = if l.dispatcher == "deepep" then true else if l.dispatcher == "alltoall" then false
               else error("the dispatcher is \"alltoall\" or \"deepep\", not \"" + l.dispatcher + "\"")
  let copies = 1.0 * l.micro * m.seq * m.hidden / (if l.sequence_parallel then t else 1) * m.top_k * expert_load(m, l)
  let tokens = copies / m.top_k
  let reached = min(1.0 * route_span(m, nodes), if nodes > 1 then nodes * (1 - exp(m.top_k * log(1 - 1.0 / nodes))) else 1.0)
  let remote = if deepep then tokens * reached * (nodes - 1) / nodes else copies * (ep - k) / ep
  let local = copies * (k - 1) / (if deepep then k else ep)
  let ae = e with { collective = e.alltoall }
  let one = fn(elem: B) -> s =
    max(if k > 1 then pairwise_alltoall(local * elem, k, _eff(s.cluster.intra, ae)) else 0 s,
        if nodes > 1 then pairwise_alltoall(remote * elem, nodes, _eff(inter_link(s.cluster, nodes), ae)) else 0 s)
  if m.experts <= 1 or ep <= 1 then 0 s
  else if deepep then one(1 B + 4 B / 128) + one(2 B)
  else 2 * one(elem_bytes(l))
}

// A link at the bandwidth NCCL reaches on it.
fn _eff(k: Link, e: Efficiency) -> Link = k with { bw = k.bw * e.collective }
// The tensor group: t consecutive GPUs, inside a node when t <= GPUs per node.
fn _tp_link(s: Setup, t: Int, e: Efficiency) -> Link = _eff(flat_group_link(s, t), e)
// A group of n GPUs `stride` apart (the context-parallel group: c GPUs t apart; an expert
// group), inside a node when stride n <= GPUs per node; across nodes on the NICs of its
// GPUs in a node (GPUs per node / stride of them, one at least).
fn _group_link(s: Setup, stride: Int, n: Int, e: Efficiency) -> Link =
  _eff(if stride * n <= s.cluster.gpus_per_node then s.cluster.intra
       else strided_inter_link(s.cluster, stride, n), e)
fn tp_allreduce(s: Setup, n: B, t: Int, e: Efficiency) -> s =
  if t <= 1 then 0 s else if t <= s.cluster.gpus_per_node then node_allreduce(s, n, t, _tp_link(s, t, e))
  else s.coll.allreduce(n, t, _tp_link(s, t, e))
fn tp_allgather(s: Setup, n: B, t: Int, e: Efficiency) -> s = if t <= 1 then 0 s else s.coll.allgather(n, t, _tp_link(s, t, e))
fn tp_reduce_scatter(s: Setup, n: B, t: Int, e: Efficiency) -> s =
  if t <= 1 then 0 s else s.coll.reduce_scatter(n, t, _tp_link(s, t, e))

// The data-parallel group: d GPUs t apart, of which k = min(d, GPUs per node / t) share a
// node, over ceil(d / k) nodes. `kind` "allreduce", "reduce_scatter" or "allgather" of n
// bytes (the whole vector): inside one node on its link; across nodes hierarchically when
// the Setup's collectives are (reduce-scatter in the node, the collective across nodes on
// n/k, allgather in the node; a reduce-scatter or an allgather runs its half of that), else
// flat on the k GPUs' shares of the network (`flat_inter_link`).
fn dp_collective(s: Setup, kind: String, n: B, t: Int, d: Int, e: Efficiency) -> s = {
  let gpn = s.cluster.gpus_per_node
  let k = max(1, min(d, floor(gpn / t)))
  let nodes = ceil(d / k)
  let intra = _eff(s.cluster.intra, e)
  let span = max(nodes, ceil(t * d / gpn))
  let inter = _eff(inter_link(s.cluster, span), e)
  let flat = fn(l: Link) -> s =
    if kind == "allreduce" then (if nodes <= 1 then node_allreduce(s, n, d, l) else s.coll.allreduce(n, d, l))
    else if kind == "reduce_scatter" then s.coll.reduce_scatter(n, d, l)
    else s.coll.allgather(n, d, l)
  if d <= 1 then 0 s
  else if nodes <= 1 then flat(intra)
  else if k > 1 and s.coll.hierarchical then (
    if kind == "allreduce" then
      s.coll.reduce_scatter(n, k, intra) + s.coll.allreduce(n / k, nodes, inter) + s.coll.allgather(n, k, intra)
    else if kind == "reduce_scatter" then s.coll.reduce_scatter(n, k, intra) + s.coll.reduce_scatter(n / k, nodes, inter)
    else s.coll.allgather(n / k, nodes, inter) + s.coll.allgather(n, k, intra))
  else flat(_eff(flat_inter_link(s.cluster, span, k), e))
}

// One pipeline send of a micro-batch's activation (b·s·h elements) between consecutive
// stages, t·d GPUs apart (another node when t·d >= GPUs per node). With the scatter/gather
// optimisation each of the t GPUs sends 1/t of it and the receivers allgather it in their
// node; with sequence parallelism each already holds 1/t.
fn pipeline_send(m: Transformer, s: Setup, l: Layout, e: Efficiency) -> s = {
  let n = 1.0 * l.micro * m.seq * m.hidden * elem_bytes(l)
  let t = l.tensor
  let link = _eff(if t * l.data >= s.cluster.gpus_per_node then inter_link(s.cluster, 2) else s.cluster.intra, e)
  if l.pipeline <= 1 then 0 s
  else if t > 1 and l.sequence_parallel then p2p(n / t, link)
  else if t > 1 and l.scatter_gather then p2p(n / t, link) + tp_allgather(s, n, t, e)
  else p2p(n, link)
}

// ---- memory -----------------------------------------------------------------------------

// Activations one layer keeps for one micro-batch of b sequences (Korthikanti et al. 2022,
// section 4, 16-bit activations, 1-byte dropout masks), s·b·h times:
//   no tensor parallelism        34 + 5as/h
//   tensor parallel t            10 + 24/t + 5as/(ht)
//   + sequence parallel          34/t + 5as/(ht)
//   selective recomputation      the 5as/(ht) term dropped
//   full recomputation           2 (the layer's input; 2/t with sequence parallelism)
// The 5as/(ht) are the scores (2 bytes), the softmax output (2) and the dropout mask (1)
// per element of b·a·s²/t. FlashAttention keeps none of them, only the logsumexp of each
// query row's scores in fp32, b·a·s/t·4 bytes: 4a/(ht), with and without selective
// recomputation (which has nothing to drop then).
fn layer_activations(m: Transformer, l: Layout) -> B = {
  let t = 1.0 * l.tensor
  let sbh = 1.0 * m.seq * l.micro * m.hidden
  let attn = if l.flash then 4.0 * m.heads / (m.hidden * t) else 5.0 * m.heads * m.seq / (m.hidden * t)
  // A mixture keeps, for each of the top_k experts a token visits (padded by `capacity`),
  // its expert's activations in place of the dense MLP's 19 s b h: the input (2 bytes per
  // hidden element), fc1's output and the activation's (2 + 2, or for a gated expert 4 + 2,
  // per expert-width element) and a dropout mask (1 per hidden element).
  let ew = 1.0 * expert_width(m) / m.hidden
  // Shared experts keep their fc1's and activation's outputs beside the routed ones'.
  let moe = (m.top_k * expert_load(m, l) * (3 + (if m.gated then 6 else 4) * ew) - 19
             + (if m.gated then 6 else 4) * shared_width(m) / m.hidden) / t
  // Latent attention keeps, in place of QKV's input (2, split t ways only with sequence
  // parallelism) and Q, K, V and the context (8/t): the down-projections' input (2), the
  // query latent before and after its norm (2 + 2 per q_lora column), the key-value latent
  // and rotary key before the norm and the latent after it (2 per kv_lora + qk_rope column,
  // 2 per kv_lora), each whole on every GPU unless sequence parallel; and per head the
  // query and key (2 per qk_head_dim column each), the value and the context (2 per v_head).
  let sp = if l.sequence_parallel then t else 1.0
  let kept = (2 * m.hidden + 4 * m.q_lora + 2 * (m.kv_lora + m.qk_rope) + 2 * m.kv_lora) / (m.hidden * sp)
             + 4.0 * m.heads * (qk_head_dim(m) + v_head_dim(m)) / (m.hidden * t)
  let latent = if mla(m) then kept - (2 / sp + 8 / t) else 0.0
  let lin = (if l.sequence_parallel then 34 / t else 10 + 24 / t) + (if m.experts > 1 then moe else 0) + latent
  sbh * 1 B * (
    if l.recompute == "full" then (if l.sequence_parallel then 2 / t else 2.0)
    else if l.recompute == "selective" then (if l.flash then lin + attn else lin)
    else if l.recompute == "none" then lin + attn
    else error("recompute is \"none\", \"selective\" or \"full\", not \"" + l.recompute + "\""))
}
// Micro-batches whose activations the first stage holds at once: m (GPipe), min(p, m)
// (1F1B), p (1 + (p - 1)/(p v)) with v > 1 interleaved chunks (Korthikanti et al.,
// section 4).
fn in_flight(l: Layout) -> Real = {
  let p = 1.0 * l.pipeline
  let mb = l.batch / max(1, l.data * l.micro)
  if l.order == "gpipe" then mb
  else if l.order == "1f1b" or l.order == "zb_h1" then min(mb, if l.interleave > 1 then p * (1 + (p - 1) / (p * l.interleave)) else p)
  else if l.order == "dualpipe" then min(mb, p + 1)
  else error("the pipeline schedule is \"1f1b\", \"gpipe\", \"zb_h1\" or \"dualpipe\", not \"" + l.order + "\"")
}
// The idle time of the busiest stage over an iteration, from its forward `f`, backward `b`
// (weight gradients `w` among it) and exposed communication `c` per micro-batch:
// - 1F1B and GPipe: (p - 1)/v micro-batch steps, (p - 1)(f + b + c)/v;
// - ZB-H1 (Qi et al. 2023, "Zero Bubble Pipeline Parallelism", section 3): the weight
//   gradients fill the cool-down, (p - 1)(f + b + c - 2w), at 1F1B's memory;
// - DualPipe (DeepSeek-V3 report, Table 2): micro-batches enter from both ends, each
//   device holding two stages, and a forward and a backward chunk run overlapped, hiding
//   the all-to-alls and pipeline sends: (p/2 - 1)(f&b + b - 3w) with f&b = f + b.
fn pipeline_bubble(l: Layout, f: s, b: s, w: s, c: s) -> s = {
  let p = l.pipeline
  if l.order == "zb_h1" then (p - 1) * max(f + b + c - 2 * w, 0 s)
  else if l.order == "dualpipe" then max(p / 2 - 1, 0) * max(f + 2 * b - 3 * w, 0 s)
  else (p - 1) / l.interleave * (f + b + c)
}
// Each device holds two stages' parameters under DualPipe, one otherwise.
fn stage_copies(l: Layout) -> Int = if l.order == "dualpipe" then 2 else 1
// How Megatron splits the layers over the p·v model chunks: evenly when p·v divides them;
// else, with a pipeline, when p·v divides them with the embedding and the loss counted as a
// layer each (--account-for-embedding-in-pipeline-split and
// --account-for-loss-in-pipeline-split), the first chunk holding one layer fewer beside the
// embedding and the last one fewer beside the output layer and loss: Llama 3.1 405B's 126
// layers on p·v = 64 chunks of 2.
// The prediction modules count as a layer each beside the loss (Megatron-Core's
// pipeline_model_parallel_layout, whose DeepSeek-V3 layouts end in "mtp" and "loss"):
// DeepSeek-V3's 61 layers and one module on p v = 32 chunks of 2, the last holding the
// module and the loss only.
fn accounted_split(m: Transformer, l: Layout) -> Bool = {
  let chunks = l.pipeline * l.interleave
  l.pipeline > 1 and m.layers % chunks != 0 and (m.layers + 2 + m.mtp_layers) % chunks == 0
}
// Transformer layers on the busiest GPU: ceil(l / (p v)) per chunk, v chunks (a middle
// stage's with the embedding and loss counted).
fn stage_layers(m: Transformer, l: Layout) -> Int =
  if accounted_split(m, l) then floor((m.layers + 2 + m.mtp_layers) / (l.pipeline * l.interleave)) * l.interleave
  else ceil(m.layers / max(1, l.pipeline * l.interleave)) * l.interleave
// Transformer layers on the first stage (beside the embedding).
fn first_stage_layers(m: Transformer, l: Layout) -> Int = stage_layers(m, l) - (if accounted_split(m, l) then 1 else 0)
// Transformer layers on pipeline rank r: a middle one's stage_layers, with the embedding,
// loss and prediction modules counted as layers one fewer on the first and 1 + mtp_layers
// fewer on the last.
fn rank_layers(m: Transformer, l: Layout, r: Int) -> Int =
  if accounted_split(m, l) then
    stage_layers(m, l) - (if r == 0 then 1 else 0) - (if r == l.pipeline - 1 then 1 + m.mtp_layers else 0)
  else stage_layers(m, l)
// Dense first layers (dense_count) on pipeline rank r. Model chunk j (0 to p v - 1) is rank
// j % p's, its layers the j-th run of them in order (the first and last one layer short with
// the embedding and loss counted): only the first dense_count chunks can hold one.
fn rank_dense_layers(m: Transformer, l: Layout, r: Int) -> Int = {
  let chunks = l.pipeline * l.interleave
  let acc = accounted_split(m, l)
  let per = if acc then floor((m.layers + 2 + m.mtp_layers) / chunks) else ceil(m.layers / max(1, chunks))
  let k = dense_count(m)
  sum j in range(k): {
    let first = if acc and j > 0 then j * per - 1 else j * per
    let size = if acc and j == 0 then per - 1 else if acc and j == chunks - 1 then per - 1 - m.mtp_layers else per
    if j < chunks and j % l.pipeline == r then max(0, min(first + size, k) - first) else 0
  }
}
// Parameters on one GPU of the first stage: its layers' share and the embedding's (the
// token table split t ways, the position table whole; with one stage and an untied output
// layer, that too). The last stage holds as many (its copy of the tied table, or its output
// layer) and the first stage the most activations.
// A mixture's experts are split over the e GPUs of the expert group (stage_expert_params).
// Its dense first layers (rank_dense_layers) are dense_layer(m)'s, split t ways whole; with one
// stage the prediction modules are on it too.
fn stage_params(m: Transformer, l: Layout) -> Real =
  1.0 * stage_moe_layers(m, l) * (if m.experts > 1 then layer_dense_params(m) else layer_params(m)) / l.tensor
    + 1.0 * rank_dense_layers(m, l, 0) * layer_params(dense_layer(m)) / l.tensor
    + (if l.pipeline == 1 then 1.0 * m.mtp_layers * (layer_dense_params(m) + mtp_extra_params(m)) / l.tensor else 0.0)
    + stage_expert_params(m, l)
    + (if m.tied or l.pipeline > 1 then 1.0 else 2.0) * m.vocab * m.hidden / l.tensor
    + (if m.positions then 1.0 * m.seq * m.hidden else 0.0)
// The linear layers' weights on one GPU of the first stage (the experts' its expert group's share).
fn stage_linear_weights(m: Transformer, l: Layout) -> Real =
  first_stage_layers(m, l) * linear_weights(layer_gemms(m, 1, l.tensor, m.seq, max(1, floor(m.experts / max(1, l.expert))),
                                                        m.capacity, expert_tp(l)))
// The first stage's layers that are not dense first layers, with one stage the prediction
// modules' blocks among them.
fn stage_moe_layers(m: Transformer, l: Layout) -> Int =
  first_stage_layers(m, l) - rank_dense_layers(m, l, 0) + (if l.pipeline == 1 then m.mtp_layers else 0)
fn stage_expert_params(m: Transformer, l: Layout) -> Real =
  if m.experts > 1 then 1.0 * stage_moe_layers(m, l) * m.experts * expert_params(m) / (expert_tp(l) * max(1, l.expert)) else 0.0

// What the process holds beside the model's tensors: the CUDA context (about 500 MiB with
// CUDA 12's lazy module loading, CUDA_MODULE_LOADING=LAZY, the default since CUDA 12.2),
// and for each NCCL communicator the layout opens (its tensor, data, pipeline, context
// and expert groups of more than one rank) a buffer of NCCL_BUFFSIZE (4 MiB, NCCL's
// default) for each of 32 channels and each of a ring's two neighbours.
fn runtime_memory(l: Layout) -> B = {
  let groups = [l.tensor, l.data, l.pipeline, l.context, l.expert]
  500 MiB + (sum g in groups: if g > 1 then 1 else 0) * 32 * 2 * 4 MiB
}

// Memory of one GPU of the first stage. Weights (2 bytes each in half precision), gradients
// (2, or 4 in fp32), Adam's fp32 master weights and two moments (12 bytes): ZeRO shards the
// optimizer state over the d GPUs (stage 1), the gradients too (2) and the weights (3).
// Activations: layer_activations for the stage's layers and micro-batches in flight.
// Workspace (beyond Korthikanti's count): the layer being recomputed holds its full
// activations during its backward (full recomputation; the attention core's with selective),
// and with one stage the logits (16-bit, and fp32 for the cross-entropy) are on it too.
// With FlashAttention there are no scores to hold, and its backward accumulates dQ in
// fp32, b·s·h/t·4 bytes, for the one layer it runs.
fn transformer_memory(m: Transformer, s: Setup, l: Layout) -> Memory = {
  // ZeRO shards over the data- and context-parallel ranks, which hold the same weights;
  // activations are of a rank's share of the sequence, the scores of its queries against
  // every key.
  let c = max(1, l.context)
  let d = 1.0 * max(1, l.data) * c
  let mc = m with { seq = floor(m.seq / c) }
  // Parameters sharded d ways, the experts' d / e ways (the GPUs that hold the same ones).
  let pe = stage_copies(l) * stage_expert_params(m, l)
  let de = max(1.0, d * l.tensor / (expert_tp(l) * max(1, l.expert)))
  let params = stage_copies(l) * stage_params(m, l)
  let sharded = fn(on: Bool) -> Real = if on then (params - pe) / d + pe / de else params
  let words = s.optimizer.words * 4 B + (if _half(l) then 4 B else 0 B)
  let full = l with { recompute = "none" }
  let attn = if l.flash then 0 B else 5.0 * m.heads * m.seq / (m.hidden * l.tensor) * mc.seq * l.micro * m.hidden * 1 B
  let dq = if l.flash then 4.0 * l.micro * mc.seq * m.hidden / l.tensor * 1 B else 0 B
  let redo = if l.recompute == "full" then layer_activations(mc, full) + (c - 1) * attn / c
             else if l.recompute == "selective" then attn else 0 B
  let logits = if l.pipeline == 1 then 1.0 * l.micro * mc.seq * m.vocab / l.tensor * (elem_bytes(l) + 4 B) else 0 B
  // A mixture's dispatch holds the layer's routed copies twice while it runs: the
  // permuted tokens it sends and those it receives.
  let dispatch = if m.experts > 1 then 2.0 * l.micro * mc.seq * m.top_k * expert_load(m, l) * m.hidden
                                       / (if l.sequence_parallel then l.tensor else 1) * elem_bytes(l) else 0 B
  // A quantised precision holds its linear layers' weights as their two quantised copies
  // in place of the 16-bit ones (Megatron-Core's --fp8-param-gather: the optimizer casts
  // its fp32 master weights straight to them), sharded as the weights are: for per-tensor
  // FP8 as many bytes, for NVFP4 about half.
  let p = layout_precision(l)
  let linear = (1 - p.bf16_layers) * stage_copies(l) * stage_linear_weights(m, l) * sharded(l.zero >= 3) / params
  let quantised = if p.bytes > 0 B then linear * (2 * quant_weight_copy(p) - elem_bytes(l)) else 0 B
  // What each layer keeps beside layer_activations with context parallelism and no
  // recomputation: the other ranks' keys' scores.
  let cp_keep = if l.recompute == "none" then (c - 1) * attn / c else 0 B
  Memory { weights = sharded(l.zero >= 3) * elem_bytes(l) + quantised,
           grads = sharded(l.zero >= 2) * grad_bytes(l),
           optimizer = sharded(l.zero >= 1) * words,
           activations = ((layer_activations(mc, l) + cp_keep) * stage_moe_layers(m, l)
                          + (layer_activations(dense_layer(mc), l) + cp_keep) * rank_dense_layers(m, l, 0)) * in_flight(l),
           buffers = runtime_memory(l),
           workspace = redo + logits + dq + dispatch + s.workspace }
}

// ---- the plan ---------------------------------------------------------------------------

// A layer's cost under a precision that keeps `bf16_layers` of the layers in BF16: that
// share of them at bf16's cost, the rest at the precision's.
fn blended_layer_cost(m: Transformer, s: Setup, l: Layout, e: Efficiency, keys: Int) -> LayerCost = {
  let prec = layout_precision(l)
  let quant = layer_cost(m, s, l, e, keys)
  let kept = if prec.bf16_layers > 0 then layer_cost(m, s, l with { precision = "bf16" }, e, keys) else quant
  let q = 1 - prec.bf16_layers
  LayerCost { fwd = q * quant.fwd + (1 - q) * kept.fwd, bwd = q * quant.bwd + (1 - q) * kept.bwd,
              core = q * quant.core + (1 - q) * kept.core, comm_fwd = q * quant.comm_fwd + (1 - q) * kept.comm_fwd,
              comm_bwd = q * quant.comm_bwd + (1 - q) * kept.comm_bwd, wgrad = q * quant.wgrad + (1 - q) * kept.wgrad }
}

// A transformer trained with layout `l` on the Setup's cluster (its device, collectives and
// optimizer; the layout's precision), with the device's efficiencies `e`:
// - per micro-batch, the busiest stage runs its layers forward and backward (and forward
//   again with full recomputation, the attention core again with selective), their
//   tensor-parallel collectives, and the embedding or the logits with their cross-entropy
//   (both when p = 1, the slower of the two otherwise);
// - the pipeline (1F1B, interleaved with v chunks, or GPipe) idles (p - 1)/v micro-batch
//   steps and sends 2 (v m + p - 1) activations and gradients on its critical path;
// - after the flush the data-parallel group reduces the gradients (ZeRO 1: reduce-scatter
//   and an allgather of the weights; 2: a reduce-scatter each micro-batch; 3: allgathers of
//   the weights each micro-batch forward, again for a full recompute, and backward, and a
//   reduce-scatter), overlapped with the backward pass when `overlap_grads`;
// - then the optimizer updates the GPU's share of the parameters at memory bandwidth.
// Constraints, the plan's list in this order (stdlib.advise_llm's search requires, counts
// and names exactly these): "t*p*d = GPUs", "seq % c = 0", "experts % e = 0, e divides t d c / etp",
// "heads % t = 0", "layers % (p*v) = 0", "batch % (d*b) = 0", "micro-batches % p = 0"
// (interleaving), "zero <= 3", "zero <= 1 with pipelining" (ZeRO-2 and -3 shard what a
// pipeline stage's micro-batches keep using; DeepSpeed's pipeline engine refuses them) and
// stdlib.strategies' "memory".
fn transformer_plan(m_given: Transformer, s: Setup, l: Layout, e: Efficiency = megatron_efficiency) -> Plan = {
  let m_full = checked_transformer(m_given)
  let dev = s.device
  let t = l.tensor
  let p = l.pipeline
  let v = l.interleave
  let dp = l.data
  let c = max(1, l.context)
  let b = l.micro
  let elem = elem_bytes(l)
  let peak = _gemm_peak(dev, l)
  let mb = l.batch / max(1, dp * b)
  // A context-parallel rank computes everything token by token on its share of the
  // sequence, and attention against all of it (layer_cost's ring).
  let m = m_full with { seq = floor(m_full.seq / c) }
  // A precision that keeps some layers in BF16 (`bf16_layers`) runs that share of them as bf16 does.
  let prec = layout_precision(l)
  let q = 1 - prec.bf16_layers
  // DualPipe runs each forward chunk beside another micro-batch's backward, hiding the
  // all-to-alls (and the pipeline sends) behind compute.
  let dual = l.order == "dualpipe"
  let lc = if dual then l with { overlap_a2a = true } else l
  let layer = blended_layer_cost(m, s, lc, e, m_full.seq)
  // Selective recomputation of a FlashAttention core runs nothing: its backward already
  // recomputes the scores, and nothing else of the core is dropped.
  let redo = if l.recompute == "full" then layer.fwd
             else if l.recompute == "selective" and not l.flash then layer.core else 0 s
  let redo_comm = if l.recompute == "full" then layer.comm_fwd else 0 s
  // The embedding (lookup, positions, dropout; the vocabulary-parallel allreduce) and the
  // logits with a cross-entropy in fp32 (per element of b·s·V/t: forward a read and
  // float copy, max, subtract, exp, sum and softmax; backward a scale and the copy back).
  let et = 1.0 * b * m.seq * m.hidden
  let n = et * elem
  let tp_one = if l.sequence_parallel then tp_reduce_scatter(s, n, t, e) else tp_allreduce(s, n, t, e)
  let emb_f = _membound(7 * et * elem + et * 1 B, dev, e)
  let emb_b = _membound(5 * et * elem + et * 1 B + 1.0 * m.vocab * m.hidden / t * elem, dev, e)
  let lg = gemm_fwd_bwd(logits_gemm(m, b, t), dev, e, _peak(dev, l), elem)
  let ce = 1.0 * b * m.seq * m.vocab / t
  let out_f = lg[0] + _membound(ce * (elem + 36 B), dev, e)
  let out_b = lg[1] + _membound(ce * (elem + 12 B), dev, e)
  // The prediction modules, on the last stage: each a layer, its projection, the output
  // layer and loss again.
  let mtp = gemm_fwd_bwd(mtp_gemm(m, b, t), dev, e, _gemm_peak(dev, l), elem)
  let mtp_f = m.mtp_layers * (layer.fwd + mtp[0] + out_f)
  let mtp_b = m.mtp_layers * (layer.bwd + redo + mtp[1] + out_b)
  let mtp_c = m.mtp_layers * (layer.comm_fwd + layer.comm_bwd + redo_comm + tp_one)
  // The dense first layers' cost (dense_layer), where the model has them.
  let dense = if dense_count(m) > 0 then blended_layer_cost(dense_layer(m), s, lc, e, m_full.seq) else layer
  let dredo = if l.recompute == "full" then dense.fwd
              else if l.recompute == "selective" and not l.flash then dense.core else 0 s
  let dredo_comm = if l.recompute == "full" then dense.comm_fwd else 0 s
  // One micro-batch on pipeline rank r: its layers (rank_layers, of which rank_dense_layers
  // dense), the first's embedding, the last's output layer, loss and prediction modules
  // (all of them with one stage).
  let stage = fn(r: Int) -> [s] = {
    let k = rank_layers(m, l, r)
    let kd = rank_dense_layers(m, l, r)
    let first = if r == 0 then 1.0 else 0.0
    let last = if r == p - 1 then 1.0 else 0.0
    [(k - kd) * layer.fwd + kd * dense.fwd + first * emb_f + last * (out_f + mtp_f),
     (k - kd) * (layer.bwd + redo) + kd * (dense.bwd + dredo) + first * emb_b + last * (out_b + mtp_b),
     (k - kd) * (layer.comm_fwd + layer.comm_bwd + redo_comm) + kd * (dense.comm_fwd + dense.comm_bwd + dredo_comm)
       + first * tp_one + last * (tp_one + mtp_c),
     (k - kd) * layer.wgrad + kd * dense.wgrad]
  }
  // Under DualPipe a device holds stages r and p - 1 - r and runs each for half the
  // micro-batches: per micro-batch, their mean.
  let device = fn(r: Int) -> [s] =
    if dual then [(stage(r)[i] + stage(p - 1 - r)[i]) / 2 for i in range(4)] else stage(r)
  // The busiest: of the ranks that can hold dense layers (the first dense_count + 1), a
  // middle one without (p - 2) and the last.
  let ranks = [device(min(r, p - 1)) for r in range(dense_count(m) + 1)]
  let busiest = fold(fn(a: [s], x: [s]) -> [s] = if x[0] + x[1] + x[2] > a[0] + a[1] + a[2] then x else a,
                     device(p - 1), concat(ranks, [device(max(0, p - 2))]))
  let cf = busiest[0]
  let cb = busiest[1]
  let cc = busiest[2]
  let per_micro = cf + cb + cc
  let send = pipeline_send(m, s, l, e)
  let sends = if p > 1 then 2 * (v * mb + p - 1) * send else 0 s
  let bubble = pipeline_bubble(l, cf, cb, busiest[3], cc)
  // Data parallelism and ZeRO over the stage's parameters.
  // The experts' gradients reduce over the d c / e GPUs that hold the same experts.
  let params = stage_copies(l) * stage_params(m_full, l)
  let pe = stage_copies(l) * stage_expert_params(m_full, l)
  let ep = max(1, l.expert)
  let etp = expert_tp(l)
  let dpe = max(1, floor(t * dp * c / (etp * ep)))
  let ng = params * grad_bytes(l)
  let np = params * elem
  let both = fn(kind: String, per: B) -> s =
    dp_collective(s, kind, (params - pe) * per, t, dp * c, e) + (if pe > 0 then dp_collective(s, kind, pe * per, etp * ep, dpe, e) else 0 s)
  let ar = both("allreduce", grad_bytes(l))
  let rs = both("reduce_scatter", grad_bytes(l))
  let ag = both("allgather", elem)
  let grad_comm = if l.zero == 0 then ar else if l.zero == 1 then rs else mb * rs
  let gathers = if l.zero == 3 then mb * ag * (if l.recompute == "full" then 3 else 2) else if l.zero >= 1 then ag else 0 s
  let dp_exposed = if not l.overlap_grads then grad_comm + gathers
    else if l.zero <= 1 then max(grad_comm - cb, 0 s) + gathers
    else if l.zero == 2 then max(grad_comm - mb * cb, 0 s) + gathers
    else max(grad_comm + gathers - mb * (cf + cb), 0 s)
  // Adam in fp32 over the GPU's share of the parameters, per parameter: the gradient to
  // fp32, unscale and check, norm, the update (reads of weight, gradient and moments,
  // writes of weight and moments) and the copy back to 16 bits.
  let share = if l.zero >= 1 then (params - pe) / max(1, dp * c) + pe / dpe else params
  // Then the quantised precisions cast the stage's linear weights once (weight_quant_bytes).
  let upd = _membound(share * (grad_bytes(l) + 4 B + 8 B + 4 B + 12 B + s.optimizer.words * 8 B + (4 B + elem))
                      + weight_quant_bytes(q * stage_copies(l) * stage_linear_weights(m, l), prec), dev, e)
  let gpus_total = gpus(s.cluster)
  let mbi = floor(l.batch / max(1, dp * b))
  plan_from("megatron", s, t * p * dp * c, l.batch, mb * cf, mb * cb, upd,
    [Comm { name = if l.sequence_parallel then "tp_allgather_reduce_scatter" else "tp_allreduce", time = mb * cc, bytes = 0 B },
     Comm { name = "pipeline_sendrecv", time = sends, bytes = 1.0 * b * m.seq * m.hidden * elem },
     Comm { name = if l.zero == 0 then "grad_allreduce" else "grad_reduce_scatter", time = grad_comm, bytes = ng },
     Comm { name = "param_allgather", time = gathers, bytes = if l.zero >= 1 then np else 0 B }],
    mb * cc + (if dual then 0 s else sends) + dp_exposed, bubble, transformer_memory(m_full, s, l),
    [Constraint { name = "t*p*d = GPUs", value = abs(t * p * dp * c - gpus_total), limit = 0 },
     Constraint { name = "seq % c = 0", value = m_full.seq % c, limit = 0 },
     Constraint { name = "experts % e = 0, e divides t d c / etp", value = m.experts % ep + t % etp + floor(t * dp * c / etp) % ep,
                  limit = 0 },
     Constraint { name = "heads % t = 0", value = m.heads % t + m.kv_heads % t, limit = 0 },
     Constraint { name = "layers % (p*v) = 0", value = if accounted_split(m, l) then 0 else m.layers % (p * v), limit = 0 },
     Constraint { name = "batch % (d*b) = 0", value = l.batch % (dp * b), limit = 0 },
     Constraint { name = "micro-batches % p = 0", value = if v > 1 then mbi % p else 0, limit = 0 },
     Constraint { name = "zero <= 3", value = l.zero, limit = 3 },
     Constraint { name = "zero <= 1 with pipelining", value = if p > 1 then l.zero else 0, limit = 1 },
     // ZB-H1 and DualPipe schedule whole stages (v = 1); DualPipe pairs the stages and
     // sends half the micro-batches from each end (p and the micro-batches even).
     Constraint { name = "zb_h1, dualpipe: v = 1, p even",
                  value = if l.order == "zb_h1" or dual then (v - 1) + (if dual then p % 2 + mbi % 2 else 0) else 0,
                  limit = 0 }])
}

// ---- what to report ---------------------------------------------------------------------

// Achieved FLOP/s per GPU for `flops` per iteration (flops_paper for Narayanan et al.'s
// figure, flops_hardware for HFU's numerator).
fn tflops_per_gpu(plan: Plan, flops: Real) -> FLOP/s = flops * 1 FLOP / (plan.iter * plan.gpus)
// Model FLOPs utilisation against the layout's peak (dense tensor peak in half precision).
fn mfu(plan: Plan, m: Transformer, s: Setup, l: Layout) -> Real =
  tflops_per_gpu(plan, flops_model(m, l.batch)) / _peak(s.device, l)
fn hfu(plan: Plan, m: Transformer, s: Setup, l: Layout) -> Real =
  tflops_per_gpu(plan, flops_hardware(m, l.batch, l.recompute)) / _peak(s.device, l)

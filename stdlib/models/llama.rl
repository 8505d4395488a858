// stdlib.models.llama: Llama-style decoders (Llama 2, Llama 3, and Mixtral's mixture of
// experts on the same block) as functions of the sequence length T, per sequence of T
// tokens. A block is pre-norm with RMSNorm: x + attn(rmsnorm(x)), then
// x + mlp(rmsnorm(x)); attention has no biases, rotary positions (no parameters) and
// grouped-query K and V heads; the MLP is SwiGLU without biases, or a mixture of SwiGLU
// experts with a bias-free router. No position table; a final RMSNorm and an output head
// that is untied from the token embedding (its own V x hidden weights). Attention counts
// the full T x T score and context matmuls unless `causal = true` (stdlib.layers'
// `attention`). Parameters match Hugging Face's `sum(p.numel())` for the models' config.json;
// totals and derivations: test/lit/models/llama.rl.
//
// Ints are exact up to 2^53 and an error past it: a training step of Llama-3 405B on one
// 8,192-token sequence is 2e16 FLOPs, so FLOP totals of these models are `Real`s
// (`llama_model_flops`, stdlib.layers' `model_flops` and `total_*_real`).
import stdlib.layers

// A model's shape, Hugging Face's config.json names in brackets: layers
// (num_hidden_layers), hidden (hidden_size), heads (num_attention_heads), kv_heads
// (num_key_value_heads), ffn (intermediate_size), vocab (vocab_size), experts
// (num_local_experts; 1: a dense MLP), top_k (num_experts_per_tok), tied
// (tie_word_embeddings). `capacity_factor` is stdlib.layers' `moe` option (0: dropless).
record LlamaConfig {
  layers: Int
  hidden: Int
  heads: Int
  kv_heads: Int = heads
  ffn: Int
  vocab: Int
  experts: Int = 1
  top_k: Int = 1
  capacity_factor: Real = 0.0
  tied: Bool = false
}

fn _llama_mlp(c: LlamaConfig) -> Block =
  if c.experts > 1 then moe(c.experts, c.top_k, swiglu(c.ffn), capacity_factor = c.capacity_factor)
  else swiglu(c.ffn)

fn llama_block(c: LlamaConfig, causal: Bool = false) -> Block = chain([
  residual([rmsnorm, attention(c.heads, kv_heads = c.kv_heads, causal = causal, bias = false, rope = true)]),
  residual([rmsnorm, _llama_mlp(c)])])

fn llama(name: String, c: LlamaConfig, seq: Int, causal: Bool = false) -> Network =
  network(name, [seq], [
    embedding(c.vocab, c.hidden),
    repeat(c.layers, llama_block(c, causal)),
    rmsnorm, dense(c.vocab, bias = false, tied = c.tied)])

// ---- closed forms -------------------------------------------------------------------

// Weights of one layer's attention: Q and output hidden^2 each, K and V hidden x kv width
// each (kv width = kv_heads x hidden / heads).
fn _llama_attn(c: LlamaConfig) -> Int = 2 * c.hidden * (c.hidden + c.kv_heads * floor(c.hidden / c.heads))
// Weights of one layer's MLP that `experts` of its experts use: 3 x hidden x ffn each, and
// the router's hidden x experts.
fn _llama_mlp_weights(c: LlamaConfig, experts: Int) -> Int =
  if c.experts > 1 then experts * 3 * c.hidden * c.ffn + c.hidden * c.experts
  else 3 * c.hidden * c.ffn

// Parameters: per layer attention + MLP + two RMSNorms (2 hidden); the token embedding, the
// final RMSNorm (hidden) and the output head (vocab x hidden, unless tied).
fn llama_params(c: LlamaConfig) -> Int =
  c.layers * (_llama_attn(c) + _llama_mlp_weights(c, c.experts) + 2 * c.hidden) + c.hidden +
  (if c.tied then 1 else 2) * c.vocab * c.hidden

// Parameters a token uses: as `llama_params`, with `top_k` experts per layer instead of all
// (Mixtral 8x7B: 12.9B of 46.7B).
fn llama_active_params(c: LlamaConfig) -> Int =
  c.layers * (_llama_attn(c) + _llama_mlp_weights(c, c.top_k) + 2 * c.hidden) + c.hidden +
  (if c.tied then 1 else 2) * c.vocab * c.hidden

// The weights of a token's matmuls: the active parameters less the norms and the token
// embedding (a lookup), so the output head counts once even when tied.
fn llama_matmul_params(c: LlamaConfig) -> Int =
  c.layers * (_llama_attn(c) + _llama_mlp_weights(c, c.top_k)) + c.vocab * c.hidden

// Model FLOPs of one training step on one sequence of `seq` tokens (the numerator of MFU):
// seq x stdlib.layers' `model_flops_per_token` of the matmul weights. Equal to
// `model_flops` of `llama(..., seq, causal)` when the experts are dropless.
fn llama_model_flops(c: LlamaConfig, seq: Int, causal: Bool = false) -> Real =
  1.0 * seq * model_flops_per_token(llama_matmul_params(c), c.layers, c.hidden, seq, causal)

// ---- the models (Hugging Face config.json of each) ----------------------------------

// Llama 2 (Touvron et al. 2023): vocabulary 32,000, trained on 4,096-token sequences.
// meta-llama/Llama-2-7b-hf, -13b-hf, -70b-hf.
let llama2_7b_config = LlamaConfig { layers = 32, hidden = 4096, heads = 32, ffn = 11008, vocab = 32000 }
let llama2_13b_config = LlamaConfig { layers = 40, hidden = 5120, heads = 40, ffn = 13824, vocab = 32000 }
let llama2_70b_config = LlamaConfig { layers = 80, hidden = 8192, heads = 64, kv_heads = 8, ffn = 28672,
                                      vocab = 32000 }
// Llama 3 (Grattafiori et al. 2024, "The Llama 3 Herd of Models", Table 3): vocabulary
// 128,256 (128,000 tokens and 256 special ones), 8 key/value heads, pre-trained on
// 8,192-token sequences. meta-llama/Meta-Llama-3-8B, Meta-Llama-3-70B, Llama-3.1-405B.
let llama3_8b_config = LlamaConfig { layers = 32, hidden = 4096, heads = 32, kv_heads = 8, ffn = 14336,
                                     vocab = 128256 }
let llama3_70b_config = LlamaConfig { layers = 80, hidden = 8192, heads = 64, kv_heads = 8, ffn = 28672,
                                      vocab = 128256 }
let llama3_405b_config = LlamaConfig { layers = 126, hidden = 16384, heads = 128, kv_heads = 8,
                                       ffn = 53248, vocab = 128256 }
// Mixtral 8x7B (Jiang et al. 2024, "Mixtral of Experts"): Mistral 7B's shape with 8 SwiGLU
// experts per layer, 2 per token, dropless; 32,768-token context.
// mistralai/Mixtral-8x7B-v0.1.
let mixtral_8x7b_config = LlamaConfig { layers = 32, hidden = 4096, heads = 32, kv_heads = 8, ffn = 14336,
                                        vocab = 32000, experts = 8, top_k = 2 }

fn llama2_7b(seq: Int, causal: Bool = false) -> Network = llama("llama2_7b", llama2_7b_config, seq, causal)
fn llama2_13b(seq: Int, causal: Bool = false) -> Network = llama("llama2_13b", llama2_13b_config, seq, causal)
fn llama2_70b(seq: Int, causal: Bool = false) -> Network = llama("llama2_70b", llama2_70b_config, seq, causal)
fn llama3_8b(seq: Int, causal: Bool = false) -> Network = llama("llama3_8b", llama3_8b_config, seq, causal)
fn llama3_70b(seq: Int, causal: Bool = false) -> Network = llama("llama3_70b", llama3_70b_config, seq, causal)
fn llama3_405b(seq: Int, causal: Bool = false) -> Network = llama("llama3_405b", llama3_405b_config, seq, causal)
fn mixtral_8x7b(seq: Int, causal: Bool = false) -> Network = llama("mixtral_8x7b", mixtral_8x7b_config, seq, causal)

let llama2_7b_4096 = llama2_7b(4096)
let llama2_13b_4096 = llama2_13b(4096)
let llama2_70b_4096 = llama2_70b(4096)
let llama3_8b_8192 = llama3_8b(8192)
let llama3_70b_8192 = llama3_70b(8192)
let llama3_405b_8192 = llama3_405b(8192)
let mixtral_8x7b_32768 = mixtral_8x7b(32768)

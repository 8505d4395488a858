// stdlib.models.moe_transformers: mixtures of experts trained in 2025, as stdlib.megatron's
// `Transformer`, from each model's Hugging Face config.json (every field that changes the
// cost: layers, hidden_size, num_attention_heads, num_key_value_heads, head_dim,
// moe_intermediate_size or intermediate_size, num_experts (num_local_experts),
// num_experts_per_tok, vocab_size, tie_word_embeddings, attention_bias, sliding_window and
// layer_types). Their parameters (checkpoint_params, the final norm included):
// test/lit/models/moe_transformers.rl.
import stdlib.megatron

// Qwen3 (Qwen/Qwen3-30B-A3B, Qwen/Qwen3-235B-A22B): every layer a mixture of 128 SwiGLU
// experts, 8 per token, heads of 128 wider than hidden/heads, an RMSNorm on each query and
// key head, no biases, untied embeddings; 4,096-token pre-training sequences here.
fn qwen3_moe(name: String, layers: Int, hidden: Int, heads: Int, expert_ffn: Int, seq: Int = 4096) -> Transformer =
  Transformer { name = name, layers = layers, hidden = hidden, heads = heads, kv_heads = 4, head_size = 128,
                seq = seq, vocab = 151936, ffn = expert_ffn, expert_ffn = expert_ffn, gated = true, bias = false,
                positions = false, tied = false, qk_norm = true, experts = 128, top_k = 8 }
let qwen3_30b_a3b = qwen3_moe("qwen3_30b_a3b", 48, 2048, 32, 768)
let qwen3_235b_a22b = qwen3_moe("qwen3_235b_a22b", 94, 4096, 64, 1536)

// GPT-OSS (openai/gpt-oss-20b, openai/gpt-oss-120b): hidden 2,880, 64 heads of 64 and 8
// key/value heads, biased linear layers and router, RMSNorm, a learned sink per head,
// SwiGLU experts of 2,880 (4 per token), every other layer a 128-token sliding window,
// vocabulary 201,088, untied; 4,096-token sequences here.
fn gpt_oss(name: String, layers: Int, experts: Int, seq: Int = 4096) -> Transformer =
  Transformer { name = name, layers = layers, hidden = 2880, heads = 64, kv_heads = 8, head_size = 64, seq = seq,
                vocab = 201088, ffn = 2880, gated = true, bias = true, norm_bias = false, positions = false,
                tied = false, sinks = true, experts = experts, top_k = 4, window = 128, windowed = 0.5 }
let gpt_oss_20b = gpt_oss("gpt_oss_20b", 24, 32)
let gpt_oss_120b = gpt_oss("gpt_oss_120b", 36, 128)

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

// Mixtral 8x22B (mistralai/Mixtral-8x22B-v0.1's config.json): 56 layers of 6,144, 48 heads
// and 8 key/value heads, 8 SwiGLU experts of 16,384 (2 per token), vocabulary 32,000,
// untied; 4,096-token sequences here (65,536 positions).
let mixtral_8x22b = Transformer { name = "mixtral_8x22b", layers = 56, hidden = 6144, heads = 48, kv_heads = 8,
                                  seq = 4096, vocab = 32000, ffn = 16384, gated = true, bias = false,
                                  positions = false, tied = false, experts = 8, top_k = 2 }

// DeepSeek-V3's architecture (DeepSeek-V3 technical report, arXiv 2412.19437, section 4.2,
// and deepseek-ai/DeepSeek-V3's config.json), which Kimi K2 reuses: multi-head latent
// attention (q_lora_rank 1,536, kv_lora_rank 512, heads of 128 + 64 rotary for queries and
// keys and 128 for values), the first layers dense SwiGLU MLPs of 18,432
// (first_k_dense_replace), the rest a mixture of routed SwiGLU experts of 2,048 (8 per
// token) and one shared expert of 2,048, no biases, RMSNorm, untied embeddings; 4,096-token
// pre-training sequences.
fn deepseek_v3_arch(name: String, heads: Int, experts: Int, dense: Int, vocab: Int, mtp: Int, groups: Int,
                    group_top: Int, seq: Int = 4096) -> Transformer =
  Transformer { name = name, layers = 61, hidden = 7168, heads = heads, seq = seq, vocab = vocab, ffn = 18432,
                expert_ffn = 2048, gated = true, bias = false, positions = false, tied = false,
                experts = experts, top_k = 8, q_lora = 1536, kv_lora = 512, qk_nope = 128, qk_rope = 64, v_head = 128,
                shared_experts = 1, dense_layers = dense, mtp_layers = mtp, expert_groups = groups, group_top = group_top }
// DeepSeek-V3: 128 heads, 256 routed experts in 8 groups of which a token's experts come
// from 4, 3 dense layers, vocabulary 129,280, one multi-token-prediction module
// (num_nextn_predict_layers), as it was trained; deepseek_v3_no_mtp without it (the
// published recipes that train the 61 layers alone).
let deepseek_v3 = deepseek_v3_arch("deepseek_v3", 128, 256, 3, 129280, 1, 8, 4)
let deepseek_v3_no_mtp = deepseek_v3 with { name = "deepseek_v3_no_mtp", mtp_layers = 0 }
// Kimi K2 (Kimi K2 technical report, arXiv 2507.20534, and moonshotai/Kimi-K2-Base's
// config.json): 64 heads, 384 routed experts in one group, one dense layer, vocabulary
// 163,840, no prediction module.
let kimi_k2 = deepseek_v3_arch("kimi_k2", 64, 384, 1, 163840, 0, 1, 1)

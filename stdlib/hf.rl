// stdlib.hf: a transformer from its Hugging Face config.json, every field that changes the
// cost honoured and any it cannot honour an error naming it, never an approximation:
//   hf_transformer("path/config.json")              a `Transformer` on 4,096-token sequences
//   hf_transformer("config.json", seq = 8192, name = "mine")
// The families it reads (the file's `architectures`): Llama, Mistral, Mixtral, Qwen2,
// Qwen3, Qwen3-MoE, GPT-OSS, DeepSeek-V2 and DeepSeek-V3 (Kimi K2's too: its config.json
// names DeepseekV3ForCausalLM). Nemotron-H is read and refused with what is not modelled
// yet. A relative path is the spec's folder's (json_get); `ringline advise --model
// path/config.json` and Python's `ringline.transformer_from_hf` call it.
import stdlib.megatron

let hf_architectures = ["LlamaForCausalLM", "MistralForCausalLM", "MixtralForCausalLM", "Qwen2ForCausalLM",
                        "Qwen3ForCausalLM", "Qwen3MoeForCausalLM", "GptOssForCausalLM", "DeepseekV2ForCausalLM",
                        "DeepseekV3ForCausalLM"]

// What an architecture Ringline reads but cannot describe yet lacks ("" for none).
fn _hf_missing(arch: String) -> String =
  if arch == "NemotronHForCausalLM" then "Mamba-2 layers"
  else ""

fn _hf_int(path: String, key: String) -> Int =
  if json_has(path, key) then json_get(path, key, 0) else error("`" + path + "` has no `" + key + "`, which the cost needs")

fn _hf_listed(xs: [String]) -> String = fold(fn(acc: String, x: String) -> String = if acc == "" then x else acc + ", " + x, "", xs)

fn hf_transformer(path: String, seq: Int = 4096, name: String = "") -> Transformer = {
  let archs = json_get(path, "architectures", [""])
  let arch = if len(archs) == 0 then "" else archs[0]
  let known = sum a in hf_architectures: if a == arch then 1 else 0
  if _hf_missing(arch) != "" then
    error("`" + path + "`: " + arch + " is not modelled yet (" + _hf_missing(arch) + ")")
  else if known == 0 then
    error("`" + path + "`: unknown architecture `" + arch + "`; stdlib.hf reads " + _hf_listed(hf_architectures))
  else if arch == "DeepseekV2ForCausalLM" or arch == "DeepseekV3ForCausalLM" then
    _hf_deepseek(path, arch, seq, if name != "" then name else arch)
  else _hf_read(path, arch, seq, if name != "" then name else arch)
}

// DeepSeek-V2 and -V3 (the configuration_deepseek.py their repositories ship): latent
// attention (q_lora_rank null or 0: a direct query projection), n_routed_experts SwiGLU
// experts of moe_intermediate_size, num_experts_per_tok per token, n_shared_experts beside
// them, the first first_k_dense_replace layers a dense MLP of intermediate_size, every layer
// after them a mixture (moe_layer_freq 1), routing limited to topk_group of n_group groups,
// num_nextn_predict_layers multi-token-prediction modules, RMSNorm and no biases.
fn _hf_deepseek(path: String, arch: String, seq: Int, name: String) -> Transformer = {
  let heads = _hf_int(path, "num_attention_heads")
  let layers = _hf_int(path, "num_hidden_layers")
  let routed = json_get(path, "n_routed_experts", 0)
  // DeepSeek-V2-Lite's greedy router ("greedy", or the code's default spelling "gready")
  // ignores n_group; "group_limited_greedy" (V2) and "noaux_tc" (V3) use it.
  let greedy = json_get(path, "topk_method", "noaux_tc") == "greedy" or json_get(path, "topk_method", "noaux_tc") == "gready"
  let groups = if greedy then 1 else json_get(path, "n_group", 1)
  let bad = fn(what: String) -> Transformer = error("`" + path + "`: " + what)
  if json_get(path, "attention_bias", false) then bad("`attention_bias` on " + arch + " is not modelled")
  else if json_get(path, "mlp_bias", false) then bad("`mlp_bias` is not modelled")
  else if json_get(path, "moe_layer_freq", 1) != 1 then
    bad("`moe_layer_freq` other than 1 (dense layers between the mixtures) is not modelled")
  else if json_get(path, "num_key_value_heads", heads) != heads then
    bad("`num_key_value_heads` other than `num_attention_heads`: latent attention has a key and a value per head")
  else if json_get(path, "use_sliding_window", false) then bad("`use_sliding_window` on " + arch + " is not modelled")
  else if routed < 1 then bad("`n_routed_experts` is missing or 0: a DeepSeek model without experts is not modelled")
  else if groups < 1 or routed % groups != 0 then
    bad("`n_group` (" + str(groups) + ") does not divide `n_routed_experts` (" + str(routed) + ")")
  else Transformer {
    name = name, layers = layers, hidden = _hf_int(path, "hidden_size"), heads = heads, seq = seq,
    vocab = _hf_int(path, "vocab_size"), ffn = _hf_int(path, "intermediate_size"),
    expert_ffn = _hf_int(path, "moe_intermediate_size"), gated = true, bias = false, norm_bias = false, qkv_bias = false,
    positions = false, tied = json_get(path, "tie_word_embeddings", false),
    experts = routed, top_k = _hf_int(path, "num_experts_per_tok"),
    q_lora = json_get(path, "q_lora_rank", 0), kv_lora = _hf_int(path, "kv_lora_rank"),
    qk_nope = _hf_int(path, "qk_nope_head_dim"), qk_rope = _hf_int(path, "qk_rope_head_dim"),
    v_head = _hf_int(path, "v_head_dim"), shared_experts = json_get(path, "n_shared_experts", 0),
    dense_layers = min(layers, json_get(path, "first_k_dense_replace", 0)),
    mtp_layers = json_get(path, "num_nextn_predict_layers", 0),
    expert_groups = groups, group_top = if greedy then 1 else json_get(path, "topk_group", groups) }
}

fn _hf_read(path: String, arch: String, seq: Int, name: String) -> Transformer = {
  let heads = _hf_int(path, "num_attention_heads")
  let hidden = _hf_int(path, "hidden_size")
  let moe = arch == "MixtralForCausalLM" or arch == "Qwen3MoeForCausalLM" or arch == "GptOssForCausalLM"
  let experts = if arch == "Qwen3MoeForCausalLM" then _hf_int(path, "num_experts")
                else if moe then _hf_int(path, "num_local_experts") else 1
  let qwen3 = arch == "Qwen3ForCausalLM" or arch == "Qwen3MoeForCausalLM"
  let oss = arch == "GptOssForCausalLM"
  // Sliding windows: GPT-OSS's on the layers `layer_types` names so; Mistral's (and any
  // family's that sets one) on every layer.
  // Qwen's configs carry a window they do not use (`use_sliding_window: false`).
  let window = if json_get(path, "use_sliding_window", true) then json_get(path, "sliding_window", 0) else 0
  let types = json_get(path, "layer_types", [""])
  let windowed = if window == 0 then 0.0
                 else if json_has(path, "layer_types") and len(types) > 0 then
                   (sum t in types: if t == "sliding_attention" then 1.0 else 0.0) / len(types)
                 else 1.0
  let linear_bias = json_get(path, "attention_bias", oss)
  // What these families' configs can say that the record does not describe.
  if json_get(path, "mlp_bias", false) then error("`" + path + "`: `mlp_bias` is not modelled")
  else if not oss and linear_bias then error("`" + path + "`: `attention_bias` on " + arch + " is not modelled")
  else if arch == "Qwen3MoeForCausalLM" and json_get(path, "decoder_sparse_step", 1) != 1 then
    error("`" + path + "`: `decoder_sparse_step` other than 1 (dense layers between the mixtures) is not modelled")
  else if arch == "Qwen3MoeForCausalLM" and json_has(path, "mlp_only_layers") and len(json_get(path, "mlp_only_layers", [0])) > 0 then
    error("`" + path + "`: `mlp_only_layers` (dense layers among the mixtures) is not modelled")
  else Transformer {
    name = name, layers = _hf_int(path, "num_hidden_layers"), hidden = hidden, heads = heads,
    kv_heads = json_get(path, "num_key_value_heads", heads),
    head_size = if json_has(path, "head_dim") then json_get(path, "head_dim", 0) else 0,
    seq = seq, vocab = _hf_int(path, "vocab_size"),
    ffn = _hf_int(path, "intermediate_size"),
    expert_ffn = if arch == "Qwen3MoeForCausalLM" then _hf_int(path, "moe_intermediate_size") else 0,
    gated = true, bias = oss, norm_bias = false, qkv_bias = oss or arch == "Qwen2ForCausalLM",
    positions = false, tied = json_get(path, "tie_word_embeddings", false), qk_norm = qwen3, sinks = oss,
    experts = experts, top_k = if moe then _hf_int(path, "num_experts_per_tok") else 1,
    window = window, windowed = windowed }
}

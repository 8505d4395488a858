// stdlib.hf: a transformer from its Hugging Face config.json, every field that changes the
// cost honoured and any it cannot honour an error naming it, never an approximation:
//   hf_transformer("path/config.json")              a `Transformer` on 4,096-token sequences
//   hf_transformer("config.json", seq = 8192, name = "mine")
// The families it reads (the file's `architectures`): Llama, Mistral, Mixtral, Qwen2,
// Qwen3, Qwen3-MoE and GPT-OSS. DeepSeek-V3 (and Kimi-K2, which uses its architecture)
// and Nemotron-H are read and refused with what is not modelled yet. A relative path is
// the spec's folder's (json_get); `ringline advise --model path/config.json` and Python's
// `ringline.transformer_from_hf` call it.
import stdlib.megatron

let hf_architectures = ["LlamaForCausalLM", "MistralForCausalLM", "MixtralForCausalLM", "Qwen2ForCausalLM",
                        "Qwen3ForCausalLM", "Qwen3MoeForCausalLM", "GptOssForCausalLM"]

// What an architecture Ringline reads but cannot describe yet lacks ("" for none).
fn _hf_missing(arch: String) -> String =
  if arch == "DeepseekV3ForCausalLM" then "multi-head latent attention, a shared expert, dense first layers and multi-token prediction"
  else if arch == "NemotronHForCausalLM" then "Mamba-2 layers"
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
  else _hf_read(path, arch, seq, if name != "" then name else arch)
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

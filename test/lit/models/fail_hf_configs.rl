// What stdlib.hf and the JSON built-ins refuse, each with its kind, at the call.
// RUN: %ringline check --verify-diagnostics %s
import stdlib.megatron
import stdlib.hf

// DeepSeek-V3's configurations with a field the record cannot describe (its Inputs/hf/README.md).
// expected-error@+1 {{`Inputs/hf/deepseek_moe_freq.json`: `moe_layer_freq` other than 1 (dense layers between the mixtures) is not modelled [user_error]}}
let freq = hf_transformer("Inputs/hf/deepseek_moe_freq.json")
// expected-error@+1 {{`Inputs/hf/deepseek_kv_heads.json`: `num_key_value_heads` other than `num_attention_heads`: latent attention has a key and a value per head [user_error]}}
let kv = hf_transformer("Inputs/hf/deepseek_kv_heads.json")
// expected-error@+1 {{`Inputs/hf/deepseek_bias.json`: `attention_bias` on DeepseekV3ForCausalLM is not modelled [user_error]}}
let biased = hf_transformer("Inputs/hf/deepseek_bias.json")
// expected-error@+1 {{`Inputs/hf/deepseek_no_experts.json`: `n_routed_experts` is missing or 0: a DeepSeek model without experts is not modelled [user_error]}}
let dense = hf_transformer("Inputs/hf/deepseek_no_experts.json")
// expected-error@+1 {{`Inputs/hf/deepseek_groups.json`: `n_group` (3) does not divide `n_routed_experts` (256) [user_error]}}
let groups = hf_transformer("Inputs/hf/deepseek_groups.json")
// expected-error@+1 {{`Inputs/hf/falcon.json`: unknown architecture `FalconForCausalLM`; stdlib.hf reads LlamaForCausalLM, MistralForCausalLM, MixtralForCausalLM, Qwen2ForCausalLM, Qwen3ForCausalLM, Qwen3MoeForCausalLM, GptOssForCausalLM, DeepseekV2ForCausalLM, DeepseekV3ForCausalLM [user_error]}}
let falcon = hf_transformer("Inputs/hf/falcon.json")
// expected-error@+3 {{`Inputs/hf/missing_layers.json` has no `num_hidden_layers`, which the cost needs [user_error]}}
// expected-error@+2 {{`Inputs/hf/missing_layers.json` has no `vocab_size`, which the cost needs [user_error]}}
// expected-error@+1 {{`Inputs/hf/missing_layers.json` has no `intermediate_size`, which the cost needs [user_error]}}
let missing = hf_transformer("Inputs/hf/missing_layers.json")
// expected-error@+1 {{`hidden_size` is a string in the file, not a number [type_mismatch]}}
let wrong = json_get("Inputs/hf/wrong_kind.json", "hidden_size", 0)
// expected-error@+1 {{is not JSON: }}
let broken = json_get("Inputs/hf/broken.json", "hidden_size", 0)
// expected-error@+1 {{holds a list, not a JSON object [bad_json]}}
let listed = json_has("Inputs/hf/list.json", "hidden_size")
// expected-error@+1 {{cannot read}}
let absent = json_has("Inputs/hf/nowhere.json", "hidden_size")
// expected-error@+1 {{a spec reads only files in its own folder tree and the standard library; `/etc/hostname.json` is outside them (to read it, allow its folder with `--allow-path DIR`) [path_not_allowed]}}
let outside = json_has("/etc/hostname.json", "x")
// expected-error@+1 {{`json_get` takes 3 arguments, got 2 [bad_call]}}
let short = json_get("Inputs/hf/llama3_8b.json", "x")
// expected-error@+1 {{`json_get` needs a key (String) here, got `Int` [type_mismatch]}}
let key = json_get("Inputs/hf/llama3_8b.json", 3, 0)
// expected-error@+1 {{`vocab_size` is a number in the file, not a string [type_mismatch]}}
let as_text = json_get("Inputs/hf/llama3_8b.json", "vocab_size", "")
// expected-error@+1 {{`rms_norm_eps` is a number in the file, not a whole number [type_mismatch]}}
let whole = json_get("Inputs/hf/gpt_oss_120b.json", "rms_norm_eps", 1)

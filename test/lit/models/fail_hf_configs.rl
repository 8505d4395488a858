// What stdlib.hf and the JSON built-ins refuse, each with its kind, at the call.
// RUN: %ringline check --verify-diagnostics %s
import stdlib.megatron
import stdlib.hf

// expected-error@+1 {{`Inputs/hf/deepseek_v3.json`: DeepseekV3ForCausalLM is not modelled yet (multi-head latent attention, a shared expert, dense first layers and multi-token prediction) [user_error]}}
let deepseek = hf_transformer("Inputs/hf/deepseek_v3.json")
// expected-error@+1 {{`Inputs/hf/falcon.json`: unknown architecture `FalconForCausalLM`; stdlib.hf reads LlamaForCausalLM, MistralForCausalLM, MixtralForCausalLM, Qwen2ForCausalLM, Qwen3ForCausalLM, Qwen3MoeForCausalLM, GptOssForCausalLM [user_error]}}
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

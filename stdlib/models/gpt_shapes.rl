// stdlib.models.gpt_shapes: the GPTs' shapes, written once for the networks of
// stdlib.models.transformer and stdlib.models.gpt and the transformers stdlib.advise_llm
// knows by name.
//   GPT-2 (Radford et al. 2019): small 12 layers of width 768 and 12 heads, medium 24/1,024/16,
//   large 36/1,280/20, XL 48/1,600/25.
//   GPT-3 175B (Brown et al. 2020, Table 2.1): 96 layers, d_model 12,288, 96 heads.
//   Megatron-LM's GPTs (Narayanan et al. 2021, SC21, Table 1), 1.7B to 1T.
record GptShape {
  name: String
  layers: Int
  hidden: Int
  heads: Int
}

let gpt2_small_shape = GptShape { name = "gpt2_small", layers = 12, hidden = 768, heads = 12 }
let gpt2_shapes = [gpt2_small_shape,
  GptShape { name = "gpt2_medium", layers = 24, hidden = 1024, heads = 16 },
  GptShape { name = "gpt2_large", layers = 36, hidden = 1280, heads = 20 },
  GptShape { name = "gpt2_xl", layers = 48, hidden = 1600, heads = 25 }]

let gpt3_175b_shape = GptShape { name = "gpt3_175b", layers = 96, hidden = 12288, heads = 96 }

let megatron_1_7b_shape = GptShape { name = "megatron_1_7b", layers = 24, hidden = 2304, heads = 24 }
let megatron_3_6b_shape = GptShape { name = "megatron_3_6b", layers = 30, hidden = 3072, heads = 32 }
let megatron_7_5b_shape = GptShape { name = "megatron_7_5b", layers = 36, hidden = 4096, heads = 32 }
let megatron_18b_shape = GptShape { name = "megatron_18b", layers = 40, hidden = 6144, heads = 48 }
let megatron_39b_shape = GptShape { name = "megatron_39b", layers = 48, hidden = 8192, heads = 64 }
let megatron_76b_shape = GptShape { name = "megatron_76b", layers = 60, hidden = 10240, heads = 80 }
let megatron_145b_shape = GptShape { name = "megatron_145b", layers = 80, hidden = 12288, heads = 96 }
let megatron_310b_shape = GptShape { name = "megatron_310b", layers = 96, hidden = 16384, heads = 128 }
let megatron_530b_shape = GptShape { name = "megatron_530b", layers = 105, hidden = 20480, heads = 128 }
let megatron_1t_shape = GptShape { name = "megatron_1t", layers = 128, hidden = 25600, heads = 160 }
let megatron_shapes = [megatron_1_7b_shape, megatron_3_6b_shape, megatron_7_5b_shape, megatron_18b_shape,
  megatron_39b_shape, megatron_76b_shape, megatron_145b_shape, megatron_310b_shape, megatron_530b_shape,
  megatron_1t_shape]

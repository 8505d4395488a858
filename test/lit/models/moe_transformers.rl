// The mixtures of stdlib.models.moe_transformers against their published parameter counts:
// every parameter of the checkpoint (checkpoint_params), from each config.json.
//   Qwen3-30B-A3B: per layer queries 2048 x 4096, keys and values 2 x 2048 x 512, output
//   4096 x 2048 (18,874,368), query and key norms 256, two norms 4,096, router 2048 x 128
//   (262,144), 128 experts of 3 x 2048 x 768 (603,979,776): 623,120,640; x 48 =
//   29,909,790,720; + 2 x 151,936 x 2,048 + 2,048 = 30,532,122,624 (Hugging Face: 30.5B).
//   Qwen3-235B-A22B: 2,487,755,008 per layer x 94 + 2 x 151,936 x 4,096 + 4,096 =
//   235,093,634,560 (235B).
//   GPT-OSS-120B: attention 26,550,080 with its biases, 64 sinks, norms 5,760, router
//   368,768 with its bias, 128 experts of 3 x 2880² + 3 x 2,880 (24,891,840): 3,213,080,192
//   per layer; x 36 + 2 x 201,088 x 2,880 + 2,880 = 116,829,156,672 (OpenAI: 116.83B);
//   GPT-OSS-20B with 24 layers of 32 experts: 20,914,757,184 (20.91B).
// RUN: %ringline eval %s --digits 0 | FileCheck %s
import stdlib.megatron
import stdlib.models.moe_transformers

scenario moe_params {
  report qwen3_30b = checkpoint_params(qwen3_30b_a3b)
  report qwen3_235b = checkpoint_params(qwen3_235b_a22b)
  report oss_20b = checkpoint_params(gpt_oss_20b)
  report oss_120b = checkpoint_params(gpt_oss_120b)
  report head = head_dim(qwen3_30b_a3b)
  report qkv = qkv_width(qwen3_30b_a3b)
  // One layer's routed expert GEMMs of one sequence: 4,096 tokens x 8 over 128 experts.
  report fc2_k = layer_gemms(qwen3_30b_a3b, 1, 1)[5].k
  report fc2_rows = layer_gemms(qwen3_30b_a3b, 1, 1)[5].m
}
// CHECK:      qwen3_30b  = 30532122624{{$}}
// CHECK-NEXT: qwen3_235b = 235093634560{{$}}
// CHECK-NEXT: oss_20b    = 20914757184{{$}}
// CHECK-NEXT: oss_120b   = 116829156672{{$}}
// CHECK-NEXT: head       = 128{{$}}
// CHECK-NEXT: qkv        = 5120{{$}}
// CHECK-NEXT: fc2_k      = 768{{$}}
// CHECK-NEXT: fc2_rows   = 256{{$}}

// A mixture's all-to-alls (stdlib.megatron's expert_alltoall) for one Qwen3-30B-A3B layer
// and one micro-batch of 4,096 tokens (hidden 2,048, top 8 of 128 experts) on DGX H100s:
// NVLink 450 GB/s and 9 us, a 400 Gbit/s NDR NIC per GPU at 1.5 us, both at 0.8.
// Routed copies: 4096 x 8 x 2048 = 67,108,864 elements.
//
// alltoall, e = 16 over 2 nodes (k = 8 a node): 7/16 of the copies over NVLink, 8/16 over
// the NIC, at 2 bytes, each way a pairwise exchange; the slower (the NIC) shows, twice:
//   NVLink 7 x 9 us + 58,720,256 B / 360 GB/s = 226.11 us; NIC 1.5 us + 67,108,864 B /
//   40 GB/s = 1,679.22 us; 2 x 1,679.22 = 3,358.44 us.
// deepep, the same group: a token reaches 2 (1 - 2^-8) = 1.9921875 nodes, one of them
// remote 0.99609375 of the time: 8,355,840 elements over the NIC; 7/8 of the copies
// (58,720,256 elements) over NVLink. Dispatch at 1 + 4/128 bytes: NIC 216.924 us, NVLink
// 63 + 168.209 = 231.209 us; combine at 2 bytes: NIC 419.292 us, NVLink 389.224 us;
// 231.209 + 419.292 = 650.501 us.
// alltoall, e = 8 in one node: 7/8 of the copies over NVLink: 2 x (63 + 326.224) = 778.447 us.
// RUN: %ringline eval %s --digits 6 | FileCheck %s
import stdlib.megatron
import stdlib.hardware
import stdlib.models.moe_transformers

let st = llm_setup(dgx_h100_pod(2))
let lay = Layout { expert = 16, data = 16, precision = "bf16" }

scenario a2a {
  report across = expert_alltoall(qwen3_30b_a3b, st, lay, megatron_efficiency) in us
  report deepep = expert_alltoall(qwen3_30b_a3b, st, lay with { dispatcher = "deepep" }, megatron_efficiency) in us
  report inside = expert_alltoall(qwen3_30b_a3b, st, lay with { expert = 8 }, megatron_efficiency) in us
  // A dense model sends nothing.
  report dense = expert_alltoall(qwen3_30b_a3b with { experts = 1, top_k = 1 }, st, lay, megatron_efficiency) in us
  // The busiest GPU at 1.5 times a balanced share sends 1.5 times the copies.
  report busier = expert_alltoall(qwen3_30b_a3b, st, lay with { imbalance = 1.5 }, megatron_efficiency)
                  / expert_alltoall(qwen3_30b_a3b, st, lay, megatron_efficiency)
  // What the process holds beside the tensors: 500 MiB, and 2 x 32 x 4 MiB for each of the
  // tensor and data groups of t 2 d 4: 1,012 MiB.
  report runtime = runtime_memory(Layout { tensor = 2, data = 4 }) in MiB
}
// CHECK:      across  = 3358.44 us
// CHECK-NEXT: deepep  = 650.501 us
// CHECK-NEXT: inside  = 778.447 us
// CHECK-NEXT: dense   = 0 us
// CHECK-NEXT: busier  = 1.49{{[0-9]+}}
// CHECK-NEXT: runtime = 1012 MiB

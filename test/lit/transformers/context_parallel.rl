// Context parallelism (ring attention): each of c ranks holds 1/c of every sequence, runs
// the token-wise GEMMs and kernels on it, attends its queries to every key while the keys
// and values pass around the ring, and shares the weights with the other c - 1 (the
// gradients reduce over d c ranks). Llama-3 8B at 32,768 tokens on one DGX H100 node,
// t 4 d 1, full recomputation:
//   c = 2 uses 8 GPUs (t*p*d*c), c = 1 at d 2 as many;
//   the activations of a rank's share halve, except the scores of its queries against all
//   keys, which stay (none kept under full recomputation: exactly half);
//   the attention core (score and context GEMMs) of a rank is half of c = 1's per micro-
//   batch, and so the time per iteration of the same 8 GPUs is about the same.
// The searches name `--backend auto`: forced onto the JIT they compile every variant
// (test/lit/advise/transformers.rl).
// RUN: %ringline eval %s --scenario=cp --digits 6 | FileCheck %s
// RUN: %ringline eval %s --scenario=bad | FileCheck %s --check-prefix=BAD
// RUN: %ringline advise --backend auto --flash-attention=false --model llama3_8b --cluster dgx_h100_pod --gpus 64 --global-batch 64 --seq 131072 --top 1 | FileCheck %s --check-prefix=LONG
// RUN: %ringline advise --backend auto --flash-attention=false --model llama3_8b --cluster dgx_h100_pod --gpus 64 --global-batch 64 --seq 131072 --top 1 --cp 8 | FileCheck %s --check-prefix=LONGCP
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron
import stdlib.advise_llm
import stdlib.models.llama

let m = llama_transformer("llama3_8b", llama3_8b_config, 32768)
let s = llm_setup(dgx_h100_pod(1))
let base = Layout { tensor = 4, pipeline = 1, data = 2, micro = 1, batch = 8, recompute = "full",
                    sequence_parallel = true, precision = "bf16" }
let one = transformer_plan(m, s, base)
let two = transformer_plan(m, s, base with { data = 1, context = 2 })

scenario cp {
  report gpus_one = one.gpus
  report gpus_two = two.gpus
  report act_ratio = two.memory.activations / one.memory.activations
  report iter_ratio = two.iter / one.iter
  report feasible = two.feasible
}
// CHECK:      gpus_one   = 8
// CHECK-NEXT: gpus_two   = 8
// CHECK-NEXT: act_ratio  = 0.5
// CHECK-NEXT: iter_ratio = 1.00{{[0-9]+}}
// CHECK-NEXT: feasible   = true

// A sequence that does not split c ways.
scenario bad {
  report ok = transformer_plan(m, s, base with { data = 1, context = 3 }).feasible
  report split = fails(transformer_plan(m, s, base with { data = 1, context = 3 }), "seq % c = 0")
}
// BAD:      ok    = false
// BAD-NEXT: split = true

// With the attention scores kept (unfused attention), 131,072 tokens of Llama-3 8B do not
// fit any layout of 64 H100s without context parallelism (the rows shown break `memory`);
// split 8 ways, they do.
// LONG:   64     -   {{.*}}  breaks `memory`
// LONGCP: llama3_8b on dgx_h100_pod: global batch 64, seq 131072, bf16, context parallel 8, unfused attention
// LONGCP: 64     1   8    1    1

// Dao, "FlashAttention-2: Faster Attention with Better Parallelism and Work Partitioning"
// (arXiv 2307.08691, 2023), Table 1: GPT-style models of 1.3B and 2.7B parameters trained
// on 8 A100-80GB SXM4 (one DGX A100 node) at 2k and 8k tokens, in TFLOP/s per GPU by the
// paper's count, without FlashAttention, with FlashAttention (Dao et al. 2022) and with
// FlashAttention-2. The models and the run are those of the paper's repository
// (Dao-AILab/flash-attention, training/configs/experiment/pile: GPT3-1.3B 24 layers of
// 2,048 with 16 heads, GPT3-2.7B 32 of 2,560 with 20 heads of 128 as its README sets it,
// GPT-2's vocabulary padded to 50,264, learned positions, tied embedding; bf16, ZeRO-1
// data parallelism over the 8 GPUs with the gradient reduction overlapped, 1M tokens per
// iteration). The paper does not give each run's micro-batch or recomputation, so each
// row is the fastest layout stdlib.megatron finds that fits in 80 GB over micro-batches
// 1 to 16 and no, selective or full recomputation. The fused kernel runs at the device
// device's flash_fwd and flash_bwd (FlashAttention-2: 73% and 63% of the A100's peak
// at the best, times the clock factor); FlashAttention's (v1) are the top of the range the
// FlashAttention-2 paper gives for it, 50% forward and 35% backward, times the same factor.
//   ringline sweep examples/megatron/flash_attention.rl --format table
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron

record FaRow { name: String, layers: Int, hidden: Int, heads: Int, seq: Int, batch: Int,
               none: FLOP/s, fa1: FLOP/s, fa2: FLOP/s }
let fa_rows = [
  FaRow { name = "1.3B 2k", layers = 24, hidden = 2048, heads = 16, seq = 2048, batch = 512,
          none = 142 TFLOP/s, fa1 = 189 TFLOP/s, fa2 = 196 TFLOP/s },
  FaRow { name = "1.3B 8k", layers = 24, hidden = 2048, heads = 16, seq = 8192, batch = 128,
          none = 72 TFLOP/s, fa1 = 170 TFLOP/s, fa2 = 220 TFLOP/s },
  FaRow { name = "2.7B 2k", layers = 32, hidden = 2560, heads = 20, seq = 2048, batch = 512,
          none = 149 TFLOP/s, fa1 = 189 TFLOP/s, fa2 = 205 TFLOP/s },
  FaRow { name = "2.7B 8k", layers = 32, hidden = 2560, heads = 20, seq = 8192, batch = 128,
          none = 80 TFLOP/s, fa1 = 175 TFLOP/s, fa2 = 225 TFLOP/s }]

fn fa_model(r: FaRow) -> Transformer = gpt_config("gpt3-" + r.name, r.layers, r.hidden, r.heads, r.seq, 50264)
let fa_setup = llm_setup(selene(1))
// The attention: "none" (Megatron's unfused score and context GEMMs and softmax), "fa1" or
// "fa2"; FlashAttention (v1) as a device whose fused kernels reach its fractions.
fn fa_setup_of(kind: String) -> Setup =
  if kind == "fa1" then fa_setup with { device = fa_setup.device with { flash_fwd = 0.50 * 0.926, flash_bwd = 0.35 * 0.926 } }
  else fa_setup
fn fa_layout(r: FaRow, kind: String, micro: Int, recompute: String) -> Layout =
  Layout { data = 8, micro = micro, batch = r.batch, precision = "bf16", zero = 1, overlap_grads = true,
           recompute = recompute, flash = kind != "none" }
// The paper's count per iteration (Megatron-LM's, without recomputation): 6 s P + 12 l h s²
// per sequence.
fn fa_flops(m: Transformer, batch: Real) -> Real =
  batch * (6.0 * m.seq * transformer_params(m) + 12.0 * m.layers * m.hidden * m.seq * m.seq)

let fa_micro = [1, 2, 4, 8, 16]
let fa_recompute = ["none", "selective", "full"]
// Every layout the search tries, micro-batch fastest.
fn fa_candidates(r: FaRow, kind: String) -> [Layout] =
  [fa_layout(r, kind, fa_micro[i % 5], fa_recompute[floor(i / 5)]) for i in range(15)]
fn fa_iter(r: FaRow, kind: String, l: Layout) -> s = {
  let plan = transformer_plan(fa_model(r), fa_setup_of(kind), l)
  if plan.feasible then plan.iter else 1e9 s
}
// The fastest layout that fits (the first of equals).
fn fa_best(r: FaRow, kind: String) -> Layout = {
  let ls = fa_candidates(r, kind)
  let its = [fa_iter(r, kind, l) for l in ls]
  let best = min(its)
  ls[min i in range(len(ls)): if its[i] == best then i else len(ls)]
}
fn fa_plan(r: FaRow, kind: String) -> Plan = transformer_plan(fa_model(r), fa_setup_of(kind), fa_best(r, kind))
fn fa_tflops(r: FaRow, kind: String) -> FLOP/s = tflops_per_gpu(fa_plan(r, kind), fa_flops(fa_model(r), r.batch))
fn fa_published(r: FaRow, kind: String) -> FLOP/s = if kind == "fa2" then r.fa2 else if kind == "fa1" then r.fa1 else r.none

scenario flash_attention {
  param model: String = "1.3B 2k" in ["1.3B 2k", "1.3B 8k", "2.7B 2k", "2.7B 8k"]
  param attention: String = "fa2" in ["none", "fa1", "fa2"]
  let r = [x for x in fa_rows if x.name == model][0]
  let lay = fa_best(r, attention)
  let plan = fa_plan(r, attention)
  report micro = lay.micro
  // 0 none, 1 selective, 2 full recomputation
  report recompute = min i in range(3): if fa_recompute[i] == lay.recompute then i else 3
  report iter = plan.iter in s
  report tflops = fa_tflops(r, attention) in TFLOP/s
  report published = fa_published(r, attention) in TFLOP/s
  report error = tflops / published - 1
  report mfu = mfu(plan, fa_model(r), fa_setup, lay)
  report activations = plan.memory.activations in GB
  report memory = mem_total(plan) in GB
  report feasible = plan.feasible
}

// The speedups the paper reports (FlashAttention-2 over the baseline and over FlashAttention),
// predicted and published.
scenario flash_attention_speedup {
  param model: String = "1.3B 2k" in ["1.3B 2k", "1.3B 8k", "2.7B 2k", "2.7B 8k"]
  let r = [x for x in fa_rows if x.name == model][0]
  report over_none = fa_tflops(r, "fa2") / fa_tflops(r, "none")
  report published_over_none = r.fa2 / r.none
  report over_fa1 = fa_tflops(r, "fa2") / fa_tflops(r, "fa1")
  report published_over_fa1 = r.fa2 / r.fa1
}

// stdlib.models.gpt: GPT-3 175B and the GPT configurations of Megatron-LM (Narayanan et al.
// 2021, "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM",
// SC21, Table 1), as functions of the sequence length T, with the paper's closed forms for
// parameters and FLOPs. Per sample = per sequence of T tokens, as in
// stdlib.models.transformer, whose GPT-2 block (pre-norm, layernorm, attention with biased
// projections, GELU MLP of 4 x hidden, learned positions, output head tied to the token
// embedding) these models use. Attention counts the full T x T score and context matmuls
// unless `causal = true` (stdlib.layers' `attention`). Totals: test/lit/models/gpt.rl.
//
// Ints are exact up to 2^53 (9.007e15) and an error past it: parameters and per-sequence
// MACs fit, but a training step of the largest models on one sequence does not (1T: 1.26e16
// model FLOPs), so the FLOP formulas here are `Real`s, and so are stdlib.layers'
// `model_flops` and `total_*_real`. A batch of sequences multiplies a `Real` too.
import stdlib.layers
import stdlib.models.transformer as _t
import stdlib.models.gpt_shapes

// A GPT by (layers, hidden, heads, vocabulary, feed-forward width), on T = `seq` tokens of
// at most `positions` (the learned position table's rows).
fn gpt(name: String, seq: Int, layers: Int, hidden: Int, heads: Int, vocab: Int,
       ffn: Int = 4 * hidden, positions: Int = seq, causal: Bool = false) -> Network =
  _t.gpt2(name, seq, layers, hidden, heads, vocab = vocab, positions = positions, ffn = ffn,
          causal = causal)

// GPT-3 175B (Brown et al. 2020, Table 2.1): 96 layers, d_model 12,288, 96 heads of 128,
// context 2,048, GPT-2's BPE vocabulary of 50,257. 174,604,259,328 parameters with V =
// 50,257; Megatron-LM pads the vocabulary to a multiple of 128 x the tensor-parallel size
// (51,200 at 8-way), `gpt3_175b(T, vocab = 51200)`: 174,615,846,912.
fn gpt3_175b(seq: Int, vocab: Int = 50257, causal: Bool = false) -> Network =
  gpt(gpt3_175b_shape.name, seq, gpt3_175b_shape.layers, gpt3_175b_shape.hidden, gpt3_175b_shape.heads, vocab,
      positions = 2048, causal = causal)

// Megatron-LM's GPT configurations (SC21 Table 1): vocabulary 51,200, 2,048 positions.
fn megatron_gpt(s: GptShape, seq: Int, causal: Bool = false) -> Network =
  gpt(s.name, seq, s.layers, s.hidden, s.heads, 51200, positions = 2048, causal = causal)

fn megatron_1_7b(seq: Int, causal: Bool = false) -> Network = megatron_gpt(megatron_1_7b_shape, seq, causal)
fn megatron_3_6b(seq: Int, causal: Bool = false) -> Network = megatron_gpt(megatron_3_6b_shape, seq, causal)
fn megatron_7_5b(seq: Int, causal: Bool = false) -> Network = megatron_gpt(megatron_7_5b_shape, seq, causal)
fn megatron_18b(seq: Int, causal: Bool = false) -> Network = megatron_gpt(megatron_18b_shape, seq, causal)
fn megatron_39b(seq: Int, causal: Bool = false) -> Network = megatron_gpt(megatron_39b_shape, seq, causal)
fn megatron_76b(seq: Int, causal: Bool = false) -> Network = megatron_gpt(megatron_76b_shape, seq, causal)
fn megatron_145b(seq: Int, causal: Bool = false) -> Network = megatron_gpt(megatron_145b_shape, seq, causal)
fn megatron_310b(seq: Int, causal: Bool = false) -> Network = megatron_gpt(megatron_310b_shape, seq, causal)
fn megatron_530b(seq: Int, causal: Bool = false) -> Network = megatron_gpt(megatron_530b_shape, seq, causal)
fn megatron_1t(seq: Int, causal: Bool = false) -> Network = megatron_gpt(megatron_1t_shape, seq, causal)

// The rows of SC21 Table 1, weak scaling on Selene's A100s: the published parameter count
// (billions, one decimal; `megatron_params` rounds to it for every row), the shape, the
// tensor- and pipeline-parallel sizes, the GPUs, the batch (sequences per iteration) and
// the achieved FLOP/s per GPU (`megatron_flops` per iteration over the measured time).
record MegatronRow {
  billions: Real
  heads: Int
  hidden: Int
  layers: Int
  tensor: Int
  pipeline: Int
  gpus: Int
  batch: Int
  per_gpu: FLOP/s
}
let megatron_table = [
  MegatronRow { billions = 1.7, heads = 24, hidden = 2304, layers = 24, tensor = 1, pipeline = 1,
                gpus = 32, batch = 512, per_gpu = 137 TFLOP/s },
  MegatronRow { billions = 3.6, heads = 32, hidden = 3072, layers = 30, tensor = 2, pipeline = 1,
                gpus = 64, batch = 512, per_gpu = 138 TFLOP/s },
  MegatronRow { billions = 7.5, heads = 32, hidden = 4096, layers = 36, tensor = 4, pipeline = 1,
                gpus = 128, batch = 512, per_gpu = 142 TFLOP/s },
  MegatronRow { billions = 18.4, heads = 48, hidden = 6144, layers = 40, tensor = 8, pipeline = 1,
                gpus = 256, batch = 1024, per_gpu = 135 TFLOP/s },
  MegatronRow { billions = 39.1, heads = 64, hidden = 8192, layers = 48, tensor = 8, pipeline = 2,
                gpus = 512, batch = 1536, per_gpu = 138 TFLOP/s },
  MegatronRow { billions = 76.1, heads = 80, hidden = 10240, layers = 60, tensor = 8, pipeline = 4,
                gpus = 1024, batch = 1792, per_gpu = 140 TFLOP/s },
  MegatronRow { billions = 145.6, heads = 96, hidden = 12288, layers = 80, tensor = 8, pipeline = 8,
                gpus = 1536, batch = 2304, per_gpu = 148 TFLOP/s },
  MegatronRow { billions = 310.1, heads = 128, hidden = 16384, layers = 96, tensor = 8, pipeline = 16,
                gpus = 1920, batch = 2160, per_gpu = 155 TFLOP/s },
  MegatronRow { billions = 529.6, heads = 128, hidden = 20480, layers = 105, tensor = 8, pipeline = 35,
                gpus = 2520, batch = 2520, per_gpu = 163 TFLOP/s },
  MegatronRow { billions = 1008.0, heads = 160, hidden = 25600, layers = 128, tensor = 8, pipeline = 64,
                gpus = 3072, batch = 3072, per_gpu = 163 TFLOP/s }]

// ---- the paper's closed forms (l layers, hidden h, vocabulary V, sequence s, batch B) ----

// Parameters, P = 12 l h^2 (1 + 13 / (12 h) + (V + s) / (12 l h)) = 12 l h^2 + 13 l h + (V + s) h:
// per layer QKV 3h^2 + 3h, output h^2 + h, MLP 8h^2 + 5h, two layernorms 4h; the token
// and position tables. The network has one term more, the final layernorm's 2h.
fn megatron_params(layers: Int, hidden: Int, vocab: Int = 51200, seq: Int = 2048) -> Int =
  12 * layers * hidden * hidden + 13 * layers * hidden + (vocab + seq) * hidden

// FLOPs of one iteration of B sequences with full activation recomputation (SC21 eq. 3,
// the "hardware" FLOPs of HFU), F = 96 B s l h^2 (1 + s / (6h) + V / (16 l h)): the matmuls
// of the transformer layers four times (forward, recomputed forward, backward x 2) and the
// logit layer's three times. Expanded so that every term is a whole number.
fn megatron_flops(batch: Int, seq: Int, layers: Int, hidden: Int, vocab: Int = 51200) -> Real =
  batch * (96.0 * seq * layers * hidden * hidden + 16.0 * seq * seq * layers * hidden +
           6.0 * seq * hidden * vocab)

// Model FLOPs of one iteration, without recomputation (the numerator of MFU; Korthikanti
// et al. 2022, "Reducing Activation Recomputation in Large Transformer Models"):
// 72 B s l h^2 (1 + s / (6h) + V / (12 l h)), 3 x the forward matmuls. It is `model_flops`
// of the network, times B.
fn megatron_model_flops(batch: Int, seq: Int, layers: Int, hidden: Int, vocab: Int = 51200) -> Real =
  batch * (72.0 * seq * layers * hidden * hidden + 12.0 * seq * seq * layers * hidden +
           6.0 * seq * hidden * vocab)

// The iteration time that a row of Table 1 implies: its `megatron_flops` over the GPUs'
// achieved FLOP/s. With it, `utilisation(megatron_model_flops(...), time, gpus, peak)` is
// the row's MFU and the same of `megatron_flops` its HFU (stdlib.layers).
fn megatron_iteration_time(r: MegatronRow, seq: Int = 2048, vocab: Int = 51200) -> s =
  megatron_flops(r.batch, seq, r.layers, r.hidden, vocab) * 1 FLOP / (r.gpus * r.per_gpu)

let gpt3_175b_2048 = gpt3_175b(2048)
let megatron_1_7b_2048 = megatron_1_7b(2048)
let megatron_3_6b_2048 = megatron_3_6b(2048)
let megatron_7_5b_2048 = megatron_7_5b(2048)
let megatron_18b_2048 = megatron_18b(2048)
let megatron_39b_2048 = megatron_39b(2048)
let megatron_76b_2048 = megatron_76b(2048)
let megatron_145b_2048 = megatron_145b(2048)
let megatron_310b_2048 = megatron_310b(2048)
let megatron_530b_2048 = megatron_530b(2048)
let megatron_1t_2048 = megatron_1t(2048)

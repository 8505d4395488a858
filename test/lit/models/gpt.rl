// GPT-3 175B and Megatron-LM's GPT configurations (stdlib.models.gpt): parameters against
// the published figures and the paper's closed form, MACs and FLOPs per sequence with full
// and causal attention, the closed-form FLOPs against the layer-by-layer network, and the
// MFU/HFU of a row of SC21 Table 1.
// RUN: %ringline eval %s --scenario gpt3 --digits 0 | FileCheck %s --check-prefix=GPT3 --strict-whitespace
// RUN: %ringline eval %s --scenario megatron | FileCheck %s --check-prefix=MEG --strict-whitespace
// RUN: %ringline eval %s --scenario table1 | FileCheck %s --check-prefix=MFU --strict-whitespace
import stdlib.layers
import stdlib.models.gpt

// GPT-3 175B: l = 96 layers, h = 12,288, 96 heads, s = 2,048 positions, V = 50,257.
//   Narayanan et al.'s P = 12 l h^2 + 13 l h + (V + s) h
//     = 173,946,175,488 + 15,335,424 + 642,723,840 = 174,604,234,752
//   per layer: QKV 3h^2 + 3h, output h^2 + h, MLP 8h^2 + 5h, two layernorms 4h = 12h^2 + 13h;
//   tables (V + s) h. The network also has the final layernorm, 2h = 24,576, which the
//   formula leaves out: 174,604,259,328. With Megatron's padded V = 51,200: 174,615,846,912.
// MACs per 2,048-token sequence, per layer 12 s h^2 + 2 s^2 h (scores and context, full):
//   3,710,851,743,744 + 103,079,215,104 = 3,813,930,958,848; x 96 = 366,137,372,049,408;
//   head s h V = 1,264,758,816,768; total 367,402,130,866,176.
//   Causal: s(s+1)/2 = 2,098,176 pairs per head, so 2 x 2,098,176 x h = 51,564,773,376 per
//   layer instead of 103,079,215,104: total 362,456,744,460,288.
// One attention layer: projections 4 s h^2 = 1,236,950,581,248 MACs; with the full scores
//   1,340,029,796,352 MACs, forward 2 x that + 4 s h bias adds (100,663,296) + 5 x 96 s^2
//   softmax (2,013,265,920) = 2,682,173,521,920; causal 1,288,515,354,624 MACs, forward
//   2,577,030,709,248 + 100,663,296 + 5 x 96 x 2,098,176 (1,007,124,480) = 2,578,138,497,024.
// Model FLOPs (no recompute) = 6 x MACs = 2,204,412,785,197,056
//   = 72 s l h^2 + 12 s^2 l h + 6 s h V (Korthikanti et al.); per token 6N + 12 l h s with
//   N = 12 l h^2 + V h = 174,563,733,504 matmul weights: 1,076,373,430,272.
// Hardware FLOPs with full recompute, 96 s l h^2 + 16 s^2 l h + 6 s h V = 2,936,687,529,295,872
//   = 8 x the layers' MACs + 6 x the head's.
let g = gpt3_175b_2048
let gc = gpt3_175b(2048, causal = true)
let head = g.layers[len(g.layers) - 1].macs

scenario gpt3 {
  report params = total_params(g)
  report params_closed = megatron_params(96, 12288, 50257, 2048)
  report final_ln = total_params(g) - megatron_params(96, 12288, 50257, 2048)
  report params_51200 = total_params(gpt3_175b(2048, vocab = 51200))
  report macs = total_macs(g)
  report macs_causal = total_macs(gc)
  report attn_layer = g.layers[4].kind == "attention"
  report attn_macs = g.layers[4].macs
  report attn_fwd = g.layers[4].fwd
  report attn_macs_causal = gc.layers[4].macs
  report attn_fwd_causal = gc.layers[4].fwd
  report model = model_flops(g)
  report model_closed = model_flops(g) == megatron_model_flops(1, 2048, 96, 12288, 50257)
  report per_token = model_flops_per_token(12 * 96 * 12288 * 12288 + 50257 * 12288, 96, 12288, 2048)
  report per_token_ok = 2048.0 * per_token == model_flops(g)
  report hw = megatron_flops(1, 2048, 96, 12288, 50257)
  report hw_ok = megatron_flops(1, 2048, 96, 12288, 50257) == 8.0 * (total_macs(g) - head) + 6.0 * head
  // Causal halving per token: 6 l h (s + 1) instead of 12 l h s.
  report causal_ok = model_flops(gc) ==
    2048.0 * model_flops_per_token(12 * 96 * 12288 * 12288 + 50257 * 12288, 96, 12288, 2048, causal = true)
}
// GPT3:      scenario gpt3
// GPT3-NEXT:   params           = 174604259328{{$}}
// GPT3-NEXT:   params_closed    = 174604234752{{$}}
// GPT3-NEXT:   final_ln         = 24576{{$}}
// GPT3-NEXT:   params_51200     = 174615846912{{$}}
// GPT3-NEXT:   macs             = 367402130866176{{$}}
// GPT3-NEXT:   macs_causal      = 362456744460288{{$}}
// GPT3-NEXT:   attn_layer       = true{{$}}
// GPT3-NEXT:   attn_macs        = 1340029796352{{$}}
// GPT3-NEXT:   attn_fwd         = 2682173521920{{$}}
// GPT3-NEXT:   attn_macs_causal = 1288515354624{{$}}
// GPT3-NEXT:   attn_fwd_causal  = 2578138497024{{$}}
// GPT3-NEXT:   model            = 2204412785197056{{$}}
// GPT3-NEXT:   model_closed     = true{{$}}
// GPT3-NEXT:   per_token        = 1076373430272{{$}}
// GPT3-NEXT:   per_token_ok     = true{{$}}
// GPT3-NEXT:   hw               = 2936687529295872{{$}}
// GPT3-NEXT:   hw_ok            = true{{$}}
// GPT3-NEXT:   causal_ok        = true{{$}}

// Megatron-LM, SC21 Table 1 (V = 51,200, s = 2,048): P = 12 l h^2 + 13 l h + (V + s) h, the
// network 2h more (its final layernorm). 1.7B: 12 x 24 x 2,304^2 = 1,528,823,808;
// 13 x 24 x 2,304 = 718,848; 53,248 x 2,304 = 122,683,392; P = 1,652,226,048; + 4,608 =
// 1,652,230,656. Rounded to 0.1B, every P is the table's figure (1.7 ... 1008.0).
let _nets = [megatron_1_7b_2048, megatron_3_6b_2048, megatron_7_5b_2048, megatron_18b_2048,
             megatron_39b_2048, megatron_76b_2048, megatron_145b_2048, megatron_310b_2048,
             megatron_530b_2048, megatron_1t_2048]
fn _p(i: Int) -> Int = megatron_params(megatron_table[i].layers, megatron_table[i].hidden)

scenario megatron {
  report p_1_7b = total_params(_nets[0])
  report p_3_6b = total_params(_nets[1])
  report p_7_5b = total_params(_nets[2])
  report p_18b = total_params(_nets[3])
  report p_39b = total_params(_nets[4])
  report p_76b = total_params(_nets[5])
  report p_145b = total_params(_nets[6])
  report p_310b = total_params(_nets[7])
  report p_530b = total_params(_nets[8])
  report p_1t = total_params(_nets[9])
  // The network is the closed form plus the final layernorm's 2h, row by row, and its
  // shape is the table's.
  report closed_plus_2h = sum i in range(10):
    if total_params(_nets[i]) == _p(i) + 2 * megatron_table[i].hidden and
       _nets[i].layers[3].out[1] == megatron_table[i].hidden then 1 else 0
  report rounds_to_table = sum i in range(10):
    if floor(_p(i) / 1e8 + 0.5) / 10 == megatron_table[i].billions then 1 else 0
  // Model FLOPs of the network = the closed form, exactly (1T: 1.26e16, past 2^53: Reals).
  report model_closed = sum i in range(10):
    if model_flops(_nets[i]) == megatron_model_flops(1, 2048, megatron_table[i].layers, megatron_table[i].hidden)
    then 1 else 0
  // The 1T model's MACs per sequence still fit an Int: 128 x (12 x 2,048 x 25,600^2 +
  // 2 x 2,048^2 x 25,600) + 2,048 x 25,600 x 51,200.
  report macs_1t = total_macs(_nets[9])
}
// MEG:      scenario megatron
// MEG-NEXT:   p_1_7b          = 1652230656{{$}}
// MEG-NEXT:   p_3_6b          = 3562168320{{$}}
// MEG-NEXT:   p_7_5b          = 7467786240{{$}}
// MEG-NEXT:   p_18b           = 18449756160{{$}}
// MEG-NEXT:   p_39b           = 39096041472{{$}}
// MEG-NEXT:   p_76b           = 76050739200{{$}}
// MEG-NEXT:   p_145b          = 145622261760{{$}}
// MEG-NEXT:   p_310b          = 310130540544{{$}}
// MEG-NEXT:   p_530b          = 529600819200{{$}}
// MEG-NEXT:   p_1t            = 1008038758400{{$}}
// MEG-NEXT:   closed_plus_2h  = 10{{$}}
// MEG-NEXT:   rounds_to_table = 10{{$}}
// MEG-NEXT:   model_closed    = 10{{$}}
// MEG-NEXT:   macs_1t         = 2091756447334400{{$}}

// The 1T row: 3,072 GPUs, batch 3,072, 163 TFLOP/s per GPU. F = 3,072 x (96 s l h^2 +
// 16 s^2 l h + 6 s h V) = 3,072 x 16,728,682,869,555,200 = 5.139e19 FLOPs (a Real), so an
// iteration takes 5.139e19 / (3,072 x 163e12) = 102.63 s. On the A100's 312 TFLOP/s: HFU
// 163 / 312 = 52.2% (the table's "52%"), MFU 72 (1 + s/6h + V/12lh) / (96 (1 + s/6h +
// V/16lh)) = 0.75024 of it, 39.2%.
scenario table1 {
  param row: Int = 9 in range(10)
  let r = megatron_table[row]
  let time = megatron_iteration_time(r)
  report iteration = time in s
  report hfu = utilisation(megatron_flops(r.batch, 2048, r.layers, r.hidden), time, r.gpus, 312 TFLOP/s)
  report mfu = utilisation(megatron_model_flops(r.batch, 2048, r.layers, r.hidden), time, r.gpus, 312 TFLOP/s)
}
// MFU:      scenario table1
// MFU-NEXT:   row       = 9{{$}}
// MFU-NEXT:   iteration = 102.63 s{{$}}
// MFU-NEXT:   hfu       = 0.522436{{$}}
// MFU-NEXT:   mfu       = 0.391953{{$}}

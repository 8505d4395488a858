// stdlib.models.transformer: GPT-2 small and BERT-base as functions of the sequence
// length T (per sample = per sequence of T tokens). Attention is counted as dense kernels
// run it: the full T x T score and context matmuls (no causal halving; `gpt2(...,
// causal = true)` counts the lower triangle, stdlib.layers' `attention`). GPT-2's output
// head is tied to the token embedding (no parameters of its own, but its MACs count);
// BERT-base is the encoder with its pooler (Hugging Face's BertModel), no pre-training
// heads. Totals and their derivation: test/lit/models/transformers.rl.
import stdlib.layers
import stdlib.models.gpt_shapes

// The position-wise feed-forward network: E -> ff -> E with GELU.
fn _ffn(ff: Int) -> Block = fn(x: [Int]) -> [Layer] =
  layers_of(x, [dense(ff), gelu, dense(x[1])])

// A GPT-2 block (pre-norm): x + drop(attn(ln(x))), then x + drop(mlp(ln(x))). GPT-3 and
// Megatron-LM's GPT use the same block (stdlib.models.gpt).
fn gpt2_block(heads: Int, ff: Int, causal: Bool = false) -> Block = chain([
  residual([layernorm, attention(heads, causal = causal), dropout(0.1)]),
  residual([layernorm, _ffn(ff), dropout(0.1)])])

// A BERT layer (post-norm): ln(x + drop(attn(x))), then ln(x + drop(ffn(x))).
fn bert_layer(heads: Int, ff: Int) -> Block = chain([
  residual([attention(heads), dropout(0.1)]), layernorm,
  residual([_ffn(ff), dropout(0.1)]), layernorm])

// GPT-2 (Radford et al. 2019): vocabulary 50,257, 1,024 positions. Small: 12 layers,
// width 768, 12 heads. T must be at most `positions`; the feed-forward width is 4 x width
// unless `ffn` says otherwise.
fn gpt2(name: String, seq: Int, layers: Int, width: Int, heads: Int, vocab: Int = 50257,
        positions: Int = 1024, ffn: Int = 4 * width, causal: Bool = false) -> Network =
  network(name, [seq], [
    embedding(vocab, width), position_embedding(positions), dropout(0.1),
    repeat(layers, gpt2_block(heads, ffn, causal)),
    layernorm, dense(vocab, bias = false, tied = true)])

fn gpt2_small(seq: Int) -> Network =
  gpt2(gpt2_small_shape.name, seq, gpt2_small_shape.layers, gpt2_small_shape.hidden, gpt2_small_shape.heads)

// BERT (Devlin et al. 2019): WordPiece vocabulary 30,522, 512 positions, 2 token types.
// Base: 12 layers, width 768, 12 heads, feed-forward 3,072. T must be at most 512.
fn bert(name: String, seq: Int, layers: Int, width: Int, heads: Int, vocab: Int = 30522,
        positions: Int = 512) -> Network =
  network(name, [seq], [
    embedding(vocab, width), position_embedding(positions), segment_embedding(2),
    layernorm, dropout(0.1),
    repeat(layers, bert_layer(heads, 4 * width)),
    first_token, dense(width), tanh])

fn bert_base(seq: Int) -> Network = bert("bert_base", seq, 12, 768, 12)

let gpt2_small_1024 = gpt2_small(1024)
let bert_base_512 = bert_base(512)

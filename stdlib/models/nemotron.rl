// stdlib.models.nemotron: NVIDIA's Nemotron-4 (Nemotron-4 15B technical report, arXiv
// 2402.16819; Nemotron-4 340B technical report, arXiv 2406.11704) as stdlib.megatron's
// `Transformer`: a squared-ReLU MLP of two matrices (not gated, whose FLOPs and parameters
// are a GeLU MLP's), grouped-query attention with 8 key/value heads, no biases in the
// linear layers, LayerNorm1p (a LayerNorm with its scale and bias), rotary positions,
// untied input and output embeddings, vocabulary 256,000, 4,096-token sequences. Their
// parameters: test/lit/models/nemotron.rl.
import stdlib.megatron

fn nemotron4(name: String, layers: Int, hidden: Int, heads: Int, ffn: Int, seq: Int = 4096) -> Transformer =
  Transformer { name = name, layers = layers, hidden = hidden, heads = heads, kv_heads = 8, seq = seq, vocab = 256000,
                ffn = ffn, gated = false, bias = false, norm_bias = true, positions = false, tied = false }
// 15B: 32 layers of 6,144, 48 heads, MLP 4h (the 15B report's Table 1).
let nemotron4_15b = nemotron4("nemotron4_15b", 32, 6144, 48, 24576)
// 340B: 96 layers of 18,432, 96 heads, MLP 73,728 (the 340B report's Table 1;
// nvidia/Nemotron-4-340B-Base's model_config.yaml).
let nemotron4_340b = nemotron4("nemotron4_340b", 96, 18432, 96, 73728)

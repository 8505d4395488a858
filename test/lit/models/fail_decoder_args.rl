// The checks of the decoder layers (grouped-query attention, SwiGLU, mixture of experts,
// RMSNorm) and of stdlib.models.llama's configurations: hyper-parameters no layer can have
// are a [user_error] at the call, a shape a layer cannot take a [shape_mismatch] at the
// spec's call that made the layer.
// RUN: %ringline check --verify-diagnostics --split-input-file %s

import stdlib.layers
// expected-error@+1 {{`attention` with 12 heads needs key/value heads that divide 12, got kv_heads = 5 [user_error]}}
let a = attention(12, kv_heads = 5)
// expected-error@+1 {{`attention` needs at least 1 key/value head, got 0 [user_error]}}
let b = attention(8, kv_heads = 0)
// expected-error@+1 {{`moe` with 4 experts needs top_k from 1 to 4, got 5 [user_error]}}
let c = moe(4, 5, swiglu(8))
// expected-error@+1 {{`moe` needs a capacity factor of at least 0 (0: dropless), got -1 [user_error]}}
let d = moe(4, 2, swiglu(8), capacity_factor = -1.0)
// expected-error@+1 {{`moe` needs at least 1 expert, got 0 [user_error]}}
let e = moe(0, 1, swiglu(8))
// expected-error@+1 {{`swiglu` needs a hidden width of at least 1, got 0 [user_error]}}
let f = swiglu(0)

// -----
import stdlib.layers
import stdlib.models.llama
// A configuration whose heads do not divide the width: the model's call is the location.
let c = LlamaConfig { layers = 2, hidden = 100, heads = 12, ffn = 64, vocab = 10 }
// expected-error@+1 {{`attention` with 12 heads needs a width divisible by 12, got 100 (input `[8, 100]`) [shape_mismatch]}}
let n = llama("x", c, 8)

// -----
import stdlib.layers
import stdlib.models.llama
// Key/value heads that do not divide the heads.
let c = LlamaConfig { layers = 2, hidden = 96, heads = 8, kv_heads = 3, ffn = 64, vocab = 10 }
// expected-error@+1 {{`attention` with 8 heads needs key/value heads that divide 8, got kv_heads = 3 [user_error]}}
let n = llama("x", c, 8)

// -----
import stdlib.layers
// An expert must give back the shape it is given.
// expected-error@+2 {{`moe` adds the experts' outputs back to the tokens, so an expert must map [rows, E] to itself: on `[4, 8]` it gives `[4, 3]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [4], [embedding(10, 8), moe(2, 1, dense(3))])

// -----
import stdlib.layers
// expected-error@+2 {{`moe` needs token vectors [T, E] per sample, got `[4]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [4], [moe(2, 1, swiglu(3))])

// -----
import stdlib.layers
// expected-error@+2 {{`rmsnorm` needs an input with at least 1 axis ([C, ...] or [T, E]) per sample, got `[]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [], [rmsnorm])

// -----
import stdlib.layers
// expected-error@+2 {{`swiglu` needs an input with a feature axis, [F] or [T, E] per sample, got `[]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [], [swiglu(3)])

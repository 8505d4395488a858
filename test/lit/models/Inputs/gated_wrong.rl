// Used by custom_layer.rl: a layer of a spec's own, checking its shapes, used wrongly.
import stdlib.layers
import "../custom_layer.rl"

// The gate must give one value per channel of the input; a 1x1 conv to 8 channels of a
// 16-channel input does not.
let bad = network("bad", [16, 8, 8], [gated([adaptive_avgpool(1), conv2d(8, k = 1)])])

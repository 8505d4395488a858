// stdlib.models.lenet: LeNet-5 (LeCun et al. 1998) in its common modern form, which
// torchvision does not ship: 1x32x32 input, tanh, average pooling without trainable
// coefficients, and C3 fully connected to S2 (the paper connects each C3 map to a subset
// of S2's maps, 1,516 weights instead of 2,416). 61,706 parameters, 416,520 MACs; the
// derivation is in test/lit/models/lenet.rl.
import stdlib.layers

let lenet5 = network("lenet5", [1, 32, 32], [
  conv2d(6, k = 5), tanh, avgpool(2),          // C1 28x28, S2 14x14
  conv2d(16, k = 5), tanh, avgpool(2),         // C3 10x10, S4 5x5
  conv2d(120, k = 5), tanh, flatten,           // C5 1x1
  dense(84), tanh,                             // F6
  dense(10)])                                  // output

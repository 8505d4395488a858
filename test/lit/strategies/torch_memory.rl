// The memory categories against PyTorch's own byte counts for the same small model on
// CPU (weights, gradients after one backward pass, optimizer state after one step), as
// `/usr/bin/python3 -m tools.validation.torch_memory` printed them with Debian 12's python3-torch
// (1.13): params=278, param_tensors=4, weights_B=1112, grads_B=1112,
// sgd_momentum_state_B=1112, adam_state_B=2240, adam_moments_B=2224. Adam's state is its
// two moments per parameter plus a 4-byte step counter per parameter tensor (16 B here),
// which Ringline does not count.
// RUN: %ringline eval %s | FileCheck %s
import stdlib.hardware
import stdlib.layers
import stdlib.strategies

let net = network("conv", [1, 8, 8], [conv2d(2, 3, p = 1), relu, flatten, dense(2)])
let base = setup(abci(1)) with { compute = roofline_source }

scenario torch_memory {
  let sgd_ = serial(net, base, 10).memory
  let mom = serial(net, base with { optimizer = momentum }, 10).memory
  let adam_ = serial(net, base with { optimizer = adam }, 10).memory
  report params = total_params(net) == 278
  report weights = sgd_.weights == 1112 B
  report grads = sgd_.grads == 1112 B
  report sgd_state = sgd_.optimizer == 0 B
  report momentum_state = mom.optimizer == 1112 B
  report adam_moments = adam_.optimizer == 2224 B
  report adam_state_less_steps = adam_.optimizer == 2240 B - 4 * 4 B
}
// CHECK:      params {{ *}}= true
// CHECK-NEXT: weights {{ *}}= true
// CHECK-NEXT: grads {{ *}}= true
// CHECK-NEXT: sgd_state {{ *}}= true
// CHECK-NEXT: momentum_state {{ *}}= true
// CHECK-NEXT: adam_moments {{ *}}= true
// CHECK-NEXT: adam_state_less_steps {{ *}}= true

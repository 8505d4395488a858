// stdlib.models.cosmoflow: CosmoFlow, the MLPerf HPC reference model (Mathuriya et al.
// 2018; the Keras `build_model` of the MLPerf HPC/cosmoflow-benchmark code with
// conv_size 32, kernel_size 3, 5 conv layers, fc 128 and 64, 4 targets). Input
// 4 x 128^3 (channels, depth, height, width). 8,907,556 parameters and 34,431,049,984 MACs
// per sample; the derivation is in test/lit/models/cosmoflow.rl.
import stdlib.layers

// The output layer scales tanh's range to [-1.2, 1.2] (`scale_1p2`): 1 FLOP per element.
let _scale: Block = fn(x: [Int]) -> [Layer] = [elementwise("scale", x, 1, 1, keep = false)]

// Five blocks of conv3d 3x3x3 ("same" padding, with bias), LeakyReLU and a 2x2x2 max
// pool, doubling the channels from 32 to 512; then dense 128, 64 and 4 with dropout.
fn cosmoflow_net(size: Int = 128, channels: Int = 4, targets: Int = 4) -> Network =
  network("cosmoflow", [channels, size, size, size], concat(
    join_blocks([[conv3d(32 * 2 ^ i, k = 3, p = 1), leaky_relu, maxpool(2)] for i in range(5)]),
    [flatten, dense(128), leaky_relu, dropout(), dense(64), leaky_relu, dropout(),
     dense(targets), tanh, _scale]))

let cosmoflow = cosmoflow_net()

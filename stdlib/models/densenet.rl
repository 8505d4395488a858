// stdlib.models.densenet: torchvision's DenseNet-121 (growth rate 32, bottleneck width
// 4 x 32, blocks of 6, 12, 24, 16 layers, compression 0.5) at 224x224. Matches torchvision
// 0.14's num_params (7,978,856) and conv+linear MACs exactly (test/lit/models/).
import stdlib.layers

// A dense layer: BN-ReLU-conv1x1-BN-ReLU-conv3x3 whose `growth` new channels are
// concatenated to its input (the empty branch is the input itself).
fn dense_layer(growth: Int, bn_size: Int = 4) -> Block = branches([[], [
  batchnorm, relu, conv2d(bn_size * growth, k = 1, bias = false),
  batchnorm, relu, conv2d(growth, k = 3, p = 1, bias = false)]])

// A transition halves the channels (1x1 conv) and the resolution (2x2 average pool).
let transition: Block = fn(x: [Int]) -> [Layer] =
  layers_of(x, [batchnorm, relu, conv2d(floor(x[0] / 2), k = 1, bias = false), avgpool(2, s = 2)])

fn densenet(name: String, blocks: [Int], growth: Int = 32, init: Int = 64, size: Int = 224,
            classes: Int = 1000) -> Network = {
  let n = len(blocks)
  let body = join_blocks([concat([repeat(blocks[i], dense_layer(growth))],
                                 if i < n - 1 then [transition] else []) for i in range(n)])
  network(name, [3, size, size], concat(
    [conv2d(init, k = 7, s = 2, p = 3, bias = false), batchnorm, relu, maxpool(3, s = 2, p = 1)],
    body,
    [batchnorm, relu, global_avgpool, dense(classes)]))
}

let densenet121 = densenet("densenet121", [6, 12, 24, 16])

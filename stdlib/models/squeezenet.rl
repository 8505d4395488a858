// stdlib.models.squeezenet: torchvision's SqueezeNet 1.0 and 1.1 at 224x224 or `size` (max pools in
// ceil mode; the classifier is a 1x1 conv). Each matches torchvision 0.14's num_params and
// conv+linear MACs exactly (test/lit/models/).
import stdlib.layers

// A Fire module: 1x1 squeeze, then 1x1 and 3x3 expands concatenated.
fn fire(squeeze: Int, e1: Int, e3: Int) -> Block = chain([
  conv2d(squeeze, k = 1), relu,
  branches([[conv2d(e1, k = 1), relu], [conv2d(e3, k = 3, p = 1), relu]])])

let _squeeze_pool: Block = maxpool(3, s = 2, ceil_mode = true)
fn _squeeze_head(classes: Int) -> [Block] =
  [dropout(), conv2d(classes, k = 1), relu, global_avgpool]

fn squeezenet1_0_net(size: Int = 224, classes: Int = 1000) -> Network =
  network("squeezenet1_0", [3, size, size], concat(
    [conv2d(96, k = 7, s = 2), relu, _squeeze_pool,
     fire(16, 64, 64), fire(16, 64, 64), fire(32, 128, 128), _squeeze_pool,
     fire(32, 128, 128), fire(48, 192, 192), fire(48, 192, 192), fire(64, 256, 256), _squeeze_pool,
     fire(64, 256, 256)], _squeeze_head(classes)))

fn squeezenet1_1_net(size: Int = 224, classes: Int = 1000) -> Network =
  network("squeezenet1_1", [3, size, size], concat(
    [conv2d(64, k = 3, s = 2), relu, _squeeze_pool,
     fire(16, 64, 64), fire(16, 64, 64), _squeeze_pool,
     fire(32, 128, 128), fire(32, 128, 128), _squeeze_pool,
     fire(48, 192, 192), fire(48, 192, 192), fire(64, 256, 256), fire(64, 256, 256)],
    _squeeze_head(classes)))

let squeezenet1_0 = squeezenet1_0_net()
let squeezenet1_1 = squeezenet1_1_net()

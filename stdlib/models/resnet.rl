// stdlib.models.resnet: torchvision's ResNet family (v1.5: the stride of a downsampling
// bottleneck sits on its 3x3 conv), Wide ResNet and ResNeXt, at 224x224. Each model matches
// torchvision 0.14's num_params and conv+linear MACs exactly (test/lit/models/).
// `resnet18_cifar` is the 32x32 ResNet-18 of CIFAR-10 code (kuangliu/pytorch-cifar's
// ResNet18()), whose torch twin is in tools/validation/torch_twins.py.
import stdlib.layers

// torchvision's BasicBlock (ResNet-18/34): two 3x3 convs; a strided 1x1 projection when
// the shape changes.
fn basic_block(planes: Int, s: Int) -> Block = fn(x: [Int]) -> [Layer] = {
  let main = [conv2d(planes, k = 3, s = s, p = 1, bias = false), batchnorm, relu,
              conv2d(planes, k = 3, p = 1, bias = false), batchnorm]
  let proj = if s != 1 or x[0] != planes
             then [conv2d(planes, k = 1, s = s, bias = false), batchnorm] else []
  layers_of(x, [residual(main, proj), relu])
}

// torchvision's Bottleneck: 1x1 down to `width`, 3x3 (strided, grouped), 1x1 up to
// 4 x planes. width = planes x base_width / 64 x groups (Wide ResNet: base_width 128;
// ResNeXt 32x4d: groups 32, base_width 4).
fn bottleneck(planes: Int, s: Int, groups: Int = 1, base_width: Int = 64) -> Block =
  fn(x: [Int]) -> [Layer] = {
    let width = floor(planes * base_width / 64) * groups
    let main = [conv2d(width, k = 1, bias = false), batchnorm, relu,
                conv2d(width, k = 3, s = s, p = 1, groups = groups, bias = false), batchnorm, relu,
                conv2d(4 * planes, k = 1, bias = false), batchnorm]
    let proj = if s != 1 or x[0] != 4 * planes
               then [conv2d(4 * planes, k = 1, s = s, bias = false), batchnorm] else []
    layers_of(x, [residual(main, proj), relu])
  }

fn _stage(block: fn(Int, Int) -> Block, planes: Int, n: Int, s: Int) -> Block =
  chain(concat([block(planes, s)], [block(planes, 1) for i in range(n - 1)]))

// The ResNet skeleton: `block(planes, stride)` and the number of blocks per stage.
fn resnet(name: String, block: fn(Int, Int) -> Block, depths: [Int], size: Int = 224,
          classes: Int = 1000) -> Network =
  network(name, [3, size, size], [
    conv2d(64, k = 7, s = 2, p = 3, bias = false), batchnorm, relu, maxpool(3, s = 2, p = 1),
    _stage(block, 64, depths[0], 1), _stage(block, 128, depths[1], 2),
    _stage(block, 256, depths[2], 2), _stage(block, 512, depths[3], 2),
    global_avgpool, dense(classes)])

// The CIFAR-10 form on 3x32x32 inputs: a 3x3 stride-1 stem without max pooling (so the
// four stages run at 32, 16, 8 and 4 pixels), then the same stages, global average
// pooling and a 10-way classifier.
fn resnet_cifar(name: String, block: fn(Int, Int) -> Block, depths: [Int], classes: Int = 10) -> Network =
  network(name, [3, 32, 32], [
    conv2d(64, k = 3, p = 1, bias = false), batchnorm, relu,
    _stage(block, 64, depths[0], 1), _stage(block, 128, depths[1], 2),
    _stage(block, 256, depths[2], 2), _stage(block, 512, depths[3], 2),
    global_avgpool, dense(classes)])

let _plain: fn(Int, Int) -> Block = fn(planes: Int, s: Int) -> Block = bottleneck(planes, s)

let resnet18 = resnet("resnet18", basic_block, [2, 2, 2, 2])
let resnet34 = resnet("resnet34", basic_block, [3, 4, 6, 3])
let resnet50 = resnet("resnet50", _plain, [3, 4, 6, 3])
let resnet101 = resnet("resnet101", _plain, [3, 4, 23, 3])
let resnet152 = resnet("resnet152", _plain, [3, 8, 36, 3])
let wide_resnet50_2 = resnet("wide_resnet50_2",
  fn(planes: Int, s: Int) -> Block = bottleneck(planes, s, base_width = 128), [3, 4, 6, 3])
let resnext50_32x4d = resnet("resnext50_32x4d",
  fn(planes: Int, s: Int) -> Block = bottleneck(planes, s, groups = 32, base_width = 4), [3, 4, 6, 3])
// ResNeXt-101 32x4d (Xie et al. 2017; NVIDIA DeepLearningExamples' resnext101-32x4d):
// ResNet-101's stages with 32 groups of 4 channels a group in each 3 x 3 convolution.
let resnext101_32x4d = resnet("resnext101_32x4d",
  fn(planes: Int, s: Int) -> Block = bottleneck(planes, s, groups = 32, base_width = 4), [3, 4, 23, 3])
let resnet18_cifar = resnet_cifar("resnet18_cifar", basic_block, [2, 2, 2, 2])

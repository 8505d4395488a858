// stdlib.models.vgg: torchvision's VGG-11/13/16/19 (configurations A, B, D, E), with and
// without batchnorm, at 224x224. Each matches torchvision 0.14's num_params and
// conv+linear MACs exactly (test/lit/models/). `vgg11_bn_cifar` is the 32x32 variant of
// CIFAR-10 code (kuangliu/pytorch-cifar's VGG('VGG11')), whose torch twin is in
// tools/validation/torch_twins.py.
import stdlib.layers

// A configuration lists the conv widths in order; 0 stands for a 2x2 max pool (torchvision
// writes "M"). Every conv is 3x3, padding 1, with a bias, even when a batchnorm follows.
fn _vgg_features(cfg: [Int], bn: Bool) -> [Block] =
  join_blocks([if c == 0 then [maxpool(2, s = 2)]
               else if bn then [conv2d(c, k = 3, p = 1), batchnorm, relu]
               else [conv2d(c, k = 3, p = 1), relu] for c in cfg])
fn vgg(name: String, cfg: [Int], bn: Bool, size: Int = 224, classes: Int = 1000) -> Network =
  network(name, [3, size, size], concat(_vgg_features(cfg, bn),
    [adaptive_avgpool(7), flatten, dense(4096), relu, dropout(), dense(4096), relu, dropout(),
     dense(classes)]))
// The CIFAR-10 form: the same features on a 3x32x32 input, which five poolings leave at
// 512x1x1, and one linear classifier instead of the three 4096-wide layers.
fn vgg_cifar(name: String, cfg: [Int], bn: Bool, classes: Int = 10) -> Network =
  network(name, [3, 32, 32], concat(_vgg_features(cfg, bn), [flatten, dense(classes)]))

let vgg_a = [64, 0, 128, 0, 256, 256, 0, 512, 512, 0, 512, 512, 0]
let vgg_b = [64, 64, 0, 128, 128, 0, 256, 256, 0, 512, 512, 0, 512, 512, 0]
let vgg_d = [64, 64, 0, 128, 128, 0, 256, 256, 256, 0, 512, 512, 512, 0, 512, 512, 512, 0]
let vgg_e = [64, 64, 0, 128, 128, 0, 256, 256, 256, 256, 0, 512, 512, 512, 512, 0,
             512, 512, 512, 512, 0]

let vgg11 = vgg("vgg11", vgg_a, false)
let vgg13 = vgg("vgg13", vgg_b, false)
let vgg16 = vgg("vgg16", vgg_d, false)
let vgg19 = vgg("vgg19", vgg_e, false)
let vgg11_bn = vgg("vgg11_bn", vgg_a, true)
let vgg13_bn = vgg("vgg13_bn", vgg_b, true)
let vgg16_bn = vgg("vgg16_bn", vgg_d, true)
let vgg19_bn = vgg("vgg19_bn", vgg_e, true)
let vgg11_bn_cifar = vgg_cifar("vgg11_bn_cifar", vgg_a, true)

// stdlib.models.googlenet: torchvision's GoogLeNet (Inception v1 with batchnorm) at
// 224x224. `googlenet` has no auxiliary classifiers: 6,624,904 parameters, the `_meta`
// num_params of torchvision's weights (which drop the aux heads after loading).
// `googlenet_aux` keeps both aux heads as they run in training (torchvision's
// `aux_logits=True`: 13,004,888 parameters). Both match torchvision 0.14 exactly.
import stdlib.layers

// torchvision's BasicConv2d: conv without bias, batchnorm (eps 0.001), ReLU.
fn _gconv(out_ch: Int, k: Int, s: Int = 1, p: Int = 0) -> [Block] =
  [conv2d(out_ch, k = k, s = s, p = p, bias = false), batchnorm, relu]

// An Inception module. torchvision's "5x5" branch uses a 3x3 kernel (a quirk it keeps for
// compatibility with its weights); so does this one.
fn _inception_v1(c1: Int, c3r: Int, c3: Int, c5r: Int, c5: Int, pool: Int) -> Block = branches([
  _gconv(c1, 1),
  concat(_gconv(c3r, 1), _gconv(c3, 3, p = 1)),
  concat(_gconv(c5r, 1), _gconv(c5, 3, p = 1)),
  concat([maxpool(3, s = 1, p = 1, ceil_mode = true)], _gconv(pool, 1))])

// torchvision's InceptionAux, a training-only side branch.
fn _gaux(classes: Int) -> Block = side(concat(
  [adaptive_avgpool(4)], _gconv(128, 1),
  [flatten, dense(1024), relu, dropout(0.7), dense(classes)]))

fn googlenet_net(name: String, aux: Bool, size: Int = 224, classes: Int = 1000) -> Network = {
  let aux1 = if aux then [_gaux(classes)] else []
  let aux2 = if aux then [_gaux(classes)] else []
  network(name, [3, size, size], concat(
    _gconv(64, 7, s = 2, p = 3), [maxpool(3, s = 2, ceil_mode = true)],
    _gconv(64, 1), _gconv(192, 3, p = 1), [maxpool(3, s = 2, ceil_mode = true)],
    [_inception_v1(64, 96, 128, 16, 32, 32), _inception_v1(128, 128, 192, 32, 96, 64),
     maxpool(3, s = 2, ceil_mode = true),
     _inception_v1(192, 96, 208, 16, 48, 64)], aux1,
    [_inception_v1(160, 112, 224, 24, 64, 64), _inception_v1(128, 128, 256, 24, 64, 64),
     _inception_v1(112, 144, 288, 32, 64, 64)], aux2,
    [_inception_v1(256, 160, 320, 32, 128, 128), maxpool(2, s = 2, ceil_mode = true),
     _inception_v1(256, 160, 320, 32, 128, 128), _inception_v1(384, 192, 384, 48, 128, 128),
     global_avgpool, dropout(0.2), dense(classes)]))
}

let googlenet = googlenet_net("googlenet", false)
let googlenet_aux = googlenet_net("googlenet_aux", true)

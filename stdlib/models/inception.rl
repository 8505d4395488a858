// stdlib.models.inception: torchvision's Inception-v3 at 299x299. `inception_v3` has no
// auxiliary classifier (torchvision's `aux_logits=False`, what runs at inference:
// 23,834,568 parameters). `inception_v3_aux` keeps the aux head, which runs in training;
// its 27,161,264 parameters are the `_meta` num_params of torchvision's weights (which
// keep the head). Both match torchvision 0.14 exactly.
import stdlib.layers

// torchvision's BasicConv2d: conv without bias, batchnorm (eps 0.001), ReLU; square or
// rectangular (1x7, 7x1, 1x3, 3x1) kernels.
fn _iconv(out_ch: Int, k: Int, s: Int = 1, p: Int = 0) -> [Block] =
  [conv2d(out_ch, k = k, s = s, p = p, bias = false), batchnorm, relu]
fn _irect(out_ch: Int, kh: Int, kw: Int) -> [Block] =
  [conv2d_rect(out_ch, kh, kw, ph = floor(kh / 2), pw = floor(kw / 2), bias = false), batchnorm, relu]
let _ipool: [Block] = [avgpool(3, s = 1, p = 1)]

fn _inception_a(pool: Int) -> Block = branches([
  _iconv(64, 1),
  concat(_iconv(48, 1), _iconv(64, 5, p = 2)),
  concat(_iconv(64, 1), _iconv(96, 3, p = 1), _iconv(96, 3, p = 1)),
  concat(_ipool, _iconv(pool, 1))])

let _inception_b: Block = branches([
  _iconv(384, 3, s = 2),
  concat(_iconv(64, 1), _iconv(96, 3, p = 1), _iconv(96, 3, s = 2)),
  [maxpool(3, s = 2)]])

fn _inception_c(c7: Int) -> Block = branches([
  _iconv(192, 1),
  concat(_iconv(c7, 1), _irect(c7, 1, 7), _irect(192, 7, 1)),
  concat(_iconv(c7, 1), _irect(c7, 7, 1), _irect(c7, 1, 7), _irect(c7, 7, 1), _irect(192, 1, 7)),
  concat(_ipool, _iconv(192, 1))])

let _inception_d: Block = branches([
  concat(_iconv(192, 1), _iconv(320, 3, s = 2)),
  concat(_iconv(192, 1), _irect(192, 1, 7), _irect(192, 7, 1), _iconv(192, 3, s = 2)),
  [maxpool(3, s = 2)]])

// The 1x3 and 3x1 convs of a branch both read the branch's input and are concatenated.
let _split: Block = branches([_irect(384, 1, 3), _irect(384, 3, 1)])
let _inception_e: Block = branches([
  _iconv(320, 1),
  concat(_iconv(384, 1), [_split]),
  concat(_iconv(448, 1), _iconv(384, 3, p = 1), [_split]),
  concat(_ipool, _iconv(192, 1))])

// torchvision's InceptionAux after Mixed_6e, a training-only side branch.
fn _iaux(classes: Int) -> Block = side(concat(
  [avgpool(5, s = 3)], _iconv(128, 1), _iconv(768, 5), [global_avgpool, dense(classes)]))

fn inception_v3_net(name: String, aux: Bool, size: Int = 299, classes: Int = 1000) -> Network =
  network(name, [3, size, size], concat(
    _iconv(32, 3, s = 2), _iconv(32, 3), _iconv(64, 3, p = 1), [maxpool(3, s = 2)],
    _iconv(80, 1), _iconv(192, 3), [maxpool(3, s = 2)],
    [_inception_a(32), _inception_a(64), _inception_a(64), _inception_b,
     _inception_c(128), _inception_c(160), _inception_c(160), _inception_c(192)],
    if aux then [_iaux(classes)] else [],
    [_inception_d, _inception_e, _inception_e, global_avgpool, dropout(), dense(classes)]))

let inception_v3 = inception_v3_net("inception_v3", false)
let inception_v3_aux = inception_v3_net("inception_v3_aux", true)

// stdlib.models.all: every model of stdlib/models under one import
// (`import stdlib.models.all`). A plain import does not pass on the names a module itself
// imported, so each model is re-bound here; the builders (`resnet`, `vgg`, `gpt2`, ...)
// stay in their family modules.
import stdlib.models.lenet as _lenet
import stdlib.models.alexnet as _alexnet
import stdlib.models.vgg as _vgg
import stdlib.models.resnet as _resnet
import stdlib.models.googlenet as _googlenet
import stdlib.models.inception as _inception
import stdlib.models.densenet as _densenet
import stdlib.models.mobilenet as _mobilenet
import stdlib.models.squeezenet as _squeezenet
import stdlib.models.cosmoflow as _cosmoflow
import stdlib.models.transformer as _transformer

let lenet5 = _lenet.lenet5
let alexnet = _alexnet.alexnet
let vgg11 = _vgg.vgg11
let vgg13 = _vgg.vgg13
let vgg16 = _vgg.vgg16
let vgg19 = _vgg.vgg19
let vgg11_bn = _vgg.vgg11_bn
let vgg13_bn = _vgg.vgg13_bn
let vgg16_bn = _vgg.vgg16_bn
let vgg19_bn = _vgg.vgg19_bn
let vgg11_bn_cifar = _vgg.vgg11_bn_cifar
let resnet18 = _resnet.resnet18
let resnet34 = _resnet.resnet34
let resnet50 = _resnet.resnet50
let resnet101 = _resnet.resnet101
let resnet152 = _resnet.resnet152
let wide_resnet50_2 = _resnet.wide_resnet50_2
let resnext50_32x4d = _resnet.resnext50_32x4d
let resnet18_cifar = _resnet.resnet18_cifar
let googlenet = _googlenet.googlenet
let googlenet_aux = _googlenet.googlenet_aux
let inception_v3 = _inception.inception_v3
let inception_v3_aux = _inception.inception_v3_aux
let densenet121 = _densenet.densenet121
let mobilenet_v2 = _mobilenet.mobilenet_v2
let squeezenet1_0 = _squeezenet.squeezenet1_0
let squeezenet1_1 = _squeezenet.squeezenet1_1
let cosmoflow = _cosmoflow.cosmoflow
let gpt2_small = _transformer.gpt2_small
let bert_base = _transformer.bert_base
let gpt2_small_1024 = _transformer.gpt2_small_1024
let bert_base_512 = _transformer.bert_base_512

// stdlib.models.all: every model of stdlib/models under one import
// (`import stdlib.models.all`). A plain import does not pass on the names a module itself
// imported, so each model is re-bound here; the builders (`resnet`, `vgg`, `gpt2`, ...)
// stay in their family modules.
import stdlib.layers
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
import stdlib.models.gpt as _gpt
import stdlib.models.llama as _llama

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
let resnext101_32x4d = _resnet.resnext101_32x4d
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
let gpt3_175b = _gpt.gpt3_175b
let megatron_1_7b = _gpt.megatron_1_7b
let megatron_3_6b = _gpt.megatron_3_6b
let megatron_7_5b = _gpt.megatron_7_5b
let megatron_18b = _gpt.megatron_18b
let megatron_39b = _gpt.megatron_39b
let megatron_76b = _gpt.megatron_76b
let megatron_145b = _gpt.megatron_145b
let megatron_310b = _gpt.megatron_310b
let megatron_530b = _gpt.megatron_530b
let megatron_1t = _gpt.megatron_1t
let llama2_7b = _llama.llama2_7b
let llama2_13b = _llama.llama2_13b
let llama2_70b = _llama.llama2_70b
let llama3_8b = _llama.llama3_8b
let llama3_70b = _llama.llama3_70b
let llama3_405b = _llama.llama3_405b
let mixtral_8x7b = _llama.mixtral_8x7b
let gpt3_175b_2048 = _gpt.gpt3_175b_2048
let megatron_1_7b_2048 = _gpt.megatron_1_7b_2048
let megatron_3_6b_2048 = _gpt.megatron_3_6b_2048
let megatron_7_5b_2048 = _gpt.megatron_7_5b_2048
let megatron_18b_2048 = _gpt.megatron_18b_2048
let megatron_39b_2048 = _gpt.megatron_39b_2048
let megatron_76b_2048 = _gpt.megatron_76b_2048
let megatron_145b_2048 = _gpt.megatron_145b_2048
let megatron_310b_2048 = _gpt.megatron_310b_2048
let megatron_530b_2048 = _gpt.megatron_530b_2048
let megatron_1t_2048 = _gpt.megatron_1t_2048
let llama2_7b_4096 = _llama.llama2_7b_4096
let llama2_13b_4096 = _llama.llama2_13b_4096
let llama2_70b_4096 = _llama.llama2_70b_4096
let llama3_8b_8192 = _llama.llama3_8b_8192
let llama3_70b_8192 = _llama.llama3_70b_8192
let llama3_405b_8192 = _llama.llama3_405b_8192
let mixtral_8x7b_32768 = _llama.mixtral_8x7b_32768
let gpt2_small = _transformer.gpt2_small
let bert_base = _transformer.bert_base
let gpt2_small_1024 = _transformer.gpt2_small_1024
let bert_base_512 = _transformer.bert_base_512

// The torchvision network `name` at a `size` x `size` input (`size` 224 gives the model
// above; Inception-v3's own is 299), for the validation's twins at another input
// (tools/validation/validate.py --input-size): the stdlib's ImageNet CNNs by name.
fn at_size(name: String, size: Int) -> Network = {
  let bottle = fn(planes: Int, s: Int) -> Block = _resnet.bottleneck(planes, s)
  if name == "alexnet" then _alexnet.alexnet_net(size = size)
  else if name == "vgg11" then _vgg.vgg("vgg11", _vgg.vgg_a, false, size = size)
  else if name == "vgg13" then _vgg.vgg("vgg13", _vgg.vgg_b, false, size = size)
  else if name == "vgg16" then _vgg.vgg("vgg16", _vgg.vgg_d, false, size = size)
  else if name == "vgg19" then _vgg.vgg("vgg19", _vgg.vgg_e, false, size = size)
  else if name == "vgg11_bn" then _vgg.vgg("vgg11_bn", _vgg.vgg_a, true, size = size)
  else if name == "vgg13_bn" then _vgg.vgg("vgg13_bn", _vgg.vgg_b, true, size = size)
  else if name == "vgg16_bn" then _vgg.vgg("vgg16_bn", _vgg.vgg_d, true, size = size)
  else if name == "vgg19_bn" then _vgg.vgg("vgg19_bn", _vgg.vgg_e, true, size = size)
  else if name == "resnet18" then _resnet.resnet("resnet18", _resnet.basic_block, [2, 2, 2, 2], size = size)
  else if name == "resnet34" then _resnet.resnet("resnet34", _resnet.basic_block, [3, 4, 6, 3], size = size)
  else if name == "resnet50" then _resnet.resnet("resnet50", bottle, [3, 4, 6, 3], size = size)
  else if name == "resnet101" then _resnet.resnet("resnet101", bottle, [3, 4, 23, 3], size = size)
  else if name == "resnet152" then _resnet.resnet("resnet152", bottle, [3, 8, 36, 3], size = size)
  else if name == "wide_resnet50_2" then _resnet.resnet("wide_resnet50_2",
    fn(planes: Int, s: Int) -> Block = _resnet.bottleneck(planes, s, base_width = 128), [3, 4, 6, 3], size = size)
  else if name == "resnext50_32x4d" then _resnet.resnet("resnext50_32x4d",
    fn(planes: Int, s: Int) -> Block = _resnet.bottleneck(planes, s, groups = 32, base_width = 4), [3, 4, 6, 3],
    size = size)
  else if name == "googlenet" then _googlenet.googlenet_net("googlenet", false, size = size)
  else if name == "googlenet_aux" then _googlenet.googlenet_net("googlenet_aux", true, size = size)
  else if name == "inception_v3" then _inception.inception_v3_net("inception_v3", false, size = size)
  else if name == "inception_v3_aux" then _inception.inception_v3_net("inception_v3_aux", true, size = size)
  else if name == "densenet121" then _densenet.densenet("densenet121", [6, 12, 24, 16], size = size)
  else if name == "mobilenet_v2" then _mobilenet.mobilenet_v2_net(size = size)
  else if name == "squeezenet1_0" then _squeezenet.squeezenet1_0_net(size = size)
  else if name == "squeezenet1_1" then _squeezenet.squeezenet1_1_net(size = size)
  else error("at_size: `" + name + "` is not one of stdlib's ImageNet CNNs (alexnet, vgg11..vgg19_bn, resnet18.." +
             "resnext50_32x4d, googlenet, inception_v3, densenet121, mobilenet_v2, squeezenet1_0, squeezenet1_1)")
}

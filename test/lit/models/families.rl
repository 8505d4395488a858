// Every family module of stdlib/models imported unqualified into one file (as
// `ringline stats --model NAME` imports them) defines distinct public names, and
// stdlib.models.all re-binds every model under the same names.
// RUN: %ringline eval %s | FileCheck %s --strict-whitespace
import stdlib.layers
import stdlib.models.lenet
import stdlib.models.alexnet
import stdlib.models.vgg
import stdlib.models.resnet
import stdlib.models.googlenet
import stdlib.models.inception
import stdlib.models.densenet
import stdlib.models.mobilenet
import stdlib.models.squeezenet
import stdlib.models.cosmoflow
import stdlib.models.transformer
import stdlib.models.gpt
import stdlib.models.llama
import stdlib.models.all as all

let _family = [lenet5, alexnet, vgg11, vgg13, vgg16, vgg19, vgg11_bn, vgg13_bn, vgg16_bn,
               vgg19_bn, resnet18, resnet34, resnet50, resnet101, resnet152, wide_resnet50_2,
               resnext50_32x4d, googlenet, googlenet_aux, inception_v3, inception_v3_aux,
               densenet121, mobilenet_v2, squeezenet1_0, squeezenet1_1, cosmoflow,
               gpt2_small_1024, bert_base_512, gpt3_175b_2048, megatron_1_7b_2048,
               megatron_3_6b_2048, megatron_7_5b_2048, megatron_18b_2048, megatron_39b_2048,
               megatron_76b_2048, megatron_145b_2048, megatron_310b_2048, megatron_530b_2048,
               megatron_1t_2048, llama2_7b_4096, llama2_13b_4096, llama2_70b_4096,
               llama3_8b_8192, llama3_405b_8192, mixtral_8x7b_32768]
let _all = [all.lenet5, all.alexnet, all.vgg11, all.vgg13, all.vgg16, all.vgg19, all.vgg11_bn,
            all.vgg13_bn, all.vgg16_bn, all.vgg19_bn, all.resnet18, all.resnet34, all.resnet50,
            all.resnet101, all.resnet152, all.wide_resnet50_2, all.resnext50_32x4d,
            all.googlenet, all.googlenet_aux, all.inception_v3, all.inception_v3_aux,
            all.densenet121, all.mobilenet_v2, all.squeezenet1_0, all.squeezenet1_1,
            all.cosmoflow, all.gpt2_small(1024), all.bert_base(512), all.gpt3_175b(2048),
            all.megatron_1_7b(2048), all.megatron_3_6b(2048), all.megatron_7_5b(2048),
            all.megatron_18b(2048), all.megatron_39b(2048), all.megatron_76b(2048),
            all.megatron_145b(2048), all.megatron_310b(2048), all.megatron_530b(2048),
            all.megatron_1t(2048), all.llama2_7b(4096), all.llama2_13b(4096),
            all.llama2_70b(4096), all.llama3_8b(8192), all.llama3_405b(8192),
            all.mixtral_8x7b(32768)]

scenario families {
  report models = len(_family)
  // Every model's name field is its `let` name, and the two lists agree model by model.
  report same = sum i in range(len(_all)):
    if _all[i].name == _family[i].name and total_macs(_all[i]) == total_macs(_family[i])
    then 1 else 0
  report names_ok = sum i in range(len(_family)):
    if _family[i].name == ["lenet5", "alexnet", "vgg11", "vgg13", "vgg16", "vgg19", "vgg11_bn",
      "vgg13_bn", "vgg16_bn", "vgg19_bn", "resnet18", "resnet34", "resnet50", "resnet101", "resnet152",
      "wide_resnet50_2", "resnext50_32x4d", "googlenet", "googlenet_aux", "inception_v3",
      "inception_v3_aux", "densenet121", "mobilenet_v2", "squeezenet1_0", "squeezenet1_1",
      "cosmoflow", "gpt2_small", "bert_base", "gpt3_175b", "megatron_1_7b", "megatron_3_6b",
      "megatron_7_5b", "megatron_18b", "megatron_39b", "megatron_76b", "megatron_145b",
      "megatron_310b", "megatron_530b", "megatron_1t", "llama2_7b", "llama2_13b", "llama2_70b",
      "llama3_8b", "llama3_405b", "mixtral_8x7b"][i] then 1 else 0
}
// CHECK:      scenario families
// CHECK-NEXT:   models   = 45{{$}}
// CHECK-NEXT:   same     = 45{{$}}
// CHECK-NEXT:   names_ok = 45{{$}}

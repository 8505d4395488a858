// stdlib.models.all's at_size: the torchvision CNNs at another input side, against
// torchvision 0.14's counts of the same model at that side (num_params and conv + linear
// MACs of one sample, counted with forward hooks by tools/validation/torchvision_reference.py
// `count` on the meta device), hard-coded here so that the test needs no Python; at 224
// (Inception: 299) it is the stdlib's model itself. A name it does not know is an error
// naming the ones it does.
// RUN: %ringline eval %s --scenario sizes | FileCheck %s
// RUN: %python %S/Inputs/expect_exit.py 1 %ringline eval %s --scenario unknown 2>&1 | FileCheck %s --check-prefix=BAD
import stdlib.layers
import stdlib.models.all

scenario sizes {
  report squeezenet1_0_160 = total_macs(at_size("squeezenet1_0", 160))
  report squeezenet1_0_160_params = total_params(at_size("squeezenet1_0", 160))
  report resnet50_160 = total_macs(at_size("resnet50", 160))
  report resnet50_160_params = total_params(at_size("resnet50", 160))
  report densenet121_192 = total_macs(at_size("densenet121", 192))
  report vgg16_160 = total_macs(at_size("vgg16", 160))
  report vgg16_160_params = total_params(at_size("vgg16", 160))
  report inception_v3_224 = total_macs(at_size("inception_v3", 224))
  report mobilenet_v2_160 = total_macs(at_size("mobilenet_v2", 160))
  report alexnet_160 = total_macs(at_size("alexnet", 160))
  report googlenet_160 = total_macs(at_size("googlenet", 160))
  report same_at_224 = total_macs(at_size("densenet121", 224)) == total_macs(densenet121) and
                       total_params(at_size("resnext50_32x4d", 224)) == total_params(resnext50_32x4d) and
                       total_macs(at_size("inception_v3", 299)) == total_macs(inception_v3)
}
// CHECK: squeezenet1_0_160 {{ *}}= 404268064
// CHECK: squeezenet1_0_160_params {{ *}}= 1248424
// CHECK: resnet50_160 {{ *}}= 2087321600
// CHECK: resnet50_160_params {{ *}}= 25557032
// CHECK: densenet121_192 {{ *}}= 2082512896
// CHECK: vgg16_160 {{ *}}= 7953547264
// CHECK: vgg16_160_params {{ *}}= 138357544
// CHECK: inception_v3_224 {{ *}}= 2837921120
// CHECK: mobilenet_v2_160 {{ *}}= 154083200
// CHECK: alexnet_160 {{ *}}= 378044096
// CHECK: googlenet_160 {{ *}}= 764979200
// CHECK: same_at_224 {{ *}}= true

scenario unknown {
  report m = total_macs(at_size("resnet51", 224))
}
// BAD: error: at_size: `resnet51` is not one of stdlib's ImageNet CNNs

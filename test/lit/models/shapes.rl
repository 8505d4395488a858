// Per-layer checks on torchvision models: output shapes where ceil-mode pooling, strides
// and concatenation matter, and single-layer counts, each as torchvision 0.14 reports it
// (module output shapes from tools/validation/torchvision_reference.py --layers).
// RUN: %ringline eval %s | FileCheck %s --strict-whitespace
import stdlib.layers
import stdlib.models.all

fn _last(n: Network, back: Int) -> Layer = n.layers[len(n.layers) - 1 - back]

scenario shapes {
  // GoogLeNet: conv1 7x7/2 -> 112; maxpool1 3/2 in ceil mode -> ceil(109/2) + 1 = 56.
  report googlenet_pool1 = googlenet.layers[3].out[1]
  // inception5b concatenates 384 + 384 + 128 + 128 = 1,024 channels at 7x7.
  report googlenet_5b_c = _last(googlenet, 3).out[0]
  report googlenet_5b_h = _last(googlenet, 3).out[1]
  // Inception-v3 at 299: Mixed_7c gives 2,048 x 8 x 8.
  report inception_7c_c = _last(inception_v3, 3).out[0]
  report inception_7c_h = _last(inception_v3, 3).out[2]
  // The aux variant differs only by the side branch: same output, 3,326,696 more params.
  report inception_aux_extra = total_params(inception_v3_aux) - total_params(inception_v3)
  // SqueezeNet 1.0 (a Fire module is 7 layers): 224 -> conv 7/2 -> 109 -> pool (ceil) 54
  // -> 3 Fires -> pool (ceil) 27 (26 in floor mode).
  report squeeze_pool1 = squeezenet1_0.layers[2].out[1]
  report squeeze_pool2 = squeezenet1_0.layers[3 + 3 * 7].out[1]
  report squeeze_final_c = _last(squeezenet1_0, 0).out[0]
  // ResNet-50: conv1 64 x 3 x 7 x 7 x 112^2 = 118,013,952 MACs; fc 2048*1000 + 1000.
  report resnet50_conv1_macs = resnet50.layers[0].macs
  report resnet50_fc_params = _last(resnet50, 0).params
  report resnet50_pool_c = _last(resnet50, 1).out[0]
  // ResNeXt-50 32x4d: the first 3x3 conv is 128 -> 128 in 32 groups: 128*4*9 = 4,608.
  report resnext_grouped_params = resnext50_32x4d.layers[7].params
  // DenseNet-121: 64 + 6*32 = 256 -> 128 -> +12*32 = 512 -> 256 -> +24*32 = 1,024 -> 512
  // -> +16*32 = 1,024 channels at 7x7 before the classifier.
  report densenet_c = _last(densenet121, 1).out[0]
  // MobileNetV2: the depthwise 3x3 of the first inverted residual: 32 groups, 32*9 weights.
  report mobilenet_dw_params = mobilenet_v2.layers[3].params
  report mobilenet_last_c = _last(mobilenet_v2, 3).out[0]
  report mobilenet_last_h = _last(mobilenet_v2, 3).out[1]
  // VGG-16: five 2x2 pools take 224 to 7; 512 * 7 * 7 = 25,088 features.
  report vgg16_features = vgg16.layers[len(vgg16.layers) - 8].out[0]
  // AlexNet: 224 -> conv 11/4 p2 -> 55 -> pool 27 -> pool 13 -> pool 6.
  report alexnet_conv1_h = alexnet.layers[0].out[1]
  report alexnet_pool3_h = alexnet.layers[12].out[1]
}
// CHECK:      scenario shapes
// CHECK-NEXT:   googlenet_pool1        = 56{{$}}
// CHECK-NEXT:   googlenet_5b_c         = 1024{{$}}
// CHECK-NEXT:   googlenet_5b_h         = 7{{$}}
// CHECK-NEXT:   inception_7c_c         = 2048{{$}}
// CHECK-NEXT:   inception_7c_h         = 8{{$}}
// CHECK-NEXT:   inception_aux_extra    = 3326696{{$}}
// CHECK-NEXT:   squeeze_pool1          = 54{{$}}
// CHECK-NEXT:   squeeze_pool2          = 27{{$}}
// CHECK-NEXT:   squeeze_final_c        = 1000{{$}}
// CHECK-NEXT:   resnet50_conv1_macs    = 118013952{{$}}
// CHECK-NEXT:   resnet50_fc_params     = 2049000{{$}}
// CHECK-NEXT:   resnet50_pool_c        = 2048{{$}}
// CHECK-NEXT:   resnext_grouped_params = 4608{{$}}
// CHECK-NEXT:   densenet_c             = 1024{{$}}
// CHECK-NEXT:   mobilenet_dw_params    = 288{{$}}
// CHECK-NEXT:   mobilenet_last_c       = 1280{{$}}
// CHECK-NEXT:   mobilenet_last_h       = 7{{$}}
// CHECK-NEXT:   vgg16_features         = 25088{{$}}
// CHECK-NEXT:   alexnet_conv1_h        = 55{{$}}
// CHECK-NEXT:   alexnet_pool3_h        = 6{{$}}

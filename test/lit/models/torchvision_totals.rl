// Every torchvision model of stdlib/models against torchvision 0.14's own counts, hard-coded
// here so that this test never needs Python: num_params = sum(p.numel()) and MACs = the
// conv + linear multiply-accumulates of one 224x224 (Inception: 299x299) sample, counted
// with forward hooks by tools/validation/torchvision_reference.py (the quantity torchvision >= 0.15
// publishes, rounded, as `_ops`: its model docs give alexnet 0.714, vgg16 15.47 and
// resnet50 4.089 GMACs for the IMAGENET1K_V1 weights, which these round to).
// `googlenet` and `inception_v3` have no aux heads; the `_aux` variants run them as in
// training (module docs).
// RUN: %ringline eval %s | FileCheck %s --strict-whitespace
import stdlib.layers
import stdlib.models.all

scenario torchvision {
  report alexnet_params = total_params(alexnet)
  report alexnet_macs = total_macs(alexnet)
  report vgg11_params = total_params(vgg11)
  report vgg11_macs = total_macs(vgg11)
  report vgg13_params = total_params(vgg13)
  report vgg13_macs = total_macs(vgg13)
  report vgg16_params = total_params(vgg16)
  report vgg16_macs = total_macs(vgg16)
  report vgg19_params = total_params(vgg19)
  report vgg19_macs = total_macs(vgg19)
  report vgg11_bn_params = total_params(vgg11_bn)
  report vgg11_bn_macs = total_macs(vgg11_bn)
  report vgg13_bn_params = total_params(vgg13_bn)
  report vgg13_bn_macs = total_macs(vgg13_bn)
  report vgg16_bn_params = total_params(vgg16_bn)
  report vgg16_bn_macs = total_macs(vgg16_bn)
  report vgg19_bn_params = total_params(vgg19_bn)
  report vgg19_bn_macs = total_macs(vgg19_bn)
  report resnet18_params = total_params(resnet18)
  report resnet18_macs = total_macs(resnet18)
  report resnet34_params = total_params(resnet34)
  report resnet34_macs = total_macs(resnet34)
  report resnet50_params = total_params(resnet50)
  report resnet50_macs = total_macs(resnet50)
  report resnet101_params = total_params(resnet101)
  report resnet101_macs = total_macs(resnet101)
  report resnet152_params = total_params(resnet152)
  report resnet152_macs = total_macs(resnet152)
  report wide_resnet50_2_params = total_params(wide_resnet50_2)
  report wide_resnet50_2_macs = total_macs(wide_resnet50_2)
  report resnext50_32x4d_params = total_params(resnext50_32x4d)
  report resnext50_32x4d_macs = total_macs(resnext50_32x4d)
  report googlenet_params = total_params(googlenet)
  report googlenet_macs = total_macs(googlenet)
  report googlenet_aux_params = total_params(googlenet_aux)
  report googlenet_aux_macs = total_macs(googlenet_aux)
  report inception_v3_params = total_params(inception_v3)
  report inception_v3_macs = total_macs(inception_v3)
  report inception_v3_aux_params = total_params(inception_v3_aux)
  report inception_v3_aux_macs = total_macs(inception_v3_aux)
  report densenet121_params = total_params(densenet121)
  report densenet121_macs = total_macs(densenet121)
  report mobilenet_v2_params = total_params(mobilenet_v2)
  report mobilenet_v2_macs = total_macs(mobilenet_v2)
  report squeezenet1_0_params = total_params(squeezenet1_0)
  report squeezenet1_0_macs = total_macs(squeezenet1_0)
  report squeezenet1_1_params = total_params(squeezenet1_1)
  report squeezenet1_1_macs = total_macs(squeezenet1_1)
}

// CHECK: scenario torchvision
// CHECK-NEXT: {{^  }}alexnet_params {{ *}}= 61100840{{$}}
// CHECK-NEXT: {{^  }}alexnet_macs {{ *}}= 714188480{{$}}
// CHECK-NEXT: {{^  }}vgg11_params {{ *}}= 132863336{{$}}
// CHECK-NEXT: {{^  }}vgg11_macs {{ *}}= 7609090048{{$}}
// CHECK-NEXT: {{^  }}vgg13_params {{ *}}= 133047848{{$}}
// CHECK-NEXT: {{^  }}vgg13_macs {{ *}}= 11308466176{{$}}
// CHECK-NEXT: {{^  }}vgg16_params {{ *}}= 138357544{{$}}
// CHECK-NEXT: {{^  }}vgg16_macs {{ *}}= 15470264320{{$}}
// CHECK-NEXT: {{^  }}vgg19_params {{ *}}= 143667240{{$}}
// CHECK-NEXT: {{^  }}vgg19_macs {{ *}}= 19632062464{{$}}
// CHECK-NEXT: {{^  }}vgg11_bn_params {{ *}}= 132868840{{$}}
// CHECK-NEXT: {{^  }}vgg11_bn_macs {{ *}}= 7609090048{{$}}
// CHECK-NEXT: {{^  }}vgg13_bn_params {{ *}}= 133053736{{$}}
// CHECK-NEXT: {{^  }}vgg13_bn_macs {{ *}}= 11308466176{{$}}
// CHECK-NEXT: {{^  }}vgg16_bn_params {{ *}}= 138365992{{$}}
// CHECK-NEXT: {{^  }}vgg16_bn_macs {{ *}}= 15470264320{{$}}
// CHECK-NEXT: {{^  }}vgg19_bn_params {{ *}}= 143678248{{$}}
// CHECK-NEXT: {{^  }}vgg19_bn_macs {{ *}}= 19632062464{{$}}
// CHECK-NEXT: {{^  }}resnet18_params {{ *}}= 11689512{{$}}
// CHECK-NEXT: {{^  }}resnet18_macs {{ *}}= 1814073344{{$}}
// CHECK-NEXT: {{^  }}resnet34_params {{ *}}= 21797672{{$}}
// CHECK-NEXT: {{^  }}resnet34_macs {{ *}}= 3663761408{{$}}
// CHECK-NEXT: {{^  }}resnet50_params {{ *}}= 25557032{{$}}
// CHECK-NEXT: {{^  }}resnet50_macs {{ *}}= 4089184256{{$}}
// CHECK-NEXT: {{^  }}resnet101_params {{ *}}= 44549160{{$}}
// CHECK-NEXT: {{^  }}resnet101_macs {{ *}}= 7801405440{{$}}
// CHECK-NEXT: {{^  }}resnet152_params {{ *}}= 60192808{{$}}
// CHECK-NEXT: {{^  }}resnet152_macs {{ *}}= 11513626624{{$}}
// CHECK-NEXT: {{^  }}wide_resnet50_2_params {{ *}}= 68883240{{$}}
// CHECK-NEXT: {{^  }}wide_resnet50_2_macs {{ *}}= 11398021120{{$}}
// CHECK-NEXT: {{^  }}resnext50_32x4d_params {{ *}}= 25028904{{$}}
// CHECK-NEXT: {{^  }}resnext50_32x4d_macs {{ *}}= 4230479872{{$}}
// CHECK-NEXT: {{^  }}googlenet_params {{ *}}= 6624904{{$}}
// CHECK-NEXT: {{^  }}googlenet_macs {{ *}}= 1498376192{{$}}
// CHECK-NEXT: {{^  }}googlenet_aux_params {{ *}}= 13004888{{$}}
// CHECK-NEXT: {{^  }}googlenet_aux_macs {{ *}}= 1506748416{{$}}
// CHECK-NEXT: {{^  }}inception_v3_params {{ *}}= 23834568{{$}}
// CHECK-NEXT: {{^  }}inception_v3_macs {{ *}}= 5713216096{{$}}
// CHECK-NEXT: {{^  }}inception_v3_aux_params {{ *}}= 27161264{{$}}
// CHECK-NEXT: {{^  }}inception_v3_aux_macs {{ *}}= 5718899296{{$}}
// CHECK-NEXT: {{^  }}densenet121_params {{ *}}= 7978856{{$}}
// CHECK-NEXT: {{^  }}densenet121_macs {{ *}}= 2834161664{{$}}
// CHECK-NEXT: {{^  }}mobilenet_v2_params {{ *}}= 3504872{{$}}
// CHECK-NEXT: {{^  }}mobilenet_v2_macs {{ *}}= 300774272{{$}}
// CHECK-NEXT: {{^  }}squeezenet1_0_params {{ *}}= 1248424{{$}}
// CHECK-NEXT: {{^  }}squeezenet1_0_macs {{ *}}= 818924576{{$}}
// CHECK-NEXT: {{^  }}squeezenet1_1_params {{ *}}= 1235496{{$}}
// CHECK-NEXT: {{^  }}squeezenet1_1_macs {{ *}}= 349151936{{$}}

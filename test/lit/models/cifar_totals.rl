// The 32x32 CNNs of the validation (stdlib.models.resnet resnet18_cifar, stdlib.models.vgg
// vgg11_bn_cifar, and LeNet-5) against their torch twins' counts, hard-coded here so that
// this test needs no Python: num_params = sum(p.numel()) and the conv + linear MACs of one
// sample, as `/usr/bin/python3 -m tools.validation.torch_twins` prints them (torch 1.13).
// RUN: %ringline eval %s | FileCheck %s --strict-whitespace
import stdlib.layers
import stdlib.models.all

scenario twins {
  report lenet5_params = total_params(lenet5)
  report lenet5_macs = total_macs(lenet5)
  report resnet18_params = total_params(resnet18_cifar)
  report resnet18_macs = total_macs(resnet18_cifar)
  report resnet18_out = resnet18_cifar.layers[len(resnet18_cifar.layers) - 1].out[0]
  report vgg11_params = total_params(vgg11_bn_cifar)
  report vgg11_macs = total_macs(vgg11_bn_cifar)
  report vgg11_last_pool = vgg11_bn_cifar.layers[len(vgg11_bn_cifar.layers) - 3].out[1]
}
// CHECK:      scenario twins
// CHECK-NEXT:   lenet5_params   = 61706{{$}}
// CHECK-NEXT:   lenet5_macs     = 416520{{$}}
// CHECK-NEXT:   resnet18_params = 11173962{{$}}
// CHECK-NEXT:   resnet18_macs   = 555422720{{$}}
// CHECK-NEXT:   resnet18_out    = 10{{$}}
// CHECK-NEXT:   vgg11_params    = 9231114{{$}}
// CHECK-NEXT:   vgg11_macs      = 152769536{{$}}
// CHECK-NEXT:   vgg11_last_pool = 1{{$}}

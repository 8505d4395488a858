// LeNet-5 (stdlib.models.lenet): parameters, MACs, per-layer output shapes and training
// FLOPs, all derived by hand below (torchvision has no LeNet).
// RUN: %ringline eval %s | FileCheck %s --strict-whitespace
import stdlib.layers
import stdlib.models.lenet

// Layer   output     params                   MACs
// C1      6x28x28    6*(1*5*5) + 6 = 156      6*25*28*28 = 117,600
// S2      6x14x14    0                        0
// C3      16x10x10   16*(6*5*5) + 16 = 2,416  16*150*10*10 = 240,000
// S4      16x5x5     0                        0
// C5      120x1x1    120*(16*25) + 120 = 48,120   120*400 = 48,000
// F6      84         120*84 + 84 = 10,164     10,080
// output  10         84*10 + 10 = 850         840
// total              61,706                   416,520
//
// FLOPs (docs/layers.md): conv/dense fwd = 2*MACs + one add per output element for the
// bias; bwd_data = 2*MACs (none for C1, the first layer); bwd_weight = 2*MACs + bias
// grads. tanh 5 fwd / 2 bwd per element, avg pool 1 per input element each way.
//   fwd:  C1 235,200+4,704 | tanh 23,520 | S2 4,704 | C3 480,000+1,600 | tanh 8,000 |
//         S4 1,600 | C5 96,000+120 | tanh 600 | F6 20,160+84 | tanh 420 | out 1,680+10
//         = 878,402
//   bwd_data: 0 | 9,408 | 4,704 | 480,000 | 3,200 | 1,600 | 96,000 | 240 | 20,160 | 168
//         | 1,680 = 617,160
//   bwd_weight: 239,904 + 481,600 + 96,120 + 20,244 + 1,690 = 839,558
//   training step = 878,402 + 617,160 + 839,558 = 2,335,120
scenario lenet {
  report params = total_params(lenet5)
  report macs = total_macs(lenet5)
  report fwd = total_fwd_flops(lenet5)
  report train = total_train_flops(lenet5)
  report c1_dgrad = lenet5.layers[0].bwd_data
  report c3_dgrad = lenet5.layers[3].bwd_data
  report s2_h = lenet5.layers[2].out[1]
  report c5_c = lenet5.layers[6].out[0]
  report c5_h = lenet5.layers[6].out[1]
  report f6 = lenet5.layers[9].out[0]
  report layers = len(lenet5.layers)
}
// CHECK:      scenario lenet
// CHECK-NEXT:   params   = 61706{{$}}
// CHECK-NEXT:   macs     = 416520{{$}}
// CHECK-NEXT:   fwd      = 878402{{$}}
// CHECK-NEXT:   train    = 2335120{{$}}
// CHECK-NEXT:   c1_dgrad = 0{{$}}
// CHECK-NEXT:   c3_dgrad = 480000{{$}}
// CHECK-NEXT:   s2_h     = 14{{$}}
// CHECK-NEXT:   c5_c     = 120{{$}}
// CHECK-NEXT:   c5_h     = 1{{$}}
// CHECK-NEXT:   f6       = 84{{$}}
// CHECK-NEXT:   layers   = 12{{$}}

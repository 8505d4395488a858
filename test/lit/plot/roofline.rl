// `ringline plot --roofline DEVICE --model M`: the device's roof (its `peak` and memory
// bandwidth) and each layer at its forward arithmetic intensity (stdlib.roofline's work
// over traffic) and the FLOP rate its predicted time attains (stdlib.kernel_time), a
// series of points per layer kind. The toy device has no kernel models, so each layer's
// time is the roofline of its kernel: `relu` sits on the memory roof; `dense`'s GEMM
// counts its bias apart, so it sits just off it. Numbers by hand for batch 2, 4-byte
// elements, 1 TFLOP/s and 100 GB/s (ridge at 10 FLOP/B):
//   dense(50) on [100]: work 2 * (2*100*50 + 50) = 20100 FLOP, traffic (2 * (5150 - 5050
//     + 50) + 5050) * 4 B = 21400 B: intensity 0.93925...; its GEMM moves (2 * 150 +
//     5000) * 4 B = 21200 B in 2.12e-7 s, so it attains 20100 / 2.12e-7 = 0.0948 TFLOP/s.
//   relu on [50]: 100 FLOP over 800 B = 0.125 FLOP/B, 800 B in 8e-9 s: 0.0125 TFLOP/s.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env RINGLINE_GNUPLOT=%S/Inputs/fake_gnuplot.py FAKE_GNUPLOT_SCRIPT=%t/toy.gp %ringline plot %s --roofline toy --model tiny --batch 2 -o %t/toy.svg 2>&1 | FileCheck %s --check-prefix=NOTE
// RUN: FileCheck %s --check-prefix=TOY < %t/toy.gp
// RUN: %ringline plot --roofline v100_sxm2_16gb --model resnet50 --batch 32 -o %t/v100.svg
// RUN: %python %S/Inputs/svg_summary.py %t/v100.svg | FileCheck %s --check-prefix=V100
// RUN: not %ringline plot --roofline v100_sxm2 --model resnet50 -o %t/bad.svg 2>&1 | FileCheck %s --check-prefix=NODEV
// RUN: not %ringline plot --roofline v100_sxm2_16gb -o %t/bad.svg 2>&1 | FileCheck %s --check-prefix=NOMODEL
// RUN: not %ringline plot --roofline v100_sxm2_16gb --model resnet5 -o %t/bad.svg 2>&1 | FileCheck %s --check-prefix=NONET
// RUN: not ls %t/bad.svg
import stdlib.hardware
import stdlib.layers
let tiny = network("tiny", [100], [dense(50), relu, flatten])
let toy = Device { name = "toy", peak_fp64 = 0.5 TFLOP/s, peak_fp32 = 1 TFLOP/s, peak_fp16 = 2 TFLOP/s,
                   membw = 100 GB/s, memory = 1 GB }

// NOTE: ringline: note: layers without floating-point work or memory traffic are not placed: flatten
// TOY:      set title 'tiny, batch 2, on toy'
// TOY-NEXT: set xlabel 'arithmetic intensity [FLOP/B]'
// TOY-NEXT: set ylabel 'attained [TFLOP/s]'
// TOY:      set logscale x 10
// TOY-NEXT: set logscale y 10
// The roof from half the least intensity, through the ridge, to twice the greatest.
// TOY-NEXT: $d0 << EOD
// TOY-NEXT: 0.0625 0.00625
// TOY-NEXT: 10 1
// TOY-NEXT: 20 1
// TOY-NEXT: EOD
// TOY-NEXT: $d1 << EOD
// TOY-NEXT: 0.939252336448598{{[0-9]*}} 0.0948113207547169{{[0-9]*}}
// TOY-NEXT: EOD
// TOY-NEXT: $d2 << EOD
// TOY-NEXT: 0.125 0.0125
// TOY-NEXT: EOD
// TOY-NEXT: plot $d0 using 1:2 with lines {{.*}} title 'roof: 1 TFLOP/s, 100 GB/s', \
// TOY-NEXT:   $d1 using 1:2 with points {{.*}} title 'dense', \
// TOY-NEXT:   $d2 using 1:2 with points {{.*}} title 'relu'

// ResNet-50's 177 layers with work, by kind (`ringline stats --model resnet50`).
// V100:      text: attained [TFLOP/s]
// V100-NEXT: text: arithmetic intensity [FLOP/B]
// V100:      series: 8
// V100-NEXT: series 'roof: 15.7 TFLOP/s, 900 GB/s' paths=1 points=0
// V100-NEXT: series 'conv2d' paths=0 points=53
// V100-NEXT: series 'batchnorm' paths=0 points=53
// V100-NEXT: series 'relu' paths=0 points=49
// V100-NEXT: series 'maxpool' paths=0 points=1
// V100-NEXT: series 'add' paths=0 points=16
// V100-NEXT: series 'global_avgpool' paths=0 points=1
// V100-NEXT: series 'dense' paths=0 points=1

// NODEV: ringline: error: no device `v100_sxm2` in stdlib/models or stdlib.hardware; did you mean `p100_sxm2`, `v100_sxm2_16gb` or `v100_sxm2_32gb`?
// NOMODEL: ringline: error: --roofline needs a network: --model NAME [bad_usage]
// NONET: ringline: error: no network `resnet5` in stdlib/models; did you mean `resnet50`

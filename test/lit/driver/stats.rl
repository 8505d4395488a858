// `ringline stats`: per-layer rows, totals, batch scaling, formats, model lookup in the
// stdlib; a model or device that is not there lists the ones that are, with the closest.
// RUN: %ringline stats %s | FileCheck %s --check-prefix=TABLE
// RUN: %ringline stats %s --batch 8 --format json | FileCheck %s --check-prefix=JSON
// RUN: %ringline stats %s --format csv | FileCheck %s --check-prefix=CSV
// RUN: %ringline stats --model resnet50 --format json | FileCheck %s --check-prefix=R50
// RUN: not %ringline stats --model no_such_model 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %ringline stats --model resnet50 --batch 0 2>&1 | FileCheck %s --check-prefix=BATCH0
// RUN: not %ringline stats --model resnet50 --element-bytes 0 2>&1 | FileCheck %s --check-prefix=BYTES0
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline stats --model gpt2 | FileCheck %s --check-prefix=NEAR
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline stats %s --model tinny | FileCheck %s --check-prefix=FILENET
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline stats --model resnet50 --device a100 | FileCheck %s --check-prefix=DEVICE
import stdlib.layers

let tiny = network("tiny", [3, 32, 32], [conv2d(8, k = 3, p = 1), relu, flatten, dense(10)])

// conv: 8*3*3*3 = 216 weights + 8 bias; MACs 216 * 32*32 = 221184; first layer: no dgrad,
// so backward = wgrad only = 2*221184 + 8*1024 (bias) = 450560. dense: 8192*10 = 81920 MACs;
// backward = dgrad 2*81920 + wgrad 2*81920 + 10 bias = 327690.
// TABLE: tiny (batch 1)
// TABLE: layer  kind     output       params   macs
// TABLE: 1      conv2d   [8, 32, 32]     224  221184  450560  450560  12288
// TABLE: 2      relu     [8, 32, 32]       0       0    8192    8192  32768
// TABLE: 4      dense    [10]          81930   81920  163850  327690  32768
// TABLE: total                         82154  303104

// JSON: {"model":"tiny","batch":8,"columns":[{"name":"layer","unit":""}
// JSON: [1,"conv2d","[8, 32, 32]",224,1769472,3604480,3604480,98304]
// JSON: "totals":{"params":82154,"macs":2424832,

// CSV: layer,kind,output,params,macs,fwd_flops[FLOP],bwd_flops[FLOP],act_bytes[B]
// CSV: 1,conv2d,"[8, 32, 32]",224,221184,450560,450560,12288

// R50: "totals":{"params":25557032,"macs":4089184256,

// MISSING: ringline: error: no network `no_such_model` in stdlib/models [bad_option]{{$}}
// MISSING-NEXT: ringline: note: the standard library's models: lenet5, alexnet, vgg11, {{.*}}, resnet50, {{.*}}, bert_base_512{{$}}
// NEAR: ringline: error: no network `gpt2` in stdlib/models; did you mean `gpt2_small` or `gpt2_small_1024`?
// NEAR-NEXT: ringline: note: the standard library's models: lenet5,
// NEAR-NEXT: exit 2
// FILENET: ringline: error: no network `tinny` in {{.*}}stats.rl; did you mean `tiny`?
// FILENET-NEXT: ringline: note: the file's networks: tiny{{$}}
// DEVICE: ringline: error: no device `a100` in stdlib/models or stdlib.hardware; did you mean `a100_sxm4_40gb` or `a100_sxm4_80gb`?
// DEVICE-NEXT: ringline: note: the devices: v100_sxm2_16gb, {{.*}}, epyc_cpu, xeon_cpu, {{.*}}
// DEVICE-NEXT: exit 2

// stats writes through the same sinks and -o as sweep: the file's extension picks CSV.
// RUN: rm -f %t.csv && %ringline stats %s -o %t.csv && FileCheck %s --check-prefix=OUT < %t.csv
// OUT:      layer,kind,output,params,macs,fwd_flops[FLOP],bwd_flops[FLOP],act_bytes[B]
// OUT-NEXT: 1,conv2d,"[8, 32, 32]",224,
// OUT:      total,"","",82154,
// A zero count is refused, not a table of zeros.
// BATCH0: ringline: error: --batch takes a count of 1 or more; got 0 [bad_option]
// BYTES0: ringline: error: --element-bytes takes a count of 1 or more; got 0 [bad_option]

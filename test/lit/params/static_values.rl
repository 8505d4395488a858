// Params over static values: a `Device`, a `Network`, a `String` and an `Int` that shapes
// structure (a list's length) are swept as axes; each combination is a variant of the
// scenario, its params print by name, `--set` takes names, and every backend and loop
// order gives the same rows.
// RUN: %ringline eval %s | FileCheck %s --check-prefix=EVAL
// RUN: %ringline sweep %s --backend=interp > %t.interp.csv
// RUN: %ringline sweep %s --backend=jit > %t.jit.csv
// RUN: diff %t.interp.csv %t.jit.csv
// RUN: FileCheck %s --check-prefix=CSV < %t.jit.csv
// RUN: %ringline sweep %s --threads=1 --order=batch,stages,algo,net,gpu | diff %t.jit.csv -
// RUN: %ringline sweep %s --set gpu=h100_sxm5 --set net=vgg16 --set batch=64 --format json | FileCheck %s --check-prefix=JSON
// RUN: %ringline sweep %s --best time --format table | FileCheck %s --check-prefix=BEST
// RUN: %ringline sweep %s --top 2 --by -time --backend=interp | FileCheck %s --check-prefix=TOP
// RUN: %ringline sweep %s --set "algo=\"tree\"" --set stages=3 --set gpu=a100_sxm4_80gb --set net=resnet50 --set batch=8 | FileCheck %s --check-prefix=SET
import stdlib.hardware
import stdlib.layers
import stdlib.models.resnet
import stdlib.models.vgg

scenario what_if {
  param gpu: Device = v100_sxm2_16gb in [v100_sxm2_16gb, a100_sxm4_80gb, h100_sxm5]
  param net: Network in [resnet50, vgg16]
  param algo: String in ["ring", "tree"]
  param stages: Int = 2 in [1, 2, 4]
  param batch: Int = 32 in [32, 64]
  let parts = [i for i in range(stages)]
  let factor = if algo == "ring" then 2 else 1
  report time = total_fwd_flops(net) * batch * 1 FLOP / gpu.peak_fp16 * factor / len(parts) in ms
  report memory = gpu.memory in GiB
}
// EVAL:      gpu = v100_sxm2_16gb
// EVAL-NEXT: net = resnet50
// EVAL-NEXT: algo = ring
// EVAL-NEXT: stages = 2
// EVAL-NEXT: batch = 32
// EVAL-NEXT: time = 2.11199 ms
// EVAL-NEXT: memory = 16 GiB

// 3 x 2 x 2 x 3 x 2 = 72 rows, the first param slowest.
// CSV:      gpu,net,algo,stages,batch,time[ms],memory[GiB]
// CSV-NEXT: v100_sxm2_16gb,resnet50,ring,1,32,4.223984979968,16
// CSV-NEXT: v100_sxm2_16gb,resnet50,ring,1,64,8.447969959936,16
// CSV-NEXT: v100_sxm2_16gb,resnet50,ring,2,32,2.111992489984,16
// CSV:      v100_sxm2_16gb,vgg16,tree,4,64,3.964645864448,16
// CSV-NEXT: a100_sxm4_80gb,resnet50,ring,1,32,1.6923016746666668,80
// CSV:      h100_sxm5,vgg16,tree,4,64,0.5008901688457651,80
// CSV-NOT:  {{.}}

// JSON: "rows":[
// JSON-NEXT: ["h100_sxm5","vgg16","ring",1,64,4.007121350766121,80],
// JSON:      ["h100_sxm5","vgg16","tree",4,64,0.5008901688457651,80]
// JSON-NEXT: ]}

// BEST:      gpu = h100_sxm5
// BEST-NEXT: net = resnet50
// BEST-NEXT: algo = tree
// BEST-NEXT: stages = 4

// TOP:      gpu,net,algo,stages,batch,time[ms],memory[GiB]
// TOP-NEXT: v100_sxm2_16gb,vgg16,ring,1,64,31.717166915584,16
// TOP-NEXT: v100_sxm2_16gb,vgg16,ring,1,32,15.858583457792,16

// SET:      gpu,net,algo,stages,batch,time[ms],memory[GiB]
// SET-NEXT: a100_sxm4_80gb,resnet50,tree,3,8,0.07051256977777778,80
// SET-NOT:  {{.}}

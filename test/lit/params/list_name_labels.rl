// A param's values given as the name of a list (`in fast`, `--set gpu=fast`) print by the
// names its literal was written with, as a list written out does, so that `--set` reads
// each row's value back; an element without a name prints as before (a `with` by its
// `name` field, a number by its value). A list another module defines keeps the labels of
// its values (a `Device` by its `name`): the names in its literal are that module's.
// RUN: %ringline sweep %s | FileCheck %s --check-prefix=IN
// RUN: %ringline sweep %s --set gpu=fast --set n=2 | FileCheck %s --check-prefix=SET
// RUN: %ringline sweep %s --set gpu=a100_sxm4_80gb --set n=ns | FileCheck %s --check-prefix=BACK
// RUN: %ringline sweep %s --set gpu=imported --set n=1 | FileCheck %s --check-prefix=IMPORTED
import stdlib.hardware
import "Inputs/gpu_lists.rl"

let fast = [a100_sxm4_80gb, v100_sxm2_16gb, h100_sxm5 with { name = "H100 (renamed)" }]
let ns = [1, 2 + 1]

scenario labels {
  param gpu: Device = v100_sxm2_16gb in fast
  param n: Int = 1 in ns
  report p = gpu.peak * n in TFLOP/s
}
// IN: gpu,n,p[TFLOP/s]
// IN-NEXT: a100_sxm4_80gb,1,19.5
// IN-NEXT: a100_sxm4_80gb,3,58.5
// IN-NEXT: v100_sxm2_16gb,1,15.7
// IN-NEXT: v100_sxm2_16gb,3,47.1
// IN-NEXT: H100 (renamed),1,
// IN-NEXT: H100 (renamed),3,
// SET: gpu,n,p[TFLOP/s]
// SET-NEXT: a100_sxm4_80gb,2,39
// SET-NEXT: v100_sxm2_16gb,2,31.4
// SET-NEXT: H100 (renamed),2,
// BACK: gpu,n,p[TFLOP/s]
// BACK-NEXT: a100_sxm4_80gb,1,19.5
// BACK-NEXT: a100_sxm4_80gb,3,58.5
// BACK-EMPTY:
// IMPORTED: gpu,n,p[TFLOP/s]
// IMPORTED-NEXT: A100-SXM4-80GB,1,19.5
// IMPORTED-NEXT: V100-SXM2-16GB,1,15.7

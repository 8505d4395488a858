// A param's type may be a type alias: of a unit or a number (an axis like the type it
// names, through a chain of aliases), of a record or of a list (a static param); a value
// of another dimension is refused as for the unit itself.
// RUN: %ringline sweep %s --scenario aliases | FileCheck %s --check-prefix=SWEEP
// RUN: %ringline sweep %s --scenario aliases --set r=5GB/s --set d=a100_sxm4_80gb | FileCheck %s --check-prefix=SET
// RUN: %ringline sweep %s --scenario aliases --backend=interp | FileCheck %s --check-prefix=SWEEP
// RUN: not %ringline eval %s --scenario bad 2>&1 | FileCheck %s --check-prefix=BAD
import stdlib.hardware

type Rate = GB/s
type Bandwidth = Rate
type Gpu = Device
type Sizes = [Int]
type Flag = Bool

scenario aliases {
  param r: Bandwidth = 2 GB/s in [1 GB/s, 3 GB/s]
  param d: Gpu = v100_sxm2_16gb
  param n: Sizes = [1, 2, 3]
  param f: Flag = true
  report moved = r * 1 s * len(n) in GB
  report peak = d.peak in TFLOP/s
  report flag = if f then 1 else 0
}

scenario bad {
  param t: Rate = 3 s
  report x = t
}
// SWEEP: r[GB/s],d,n,f,moved[GB],peak[TFLOP/s],flag
// SWEEP-NEXT: 1,v100_sxm2_16gb,"[1, 2, 3]",true,3,15.7,1
// SWEEP-NEXT: 3,v100_sxm2_16gb,"[1, 2, 3]",true,9,15.7,1
// SET: 5,a100_sxm4_80gb,"[1, 2, 3]",true,15,19.5,1
// BAD: error: param `t` default must be in `B/s`, got `s` [unit_mismatch]

// A param given no values is refused, whether its `in` list or its `--set` list is empty
// (a literal `[]`, `range(0)`, a filtered list with nothing left), rather than swept at
// its default as if no values had been given. Static params (a `Device`) too.
// RUN: not %ringline sweep %s --scenario s --set 'n=[]' 2>&1 | FileCheck %s --check-prefix=SETLIST
// RUN: not %ringline eval %s --scenario s --set 'n=range(0)' 2>&1 | FileCheck %s --check-prefix=SETRANGE
// RUN: not %ringline sweep %s --scenario s --set gpu=none 2>&1 | FileCheck %s --check-prefix=SETSTATIC
// RUN: not %ringline check %s 2>&1 | FileCheck %s --check-prefix=IN
import stdlib.hardware
let none = [d for d in [v100_sxm2_16gb] if false]
scenario s {
  param n: Int = 4 in [1, 2, 4, 8]
  param gpu: Device = v100_sxm2_16gb in [v100_sxm2_16gb, h100_sxm5]
  report r = n * gpu.memory in GiB
}
scenario empty {
  param n: Int in []
  report r = n
}
// SETLIST:      --set:1:3: error: param `n` is given no values: its `--set` list is empty [empty_list]
// SETLIST-NEXT: n=[]
// SETLIST-NEXT: {{^  \^~$}}
// SETRANGE:     --set:1:3: error: param `n` is given no values: its `--set` list is empty [empty_list]
// SETSTATIC:    --set:1:5: error: param `gpu` is given no values: its `--set` list is empty [empty_list]
// IN:           fail_empty_values.rl:16:19: error: param `n` is given no values: its `in` list is empty [empty_list]

// Staging: each value is computed in the outermost loop where its inputs are known, and
// the automatic loop order puts the param the expensive values (pow, exp) depend on
// outermost; `--order` overrides it, and the estimated work per point says what that costs.
// The order line says which it was; the last line, how a streamed sweep's chunks cut it.
// RUN: %ringline emit %s --emit=stages --set gpus=1..64*2 --set batch=1..256*2 | FileCheck %s --check-prefix=AUTO
// RUN: %ringline emit %s --emit=stages --set gpus=1..64*2 --set batch=1..256*2 --order gpus | FileCheck %s --check-prefix=FORCED
// RUN: %ringline emit %s --emit=stages --set batch=1..256*2 --order gpus,batch,bw | FileCheck %s --check-prefix=ALL
// RUN: %ringline emit %s --emit=stages | FileCheck %s --check-prefix=FIXED
scenario staged {
  param gpus: Int = 8
  param batch: Int = 32
  param bw: B/s = 10 GB/s
  let compute = exp(batch / 256) ^ 1.5 * log2(batch + 1) * batch * (1 ms)
  let comm = 2 * (gpus - 1) * (100 MB / gpus / bw)
  report t = max(compute, comm) in ms
}
// AUTO:      stages staged {
// AUTO-NEXT:   order bw(1), batch(9), gpus(7) (automatic: the least work per point)
// AUTO-NEXT:   outside loops: 0 values, cost 0
// AUTO-NEXT:   loop bw: 1 values, cost 0
// AUTO-NEXT:   loop batch: {{[0-9]+}} values, cost {{[0-9]+}}
// AUTO-NEXT:   loop gpus: {{[0-9]+}} values, cost {{[0-9]+}}
// AUTO-NEXT:   work per point: {{[0-9.]+}} staged, {{[0-9.]+}} unstaged
// AUTO-NEXT:   streamed rows: 1 chunk in declaration order, no memo
// AUTO-NEXT: }

// FORCED:      order gpus(7), bw(1), batch(9) (first 1 forced by --order, the rest automatic)
// FORCED:      loop batch: {{[0-9]+}} values, cost {{[0-9]+}}

// ALL:         order gpus(1), batch(9), bw(1) (forced by --order)

// With no swept param nothing is hoisted: one point, declaration order.
// FIXED:      order gpus(1), batch(1), bw(1)
// FIXED:      work per point: [[W:[0-9.]+]] staged, [[W]] unstaged

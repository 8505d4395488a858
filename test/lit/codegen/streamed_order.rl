// A per-layer spec whose expensive param is declared last: every layer's roofline depends
// on `batch`, the allreduce on `gpus`. The loop order is the cost model's in either
// declaration order (`batch` outermost, `gpus` inside), never the declaration order; and
// since streamed rows come in declaration order, `gpus_first`'s chunks each span all of
// `batch`, so the JIT computes the batch loop once into a memo table instead of in every
// chunk. The rows are the interpreter's, byte for byte, with the memo and without.
// RUN: %ringline emit %s --emit=stages --scenario gpus_first | FileCheck %s --check-prefix=GPUS
// RUN: %ringline emit %s --emit=stages --scenario batch_first | FileCheck %s --check-prefix=BATCH
// RUN: %ringline emit %s --emit=stages --scenario gpus_first --order gpus | FileCheck %s --check-prefix=FORCED
// RUN: %ringline sweep %s --scenario gpus_first --backend=jit -o %t.jit.csv
// RUN: %ringline sweep %s --scenario gpus_first --backend=interp -o %t.interp.csv
// RUN: %ringline sweep %s --scenario gpus_first --backend=jit --threads 1 -o %t.jit1.csv
// RUN: diff %t.jit.csv %t.interp.csv
// RUN: diff %t.jit1.csv %t.interp.csv
// RUN: FileCheck %s --check-prefix=ROWS < %t.jit.csv
import stdlib.hardware
import stdlib.layers
import stdlib.strategies
import stdlib.models.resnet

fn plan(gpus: Int, batch: Int) -> Plan = {
  let s = setup(flat_cluster(v100_sxm2_16gb, edr, gpus)) with { compute = roofline_source }
  data_parallel(resnet50, s, gpus, batch)
}

scenario gpus_first {
  param gpus: Int = 8 in 1 .. 128 step +1
  param batch: Int = 32 in 1 .. 64 step +1
  let p = plan(gpus, batch)
  report iter = p.iter in ms
  report mem = mem_total(p) in GB
}

scenario batch_first {
  param batch: Int = 32 in 1 .. 64 step +1
  param gpus: Int = 8 in 1 .. 128 step +1
  let p = plan(gpus, batch)
  report iter = p.iter in ms
  report mem = mem_total(p) in GB
}

// GPUS:      stages gpus_first {
// GPUS-NEXT:   order batch(64), gpus(128) (automatic: the least work per point)
// GPUS:        streamed rows: 2 chunks in declaration order, memo of loop batch: computed once into 64 rows x {{[0-9]+}} values instead of in every chunk

// BATCH:      stages batch_first {
// BATCH-NEXT:   order batch(64), gpus(128) (automatic: the least work per point)
// BATCH:        streamed rows: 2 chunks in declaration order, no memo

// FORCED:      order gpus(128), batch(64) (first 1 forced by --order, the rest automatic)

// ROWS:      gpus,batch,iter[ms],mem[GB]
// ROWS-NEXT: 1,1,
// ROWS-NEXT: 1,2,
// ROWS:      128,64,

// A report whose value is a record: its number and Bool fields become reports
// `name.field` (a nested record's `name.a.b`), in declaration order, on both backends;
// its strings are structure, not columns. stdlib.advise's `advise_row` reported by a
// scenario gives exactly the row `ringline advise` prints (the `data` row at 2 GPUs).
// RUN: %ringline eval %s | FileCheck %s --check-prefix=EVAL
// RUN: %ringline sweep %s --backend=interp --format csv | FileCheck %s --check-prefix=CSV
// RUN: %ringline sweep %s --backend=jit --format csv | FileCheck %s --check-prefix=CSV
// RUN: %ringline sweep %s --backend=jit --set n=2 --unit p.t=ms --best row.iter | FileCheck %s --check-prefix=BEST
// RUN: %ringline advise --model resnet50 --gpus 2 --compute roofline --format csv | FileCheck %s --check-prefix=ADVISE
import stdlib.hardware
import stdlib.strategies
import stdlib.advise
import stdlib.models.all

record Inner { bytes: B }
record Pair { t: s, ok: Bool, label: String, inner: Inner }

scenario recs {
  param n: Int = 2 in [1, 2, 4]
  report p = Pair { t = n * 1 ms, ok = n > 1, label = "x", inner = Inner { bytes = n * 1 KiB } }
  report row = advise_row(Choice { name = "data", kind = "data" }, resnet50,
                          setup(abci(1)) with { compute = roofline_source }, n, 32 * n, 32)
}

// EVAL:      p.t            = 0.002 s
// EVAL-NEXT: p.ok           = true
// EVAL-NEXT: p.inner.bytes  = 2048 B
// EVAL-NEXT: row.gpus       = 2
// EVAL-NEXT: row.used       = 2
// EVAL-NEXT: row.iter       = 0.0774486 s

// CSV:      n,p.t[s],p.ok,p.inner.bytes[B],row.gpus,row.used,row.iter[s],row.epoch[s],row.memory[B],row.capacity[B],row.comm[s],row.exposed[s],row.gpu_hours,row.days,row.energy[J],row.cost[USD],row.interruptions,row.checkpoint_interval[s],row.goodput,row.efficiency,row.throughput[1/s],row.base_fits,row.feasible,row.value,row.limit
// CSV-NEXT: 1,0.001,false,1024,1,1,0.07531399373958006,
// CSV-NEXT: 2,0.002,true,2048,2,2,0.07744855629958006,1550.4426485612933,4324770112,17179869184,0.00213456256,0.00213456256,0.8613840535483668,0.017945501115590973,2923617.5519998595,2.153460133870917,3.537503891438246e-05,1550.4426485612933,0.999968624250984,0.9724389625580203,826.3549775213437,true,true,0,0
// CSV-NEXT: 4,0.004,true,4096,4,

// BEST:      n,p.t[ms],p.ok,p.inner.bytes[B],row.gpus,row.used,row.iter[s]
// BEST-NEXT: 2,2,true,2048,2,2,0.07744855629958006,

// ADVISE: 2,2,{{[0-9]}},data,0.07744855629958006,1550.4426485612933,4324770112,17179869184,0.00213456256,0.00213456256,0.9724389625580203,0.8613840535483668,0.017945501115590973,2923617.5519998595,2.153460133870917,3.537503891438246e-05,1550.4426485612933,0.999968624250984,compute,true,""

// `ringline advise`: every strategy at each GPU count, ranked, with the constraint each
// infeasible one breaks; CSV and JSON; the goals; the diagnostics.
// RUN: %ringline advise --model resnet50 --gpus 16,1024 --compute roofline | FileCheck %s --check-prefix=TABLE
// RUN: %ringline advise --model resnet50 --gpus 16,1024 --compute roofline --format csv | FileCheck %s --check-prefix=CSV
// RUN: %ringline advise --model resnet50 --gpus 16 --compute roofline --format json | FileCheck %s --check-prefix=JSON
// RUN: %ringline advise --model resnet50 --gpus 16 --compute roofline --goal memory --format csv | FileCheck %s --check-prefix=MEM
// RUN: %ringline advise %s --model tiny --cluster dgx_a100_pod --gpus 8 --per-gpu 4 --optimizer adam --format csv | FileCheck %s --check-prefix=SPEC
// RUN: not %ringline advise --model resnet5 2>&1 | FileCheck %s --check-prefix=NOMODEL
// RUN: not %ringline advise --model resnet50 --gpus 16,x 2>&1 | FileCheck %s --check-prefix=GPUS
// RUN: not %ringline advise --model resnet50 --gpus 16,,32 2>&1 | FileCheck %s --check-prefix=GPUSEMPTY
// RUN: not %ringline advise --model resnet50 --gpus 32,16,16 2>&1 | FileCheck %s --check-prefix=GPUSTWICE
// RUN: not %ringline advise --model resnet50 --gpus 16 --threshold nan 2>&1 | FileCheck %s --check-prefix=THRESHOLD
// RUN: not %ringline advise --model resnet50 --gpus 16 --threshold 2 2>&1 | FileCheck %s --check-prefix=THRESHOLD2
// RUN: not %ringline advise --model resnet50 --gpus 16 --compute measured --sample-time=-1ms 2>&1 | FileCheck %s --check-prefix=NEGTIME
// RUN: not %ringline advise --model resnet50 --goal speed 2>&1 | FileCheck %s --check-prefix=GOAL
// RUN: not %ringline advise --model resnet50 --batch 64 --per-gpu 8 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise --model resnet50 --per-gpu 0 | FileCheck %s --check-prefix=PERGPU0
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise --model gpt3_175b --gpus 1024 --global-batch 0 | FileCheck %s --check-prefix=GLOBAL0
// RUN: not %ringline advise --model resnet50 --compute measured 2>&1 | FileCheck %s --check-prefix=MEASURED
// RUN: not %ringline advise --model resnet50 --cluster nowhere --gpus 16 2>&1 | FileCheck %s --check-prefix=CLUSTER
// RUN: not %ringline advise --model resnet50 --cluster abcj --gpus 16 2>&1 | FileCheck %s --check-prefix=ABCJ
// RUN: not %ringline advise --model resnet50 --cluster resnet50 --gpus 16 2>&1 | FileCheck %s --check-prefix=NOTFN
// RUN: not %ringline advise --model resnet50 --device abci --gpus 16 2>&1 | FileCheck %s --check-prefix=NOTDEV
// RUN: not %ringline advise --model resnet50 --device nope --gpus 16 2>&1 | FileCheck %s --check-prefix=NODEV
// RUN: not %ringline advise --model resnet50 --device h100_sxm --gpus 16 2>&1 | FileCheck %s --check-prefix=NEARDEV
// RUN: not %ringline advise --model resnet50 --compute measured --sample-time 10ms,2ms 2>&1 | FileCheck %s --check-prefix=TWOTIMES
// RUN: not %ringline advise --model resnet50 --compute measured --sample-time 10GB 2>&1 | FileCheck %s --check-prefix=NOTTIME
// RUN: %ringline advise %s --model tiny --cluster mine --gpus 8 --compute roofline | FileCheck %s --check-prefix=MINE
// RUN: %ringline advise --model resnet50 --gpus 64 --compute measured --sample-time 10ms --format csv | FileCheck %s --check-prefix=MEASUREDOK
// RUN: %ringline advise --model resnet50 --batch 4 --gpus 16 --compute roofline --format csv | FileCheck %s --check-prefix=FEWER
// RUN: %ringline advise --model resnet50 --batch 100 --gpus 16 --compute roofline --format csv | FileCheck %s --check-prefix=UNEVEN
import stdlib.layers
import stdlib.hardware
let tiny = network("tiny", [3, 32, 32], [conv2d(16, 3, p = 1), relu, flatten, dense(10)])
// A cluster of the spec's own: ABCI's nodes on a slower network.
fn mine(nodes: Int) -> Cluster = abci(nodes) with { name = "mine" }

// Data parallelism overlapped with the backward pass wins at 16 GPUs; the model-parallel
// strategies break their constraints and say which.
// TABLE:      resnet50 on abci: 32 samples per GPU, sgd, roofline compute; ranked by time
// TABLE:      16     1  data_overlap
// TABLE-NEXT: 16     2  data
// TABLE:      16     -  spatial {{.*}} breaks `p <= smallest split height` (16 > 7)
// TABLE:      16     -  channel {{.*}} breaks `p <= smallest channel count` (16 > 3)
// TABLE:      1024     1  data_overlap
// TABLE:      1024     -  filter {{.*}} breaks `p <= smallest filter count` (1024 > 64)
// TABLE:      scaling limit (largest GPU count at 80% efficiency or more): data_overlap 1024,

// CSV:      gpus,used,rank,strategy,iter[s],epoch[s],memory[B],capacity[B],comm[s],exposed[s],efficiency,gpu_hours,days,energy[J],cost[USD],interruptions,checkpoint_interval[s],goodput,bound,feasible,constraint
// CSV-NEXT: 16,16,1,data_overlap,
// CSV:      16,16,0,filter,{{.*}},false,memory
// CSV:      1024,1024,1,data_overlap,
// A pipeline has at most one stage per layer: resnet50's 174 layers use 174 of 1024 GPUs.
// CSV:      1024,174,0,pipeline,{{.*}},false,p <= GPUs it can use
// JSON: {"columns":[{"name":"gpus","unit":""},{"name":"used","unit":""},{"name":"rank","unit":""},{"name":"strategy","unit":""},{"name":"iter","unit":"s"}
// JSON: "scaling_limits":{"data_overlap":16,
// JSON-SAME: "baseline":"one GPU"
// The least memory per GPU first: 1F1B keeps the fewest activations.
// MEM:      gpus,used,rank,strategy
// MEM-NEXT: 16,16,1,pipeline_1f1b,
// A network of the spec on another cluster.
// SPEC:     gpus,used,rank,strategy
// SPEC-NEXT: 8,8,1,
// NOMODEL: ringline: error: no network `resnet5` (did you mean `resnet50`?); the networks are lenet5,{{.*}} [bad_option]{{$}}
// GPUS: ringline: error: --gpus takes distinct GPU counts from 1 to 10^6, `16,32,64`; got `16,x` [bad_option]
// GPUSEMPTY: ringline: error: --gpus takes distinct GPU counts from 1 to 10^6, `16,32,64`; got `16,,32` [bad_option]
// GPUSTWICE: ringline: error: --gpus takes distinct GPU counts from 1 to 10^6, `16,32,64`; got `32,16,16` [bad_option]
// THRESHOLD: ringline: error: --threshold takes an efficiency above 0 and at most 1; got nan [bad_option]
// THRESHOLD2: ringline: error: --threshold takes an efficiency above 0 and at most 1; got 2 [bad_option]
// NEGTIME: ringline: error: --sample-time takes a time above 0; `-1ms` is -0.001 s [bad_option]
// GOAL: ringline: error: unknown --goal `speed`; use time, memory, cost or energy [bad_option]
// BOTH: ringline: error: give --batch (global) or --per-gpu, not both [bad_usage]
// A count of 0 is out of range, not the default (exit status 2, as for `--gpus 0`).
// PERGPU0: ringline: error: --per-gpu takes a count of 1 or more; got 0 [bad_option]
// PERGPU0: exit 2
// GLOBAL0: ringline: error: --global-batch takes a count of 1 or more; got 0 [bad_option]
// GLOBAL0: exit 2
// MEASURED: ringline: error: --compute measured and --sample-time TIME go together [bad_usage]
// Names on the command line are evaluated where the spec's are, and their mistakes point
// at the option's text (exit status 2: a usage error).
// CLUSTER:      --cluster:1:1: error: unknown name `nowhere` [unknown_name]
// CLUSTER-NEXT: nowhere
// CLUSTER-NEXT: ^~~~~~~
// ABCJ:         --cluster:1:1: error: unknown name `abcj`; did you mean `abci`? [unknown_name]
// NOTFN: ringline: error: --cluster names a function from a node count to a `Cluster` {{.*}}; `resnet50` is not one [bad_option]
// NOTDEV: ringline: error: `abci` is not a `Device` (see stdlib/hardware.rl) [bad_option]
// NODEV: ringline: error: no device `nope`; the devices are v100_sxm2_16gb, {{.*}} [bad_option]{{$}}
// NEARDEV: ringline: error: no device `h100_sxm` (did you mean `h100_sxm5`?); the devices are v100_sxm2_16gb, {{.*}} [bad_option]{{$}}
// TWOTIMES:      --sample-time:1:1: error: `--sample-time` takes one value [bad_option]
// TWOTIMES-NEXT: 10ms,2ms
// NOTTIME: ringline: error: --sample-time takes a time (`12 ms`); `10GB` is in `B` [bad_option]
// MINE: tiny on mine: 32 samples per GPU, sgd, roofline compute; ranked by time
// MINE: {{^}}     8     1  data  
// Measured compute: 10 ms a sample, 32 per GPU, so 320 ms of compute and a third of it forward.
// MEASUREDOK:      gpus,used,rank,strategy,iter[s]
// MEASUREDOK-NEXT: 64,64,1,data_overlap,0.32{{[0-9]*}},
// A global batch smaller than the replicas leaves some without a sample: infeasible, not
// silently 16 samples. One that 16 does not divide is planned at 7 samples a GPU (the
// fullest) but still takes 100 of the epoch: 12,812 iterations.
// FEWER:  16,16,0,data_overlap,{{.*}},false,replicas <= global batch
// UNEVEN: 16,16,1,data_overlap,0.0176{{[0-9]*}},226.{{[0-9]*}},

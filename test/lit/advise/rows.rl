// advise's rows add up: a hybrid that is another strategy under a new name is not
// offered (an inner group of one GPU is data parallelism; a group of all the GPUs is the
// inner strategy alone); a broken memory constraint is shown in GB; when one GPU cannot
// hold the global batch, efficiency is against the fastest feasible row at the smallest
// GPU count, and the output says so.
// RUN: %ringline advise %s --model resnet50 --cluster single --gpus 4 --compute roofline --format csv | FileCheck %s --check-prefix=SINGLE
// RUN: %ringline advise --model resnet50 --gpus 4 --compute roofline --format csv | FileCheck %s --check-prefix=FOUR
// RUN: %ringline advise --model resnet50 --gpus 1,32,64 --batch 4096 --compute roofline | FileCheck %s --check-prefix=STRONG
// RUN: %ringline advise --model resnet50 --gpus 1,32,64 --batch 4096 --compute roofline --format json | FileCheck %s --check-prefix=STRONGJSON
// RUN: %ringline advise --model resnet50 --gpus 1,32,64 --batch 4096 --compute roofline --format csv | FileCheck %s --check-prefix=STRONGCSV
import stdlib.hardware
// One V100 per node on 25 Gbit/s RoCE.
fn single(nodes: Int) -> Cluster = flat_cluster(v100_sxm2_16gb, roce25, nodes)

// SINGLE:     gpus,used,rank,strategy
// SINGLE-NOT: data+filter/1
// SINGLE-NOT: data+spatial/1
// SINGLE:     4,4,{{[0-9]+}},data+pipeline/2,

// At 4 GPUs on ABCI's 4-GPU nodes, data+filter/4 is filter parallelism and
// data+pipeline/4 a 4-stage pipeline: neither is offered; data+pipeline/2 is.
// FOUR:     gpus,used,rank,strategy
// FOUR-NOT: data+filter/4
// FOUR-NOT: data+spatial/4
// FOUR-NOT: data+pipeline/4
// FOUR:     4,4,{{[0-9]+}},data+pipeline/2,
// FOUR-NOT: data+{{(filter|spatial|pipeline)}}/4

// 4096 samples need 528 GB on one GPU: efficiency is against data_overlap at 32 GPUs,
// which is therefore 100.0%, and no row exceeds what it could reach.
// STRONG:      1     -  data {{.*}} breaks `memory` (527.6 GB > 17.18 GB)
// STRONG:      32     {{[0-9]}}  data_overlap {{.*}} 100.0%
// STRONG:      efficiency against data_overlap at 32 GPUs (one GPU does not hold the samples)
// STRONGJSON:  "baseline":"data_overlap at 32 GPUs (one GPU does not hold the samples)"
// STRONGCSV:   gpus,used,rank,strategy
// STRONGCSV:   32,32,{{[0-9]}},data_overlap,{{[^,]+}},{{[^,]+}},{{[^,]+}},{{[^,]+}},{{[^,]+}},{{[^,]+}},1,

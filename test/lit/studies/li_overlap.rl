// examples/li-overlap: its three sweeps, checked by hand and against Li et al.'s finding
// that overlap hides stragglers only partly. By hand (ABCI, ParaDL's V100 times):
//   ResNet-50 compute: 64 x 3.119502 ms + the update, 25,557,032 x 12 B / 900 GB/s =
//     199.648128 + 0.340760 = 199.98889 ms.
//   One node (4 GPUs on 50 GB/s, 9 us), blocking, 5 DDP buckets (1 MiB, then 25 MiB caps,
//   each closed once it reaches its cap):
//     5 x 2 x 3 x 9 us + 2 x 3/4 x 102,228,128 B / 50 GB/s = 0.270 + 3.06684 = 3.33684 ms.
//   1024 GPUs, cv = 0.1: the slowest GPU is 1 + 0.1 E[max of 1024 normals] = 1 + 0.1 x
//     3.1234 (Cramér) slower: 0.31234 x 199.648 ms = 62.358 ms more per iteration, with
//     overlap as without: overlap hides the allreduce (29.05 ms of it to 2.93 ms), none of
//     the straggler.
// RUN: rm -rf %t && %examples/li-overlap/charts.sh %ringline %t
// RUN: FileCheck %s --check-prefix=NODES < %t/nodes.csv
// RUN: FileCheck %s --check-prefix=BUCKETS < %t/buckets.csv
// RUN: FileCheck %s --check-prefix=STRAG < %t/stragglers.csv
// RUN: %python %S/../plot/Inputs/svg_summary.py %t/nodes-resnet50_v100.svg | FileCheck %s --check-prefix=SVG
// RUN: %python %S/Inputs/study_checks.py li %t | FileCheck %s --check-prefix=REL

// NODES:      job,mode,nodes,bucket_mb,cv,gpus,buckets,compute[ms],comm[ms],exposed[ms],iter[ms],straggler_delay[ms],straggler_cost[ms],efficiency
// NODES-NEXT: resnet50_v100,blocking,1,25,0,4,5,199.988888{{[0-9]*}},3.336843{{[0-9]*}},3.336843{{[0-9]*}},203.325732{{[0-9]*}},0,0,0.983588{{[0-9]*}}
// NODES:      resnet50_v100,blocking,256,25,0,1024,5,199.988888{{[0-9]*}},29.050755{{[0-9]*}},29.050755{{[0-9]*}},{{[0-9.]+}},0,0,0.873162{{[0-9]*}}
// NODES:      resnet50_v100,overlap,256,25,0,1024,5,199.988888{{[0-9]*}},29.050755{{[0-9]*}},2.925406{{[0-9]*}},{{[0-9.]+}},0,0,0.985583{{[0-9]*}}
// NODES:      vgg16_v100,blocking,256,25,0,1024,6,265.703615{{[0-9]*}},150.761306{{[0-9]*}},150.761306{{[0-9]*}},{{[0-9.]+}},0,0,0.637997{{[0-9]*}}
// NODES:      vgg16_v100,overlap,256,25,0,1024,6,265.703615{{[0-9]*}},150.761306{{[0-9]*}},1.541745{{[0-9]*}},{{[0-9.]+}},0,0,0.994230{{[0-9]*}}

// One allreduce per layer (107) costs ResNet-50 39.74 ms blocking against 27.80 ms in 5
// buckets, but hides best; 100 MB buckets leave the whole network in the last one: 25.2 ms
// exposed.
// BUCKETS: resnet50_v100,blocking,64,0,0,256,107,{{[0-9.]+}},39.737239{{[0-9]*}},39.737239{{[0-9]*}},
// BUCKETS: resnet50_v100,overlap,64,0,0,256,107,{{[0-9.]+}},39.737239{{[0-9]*}},0.127019{{[0-9]*}},
// BUCKETS: resnet50_v100,overlap,64,25,0,256,5,{{[0-9.]+}},27.803239{{[0-9]*}},2.706057{{[0-9]*}},
// BUCKETS: resnet50_v100,overlap,64,100,0,256,2,{{[0-9.]+}},27.452239{{[0-9]*}},25.153054{{[0-9]*}},

// STRAG: resnet50_v100,blocking,256,25,0.1,1024,5,262.347243{{[0-9]*}},29.050755{{[0-9]*}},29.050755{{[0-9]*}},{{[0-9.]+}},62.358355{{[0-9]*}},62.358355{{[0-9]*}},
// STRAG: resnet50_v100,overlap,256,25,0.1,1024,5,262.347243{{[0-9]*}},29.050755{{[0-9]*}},2.925406{{[0-9]*}},265.272650{{[0-9]*}},62.358355{{[0-9]*}},62.358355{{[0-9]*}},0.753899{{[0-9]*}}

// REL: nodes: overlapped at least as efficient as blocking at 18 of 18 points
// REL: stragglers: the cost is the slowest GPU's delay, not hidden, at 180 points
// REL: stragglers: efficiency falls with the node count in 16 of 16 series with a spread
// The chart of one axis: one path per series, axis labels with units.
// SVG: text: efficiency
// SVG: text: gpus
// SVG: series: 2
// SVG: series 'blocking' paths=1 points=9
// SVG: series 'overlap' paths=1 points=9

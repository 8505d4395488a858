// examples/keuper: its sweeps, checked against hand calculations and against Keuper and
// Pfreundt's findings. By hand (one K80 per node, one blocking ring allreduce of all the
// gradients, 2 (p - 1)(lat + n / (p bw))):
//   AlexNet: 61,100,840 parameters, n = 244,403,360 B; compute = Table I's 0.9 s + the
//     update, 61,100,840 x 12 B / 240 GB/s = 3.055042 ms. Weak, 1 GbE (125 MB/s, 20 us),
//     p = 2: comm = 2 (20 us + 977.61344 ms) = 1955.26688 ms, efficiency
//     903.055042 / 2858.321922 = 0.31594: no scaling at all on 1 GbE, and a strong-scaling
//     speedup below 1 at every node count.
//   AlexNet strong on EDR (12.5 GB/s, 1.5 us), p = 256, one sample per GPU: compute
//     0.9 s / 256 + 3.055042 ms = 6.570667 ms, comm = 510 (1.5 us + 76.376 us) =
//     39.7167855 ms, speedup 903.055042 / 46.2874525 = 19.51: scaling stops at a few
//     dozen nodes' worth of speedup, as Keuper and Pfreundt find.
//   GoogLeNet (with its auxiliary heads: 13,004,888 parameters, 52,019,552 B; compute
//     360.65 ms), weak, 10 GbE: efficiency >= 0.8 needs comm <= 360.65 / 4 = 90.16 ms;
//     p = 128: 254 (20 us + 325.122 us) = 87.661 ms (0.804), p = 256: 93.106 ms (0.795):
//     the limit is 128 nodes.
// RUN: rm -rf %t && %examples/keuper/charts.sh %ringline %t
// RUN: FileCheck %s --check-prefix=WEAK < %t/weak.csv
// RUN: FileCheck %s --check-prefix=STRONG < %t/strong.csv
// RUN: FileCheck %s --check-prefix=LIMITS < %t/limits.csv
// RUN: FileCheck %s --check-prefix=COMPUTE < %t/compute.csv
// RUN: %python %S/../plot/Inputs/svg_summary.py %t/weak-alexnet_b256.svg | FileCheck %s --check-prefix=SVG
// RUN: %python %S/Inputs/study_checks.py keuper %t | FileCheck %s --check-prefix=REL

// WEAK:      work,net,nodes,compute[ms],comm[ms],iter[ms],comm_ratio,speedup,efficiency
// WEAK-NEXT: alexnet_b256,gbe1,1,903.055042,0,903.055042,0,1,1
// WEAK-NEXT: alexnet_b256,gbe1,2,903.055042,1955.26688,2858.321922,2.165169{{[0-9]*}},0.631877{{[0-9]*}},0.315938{{[0-9]*}}
// WEAK:      googlenet_b32,gbe10,128,360.650244{{[0-9]*}},87.661038{{[0-9]*}},{{.*}},0.804463{{[0-9]*}}
// WEAK-NEXT: googlenet_b32,gbe10,256,360.650244{{[0-9]*}},93.106161{{[0-9]*}},{{.*}},0.794810{{[0-9]*}}

// STRONG:      work,net,nodes,per_gpu,compute[ms],comm[ms],iter[ms],comm_ratio,speedup,efficiency
// STRONG:      alexnet_b256,gbe1,256,1,6.570667,3905.37855,{{.*}},0.230845{{[0-9]*}},0.000901{{[0-9]*}}
// STRONG:      alexnet_b256,edr,256,1,6.570667,39.7167855,46.2874525,{{.*}},19.509715{{[0-9]*}},0.076209{{[0-9]*}}

// The limit table: the largest node count at 80% efficiency, weak then strong, and the
// best strong-scaling speedup with its node count.
// LIMITS:      work,net,threshold,grads[MB],compute[ms],ratio_limit,weak_limit,strong_limit,best_speedup,best_nodes
// LIMITS-NEXT: alexnet_b256,gbe1,0.8,244.40336,903.055042,4.330249{{[0-9]*}},1,1,1,1
// LIMITS-NEXT: alexnet_b256,gbe10,0.8,244.40336,903.055042,0.433024{{[0-9]*}},2,1,2.239960{{[0-9]*}},128
// LIMITS-NEXT: alexnet_b256,gbe100,0.8,244.40336,903.055042,0.043302{{[0-9]*}},1024,4,16.733986{{[0-9]*}},128
// LIMITS-NEXT: alexnet_b256,edr,0.8,244.40336,903.055042,0.043302{{[0-9]*}},1024,4,19.509715{{[0-9]*}},256
// LIMITS-NEXT: alexnet_b256,nvlink1,0.8,244.40336,903.055042,0.006766{{[0-9]*}},1024,16,52.360476{{[0-9]*}},256
// LIMITS-NEXT: googlenet_b32,gbe1,0.8,52.019552,360.650244{{[0-9]*}},2.307811{{[0-9]*}},1,1,1,1
// LIMITS-NEXT: googlenet_b32,gbe10,0.8,52.019552,{{[0-9.]+}},0.230781{{[0-9]*}},128,2,3.846092{{[0-9]*}},32
// LIMITS-NEXT: googlenet_b32,gbe100,0.8,52.019552,{{[0-9.]+}},0.023078{{[0-9]*}},1024,8,17.009176{{[0-9]*}},32
// LIMITS-NEXT: googlenet_b32,edr,0.8,52.019552,{{[0-9.]+}},0.023078{{[0-9]*}},1024,8,17.981915{{[0-9]*}},32
// LIMITS-NEXT: googlenet_b32,nvlink1,0.8,52.019552,{{[0-9.]+}},0.003605{{[0-9]*}},1024,32,26.290115{{[0-9]*}},32
// LIMITS-NEXT: resnet50_b32,gbe1,0.8,102.228128,265.053726{{[0-9]*}},6.171013{{[0-9]*}},1,1,1,1
// LIMITS-NEXT: resnet50_b32,gbe10,0.8,102.228128,{{[0-9.]+}},0.617101{{[0-9]*}},1,1,1.565433{{[0-9]*}},32
// LIMITS-NEXT: resnet50_b32,gbe100,0.8,102.228128,{{[0-9.]+}},0.061710{{[0-9]*}},1024,4,9.924047{{[0-9]*}},32
// LIMITS-NEXT: resnet50_b32,edr,0.8,102.228128,{{[0-9.]+}},0.061710{{[0-9]*}},1024,4,10.369366{{[0-9]*}},32
// LIMITS-NEXT: resnet50_b32,nvlink1,0.8,102.228128,{{[0-9.]+}},0.009642{{[0-9]*}},1024,16,20.941763{{[0-9]*}},32

// Table I's K80 iterations take 3.4 to 3.7 times the roofline of the same network.
// COMPUTE:      work,measured_iter[ms],roofline_iter[ms],roofline_share
// COMPUTE-NEXT: alexnet_b256,903.055042,265.299502{{[0-9]*}},0.293779{{[0-9]*}}
// COMPUTE-NEXT: googlenet_b32,360.650244{{[0-9]*}},97.820282{{[0-9]*}},0.271233{{[0-9]*}}

// REL: weak: efficiency falls with the node count in 15 of 15 series
// REL: strong: efficiency falls with the node count in 15 of 15 series
// REL: weak: a faster network is never less efficient (99 pairs)
// REL: strong: a faster network is never less efficient (63 pairs)
// REL: weak: EDR more efficient than NVLink for googlenet_b32 at 512, googlenet_b32 at 1024, resnet50_b32 at 1024
// REL: limits: AlexNet's communication/compute ratio is above GoogLeNet's on all 5 networks
// The chart of one axis: one path per series, axis labels with units.
// SVG: text: efficiency
// SVG: text: nodes
// SVG: series: 5
// SVG: series 'gbe1' paths=1 points=11
// SVG: series 'nvlink1' paths=1 points=11

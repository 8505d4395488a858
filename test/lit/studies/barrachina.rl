// examples/barrachina: the five sweeps, checked against hand calculations and the study's
// expected trends. By hand (one V100 per node, EDR 12.5 GB/s at 1.5 us, one ring
// allreduce per layer with parameters, 2 (p - 1)(lat + n / (p bw)) each):
//   ResNet-50 at 1024 nodes: 107 layers with parameters (53 conv, 53 batchnorm, 1 dense),
//     latency 107 x 2046 x 1.5 us = 328.383 ms, bandwidth 2046 / 1024 x 102,228,128 B /
//     12.5 GB/s = 16.3405 ms: comm = 344.7235 ms, of which 95% is latency, against
//     154.04 ms of roofline compute (efficiency 0.309).
//   VGG16 at 1024 nodes: 16 such layers, 16 x 2046 x 1.5 us = 49.104 ms + 2046 / 1024 x
//     553,430,176 B / 12.5 GB/s = 88.462 ms = 137.566 ms: fewer, larger allreduces, so
//     VGG16 (0.747) scales better than ResNet-50 there although it has 5.4x the gradients.
// On epyc_cpu (kernel models) the batch axis shows what the roofline cannot: torch's
// im2col fallback for 1x1 convolutions below 16 samples (docs/kernel-models.md) makes a
// sample cost 2.03 s at batch 8 and 0.200 s at batch 16.
// RUN: rm -rf %t && %examples/barrachina/charts.sh %ringline %t
// RUN: FileCheck %s --check-prefix=NODES < %t/nodes.csv
// RUN: FileCheck %s --check-prefix=BATCH < %t/batch.csv
// RUN: FileCheck %s --check-prefix=FLOPS < %t/flops.csv
// RUN: FileCheck %s --check-prefix=MEMBW < %t/membw.csv
// RUN: FileCheck %s --check-prefix=LINK < %t/link.csv
// RUN: %python %S/../plot/Inputs/svg_summary.py %t/nodes-v100_roofline.svg | FileCheck %s --check-prefix=SVG
// RUN: %python %S/Inputs/study_checks.py barrachina %t | FileCheck %s --check-prefix=REL

// NODES:      net,gpu,batch,flops_x,membw_x,link[GB/s],nodes,peak[TFLOP/s],membw[GB/s],global_batch,compute[ms],comm[ms],iter[ms],iter_overlap[ms],throughput[1/s],efficiency,comm_share,kernel_models
// NODES-NEXT: resnet50,v100_roofline,64,1,1,12.5,1,15.7,900,64,154.038379{{[0-9]*}},0,154.038379{{[0-9]*}},154.038379{{[0-9]*}},415.480869{{[0-9]*}},1,0,0
// NODES:      resnet50,v100_roofline,64,1,1,12.5,1024,15.7,900,65536,154.038379{{[0-9]*}},344.723527{{[0-9]*}},498.761907{{[0-9]*}},400.652464{{[0-9]*}},{{[0-9.]+}},0.308841{{[0-9]*}},0.691158{{[0-9]*}},0
// NODES:      vgg16,v100_roofline,64,1,1,12.5,1024,15.7,900,65536,406.596279{{[0-9]*}},137.566354{{[0-9]*}},544.162633{{[0-9]*}},{{[0-9.]+}},{{[0-9.]+}},0.747196{{[0-9]*}},0.252803{{[0-9]*}},0

// Per-node batch 1 to 512; VGG16 and ResNet-50 fit to 128 samples on the 16 GiB V100.
// BATCH:      resnet50,v100_roofline,128,
// BATCH-NOT:  resnet50,v100_roofline,256,
// BATCH:      resnet50,epyc_cpu,8,1,1,12.5,16,0.19275,39.7,128,16267.229{{[0-9]*}},
// BATCH-NEXT: resnet50,epyc_cpu,16,1,1,12.5,16,0.19275,39.7,256,3206.787{{[0-9]*}},
// BATCH:      vgg16,v100_roofline,128,
// BATCH-NOT:  vgg16,v100_roofline,256,
// BATCH:      vgg16,epyc_cpu,1,

// Sixty-four times the FLOP/s leave ResNet-50 on the V100 its memory-bound layers (75.6 ms)
// and a fifth of the iteration in communication; on epyc_cpu, twice the FLOP/s take
// 40% off the modelled kernels' time, not half (their memory-bound share).
// FLOPS: resnet50,v100_roofline,64,64,1,12.5,16,1004.8,900,1024,75.644930{{[0-9]*}},20.149219{{[0-9]*}},95.794150{{[0-9]*}},{{.*}},0.210338{{[0-9]*}},0
// FLOPS: resnet50,epyc_cpu,64,1,1,12.5,16,0.19275,39.7,1024,13768.003{{[0-9]*}},
// FLOPS-NEXT: resnet50,epyc_cpu,64,2,1,12.5,16,0.3855,39.7,1024,8262.082{{[0-9]*}},

// MEMBW: resnet50,v100_roofline,64,1,0.25,12.5,16,15.7,225,1024,344.474405{{[0-9]*}},
// MEMBW: resnet50,v100_roofline,64,1,64,12.5,16,15.7,57600,1024,100.152174{{[0-9]*}},

// VGG16 on 16 nodes: 1.25 GB/s links leave it communication-bound (67%), 160 GB/s 1.8%.
// LINK: vgg16,v100_roofline,64,1,1,1.25,16,15.7,900,1024,406.596279{{[0-9]*}},830.865263{{[0-9]*}},{{.*}},0.671427{{[0-9]*}},0
// LINK: vgg16,v100_roofline,64,1,1,160,16,15.7,900,1024,406.596279{{[0-9]*}},7.205509{{[0-9]*}},{{.*}},0.017412{{[0-9]*}},0

// REL: nodes: comm grows with the node count in 4 of 4 series
// REL: nodes: efficiency falls with the node count in 4 of 4 series
// REL: flops: the communication share grows with the node's FLOP/s in 4 of 4 series
// REL: link: comm falls with the link bandwidth in 4 of 4 series
// REL: sources: v100_roofline all roofline, epyc_cpu at least 90% kernel models
// REL: epyc_cpu: communication at most 0.094 of an iteration
// REL: overlap: never slower than blocking
// The chart of one axis: one path per series, axis labels with units.
// SVG: text: compute, comm [ms]
// SVG: text: nodes
// SVG: series: 4
// SVG: series 'compute, resnet50' paths=1 points=11

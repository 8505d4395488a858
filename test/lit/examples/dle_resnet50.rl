// examples/dle_resnet50.rl: stdlib.training's ResNet-50 v1.5 steps against the sixteen
// throughputs NVIDIA DeepLearningExamples publishes (images per second; PyTorch NGC 21.03
// on a DGX A100 80GB and a DGX-1 16GB, TensorFlow XLA NGC 20.06 on a DGX-1 16GB and a DGX
// A100 40GB; 1 and 8 GPUs), every row within 10% (`within_10`). Rows 2, 8 and 14 fitted
// the three constants and are 0 by construction (to 1e-4); the other thirteen are
// predictions. By hand, row 8 (8 GPUs, AMP, DGX-1) is the DALI pipeline's: 8 threads a GPU
// at the 2.2 GHz base clock of a full host, 16.92e6 cycles an image, 8 x 2.2e9 / 16.92e6 =
// 1040.19 images/s a GPU, 8321.5 on the node. The eight rows of other nodes (DGX-1 32GB,
// DGX-2) are predictions the constants never saw, shown with their errors.
// RUN: %ringline sweep %examples/dle_resnet50.rl --scenario dle_resnet50 --format csv | FileCheck %s --check-prefix=TABLE
// RUN: %ringline sweep %examples/dle_resnet50.rl --scenario dle_other --format csv | FileCheck %s --check-prefix=OTHER
// RUN: %ringline eval %examples/dle_resnet50.rl --scenario dle_summary | FileCheck %s --check-prefix=SUMMARY
// RUN: %ringline eval %examples/dle_resnet50.rl --scenario dle_resnet50 --set row=8 --digits 0 | FileCheck %s --check-prefix=LOADER

// TABLE:      row,gpus,batch,predicted,published,error,within_10,{{.*}}
// TABLE-NEXT: 1,1,256,932.{{[0-9]+}},938,-0.00589{{[0-9e-]*}},true,{{.*}}
// TABLE-NEXT: 2,1,256,2469.{{[0-9]+}},2470,-6.17{{[0-9e-]*}},true,{{.*}}
// TABLE-NEXT: 3,8,256,7441.{{[0-9]+}},7248,0.0266{{[0-9e-]*}},true,{{.*}}
// TABLE-NEXT: 4,8,256,17021.{{[0-9]+}},16621,0.0240{{[0-9e-]*}},true,{{.*}}
// TABLE-NEXT: 5,1,112,353.{{[0-9]+}},367,-0.0375{{[0-9e-]*}},true,{{.*}}
// TABLE-NEXT: 6,1,256,1112.{{[0-9]+}},1200,-0.0732{{[0-9e-]*}},true,{{.*}}
// TABLE-NEXT: 7,8,112,2816.{{[0-9]+}},2855,-0.0136{{[0-9e-]*}},true,{{.*}}
// TABLE-NEXT: 8,8,256,8321.{{[0-9]+}},8322,-5.85{{[0-9e-]*}},true,{{.*}}
// TABLE-NEXT: 9,1,128,381.{{[0-9]+}},412,-0.0734{{[0-9e-]*}},true,{{.*}}
// TABLE-NEXT: 10,1,256,1270.{{[0-9]+}},1270,0.000287{{[0-9e-]*}},true,{{.*}}
// TABLE-NEXT: 11,8,128,3029.{{[0-9]+}},3170,-0.0442{{[0-9e-]*}},true,{{.*}}
// TABLE-NEXT: 12,8,256,10005.{{[0-9]+}},9510,0.0520{{[0-9e-]*}},true,{{.*}}
// TABLE-NEXT: 13,1,256,865.{{[0-9]+}},909,-0.0478{{[0-9e-]*}},true,{{.*}}
// TABLE-NEXT: 14,1,256,2374.{{[0-9]+}},2375,-0.000408{{[0-9e-]*}},true,{{.*}}
// TABLE-NEXT: 15,8,256,6885.{{[0-9]+}},7000,-0.0163{{[0-9e-]*}},true,{{.*}}
// TABLE-NEXT: 16,8,256,18095.{{[0-9]+}},17400,0.0399{{[0-9e-]*}},true,{{.*}}
// TABLE-NOT:  {{.}}

// OTHER:      row,gpus,batch,predicted,published,error
// OTHER-NEXT: 1,1,112,353.{{[0-9]+}},356,-0.00776{{[0-9e-]*}}
// OTHER-NEXT: 2,1,256,1112.{{[0-9]+}},1156,-0.0379{{[0-9e-]*}}
// OTHER-NEXT: 3,8,112,2816.{{[0-9]+}},2766,0.0181{{[0-9e-]*}}
// OTHER-NEXT: 4,8,256,8321.{{[0-9]+}},8056,0.0329{{[0-9e-]*}}
// OTHER-NEXT: 5,1,128,381.{{[0-9]+}},432,-0.116{{[0-9e-]*}}
// OTHER-NEXT: 6,1,256,1270.{{[0-9]+}},1300,-0.0227{{[0-9e-]*}}
// OTHER-NEXT: 7,16,128,6040.{{[0-9]+}},6500,-0.0706{{[0-9e-]*}}
// OTHER-NEXT: 8,16,256,19954.{{[0-9]+}},17250,0.156{{[0-9e-]*}}

// SUMMARY:      worst       = 0.0734702
// SUMMARY-NEXT: mean        = 0.028487
// SUMMARY-NEXT: within_10   = true

// LOADER:      predicted = 8321.51{{[0-9]*}}
// LOADER:      input     = 246.10{{[0-9]*}} ms

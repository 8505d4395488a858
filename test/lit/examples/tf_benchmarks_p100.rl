// examples/tf_benchmarks_p100.rl: one DGX-1 P100 against TensorFlow 1.1's published
// tf_cnn_benchmarks throughputs, nothing fitted. The model is 1.17 to 1.64 times fast; the
// two batch sizes split each published step into a part per image, which the model has
// within 3% (ResNet-50) to 25% (Inception v3), and a part per step, 29 to 77 ms, which
// it lacks (docs/kernel-models.md, "TensorFlow 1.1 on the P100"). A change to the P100's
// models or to the step shows here.
// RUN: %ringline sweep %examples/tf_benchmarks_p100.rl --scenario tf_p100 --format csv | FileCheck %s --check-prefix=ROWS
// RUN: %ringline sweep %examples/tf_benchmarks_p100.rl --scenario tf_p100_fixed --format csv | FileCheck %s --check-prefix=SPLIT
// Eight GPUs over one: within 4% where the variables sat on the CPU, 12 to 36% optimistic
// where VGG-16 and AlexNet all-reduced each variable with NCCL.
// RUN: %ringline sweep %examples/tf_benchmarks_p100.rl --scenario tf_p100_scaling --format csv 2>&1 | FileCheck %s --check-prefix=SCALE
// One K80, which has no kernel models: its rooflines are 1.24 to 3.16 times fast, and the
// device-independent gpu_any 1.30 to 2.47.
// RUN: %ringline sweep %examples/tf_benchmarks_p100.rl --scenario tf_k80 --format csv | FileCheck %s --check-prefix=K80
// ROWS:      net,batch,predicted,published,ratio,iter[ms],memory[ms],kernels
// ROWS-NEXT: inception_v3,64,211.36{{[0-9]*}},142,1.4884{{[0-9]*}},
// ROWS-NEXT: inception_v3,32,209.77{{[0-9]*}},128,1.6388{{[0-9]*}},
// ROWS-NEXT: resnet50,64,256.46{{[0-9]*}},219,1.1710{{[0-9]*}},
// ROWS-NEXT: resnet50,32,255.14{{[0-9]*}},195,1.3084{{[0-9]*}},
// ROWS-NEXT: resnet152,64,110.21{{[0-9]*}},91.8,1.2006{{[0-9]*}},
// ROWS-NEXT: resnet152,32,109.57{{[0-9]*}},82.7,1.3250{{[0-9]*}},
// ROWS-NEXT: vgg16,64,197.97{{[0-9]*}},154,1.2855{{[0-9]*}},
// ROWS-NEXT: vgg16,32,197.15{{[0-9]*}},144,1.3691{{[0-9]*}},
// SPLIT:      net,per_image[ms],model_per_image[ms],fixed[ms],model_fixed[ms],kernels
// SPLIT-NEXT: inception_v3,6.272{{[0-9]*}},4.695{{[0-9]*}},49.29{{[0-9]*}},2.297{{[0-9]*}},1010
// SPLIT-NEXT: resnet50,4.004{{[0-9]*}},3.878{{[0-9]*}},35.96{{[0-9]*}},1.293{{[0-9]*}},568
// SPLIT-NEXT: resnet152,9.694{{[0-9]*}},9.020{{[0-9]*}},76.71{{[0-9]*}},3.380{{[0-9]*}},1656
// SPLIT-NEXT: vgg16,6.042{{[0-9]*}},5.030{{[0-9]*}},28.86{{[0-9]*}},1.343{{[0-9]*}},131
// SCALE:      net,batch,published,predicted,error
// SCALE-NEXT: inception_v3,64,7.964{{[0-9]*}},7.970{{[0-9]*}},0.00070{{[0-9]*}}
// SCALE-NEXT: inception_v3,32,7.773{{[0-9]*}},7.941{{[0-9]*}},0.0216{{[0-9]*}}
// SCALE-NEXT: resnet50,64,7.917{{[0-9]*}},7.958{{[0-9]*}},0.00507{{[0-9]*}}
// SCALE-NEXT: resnet50,32,7.615{{[0-9]*}},7.916{{[0-9]*}},0.0395{{[0-9]*}}
// SCALE-NEXT: resnet152,64,7.799{{[0-9]*}},7.962{{[0-9]*}},0.0209{{[0-9]*}}
// SCALE-NEXT: resnet152,32,7.642{{[0-9]*}},7.926{{[0-9]*}},0.0371{{[0-9]*}}
// SCALE-NEXT: vgg16,64,7.019{{[0-9]*}},7.866{{[0-9]*}},0.1207{{[0-9]*}}
// SCALE-NEXT: vgg16,32,5.694{{[0-9]*}},7.739{{[0-9]*}},0.3590{{[0-9]*}}
// SCALE-NEXT: alexnet,512,5.966{{[0-9]*}},7.889{{[0-9]*}},0.3223{{[0-9]*}}
// SCALE-NEXT: ringline: 6 of 15 points dropped: 6 by `(net == "alexnet") == (batch == 512)`
// K80:      net,batch,published,roofline,gpu_any
// K80-NEXT: inception_v3,64,30.5,3.159{{[0-9]*}},2.467{{[0-9]*}}
// K80-NEXT: resnet50,64,51.9,2.272{{[0-9]*}},1.705{{[0-9]*}}
// K80-NEXT: resnet152,32,20,2.267{{[0-9]*}},1.624{{[0-9]*}}
// K80-NEXT: vgg16,32,35.4,1.235{{[0-9]*}},1.523{{[0-9]*}}
// K80-NEXT: alexnet,512,656,1.500{{[0-9]*}},1.302{{[0-9]*}}

// examples/slow_network.rl: Horovod on 4 x P100 PCIe servers sharing a NIC, 16 GPUs on
// 25 Gbit/s RoCE against 64 on 40 GbE at its line rate and over TCP at 9 Gbit/s a
// connection. At the line rate the 64 GPUs look more efficient than the 16 (each GPU's
// share is 10 Gbit/s against 6.25); one TCP connection a share brings ResNet-50 below.
// The cluster is chosen at run time (`case` is not specialised), so the kernel-time
// library is checked with a device it cannot see: no kernel may be indexed past its
// features (stdlib.kernel_time's _beyond_shape).
// RUN: %ringline sweep %examples/slow_network.rl --format csv | FileCheck %s
// CHECK:      net,case,p,bwd[ms],comm[ms],exposed[ms],eff
// CHECK-NEXT: resnet50,0,16,86.859{{[0-9]*}},59.045{{[0-9]*}},4.537{{[0-9]*}},0.9600{{[0-9]*}}
// CHECK-NEXT: resnet50,1,64,86.859{{[0-9]*}},54.737{{[0-9]*}},0.767{{[0-9]*}},0.9877{{[0-9]*}}
// CHECK-NEXT: resnet50,2,64,86.859{{[0-9]*}},58.997{{[0-9]*}},5.093{{[0-9]*}},0.9558{{[0-9]*}}
// CHECK-NEXT: vgg16,0,16,115.998{{[0-9]*}},318.570{{[0-9]*}},207.571{{[0-9]*}},0.4500{{[0-9]*}}
// CHECK-NEXT: vgg16,1,64,115.998{{[0-9]*}},265.697{{[0-9]*}},154.699{{[0-9]*}},0.5212{{[0-9]*}}
// CHECK-NEXT: vgg16,2,64,115.998{{[0-9]*}},288.757{{[0-9]*}},177.759{{[0-9]*}},0.4874{{[0-9]*}}

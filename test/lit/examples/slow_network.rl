// examples/slow_network.rl: Horovod on 4 x P100 PCIe servers sharing a NIC, 16 GPUs on
// 25 Gbit/s RoCE against 64 on 40 GbE at its line rate and over TCP at 9 Gbit/s a
// connection. At the line rate the 64 GPUs of VGG-16 look more efficient than the 16
// (each GPU's share is 10 Gbit/s against 6.25); a TCP connection's 9 Gbit/s takes some
// of that back.
// The cluster is chosen at run time (`case` is not specialised), so the kernel-time
// library is checked with a device it cannot see: no kernel may be indexed past its
// features (stdlib.kernel_time's _beyond_shape).
// RUN: %ringline sweep %examples/slow_network.rl --format csv | FileCheck %s
// CHECK:      net,case,p,bwd[ms],comm[ms],exposed[ms],eff
// CHECK-NEXT: resnet50,0,16,92.841{{[0-9]*}},59.069{{[0-9]*}},3.251{{[0-9]*}},0.9699{{[0-9]*}}
// CHECK-NEXT: resnet50,1,64,92.841{{[0-9]*}},55.949{{[0-9]*}},3.597{{[0-9]*}},0.9672{{[0-9]*}}
// CHECK-NEXT: resnet50,2,64,92.841{{[0-9]*}},59.603{{[0-9]*}},3.974{{[0-9]*}},0.9647{{[0-9]*}}
// CHECK-NEXT: vgg16,0,16,118.822{{[0-9]*}},318.570{{[0-9]*}},204.748{{[0-9]*}},0.4602{{[0-9]*}}
// CHECK-NEXT: vgg16,1,64,118.822{{[0-9]*}},265.697{{[0-9]*}},151.875{{[0-9]*}},0.5320{{[0-9]*}}
// CHECK-NEXT: vgg16,2,64,118.822{{[0-9]*}},288.757{{[0-9]*}},174.935{{[0-9]*}},0.4979{{[0-9]*}}

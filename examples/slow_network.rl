// Data parallelism on a slow network: TensorFlow with Horovod (no XLA, fp32, 32 images a
// P100) on 4 x P100 PCIe servers, each server's one NIC shared by its four GPUs:
//   case 0: 16 GPUs on 25 Gbit/s RoCE
//   case 1: 64 GPUs on 40 Gbit/s Ethernet at the line rate
//   case 2: 64 GPUs on 40 Gbit/s Ethernet over TCP, 9 Gbit/s a connection (Node.stream)
// `eff` is the throughput over p times one GPU's (docs/kernel-models.md, "Slow networks").
//   ringline sweep examples/slow_network.rl --format table
import stdlib.hardware
import stdlib.training
import stdlib.models.resnet
import stdlib.models.vgg

scenario slow_network {
  param net: String in ["resnet50", "vgg16"]
  param case: Int in [0, 1, 2]
  let n = if net == "resnet50" then resnet50 else vgg16
  let c = if case == 0 then p100_pcie_cluster(4, roce25)
          else if case == 1 then p100_pcie_cluster(16, gbe40)
          else p100_pcie_cluster(16, gbe40, 9 Gbit/s)
  let fw = tensorflow_xla with { fused = false, iteration = 0 s }
  let one = train_data_parallel(n, c, dgx1_host, fw, fp32, no_loader, 1, 32)
  let s = train_data_parallel(n, c, dgx1_host, fw, fp32, no_loader, gpus(c), 32)
  report p = gpus(c)
  report bwd = s.bwd in ms
  report comm = s.comm in ms
  report exposed = s.exposed in ms
  report eff = s.throughput / one.throughput / gpus(c)
}

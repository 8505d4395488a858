// A CPU device whose bundle records the CPU it was profiled on (stats_cpu.test fits it
// from zen3_profile_head.txt and tiny_profile.csv).
import stdlib.layers
import stdlib.hardware

let zen3 = Device { name = "Zen 3 EPYC", peak_fp64 = 5 GFLOP/s, peak_fp32 = 10 GFLOP/s, peak_fp16 = 10 GFLOP/s,
                    membw = 5 GB/s, memory = 1 GB, kernels = mlp_bundle("zen3.rlk") }
let net = network("net", [16, 8, 8], [batchnorm, relu])

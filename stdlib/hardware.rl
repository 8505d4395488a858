// stdlib.hardware: links and devices with their datasheet numbers.
// Sources: NVIDIA's V100, A100, H100, H200, P100, T4 and M40 datasheets and its GeForce
// and Titan specification pages (each device's comment says which), with dense tensor
// peaks (the datasheets' starred figures assume 2:4 structured sparsity and are twice
// these), and
// per-direction link bandwidths (NVLink 25 GB/s per link and direction; PCIe x16 from
// its transfer rate and 128b/130b encoding; InfiniBand 4x line rates; GB = 1e9 B).
// [M] marks a figure not re-verified against its source.
//   import stdlib.hardware            // Link, Device, v100_sxm2_16gb, edr, ...

// A point-to-point link: Hockney α-β, time(n) = lat + n / bw.
record Link { bw: B/s, lat: s = 0 s }

// What a device's kernel-time data covers: the largest batch of its convolutions (0: no
// limit known) and whether it holds 1 x n and n x 1 kernels. stdlib.kernel_time bounds a
// model asked beyond it (docs/kernel-models.md, "Beyond the data"). DeepBench's timings,
// behind every GPU bundle here, run convolutions at batch 4 to 32 and no 1 x n kernel.
record KernelData { batch: Int = 0, one_by_n: Bool = true }
let deepbench_data = KernelData { batch = 32, one_by_n = false }

// One accelerator. `peak` is the precision the model trains in (fp32 unless chosen).
// Kernel times (stdlib.kernel_time, docs/kernel-models.md) come from `kernels_fp16` for
// 2-byte elements where it models the kind, else from `kernels`, else from
// `kernels_any` (device-generic models that take `peak` and `membw`), else the roofline.
// `memory` is in binary units: a "16 GB" board has 16 GiB. `stream` is the fraction of
// `membw` a streaming kernel reaches (STREAM-like copy and triad measurements); the
// roofline's memory roof and every memory-bound kernel run at membw x stream.
record Device {
  name: String
  peak_fp64: FLOP/s
  peak_fp32: FLOP/s
  peak_fp16: FLOP/s        // tensor-core fp16/bf16, dense
  membw: B/s
  memory: B
  peak: FLOP/s = peak_fp32
  peak_tf32: FLOP/s = peak_fp32        // tensor-core TF32, dense (Ampere and later)
  peak_fp8: FLOP/s = 0 FLOP/s          // tensor-core FP8, dense (Hopper and later; 0: none)
  // Tensor-core FP4 (NVFP4), dense (Blackwell; 0: none). The same tensor cores apply
  // per-block scales inside the MMA (MXFP8, NVFP4), so a device with it has those too.
  peak_fp4: FLOP/s = 0 FLOP/s
  stream: Real = 1.0                   // achieved fraction of membw; 1 where none is recorded
  kernels: Bundle = mlp_bundle()       // kernel-time models of this device; none by default
  kernels_fp16: Bundle = mlp_bundle()  // its models for fp16 elements, where they differ
  kernels_any: Bundle = mlp_bundle()   // models of any GPU from its peak and membw (gpu_any)
  kernel_data: KernelData = KernelData {}  // what the bundles' data covers
  sms: Int = 0                         // streaming multiprocessors (0: not recorded)
  // How it runs a transformer's GEMMs and fused attention (stdlib.megatron's kernels;
  // docs/transformers.md, "The defaults"): a GEMM reaches
  //   peak · gemm · waves / (waves + 1/2) · k / (k + gemm_k_half)
  // where waves = batch·m·n / (gemm_tile · sms) are the rounds of output tiles the SMs work
  // through (half a wave lost to the last, partial one) and a tile spends gemm_k_half steps
  // of its reduction in prologue and epilogue. `gemm`: a large GEMM's sustained fraction of
  // the dense tensor peak at the clock the GPU holds under load; `flash_fwd`, `flash_bwd`:
  // FlashAttention-2's forward and backward kernels' fractions of the 16-bit tensor peak.
  // The defaults are a guess for a device without measurements: the figures of the
  // devices below that have them come with their sources.
  gemm: Real = 0.7
  gemm_tile: Int = 16384               // output elements of a tile, 128 x 128
  gemm_k_half: Int = 64
  // A mixture's experts as one grouped GEMM: its fraction of what one GEMM of the same
  // total shape reaches (Transformer Engine's grouped GEMM over many small experts).
  gemm_grouped: Real = 1.0
  flash_fwd: Real = 0.676
  flash_bwd: Real = 0.583
  // Power (stdlib.run_cost, docs/run-cost.md): `power` the board's limit (datasheet TDP;
  // 300 W a guess where none is recorded), `idle_power` what it draws held by a job with
  // nothing to run (a tenth of the limit unless measured), and `busy_floor` the share of
  // the range between them a GPU running kernels draws before its tensor cores add
  // theirs (clocks, HBM traffic, schedulers); an estimate a user fits to their own
  // measurements (docs/run-cost.md, "Fitting power").
  power: W = 300 W
  idle_power: W = power / 10
  busy_floor: Real = 0.5
}
// The SMs a GEMM's tiles spread over: the device's, or a guess of 100 where none is recorded.
fn gemm_sms(d: Device) -> Int = if d.sms > 0 then d.sms else 100
// The bandwidth memory-bound kernels reach.
fn achieved_bw(d: Device) -> B/s = d.membw * d.stream

// Time to send n bytes over a link (Hockney).
fn p2p(n: B, l: Link) -> s = l.lat + n / l.bw

// ---- devices ----------------------------------------------------------------------
// Kernel models of any GPU from its peak and bandwidth, fitted to DeepBench's timings on
// eight NVIDIA GPUs from Maxwell to Turing (docs/kernel-models.md, "An unseen GPU"). The
// GPUs of that span below take them as `kernels_any`; the A100, H100, H200 and K80 do not
// (their bandwidths, peaks and architectures lie outside what DeepBench measured): a spec
// opts in with `a100_sxm4_40gb with { kernels_any = gpu_any }`.
let gpu_any = mlp_bundle("kernels/gpu_any.rlk")

// The V100's kernel models come from DeepBench's published cuBLAS/cuDNN timings on it
// (CUDA 10.1, cuDNN 7.6), fp32 and tensor-core fp16 (docs/kernel-models.md, "GPU models
// from DeepBench"); DeepBench ran it in a DGX-1 host (its Xeon E5-2698 v4), so an SXM2.
// Streaming kernels reach 790 to 830 of its 900 GB/s (BabelStream copy and triad on the
// SXM2 board [M]): stream 0.9, 810 GB/s. 80 SMs (NVIDIA Tesla V100 GPU architecture
// whitepaper).
let v100_sxm2_16gb = Device { name = "V100-SXM2-16GB", peak_fp64 = 7.8 TFLOP/s,
  peak_fp32 = 15.7 TFLOP/s, peak_fp16 = 125 TFLOP/s, membw = 900 GB/s, memory = 16 GiB, stream = 0.9,
  kernels = mlp_bundle("kernels/v100_sxm2_16gb.rlk"),
  kernels_fp16 = mlp_bundle("kernels/v100_sxm2_16gb_fp16.rlk"), kernels_any = gpu_any,
  kernel_data = deepbench_data, sms = 80, power = 300 W }
let v100_sxm2_32gb = v100_sxm2_16gb with { name = "V100-SXM2-32GB", memory = 32 GiB }
// A100 datasheet: TF32 tensor cores 156 TFLOP/s dense, 400 W (SXM4). Streaming kernels reach about
// 1.3 to 1.4 TB/s of the 40 GB board's 1555 GB/s and 1.7 to 1.8 TB/s of the 80 GB board's
// 2039 GB/s (1.80 TB/s, 88%, for a read-only kernel under Nsight Compute on an 80 GB SXM4,
// NVIDIA developer forum "Trouble to reach peak bandwidth of A100"; copy and triad
// figures [M]): stream 0.87 (1.35 TB/s) and 0.86 (1.75 TB/s). 108 SMs (NVIDIA A100 Tensor
// Core GPU architecture whitepaper).
// GEMMs: the largest-shape bf16 GEMM reaches 267.9 of 312 TFLOP/s at the boost clock (0.859,
// Bekman's Maximum Achievable Matmul FLOPS finder, CUDA 12.1, stas00/ml-engineering), and
// a GPU held at its power limit runs at about 1305 of its 1410 MHz (the clock NVIDIA rates
// its HPL at): 0.859 x 0.926 = 0.795. 0.78 lies inside the 0.75-0.86 that public GEMM
// measurements span and is the one value chosen against Narayanan et al.'s SC21 Table 1
// (docs/transformers.md shows the table at others). FlashAttention-2 (Dao 2023, section 1
// and Figs. 5-6) reaches up to 73% of 312 TFLOP/s forward and 63% backward at the boost
// clock; times the same clock factor, 0.676 and 0.583 (the Device defaults).
let a100_sxm4_40gb = Device { name = "A100-SXM4-40GB", peak_fp64 = 9.7 TFLOP/s,
  peak_fp32 = 19.5 TFLOP/s, peak_fp16 = 312 TFLOP/s, membw = 1555 GB/s, memory = 40 GiB,
  peak_tf32 = 156 TFLOP/s, stream = 0.87, sms = 108, gemm = 0.78, power = 400 W }
let a100_sxm4_80gb = a100_sxm4_40gb with { name = "A100-SXM4-80GB", membw = 2039 GB/s, memory = 80 GiB,
  stream = 0.86 }
// H100 SXM5 datasheet: up to 700 W; TF32 494.7 TFLOP/s dense, FP8 1,978.9 TFLOP/s dense (3,958 with
// sparsity); 132 SMs (NVIDIA H100 Tensor Core GPU architecture whitepaper). The H200's
// "141 GB" are binary, as every HBM board's [M].
// GEMMs: Bekman's MAMF finder reaches 792.1 of 989 TFLOP/s (0.801) at the boost clock; times
// the A100's clock factor, 0.74, not validated against training runs. FlashAttention-2
// reaches 335 TFLOP/s forward and backward together on it (Dao 2023, Fig. 7, without
// Hopper's TMA or warp-group instructions): 335 / 989.4 x 0.926 = 0.314 both ways.
let h100_sxm5 = Device { name = "H100-SXM5-80GB", peak_fp64 = 34 TFLOP/s,
  peak_fp32 = 67 TFLOP/s, peak_fp16 = 989.4 TFLOP/s, membw = 3.35 TB/s, memory = 80 GiB,
  peak_tf32 = 494.7 TFLOP/s, peak_fp8 = 1978.9 TFLOP/s, sms = 132,
  gemm = 0.74, flash_fwd = 0.314, flash_bwd = 0.314, power = 700 W }
let h200_sxm = h100_sxm5 with { name = "H200-SXM-141GB", membw = 4.8 TB/s, memory = 141 GiB }
// Blackwell. B200 as HGX/DGX B200 runs it at 1,000 W (NVIDIA DGX B200 datasheet: 8 GPUs,
// 1,440 GB of HBM3e and 64 TB/s in all, FP8 72 PFLOP/s sparse, i.e. 4.5 PFLOP/s dense per
// GPU; per GPU dense BF16 2.25 PFLOP/s, TF32 1.1 PFLOP/s, FP64 40 TFLOP/s, FP32 80
// TFLOP/s), 148 SMs. GB200 (Grace Blackwell, NVL72 at 1,200 W; GB200 NVL72 datasheet: 180
// PFLOP/s dense BF16 and 13.4 TB of HBM3e for 72 GPUs): 2.5 PFLOP/s BF16, 5 FP8, 186 GB.
// B300 and GB300 (Blackwell Ultra, HGX B300 and GB300 NVL72 datasheets [M]): the same 16-
// and 8-bit tensor peaks as B200 and GB200, 288 GB of HBM3e, FP64 reduced to 1.25 TFLOP/s,
// 160 SMs. Dense FP4 (NVFP4), the datasheets' sparse figures halved where they print only
// those: B200 9 PFLOP/s (NVIDIA HGX B200: 144 PFLOP/s sparse, 72 dense, for 8 GPUs);
// GB200 10 (GB200 NVL72 datasheet: 1,440 PFLOP/s sparse, 720 dense, for 72); B300 13.125
// (NVIDIA HGX B300: 144 sparse, 105 dense, for 8); GB300 15 (GB300 NVL72: 1,440 sparse,
// 1,080 dense, for 72). `gemm` 0.55 is fitted to Megatron-Bridge's four dense DGX B200 rows (Llama 3 8B
// and Llama 3.1 405B in FP8, NeMo 25.09 and 25.11; docs/transformers.md): their step times
// come within 1.1-6.4%. The other Blackwells inherit it, and all four the Device defaults'
// attention fractions, until measured.
let b200 = Device { name = "B200-180GB", peak_fp64 = 40 TFLOP/s, peak_fp32 = 80 TFLOP/s,
  peak_fp16 = 2250 TFLOP/s, membw = 8 TB/s, memory = 180 GiB, peak_tf32 = 1100 TFLOP/s, peak_fp8 = 4500 TFLOP/s,
  peak_fp4 = 9000 TFLOP/s, sms = 148, gemm = 0.55, power = 1000 W }
let gb200 = b200 with { name = "GB200-186GB", peak_fp64 = 45 TFLOP/s, peak_fp32 = 90 TFLOP/s,
  peak_fp16 = 2500 TFLOP/s, peak_tf32 = 1250 TFLOP/s, peak_fp8 = 5000 TFLOP/s, peak_fp4 = 10000 TFLOP/s, memory = 186 GiB,
  power = 1200 W }
// Board power of Blackwell Ultra: 1,100 W in HGX B300, 1,400 W in GB300 NVL72 [M].
let b300 = b200 with { name = "B300-288GB", peak_fp64 = 1.25 TFLOP/s, peak_fp4 = 13125 TFLOP/s, memory = 288 GiB,
  sms = 160, power = 1100 W }
let gb300 = gb200 with { name = "GB300-288GB", peak_fp64 = 1.25 TFLOP/s, peak_fp4 = 15000 TFLOP/s, memory = 288 GiB,
  sms = 160, power = 1400 W }

// The CPU this project is developed on (one core of an AMD EPYC, family 26, as Debian's
// PyTorch 1.13 uses it on one thread), with the kernel-time models trained from its
// profile (data/kernels/cpu.csv, docs/kernel-models.md). Peak and bandwidth are the
// profiler's own measurements: a oneDNN 3x3 convolution and a large copy. A bundle
// describes one CPU model, so the name says which: the profile's "AMD EPYC" at 2096 MHz
// with AVX-512 (`stats --device` warns on another CPU).
let epyc_cpu = Device { name = "AMD EPYC 2096 MHz AVX-512 (1 thread)", peak_fp64 = 96.38 GFLOP/s,
  peak_fp32 = 192.75 GFLOP/s, peak_fp16 = 192.75 GFLOP/s, membw = 39.70 GB/s, memory = 24 GiB,
  kernels = mlp_bundle("kernels/cpu.rlk") }

// The project's other development machine (from 2026-12-01): one core of a KVM "Intel Xeon"
// with AVX-512 and AMX (Sapphire Rapids or later), the same PyTorch on one thread, and its
// own models (data/kernels/xeon.csv). Kernel times differ by shape between the two CPUs
// (13 to 24% after their median ratio, docs/kernel-models.md "Two machines"), so each
// has its own bundle. Peak and bandwidth as measured by the profiler.
let xeon_cpu = Device { name = "Intel Xeon 2100 MHz AVX-512 AMX (1 thread)", peak_fp64 = 85.70 GFLOP/s,
  peak_fp32 = 171.40 GFLOP/s, peak_fp16 = 171.40 GFLOP/s, membw = 16.13 GB/s, memory = 24 GiB,
  kernels = mlp_bundle("kernels/xeon.rlk") }

// ---- links (per direction) ----------------------------------------------------------
let nvlink2 = Link { bw = 150 GB/s, lat = 9 us }     // V100: 6 links x 25 GB/s
let nvlink3 = Link { bw = 300 GB/s, lat = 9 us }     // A100: 12 links x 25 GB/s
let nvlink4 = Link { bw = 450 GB/s, lat = 9 us }     // H100/H200: 18 links x 25 GB/s
let nvlink5 = Link { bw = 900 GB/s, lat = 9 us }     // Blackwell: 18 links x 50 GB/s
let pcie3 = Link { bw = 15.75 GB/s, lat = 1 us }     // x16, 128b/130b encoding
let pcie4 = Link { bw = 31.5 GB/s, lat = 1 us }
let pcie5 = Link { bw = 63 GB/s, lat = 1 us }
let edr = Link { bw = 100 Gbit/s, lat = 1.5 us }     // InfiniBand EDR 4x
let hdr = Link { bw = 200 Gbit/s, lat = 1.5 us }     // InfiniBand HDR 4x
let ndr = Link { bw = 400 Gbit/s, lat = 1.5 us }     // InfiniBand NDR 4x
let xdr = Link { bw = 800 Gbit/s, lat = 1.5 us }     // ConnectX-8 / Quantum-X800 (GB300)
// Ethernet through the kernel's TCP: the line rate, and 20 us a message (application-level
// latency "as low as 10 microseconds" on 10GbE: Larsen et al., "Architectural breakdown of
// end-to-end latency in a TCP/IP network", SBAC-PAD 2007; 10-50 us in practice [M]). What
// one connection moves is the node's (`Node.stream`).
let gbe1 = Link { bw = 1 Gbit/s, lat = 20 us }
let gbe10 = Link { bw = 10 Gbit/s, lat = 20 us }
let gbe25 = Link { bw = 25 Gbit/s, lat = 20 us }
let gbe100 = Link { bw = 100 Gbit/s, lat = 20 us }
let gbe400 = Link { bw = 400 Gbit/s, lat = 20 us }
let gbe40 = Link { bw = 40 Gbit/s, lat = 20 us }      // 40GBASE (IEEE 802.3ba)
// RDMA over Converged Ethernet (RoCE v2): the line rate, and the few microseconds of an
// RDMA message through one switch on ConnectX-4/5-class adapters [M].
let roce25 = Link { bw = 25 Gbit/s, lat = 3 us }
let roce100 = Link { bw = 100 Gbit/s, lat = 3 us }
let nvlink1 = Link { bw = 80 GB/s, lat = 9 us }      // P100: 4 links x 20 GB/s
// Older devices.
let k80 = Device { name = "K80 (one GK210)", peak_fp64 = 1.455 TFLOP/s,  // board / 2, boost
  peak_fp32 = 4.37 TFLOP/s, peak_fp16 = 4.37 TFLOP/s, membw = 240 GB/s, memory = 12 GiB }
// Both P100 boards' streaming kernels reach about 550 of their 732 GB/s of HBM2 (GPU-STREAM
// copy and triad, Deakin et al., "GPU-STREAM v2.0", PMBS 2016 [M]): stream 0.75.
let p100_sxm2 = Device { name = "P100-SXM2-16GB", peak_fp64 = 5.3 TFLOP/s,
  peak_fp32 = 10.6 TFLOP/s, peak_fp16 = 21.2 TFLOP/s, membw = 732 GB/s, memory = 16 GiB, stream = 0.75,
  kernels_any = gpu_any, kernel_data = deepbench_data }
// NVIDIA Tesla P100 datasheet (PCIe, 16 GB). DeepBench's P100 ran in the same host as its
// GTX 1080 Ti and Titan Xp (a PCIe machine; systems.csv of data/deepbench), and its best
// fp32 GEMM, 9.12 TFLOP/s, is 98% of this peak: it was this board, not the SXM2 one. Its
// fp16 models are DeepBench's 16-bit data computed in fp32 (CUDA 8, cuDNN 6).
let p100_pcie_16gb = Device { name = "P100-PCIe-16GB", peak_fp64 = 4.7 TFLOP/s,
  peak_fp32 = 9.3 TFLOP/s, peak_fp16 = 18.7 TFLOP/s, membw = 732 GB/s, memory = 16 GiB, stream = 0.75,
  kernels = mlp_bundle("kernels/p100_pcie_16gb.rlk"),
  kernels_fp16 = mlp_bundle("kernels/p100_pcie_16gb_fp16.rlk"), kernels_any = gpu_any,
  kernel_data = deepbench_data, power = 250 W }
// NVIDIA T4 datasheet: 8.1 TFLOP/s fp32, 65 TFLOP/s mixed-precision (fp16 tensor cores),
// 320 GB/s GDDR6, 16 GB, 70 W. fp64 is not on the datasheet: Turing runs it at 1/32 of fp32
// (NVIDIA Turing architecture whitepaper).
let t4 = Device { name = "T4", peak_fp64 = 0.25 TFLOP/s, peak_fp32 = 8.1 TFLOP/s,
  peak_fp16 = 65 TFLOP/s, membw = 320 GB/s, memory = 16 GiB,
  kernels = mlp_bundle("kernels/t4.rlk"), kernels_fp16 = mlp_bundle("kernels/t4_fp16.rlk"),
  kernels_any = gpu_any, kernel_data = deepbench_data, power = 70 W }
// Maxwell and consumer Pascal GPUs, DeepBench's other NVIDIA devices. Peaks are 2 FLOP per
// CUDA core per cycle at the boost clock of NVIDIA's specification pages; fp64 runs at
// 1/32 of fp32 on these chips; peak_fp16 is peak_fp32 as for the K80, since they have no
// faster half-precision arithmetic (GP102 runs fp16 at 1/64) and frameworks compute fp16
// tensors in fp32 there. Bandwidth: the same pages (data rate times bus width).
// Tesla M40 datasheet: up to 7 TFLOP/s fp32 at boost, 288 GB/s, 12 GB (a 24 GB board too).
let m40 = Device { name = "Tesla M40", peak_fp64 = 0.21 TFLOP/s, peak_fp32 = 7 TFLOP/s,
  peak_fp16 = 7 TFLOP/s, membw = 288 GB/s, memory = 12 GiB,
  kernels_any = gpu_any, kernel_data = deepbench_data }
// GTX Titan X (Maxwell): 3072 cores at 1075 MHz; 7 Gbit/s x 384 bits.
let titan_x_maxwell = Device { name = "GTX Titan X (Maxwell)", peak_fp64 = 0.206 TFLOP/s,
  peak_fp32 = 6.6 TFLOP/s, peak_fp16 = 6.6 TFLOP/s, membw = 336.5 GB/s, memory = 12 GiB,
  kernels_any = gpu_any, kernel_data = deepbench_data }
// Titan X (Pascal): 3584 cores at 1531 MHz; 10 Gbit/s x 384 bits.
let titan_x_pascal = Device { name = "Titan X (Pascal)", peak_fp64 = 0.343 TFLOP/s,
  peak_fp32 = 10.97 TFLOP/s, peak_fp16 = 10.97 TFLOP/s, membw = 480 GB/s, memory = 12 GiB,
  kernels_any = gpu_any, kernel_data = deepbench_data }
// Titan Xp: 3840 cores at 1582 MHz; 11.4 Gbit/s x 384 bits.
let titan_xp = Device { name = "Titan Xp", peak_fp64 = 0.38 TFLOP/s, peak_fp32 = 12.15 TFLOP/s,
  peak_fp16 = 12.15 TFLOP/s, membw = 547.7 GB/s, memory = 12 GiB,
  kernels_any = gpu_any, kernel_data = deepbench_data }
// GTX 1080 Ti: 3584 cores at 1582 MHz; 11 Gbit/s x 352 bits.
let gtx_1080_ti = Device { name = "GTX 1080 Ti", peak_fp64 = 0.354 TFLOP/s,
  peak_fp32 = 11.34 TFLOP/s, peak_fp16 = 11.34 TFLOP/s, membw = 484 GB/s, memory = 11 GiB,
  kernels_any = gpu_any, kernel_data = deepbench_data }

// ---- nodes and clusters ---------------------------------------------------------------
// A topology says how the members of one level are joined. `kind` is one of "switch"
// (every pair one hop through a non-blocking switch; NVSwitch too), "fat_tree" (a
// switch tree whose uplinks are `oversub` times thinner than its downlinks: traffic that
// crosses the level gets bw / oversub), "cube_mesh" (DGX-1's hybrid cube-mesh NVLink),
// "pcie_tree", "ring" and "torus2d" (a dims[0] x dims[1] wrap-around grid).
record Topology {
  kind: String
  oversub: Real = 1.0
  dims: [Int] = []
}
let switched = Topology { kind = "switch" }
let cube_mesh = Topology { kind = "cube_mesh" }
let pcie_tree = Topology { kind = "pcie_tree" }
let ring_topology = Topology { kind = "ring" }
fn fat_tree(oversub: Real = 1.0) -> Topology = Topology { kind = "fat_tree", oversub = oversub }
fn torus2d(x: Int, y: Int) -> Topology = Topology { kind = "torus2d", dims = [x, y] }

// One level above the node: `size` members of the level below (nodes in a rack, racks in
// a pod) joined by `link` in `topo`. A fat tree's `oversub` applies to traffic between
// the level's members (for a spine level: between racks).
record Level { name: String, size: Int, link: Link, topo: Topology }

// The link a transfer sees when it crosses a level: a fat tree divides the bandwidth by
// its oversubscription.
fn crossing(l: Level) -> Link = l.link with { bw = l.link.bw / l.topo.oversub }

// A node: `gpus` devices joined by `link` (per GPU, per direction) in `topo`, and `nics`
// network adapters of bandwidth `nic` each.
record Node {
  name: String
  device: Device
  gpus: Int
  link: Link
  topo: Topology
  nics: Int
  nic: Link
  // The CTAs an NCCL collective runs on each GPU, one per channel, each holding an SM for
  // as long as it runs (NCCL's CTAs share no SM with other kernels: NVIDIA/nccl#689); two
  // per NVLink of a GPU (24 on the DGX A100's 12: NVIDIA/nccl#1225 and nccl-tests#100's
  // "Channel 23/24" log; 0: not recorded).
  comm_ctas: Int = 0
  // What one TCP connection moves through a NIC (0 B/s: no limit below the NIC's, as over
  // RDMA). A connection is one core's protocol processing and copies: ESnet's fasterdata
  // (fasterdata.es.net, "40G tuning", 2015) finds flows above 5-9 Gbit/s on 40G hosts need
  // tuning, and 15-35 Gbit/s single-stream on 100G hosts ("performance expectations for a
  // 100G host", 2024); NCCL's socket transport opens one socket per connection by default
  // (src/transport/net_socket.cc) and reaches "the minimum speed of the sockets multiplied
  // by the number of sockets" (NVIDIA/nccl-tests#83).
  stream: B/s = 0 B/s
  // Its NVSwitches reduce in the switch (NVLink SHARP, third-generation NVSwitch and later:
  // DGX/HGX H100 and H200, B200, B300, GB200 and GB300 NVL72), which NCCL's NVLS
  // allreduce uses (stdlib.collectives' nvls_allreduce).
  sharp: Bool = false
  // What the node draws beyond its GPUs while it trains: CPUs, memory, NICs, NVLink
  // switches, fans, storage and the power supplies' losses (stdlib.run_cost). Where the
  // system's datasheet gives its maximum, half of that maximum less the GPUs' board power
  // (the fans, CPUs and switches of a training node run well below their own maxima);
  // 250 W a GPU where none is recorded.
  other_power: W = gpus * 250 W
}

// One GPU's share of its node's NICs when every GPU sends across nodes at once (the
// hierarchical allreduce runs one ring a GPU on its share of the bytes): nics / gpus of a
// NIC, a whole one at most. `Cluster.inter`'s default.
// Over TCP the share is one connection, `Node.stream` at most.
fn shared_nic(n: Node) -> Link = {
  let share = n.nic.bw * min(1.0, n.nics / n.gpus)
  n.nic with { bw = if n.stream > 0 B/s then min(share, n.stream) else share }
}

// A cluster: `nodes` nodes and the levels above them (rack/leaf, pod/spine), innermost
// first. `intra` and `inter` are the links a GPU sees inside its node and to another
// node when every GPU of the node sends across nodes at once, as the hierarchical
// allreduce's rings and concurrent groups do: one NIC each when there are as many NICs
// as GPUs, a share of one otherwise (`shared_nic`).
record Cluster {
  name: String
  node: Node
  nodes: Int
  levels: [Level] = []
  device: Device = node.device
  gpus_per_node: Int = node.gpus
  intra: Link = node.link
  inter: Link = shared_nic(node)
  // What checkpoints are written to storage at, all nodes together: Llama 3's 2 TB/s
  // sustained for 24,576 GPUs on 3,072 nodes (Dubey et al. 2024, section 3.3.1), 0.65 GB/s
  // a node.
  storage: B/s = nodes * 0.65 GB/s
}
fn gpus(c: Cluster) -> Int = c.nodes * c.gpus_per_node

// The link a ring over the first g GPUs of a node sees. On a switched node each GPU keeps
// every NVLink (c.intra). On the DGX-1's hybrid cube mesh a V100's 6 NVLinks go to 4 of
// the 7 others, 1 or 2 to each (nvidia-smi topo -m: GPU0 NV1 to GPUs 1 and 2, NV2 to 3
// and 4; GPU1 NV1 to 0 and 3, NV2 to 2 and 5: NVIDIA/nccl#671's topology dump; the others
// by the mesh's symmetry: 2-3 NV2, 2-6 NV1, 3-7 NV1, the second quad as the first), so a
// ring over g GPUs has at most the fewest NVLinks any of them has inside the group (each
// link carrying one ring each way): 1, 2, 4, 2, 3, 4 and 6 of the 6 for g = 2 to 8.
fn intra_link(c: Cluster, g: Int) -> Link =
  if c.node.topo.kind == "cube_mesh" and g >= 2 and g < 8 then
    c.intra with { bw = c.intra.bw * [1, 2, 4, 2, 3, 4][g - 2] / 6 }
  else c.intra

// `nodes` nodes of one `device` each, joined by `link` through one non-blocking switch: the
// cluster of the analytical scaling studies (Keuper and Pfreundt; Barrachina et al.), in
// which every allreduce is a flat ring on the network's link.
fn flat_cluster(device: Device, link: Link, nodes: Int) -> Cluster = {
  require nodes >= 1, "a cluster's nodes >= 1"
  Cluster { name = device.name + " x 1 per node", nodes = nodes,
            node = Node { name = device.name, device = device, gpus = 1, link = link, topo = switched,
                          nics = 1, nic = link } }
}

// Nodes inside one member of level i (a rack holds levels[0].size nodes; a pod of racks
// holds levels[0].size * levels[1].size).
fn nodes_within(c: Cluster, i: Int) -> Int = prod j in range(i): c.levels[j].size

// The link a job spread over `nodes` nodes sees between nodes: `inter`, with its
// bandwidth divided by the largest oversubscription among the levels the job spans
// (a level is spanned when the job needs more than one of its members).
fn inter_link(c: Cluster, nodes: Int) -> Link =
  if len(c.levels) == 0 then c.inter
  else c.inter with { bw = c.inter.bw / (max i in range(len(c.levels)):
    if nodes > nodes_within(c, i) then c.levels[i].topo.oversub else 1.0) }
// The link between nodes of one flat ring that has k of its GPUs in each node: the ring
// crosses each node once, on the k shares of the NICs its GPUs hold (NCCL spreads a
// ring's channels over the node's NICs), so k times `inter_link`'s, a node's every NIC
// at most (and over TCP each share one connection).
fn flat_inter_link(c: Cluster, nodes: Int, k: Int) -> Link = {
  let l = inter_link(c, nodes)
  l with { bw = l.bw * max(1, min(k, c.gpus_per_node)) }
}
// The same for a ring of n GPUs `stride` apart that spans nodes: GPUs per node / stride of
// them in each node (one at least), over the nodes the stride x n GPUs take.
fn strided_inter_link(c: Cluster, stride: Int, n: Int) -> Link =
  flat_inter_link(c, ceil(stride * n / c.gpus_per_node), max(1, floor(c.gpus_per_node / stride)))

// ---- standard nodes (MLPerf Training system descriptions; paraDL) -------------------
// ABCI compute node: 4 x V100 SXM2 16 GB joined by NVLink 2, InfiniBand EDR between
// nodes (paraDL ABCI.plat: BANDWIDTH 12.5e9 B/s, LATENCY 500e-9 s, GPU_PER_NODE 4;
// INTRA_LINK_BW 50e9, INTRA_CALBE_LAT 9e-6). ABCI's compute nodes have two EDR HCAs
// (ABCI system overview, abci.ai: "InfiniBand EDR (12.5 GB/s) x 2") [M], so between nodes
// each GPU has half of one (`shared_nic`); paraDL's projections (stdlib.paradl's own
// links) give each GPU a whole one.
let abci_node = Node { name = "ABCI", device = v100_sxm2_16gb, gpus = 4,
  link = Link { bw = 50 GB/s, lat = 9 us }, topo = switched, nics = 2,
  nic = Link { bw = 12.5 GB/s, lat = 500 ns } }
// A PCIe server: four P100-PCIe-16GB on one PCIe 3.0 tree (x16 each), one NIC (25 Gbit/s
// RoCE unless given) that its GPUs share [M].
let p100_pcie_server = Node { name = "4 x P100 PCIe", device = p100_pcie_16gb, gpus = 4, link = pcie3,
  topo = pcie_tree, nics = 1, nic = roce25 }
// `nodes` such servers on one switch, their GPUs sharing the NIC `nic` (over TCP, each
// connection at most `stream`: `Node.stream`).
fn p100_pcie_cluster(nodes: Int, nic: Link = roce25, stream: B/s = 0 B/s) -> Cluster = {
  require nodes >= 1, "a cluster's nodes >= 1"
  let node = p100_pcie_server with { nic = nic, stream = stream }
  Cluster { name = "4 x P100 PCIe", node = node, nodes = nodes, inter = shared_nic(node),
            levels = [Level { name = "switch", size = nodes, link = nic, topo = switched }] }
}
// DGX-1 (V100): 8 x V100-SXM2-16GB, NVLink 2 hybrid cube-mesh, 4 x EDR (MLPerf v0.6
// system JSON); NCCL's collectives on 12 CTAs, two per NVLink of a V100's six (NCCL's
// search finds six rings on six NVLinks a V100: NVIDIA/nccl#713). 3.5 kW at most (DGX-1
// datasheet): other_power (3.5 - 8 x 0.3) / 2 = 0.55 kW.
let dgx1 = Node { name = "DGX-1", device = v100_sxm2_16gb, gpus = 8, link = nvlink2,
  topo = cube_mesh, nics = 4, nic = edr, comm_ctas = 12, other_power = 550 W }
// DGX-1 (P100, 2016): 8 x P100-SXM2-16GB on NVLink 1 in the same hybrid cube-mesh, four
// links a GPU, and 4 x EDR (NVIDIA DGX-1 datasheet, 2016). NCCL's CTAs a collective holds
// on it are not recorded.
let dgx1_p100 = Node { name = "DGX-1 (P100)", device = p100_sxm2, gpus = 8, link = nvlink1,
  topo = cube_mesh, nics = 4, nic = edr }
// DGX-2: 16 x V100-SXM3-32GB on NVSwitch 1.0 (300 GB/s bidirectional), 8 x EDR compute
// NICs. SXM3 peaks are not re-verified [M]; SXM2 32 GB numbers are used.
// 10 kW at most (DGX-2 datasheet): other_power (10 - 16 x 0.3) / 2 = 2.6 kW.
let dgx2 = Node { name = "DGX-2", device = v100_sxm2_32gb, gpus = 16, link = nvlink2,
  topo = switched, nics = 8, nic = edr, comm_ctas = 12, other_power = 2600 W }
// DGX A100: 8 x A100-SXM4 (40 GB in MLPerf v0.7, 80 GB in v1.0), NVLink 3 via NVSwitch
// 2.0, 8 x HDR 200 Gb/s.
// 6.5 kW at most (DGX A100 datasheet): other_power (6.5 - 8 x 0.4) / 2 = 1.65 kW.
let dgx_a100 = Node { name = "DGX A100", device = a100_sxm4_40gb, gpus = 8, link = nvlink3,
  topo = switched, nics = 8, nic = hdr, comm_ctas = 24, other_power = 1650 W }
// DGX H100: 8 x H100 SXM5, NVLink 4 via NVSwitch gen3, 8 x ConnectX-7 NDR 400 Gb/s [M];
// 10.2 kW at most (DGX H100 datasheet): other_power (10.2 - 8 x 0.7) / 2 = 2.3 kW.
let dgx_h100 = Node { name = "DGX H100", device = h100_sxm5, gpus = 8, link = nvlink4,
  topo = switched, nics = 8, nic = ndr, other_power = 2300 W, sharp = true }
// DGX B200 and B300: 8 GPUs on NVLink 5 through NVSwitch, a 400 Gb/s NIC per GPU (B200:
// ConnectX-7; B300: ConnectX-8 at 800 Gb/s). DGX B200: 14.3 kW at most (datasheet),
// other_power (14.3 - 8 x 1.0) / 2 = 3.15 kW; the B300's board power leaves (14.3 - 8 x
// 1.1) / 2 = 2.75 kW [M].
let dgx_b200 = Node { name = "DGX B200", device = b200, gpus = 8, link = nvlink5, topo = switched, nics = 8, nic = ndr,
  other_power = 3150 W, sharp = true }
let dgx_b300 = dgx_b200 with { name = "DGX B300", device = b300, nic = xdr, other_power = 2750 W }
// GB200 and GB300 NVL72: a rack is one NVLink domain of 72 GPUs (18 trays of 4) behind
// NVLink switches, every group of its ranks on NVLink; racks join over InfiniBand, a NIC
// per GPU (GB200: 400 Gb/s; GB300: 800 Gb/s).
// About 120 kW a GB200 NVL72 rack and 135 kW a GB300 one [M]: other_power (120 - 72 x 1.2) /
// 2 = 16.8 kW and (135 - 72 x 1.4) / 2 = 17.1 kW (36 Grace CPUs, 9 NVLink switch trays,
// NICs, pumps and fans).
let gb200_nvl72 = Node { name = "GB200 NVL72", device = gb200, gpus = 72, link = nvlink5, topo = switched, nics = 72,
  nic = ndr, other_power = 16800 W, sharp = true }
let gb300_nvl72 = gb200_nvl72 with { name = "GB300 NVL72", device = gb300, nic = xdr, other_power = 17100 W }

// ---- standard clusters ----------------------------------------------------------------
// ABCI: 1,088 nodes, 34 nodes per rack, 32 racks (paraDL parallel_analysis.py, citing
// portal.abci.ai); InfiniBand EDR fat tree, leaf switch hop 90 ns and spine 400 ns
// (paraDL constants). Full bisection inside a rack; `inter_rack_oversub` is the spine
// oversubscription (ABCI documents 1:3 between racks [M]; pass 1.0 for full bisection).
fn abci(nodes: Int, inter_rack_oversub: Real = 3.0) -> Cluster = {
  require nodes >= 1, "a cluster's nodes >= 1"
  Cluster { name = "ABCI", node = abci_node, nodes = nodes, levels = [
    Level { name = "rack", size = 34, link = abci_node.nic, topo = fat_tree(1.0) },
    Level { name = "spine", size = 32, link = abci_node.nic with { lat = 500 ns + 400 ns },
            topo = fat_tree(inter_rack_oversub) }] }
}

// A pod of DGX nodes on a full-bisection fat tree of their NICs (one NIC per GPU).
fn dgx_pod(node: Node, nodes: Int, oversub: Real = 1.0) -> Cluster = {
  require nodes >= 1, "a cluster's nodes >= 1"
  Cluster { name = node.name, node = node, nodes = nodes, levels = [
    Level { name = "leaf", size = nodes, link = node.nic, topo = fat_tree(oversub) }] }
}
fn dgx1_pod(nodes: Int) -> Cluster = dgx_pod(dgx1, nodes)
fn dgx2_pod(nodes: Int) -> Cluster = dgx_pod(dgx2, nodes)
fn dgx_a100_pod(nodes: Int) -> Cluster = dgx_pod(dgx_a100, nodes)
fn dgx_h100_pod(nodes: Int) -> Cluster = dgx_pod(dgx_h100, nodes)
fn dgx_b200_pod(nodes: Int) -> Cluster = dgx_pod(dgx_b200, nodes)
fn dgx_b300_pod(nodes: Int) -> Cluster = dgx_pod(dgx_b300, nodes)
// `racks` NVL72 racks.
fn gb200_nvl72_pod(racks: Int) -> Cluster = dgx_pod(gb200_nvl72, racks)
fn gb300_nvl72_pod(racks: Int) -> Cluster = dgx_pod(gb300_nvl72, racks)

// DGX A100 with the 80 GB A100 (MLPerf v1.0; the nodes of Selene).
let dgx_a100_80gb = dgx_a100 with { name = "DGX A100 80GB", device = a100_sxm4_80gb }
// Selene, NVIDIA's DGX SuperPOD (Top500 from June 2021: 560 DGX A100 80 GB nodes, 4,480
// GPUs), the cluster of Narayanan et al. SC21 and Korthikanti et al. 2022: 8 A100-SXM4-80GB
// per node on NVSwitch (NVLink 3, 600 GB/s per GPU in both directions: `nvlink3`, 300 GB/s
// each way), 8 compute ConnectX-6 HDR InfiniBand NICs of 200 Gbit/s per node, one per GPU,
// on a rail-optimised non-blocking fat tree (NVIDIA DGX SuperPOD reference architecture:
// scalable units of 20 nodes, 28 of them in Selene, full bisection at every level).
fn selene(nodes: Int) -> Cluster = {
  require nodes >= 1, "a cluster's nodes >= 1"
  Cluster { name = "Selene", node = dgx_a100_80gb, nodes = nodes, levels = [
    Level { name = "scalable unit", size = 20, link = hdr, topo = fat_tree(1.0) },
    Level { name = "spine", size = 28, link = hdr, topo = fat_tree(1.0) }] }
}

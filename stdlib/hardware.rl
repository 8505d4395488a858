// stdlib.hardware: links and devices with their datasheet numbers.
// Sources: shared/reference/README.md §4 (NVIDIA datasheets; dense, not sparse, tensor
// peaks) and §4.1 (per-direction link bandwidths; GB = 1e9 B).
//   import stdlib.hardware            // Link, Device, v100_sxm2_16gb, edr, ...

// A point-to-point link: Hockney α-β, time(n) = lat + n / bw.
record Link { bw: B/s, lat: s = 0 s }

// One accelerator. `peak` is the precision the model trains in (fp32 unless chosen).
record Device {
  name: String
  peak_fp64: FLOP/s
  peak_fp32: FLOP/s
  peak_fp16: FLOP/s        // tensor-core fp16/bf16, dense
  membw: B/s
  memory: B
  peak: FLOP/s = peak_fp32
}

// Time to send n bytes over a link (Hockney).
fn p2p(n: B, l: Link) -> s = l.lat + n / l.bw

// ---- devices ----------------------------------------------------------------------
let v100_sxm2_16gb = Device { name = "V100-SXM2-16GB", peak_fp64 = 7.8 TFLOP/s,
  peak_fp32 = 15.7 TFLOP/s, peak_fp16 = 125 TFLOP/s, membw = 900 GB/s, memory = 16 GB }
let v100_sxm2_32gb = v100_sxm2_16gb with { name = "V100-SXM2-32GB", memory = 32 GB }
let a100_sxm4_40gb = Device { name = "A100-SXM4-40GB", peak_fp64 = 9.7 TFLOP/s,
  peak_fp32 = 19.5 TFLOP/s, peak_fp16 = 312 TFLOP/s, membw = 1555 GB/s, memory = 40 GB }
let a100_sxm4_80gb = a100_sxm4_40gb with { name = "A100-SXM4-80GB", membw = 2039 GB/s, memory = 80 GB }
let h100_sxm5 = Device { name = "H100-SXM5-80GB", peak_fp64 = 34 TFLOP/s,
  peak_fp32 = 67 TFLOP/s, peak_fp16 = 989.4 TFLOP/s, membw = 3.35 TB/s, memory = 80 GB }
let h200_sxm = h100_sxm5 with { name = "H200-SXM-141GB", membw = 4.8 TB/s, memory = 141 GB }

// ---- links (per direction) ----------------------------------------------------------
let nvlink2 = Link { bw = 150 GB/s, lat = 9 us }     // V100: 6 links x 25 GB/s
let nvlink3 = Link { bw = 300 GB/s, lat = 9 us }     // A100: 12 links x 25 GB/s
let nvlink4 = Link { bw = 450 GB/s, lat = 9 us }     // H100/H200: 18 links x 25 GB/s
let pcie3 = Link { bw = 15.75 GB/s, lat = 1 us }     // x16, 128b/130b encoding
let pcie4 = Link { bw = 31.5 GB/s, lat = 1 us }
let pcie5 = Link { bw = 63 GB/s, lat = 1 us }
let edr = Link { bw = 100 Gbit/s, lat = 1.5 us }     // InfiniBand EDR 4x
let hdr = Link { bw = 200 Gbit/s, lat = 1.5 us }     // InfiniBand HDR 4x
let ndr = Link { bw = 400 Gbit/s, lat = 1.5 us }     // InfiniBand NDR 4x

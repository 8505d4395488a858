// The hand-written C++ reference of test/bench/resnet50_cpu.rl: ResNet-50's kernel list
// (taken once from the checker's Network record, as data) timed with the same bundle and
// the same formulas as stdlib/kernel_time.rl, staged by hand: per box, every kernel is
// predicted for the box's batch values in one PredictBatch call, then the nodes loop is
// plain arithmetic. Identical kernels (ResNet-50 repeats its blocks) are predicted once,
// as the compiler's CSE does. Fills the same boxes (runtime/abi.h).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/kernels/kernels.h"

namespace rl::bench {

struct RefKernel {
  bool fwd;                     // forward pass, else backward (data or weight)
  const kernels::Model* model;  // null: roofline
  double rows;
  std::vector<double> feats;    // after the first, without dtype
  double flops, elems, fixed;
  int unique = -1;              // SetReference: index of the first identical kernel
};
struct RefLayer {
  std::vector<RefKernel> kernels;  // those that run (the first layer's data gradient dropped)
  double fwd, bwd, reads, writes, params;  // counts, for layers without kernels
};
struct RefWorkload {
  std::vector<RefLayer> layers;
  double peak, membw, elem = 4;
  double lat, bw, grad_bytes;
};
void SetReference(RefWorkload w);

// Params: batch, nodes. Reports: step_time, throughput.
void KernelReferenceSweep(const double* const* axes, const int64_t* lo, const int64_t* hi, const int64_t* stride,
                          double* reports, uint8_t* feasible, int64_t count);

}  // namespace rl::bench

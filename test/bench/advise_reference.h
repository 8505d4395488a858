// The hand-written C++ reference of test/bench/advise_resnet50.rl's two data-parallel
// strategies (blocking and overlapped over gradient buckets), from the same layer table
// and buckets, filling the same boxes (runtime/abi.h) for the strategy indices 0 and 1.
// advise_reference.cpp is compiled with -O3 -march=native.
#pragma once
#include <cstdint>
#include <vector>

namespace rl::bench {

struct RefLayer {
  double fwd, bwd_data, bwd_weight, reads, writes, params, act;
};
struct AdviseModel {
  std::vector<RefLayer> layers;
  std::vector<std::vector<int>> buckets;  // layer indices, in backward order
};

// Sets the model the reference sweeps (before any sweep).
void SetAdviseModel(AdviseModel m);
// Param order of the spec: strategy, p, b. Reports: iter, memory, exposed.
void AdviseReferenceSweep(const double* const* axes, const int64_t* lo, const int64_t* hi, const int64_t* stride,
                          double* reports, uint8_t* feasible, int64_t count);

}  // namespace rl::bench

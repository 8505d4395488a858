// The hand-written C++ reference of test/bench/resnet50_dp.rl: the same layer table and
// formulas, staged by hand in the same loop order (batch, gpus, bw, lat) and filling the
// same boxes (runtime/abi.h). reference.cpp is compiled with -O3 -march=native.
#pragma once
#include <cstdint>

namespace rl::bench {

// Param order of the spec: gpus, bw, lat, batch. Reports: iter_time, throughput,
// exposed_comm, efficiency.
void ReferenceSweep(const double* const* axes, const int64_t* lo, const int64_t* hi, const int64_t* stride,
                    double* reports, uint8_t* feasible, int64_t count);

}  // namespace rl::bench

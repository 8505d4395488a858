// The sweep loop: the cartesian product of the params' value lists, in row-major order
// (the first param varies slowest), evaluated point by point through any backend.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

namespace rl::runtime {

// Evaluates one point: params in (SI), reports out (SI); returns feasibility.
using EvalFn = std::function<bool(const double* params, double* reports)>;
// Receives each evaluated point; returns false to stop the sweep.
using RowFn = std::function<bool(const double* params, const double* reports, bool feasible)>;

// Number of points in the product, saturating at UINT64_MAX.
uint64_t ProductSize(const std::vector<std::vector<double>>& axes);

// Returns the number of points evaluated.
uint64_t Sweep(const std::vector<std::vector<double>>& axes, size_t num_reports, const EvalFn& eval,
               const RowFn& row);

}  // namespace rl::runtime

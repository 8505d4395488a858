// When the JIT's value of a report agrees with the interpreter's: both NaN, the same
// infinity, or finite within 1e-12 of the larger magnitude (the backends may contract or
// reorder differently only within rounding). Shared by the unit tests and the
// differential fuzz target.
#pragma once
#include <algorithm>
#include <cmath>

namespace rl::test {

inline bool BackendsAgree(double jit, double interp) {
  if (std::isnan(jit) || std::isnan(interp)) return std::isnan(jit) && std::isnan(interp);
  if (std::isinf(jit) || std::isinf(interp)) return jit == interp;
  return std::fabs(jit - interp) <= 1e-12 * std::max(std::fabs(jit), std::fabs(interp));
}

}  // namespace rl::test

// The sweep loop (see sweep.h): an odometer over the axes.
#include "runtime/sweep.h"

namespace rl::runtime {

uint64_t ProductSize(const std::vector<std::vector<double>>& axes) {
  uint64_t n = 1;
  for (const auto& a : axes) {
    if (a.empty()) return 0;
    if (n > UINT64_MAX / a.size()) return UINT64_MAX;
    n *= a.size();
  }
  return n;
}

uint64_t Sweep(const std::vector<std::vector<double>>& axes, size_t num_reports, const EvalFn& eval,
               const RowFn& row) {
  const size_t n = axes.size();
  if (ProductSize(axes) == 0) return 0;
  std::vector<size_t> idx(n, 0);
  std::vector<double> params(n), reports(num_reports);
  for (size_t i = 0; i < n; ++i) params[i] = axes[i][0];
  uint64_t count = 0;
  while (true) {
    bool feasible = eval(params.data(), reports.data());
    ++count;
    if (!row(params.data(), reports.data(), feasible)) return count;
    size_t k = n;
    while (k > 0) {
      --k;
      if (++idx[k] < axes[k].size()) {
        params[k] = axes[k][idx[k]];
        break;
      }
      idx[k] = 0;
      params[k] = axes[k][0];
      if (k == 0) return count;
    }
    if (n == 0) return count;
  }
}

}  // namespace rl::runtime

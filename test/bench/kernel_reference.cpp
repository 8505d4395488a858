// Hand-written reference for the kernel benchmark (see kernel_reference.h). The sums run
// in the order stdlib/kernel_time.rl writes them (kernels within a layer, then layers),
// so the results are the JIT's to the last bit.
#include "test/bench/kernel_reference.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace rl::bench {
namespace {

RefWorkload g_ref;

double Roofline(double work, double traffic, double peak, double bw) { return std::max(work / peak, traffic / bw); }

}  // namespace

void SetReference(RefWorkload w) {
  std::map<std::tuple<const kernels::Model*, double, std::vector<double>, double, double, double>, int> seen;
  for (RefLayer& l : w.layers)
    for (RefKernel& k : l.kernels) {
      const int next = static_cast<int>(seen.size());
      k.unique = seen.try_emplace({k.model, k.rows, k.feats, k.flops, k.elems, k.fixed}, next).first->second;
    }
  g_ref = std::move(w);
}

void KernelReferenceSweep(const double* const* axes, const int64_t* lo, const int64_t* hi, const int64_t* stride,
                          double* reports, uint8_t* feasible, int64_t count) {
  const RefWorkload& w = g_ref;
  const int64_t nb = hi[0] - lo[0];
  const double* batches = axes[0] + lo[0];
  // Per layer, per batch value: forward and backward time.
  std::vector<double> fwd(static_cast<size_t>(nb), 0), bwd(static_cast<size_t>(nb), 0);
  std::vector<double> lf(static_cast<size_t>(nb)), lb(static_cast<size_t>(nb)), feats;
  std::vector<std::vector<double>> cache;  // per unique kernel: its time per batch value
  std::vector<bool> done;
  for (const RefLayer& l : w.layers) {
    if (l.kernels.empty()) {
      for (int64_t i = 0; i < nb; ++i) {
        double b = batches[i], weights = l.params * w.elem;
        lf[i] = Roofline(b * l.fwd, b * (l.reads - l.params + l.writes) * w.elem + weights, w.peak, w.membw);
        lb[i] = Roofline(b * l.bwd, 2 * b * (l.reads - l.params + l.writes) * w.elem + 2 * weights, w.peak, w.membw);
      }
    } else {
      std::fill(lf.begin(), lf.end(), 0.0);
      std::fill(lb.begin(), lb.end(), 0.0);
      for (const RefKernel& k : l.kernels) {
        if (static_cast<size_t>(k.unique) >= cache.size()) {
          cache.resize(static_cast<size_t>(k.unique) + 1);
          done.resize(static_cast<size_t>(k.unique) + 1, false);
        }
        std::vector<double>& times = cache[static_cast<size_t>(k.unique)];
        if (done[static_cast<size_t>(k.unique)]) {
          // predicted already: an identical kernel of an earlier layer
        } else if (k.model) {
          times.resize(static_cast<size_t>(nb));
          const size_t nf = k.feats.size() + 2;
          feats.resize(static_cast<size_t>(nb) * nf);
          for (int64_t i = 0; i < nb; ++i) {
            double* row = feats.data() + i * nf;
            row[0] = batches[i] * k.rows;
            std::copy(k.feats.begin(), k.feats.end(), row + 1);
            row[nf - 1] = w.elem;
          }
          k.model->PredictBatch(feats.data(), nb, times.data());
        } else {
          times.resize(static_cast<size_t>(nb));
          for (int64_t i = 0; i < nb; ++i)
            times[i] = Roofline(batches[i] * k.flops, (batches[i] * k.elems + k.fixed) * w.elem, w.peak, w.membw);
        }
        done[static_cast<size_t>(k.unique)] = true;
        std::vector<double>& acc = k.fwd ? lf : lb;
        for (int64_t i = 0; i < nb; ++i) acc[i] += times[i];
      }
    }
    for (int64_t i = 0; i < nb; ++i) {
      fwd[i] += lf[i];
      bwd[i] += lb[i];
    }
  }
  for (int64_t i = 0; i < nb; ++i) {
    const double compute = fwd[i] + bwd[i], b = batches[i];
    for (int64_t j = lo[1]; j < hi[1]; ++j) {
      const double nodes = axes[1][j];
      const double comm = nodes == 1 ? 0 : 2 * (nodes - 1) * (w.lat + w.grad_bytes / nodes / w.bw);
      const double step = compute + comm;
      const int64_t pos = i * stride[0] + (j - lo[1]) * stride[1];
      reports[pos] = step;
      reports[count + pos] = b * nodes / step;
      feasible[pos] = 1;
    }
  }
}

}  // namespace rl::bench

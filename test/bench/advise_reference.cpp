// See advise_reference.h. The formulas of stdlib/strategies.rl (data_parallel with the
// roofline compute source on stdlib.hardware's ABCI), evaluated in the same order so the
// results agree to the last bit: per-layer times depend on the batch only, so they are
// computed once per b; the communication depends on p only.
#include "test/bench/advise_reference.h"

#include <algorithm>
#include <cmath>

namespace rl::bench {
namespace {

AdviseModel g_model;

// The V100 of stdlib.hardware: layers' memory-bound work at the achieved 0.9 of 900 GB/s
// (its `stream`, stdlib.kernel_time), the optimizer update at the datasheet's 900 GB/s
// (stdlib.strategies' update_time), 16 GiB of HBM2.
constexpr double kPeak = 15.7e12, kMembw = 0.9 * 900e9, kUpdateMembw = 900e9, kElem = 4,
                 kMemory = 16.0 * (1ull << 30);
// Between nodes a GPU's share of the node's two EDR HCAs (stdlib.hardware's shared_nic).
constexpr double kIntraBw = 50e9, kIntraLat = 9e-6, kInterBw = 12.5e9 * 0.5, kInterLat = 500e-9;

double Roofline(double work, double traffic, double membw = kMembw) {
  return std::max(work / kPeak, traffic / membw);
}

// stdlib.collectives' rings on a link: (k - 1)(lat + (n/k)/bw), twice for the allreduce.
double RingStep(double n, double k, double lat, double bw) { return (k - 1) * (lat + n / k / bw); }
double RingAllreduce(double n, double k, double lat, double bw) {
  return RingStep(n, k, lat, bw) + RingStep(n, k, lat, bw);
}

// group_allreduce over p GPUs of abci(ceil(p / 4)): hierarchical across nodes, the
// network's bandwidth divided by the spine's oversubscription beyond a rack of 34 nodes.
double GroupAllreduce(double n, double p) {
  if (p <= 1) return 0;
  if (p <= 4) return RingAllreduce(n, p, kIntraLat, kIntraBw);
  double nodes = std::ceil(p / 4);
  double bw = kInterBw / (nodes > 34 ? 3.0 : 1.0);
  return RingStep(n, 4, kIntraLat, kIntraBw) + RingAllreduce(n / 4, nodes, kInterLat, bw) +
         RingStep(n, 4, kIntraLat, kIntraBw);
}

struct PerBatch {
  double fwd = 0, bwd = 0;
  std::vector<double> ready;  // per bucket
  double act_bytes = 0;
};

PerBatch Compute(double b) {
  const std::vector<RefLayer>& ls = g_model.layers;
  std::vector<double> tb(ls.size());
  PerBatch out;
  for (size_t i = 0; i < ls.size(); ++i) {
    const RefLayer& l = ls[i];
    double moved = b * (l.reads - l.params + l.writes);
    double weights = l.params * kElem;
    out.fwd += Roofline(b * l.fwd, moved * kElem + weights);
    tb[i] = Roofline(b * (l.bwd_data + l.bwd_weight), 2 * moved * kElem + 2 * weights);
    out.bwd += tb[i];
  }
  for (const std::vector<int>& bucket : g_model.buckets) {
    int first = *std::min_element(bucket.begin(), bucket.end());
    double r = 0;
    for (size_t j = 0; j < ls.size(); ++j) r += static_cast<int>(j) >= first ? tb[j] : 0.0;
    out.ready.push_back(r);
  }
  double act = 0;
  for (const RefLayer& l : ls) act += l.act;
  out.act_bytes = act * b * kElem;
  return out;
}

}  // namespace

void SetAdviseModel(AdviseModel m) { g_model = std::move(m); }

void AdviseReferenceSweep(const double* const* axes, const int64_t* lo, const int64_t* hi, const int64_t* stride,
                          double* reports, uint8_t* feasible, int64_t count) {
  double params = 0;
  for (const RefLayer& l : g_model.layers) params += l.params;
  std::vector<double> sizes;
  for (const std::vector<int>& bucket : g_model.buckets) {
    double n = 0;
    for (int j : bucket) n += g_model.layers[j].params;
    sizes.push_back(n * kElem);
  }
  const double update = Roofline(params * 2, params * (3 * kElem + 0), kUpdateMembw);
  std::vector<double> times(sizes.size());
  for (int64_t ib = lo[2]; ib < hi[2]; ++ib) {
    const double b = axes[2][ib];
    const PerBatch pb = Compute(b);
    for (int64_t ip = lo[1]; ip < hi[1]; ++ip) {
      const double p = axes[1][ip];
      double total = 0;
      for (size_t k = 0; k < sizes.size(); ++k) {
        times[k] = GroupAllreduce(sizes[k], p);
        total += times[k];
      }
      double chain = 0;
      for (size_t k = 0; k < sizes.size(); ++k) chain = std::max(chain, pb.ready[k]) + times[k];
      for (int64_t is = lo[0]; is < hi[0]; ++is) {
        const bool overlap = axes[0][is] == 1;
        const double exposed = overlap ? std::max(chain - pb.bwd, 0.0) : total;
        const double memory = params * kElem + params * kElem + 0 + pb.act_bytes + (overlap ? params * kElem : 0) + 0;
        const int64_t pos = (is - lo[0]) * stride[0] + (ip - lo[1]) * stride[1] + (ib - lo[2]) * stride[2];
        reports[pos] = pb.fwd + pb.bwd + update + exposed + 0;
        reports[count + pos] = memory;
        reports[2 * count + pos] = exposed;
        feasible[pos] = b >= 1 && memory <= kMemory;
      }
    }
  }
}

}  // namespace rl::bench

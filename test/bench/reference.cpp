// Hand-written C++ reference for the benchmark (see reference.h): what an engineer would
// write for resnet50_dp.rl without Ringline. Layer terms are computed once per batch,
// per-bucket allreduce terms once per (gpus, bw), and the innermost lat loop is plain
// arithmetic over unit-stride outputs that the compiler vectorises.
#include "test/bench/reference.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace rl::bench {
namespace {

constexpr int kLayers = 53, kBuckets = 14;
constexpr double kPeak = 19.5e12 * 0.6, kMemBw = 1555e9;

struct Layer {
  double fwd, act, weights;
};

Layer Conv(double hw, double cin, double cout, double k) {
  return {2 * hw * hw * cin * cout * k * k, 4 * hw * hw * cout, cin * cout * k * k};
}

// The 53 convolutions of ResNet-50 in the spec's order (conv1, then per stage three per
// bottleneck block and the first block's shortcut).
std::array<Layer, kLayers> Layers() {
  const int blocks[] = {3, 4, 6, 3}, widths[] = {64, 128, 256, 512}, sizes[] = {56, 28, 14, 7};
  std::array<Layer, kLayers> out;
  int n = 0;
  out[n++] = Conv(112, 3, 64, 7);
  for (int s = 0; s < 4; ++s) {
    int w = widths[s], cin0 = s == 0 ? 64 : 4 * widths[s - 1];
    for (int j = 0; j <= 3 * blocks[s]; ++j) {
      int b = j / 3, k = j - 3 * b, cin = b == 0 ? cin0 : 4 * w;
      if (j == 3 * blocks[s]) out[n++] = Conv(sizes[s], cin0, 4 * w, 1);
      else if (k == 0) out[n++] = Conv(sizes[s], cin, w, 1);
      else if (k == 1) out[n++] = Conv(sizes[s], w, w, 3);
      else out[n++] = Conv(sizes[s], w, 4 * w, 1);
    }
  }
  return out;
}

struct Static {
  std::array<Layer, kLayers> layers = Layers();
  std::array<double, kBuckets> bytes{};  // gradient bytes per bucket
  double act_sum = 0, weight_sum = 0;
  Static() {
    for (int i = 0; i < kLayers; ++i) {
      bytes[(52 - i) / 4] += 4 * layers[i].weights;
      act_sum += layers[i].act;
      weight_sum += layers[i].weights;
    }
  }
};

inline double Roofline(double work, double traffic) { return std::max(work / kPeak, traffic / kMemBw); }

}  // namespace

void ReferenceSweep(const double* const* axes, const int64_t* lo, const int64_t* hi, const int64_t* stride,
                    double* __restrict reports, uint8_t* __restrict feasible, int64_t count) {
  static const Static st;
  enum { kGpus, kBw, kLat, kBatch };
  double* __restrict iter = reports;
  double* __restrict thr = reports + count;
  double* __restrict exposed = reports + 2 * count;
  double* __restrict eff = reports + 3 * count;
  const double* __restrict lats = axes[kLat];
  for (int64_t ib = lo[kBatch]; ib < hi[kBatch]; ++ib) {
    const double batch = axes[kBatch][ib];
    double forward = 0, backward = 0;
    std::array<double, kLayers> bwd;
    for (int i = 0; i < kLayers; ++i) {
      const Layer& l = st.layers[i];
      forward += Roofline(batch * l.fwd, batch * l.act + 4 * l.weights);
      bwd[i] = Roofline(batch * l.fwd, 2 * batch * l.act + 4 * l.weights) +
               Roofline(batch * l.fwd, batch * l.act + 8 * l.weights);
      backward += bwd[i];
    }
    std::array<double, kBuckets> ready{};  // backward time until bucket b's gradients exist
    for (int b = 0; b < kBuckets; ++b)
      for (int i = 0; i < kLayers; ++i)
        if (52 - i < 4 * b + 4) ready[b] += bwd[i];
    const bool fits = batch * st.act_sum * 2 + 16 * st.weight_sum <= 80e9;
    const int64_t pos_b = (ib - lo[kBatch]) * stride[kBatch];
    for (int64_t ig = lo[kGpus]; ig < hi[kGpus]; ++ig) {
      const double p = axes[kGpus][ig];
      const int64_t pos_g = pos_b + (ig - lo[kGpus]) * stride[kGpus];
      for (int64_t iw = lo[kBw]; iw < hi[kBw]; ++iw) {
        const double bw = axes[kBw][iw];
        std::array<double, kBuckets> q;  // n_b / p / bw: the bandwidth term of bucket b
        for (int b = 0; b < kBuckets; ++b) q[b] = st.bytes[b] / p / bw;
        const double steps = 2 * (p - 1);
        const int64_t pos_w = pos_g + (iw - lo[kBw]) * stride[kBw];
        auto point = [&](int64_t il, int64_t pos) {
          const double lat = lats[il];
          double end = 0;
          for (int b = 0; b < kBuckets; ++b) {
            double comm = steps * (lat + q[b]);  // 0 when p == 1: steps is 0 and the rest finite
            end = (b == 0 ? ready[0] : std::max(end, ready[b])) + comm;
          }
          const double total = forward + end;
          iter[pos] = total;
          thr[pos] = batch * p / total;
          exposed[pos] = total - forward - backward;
          eff[pos] = (forward + backward) / total;
          feasible[pos] = fits;
        };
        // The unit-stride case, spelled out so the compiler vectorises it.
        if (stride[kLat] == 1) {
          for (int64_t il = lo[kLat]; il < hi[kLat]; ++il) point(il, pos_w + (il - lo[kLat]));
        } else {
          for (int64_t il = lo[kLat]; il < hi[kLat]; ++il) point(il, pos_w + (il - lo[kLat]) * stride[kLat]);
        }
      }
    }
  }
}

}  // namespace rl::bench

// Evaluating a kernel-time model (Model::Predict / PredictBatch): the input transform,
// the MLP and the output transform of mlp.h. Part of rl_kernels. Every step is total:
// features are clamped, the output is clamped to the training range (widened) and the
// time to [time_lo, DBL_MAX], so no input traps or yields a non-finite or zero time.
#include <algorithm>
#include <cmath>
#include <limits>

#include "runtime/kernels/mlp.h"

namespace rl::kernels {

namespace {

// Rows per Eigen block in PredictBatch: big enough for efficient matrix products, small
// enough that the activations (rows × widest layer doubles) stay in cache.
constexpr int64_t kBlockRows = 256;

double ClampFeature(double f) { return f > 0 ? std::min(f, kMaxFeature) : 0; }  // NaN → 0

// A target (log seconds, or the logit of a utilisation) beyond ±700 would overflow exp;
// clamped outputs never get near it, training's trial outputs can.
constexpr double kMaxTarget = 700;

}  // namespace

llvm::StringRef VariantName(Variant v) {
  switch (v) {
    case Variant::Log: return "log";
    case Variant::Util: return "util";
  }
  return "?";
}

double RooflineTime(double flops, double bytes, double peak_flops, double mem_bw) {
  if (!(peak_flops > 0) || !(mem_bw > 0)) return 0;
  return std::max(flops / peak_flops, bytes / mem_bw);
}

void Model::Impl::RawInputs(const double* feats, int64_t n, Eigen::MatrixXd& x, Eigen::RowVectorXd& roof,
                            bool clamp_device) const {
  const size_t nk = NumKindFeatures(), nf = NumFeatures(), nd = NumDerivedInputs(*info);
  x.resize(Eigen::Index(NumInputs()), n);
  roof.resize(n);
  double f[kMaxKindFeatures];
  for (int64_t r = 0; r < n; ++r) {
    const double* row = feats + r * int64_t(nf);
    for (size_t i = 0; i < nk; ++i) {
      f[i] = ClampFeature(row[i]);
      x(Eigen::Index(i), r) = std::log1p(f[i]);
    }
    // A generic model sees a precision through the device's peak at it and the bytes it
    // moves, not through the element size itself (mlp.h, `generic`).
    if (generic) x(Eigen::Index(nk - 1), r) = 0;
    double peak = peak_flops, bw = mem_bw;
    if (generic) {
      // NaN → 1, like any feature's NaN → 0: finite, and the roofline stays finite.
      double dev[kDeviceFeatures];
      for (size_t i = 0; i < kDeviceFeatures; ++i) {
        dev[i] = row[nk + i] >= 1 ? std::min(row[nk + i], kMaxDeviceFeature) : 1;
        double in = clamp_device ? std::clamp(dev[i], device_lo(Eigen::Index(i)), device_hi(Eigen::Index(i))) : dev[i];
        x(Eigen::Index(nk + i), r) = std::log1p(in);
      }
      peak = dev[0];
      bw = dev[1];
    }
    double flops = KindFlops(*info, f), bytes = KindBytes(*info, f);
    double d[kMaxDerivedInputs];
    DerivedInputs(*info, f, flops, bytes, dispatch, d);
    for (size_t i = 0; i < nd; ++i) x(Eigen::Index(nf + i), r) = d[i];
    roof(r) = RooflineTime(flops, bytes, peak, bw);
  }
}

// Each layer is a sum of rank-1 updates, input by input, rather than one matrix product:
// Eigen picks a different kernel (and so a different summation order) for one column
// than for many, and a prediction must not depend on how many rows were predicted with
// it. This way every output adds its terms in the same order whatever the batch, so
// Predict, PredictBatch, the interpreter and JIT code (which batches over a box's batch
// values) agree to the last bit; the updates still vectorise across rows and columns.
void Model::Impl::Forward(const Eigen::MatrixXd& x, Scratch& s) const {
  s.out.setZero(x.cols());
  for (const Net& net : nets) {
    const Eigen::MatrixXd* h = &x;
    for (size_t l = 0; l < net.size(); ++l) {
      Eigen::MatrixXd& z = l % 2 ? s.b : s.a;
      const Eigen::MatrixXd& w = net[l].w;
      z.resize(w.rows(), h->cols());
      z.colwise() = net[l].b;
      for (Eigen::Index k = 0; k < w.cols(); ++k) z.noalias() += w.col(k) * h->row(k);
      if (l + 1 < net.size()) TanhInPlace(z);
      h = &z;
    }
    s.out += h->row(0);
  }
  s.out /= double(nets.size());
  for (Eigen::Index k = 0; k < x.rows(); ++k) s.out += skip(k) * x.row(k);
}

double Model::Impl::Excess(double target, double roof, double* slope) const {
  target = std::clamp(target, -kMaxTarget, kMaxTarget);
  switch (variant) {
    case Variant::Log: {
      double t = std::exp(target);
      if (slope) *slope = t;
      return t;
    }
    case Variant::Util: {  // roof / (scale · sigmoid(target))
      double e = std::exp(-target);
      if (slope) *slope = -roof * e / util_scale;
      return roof * (1 + e) / util_scale;
    }
  }
  return 0;
}

double Model::Impl::Time(double out, double roof) const {
  out = out >= out_lo ? std::min(out, out_hi) : out_lo;  // NaN → out_lo
  double t = floor + Excess(out * out_std + out_mean, roof, nullptr);
  t = std::max(t, roof / util_scale);
  if (!(t >= time_lo)) return time_lo;
  return std::min(t, std::numeric_limits<double>::max());
}

void Model::Impl::Times(const Eigen::MatrixXd& x, const Eigen::RowVectorXd& roof, double* out, Scratch& s) const {
  Forward(x, s);
  for (Eigen::Index i = 0; i < s.out.size(); ++i) out[i] = Time(s.out(i), roof(i));
}

const std::string& Model::kind() const { return impl->kind; }
const std::string& Model::variant() const { return impl->variant_name; }
double Model::floor() const { return impl->floor; }
double Model::PredictionMacs() const {
  if (!impl) return 0;
  double macs = static_cast<double>(impl->skip.size());
  for (const Net& net : impl->nets)
    for (const Layer& layer : net) macs += static_cast<double>(layer.w.size());
  return macs;
}
const Metrics& Model::metrics() const { return impl->metrics; }
size_t Model::num_features() const { return impl->NumFeatures(); }
bool Model::generic() const { return impl->generic; }

double Model::Predict(const double* feats) const {
  double t = 0;
  PredictBatch(feats, 1, &t);
  return t;
}

void Model::PredictBatch(const double* feats, int64_t n, double* out) const {
  const Impl& m = *impl;
  Eigen::MatrixXd x;
  Eigen::RowVectorXd roof;
  Impl::Scratch scratch;
  for (int64_t start = 0; start < n; start += kBlockRows) {
    int64_t rows = std::min(kBlockRows, n - start);
    m.RawInputs(feats + start * int64_t(m.NumFeatures()), rows, x, roof);
    x = (x.colwise() - m.in_mean).array().colwise() / m.in_std.array();
    m.Times(x, roof, out + start, scratch);
  }
}

}  // namespace rl::kernels

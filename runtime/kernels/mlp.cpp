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

// The steps below are templated on the scalar: double for predictions, Dual (dual.h) for
// their derivatives (jvp.cpp), one source for both.
template <class T>
T ClampFeature(T f) { return f > 0 ? std::min(f, T(kMaxFeature)) : T(0); }  // NaN → 0

// A target (log seconds, or the logit of a utilisation) beyond ±700 would overflow exp;
// clamped outputs never get near it, training's trial outputs can.
constexpr double kMaxTarget = 700;

template <class T>
T RooflineOf(T flops, T bytes, T peak_flops, T mem_bw) {
  if (!(peak_flops > 0) || !(mem_bw > 0)) return T(0);
  return std::max(flops / peak_flops, bytes / mem_bw);
}

// One row of features into its raw inputs x[0..m.NumInputs()); returns its roofline time.
template <class T>
T RowInputsOf(const Model::Impl& m, const T* row, T* x, bool clamp_device) {
  const size_t nk = m.NumKindFeatures(), nf = m.NumFeatures(), nd = NumDerivedInputs(*m.info);
  T f[kMaxKindFeatures];
  for (size_t i = 0; i < nk; ++i) {
    f[i] = ClampFeature(row[i]);
    x[i] = Log1p(f[i]);
  }
  // A generic model sees a precision through the device's peak at it and the bytes it
  // moves, not through the element size itself (mlp.h, `generic`).
  if (m.generic) x[nk - 1] = T(0);
  T peak(m.peak_flops), bw(m.mem_bw);
  if (m.generic) {
    // NaN → 1, like any feature's NaN → 0: finite, and the roofline stays finite.
    T dev[kDeviceFeatures];
    for (size_t i = 0; i < kDeviceFeatures; ++i) {
      dev[i] = row[nk + i] >= 1 ? std::min(row[nk + i], T(kMaxDeviceFeature)) : T(1);
      T in = clamp_device
                 ? std::clamp(dev[i], T(m.device_lo(Eigen::Index(i))), T(m.device_hi(Eigen::Index(i))))
                 : dev[i];
      x[nk + i] = Log1p(in);
    }
    peak = dev[0];
    bw = dev[1];
  }
  T flops = KindFlops(*m.info, f), bytes = KindBytes(*m.info, f);
  T d[kMaxDerivedInputs];
  DerivedInputs(*m.info, f, flops, bytes, m.dispatch, d);
  for (size_t i = 0; i < nd; ++i) x[nf + i] = d[i];
  return RooflineOf(flops, bytes, peak, bw);
}

template <class T>
T ExcessOf(const Model::Impl& m, T target, T roof, T* slope) {
  target = std::clamp(target, T(-kMaxTarget), T(kMaxTarget));
  switch (m.variant) {
    case Variant::Log: {
      T t = Exp(target);
      if (slope) *slope = t;
      return t;
    }
    case Variant::Util: {  // roof / (scale · sigmoid(target))
      T e = Exp(-target);
      if (slope) *slope = -roof * e / m.util_scale;
      return roof * (1 + e) / m.util_scale;
    }
  }
  return T(0);
}

template <class T>
T TimeOf(const Model::Impl& m, T out, T roof) {
  out = out >= m.out_lo ? std::min(out, T(m.out_hi)) : T(m.out_lo);  // NaN → out_lo
  T t = m.floor + ExcessOf(m, out * m.out_std + m.out_mean, roof, static_cast<T*>(nullptr));
  t = std::max(t, roof / m.util_scale);
  if (!(t >= m.time_lo)) return T(m.time_lo);
  return std::min(t, T(std::numeric_limits<double>::max()));
}

}  // namespace

llvm::StringRef VariantName(Variant v) {
  switch (v) {
    case Variant::Log: return "log";
    case Variant::Util: return "util";
  }
  return "?";
}

double RooflineTime(double flops, double bytes, double peak_flops, double mem_bw) {
  return RooflineOf(flops, bytes, peak_flops, mem_bw);
}
Dual RooflineTime(Dual flops, Dual bytes, Dual peak_flops, Dual mem_bw) {
  return RooflineOf(flops, bytes, peak_flops, mem_bw);
}

void Model::Impl::RawInputs(const double* feats, int64_t n, Eigen::MatrixXd& x, Eigen::RowVectorXd& roof,
                            bool clamp_device) const {
  const int64_t nf = int64_t(NumFeatures());
  x.resize(Eigen::Index(NumInputs()), n);
  roof.resize(n);
  for (int64_t r = 0; r < n; ++r) roof(r) = RowInputsOf(*this, feats + r * nf, &x(0, Eigen::Index(r)), clamp_device);
}

Dual Model::Impl::RowInputs(const Dual* feats, Dual* x) const {
  return RowInputsOf(*this, feats, x, /*clamp_device=*/true);
}

// Affine (mlp.h) keeps each output's summation order independent of the batch.
void Model::Impl::Forward(const Eigen::MatrixXd& x, Scratch& s) const {
  s.out.setZero(x.cols());
  for (const Net& net : nets) {
    const Eigen::MatrixXd* h = &x;
    for (size_t l = 0; l < net.size(); ++l) {
      Eigen::MatrixXd& z = l % 2 ? s.b : s.a;
      Affine(net[l], *h, z);
      if (l + 1 < net.size()) TanhInPlace(z);
      h = &z;
    }
    s.out += h->row(0);
  }
  s.out /= double(nets.size());
  for (Eigen::Index k = 0; k < x.rows(); ++k) s.out += skip(k) * x.row(k);
}

double Model::Impl::Excess(double target, double roof, double* slope) const {
  return ExcessOf(*this, target, roof, slope);
}
Dual Model::Impl::Excess(Dual target, Dual roof) const {
  return ExcessOf(*this, target, roof, static_cast<Dual*>(nullptr));
}

double Model::Impl::Time(double out, double roof) const { return TimeOf(*this, out, roof); }
Dual Model::Impl::Time(Dual out, Dual roof) const { return TimeOf(*this, out, roof); }

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

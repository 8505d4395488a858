// Forward-mode derivatives of a prediction (Model::PredictJvp): the feature-side steps and
// the output transform run on dual numbers (dual.h; the same templated source as
// Predict, mlp.cpp and kinds.cpp), the networks push the tangent through their layers
// beside the value. Part of rl_kernel_abi.
#include "runtime/kernels/mlp.h"

namespace rl::kernels {

namespace {

// Forward (mlp.cpp) on one column of standardised inputs `x` and its tangent `dx`. The
// value takes Forward's steps (Affine, TanhInPlace and the same sums), so it is Forward's
// to the bit; the tangent takes their derivatives: w · dh through a layer, times
// 1 - tanh(z)² through a hidden layer's activation, the last layer linear.
Dual ForwardDual(const Model::Impl& m, const Eigen::MatrixXd& x, const Eigen::VectorXd& dx) {
  Eigen::MatrixXd a, b;
  Eigen::VectorXd dh, dz;
  Eigen::RowVectorXd out;
  out.setZero(1);
  double dout = 0;
  for (const Net& net : m.nets) {
    const Eigen::MatrixXd* h = &x;
    dh = dx;
    for (size_t l = 0; l < net.size(); ++l) {
      Eigen::MatrixXd& z = l % 2 ? b : a;
      Affine(net[l], *h, z);
      dz.noalias() = net[l].w * dh;
      if (l + 1 < net.size()) {
        TanhInPlace(z);
        dh = (1 - z.col(0).array().square()) * dz.array();
      } else {
        dh = dz;
      }
      h = &z;
    }
    out += h->row(0);
    dout += dh(0);
  }
  out /= double(m.nets.size());
  dout /= double(m.nets.size());
  for (Eigen::Index k = 0; k < x.rows(); ++k) {
    out += m.skip(k) * x.row(k);
    dout += m.skip(k) * dx(k);
  }
  return Dual(out(0), dout);
}

}  // namespace

Dual Model::Impl::PredictDual(const double* feats, const double* tangents) const {
  const size_t nf = NumFeatures();
  const Eigen::Index ni = Eigen::Index(NumInputs());
  Dual row[kMaxKindFeatures + kDeviceFeatures];
  for (size_t i = 0; i < nf; ++i) row[i] = Dual(feats[i], tangents[i]);
  Dual raw[kMaxKindFeatures + kDeviceFeatures + kMaxDerivedInputs];
  Dual roof = RowInputs(row, raw);
  // PredictBatch's standardisation, element by element.
  Eigen::MatrixXd x(ni, 1);
  Eigen::VectorXd dx(ni);
  for (Eigen::Index k = 0; k < ni; ++k) {
    x(k, 0) = (raw[k].v - in_mean(k)) / in_std(k);
    dx(k) = raw[k].d / in_std(k);
  }
  return Time(ForwardDual(*this, x, dx), roof);
}

double Model::PredictJvp(const double* feats, const double* tangents) const {
  return impl->PredictDual(feats, tangents).d;
}

}  // namespace rl::kernels

// Training one kernel model's network: Glorot-initialised tanh MLP, mini-batch Adam on
// the mean squared error of the standardised target, cosine-decayed step size, and early
// stopping on the validation rows' MAPE. Part of rl_kernels (used by fit.cpp).
//
// Why tanh: the targets (log time, logit of utilisation) are smooth functions of the log
// features, and a small tanh network fits such surfaces with few units and no dead units;
// extrapolation is bounded (tanh saturates), which the output clamp needs anyway. The
// "util" variant carries the scaling with problem size through its roofline.
#include <Eigen/Cholesky>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "runtime/kernels/train.h"

namespace rl::kernels {

namespace {

// Adam's moment estimates for one layer (and, as a 1-row "layer", for the skip path).
struct Moments {
  Eigen::MatrixXd mw, vw;
  Eigen::VectorXd mb, vb;
};

constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEps = 1e-8;

// The skip path starts at the ridge-regression fit of the targets on the inputs; the
// network starts from Glorot-uniform weights (which keep tanh out of saturation), its
// last layer scaled down so the sum starts near the linear fit.
void Init(Model::Impl& m, const Rows& train, const std::vector<int>& hidden, Rng& rng) {
  const Eigen::Index ni = Eigen::Index(m.NumInputs());
  Eigen::MatrixXd gram = train.x * train.x.transpose();
  gram.diagonal().array() += 1e-3 * double(train.size());
  m.skip = gram.ldlt().solve(train.x * train.y.transpose()).transpose();
  if (!m.skip.allFinite()) m.skip.setZero(ni);
  m.layers.clear();
  int in = int(ni);
  std::vector<int> widths = hidden;
  widths.push_back(1);
  for (size_t k = 0; k < widths.size(); ++k) {
    int out = widths[k];
    Layer l{Eigen::MatrixXd(out, in), Eigen::VectorXd::Zero(out)};
    double limit = std::sqrt(6.0 / (in + out)) * (k + 1 == widths.size() ? 0.1 : 1.0);
    for (Eigen::Index j = 0; j < l.w.cols(); ++j)
      for (Eigen::Index i = 0; i < l.w.rows(); ++i) l.w(i, j) = (2 * rng.Uniform() - 1) * limit;
    m.layers.push_back(std::move(l));
    in = out;
  }
}

template <class P, class M, class G>
void AdamStep(P& param, M& mom, M& vel, const G& grad, double lr, double c1, double c2) {
  mom = kBeta1 * mom + (1 - kBeta1) * grad;
  vel = kBeta2 * vel + (1 - kBeta2) * grad.cwiseProduct(grad);
  param.array() -= lr * (mom.array() / c1) / ((vel.array() / c2).sqrt() + kEps);
}

// One Adam step on the columns `cols` of `train`.
void Step(Model::Impl& m, std::vector<Moments>& mom, const Rows& train, const std::vector<Eigen::Index>& cols,
          double lr, int64_t t, std::vector<Eigen::MatrixXd>& acts) {
  const size_t nl = m.layers.size();
  acts.resize(nl + 1);
  acts[0] = train.x(Eigen::all, cols);
  for (size_t l = 0; l < nl; ++l) {
    acts[l + 1] = m.layers[l].w * acts[l];
    acts[l + 1].colwise() += m.layers[l].b;
    if (l + 1 < nl) acts[l + 1] = acts[l + 1].array().tanh();
  }
  // d(mean squared error)/d(output), then back through the skip path and the layers.
  Eigen::MatrixXd delta =
      (acts[nl] + m.skip * acts[0] - train.y(Eigen::all, cols)) * (2.0 / double(cols.size()));
  const double c1 = 1 - std::pow(kBeta1, double(t)), c2 = 1 - std::pow(kBeta2, double(t));
  Eigen::RowVectorXd gskip = delta * acts[0].transpose();
  AdamStep(m.skip, mom[nl].mw, mom[nl].vw, gskip, lr, c1, c2);
  for (size_t l = nl; l-- > 0;) {
    Eigen::MatrixXd gw = delta * acts[l].transpose();
    Eigen::VectorXd gb = delta.rowwise().sum();
    if (l > 0) delta = (m.layers[l].w.transpose() * delta).cwiseProduct((1 - acts[l].array().square()).matrix());
    AdamStep(m.layers[l].w, mom[l].mw, mom[l].vw, gw, lr, c1, c2);
    AdamStep(m.layers[l].b, mom[l].mb, mom[l].vb, gb, lr, c1, c2);
  }
}

}  // namespace

Errors MeasureErrors(const Model::Impl& m, const Rows& rows) {
  Errors e;
  if (rows.size() == 0) return e;
  std::vector<double> pred(rows.size());
  m.Times(rows.x, rows.roof, pred.data());
  for (size_t i = 0; i < rows.size(); ++i) {
    double err = std::abs(pred[i] - rows.time[i]) / rows.time[i];
    e.mape += err;
    e.max_err = std::max(e.max_err, err);
  }
  e.mape /= double(rows.size());
  return e;
}

int Train(Model::Impl& m, const Rows& train, const Rows& val, const TrainConfig& cfg, Rng& rng) {
  Init(m, train, cfg.hidden, rng);
  std::vector<Moments> mom;
  for (const Layer& l : m.layers)
    mom.push_back({Eigen::MatrixXd::Zero(l.w.rows(), l.w.cols()), Eigen::MatrixXd::Zero(l.w.rows(), l.w.cols()),
                   Eigen::VectorXd::Zero(l.b.size()), Eigen::VectorXd::Zero(l.b.size())});
  mom.push_back({Eigen::MatrixXd::Zero(1, m.skip.size()), Eigen::MatrixXd::Zero(1, m.skip.size()), {}, {}});
  std::vector<Layer> best = m.layers;
  Eigen::RowVectorXd best_skip = m.skip;
  double best_mape = MeasureErrors(m, val).mape;
  const int patience = cfg.patience > 0 ? cfg.patience : std::max(20, cfg.epochs / 3);
  const size_t n = train.size(), batch = size_t(std::max(1, cfg.batch));
  const int64_t steps_per_epoch = int64_t((n + batch - 1) / batch);
  const double total_steps = double(std::max<int64_t>(1, steps_per_epoch * cfg.epochs));
  std::vector<Eigen::Index> order(n), cols;
  for (size_t i = 0; i < n; ++i) order[i] = Eigen::Index(i);
  std::vector<Eigen::MatrixXd> acts;
  int64_t t = 0;
  int epoch = 0, since_best = 0;
  while (epoch < cfg.epochs && since_best < patience) {
    ++epoch;
    rng.Shuffle(order);
    for (size_t start = 0; start < n; start += batch) {
      cols.assign(order.begin() + start, order.begin() + std::min(n, start + batch));
      double progress = double(t) / total_steps;
      double lr = cfg.lr_final + 0.5 * (cfg.lr - cfg.lr_final) * (1 + std::cos(std::numbers::pi * progress));
      Step(m, mom, train, cols, lr, ++t, acts);
    }
    double mape = MeasureErrors(m, val).mape;
    if (mape < best_mape) {
      best_mape = mape;
      best = m.layers;
      best_skip = m.skip;
      since_best = 0;
    } else {
      ++since_best;
    }
  }
  m.layers = std::move(best);
  m.skip = std::move(best_skip);
  return epoch;
}

}  // namespace rl::kernels

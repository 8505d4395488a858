// Training one member network of a kernel model: a tanh MLP plus a linear skip path
// started at the least-squares fit, mini-batch Adam on the relative error of the time,
// cosine-decayed step size, keeping the epoch with the lowest validation MAPE; and the
// averaging of members into one ensemble. Part of rl_kernels (used by fit.cpp).
//
// Why the relative error as the loss: it is what the fit is judged by (MAPE), and on the
// CPU profile it beat the squared error of the log time by a wide margin (36% against 45%
// held-out MAPE averaged over the kinds): a profile timed on a busy machine has rows far
// off the trend, which a squared loss chases and an absolute one does not.
//
// Why tanh: the targets (log time, logit of utilisation) are smooth functions of the log
// features, and a small tanh network fits such surfaces with few units and no dead units.
// Outside the profiled sizes the units saturate, so the network's correction stays
// bounded while the skip path (a power law) and the roofline carry the growth.
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
  m.nets.assign(1, Net{});
  int in = int(ni);
  std::vector<int> widths = hidden;
  widths.push_back(1);
  for (size_t k = 0; k < widths.size(); ++k) {
    int out = widths[k];
    Layer l{Eigen::MatrixXd(out, in), Eigen::VectorXd::Zero(out)};
    double limit = std::sqrt(6.0 / (in + out)) * (k + 1 == widths.size() ? 0.1 : 1.0);
    for (Eigen::Index j = 0; j < l.w.cols(); ++j)
      for (Eigen::Index i = 0; i < l.w.rows(); ++i) l.w(i, j) = (2 * rng.Uniform() - 1) * limit;
    m.nets[0].push_back(std::move(l));
    in = out;
  }
}

template <class P, class M, class G>
void AdamStep(P& param, M& mom, M& vel, const G& grad, double lr, double c1, double c2) {
  mom = kBeta1 * mom + (1 - kBeta1) * grad;
  vel = kBeta2 * vel + (1 - kBeta2) * grad.cwiseProduct(grad);
  param.array() -= lr * (mom.array() / c1) / ((vel.array() / c2).sqrt() + kEps);
}

// d|pred/meas - 1| / d(output) for the outputs `o` of the columns `cols` of `rows`: the
// slope of the relative error the fit is judged by, through the variant's output
// transform (pred = floor + Excess(target), mlp.h).
Eigen::RowVectorXd RelativeErrorSlope(const Model::Impl& m, const Eigen::RowVectorXd& o, const Rows& rows,
                                      const std::vector<Eigen::Index>& cols) {
  Eigen::RowVectorXd g(o.size());
  for (Eigen::Index i = 0; i < o.size(); ++i) {
    const size_t c = size_t(cols[size_t(i)]);
    double slope = 0;
    double r = (m.floor + m.Excess(o(i) * m.out_std + m.out_mean, rows.roof(Eigen::Index(c)), &slope)) / rows.time[c];
    slope *= m.out_std / rows.time[c];
    g(i) = r > 1 ? slope : r < 1 ? -slope : 0;
  }
  return g;
}

// One Adam step on the mean relative error of the columns `cols` of `train`.
void Step(Model::Impl& m, std::vector<Moments>& mom, const Rows& train, const std::vector<Eigen::Index>& cols,
          double lr, int64_t t, std::vector<Eigen::MatrixXd>& acts) {
  Net& net = m.nets[0];
  const size_t nl = net.size();
  acts.resize(nl + 1);
  acts[0] = train.x(Eigen::all, cols);
  for (size_t l = 0; l < nl; ++l) {
    acts[l + 1] = net[l].w * acts[l];
    acts[l + 1].colwise() += net[l].b;
    if (l + 1 < nl) TanhInPlace(acts[l + 1]);
  }
  // d(loss)/d(output), then back through the skip path and the layers.
  Eigen::RowVectorXd out = acts[nl].row(0) + m.skip * acts[0];
  Eigen::MatrixXd delta = RelativeErrorSlope(m, out, train, cols) / double(cols.size());
  const double c1 = 1 - std::pow(kBeta1, double(t)), c2 = 1 - std::pow(kBeta2, double(t));
  Eigen::RowVectorXd gskip = delta * acts[0].transpose();
  AdamStep(m.skip, mom[nl].mw, mom[nl].vw, gskip, lr, c1, c2);
  for (size_t l = nl; l-- > 0;) {
    Eigen::MatrixXd gw = delta * acts[l].transpose();
    Eigen::VectorXd gb = delta.rowwise().sum();
    if (l > 0) delta = (net[l].w.transpose() * delta).cwiseProduct((1 - acts[l].array().square()).matrix());
    AdamStep(net[l].w, mom[l].mw, mom[l].vw, gw, lr, c1, c2);
    AdamStep(net[l].b, mom[l].mb, mom[l].vb, gb, lr, c1, c2);
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

void Average(const std::vector<std::shared_ptr<Model::Impl>>& members, Model::Impl& out) {
  out.nets.clear();
  out.skip = Eigen::RowVectorXd::Zero(members[0]->skip.size());
  for (const auto& mem : members) {
    out.nets.insert(out.nets.end(), mem->nets.begin(), mem->nets.end());
    out.skip += mem->skip / double(members.size());
  }
}

void Train(Model::Impl& m, const Rows& train, const Rows& val, const TrainConfig& cfg, Rng& rng) {
  Init(m, train, cfg.hidden, rng);
  std::vector<Moments> mom;
  for (const Layer& l : m.nets[0])
    mom.push_back({Eigen::MatrixXd::Zero(l.w.rows(), l.w.cols()), Eigen::MatrixXd::Zero(l.w.rows(), l.w.cols()),
                   Eigen::VectorXd::Zero(l.b.size()), Eigen::VectorXd::Zero(l.b.size())});
  mom.push_back({Eigen::MatrixXd::Zero(1, m.skip.size()), Eigen::MatrixXd::Zero(1, m.skip.size()), {}, {}});
  Net best = m.nets[0];
  Eigen::RowVectorXd best_skip = m.skip;
  double best_mape = MeasureErrors(m, val).mape;
  const size_t n = train.size(), batch = size_t(std::max(1, cfg.batch));
  const int64_t steps_per_epoch = int64_t((n + batch - 1) / batch);
  const double total_steps = double(std::max<int64_t>(1, steps_per_epoch * cfg.epochs));
  std::vector<Eigen::Index> order(n), cols;
  for (size_t i = 0; i < n; ++i) order[i] = Eigen::Index(i);
  std::vector<Eigen::MatrixXd> acts;
  int64_t t = 0;
  for (int epoch = 0; epoch < cfg.epochs; ++epoch) {
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
      best = m.nets[0];
      best_skip = m.skip;
    }
  }
  m.nets[0] = std::move(best);
  m.skip = std::move(best_skip);
}

}  // namespace rl::kernels

// The α-β-γ fit of `ringline calibrate` (calibrate.h). Least squares on relative errors:
// each point's row (a, b, c) is divided by its measured time, so that a 1 KB collective
// counts as much as a 64 MB one, and the target is 1; robust (Huber weights) and exactly
// non-negative.
#include "compiler/calibrate/fit.h"

#include <Eigen/Dense>
#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <optional>

namespace rl::calibrate {

namespace {

llvm::Error Fail(const std::string& msg) { return llvm::createStringError(llvm::inconvertibleErrorCode(), msg); }

// Rank of the columns of `m`, each scaled to unit norm first (α's and β's coefficients
// differ by seven orders of magnitude).
Eigen::Index ScaledRank(const Eigen::MatrixXd& m) {
  Eigen::MatrixXd s = m;
  for (Eigen::Index j = 0; j < s.cols(); ++j)
    if (double n = s.col(j).norm(); n > 0) s.col(j) /= n;
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(s);
  qr.setThreshold(1e-9);
  return qr.rank();
}

// The non-negative x minimising Σ w_i (row_i · x − 1)² over the first `unknowns` columns
// (the others 0): every non-empty subset of them solved, the best without a negative
// component kept (the active-set optimum of so few unknowns). Columns are scaled to unit
// norm for the solve.
std::optional<Eigen::Vector3d> SolveNonNegative(const Eigen::MatrixXd& full, const Eigen::VectorXd& w, int unknowns) {
  const Eigen::Index n = full.rows();
  const Eigen::VectorXd sw = w.cwiseSqrt();
  double best = std::numeric_limits<double>::infinity();
  std::optional<Eigen::Vector3d> out;
  for (unsigned mask = 1; mask < (1u << unknowns); ++mask) {
    std::vector<Eigen::Index> cols;
    for (int j = 0; j < unknowns; ++j)
      if (mask & (1u << j)) cols.push_back(j);
    Eigen::MatrixXd m(n, Eigen::Index(cols.size()));
    Eigen::VectorXd scale(Eigen::Index(cols.size()));
    for (size_t k = 0; k < cols.size(); ++k) {
      Eigen::VectorXd c = sw.cwiseProduct(full.col(cols[k]));
      scale(Eigen::Index(k)) = c.norm() > 0 ? c.norm() : 1;
      m.col(Eigen::Index(k)) = c / scale(Eigen::Index(k));
    }
    Eigen::VectorXd y = m.colPivHouseholderQr().solve(sw);
    Eigen::Vector3d x = Eigen::Vector3d::Zero();
    bool ok = y.allFinite();
    for (size_t k = 0; k < cols.size() && ok; ++k) {
      x(cols[k]) = y(Eigen::Index(k)) / scale(Eigen::Index(k));
      ok = x(cols[k]) >= 0;
    }
    if (!ok) continue;
    double r = (sw.asDiagonal() * (full * x - Eigen::VectorXd::Ones(n))).squaredNorm();
    if (r < best) best = r, out = x;
  }
  return out;
}

}  // namespace

llvm::Expected<LinkFit> FitLink(const std::string& link, llvm::ArrayRef<CalibrationPoint> pts) {
  if (pts.empty()) return Fail(fmt::format("link `{}` has no points to fit", link));
  const Eigen::Index n = Eigen::Index(pts.size());
  Eigen::MatrixXd full(n, 3);
  for (Eigen::Index i = 0; i < n; ++i) {
    const CalibrationPoint& p = pts[size_t(i)];
    full.row(i) << p.a / p.measured, p.b / p.measured, p.c / p.measured;
  }
  LinkFit fit;
  const bool reduces = full.col(2).cwiseAbs().maxCoeff() > 0;
  int unknowns = 2;
  if (!reduces) {
    fit.gamma_note = "no point's schedule reduces";
  } else if (ScaledRank(full) < 3) {
    fit.gamma_note = "γ is not separable from β with these collectives (measure one without a reduction too)";
  } else {
    unknowns = 3;
    fit.gamma_fitted = true;
  }
  if (n < unknowns + 1)
    return Fail(fmt::format("link `{}` has {} point{}; fitting {} needs at least {}", link, n, n == 1 ? "" : "s",
                            unknowns == 3 ? "α, β and γ" : "α and β", unknowns + 1));
  if (ScaledRank(full.leftCols(2)) < 2)
    return Fail(fmt::format("the points of link `{}` cannot separate α from β: measure at least two message sizes",
                            link));
  // Huber's robust least squares by iterative reweighting: a point whose relative error is
  // above kHuber counts linearly rather than quadratically, so that a few disturbed points
  // (a rank descheduled on a busy or oversubscribed machine: 1 KiB taking 10 times its
  // latency) cannot pull the link's bandwidth. Starts from plain least squares.
  constexpr double kHuber = 0.05;
  Eigen::VectorXd w = Eigen::VectorXd::Ones(n);
  std::optional<Eigen::Vector3d> x_best;
  for (int iter = 0; iter < 100; ++iter) {
    std::optional<Eigen::Vector3d> x = SolveNonNegative(full, w, unknowns);
    if (!x) break;
    const bool converged = x_best && (*x - *x_best).cwiseAbs().maxCoeff() <= 1e-12 * x->cwiseAbs().maxCoeff();
    x_best = x;
    if (converged) break;
    Eigen::VectorXd r = full * *x - Eigen::VectorXd::Ones(n);
    for (Eigen::Index i = 0; i < n; ++i) w(i) = std::abs(r(i)) <= kHuber ? 1 : kHuber / std::abs(r(i));
  }
  if (!x_best) return Fail(fmt::format("no non-negative α, β fit the points of link `{}`", link));
  const Eigen::Vector3d& x_fit = *x_best;
  fit.alpha = x_fit(0);
  fit.beta = x_fit(1);
  fit.gamma = x_fit(2);
  for (const CalibrationPoint& p : pts) fit.fitted.push_back(fit.Time(p));
  return fit;
}

}  // namespace rl::calibrate

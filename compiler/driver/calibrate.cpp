// The α-β-γ fit of `ringline calibrate` (calibrate.h). Least squares on relative errors:
// each point's row (a, b, c) is divided by its measured time, so that a 1 KB collective
// counts as much as a 64 MB one, and the target is 1. Non-negativity is exact: every
// subset of the unknowns is solved (at most 7 small problems) and the best solution with
// no negative component is kept (the active-set optimum of so few unknowns).
#include "compiler/driver/calibrate.h"

#include <Eigen/Dense>
#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace rl::driver {

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

}  // namespace

llvm::Expected<LinkFit> FitLink(const std::string& link, llvm::ArrayRef<CalibrationPoint> pts) {
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
  // Every non-empty subset of the unknowns; the others are 0.
  const Eigen::VectorXd ones = Eigen::VectorXd::Ones(n);
  double best = std::numeric_limits<double>::infinity();
  Eigen::Vector3d x_best = Eigen::Vector3d::Zero();
  for (unsigned mask = 1; mask < (1u << unknowns); ++mask) {
    std::vector<Eigen::Index> cols;
    for (int j = 0; j < unknowns; ++j)
      if (mask & (1u << j)) cols.push_back(j);
    Eigen::MatrixXd m(n, Eigen::Index(cols.size()));
    Eigen::VectorXd scale(Eigen::Index(cols.size()));
    for (size_t k = 0; k < cols.size(); ++k) {
      scale(Eigen::Index(k)) = full.col(cols[k]).norm();
      if (scale(Eigen::Index(k)) == 0) scale(Eigen::Index(k)) = 1;
      m.col(Eigen::Index(k)) = full.col(cols[k]) / scale(Eigen::Index(k));
    }
    Eigen::VectorXd y = m.colPivHouseholderQr().solve(ones);
    Eigen::Vector3d x = Eigen::Vector3d::Zero();
    bool ok = y.allFinite();
    for (size_t k = 0; k < cols.size() && ok; ++k) {
      x(cols[k]) = y(Eigen::Index(k)) / scale(Eigen::Index(k));
      ok = x(cols[k]) >= 0;
    }
    if (!ok) continue;
    double r = (full * x - ones).squaredNorm();
    if (r < best) best = r, x_best = x;
  }
  if (!std::isfinite(best)) return Fail(fmt::format("no non-negative α, β fit the points of link `{}`", link));
  fit.alpha = x_best(0);
  fit.beta = x_best(1);
  fit.gamma = x_best(2);
  for (const CalibrationPoint& p : pts) fit.fitted.push_back(p.a * fit.alpha + p.b * fit.beta + p.c * fit.gamma);
  return fit;
}

}  // namespace rl::driver

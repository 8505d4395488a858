// `ringline calibrate`'s fit (compiler/calibrate/fit.h): exact recovery, the
// non-negativity of α, β and γ, and when γ cannot be fitted.
#include "compiler/calibrate/fit.h"

#include <gtest/gtest.h>

namespace rl::calibrate {
namespace {

// A point whose schedule is a ring allreduce (reduces) or a ring allgather (does not),
// measured at exactly α, β, γ.
CalibrationPoint Ring(bool allreduce, int p, double n, double alpha, double beta, double gamma) {
  CalibrationPoint pt;
  pt.op = allreduce ? "allreduce" : "allgather";
  pt.p = p;
  pt.bytes = n;
  const double k = double(p - 1) / p;
  pt.a = allreduce ? 2 * (p - 1) : p - 1;
  pt.b = allreduce ? 2 * k * n : k * n;
  pt.c = allreduce ? k * n : 0;
  pt.measured = pt.a * alpha + pt.b * beta + pt.c * gamma;
  return pt;
}

std::vector<CalibrationPoint> Grid(double alpha, double beta, double gamma, bool with_allgather = true) {
  std::vector<CalibrationPoint> pts;
  for (int p : {2, 4, 8})
    for (double n : {1024.0, 1048576.0, 67108864.0}) {
      pts.push_back(Ring(true, p, n, alpha, beta, gamma));
      if (with_allgather) pts.push_back(Ring(false, p, n, alpha, beta, gamma));
    }
  return pts;
}

TEST(Calibrate, RecoversExactLinks) {
  std::vector<CalibrationPoint> pts = Grid(50e-6, 1 / 117e6, 0.3e-9);
  llvm::Expected<LinkFit> f = FitLink("l", pts);
  ASSERT_TRUE(bool(f)) << llvm::toString(f.takeError());
  EXPECT_NEAR(f->alpha, 50e-6, 1e-15);
  EXPECT_NEAR(f->beta * 117e6, 1, 1e-9);
  EXPECT_NEAR(f->gamma, 0.3e-9, 1e-18);
  EXPECT_TRUE(f->gamma_fitted);
  for (size_t i = 0; i < pts.size(); ++i) EXPECT_NEAR(f->Error(i, pts), 0, 1e-9);
}

TEST(Calibrate, KeepsEveryTermNonNegative) {
  // Times that a negative latency would fit best: the fit stays at α = 0.
  std::vector<CalibrationPoint> pts = Grid(-20e-6, 1e-8, 0);
  llvm::Expected<LinkFit> f = FitLink("l", pts);
  ASSERT_TRUE(bool(f)) << llvm::toString(f.takeError());
  EXPECT_EQ(f->alpha, 0);
  EXPECT_GT(f->beta, 0);
  EXPECT_GE(f->gamma, 0);
}

TEST(Calibrate, GammaNeedsACollectiveWithoutReduction) {
  // Allreduce alone: γ's coefficient is half of β's at every point, so it cannot be told apart.
  llvm::Expected<LinkFit> f = FitLink("l", Grid(50e-6, 1e-8, 1e-9, /*with_allgather=*/false));
  ASSERT_TRUE(bool(f)) << llvm::toString(f.takeError());
  EXPECT_FALSE(f->gamma_fitted);
  EXPECT_EQ(f->gamma, 0);
  EXPECT_NE(f->gamma_note.find("not separable"), std::string::npos);
}

TEST(Calibrate, RefusesTooFewPoints) {
  std::vector<CalibrationPoint> pts = {Ring(false, 2, 1024, 1e-5, 1e-8, 0), Ring(false, 2, 1e6, 1e-5, 1e-8, 0)};
  llvm::Expected<LinkFit> f = FitLink("slow", pts);
  ASSERT_FALSE(bool(f));
  EXPECT_EQ(llvm::toString(f.takeError()), "link `slow` has 2 points; fitting α and β needs at least 3");
}

}  // namespace
}  // namespace rl::calibrate

// Monte Carlo over a scenario's distributions (Spec::LowerSampled, Scenario::Uncertainty;
// docs/uncertainty.md), through the library API: each family's mean and percentiles
// against their closed forms within a few standard errors, a linear and a log-normal
// report of them, the same numbers on the JIT and the interpreter to the bit, and a seed
// that reproduces a run and changes it.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "include/ringline/ringline.h"

namespace {

ringline::Options Opts() {
  ringline::Options o;
  o.stdlib_dir = RL_STDLIB_DIR;
  return o;
}

const char* kSpec = R"(
record Link { bw: B/s, lat: s }
scenario u {
  param x: Real = 1 ~ normal(1, 0.5)
  param y: s = 2 s ~ lognormal(2 s, 1.5)
  param z: Real = 0 ~ uniform(0, 10)
  param w: Real = 0 ~ triangular(0, 2, 10)
  param link: Link = Link { bw = 25 GB/s, lat = 5 us }
  report lin = 3 * x + 1
  report logn = y
  report unif = z
  report tri = w
  report bw = link.bw
}
)";

// The standard normal's quantile, by bisection on erfc (for the expectations only).
double Probit(double p) {
  double lo = -10, hi = 10;
  for (int i = 0; i < 200; ++i) {
    double mid = (lo + hi) / 2;
    (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

struct Closed {
  double mean, sd;
  double (*quantile)(double);
  double (*density)(double);
};

constexpr uint64_t kSamples = 200000;

// |estimate - truth| within 4 standard errors: the mean's sd / sqrt(n), a quantile's
// sqrt(p (1 - p) / n) / density.
void ExpectClose(const ringline::Spread& s, const Closed& c) {
  const double n = static_cast<double>(kSamples);
  EXPECT_NEAR(s.mean, c.mean, 4 * c.sd / std::sqrt(n)) << s.report;
  EXPECT_NEAR(s.sd, c.sd, 4 * c.sd / std::sqrt(2 * n) * 2) << s.report;
  const double ps[] = {0.05, 0.5, 0.95};
  const double got[] = {s.p5, s.p50, s.p95};
  for (int i = 0; i < 3; ++i) {
    const double x = c.quantile(ps[i]);
    EXPECT_NEAR(got[i], x, 4 * std::sqrt(ps[i] * (1 - ps[i]) / n) / c.density(x)) << s.report << " p" << ps[i];
  }
  EXPECT_EQ(s.samples, kSamples);
  EXPECT_EQ(s.feasible, kSamples);
}

TEST(Uncertainty, PercentilesMatchClosedForms) {
  auto spec = ringline::Spec::CompileString(kSpec, "u.rl", Opts());
  auto sc = spec->LowerSampled("u", {}, {}, {{"link.bw", "normal(25 GB/s, 2 GB/s)"}}, 11);
  const std::vector<ringline::Spread> s = sc->Uncertainty(kSamples, ringline::Backend::Jit, 0);
  ASSERT_EQ(s.size(), 5u);
  const double ln15 = std::log(1.5);
  static double sig;
  sig = ln15;
  // lin = 3 x + 1, x ~ N(1, 0.5): N(4, 1.5).
  ExpectClose(s[0], {4, 1.5, [](double p) { return 4 + 1.5 * Probit(p); },
                     [](double x) { return std::exp(-(x - 4) * (x - 4) / 4.5) / (1.5 * std::sqrt(2 * std::acos(-1.0))); }});
  // logn: median 2, sigma ln 1.5: mean 2 exp(sigma^2 / 2), sd mean sqrt(exp(sigma^2) - 1).
  const double mean = 2 * std::exp(ln15 * ln15 / 2);
  ExpectClose(s[1], {mean, mean * std::sqrt(std::exp(ln15 * ln15) - 1), [](double p) { return 2 * std::exp(sig * Probit(p)); },
                     [](double x) {
                       const double z = std::log(x / 2) / sig;
                       return std::exp(-z * z / 2) / (x * sig * std::sqrt(2 * std::acos(-1.0)));
                     }});
  ExpectClose(s[2], {5, 10 / std::sqrt(12.0), [](double p) { return 10 * p; }, [](double) { return 0.1; }});
  // Triangular(0, 2, 10): mean 4, variance (a² + b² + c² - ab - ac - bc) / 18 = 84 / 18.
  ExpectClose(s[3], {4, std::sqrt(84.0 / 18), [](double p) {
                       return p < 0.2 ? std::sqrt(20 * p) : 10 - std::sqrt(80 * (1 - p));
                     },
                     [](double x) { return x < 2 ? x / 10 : (10 - x) / 40; }});
  // A record field drawn by --vary: N(25e9, 2e9) B/s.
  ExpectClose(s[4], {25e9, 2e9, [](double p) { return 25e9 + 2e9 * Probit(p); },
                     [](double x) { return std::exp(-(x - 25e9) * (x - 25e9) / 8e18) / (2e9 * std::sqrt(2 * std::acos(-1.0))); }});
}

TEST(Uncertainty, BackendsAgreeToTheBitAndSeedsReproduce) {
  auto spec = ringline::Spec::CompileString(kSpec, "u.rl", Opts());
  auto run = [&](ringline::Backend b, uint64_t seed, unsigned threads) {
    return spec->LowerSampled("u", {}, {}, {{"link.bw", "normal(25 GB/s, 2 GB/s)"}}, seed)->Uncertainty(20000, b, threads);
  };
  auto same = [](const std::vector<ringline::Spread>& a, const std::vector<ringline::Spread>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
      for (auto f : {&ringline::Spread::mean, &ringline::Spread::p5, &ringline::Spread::p50, &ringline::Spread::p95,
                     &ringline::Spread::sd})
        if (std::memcmp(&(a[i].*f), &(b[i].*f), sizeof(double)) != 0) return false;
    return true;
  };
  const auto jit = run(ringline::Backend::Jit, 3, 1);
  EXPECT_TRUE(same(jit, run(ringline::Backend::Interp, 3, 1)));
  EXPECT_TRUE(same(jit, run(ringline::Backend::Jit, 3, 2)));  // threads do not change a sum
  EXPECT_FALSE(same(jit, run(ringline::Backend::Jit, 4, 1)));
}

TEST(Uncertainty, NeedsASampledScenario) {
  auto spec = ringline::Spec::CompileString(kSpec, "u.rl", Opts());
  EXPECT_THROW(spec->Lower("u")->Uncertainty(10), ringline::SpecError);
  EXPECT_THROW(spec->LowerSampled("u", {}, {}, {}, 1)->Uncertainty(0), ringline::SpecError);
}

}  // namespace

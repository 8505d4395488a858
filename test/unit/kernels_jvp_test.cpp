// Forward-mode derivatives of kernel-time predictions (Model::PredictJvp, runtime/kernels/
// jvp.cpp): checked against finite differences of Predict for every formula, both
// variants and device-generic models (hand-built with random weights, and the fitted
// bundles of stdlib/kernels), its value against Predict to the bit, linearity in the
// tangent, and 0 wherever the prediction is locally constant.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "runtime/abi.h"
#include "runtime/kernels/mlp.h"
#include "runtime/kernels/rng.h"

namespace rl::kernels {
namespace {

using Vec = std::vector<double>;

// A model of `kind` with random weights (two networks of two tanh layers, a skip path),
// its output range wide enough that the clamp rarely binds, and a roofline that binds for
// the largest calls: every step of Predict has a say in the derivative somewhere.
std::shared_ptr<Model::Impl> RandomModel(const char* kind, Variant v, bool generic, bool torch_cpu, uint64_t seed) {
  Rng rng(seed);
  auto u = [&](double lo, double hi) { return lo + (hi - lo) * rng.Uniform(); };
  auto m = std::make_shared<Model::Impl>();
  m->info = FindKind(kind);
  m->kind = kind;
  m->variant = v;
  m->variant_name = VariantName(v).str();
  m->generic = generic;
  if (generic) {
    m->device_lo = Eigen::Vector2d(5e11, 5e10);
    m->device_hi = Eigen::Vector2d(5e13, 2e12);
  }
  m->dispatch.torch_cpu = torch_cpu;
  m->dispatch.threads = 4;
  const Eigen::Index ni = Eigen::Index(m->NumInputs());
  m->in_mean.resize(ni);
  m->in_std.resize(ni);
  for (Eigen::Index i = 0; i < ni; ++i) {
    m->in_mean(i) = u(0, 8);
    m->in_std(i) = u(1, 6);
  }
  auto layer = [&](Eigen::Index out, Eigen::Index in) {
    Layer l{Eigen::MatrixXd(out, in), Eigen::VectorXd(out)};
    const double s = 1.5 / std::sqrt(double(in));
    for (Eigen::Index r = 0; r < out; ++r) {
      l.b(r) = u(-0.5, 0.5);
      for (Eigen::Index c = 0; c < in; ++c) l.w(r, c) = u(-s, s);
    }
    return l;
  };
  for (int n = 0; n < 2; ++n) m->nets.push_back({layer(8, ni), layer(6, 8), layer(1, 6)});
  m->skip.resize(ni);
  for (Eigen::Index i = 0; i < ni; ++i) m->skip(i) = u(-0.2, 0.2);
  m->out_mean = v == Variant::Log ? std::log(1e-4) : 0;
  m->out_std = v == Variant::Log ? 1.5 : 1;
  m->out_lo = -8;
  m->out_hi = 8;
  m->util_scale = 1.25;
  m->floor = 3e-6;
  m->time_lo = 1e-9;
  m->peak_flops = 2e12;
  m->mem_bw = 2e11;
  return m;
}

Model Wrap(std::shared_ptr<Model::Impl> impl) {
  Model m;
  m.impl = std::move(impl);
  return m;
}

// A random row of a kind's features (integers, as profiles and programs give them), then
// for a generic model the device's peak FLOP/s and bandwidth (some outside the fitted
// range, where the network's inputs are clamped).
Vec RandomRow(const KindInfo& k, bool generic, Rng& rng) {
  auto pick = [&](std::initializer_list<double> xs) { return xs.begin()[rng.Below(xs.size())]; };
  auto logu = [&](double lo, double hi) {
    return std::round(std::exp(std::log(lo) + rng.Uniform() * std::log(hi / lo)));
  };
  Vec f;
  switch (k.formula) {
    case Formula::Conv2d: {
      double cin = logu(1, 512), kk = pick({1, 3, 5, 7}), hw = logu(7, 112);
      double groups = pick({1, 1, 2, cin}), cout = groups == cin && cin > 1 ? cin : logu(1, 512);
      if (groups == 2 && std::fmod(cin, 2) != 0) groups = 1;
      f = {logu(1, 32), cin, hw, hw + pick({0, 3}), cout, kk, kk, pick({1, 2}), pick({1, 2}),
           std::floor(kk / 2), std::floor(kk / 2), groups, pick({2, 4})};
      break;
    }
    case Formula::Conv3d: {
      double cin = logu(1, 128), kk = pick({1, 3}), groups = pick({1, 1, cin});
      f = {logu(1, 8), cin, logu(4, 32), logu(4, 32), logu(4, 32), groups == cin ? cin : logu(1, 128), kk,
           pick({1, 2}), pick({0, 1}), groups, 4};
      break;
    }
    case Formula::Gemm:
      // Distinct sizes: at a tie, the derivative of the smallest (largest) follows the
      // first of them, as the value does, which differs from one side's slope.
      do f = {logu(1, 4096), logu(1, 4096), logu(1, 4096), pick({2, 4})};
      while (f[0] == f[1] || f[1] == f[2] || f[0] == f[2]);
      break;
    case Formula::BnFwd:
    case Formula::BnBwd: f = {logu(1, 64), logu(1, 1024), logu(1, 50176), pick({2, 4})}; break;
    case Formula::Pool: {
      double kk = pick({2, 3}), hw = logu(4, 112);
      f = {logu(1, 64), logu(1, 512), hw, hw, kk, pick({1, 2}), pick({0, 1}), pick({0, 1}), 4};
      break;
    }
    case Formula::Eltwise: f = {logu(1, 64), logu(1, 1e6), pick({1, 2, 3}), pick({2, 4})}; break;
  }
  if (generic) {
    f.push_back(std::exp(std::log(1e11) + rng.Uniform() * std::log(1e3)));
    f.push_back(std::exp(std::log(1e10) + rng.Uniform() * std::log(1e3)));
  }
  return f;
}

// Predict along a line: Predict(f + e·t).
double At(const Model& m, const Vec& f, const Vec& t, double e) {
  Vec g(f.size());
  for (size_t i = 0; i < f.size(); ++i) g[i] = f[i] + e * t[i];
  return m.Predict(g.data());
}

// Central differences with step h, Richardson-extrapolated (error O(h⁴)).
double Central(const Model& m, const Vec& f, const Vec& t, double h) {
  auto d = [&](double s) { return (At(m, f, t, s) - At(m, f, t, -s)) / (2 * s); };
  return (4 * d(h / 2) - d(h)) / 3;
}

// Forward differences (the right derivative), extrapolated twice (error O(h³)): for rows
// on a kink of the left side, such as integer sizes under a floor.
double Forward(const Model& m, const Vec& f, const Vec& t, double h) {
  const double g0 = At(m, f, t, 0);
  auto d = [&](double s) { return (At(m, f, t, s) - g0) / s; };
  auto n1 = [&](double s) { return 2 * d(s / 2) - d(s); };
  return (4 * n1(h / 2) - n1(h)) / 3;
}

// The scale a derivative along `t` is compared at: the sum of its terms' magnitudes,
// |∂Predict/∂f_k · t_k|, so that a sum that cancels to about 0 is not judged relative to 0.
double TermScale(const Model& m, const Vec& f, const Vec& t) {
  double s = 0;
  for (size_t k = 0; k < f.size(); ++k) {
    Vec e(f.size(), 0.0);
    e[k] = t[k];
    s += std::abs(m.PredictJvp(f.data(), e.data()));
  }
  return s;
}

struct Tally {
  int checked = 0, skipped = 0;
  double worst = 0;  // the largest |jvp - fd| / scale
};

// Compares PredictJvp along `t` with differences at steps h and h/2 (`one_sided`: forward
// differences). Where the two disagree the line crosses a kink (a floor, a clamp, a
// 0/1 property) within h of `f`, and the point is skipped: finite differences say nothing
// there. Otherwise the derivative must agree to 1e-6 of its scale, the terms' magnitudes
// plus 1e-4 of the prediction: a difference of predictions h = 1e-4 apart (along a
// direction relative to the features) resolves no slope below about 1e-12 of the
// prediction, so a derivative far below the prediction's own size is judged on that.
void Check(const Model& m, const Vec& f, const Vec& t, bool one_sided, Tally& tally, const std::string& what) {
  const double h = 1e-4;
  auto fd = [&](double s) { return one_sided ? Forward(m, f, t, s) : Central(m, f, t, s); };
  const double coarse = fd(h), fine = fd(h / 2);
  const double jvp = m.PredictJvp(f.data(), t.data());
  EXPECT_EQ(m.impl->PredictDual(f.data(), t.data()).v, m.Predict(f.data())) << what;
  const double scale = TermScale(m, f, t) + 1e-4 * m.Predict(f.data());
  if (std::abs(coarse - fine) > 1e-7 * scale) {
    ++tally.skipped;
    return;
  }
  ++tally.checked;
  const double err = std::abs(jvp - fine) / scale;
  tally.worst = std::max(tally.worst, err);
  EXPECT_LE(err, 1e-6) << what << ": jvp " << jvp << " fd " << fine << " scale " << scale;
}

// Rows off the integers (each feature plus a fraction in [0.1, 0.9]) and directions
// relative to each feature: every floor, ceil and 0/1 property is locally constant at
// most such rows, so central differences apply.
Tally CheckSmoothRows(const Model& m, int rows, uint64_t seed, const std::string& name) {
  Rng rng(seed);
  Tally tally;
  const KindInfo& k = *FindKind(m.kind());
  for (int r = 0; r < rows; ++r) {
    Vec f = RandomRow(k, m.generic(), rng);
    for (size_t i = 0; i < k.features.size(); ++i) f[i] += 0.1 + 0.8 * rng.Uniform();
    Vec t(f.size());
    for (size_t i = 0; i < f.size(); ++i) t[i] = f[i] * (2 * rng.Uniform() - 1);
    Check(m, f, t, /*one_sided=*/false, tally, name + " row " + std::to_string(r));
    // And along each feature alone.
    for (size_t i = 0; i < f.size(); ++i) {
      Vec e(f.size(), 0.0);
      e[i] = f[i];
      Check(m, f, e, false, tally, name + " row " + std::to_string(r) + " feature " + std::to_string(i));
    }
  }
  return tally;
}

// Integer rows, the ones predictions see, with directions that grow each feature: a
// floor is constant to the right of an integer, so forward differences apply where the
// line crosses no other kink.
Tally CheckIntegerRows(const Model& m, int rows, uint64_t seed, const std::string& name) {
  Rng rng(seed);
  Tally tally;
  const KindInfo& k = *FindKind(m.kind());
  for (int r = 0; r < rows; ++r) {
    Vec f = RandomRow(k, m.generic(), rng);
    for (size_t i = 0; i < f.size(); ++i) {
      // A feature at 0 is clamped (derivative 0, the branch its value takes), its right
      // side is not.
      if (f[i] == 0) continue;
      Vec e(f.size(), 0.0);
      e[i] = f[i];
      Check(m, f, e, /*one_sided=*/true, tally, name + " integer row " + std::to_string(r) + " feature " +
                                                     std::to_string(i));
    }
  }
  return tally;
}

// One kind per formula.
const char* const kKinds[] = {"gemm_fwd", "conv2d_fwd", "conv2d_bwd_filter", "conv3d_fwd", "pool_fwd",
                              "bn_fwd",   "bn_bwd",     "eltwise"};

double worst_overall = 0;  // printed by the last test, for the record

TEST(KernelJvp, MatchesFiniteDifferencesOnRandomModels) {
  uint64_t seed = 1;
  Tally all;
  for (const char* kind : kKinds) {
    for (Variant v : {Variant::Log, Variant::Util}) {
      for (bool generic : {false, true}) {
        for (bool torch_cpu : {false, true}) {
          if (torch_cpu && FindKind(kind)->formula != Formula::Conv2d && FindKind(kind)->formula != Formula::Conv3d)
            continue;
          const std::string name = std::string(kind) + " " + VariantName(v).str() + (generic ? " generic" : "") +
                                   (torch_cpu ? " torch_cpu" : "");
          Model m = Wrap(RandomModel(kind, v, generic, torch_cpu, ++seed));
          Tally smooth = CheckSmoothRows(m, 40, seed, name);
          Tally integer = CheckIntegerRows(m, 20, seed, name);
          worst_overall = std::max({worst_overall, smooth.worst, integer.worst});
          all.checked += smooth.checked + integer.checked;
          all.skipped += smooth.skipped + integer.skipped;
          all.worst = std::max({all.worst, smooth.worst, integer.worst});
          std::printf("  %-40s smooth %4d checked %3d skipped (worst %.1e); integer %4d checked %3d skipped "
                      "(worst %.1e)\n",
                      name.c_str(), smooth.checked, smooth.skipped, smooth.worst, integer.checked, integer.skipped,
                      integer.worst);
          // Kinks are rare off the integers. On them a stride, a padding, a kernel or a
          // group count of 1 flips a 0/1 input one step to the right; the other features
          // have a smooth right side.
          EXPECT_GE(smooth.checked, 9 * (smooth.checked + smooth.skipped) / 10) << name;
          EXPECT_GE(integer.checked, (integer.checked + integer.skipped) / 3) << name;
        }
      }
    }
  }
  std::printf("  all: %d directions checked, %d skipped (worst %.1e)\n", all.checked, all.skipped, all.worst);
}

// The fitted bundles shipped with the standard library (every kind, both variants, and
// the device-generic gpu_any).
TEST(KernelJvp, MatchesFiniteDifferencesOnFittedBundles) {
  int models = 0, generic = 0;
  Tally all;
  for (const char* file : {"cpu", "xeon", "t4", "v100_sxm2_16gb", "gpu_any"}) {
    const std::string path = std::string(RL_STDLIB_DIR) + "/kernels/" + file + ".rlk";
    llvm::Expected<Bundle> b = ReadBundle(path);
    ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
    for (const Model& m : b->models) {
      const std::string name = std::string(file) + " " + m.kind() + " " + m.variant() + (m.generic() ? " generic" : "");
      Tally smooth = CheckSmoothRows(m, 10, 100 + models, name);
      Tally integer = CheckIntegerRows(m, 5, 200 + models, name);
      worst_overall = std::max({worst_overall, smooth.worst, integer.worst});
      EXPECT_GE(smooth.checked, 8 * (smooth.checked + smooth.skipped) / 10) << name;
      all.checked += smooth.checked + integer.checked;
      all.skipped += smooth.skipped + integer.skipped;
      all.worst = std::max({all.worst, smooth.worst, integer.worst});
      ++models;
      generic += m.generic();
    }
  }
  std::printf("  %d models: %d directions checked, %d skipped (worst %.1e)\n", models, all.checked, all.skipped,
              all.worst);
  EXPECT_GT(models, 20);
  EXPECT_GT(generic, 0);
}

// The value computed beside the derivative is Predict's, to the bit, on integer rows and
// off them, inside the fitted range and far outside it.
TEST(KernelJvp, ValueIsPredictBitForBit) {
  Rng rng(5);
  uint64_t seed = 50;
  for (const char* kind : kKinds) {
    for (Variant v : {Variant::Log, Variant::Util}) {
      for (bool generic : {false, true}) {
        Model m = Wrap(RandomModel(kind, v, generic, /*torch_cpu=*/true, ++seed));
        for (int r = 0; r < 50; ++r) {
          Vec f = RandomRow(*FindKind(kind), generic, rng);
          if (r % 2) for (double& x : f) x = x * (0.5 + rng.Uniform() * 1e3) * (r % 5 == 0 ? 1e9 : 1);
          Vec t(f.size());
          for (double& x : t) x = rng.Uniform() - 0.5;
          EXPECT_EQ(m.impl->PredictDual(f.data(), t.data()).v, m.Predict(f.data())) << kind << " row " << r;
        }
      }
    }
  }
}

TEST(KernelJvp, ZeroTangentAndLinearity) {
  Rng rng(9);
  uint64_t seed = 90;
  for (const char* kind : kKinds) {
    for (Variant v : {Variant::Log, Variant::Util}) {
      Model m = Wrap(RandomModel(kind, v, /*generic=*/true, false, ++seed));
      for (int r = 0; r < 30; ++r) {
        Vec f = RandomRow(*FindKind(kind), true, rng);
        Vec zero(f.size(), 0.0), a(f.size()), b(f.size()), mix(f.size());
        EXPECT_EQ(m.PredictJvp(f.data(), zero.data()), 0.0);
        for (size_t i = 0; i < f.size(); ++i) {
          a[i] = f[i] * (rng.Uniform() - 0.5);
          b[i] = f[i] * (rng.Uniform() - 0.5);
          mix[i] = 3 * a[i] - 0.5 * b[i];
        }
        const double ja = m.PredictJvp(f.data(), a.data()), jb = m.PredictJvp(f.data(), b.data());
        const double scale = std::abs(3 * ja) + std::abs(0.5 * jb);
        EXPECT_NEAR(m.PredictJvp(f.data(), mix.data()), 3 * ja - 0.5 * jb, 1e-12 * scale) << kind;
        Vec neg(a);
        for (double& x : neg) x = -x;
        EXPECT_EQ(m.PredictJvp(f.data(), neg.data()), -ja) << kind;
      }
    }
  }
}

// Where the prediction is locally constant along a direction, the derivative is 0
// exactly: clamped features, a clamped output, the time floor, and the output sizes
// under their floor.
TEST(KernelJvp, ZeroWhereTheValueIsLocallyConstant) {
  // Features below 0 or above kMaxFeature are clamped: moving them changes nothing.
  Model gemm = Wrap(RandomModel("gemm_fwd", Variant::Util, false, false, 3));
  Vec f = {-5, 300, 2e16, 4}, t = {1, 0, 1e15, 0};
  EXPECT_EQ(gemm.PredictJvp(f.data(), t.data()), 0.0);
  EXPECT_EQ(At(gemm, f, t, 0.5), gemm.Predict(f.data()));
  t = {0, 1, 0, 0};
  EXPECT_NE(gemm.PredictJvp(f.data(), t.data()), 0.0);
  // NaN features count as 0, and so does their tangent.
  Vec nan_row = {std::nan(""), 300, 500, 4}, along = {1, 0, 0, 0};
  EXPECT_EQ(gemm.PredictJvp(nan_row.data(), along.data()), 0.0);

  // An output clamped at out_hi: a "log" model's time is constant (the roofline is far
  // below it), whatever the direction.
  auto clamped = RandomModel("conv2d_fwd", Variant::Log, false, true, 4);
  clamped->nets[0].back().b(0) = 1e3;
  clamped->nets[1].back().b(0) = 1e3;
  Model conv = Wrap(clamped);
  Vec row = {8, 64, 56, 56, 64, 3, 3, 1, 1, 1, 1, 1, 4};
  Vec dir(row.size());
  for (size_t i = 0; i < row.size(); ++i) dir[i] = row[i] * (i % 2 ? 1 : -1);
  EXPECT_EQ(conv.PredictJvp(row.data(), dir.data()), 0.0);
  EXPECT_EQ(At(conv, row, dir, 1e-3), conv.Predict(row.data()));

  // The time floor binds: time_lo above every time.
  auto floored = RandomModel("bn_fwd", Variant::Util, false, false, 5);
  floored->time_lo = 1e3;
  Model bn = Wrap(floored);
  Vec bnrow = {32, 64, 3136, 4}, bndir = {1, 2, 3, 4};
  EXPECT_EQ(bn.PredictJvp(bnrow.data(), bndir.data()), 0.0);

  // A generic "log" model's network sees the device clamped to the fitted range, and its
  // roofline (which bounds the time from below) is far below the time: beyond the range,
  // moving the device changes nothing.
  Model g = Wrap(RandomModel("gemm_fwd", Variant::Log, true, false, 6));
  Vec grow = {64, 64, 64, 4, 1e15, 1e13}, gdev = {0, 0, 0, 0, 1e14, 1e12};
  EXPECT_EQ(g.PredictJvp(grow.data(), gdev.data()), 0.0);
  EXPECT_EQ(At(g, grow, gdev, 0.5), g.Predict(grow.data()));
  // Inside the range it moves the network's inputs.
  grow[4] = 1e12;
  grow[5] = 1e11;
  EXPECT_NE(g.PredictJvp(grow.data(), gdev.data()), 0.0);
}

// The formulas on dual numbers: floors, ceils and 0/1 properties carry no derivative;
// products and logs carry theirs.
TEST(KernelJvp, FormulasDifferentiateExceptFloorsAndProperties) {
  const KindInfo& conv = *FindKind("conv2d_fwd");
  // n cin h w cout kh kw sh sw ph pw groups dtype; stride 2: oh = floor(57 / 2) + 1 = 29,
  // ow = floor(55 / 2) + 1 = 28.
  Vec v = {8, 48, 58, 56, 64, 3, 3, 2, 2, 1, 1, 1, 4};
  auto along = [&](size_t i) {
    std::vector<Dual> d(v.size());
    for (size_t k = 0; k < v.size(); ++k) d[k] = Dual(v[k], k == i ? 1 : 0);
    return d;
  };
  // FLOPs = 2·n·cout·oh·ow·cin·kh·kw: h moves only oh, which is floored.
  EXPECT_EQ(KindFlops(conv, along(2).data()).d, 0.0);
  EXPECT_EQ(KindFlops(conv, along(2).data()).v, KindFlops(conv, v.data()));
  EXPECT_DOUBLE_EQ(KindFlops(conv, along(0).data()).d, KindFlops(conv, v.data()) / 8);
  EXPECT_DOUBLE_EQ(KindFlops(conv, along(5).data()).d, KindFlops(conv, v.data()) / 3);
  // Bytes move with h through the input's elements: dtype·n·cin·w.
  EXPECT_DOUBLE_EQ(KindBytes(conv, along(2).data()).d, 4.0 * 8 * 48 * 56);
  // Derived inputs: log1p(n·out) moves with n, the 0/1 properties with nothing, and the
  // lane fill cin / (16·ceil(cin / 16)) with slope 1 / 48 at 48 channels.
  Dispatch torch{true, 4};
  for (size_t i = 0; i < v.size(); ++i) {
    std::vector<Dual> f = along(i), out(NumDerivedInputs(conv));
    DerivedInputs(conv, f.data(), KindFlops(conv, f.data()), KindBytes(conv, f.data()), torch, out.data());
    for (size_t j : {2, 3, 4, 5, 12, 13, 14, 15, 16, 17, 18}) EXPECT_EQ(out[j].d, 0.0) << i << " " << j;
    if (i == 1) {
      EXPECT_DOUBLE_EQ(out[10].d, 1.0 / 48);
    } else if (i == 0) {
      EXPECT_DOUBLE_EQ(out[6].d, 29.0 * 28 / (1 + 8.0 * 29 * 28));
    }
  }
  // Pooling's stride enters only through the floored output size.
  const KindInfo& pool = *FindKind("pool_fwd");
  std::vector<Dual> p = {Dual(8), Dual(64), Dual(58), Dual(58), Dual(3), Dual(2, 1), Dual(1), Dual(1), Dual(4)};
  EXPECT_EQ(KindBytes(pool, p.data()).d, 0.0);
  // gemm's min and max dimensions follow the branch the value takes.
  const KindInfo& gemm = *FindKind("gemm_fwd");
  std::vector<Dual> g = {Dual(10, 1), Dual(20, 0), Dual(30, 2), Dual(4)}, d(4);
  DerivedInputs(gemm, g.data(), KindFlops(gemm, g.data()), KindBytes(gemm, g.data()), Dispatch{}, d.data());
  EXPECT_DOUBLE_EQ(d[2].d, 1.0 / 11);
  EXPECT_DOUBLE_EQ(d[3].d, 2.0 / 31);
}

TEST(KernelJvp, CAbi) {
  Model m = Wrap(RandomModel("conv3d_fwd", Variant::Util, false, false, 7));
  Vec f = {2, 16, 16, 16, 16, 32, 3, 1, 1, 1, 4}, t = {0.5, 1, -2, 0, 3, 1, 0.25, 0, 0.5, 0, 1};
  EXPECT_EQ(rl_kernel_predict_jvp(&m, f.data(), t.data()), m.PredictJvp(f.data(), t.data()));
  EXPECT_NE(rl_kernel_predict_jvp(&m, f.data(), t.data()), 0.0);
  std::printf("  largest |jvp - fd| / scale over the finite-difference tests: %.2e\n", worst_overall);
}

}  // namespace
}  // namespace rl::kernels

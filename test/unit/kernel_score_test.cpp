// Device-generic kernel models and out-of-sample scores (runtime/kernels): a generic model
// takes the device's peak and bandwidth after the kind's features, clamps its network
// inputs to the devices it was fitted on but not its roofline, and survives the bundle
// format (version 7, while per-device bundles stay version 6); the single-efficiency
// baseline is the MAPE-optimal one; k-fold and leave-one-device-out scores count every
// row once and get the baselines right on data whose answer is known.
#include <gtest/gtest.h>
#include <llvm/Support/raw_ostream.h>

#include <cmath>

#include "runtime/kernels/profiles.h"
#include "runtime/kernels/mlp.h"

namespace rl::kernels {
namespace {

// A generic gemm_fwd util model whose output is w · (log1p(peak) - log1p(1e13)): with
// w = 0, or at a peak of 1e13, the utilisation is sigmoid(0) = 1/2.
std::shared_ptr<Model::Impl> GenericModel(double w_peak) {
  auto m = std::make_shared<Model::Impl>();
  m->info = FindKind("gemm_fwd");
  m->kind = "gemm_fwd";
  m->variant = Variant::Util;
  m->variant_name = "util";
  m->generic = true;
  m->device_lo = Eigen::Vector2d(1e12, 1e11);
  m->device_hi = Eigen::Vector2d(1e13, 1e12);
  // 4 kind features, 2 device features, 4 derived inputs.
  m->in_mean = Eigen::VectorXd::Zero(10);
  m->in_std = Eigen::VectorXd::Ones(10);
  m->in_mean(4) = std::log1p(1e13);
  Layer out{Eigen::MatrixXd::Zero(1, 10), Eigen::VectorXd::Zero(1)};
  out.w(0, 4) = w_peak;  // log1p(peak)
  m->nets = {{out}};
  m->skip = Eigen::RowVectorXd::Zero(10);
  m->out_std = 1;
  m->out_lo = -1000;
  m->out_hi = 1000;
  m->time_lo = 1e-12;
  return m;
}

Bundle Wrap(std::shared_ptr<Model::Impl> impl) {
  Bundle b;
  b.device.fields = {{"name", "generic"}};
  Model m;
  m.impl = std::move(impl);
  b.models.push_back(std::move(m));
  return b;
}

TEST(GenericModel, RooflineFromTheRowsDevice) {
  Bundle b = Wrap(GenericModel(0));
  const Model& m = b.models[0];
  EXPECT_TRUE(m.generic());
  EXPECT_EQ(m.num_features(), 6u);
  // 2e9 FLOP, 1.2e7 B: at 1e13 FLOP/s and 1e12 B/s the roofline is 0.2 ms; u = 1/2.
  double f[] = {1000, 1000, 1000, 4, 1e13, 1e12};
  EXPECT_DOUBLE_EQ(m.Predict(f), 2 * 2e-4);
  // Another device, another roofline: memory-bound at 1e9 B/s (12 ms).
  double slow[] = {1000, 1000, 1000, 4, 1e13, 1e9};
  EXPECT_DOUBLE_EQ(m.Predict(slow), 2 * 1.2e-2);
  // NaN and absurd device numbers stay finite and positive.
  double bad[] = {1000, 1000, 1000, 4, std::nan(""), 1e300};
  EXPECT_TRUE(std::isfinite(m.Predict(bad)) && m.Predict(bad) > 0);
}

TEST(GenericModel, NetworkInputsClampedToTheFittedDevices) {
  // The output grows with log peak; above device_hi (1e13) the network answers as at
  // 1e13, so the time falls only with the roofline: 10x the peak, a tenth of the time.
  Bundle b = Wrap(GenericModel(1));
  const Model& m = b.models[0];
  double at_hi[] = {1000, 1000, 1000, 4, 1e13, 1e12}, above[] = {1000, 1000, 1000, 4, 1e14, 1e12},
         far[] = {1000, 1000, 1000, 4, 1e15, 1e14};  // compute-bound still
  EXPECT_NEAR(m.Predict(above), m.Predict(at_hi) / 10, 1e-15);
  EXPECT_NEAR(m.Predict(far), m.Predict(at_hi) / 100, 1e-15);
  // Inside the range the input moves the utilisation: at 3e12, sigmoid(log(0.3)) = 0.231.
  double mid[] = {1000, 1000, 1000, 4, 3e12, 1e12};
  EXPECT_NEAR(m.Predict(mid), 2e9 / 3e12 / (1 / (1 + 1 / 0.3)), 1e-9);
}

TEST(GenericModel, BundleVersionSevenRoundTrip) {
  Bundle b = Wrap(GenericModel(0.3));
  std::string bytes = SerializeBundle(b);
  EXPECT_EQ(bytes[4], 7);  // the format version
  llvm::Expected<Bundle> back = ParseBundle(bytes, "g.rlk");
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  ASSERT_TRUE(back->models[0].generic());
  double f[] = {100, 2000, 30, 2, 5e12, 3e11};
  EXPECT_EQ(back->models[0].Predict(f), b.models[0].Predict(f));
  EXPECT_EQ(SerializeBundle(*back), bytes);
  // A per-device bundle keeps the version-6 layout.
  auto plain = GenericModel(0);
  plain->generic = false;
  plain->in_mean = Eigen::VectorXd::Zero(8);
  plain->in_std = Eigen::VectorXd::Ones(8);
  plain->nets = {{Layer{Eigen::MatrixXd::Zero(1, 8), Eigen::VectorXd::Zero(1)}}};
  plain->skip = Eigen::RowVectorXd::Zero(8);
  plain->variant = Variant::Log;
  plain->variant_name = "log";
  std::string v6 = SerializeBundle(Wrap(plain));
  EXPECT_EQ(v6[4], 6);
  ASSERT_TRUE(bool(ParseBundle(v6, "p.rlk")));
  // A device range that is not a range is refused.
  auto inverted = GenericModel(0);
  inverted->device_lo = Eigen::Vector2d(1e14, 1e11);
  llvm::Expected<Bundle> bad = ParseBundle(SerializeBundle(Wrap(inverted)), "g.rlk");
  ASSERT_FALSE(bool(bad));
  EXPECT_EQ(llvm::toString(bad.takeError()), "g.rlk: model 1: `gemm_fwd` has an inconsistent device range");
}

TEST(Scores, EfficiencyIsTheMapeOptimalOne) {
  // u = roof / time = 0.5, 0.5, 0.25: e = 0.5 predicts 2, 2, 2 (MAPE 1/6); e = 0.25
  // predicts 4, 4, 4 (MAPE 2/3); the u-weighted median of 1/u is 2.
  double roof[] = {1, 1, 1}, time[] = {2, 2, 4};
  EXPECT_DOUBLE_EQ(FitEfficiency(roof, time), 0.5);
  double one[] = {3}, t1[] = {4};
  EXPECT_DOUBLE_EQ(FitEfficiency(one, t1), 0.75);
  double none[] = {0, 0}, t2[] = {1, 2};
  EXPECT_DOUBLE_EQ(FitEfficiency(none, t2), 1);
}

// GEMMs whose time is exactly the roofline of `peak` and `bw` at 40% efficiency.
Dataset AtEfficiency(double peak, double bw, const char* name, uint64_t seed, int rows) {
  Dataset d;
  d.device.fields = {{"name", name}, {"device", "cuda"}};
  d.device.peak_flops = peak;
  d.device.mem_bw = bw;
  const KindInfo* k = FindKind("gemm_fwd");
  uint64_t state = seed;
  auto size = [&](double lo, double hi) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return std::round(std::exp(std::log(lo) + double(state >> 11) * 0x1.0p-53 * std::log(hi / lo)));
  };
  for (int i = 0; i < rows; ++i) {
    Sample s;
    s.kind = k;
    s.feats = {size(16, 4096), size(64, 4096), size(64, 4096), 4};
    s.time = RooflineTime(KindFlops(*k, s.feats.data()), KindBytes(*k, s.feats.data()), peak, bw) / 0.4;
    d.samples.push_back(s);
  }
  return d;
}

TEST(Scores, CrossValidationScoresEveryRowOnce) {
  Dataset d = AtEfficiency(1e13, 5e11, "dev", 3, 40);
  FitOptions o;
  o.cv = 4;
  o.epochs = 30;
  o.folds = 3;
  std::vector<OutOfSampleRow> rows;
  llvm::Expected<std::vector<Score>> s = CrossValidate(d, o, llvm::nulls(), &rows);
  ASSERT_TRUE(bool(s)) << llvm::toString(s.takeError());
  ASSERT_EQ(s->size(), 1u);
  const Score& sc = (*s)[0];
  EXPECT_EQ(sc.rows, 40);
  EXPECT_EQ(sc.folds, 4);
  EXPECT_EQ(rows.size(), 40u);
  // The roofline is 2.5x too fast everywhere (|0.4 - 1|); one efficiency is exact.
  EXPECT_NEAR(sc.roofline, 0.6, 1e-12);
  EXPECT_NEAR(sc.efficiency, 0, 1e-12);
  EXPECT_NEAR(sc.eff_value, 0.4, 1e-12);
  EXPECT_LT(sc.mape, 0.1);
  for (const OutOfSampleRow& r : rows) EXPECT_NEAR(r.efficiency, r.sample->time, 1e-12 * r.sample->time);
  // Fitting with --cv: the bundle's metrics are the cross-validated ones.
  llvm::Expected<Bundle> b = Fit(d, o, llvm::nulls());
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  EXPECT_EQ(b->models[0].metrics().train_rows, 40);
  EXPECT_EQ(b->models[0].metrics().test_rows, 40);
  EXPECT_DOUBLE_EQ(b->models[0].metrics().mape, sc.mape);
  o.cv = 1;
  ASSERT_FALSE(bool(CrossValidate(d, o, llvm::nulls())));
  llvm::Expected<Bundle> one = Fit(d, o, llvm::nulls());
  ASSERT_FALSE(bool(one));
  EXPECT_EQ(llvm::toString(one.takeError()), "cross-validation needs 2 to 100 folds, got 1");
}

TEST(Scores, LeaveOneDeviceOut) {
  // Three devices of different peaks and bandwidths; one device's two profiles are one
  // group. Every device runs at 40% of its roofline, so a generic util model and a single
  // efficiency both carry over to the device they never saw.
  std::vector<Dataset> profiles = {AtEfficiency(1e13, 5e11, "a", 3, 30), AtEfficiency(4e12, 2e11, "b", 5, 30),
                                   AtEfficiency(1.5e13, 9e11, "c", 7, 20), AtEfficiency(1.5e13, 9e11, "c", 11, 10)};
  llvm::Expected<Dataset> d = AcrossDevices(profiles, {"a.csv", "b.csv", "c.csv", "c2.csv"});
  ASSERT_TRUE(bool(d)) << llvm::toString(d.takeError());
  EXPECT_TRUE(d->generic);
  EXPECT_EQ(d->groups, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(d->samples[0].feats.size(), 6u);
  EXPECT_EQ(d->samples[35].feats[4], 4e12);
  EXPECT_EQ(d->samples[35].group, 1);
  EXPECT_EQ(d->device.Get("devices"), "a, b, c");
  FitOptions o;
  o.epochs = 30;
  o.folds = 3;
  o.variant = "util";
  llvm::Expected<std::vector<Score>> s = LeaveOneDeviceOut(*d, o, llvm::nulls());
  ASSERT_TRUE(bool(s)) << llvm::toString(s.takeError());
  ASSERT_EQ(s->size(), 3u);
  for (const Score& sc : *s) {
    EXPECT_EQ(sc.rows, 30) << sc.group;
    EXPECT_NEAR(sc.roofline, 0.6, 1e-12) << sc.group;
    EXPECT_NEAR(sc.efficiency, 0, 1e-12) << sc.group;
    EXPECT_LT(sc.mape, 0.1) << sc.group;
    EXPECT_EQ(sc.util_folds, 1) << sc.group;
  }
  // A generic fit makes a generic bundle.
  llvm::Expected<Bundle> b = Fit(*d, o, llvm::nulls());
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  EXPECT_TRUE(b->models[0].generic());
  // Errors: one device only, a profile without a peak or a name, and --lodo of one profile.
  EXPECT_EQ(llvm::toString(AcrossDevices({profiles[2], profiles[3]}, {"c.csv", "c2.csv"}).takeError()),
            "a fit across devices needs the profiles of at least two devices");
  Dataset bare = profiles[0];
  bare.device.peak_flops = 0;
  EXPECT_EQ(llvm::toString(AcrossDevices({profiles[1], bare}, {"b.csv", "bare.csv"}).takeError()),
            "`bare.csv` has no `peak_flops` and `mem_bw` lines; a fit across devices takes each device's numbers "
            "as inputs");
  Dataset nameless = profiles[0];
  nameless.device.fields.clear();
  EXPECT_EQ(llvm::toString(AcrossDevices({profiles[1], nameless}, {"b.csv", "n.csv"}).takeError()),
            "`n.csv` has no `name` line to tell its device from the others");
  EXPECT_EQ(llvm::toString(LeaveOneDeviceOut(profiles[0], o, llvm::nulls()).takeError()),
            "leaving one device out needs the profiles of at least two devices");
}

}  // namespace
}  // namespace rl::kernels

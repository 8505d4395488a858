// Out-of-sample scores of `ringline fit` (kernels.h, `Score`): k-fold cross-validation of
// a profile and leave-one-device-out over a generic dataset, each beside two baselines,
// the roofline at the device's peak and one fitted efficiency per kind. Part of
// rl_kernels. With under a hundred rows a kind, as DeepBench's GPU profiles have, one
// 20% held-out split scores a model on 18 rows; k folds score it on every row.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <numeric>

#include "runtime/kernels/fit.h"

namespace rl::kernels {

namespace {

// What one fold's fit predicts for its held-out rows.
struct FoldResult {
  std::vector<double> pred, other;  // the kept variant's and the other's (empty: none)
  double eff = 1;                   // the single efficiency of the training rows
  bool util = false;                // the kept variant is util
};

FoldResult FitFold(const KindInfo& kind, const std::vector<const Sample*>& train,
                   const std::vector<const Sample*>& test, const Dataset& data, const FitOptions& opts,
                   const TrainConfig& cfg) {
  FoldResult r;
  Fitted f = FitOnRows(kind, train, data, opts, cfg);
  r.pred = PredictRows(*f.kept.impl, test);
  if (f.other) r.other = PredictRows(*f.other, test);
  r.util = f.kept.impl->variant == Variant::Util;
  std::vector<double> roof, time;
  for (const Sample* s : train) {
    roof.push_back(RowRoofline(*s, data));
    time.push_back(s->time);
  }
  r.eff = FitEfficiency(roof, time);
  return r;
}

// The score of scored rows: `rows[i]` predicted `pred[i]`, with the baselines in `oos`.
Score Summarise(const KindInfo& kind, const std::vector<OutOfSampleRow>& oos) {
  Score s;
  s.kind = &kind;
  s.rows = int64_t(oos.size());
  bool roofline = true;
  for (const OutOfSampleRow& r : oos) {
    const double t = r.sample->time;
    const double err = std::abs(r.predicted / t - 1);
    s.mape += err;
    s.max_err = std::max(s.max_err, err);
    s.roofline += std::abs(r.roofline / t - 1);
    s.efficiency += std::abs(r.efficiency / t - 1);
    roofline &= r.roofline > 0;
  }
  const double n = std::max<double>(1, double(oos.size()));
  s.mape /= n;
  s.roofline = roofline ? s.roofline / n : -1;
  s.efficiency = roofline ? s.efficiency / n : -1;
  return s;
}

// Adds fold `r`'s predictions of `test` to `oos`.
void Collect(const FoldResult& r, const std::vector<const Sample*>& test, const Dataset& data,
             std::vector<OutOfSampleRow>& oos, std::vector<double>* other) {
  for (size_t i = 0; i < test.size(); ++i) {
    const double roof = RowRoofline(*test[i], data);
    oos.push_back({test[i], r.pred[i], roof, roof / r.eff});
    if (other && !r.other.empty()) other->push_back(r.other[i]);
  }
}

}  // namespace

double FitEfficiency(llvm::ArrayRef<double> roof, llvm::ArrayRef<double> time) {
  std::vector<std::pair<double, double>> pts;  // (1/u, u)
  double total = 0;
  for (size_t i = 0; i < roof.size(); ++i)
    if (roof[i] > 0 && time[i] > 0) {
      const double u = roof[i] / time[i];
      pts.emplace_back(1 / u, u);
      total += u;
    }
  if (pts.empty()) return 1;
  std::sort(pts.begin(), pts.end());
  double acc = 0;
  for (const auto& [inv, w] : pts) {
    acc += w;
    if (acc >= total / 2) return 1 / inv;
  }
  return 1 / pts.back().first;
}

Score CrossValidateKind(const KindInfo& kind, const std::vector<const Sample*>& rows, const Dataset& data,
                        const FitOptions& opts, const TrainConfig& cfg, std::vector<OutOfSampleRow>* oos,
                        std::vector<double>* other) {
  // A seeded shuffle, then row i of it in fold i mod k: folds differ in size by one at most.
  std::vector<const Sample*> order = rows;
  Rng split(StreamSeed(StreamSeed(opts.seed, KindStream(kind.name)), 1));  // apart from the fit's own streams
  split.Shuffle(order);
  const size_t k = std::min<size_t>(size_t(opts.cv), order.size());
  std::vector<OutOfSampleRow> scored;
  std::vector<double> others;
  int util = 0;
  std::vector<double> roof, time;
  for (size_t fold = 0; fold < k; ++fold) {
    std::vector<const Sample*> train, test;
    for (size_t i = 0; i < order.size(); ++i) (i % k == fold ? test : train).push_back(order[i]);
    FoldResult r = FitFold(kind, train, test, data, opts, cfg);
    util += r.util;
    Collect(r, test, data, scored, &others);
  }
  for (const Sample* s : rows) {
    roof.push_back(RowRoofline(*s, data));
    time.push_back(s->time);
  }
  Score s = Summarise(kind, scored);
  s.eff_value = FitEfficiency(roof, time);
  s.util_folds = util;
  s.folds = int(k);
  if (oos) *oos = std::move(scored);
  if (other) *other = std::move(others);
  return s;
}

llvm::Expected<std::vector<Score>> CrossValidate(const Dataset& data, const FitOptions& opts, llvm::raw_ostream& log,
                                                 std::vector<OutOfSampleRow>* rows) {
  if (opts.cv < 2) return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                                  fmt::format("cross-validation needs 2 or more folds, got {}", opts.cv));
  llvm::Expected<TrainConfig> cfg = ConfigOf(data, opts);
  if (!cfg) return cfg.takeError();
  auto work = RowsByKind(data, opts, log);
  if (!work) return work.takeError();
  std::vector<Score> scores(work->size());
  std::vector<std::vector<OutOfSampleRow>> scored(work->size());
  std::mutex log_mu;
  RunTasks(work->size(), opts.threads, [&](size_t i) {
    auto& [kind, kind_rows] = (*work)[i];
    scores[i] = CrossValidateKind(*kind, kind_rows, data, opts, *cfg, &scored[i], nullptr);
    std::lock_guard<std::mutex> lock(log_mu);
    log << fmt::format("{}: {} rows; {}-fold cross-validated MAPE {:.1f}%\n", kind->name.str(), kind_rows.size(),
                       scores[i].folds, 100 * scores[i].mape);
    log.flush();
  });
  if (rows)
    for (auto& s : scored) rows->insert(rows->end(), s.begin(), s.end());
  return scores;
}

llvm::Expected<std::vector<Score>> LeaveOneDeviceOut(const Dataset& data, const FitOptions& opts,
                                                     llvm::raw_ostream& log, std::vector<OutOfSampleRow>* rows) {
  auto fail = [](const std::string& msg) { return llvm::createStringError(llvm::inconvertibleErrorCode(), msg); };
  if (!data.generic || data.groups.size() < 2)
    return fail("leaving one device out needs the profiles of at least two devices");
  llvm::Expected<TrainConfig> cfg = ConfigOf(data, opts);
  if (!cfg) return cfg.takeError();
  auto work = RowsByKind(data, opts, log);
  if (!work) return work.takeError();
  // One task per kind and held-out device; a device without rows of a kind scores none.
  const size_t nd = data.groups.size();
  std::vector<Score> scores(work->size() * nd);
  std::vector<std::vector<OutOfSampleRow>> scored(scores.size());
  std::vector<bool> ran(scores.size());
  std::mutex log_mu;
  RunTasks(scores.size(), opts.threads, [&](size_t t) {
    auto& [kind, kind_rows] = (*work)[t / nd];
    const int g = int(t % nd);
    std::vector<const Sample*> train, test;
    for (const Sample* s : kind_rows) (s->group == g ? test : train).push_back(s);
    if (test.empty() || train.size() < kMinRows) return;
    FoldResult r = FitFold(*kind, train, test, data, opts, *cfg);
    Collect(r, test, data, scored[t], nullptr);
    scores[t] = Summarise(*kind, scored[t]);
    scores[t].group = data.groups[size_t(g)];
    scores[t].eff_value = r.eff;
    scores[t].util_folds = r.util;
    scores[t].folds = 1;
    ran[t] = true;
    std::lock_guard<std::mutex> lock(log_mu);
    log << fmt::format("{} without {}: {} rows held out, MAPE {:.1f}%\n", kind->name.str(), scores[t].group,
                       test.size(), 100 * scores[t].mape);
    log.flush();
  });
  std::vector<Score> out;
  for (size_t t = 0; t < scores.size(); ++t)
    if (ran[t]) {
      out.push_back(scores[t]);
      if (rows) rows->insert(rows->end(), scored[t].begin(), scored[t].end());
    }
  return out;
}

}  // namespace rl::kernels

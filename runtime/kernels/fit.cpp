// `ringline fit`'s engine: per kernel kind, hold out a seeded share of the profile rows
// (or cross-validate over k folds), fit both model variants on the rest by cross-fitting
// (fold members averaged into one network), keep the variant with the lower out-of-fold
// MAPE and record its accuracy on the held-out rows. Part of rl_kernels.
#include "runtime/kernels/fit.h"

#include <fmt/format.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/CRC.h>
#include <llvm/Support/ThreadPool.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>

namespace rl::kernels {

namespace {

constexpr double kMaxUtil = 0.9;  // util_scale keeps training utilisations below this
// The floor (mlp.h) as a share of the fastest fitting row, for the candidates that have
// one: high enough that the network need not learn the fixed cost of a call, low enough
// that every row keeps a fifth of its time above the floor. On the shipped CPU profile
// (held-out MAPE, same seed, floor always on) it took conv2d_fwd from 13.0 to 12.0%,
// conv3d_fwd from 17.2 to 15.7% and gemm_fwd from 6.7 to 5.7%, but bn_bwd from 21.1 to
// 24.7%: so each variant is fitted with and without it and cross-validation picks.
constexpr double kFloorShare = 0.8;

llvm::Error Fail(const std::string& msg) { return llvm::createStringError(llvm::inconvertibleErrorCode(), msg); }

// Sets the input transform, time_lo, the floor (floor_share of the fastest row) and
// util_scale of `m` from the fitting rows.
void SetTransforms(Model::Impl& m, const std::vector<const Sample*>& train, double floor_share) {
  const Eigen::Index ni = Eigen::Index(m.NumInputs()), n = Eigen::Index(train.size());
  Eigen::MatrixXd x(ni, n);
  Eigen::RowVectorXd roof(n);
  for (Eigen::Index r = 0; r < n; ++r) {
    Eigen::MatrixXd col;
    Eigen::RowVectorXd rf;
    m.RawInputs(train[size_t(r)]->feats.data(), 1, col, rf, /*clamp_device=*/false);
    x.col(r) = col.col(0);
    roof(r) = rf(0);
  }
  if (m.generic) {
    // The devices' range, from the inputs' own logs (exp(log1p(v)) - 1 = v to rounding).
    const Eigen::Index nk = Eigen::Index(m.NumKindFeatures()), nd = Eigen::Index(kDeviceFeatures);
    m.device_lo = x.middleRows(nk, nd).rowwise().minCoeff().array().exp() - 1;
    m.device_hi = x.middleRows(nk, nd).rowwise().maxCoeff().array().exp() - 1;
  }
  m.in_mean = x.rowwise().mean();
  m.in_std = ((x.colwise() - m.in_mean).array().square().rowwise().sum() / double(n)).sqrt();
  for (Eigen::Index i = 0; i < ni; ++i)
    if (!(m.in_std(i) > 1e-12)) m.in_std(i) = 1;  // a constant input (one dtype) carries nothing
  double min_time = train[0]->time;
  for (const Sample* s : train) min_time = std::min(min_time, s->time);
  m.time_lo = 0.01 * min_time;
  m.floor = floor_share * min_time;
  double max_u = 0;
  for (Eigen::Index r = 0; r < n; ++r) max_u = std::max(max_u, roof(r) / (train[size_t(r)]->time - m.floor));
  m.util_scale = std::max(1.0, max_u / kMaxUtil);
}

// The unstandardised target of one row: log seconds above the floor, or the logit of the
// utilisation of that time. (Every fitting row is at least floor / kFloorShare; a
// held-out row may be faster, and only its target, which nothing uses, is clamped.)
double Target(const Model::Impl& m, double time, double roof) {
  const double above = std::max(time - m.floor, 1e-3 * time);
  switch (m.variant) {
    case Variant::Log: return std::log(above);
    case Variant::Util: {
      double u = std::clamp(roof / (m.util_scale * above), 1e-12, kMaxUtil);
      return std::log(u / (1 - u));
    }
  }
  return 0;
}

Rows MakeRows(const Model::Impl& m, const std::vector<const Sample*>& samples) {
  Rows rows;
  const Eigen::Index n = Eigen::Index(samples.size());
  rows.x.resize(Eigen::Index(m.NumInputs()), n);
  rows.y.resize(n);
  rows.roof.resize(n);
  for (Eigen::Index r = 0; r < n; ++r) {
    const Sample& s = *samples[size_t(r)];
    Eigen::MatrixXd col;
    Eigen::RowVectorXd rf;
    m.RawInputs(s.feats.data(), 1, col, rf);
    rows.x.col(r) = (col.col(0) - m.in_mean).cwiseQuotient(m.in_std);
    rows.roof(r) = rf(0);
    rows.y(r) = Target(m, s.time, rf(0));
    rows.time.push_back(s.time);
  }
  return rows;
}

// The columns `cols` of `rows`.
Rows Subset(const Rows& rows, const std::vector<Eigen::Index>& cols) {
  Rows out;
  out.x = rows.x(Eigen::all, cols);
  out.y = rows.y(Eigen::all, cols);
  out.roof = rows.roof(Eigen::all, cols);
  for (Eigen::Index c : cols) out.time.push_back(rows.time[size_t(c)]);
  return out;
}

// Cross-fitting: the fitting rows are cut into `folds` folds; one member network trains on
// all folds but one and early-stops on that one, whose rows it then predicts. The model is
// the average of the members (ensembling cuts the variance of small noisy profiles), and
// the out-of-fold predictions give a validation error over every fitting row, which picks
// the variant far more reliably than one small validation split.
Candidate FitVariant(const KindInfo& kind, Variant variant, double floor_share, const Dataset& data,
                     const std::vector<const Sample*>& fit, const TrainConfig& cfg, uint64_t seed) {
  auto m = std::make_shared<Model::Impl>();
  m->info = &kind;
  m->kind = kind.name.str();
  m->variant = variant;
  m->variant_name = VariantName(variant).str();
  m->peak_flops = data.device.peak_flops;
  m->mem_bw = data.device.mem_bw;
  m->dispatch = DispatchOf(data.device);
  m->generic = data.generic;
  SetTransforms(*m, fit, floor_share);
  // Standardise the target on the fitting rows; clamp outputs to their range widened by
  // half of it on each side (a constant target gets one unit).
  Rows all = MakeRows(*m, fit);
  m->out_mean = all.y.mean();
  double sd = std::sqrt((all.y.array() - m->out_mean).square().mean());
  m->out_std = sd > 1e-12 ? sd : 1;
  all.y = (all.y.array() - m->out_mean) / m->out_std;
  double lo = all.y.minCoeff(), hi = all.y.maxCoeff(), margin = hi > lo ? 0.5 * (hi - lo) : 1;
  m->out_lo = lo - margin;
  m->out_hi = hi + margin;

  Candidate c;
  const size_t folds = std::min<size_t>(size_t(std::max(2, cfg.folds)), all.size());
  std::vector<std::shared_ptr<Model::Impl>> members;
  std::vector<double> oof(all.size());
  for (size_t k = 0; k < folds; ++k) {
    std::vector<Eigen::Index> in, out;
    for (size_t i = 0; i < all.size(); ++i) (i % folds == k ? out : in).push_back(Eigen::Index(i));
    Rows tr = Subset(all, in), va = Subset(all, out);
    auto member = std::make_shared<Model::Impl>(*m);
    Rng rng(StreamSeed(seed, KindStream(kind.name) + 1 + uint64_t(variant) * 64 + k));
    Train(*member, tr, va, cfg, rng);
    std::vector<double> pred(va.size());
    member->Times(va.x, va.roof, pred.data());
    for (size_t i = 0; i < out.size(); ++i) oof[size_t(out[i])] = pred[i];
    members.push_back(std::move(member));
  }
  for (size_t i = 0; i < all.size(); ++i) {
    double err = std::abs(oof[i] - all.time[i]) / all.time[i];
    c.val.mape += err / double(all.size());
    c.val.max_err = std::max(c.val.max_err, err);
  }
  Average(members, *m);
  c.impl = std::move(m);
  return c;
}

bool HasRoofline(const Dataset& data) { return data.generic || (data.device.peak_flops > 0 && data.device.mem_bw > 0); }

double Seconds(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Errors of `pred` against the rows' times.
Errors ErrorsOf(const std::vector<double>& pred, const std::vector<const Sample*>& rows) {
  Errors e;
  for (size_t i = 0; i < rows.size(); ++i) {
    double err = std::abs(pred[i] - rows[i]->time) / rows[i]->time;
    e.mape += err / double(rows.size());
    e.max_err = std::max(e.max_err, err);
  }
  return e;
}

// The held-out share: a seeded shuffle, the first rows held out.
Model FitHeldOut(const KindInfo& kind, std::vector<const Sample*> rows, const Dataset& data, const FitOptions& opts,
                 const TrainConfig& cfg, llvm::raw_ostream& log, std::vector<HeldOutRow>* held_out) {
  auto start = std::chrono::steady_clock::now();
  Rng split(StreamSeed(opts.seed, KindStream(kind.name)));
  split.Shuffle(rows);
  const size_t n = rows.size();
  size_t n_test = std::clamp<size_t>(size_t(std::lround(opts.holdout * double(n))), 1, n - kMinRows / 2);
  std::vector<const Sample*> test(rows.begin(), rows.begin() + n_test);
  std::vector<const Sample*> fit(rows.begin() + n_test, rows.end());

  Fitted f = FitOnRows(kind, fit, data, opts, cfg);
  Errors test_err = ErrorsOf(PredictRows(*f.kept.impl, test), test);
  Metrics& mt = f.kept.impl->metrics;
  mt.train_rows = int64_t(fit.size());
  mt.test_rows = int64_t(test.size());
  mt.mape = test_err.mape;
  mt.max_err = test_err.max_err;
  mt.mape_other = f.other ? ErrorsOf(PredictRows(*f.other, test), test).mape : -1;
  log << fmt::format("{}: {} rows; {}; kept {}{}: held-out MAPE {:.1f}%, max {:.1f}%; {:.1f} s\n", kind.name.str(),
                     n, f.tried, f.kept.impl->variant_name, f.kept.impl->floor > 0 ? " with a floor" : "",
                     100 * test_err.mape, 100 * test_err.max_err, Seconds(start));
  Model model;
  model.impl = std::move(f.kept.impl);
  if (held_out)
    for (const Sample* t : test) held_out->push_back({t, model.Predict(t->feats.data())});
  return model;
}

// k-fold cross-validation for the metrics, then the model fitted on every row.
Model FitCrossValidated(const KindInfo& kind, const std::vector<const Sample*>& rows, const Dataset& data,
                        const FitOptions& opts, const TrainConfig& cfg, llvm::raw_ostream& log,
                        std::vector<HeldOutRow>* held_out, Score& sc) {
  auto start = std::chrono::steady_clock::now();
  std::vector<OutOfSampleRow> oos;
  std::vector<double> other;
  sc = CrossValidateKind(kind, rows, data, opts, cfg, &oos, &other);
  Fitted f = FitOnRows(kind, rows, data, opts, cfg);
  Metrics& mt = f.kept.impl->metrics;
  mt.train_rows = mt.test_rows = int64_t(rows.size());
  mt.mape = sc.mape;
  mt.max_err = sc.max_err;
  mt.mape_other = -1;
  if (!other.empty()) {
    std::vector<const Sample*> scored;
    for (const OutOfSampleRow& r : oos) scored.push_back(r.sample);
    mt.mape_other = ErrorsOf(other, scored).mape;
  }
  log << fmt::format("{}: {} rows; {}-fold cross-validated MAPE {:.1f}%, max {:.1f}% (util kept in {} of {} folds); "
                     "on every row {}; kept {}{}; {:.1f} s\n",
                     kind.name.str(), rows.size(), opts.cv, 100 * sc.mape, 100 * sc.max_err, sc.util_folds, sc.folds,
                     f.tried, f.kept.impl->variant_name, f.kept.impl->floor > 0 ? " with a floor" : "", Seconds(start));
  Model model;
  model.impl = std::move(f.kept.impl);
  if (held_out)
    for (const OutOfSampleRow& r : oos) held_out->push_back({r.sample, r.predicted});
  return model;
}

}  // namespace

uint64_t KindStream(llvm::StringRef name) { return uint64_t(llvm::crc32(llvm::arrayRefFromStringRef(name))) << 2; }

double RowRoofline(const Sample& s, const Dataset& data) {
  const KindInfo& k = *s.kind;
  const double peak = data.generic ? s.feats[k.features.size()] : data.device.peak_flops;
  const double bw = data.generic ? s.feats[k.features.size() + 1] : data.device.mem_bw;
  return RooflineTime(KindFlops(k, s.feats.data()), KindBytes(k, s.feats.data()), peak, bw);
}

std::vector<double> PredictRows(const Model::Impl& model, const std::vector<const Sample*>& rows) {
  Model m;
  m.impl = std::shared_ptr<const Model::Impl>(std::shared_ptr<const Model::Impl>{}, &model);
  std::vector<double> out;
  for (const Sample* s : rows) out.push_back(m.Predict(s->feats.data()));
  return out;
}

// Per variant the better of no floor and a floor by out-of-fold MAPE; then the better
// variant. The other variant's best is kept beside it, to report its error too. A generic
// fit is util only unless asked otherwise: its time is the device's own roofline over a
// utilisation, so a device beyond the fitted ones (whose network inputs are clamped) still
// gets its own roofline's scale. Left out of DeepBench's eight NVIDIA devices, the V100,
// the fastest, was predicted with 32.8 / 28.1 / 41.5% MAPE (conv2d fwd / bwd data / bwd
// filter) by util models and 43.5 / 29.7 / 96.9% by the variant cross-validation picked
// (docs/kernel-models.md, "An unseen GPU").
Fitted FitOnRows(const KindInfo& kind, const std::vector<const Sample*>& rows, const Dataset& data,
                 const FitOptions& opts, const TrainConfig& cfg) {
  std::vector<Candidate> cands;
  Fitted out;
  std::vector<Variant> variants;
  if (opts.variant == "log" || (opts.variant.empty() && !data.generic)) variants.push_back(Variant::Log);
  if (HasRoofline(data) && opts.variant != "log") variants.push_back(Variant::Util);
  for (Variant v : variants) {
    Candidate bare = FitVariant(kind, v, 0, data, rows, cfg, opts.seed);
    Candidate floored = FitVariant(kind, v, kFloorShare, data, rows, cfg, opts.seed);
    out.tried += fmt::format("{}{} cross-validated {:.1f}% ({:.1f}% with a floor)", out.tried.empty() ? "" : ", ",
                             VariantName(v).str(), 100 * bare.val.mape, 100 * floored.val.mape);
    cands.push_back(floored.val.mape < bare.val.mape ? std::move(floored) : std::move(bare));
  }
  size_t best = 0;
  for (size_t i = 1; i < cands.size(); ++i)
    if (cands[i].val.mape < cands[best].val.mape) best = i;
  if (cands.size() > 1) out.other = cands[1 - best].impl;
  out.kept = std::move(cands[best]);
  return out;
}

llvm::Expected<TrainConfig> ConfigOf(const Dataset& data, const FitOptions& opts) {
  if (opts.cv == 0 && !(opts.holdout > 0 && opts.holdout <= 0.5))
    return Fail(fmt::format("the held-out share must be in (0, 0.5], got {}", opts.holdout));
  if (opts.cv != 0 && (opts.cv < 2 || opts.cv > 100))
    return Fail(fmt::format("cross-validation needs 2 to 100 folds, got {}", opts.cv));
  if (opts.epochs < 0) return Fail(fmt::format("epochs must be positive, got {}", opts.epochs));
  if (opts.folds != 0 && (opts.folds < 2 || opts.folds > 64))
    return Fail(fmt::format("folds must be 2 to 64 (each fold trains one ensemble member), got {}", opts.folds));
  if (opts.hidden.size() > 4)
    return Fail(fmt::format("at most 4 hidden layers, got {}", opts.hidden.size()));
  for (int w : opts.hidden)
    if (w < 1 || w > 256) return Fail(fmt::format("hidden layer widths must be 1 to 256, got {}", w));
  for (const std::string& k : opts.only)
    if (!FindKind(k)) return Fail(fmt::format("unknown kernel kind `{}`", k));
  if (!opts.variant.empty() && opts.variant != "log" && opts.variant != "util")
    return Fail(fmt::format("the variant is `log` or `util`, got `{}`", opts.variant));
  if (opts.variant == "util" && !HasRoofline(data))
    return Fail("the util variant needs the device's peak_flops and mem_bw in the profile");
  TrainConfig cfg;
  if (opts.epochs > 0) cfg.epochs = opts.epochs;
  if (opts.folds > 0) cfg.folds = opts.folds;
  if (!opts.hidden.empty()) cfg.hidden = opts.hidden;
  return cfg;
}

llvm::Expected<std::vector<std::pair<const KindInfo*, std::vector<const Sample*>>>> RowsByKind(
    const Dataset& data, const FitOptions& opts, llvm::raw_ostream& log) {
  std::vector<std::pair<const KindInfo*, std::vector<const Sample*>>> work;
  for (const KindInfo& kind : AllKinds()) {
    bool named = std::find(opts.only.begin(), opts.only.end(), kind.name) != opts.only.end();
    if (!opts.only.empty() && !named) continue;
    std::vector<const Sample*> rows;
    for (const Sample& s : data.samples)
      if (s.kind == &kind) rows.push_back(&s);
    if (rows.size() < kMinRows) {
      if (named)
        return Fail(fmt::format("the profile has {} rows of `{}`; fitting needs at least {}", rows.size(),
                                kind.name.str(), kMinRows));
      if (!rows.empty()) log << fmt::format("{}: {} rows; skipped (fitting needs at least {})\n", kind.name.str(),
                                           rows.size(), kMinRows);
      continue;
    }
    work.emplace_back(&kind, std::move(rows));
  }
  if (work.empty()) return Fail(fmt::format("no kernel kind has the {} rows fitting needs", kMinRows));
  return work;
}

void RunTasks(size_t n, unsigned threads, const std::function<void(size_t)>& task) {
  if (n == 0) return;
  llvm::ThreadPoolStrategy strategy = llvm::hardware_concurrency(threads);
  strategy.ThreadsRequested = unsigned(std::min<size_t>(strategy.compute_thread_count(), n));
  llvm::DefaultThreadPool pool(strategy);
  for (size_t i = 0; i < n; ++i) pool.async([&task, i] { task(i); });
  pool.wait();
}

llvm::Error CheckFitOptions(const Dataset& data, const FitOptions& opts) {
  llvm::Expected<TrainConfig> cfg = ConfigOf(data, opts);
  return cfg ? llvm::Error::success() : cfg.takeError();
}

llvm::Expected<Bundle> Fit(const Dataset& data, const FitOptions& opts, llvm::raw_ostream& log,
                           std::vector<HeldOutRow>* held_out, std::vector<Score>* scores) {
  llvm::Expected<TrainConfig> cfg = ConfigOf(data, opts);
  if (!cfg) return cfg.takeError();
  auto work = RowsByKind(data, opts, log);
  if (!work) return work.takeError();
  Bundle b;
  b.device = data.device;
  // The pool takes the kinds in table order (the big convolution kinds first); each kind's
  // progress line is written whole, under the lock, when it is done.
  std::vector<Model> models(work->size());
  std::vector<std::vector<HeldOutRow>> rows_out(work->size());
  std::vector<Score> kind_scores(work->size());
  std::mutex log_mu;
  RunTasks(work->size(), opts.threads, [&](size_t i) {
    std::string line;
    llvm::raw_string_ostream os(line);
    auto& [kind, rows] = (*work)[i];
    std::vector<HeldOutRow>* out = held_out ? &rows_out[i] : nullptr;
    models[i] = opts.cv > 0 ? FitCrossValidated(*kind, rows, data, opts, *cfg, os, out, kind_scores[i])
                            : FitHeldOut(*kind, rows, data, opts, *cfg, os, out);
    std::lock_guard<std::mutex> lock(log_mu);
    log << line;
    log.flush();
  });
  if (scores && opts.cv > 0) *scores = kind_scores;
  for (size_t i = 0; i < work->size(); ++i) {
    b.models.push_back(std::move(models[i]));
    if (held_out) held_out->insert(held_out->end(), rows_out[i].begin(), rows_out[i].end());
  }
  return b;
}

}  // namespace rl::kernels

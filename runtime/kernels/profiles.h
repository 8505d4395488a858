// Profiles and training of the kernel-time models (docs/kernel-models.md): the profile CSV
// reader, `ringline fit`'s training and its k-fold and leave-one-device-out scores. Built
// as rl_kernel_fit, apart from the models' inference and bundles (kernels.h,
// rl_kernel_abi), so that the compiler's phases do not link training code.
#pragma once
#include <llvm/Support/raw_ostream.h>

#include "runtime/kernels/kernels.h"

namespace rl::kernels {

// ---- profiles and training ---------------------------------------------------------

struct Sample {
  const KindInfo* kind = nullptr;
  std::vector<double> feats;  // a generic dataset's end with the device's peak_flops and mem_bw
  double time = 0;  // seconds (the profile's median)
  int group = 0;    // a generic dataset's device: an index into Dataset::groups
};
struct Dataset {
  DeviceInfo device;
  std::vector<Sample> samples;
  // Several devices' profiles in one (AcrossDevices): every sample's features carry its
  // device's numbers, and `groups` names the devices (the profiles' `name` lines).
  bool generic = false;
  std::vector<std::string> groups;
};
// tools/profiling/profile_kernels.py's CSV; errors name path:line.
llvm::Expected<Dataset> ReadProfileCsv(llvm::StringRef path);
// One generic dataset from several devices' profiles (each needs peak_flops and mem_bw):
// a sample's features get its profile's peak_flops and mem_bw appended, and its group is
// its profile's `name` (profiles of one name, such as one device's two precisions, are one
// group). `paths` name the profiles in errors.
llvm::Expected<Dataset> AcrossDevices(std::vector<Dataset> profiles, llvm::ArrayRef<std::string> paths);

struct FitOptions {
  double holdout = 0.2;  // fraction of each kind's rows held out for the reported accuracy
  uint64_t seed = 1;
  int epochs = 0;        // 0: the default schedule
  int folds = 0;         // cross-fitting folds = ensemble members (0: the default, 10)
  std::vector<int> hidden;  // hidden layer widths of each member (empty: the default)
  std::vector<std::string> only;  // kinds to fit (empty: every kind with enough rows)
  unsigned threads = 0;  // kinds fitted at once (0: one per core); the bundle is the same
  // k-fold cross-validation in place of the held-out share (0: none): each kind's rows are
  // cut into `cv` seeded folds, the whole fit is repeated on all folds but one and scored
  // on that one, and the bundle's model is then fitted on every row, with the
  // cross-validated errors as its metrics (test rows = every row, each scored once).
  int cv = 0;
  std::string variant;  // "log" or "util": fit only that variant ("": both, cross-validation picks;
                        // util for a generic dataset, fit.cpp)
};
// The settings check that Fit, CrossValidate and LeaveOneDeviceOut make before any work:
// the held-out share, folds, epochs, hidden widths, kinds and variant (the error names the
// setting), so that a caller can tell a setting's mistake from rows that cannot be fitted.
llvm::Error CheckFitOptions(const Dataset& data, const FitOptions& opts);
// One held-out row and the fitted model's prediction for it (`ringline fit --held-out`).
struct HeldOutRow {
  const Sample* sample = nullptr;
  double predicted = 0;  // seconds
};
// Trains one model per kind present (both variants, each without and with a floor; keeps
// the best by out-of-fold MAPE over the fitting rows) and reports per-kind accuracy to
// `log`, a line per kind as it finishes. With `held_out`, appends every held-out row with
// its prediction (kinds in table order). Kinds are fitted on `threads` threads; each has
// its own random streams, so the bundle does not depend on the thread count.
// With opts.cv, `scores` (when given) gets each kind's cross-validated scores.
struct Score;
llvm::Expected<Bundle> Fit(const Dataset& data, const FitOptions& opts, llvm::raw_ostream& log,
                           std::vector<HeldOutRow>* held_out = nullptr, std::vector<Score>* scores = nullptr);

// Out-of-sample scores of the fit and of two baselines, per kind and, for leave-one-
// device-out, per held-out device: the roofline at the device's peak (time = max(FLOPs /
// peak_flops, bytes / mem_bw)) and one efficiency per kind fitted on the same training
// rows (time = roofline / e, e the value that minimises their MAPE: a weighted median).
struct Score {
  const KindInfo* kind = nullptr;
  std::string group;          // the held-out device (leave-one-device-out), "" for k-fold
  int64_t rows = 0;
  double mape = 0, max_err = 0;  // the fitted models, as fractions
  double roofline = 0;        // MAPE of the roofline at peak
  double efficiency = 0;      // MAPE of the single fitted efficiency
  double eff_value = 0;       // that efficiency, fitted on every row but the scored ones
  int util_folds = 0, folds = 0;  // folds whose fit kept the util variant, of all folds
};
struct OutOfSampleRow {
  const Sample* sample = nullptr;
  double predicted = 0, roofline = 0, efficiency = 0;  // seconds
};
// k-fold cross-validation (opts.cv folds, at least 2) of every kind with enough rows.
llvm::Expected<std::vector<Score>> CrossValidate(const Dataset& data, const FitOptions& opts, llvm::raw_ostream& log,
                                                 std::vector<OutOfSampleRow>* rows = nullptr);
// Leave-one-device-out over a generic dataset's groups: each device's rows predicted by
// models fitted on the other devices' rows alone.
llvm::Expected<std::vector<Score>> LeaveOneDeviceOut(const Dataset& data, const FitOptions& opts,
                                                     llvm::raw_ostream& log,
                                                     std::vector<OutOfSampleRow>* rows = nullptr);
// The single efficiency e that minimises sum |roof_i / (e · time_i) - 1| (time = roofline
// / e): with u_i = roof_i / time_i that is sum u_i |1/e - 1/u_i|, so 1/e is the u-weighted
// median of 1/u_i. Rows without a roofline (0) are skipped; 1 when none has one.
double FitEfficiency(llvm::ArrayRef<double> roof, llvm::ArrayRef<double> time);

}  // namespace rl::kernels

// Internal to rl_kernels: fitting one kind's model on a set of rows (fit.cpp), shared by
// `Fit` and by the out-of-sample scoring of score.cpp (k-fold, leave-one-device-out).
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "runtime/kernels/profiles.h"
#include "runtime/kernels/train.h"

namespace rl::kernels {

inline constexpr size_t kMinRows = 10;  // fewer rows per kind cannot train, validate and test

// One fitted candidate (a variant, with or without a floor) and its out-of-fold errors
// over the rows it was fitted on.
struct Candidate {
  std::shared_ptr<Model::Impl> impl;
  Errors val;
};
// The kept candidate (lowest out-of-fold MAPE) and, when both variants were fitted, the
// best of the other variant; `tried` says what each variant cross-validated to.
struct Fitted {
  Candidate kept;
  std::shared_ptr<Model::Impl> other;  // null when only one variant was fitted
  std::string tried;
};
// Fits `kind` on `rows` of `data` (its device, or the rows' own devices when generic).
Fitted FitOnRows(const KindInfo& kind, const std::vector<const Sample*>& rows, const Dataset& data,
                 const FitOptions& opts, const TrainConfig& cfg);
// k-fold cross-validation of one kind (opts.cv folds): every row predicted by the fit on
// the other folds, with both baselines; `oos` gets the rows in the order scored, `other`
// (when both variants were fitted) the other variant's prediction of each.
Score CrossValidateKind(const KindInfo& kind, const std::vector<const Sample*>& rows, const Dataset& data,
                        const FitOptions& opts, const TrainConfig& cfg, std::vector<OutOfSampleRow>* oos,
                        std::vector<double>* other);
// Checks `opts` and makes the training schedule from it.
llvm::Expected<TrainConfig> ConfigOf(const Dataset& data, const FitOptions& opts);
// The rows of each kind `opts` asks for that has at least kMinRows (an error for a kind
// named by opts.only with fewer), in table order; skipped kinds are noted on `log`.
llvm::Expected<std::vector<std::pair<const KindInfo*, std::vector<const Sample*>>>> RowsByKind(
    const Dataset& data, const FitOptions& opts, llvm::raw_ostream& log);
// Seconds of the roofline of one row at its device's peak (0 without a device).
double RowRoofline(const Sample& s, const Dataset& data);
// Predictions of `model` for `rows`, in order.
std::vector<double> PredictRows(const Model::Impl& model, const std::vector<const Sample*>& rows);
// Runs tasks 0..n-1 on up to `threads` threads (0: one per core); each task's output
// depends only on its index, so results do not depend on the thread count.
void RunTasks(size_t n, unsigned threads, const std::function<void(size_t)>& task);
// A stable per-kind random stream number: the kind's name, not its position in kinds.def.
uint64_t KindStream(llvm::StringRef name);

}  // namespace rl::kernels

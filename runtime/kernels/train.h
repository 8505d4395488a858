// Internal to rl_kernels: training one member network of a kernel model (mini-batch Adam
// on the relative error of the predicted time, keeping the epoch with the best validation
// MAPE), averaging members into one network, and measuring relative errors. Used by
// fit.cpp; the random numbers come from rng.h so fits are reproducible.
#pragma once
#include <Eigen/Core>

#include <memory>
#include <vector>

#include "runtime/kernels/mlp.h"
#include "runtime/kernels/rng.h"

namespace rl::kernels {

// Tuned on the shipped CPU profile (docs/kernel-models.md, "Shipped bundles").
struct TrainConfig {
  std::vector<int> hidden = {32, 32};  // hidden layer widths of one member
  int epochs = 300;                    // passes over the training rows
  int batch = 32;                      // rows per Adam step
  double lr = 3e-3;                    // Adam step size, decayed by a cosine to lr_final
  double lr_final = 1e-4;
  // Cross-fitting folds = ensemble members (fit.cpp). 10 rather than 5: each member trains
  // on 90% of the fitting rows and the mean of 10 has less variance; on the shipped CPU
  // profile it took held-out MAPE from 12.0 to 11.2% (conv2d_fwd), 14.2 to 13.0%
  // (conv2d_bwd_filter), 15.7 to 14.9% (conv3d_fwd), for twice the fitting and
  // prediction time.
  int folds = 10;
};

// Rows in the network's terms: standardised inputs (one column per row) and targets, plus
// what a relative error needs (the measured seconds and each row's roofline time).
struct Rows {
  Eigen::MatrixXd x;
  Eigen::RowVectorXd y;
  Eigen::RowVectorXd roof;
  std::vector<double> time;
  size_t size() const { return time.size(); }
};

struct Errors {
  double mape = 0;     // mean |pred - meas| / meas
  double max_err = 0;  // max of the same
};
Errors MeasureErrors(const Model::Impl& m, const Rows& rows);

// Gives `m` one network and a skip path (its transforms must be set) and trains them on
// `train`; keeps the weights of the epoch with the lowest MAPE on `val`.
void Train(Model::Impl& m, const Rows& train, const Rows& val, const TrainConfig& cfg, Rng& rng);

// Makes `out` the ensemble of the members (same transforms): their networks, the mean of
// their skip paths. Its output is the mean of theirs.
void Average(const std::vector<std::shared_ptr<Model::Impl>>& members, Model::Impl& out);

}  // namespace rl::kernels

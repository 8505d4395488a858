// Internal to rl_kernels: training one model's network (Adam on the MSE of the
// standardised target, early stopping on a validation split) and measuring its relative
// error. Used by fit.cpp; the random numbers come from rng.h so fits are reproducible.
#pragma once
#include <Eigen/Core>

#include <vector>

#include "runtime/kernels/mlp.h"
#include "runtime/kernels/rng.h"

namespace rl::kernels {

struct TrainConfig {
  std::vector<int> hidden = {48, 48};  // hidden layer widths
  int epochs = 400;                    // passes over the training rows
  int batch = 32;                      // rows per Adam step
  double lr = 3e-3;                    // Adam step size, decayed by a cosine to lr_final
  double lr_final = 1e-4;
  int patience = 0;                    // stop after this many epochs without a better
                                       // validation MAPE (0: epochs / 3)
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

// Initialises m.layers (its transforms must be set) and trains them on `train`; keeps the
// weights of the epoch with the lowest MAPE on `val`. Returns the epochs run.
int Train(Model::Impl& m, const Rows& train, const Rows& val, const TrainConfig& cfg, Rng& rng);

}  // namespace rl::kernels

// The two constants of a framework's memory-bound kernels that a traced step fixes: the
// host's time to issue a kernel (`launch`, stdlib.training's Framework) and the bandwidth
// the kernels reach (stdlib.hardware's Device `stream` times its `membw`). Each traced op
// of a layer is its kernels' bytes, each taking max(launch, bytes / bandwidth) as
// stdlib.training's `_kernel_time` does, against the time the trace measured.
#pragma once
#include <llvm/ADT/ArrayRef.h>
#include <llvm/Support/Error.h>

#include <string>
#include <vector>

namespace rl::calibrate {

struct BoundOp {
  std::string label;          // for messages: "layer 3 (batchnorm) forward"
  std::vector<double> bytes;  // per kernel the op runs, B
  double measured = 0;        // s
};

struct OverheadFit {
  double launch = 0;     // s
  double bandwidth = 0;  // B/s
  size_t binding = 0;    // kernels whose time is the launch at the fit
  double mape = 0, max = 0;  // relative error of the fitted times over the ops
  double Time(const BoundOp& op) const;
};

// Minimises the sum over `ops` of |log(fitted / measured time)| (a 2-D search on
// logarithmic grids, refined four times around the best point to 0.02%): the absolute
// rather than the squared log ratio, so that a few ops the two constants cannot explain
// (on a CPU, those bound by compute or by the cache) do not pull the fit off the rest. Among fits of equal error the
// smallest launch wins, so a trace whose ops are all bandwidth-bound gives a launch below
// every kernel (`binding` 0). Errors (the driver's fit_error): fewer than two ops, an op
// without bytes or time.
llvm::Expected<OverheadFit> FitOverheads(llvm::ArrayRef<BoundOp> ops);

}  // namespace rl::calibrate

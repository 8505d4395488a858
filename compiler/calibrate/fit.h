// `ringline calibrate`'s fit: a link's Hockney α and β and the reduction cost γ per byte
// from measured collectives, each modelled as t = a·α + b·β + c·γ with the coefficients
// (a, b, c) of the stdlib.collectives schedule that runs it (compiler/driver/calibrate_command.cpp
// evaluates them). Least squares on the relative error of every point, with α, β, γ ≥ 0,
// made robust by Huber weights (a point off by more than 5% counts linearly).
#pragma once
#include <llvm/ADT/ArrayRef.h>
#include <llvm/Support/Error.h>

#include <string>
#include <vector>

namespace rl::calibrate {

struct CalibrationPoint {
  std::string op;         // allreduce, allgather, broadcast, ...
  int p = 0;              // processes
  double bytes = 0;       // stdlib.collectives' n
  double measured = 0;    // seconds
  double a = 0, b = 0, c = 0;  // the schedule's time at α = 1 s, at β = 1 s/B, at γ = 1 s/B
  size_t line = 0;        // of the CSV, for messages
};

struct LinkFit {
  double alpha = 0;        // s
  double beta = 0;         // s/B
  double gamma = 0;        // s/B
  bool gamma_fitted = false;  // false: no point's schedule reduces, or γ is not separable from β
  std::string gamma_note;  // why γ was not fitted ("" when it was)
  std::vector<double> fitted;  // seconds, per point
  double Time(const CalibrationPoint& p) const { return p.a * alpha + p.b * beta + p.c * gamma; }
  double Error(size_t i, llvm::ArrayRef<CalibrationPoint> pts) const { return fitted[i] / pts[i].measured - 1; }
};

// Fits one link. Errors (fewer points than unknowns + 1, points that cannot separate α
// from β) name the link.
llvm::Expected<LinkFit> FitLink(const std::string& link, llvm::ArrayRef<CalibrationPoint> pts);

}  // namespace rl::calibrate

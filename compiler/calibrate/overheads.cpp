// The launch time and bandwidth of a traced step's memory-bound ops (overheads.h).
#include "compiler/calibrate/overheads.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>


namespace rl::calibrate {

double OverheadFit::Time(const BoundOp& op) const {
  double t = 0;
  for (double b : op.bytes) t += std::max(launch, b / bandwidth);
  return t;
}

namespace {

double Cost(llvm::ArrayRef<BoundOp> ops, double launch, double bw) {
  const OverheadFit f{launch, bw};
  double c = 0;
  for (const BoundOp& op : ops) c += std::abs(std::log(f.Time(op) / op.measured));
  return c;
}

// `n` points from lo to hi, evenly spaced in log.
std::vector<double> LogGrid(double lo, double hi, int n) {
  std::vector<double> g;
  for (int i = 0; i < n; ++i) g.push_back(lo * std::pow(hi / lo, n == 1 ? 0.0 : double(i) / (n - 1)));
  return g;
}

}  // namespace

llvm::Expected<OverheadFit> FitOverheads(llvm::ArrayRef<BoundOp> ops) {
  auto fail = [](const std::string& m) { return llvm::createStringError(llvm::inconvertibleErrorCode(), m); };
  if (ops.size() < 2)
    return fail(fmt::format("{} memory-bound op{} to fit the launch time and bandwidth on; at least 2 are needed",
                            ops.size(), ops.size() == 1 ? "" : "s"));
  double rate_lo = INFINITY, rate_hi = 0, t_lo = INFINITY, t_hi = 0;
  for (const BoundOp& op : ops) {
    double bytes = 0;
    for (double b : op.bytes) bytes += b;
    if (!(op.measured > 0) || !std::isfinite(op.measured) || !(bytes > 0))
      return fail(fmt::format("{}: no bytes or no time to fit", op.label));
    rate_lo = std::min(rate_lo, bytes / op.measured), rate_hi = std::max(rate_hi, bytes / op.measured);
    t_lo = std::min(t_lo, op.measured / double(op.bytes.size())), t_hi = std::max(t_hi, op.measured);
  }
  // The bandwidth lies between the slowest and fastest op's bytes per second (any op's
  // time is at least its bytes at the bandwidth); the launch from well below the shortest
  // op (not binding) to the longest.
  std::vector<double> bws = LogGrid(rate_lo / 2, rate_hi * 2, 160), launches = LogGrid(t_lo / 1000, t_hi, 160);
  double best = INFINITY, best_l = launches[0], best_bw = bws[0];
  auto search = [&](const std::vector<double>& ls, const std::vector<double>& bs) {
    for (double l : ls)
      for (double bw : bs)
        if (double c = Cost(ops, l, bw); c < best * (1 - 1e-12)) best = c, best_l = l, best_bw = bw;
  };
  search(launches, bws);
  for (double span : {1.2, 1.02, 1.002, 1.0002}) {
    const double l = best_l, bw = best_bw;
    search(LogGrid(l / span, l * span, 41), LogGrid(bw / span, bw * span, 41));
  }
  OverheadFit f{best_l, best_bw};
  for (const BoundOp& op : ops) {
    for (double b : op.bytes) f.binding += b / f.bandwidth < f.launch;
    const double e = std::abs(f.Time(op) / op.measured - 1);
    f.mape += e, f.max = std::max(f.max, e);
  }
  f.mape /= double(ops.size());
  return f;
}

}  // namespace rl::calibrate

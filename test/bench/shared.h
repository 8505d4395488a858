// Shared by the benchmarks: one timed sweep into a `--best` reduction, and the largest
// relative difference between the reports of two backends over a whole sweep, box by box
// (a feasibility mismatch or a NaN on one side only counts as infinite). The benchmarks
// print their figures only when that difference is within 1e-12.
#pragma once
#include <algorithm>
#include <cmath>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <time.h>

#include "runtime/consumers.h"
#include "runtime/sinks.h"
#include "runtime/sweep.h"

namespace rl::bench {

// CPU time of the calling thread, in ms: immune to other load on the machine.
inline double ThreadCpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

// The median of repetitions (shared machines are noisy); 0 for none.
inline double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// A sweep of `space` into `--best` of `by`, as `ringline sweep --best` runs it; returns
// the best row as CSV (so the work cannot be optimised away).
inline std::string SweepBest(const runtime::Space& space, runtime::FillerFactory filler, size_t num_params,
                             runtime::Objective by, unsigned threads) {
  std::ostringstream os;
  std::unique_ptr<runtime::Sink> sink = runtime::MakeSink(runtime::Format::Csv, os);
  runtime::RowShape shape{num_params, space.num_reports, false, false};
  std::unique_ptr<runtime::RowConsumer> best = runtime::MakeBest(*sink, shape, by);
  runtime::SweepOptions so;
  so.threads = threads;
  runtime::RunSweep(space, std::move(filler), *best, so);
  best->Finish();
  return os.str();
}

// Refills each chunk the sweep engine filled (with the reference backend) with `other`
// and keeps the worst relative difference.
class CompareBackends : public runtime::Consumer {
 public:
  explicit CompareBackends(runtime::FillerFactory other) : make_(std::move(other)) {}
  void Prepare(runtime::Chunk& c) override {
    std::vector<double> reports(c.reports.size());
    std::vector<uint8_t> feasible(c.feasible.size());
    std::vector<const double*> axes;
    for (const auto& a : c.space->axes) axes.push_back(a.data());
    make_()->Fill(axes.data(), c.lo.data(), c.hi.data(), c.stride.data(), reports.data(), feasible.data(), c.count);
    auto worst = std::make_shared<double>(0);
    for (size_t i = 0; i < reports.size(); ++i) {
      double a = c.reports[i], b = reports[i];
      double d = a == b ? 0 : std::fabs(a - b) / std::max(std::fabs(a), std::fabs(b));
      *worst = std::max(*worst, std::isnan(d) ? INFINITY : d);
    }
    for (size_t i = 0; i < feasible.size(); ++i)
      if (feasible[i] != c.feasible[i]) *worst = INFINITY;
    c.partial = worst;
  }
  bool Consume(runtime::Chunk& c) override {
    worst = std::max(worst, *static_cast<double*>(c.partial.get()));
    return true;
  }
  double worst = 0;

 private:
  runtime::FillerFactory make_;
};

// Sweeps `space` with `reference` and compares `other` against it.
inline double MaxRelDiff(const runtime::Space& space, runtime::FillerFactory reference, runtime::FillerFactory other) {
  CompareBackends cmp(std::move(other));
  runtime::SweepOptions so;
  so.keep_infeasible = true;
  runtime::RunSweep(space, std::move(reference), cmp, so);
  return cmp.worst;
}

}  // namespace rl::bench

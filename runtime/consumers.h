// What a sweep does with its rows (sweep.h Consumers): stream every row to a Sink, or
// reduce them in bounded memory: the best row by one report (`--best`), the top K
// (`--top K --by`), the Pareto front of two reports (`--pareto`), or a histogram of one
// report (`--histogram`). A row counts when it is feasible, or always with
// --keep-infeasible. Reducers break ties on the point's declaration-order index, so the
// result does not depend on the backend, the loop order or the thread count.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "runtime/sinks.h"
#include "runtime/sweep.h"

namespace rl::runtime {

// A report to minimise, or to maximise (`-name` on the command line).
struct Objective {
  size_t report = 0;
  bool maximize = false;
};

class RowConsumer : public Consumer {
 public:
  // After the sweep: writes the result (nothing for a streaming writer, whose rows are
  // already out), Begin to End.
  virtual void Finish() = 0;
  // Across processes (runtime/mpi/cluster.h): the reducer's state so far as bytes, and
  // merging such a state from another process into this one. Reducers order rows by
  // (key, declaration-order index), so merging the states of any split of the chunks
  // gives the rows one process gives. False (the row writer): no state to merge.
  virtual bool Save(std::string* out) const { return false; }
  virtual void Merge(const std::string& in) {}
};

// Row layout everywhere: params, reports, then `feasible` when `feasible_column`.
struct RowShape {
  size_t num_params = 0, num_reports = 0;
  bool keep_infeasible = false;
  bool feasible_column = false;
  size_t width() const { return num_params + num_reports + (feasible_column ? 1 : 0); }
};

// The caller calls sink.Begin with the row columns (before the sweep for the writer,
// before Finish for a reducer); these write their rows and call End in Finish. Top-K rows come
// best first, the Pareto front by its first objective, best first.
std::unique_ptr<RowConsumer> MakeRowWriter(Sink& sink, RowShape shape);
std::unique_ptr<RowConsumer> MakeBest(Sink& sink, RowShape shape, Objective by);
std::unique_ptr<RowConsumer> MakeTop(Sink& sink, RowShape shape, Objective by, size_t k);
std::unique_ptr<RowConsumer> MakePareto(Sink& sink, RowShape shape, Objective a, Objective b);
// A histogram has columns of its own (the caller does not call Begin): `NAME_lo`,
// `NAME_hi` (bin edges in the report's unit) and `count`, one row per bin from the
// lowest to the highest non-empty one; at most `max_bins` bins.
std::unique_ptr<RowConsumer> MakeHistogram(Sink& sink, RowShape shape, size_t report, const Column& column,
                                           const std::string& scenario, size_t max_bins = 50);

// Shared with the tests: the histogram's bin ladder (widths 1, 2, 10, 20, 100, ... times
// a power of ten, each dividing the next so bins merge exactly).
class Histogram {
 public:
  explicit Histogram(size_t max_bins) : max_bins_(max_bins) {}
  void Add(double x);
  void Merge(const Histogram& o);
  struct Bin {
    double lo, hi;
    uint64_t count;
  };
  std::vector<Bin> Bins() const;
  uint64_t total() const { return total_; }
  // The state as bytes, and back (merging across processes).
  void Save(std::string* out) const;
  static Histogram Load(const std::string& in, size_t max_bins);

 private:
  double Width() const;
  double Edge(int64_t index) const;
  int64_t Index(double x) const;
  void Coarsen();
  void Cover(int64_t index);

  size_t max_bins_;
  int level_ = 0;      // width = (level even ? 1 : 2) * 10^(floor(level / 2))
  int64_t first_ = 0;  // index of counts_[0]
  std::vector<uint64_t> counts_;
  uint64_t total_ = 0;
};

}  // namespace rl::runtime

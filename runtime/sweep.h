// The sweep engine: the cartesian product of the params' value lists, cut into boxes
// ("chunks") of a few thousand points that worker threads fill through any backend (JIT'd
// `sweep`, or a per-point evaluator) and hand to a Consumer strictly in chunk order, one
// thread at a time, so the output never depends on the thread count. Chunks follow a chosen
// param order (outermost first): declaration order for streamed rows, the JIT's loop
// order for reducing sinks so the innermost loop writes unit-stride. At most a few
// chunks per thread are alive at once: memory is flat in the sweep's size.
#pragma once
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runtime/abi.h"

namespace rl::runtime {

// Evaluates one point: params in (SI), reports out (SI); returns feasibility.
using EvalFn = std::function<bool(const double* params, double* reports)>;

// Number of points in the product, saturating at UINT64_MAX.
uint64_t ProductSize(const std::vector<std::vector<double>>& axes);

// The progress line's time left: `42s`, `6m00s` (whole seconds, under 90 minutes), `2.5h`.
std::string EtaText(double seconds);

// Fills boxes (runtime/abi.h). Each worker thread gets its own.
class BoxFiller {
 public:
  virtual ~BoxFiller() = default;
  virtual void Fill(const double* const* axes, const int64_t* lo, const int64_t* hi, const int64_t* stride,
                    double* reports, uint8_t* feasible, int64_t count) = 0;
};
using FillerFactory = std::function<std::unique_ptr<BoxFiller>()>;
// A generated `sweep` function.
std::unique_ptr<BoxFiller> SweepFnFiller(rl_sweep_fn fn);
// Any point evaluator, called once per point (the interpreter, the JIT's `eval`).
std::unique_ptr<BoxFiller> PointFiller(EvalFn eval, size_t num_params, size_t num_reports);
// One filler per variant of a scenario: variant k serves the points whose indices along
// `axes` are k in mixed radix over `sizes` (the first slowest). A box is cut along those
// axes and each piece is filled by its variant's filler.
std::unique_ptr<BoxFiller> VariantFiller(std::vector<std::unique_ptr<BoxFiller>> fillers, std::vector<uint32_t> axes,
                                         std::vector<int64_t> sizes, size_t num_params);
// The factory of such fillers, from one factory per variant (with one variant, that one).
FillerFactory VariantFillers(std::vector<FillerFactory> each, std::vector<uint32_t> axes, std::vector<int64_t> sizes,
                             size_t num_params);

struct Space {
  Space(std::vector<std::vector<double>> axes, std::vector<uint32_t> order, size_t num_reports);
  std::vector<std::vector<double>> axes;  // per param, declaration order
  std::vector<uint32_t> order;            // chunk order, outermost first
  size_t num_reports;
  // The first `checked_reports` reports must be finite (a non-finite one ends the sweep
  // with a Failure); derivative reports after them may be inf or NaN at a kink.
  size_t checked_reports;
  uint64_t points;                        // ProductSize(axes)
  std::vector<uint64_t> canonical_stride; // declaration-order row-major index weights
};

// One filled box: `count` points in `order`-major order over [lo, hi).
struct Chunk {
  const Space* space = nullptr;
  uint64_t index = 0;
  int64_t count = 0;
  std::vector<int64_t> lo, hi, stride;  // per param
  std::vector<double> reports;          // num_reports arrays of `count`
  std::vector<uint8_t> feasible;
  // Rows [0, valid) may be used; `valid < count` when row `valid` is the first kept row
  // with a non-finite report (the sweep then stops with a Failure).
  int64_t valid = 0;
  std::shared_ptr<void> partial;  // for the consumer's Prepare -> Consume hand-off
  // With SweepOptions::requires_filler: rows [0, valid) that fail a `require`, and per
  // require how many fail it (else 0 and empty).
  int64_t infeasible = 0;
  std::vector<uint64_t> failed;

  double Report(size_t r, int64_t pos) const { return reports[r * static_cast<size_t>(count) + pos]; }
  bool Feasible(int64_t pos) const { return feasible[pos] != 0; }
  void Params(int64_t pos, double* out) const;
  // The point's index in the declaration-order product (ties in reducing sinks break on
  // it, so every backend, order and thread count picks the same rows).
  uint64_t CanonicalIndex(int64_t pos) const;
  // Calls f(pos0, len, canon0, dcanon) for each run of rows along the innermost param of
  // the chunk order, rows [0, valid) only: row pos0 + j (j < len) has declaration-order
  // index canon0 + j * dcanon. One CanonicalIndex per run instead of per row.
  template <typename F>
  void ForEachRun(F&& f) const {
    if (lo.empty() || valid == 0) {
      if (valid > 0) f(int64_t{0}, valid, uint64_t{0}, uint64_t{0});
      return;
    }
    const uint32_t inner = space->order.back();
    const int64_t len = hi[inner] - lo[inner];
    const uint64_t dcanon = space->canonical_stride[inner];
    for (int64_t pos0 = 0; pos0 < valid; pos0 += len)
      f(pos0, std::min(len, valid - pos0), CanonicalIndex(pos0), dcanon);
  }
};

// Walks a chunk's positions 0, 1, 2, ... keeping each point's axis indices and
// declaration-order index current in O(1) amortised (no divisions per row).
class ChunkCursor {
 public:
  explicit ChunkCursor(const Chunk& c);
  int64_t pos() const { return pos_; }
  int64_t index(size_t param) const { return idx_[param]; }
  double value(size_t param) const { return c_.space->axes[param][idx_[param]]; }
  uint64_t canonical() const { return canon_; }
  void Next();

 private:
  const Chunk& c_;
  std::vector<int64_t> idx_;
  uint64_t canon_ = 0;
  int64_t pos_ = 0;
};

class Consumer {
 public:
  virtual ~Consumer() = default;
  // On a worker thread right after the chunk is filled; must not touch shared state.
  virtual void Prepare(Chunk& c) {}
  // In chunk order, on one thread at a time (whichever worker finished the chunk, or the
  // calling thread when there is one thread), rows [0, c.valid) only; false stops the
  // sweep.
  virtual bool Consume(Chunk& c) = 0;
};

struct SweepOptions {
  unsigned threads = 0;              // 0: every core
  uint64_t chunk_points = 1 << 12;   // target points per chunk (its reports stay in L2)
  bool keep_infeasible = false;      // infeasible rows are rows (and are checked for non-finite reports)
  const std::atomic<bool>* interrupt = nullptr;  // polled between chunks (SIGINT)
  bool progress = false;             // a progress line on stderr
  // Which `require` an infeasible point fails: fills a box with one "report" per require
  // (nonzero where it holds), the same box the point's chunk had. Run only for chunks
  // with an infeasible row (and never with one require: every such row fails it), so a
  // sweep whose points all hold pays nothing, and the main filler's loop stays as it
  // is. SweepResult::failed then counts the rows each fails.
  FillerFactory requires_filler;
  size_t num_requires = 0;
  // Which chunks this process sweeps (runtime/mpi/cluster.h): called with the engine's
  // lock held, it returns the next chunk index, increasing, or nullopt when there are no
  // more. Unset: every chunk, 0 to ChunkCount - 1. Chunks are still consumed in the
  // order they are claimed.
  std::function<std::optional<uint64_t>()> next_chunk;
  // Points swept by other processes, added to the progress line's count (rank 0 under
  // MPI, runtime/mpi/cluster.h).
  std::function<uint64_t()> points_elsewhere;
};

// How many chunks RunSweep cuts `space` into with `chunk_points` (SweepOptions).
uint64_t ChunkCount(const Space& space, uint64_t chunk_points);
// Per param (declaration order): whether it spans its whole axis in every one of those
// chunks (the params deeper than the cut, in chunk order).
std::vector<bool> WholeInChunks(const Space& space, uint64_t chunk_points);

struct SweepResult {
  uint64_t points = 0;               // points handed to the consumer
  uint64_t infeasible = 0;           // of those, the ones that fail a `require` (with requires_filler)
  // Per require, the points of `points` that fail it (a point may fail several); empty
  // without SweepOptions::requires_filler.
  std::vector<uint64_t> failed;
  bool interrupted = false;
  // The first kept row with a non-finite report, in chunk order.
  struct Failure {
    std::vector<double> params;
    size_t report;
    double value;
    uint64_t chunk = 0;  // the chunk's index (the first failing chunk wins across processes)
  };
  std::optional<Failure> failure;
};

// Counts a consumed chunk into `res` as the engine does (its rows, infeasible rows and
// failed requires); at the chunk's non-finite report it sets res->failure and returns false.
bool AddChunk(const Chunk& c, SweepResult* res);

// "swept 1.20M of 10.00M points (12%), 3.40M points/s, ETA 3s" on stderr, redrawn in
// place at most twice a second and erased when destroyed; does nothing when off.
class ProgressLine {
 public:
  ProgressLine(bool on, uint64_t total);
  ~ProgressLine();
  void Update(uint64_t done) {
    if (Due()) Show(done);
  }
  // Whether the line is on and half a second has passed since it was last drawn (then
  // Show draws it): the count, which may cost more than this, is taken only then.
  bool Due();
  void Show(uint64_t done);

 private:
  using Clock = std::chrono::steady_clock;
  bool on_, shown_ = false;
  uint64_t total_;
  Clock::time_point start_, last_;
};

SweepResult RunSweep(const Space& space, const FillerFactory& make_filler, Consumer& consumer,
                     const SweepOptions& opts);

}  // namespace rl::runtime

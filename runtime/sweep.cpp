// The sweep engine (see sweep.h): box fillers, chunk layout, worker threads with an
// in-order hand-off, and the progress line.
#include "runtime/sweep.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <mutex>
#include <thread>

#include "runtime/clones.h"

namespace rl::runtime {

uint64_t ProductSize(const std::vector<std::vector<double>>& axes) {
  uint64_t n = 1;
  for (const auto& a : axes) {
    if (a.empty()) return 0;
    if (n > UINT64_MAX / a.size()) return UINT64_MAX;
    n *= a.size();
  }
  return n;
}

namespace {

class SweepFnFillerImpl : public BoxFiller {
 public:
  explicit SweepFnFillerImpl(rl_sweep_fn fn) : fn_(fn) {}
  void Fill(const double* const* axes, const int64_t* lo, const int64_t* hi, const int64_t* stride, double* reports,
            uint8_t* feasible, int64_t count) override {
    fn_(axes, lo, hi, stride, reports, feasible, count);
  }

 private:
  rl_sweep_fn fn_;
};

// Walks the box with an odometer in declaration order; the position follows the strides.
class PointFillerImpl : public BoxFiller {
 public:
  PointFillerImpl(EvalFn eval, size_t np, size_t nr) : eval_(std::move(eval)), params_(np), reports_(nr), idx_(np) {}
  void Fill(const double* const* axes, const int64_t* lo, const int64_t* hi, const int64_t* stride, double* reports,
            uint8_t* feasible, int64_t count) override {
    const size_t np = params_.size(), nr = reports_.size();
    for (size_t p = 0; p < np; ++p) {
      idx_[p] = lo[p];
      params_[p] = axes[p][lo[p]];
    }
    int64_t pos = 0;
    while (true) {
      feasible[pos] = eval_(params_.data(), reports_.data()) ? 1 : 0;
      for (size_t r = 0; r < nr; ++r) reports[r * static_cast<size_t>(count) + pos] = reports_[r];
      size_t k = np;
      while (k > 0) {
        --k;
        if (++idx_[k] < hi[k]) {
          params_[k] = axes[k][idx_[k]];
          pos += stride[k];
          break;
        }
        pos -= (idx_[k] - 1 - lo[k]) * stride[k];
        idx_[k] = lo[k];
        params_[k] = axes[k][lo[k]];
        if (k == 0) return;
      }
      if (np == 0) return;
    }
  }

 private:
  EvalFn eval_;
  std::vector<double> params_, reports_;
  std::vector<int64_t> idx_;
};

class VariantFillerImpl : public BoxFiller {
 public:
  VariantFillerImpl(std::vector<std::unique_ptr<BoxFiller>> fillers, std::vector<uint32_t> axes,
                    std::vector<int64_t> sizes, size_t num_params)
      : fillers_(std::move(fillers)), axes_(std::move(axes)), sizes_(std::move(sizes)), np_(num_params) {}
  void Fill(const double* const* axes, const int64_t* lo, const int64_t* hi, const int64_t* stride, double* reports,
            uint8_t* feasible, int64_t count) override {
    // The box's own bounds, with the variant axes narrowed to one index at a time; the
    // pieces keep the box's strides and count (runtime/abi.h).
    lo_.assign(lo, lo + np_);
    hi_.assign(hi, hi + np_);
    idx_.resize(axes_.size());
    for (size_t j = 0; j < axes_.size(); ++j) idx_[j] = lo[axes_[j]];
    while (true) {
      int64_t variant = 0, offset = 0;
      for (size_t j = 0; j < axes_.size(); ++j) {
        variant = variant * sizes_[j] + idx_[j];
        offset += (idx_[j] - lo[axes_[j]]) * stride[axes_[j]];
        lo_[axes_[j]] = idx_[j];
        hi_[axes_[j]] = idx_[j] + 1;
      }
      fillers_[static_cast<size_t>(variant)]->Fill(axes, lo_.data(), hi_.data(), stride, reports + offset,
                                                   feasible + offset, count);
      size_t j = axes_.size();
      while (j > 0 && ++idx_[j - 1] >= hi[axes_[j - 1]]) {
        idx_[j - 1] = lo[axes_[j - 1]];
        --j;
      }
      if (j == 0) return;
    }
  }

 private:
  std::vector<std::unique_ptr<BoxFiller>> fillers_;
  std::vector<uint32_t> axes_;
  std::vector<int64_t> sizes_;
  size_t np_;
  std::vector<int64_t> lo_, hi_, idx_;
};

// How the space is cut: every param deeper than `split_` (in chunk order) is whole in a
// chunk, `split_` is cut into ranges of `width_`, and shallower params are fixed.
class Layout {
 public:
  Layout(const Space& s, uint64_t target) : s_(s), n_(s.order.size()) {
    size_.resize(n_);
    for (size_t d = 0; d < n_; ++d) size_[d] = s.axes[s.order[d]].size();
    uint64_t inner = 1;  // points in the params deeper than d
    size_t d = n_;
    while (d > 0 && inner <= target / std::max<uint64_t>(size_[d - 1], 1) && inner * size_[d - 1] <= target) {
      inner *= size_[d - 1];
      --d;
    }
    if (d == 0) {
      split_ = SIZE_MAX;
      chunks_ = 1;
      return;
    }
    split_ = d - 1;
    width_ = std::max<uint64_t>(1, target / inner);
    subs_ = (size_[split_] + width_ - 1) / width_;
    chunks_ = subs_;
    for (size_t e = 0; e < split_; ++e) chunks_ *= size_[e];
  }
  uint64_t chunks() const { return chunks_; }
  // Whether the param at `depth` of the chunk order spans its whole axis in every chunk.
  bool Whole(size_t depth) const {
    return split_ == SIZE_MAX || depth > split_ || (depth == split_ && subs_ == 1) || size_[depth] <= 1;
  }

  void Place(Chunk& c, uint64_t index) const {
    const size_t np = s_.axes.size();
    c.space = &s_;
    c.index = index;
    c.lo.assign(np, 0);
    c.hi.assign(np, 0);
    c.stride.assign(np, 0);
    for (size_t p = 0; p < np; ++p) c.hi[p] = static_cast<int64_t>(s_.axes[p].size());
    if (split_ != SIZE_MAX) {
      uint64_t outer = index / subs_, sub = index % subs_;
      uint32_t p = s_.order[split_];
      c.lo[p] = static_cast<int64_t>(sub * width_);
      c.hi[p] = static_cast<int64_t>(std::min<uint64_t>(size_[split_], sub * width_ + width_));
      for (size_t e = split_; e-- > 0;) {
        uint32_t q = s_.order[e];
        c.lo[q] = static_cast<int64_t>(outer % size_[e]);
        c.hi[q] = c.lo[q] + 1;
        outer /= size_[e];
      }
    }
    int64_t stride = 1;
    for (size_t d = n_; d-- > 0;) {
      uint32_t p = s_.order[d];
      c.stride[p] = stride;
      stride *= c.hi[p] - c.lo[p];
    }
    c.count = stride;
  }

 private:
  const Space& s_;
  size_t n_;
  std::vector<uint64_t> size_;
  size_t split_ = SIZE_MAX;
  uint64_t width_ = 1, subs_ = 1, chunks_ = 1;
};

// True when some value is NaN or infinite (x - x is then NaN, else 0). Branch-free so it
// vectorises; cloned for wider vector units since every chunk goes through it.
RL_VECTOR_CLONES bool AnyNonFinite(const double* v, size_t n) {
  unsigned bad = 0;
  for (size_t i = 0; i < n; ++i) bad |= !(v[i] - v[i] == 0.0);
  return bad != 0;
}

// What one worker thread fills with: the backend's filler and, made when first needed,
// the filler of the requires' outcomes with its buffers.
struct Fillers {
  std::unique_ptr<BoxFiller> main, outcome;
  std::vector<double> outcomes;
  std::vector<uint8_t> unused;
};

// Rows [0, c.valid) that are infeasible, and which requires they fail (see
// SweepOptions::requires_filler).
RL_VECTOR_CLONES int64_t CountZeros(const uint8_t* v, int64_t n) {
  int64_t count = 0;
  for (int64_t i = 0; i < n; ++i) count += v[i] == 0;
  return count;
}
RL_VECTOR_CLONES int64_t CountZeros(const double* v, int64_t n) {
  int64_t count = 0;
  for (int64_t i = 0; i < n; ++i) count += v[i] == 0;
  return count;
}

void CountFailedRequires(Chunk& c, Fillers& f, std::vector<const double*>& axes, const SweepOptions& opts) {
  c.infeasible = 0;
  c.failed.clear();
  if (!opts.requires_filler || opts.num_requires == 0) return;
  c.infeasible = CountZeros(c.feasible.data(), c.valid);
  c.failed.assign(opts.num_requires, 0);
  if (c.infeasible == 0) return;
  if (opts.num_requires == 1) {  // an infeasible point fails the only one
    c.failed[0] = static_cast<uint64_t>(c.infeasible);
    return;
  }
  if (!f.outcome) f.outcome = opts.requires_filler();
  f.outcomes.resize(opts.num_requires * static_cast<size_t>(c.count));
  f.unused.resize(static_cast<size_t>(c.count));
  f.outcome->Fill(axes.data(), c.lo.data(), c.hi.data(), c.stride.data(), f.outcomes.data(), f.unused.data(),
                   c.count);
  for (size_t q = 0; q < opts.num_requires; ++q)
    c.failed[q] = static_cast<uint64_t>(CountZeros(f.outcomes.data() + q * static_cast<size_t>(c.count), c.valid));
}

void FillChunk(const Layout& layout, Chunk& c, uint64_t index, BoxFiller& filler, std::vector<const double*>& axes,
               bool keep) {
  layout.Place(c, index);
  const size_t nr = c.space->num_reports;
  c.reports.resize(nr * static_cast<size_t>(c.count));
  c.feasible.resize(static_cast<size_t>(c.count));
  c.partial.reset();
  filler.Fill(axes.data(), c.lo.data(), c.hi.data(), c.stride.data(), c.reports.data(), c.feasible.data(), c.count);
  // The first kept row with a non-finite report ends the usable part of the chunk; one
  // vectorised pass rules that out almost always.
  c.valid = c.count;
  if (!AnyNonFinite(c.reports.data(), c.reports.size())) return;
  for (size_t r = 0; r < std::min(nr, c.space->checked_reports); ++r) {
    const double* v = c.reports.data() + r * static_cast<size_t>(c.count);
    for (int64_t pos = 0; pos < c.valid; ++pos)
      if (!std::isfinite(v[pos]) && (keep || c.feasible[pos])) {
        c.valid = pos;
        break;
      }
  }
}

std::string Human(double v) {
  if (v >= 1e9) return fmt::format("{:.2f}G", v / 1e9);
  if (v >= 1e6) return fmt::format("{:.2f}M", v / 1e6);
  if (v >= 1e4) return fmt::format("{:.1f}k", v / 1e3);
  return fmt::format("{:.0f}", v);
}

}  // namespace

std::string EtaText(double seconds) {
  // Whole seconds first, so that 359.7 s reads 6m00s, not 5m60s.
  const uint64_t s = static_cast<uint64_t>(std::llround(std::max(seconds, 0.0)));
  if (s < 90) return fmt::format("{}s", s);
  if (s < 5400) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{:.1f}h", seconds / 3600);
}

ProgressLine::ProgressLine(bool on, uint64_t total) : on_(on), total_(total), start_(Clock::now()), last_(start_) {}

bool ProgressLine::Due() {
  if (!on_) return false;
  auto now = Clock::now();
  if (now - last_ < std::chrono::milliseconds(500)) return false;
  last_ = now;
  return true;
}

void ProgressLine::Show(uint64_t done) {
  done = std::min(done, total_);
  double secs = std::chrono::duration<double>(last_ - start_).count();
  double rate = done / std::max(secs, 1e-9);
  double eta = rate > 0 ? (total_ - done) / rate : 0;
  std::string left = EtaText(eta);
  std::fprintf(stderr, "\rswept %s of %s points (%.0f%%), %s points/s, ETA %s\033[K", Human(done).c_str(),
               Human(total_).c_str(), 100.0 * done / std::max<uint64_t>(total_, 1), Human(rate).c_str(),
               left.c_str());
  std::fflush(stderr);
  shown_ = true;
}

ProgressLine::~ProgressLine() {
  if (shown_) std::fprintf(stderr, "\r\033[K");
}

bool AddChunk(const Chunk& c, SweepResult* res) {
  res->points += static_cast<uint64_t>(c.valid);
  res->infeasible += static_cast<uint64_t>(c.infeasible);
  for (size_t q = 0; q < c.failed.size() && q < res->failed.size(); ++q) res->failed[q] += c.failed[q];
  if (c.valid == c.count) return true;
  SweepResult::Failure f{std::vector<double>(c.space->axes.size()), 0, 0, c.index};
  c.Params(c.valid, f.params.data());
  for (size_t r = 0; r < c.space->checked_reports; ++r)
    if (!std::isfinite(c.Report(r, c.valid))) {
      f.report = r;
      f.value = c.Report(r, c.valid);
      break;
    }
  res->failure = std::move(f);
  return false;
}

std::unique_ptr<BoxFiller> SweepFnFiller(rl_sweep_fn fn) { return std::make_unique<SweepFnFillerImpl>(fn); }

std::unique_ptr<BoxFiller> PointFiller(EvalFn eval, size_t num_params, size_t num_reports) {
  return std::make_unique<PointFillerImpl>(std::move(eval), num_params, num_reports);
}

std::unique_ptr<BoxFiller> VariantFiller(std::vector<std::unique_ptr<BoxFiller>> fillers, std::vector<uint32_t> axes,
                                         std::vector<int64_t> sizes, size_t num_params) {
  return std::make_unique<VariantFillerImpl>(std::move(fillers), std::move(axes), std::move(sizes), num_params);
}

FillerFactory VariantFillers(std::vector<FillerFactory> each, std::vector<uint32_t> axes, std::vector<int64_t> sizes,
                             size_t num_params) {
  if (each.size() == 1) return each[0];
  return [each = std::move(each), axes = std::move(axes), sizes = std::move(sizes), num_params] {
    std::vector<std::unique_ptr<BoxFiller>> fillers;
    for (const FillerFactory& f : each) fillers.push_back(f());
    return VariantFiller(std::move(fillers), axes, sizes, num_params);
  };
}

Space::Space(std::vector<std::vector<double>> axes_in, std::vector<uint32_t> order_in, size_t nr)
    : axes(std::move(axes_in)),
      order(std::move(order_in)),
      num_reports(nr),
      checked_reports(nr),
      points(ProductSize(axes)) {
  canonical_stride.assign(axes.size(), 1);
  for (size_t p = axes.size(); p-- > 1;) canonical_stride[p - 1] = canonical_stride[p] * axes[p].size();
}

void Chunk::Params(int64_t pos, double* out) const {
  for (size_t p = 0; p < lo.size(); ++p) {
    int64_t len = hi[p] - lo[p];
    out[p] = space->axes[p][lo[p] + (pos / stride[p]) % len];
  }
}

uint64_t Chunk::CanonicalIndex(int64_t pos) const {
  uint64_t index = 0;
  for (size_t p = 0; p < lo.size(); ++p) {
    int64_t len = hi[p] - lo[p];
    index += static_cast<uint64_t>(lo[p] + (pos / stride[p]) % len) * space->canonical_stride[p];
  }
  return index;
}

ChunkCursor::ChunkCursor(const Chunk& c) : c_(c), idx_(c.lo) {
  for (size_t p = 0; p < idx_.size(); ++p) canon_ += static_cast<uint64_t>(idx_[p]) * c.space->canonical_stride[p];
}

void ChunkCursor::Next() {
  ++pos_;
  const std::vector<uint32_t>& order = c_.space->order;
  for (size_t d = order.size(); d-- > 0;) {
    uint32_t p = order[d];
    canon_ += c_.space->canonical_stride[p];
    if (++idx_[p] < c_.hi[p]) return;
    canon_ -= static_cast<uint64_t>(c_.hi[p] - c_.lo[p]) * c_.space->canonical_stride[p];
    idx_[p] = c_.lo[p];
  }
}

uint64_t ChunkCount(const Space& space, uint64_t chunk_points) {
  if (space.points == 0) return 0;
  return Layout(space, std::max<uint64_t>(chunk_points, 1)).chunks();
}

std::vector<bool> WholeInChunks(const Space& space, uint64_t chunk_points) {
  std::vector<bool> whole(space.axes.size(), true);
  if (space.points == 0) return whole;
  const Layout layout(space, std::max<uint64_t>(chunk_points, 1));
  for (size_t d = 0; d < space.order.size(); ++d) whole[space.order[d]] = layout.Whole(d);
  return whole;
}

SweepResult RunSweep(const Space& space, const FillerFactory& make_filler, Consumer& consumer,
                     const SweepOptions& opts) {
  SweepResult res;
  if (space.points == 0) return res;
  const Layout layout(space, std::max<uint64_t>(opts.chunk_points, 1));
  std::vector<const double*> axes;
  for (const auto& a : space.axes) axes.push_back(a.data());
  unsigned threads = opts.threads ? opts.threads : std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<uint64_t>(threads, layout.chunks()));
  ProgressLine progress(opts.progress, space.points);
  // The `local`-th chunk this process sweeps: its index in the layout, or false when none.
  auto claim = [&](uint64_t local, uint64_t* index) -> bool {
    if (opts.next_chunk) {
      std::optional<uint64_t> n = opts.next_chunk();
      if (n) *index = *n;
      return n.has_value();
    }
    *index = local;
    return local < layout.chunks();
  };
  auto interrupted = [&] { return opts.interrupt && opts.interrupt->load(std::memory_order_relaxed); };
  // Hands one chunk to the consumer, in chunk order (serialised by the caller).
  res.failed.assign(opts.num_requires, 0);
  auto finish = [&](Chunk& c) {
    bool go = consumer.Consume(c);
    return AddChunk(c, &res) && go;
  };
  auto elsewhere = [&]() -> uint64_t { return opts.points_elsewhere ? opts.points_elsewhere() : 0; };

  if (threads <= 1) {
    Fillers f{make_filler()};
    Chunk c;
    uint64_t index;
    for (uint64_t i = 0;; ++i) {
      if (interrupted()) {
        res.interrupted = true;
        break;
      }
      if (!claim(i, &index)) break;
      FillChunk(layout, c, index, *f.main, axes, opts.keep_infeasible);
      CountFailedRequires(c, f, axes, opts);
      consumer.Prepare(c);
      if (!finish(c)) break;
      if (progress.Due()) progress.Show(res.points + elsewhere());
    }
    return res;
  }

  // Workers claim chunks in increasing order, at most `window` ahead of the consumer, so
  // chunk i always lands in slot i % window. Whichever worker finishes a chunk hands the
  // ready ones to the consumer, in order, one thread at a time; the calling thread only
  // watches (progress, Ctrl-C), so it never costs a context switch per chunk.
  const uint64_t window = 2 * threads + 2;
  std::vector<Chunk> slots(window);
  std::vector<uint8_t> ready(window, 0);
  std::mutex mu;          // next, consumed, ready, stop
  std::mutex consume_mu;  // the consumer runs on one thread at a time
  std::condition_variable cv_work, cv_done;
  uint64_t next = 0, consumed = 0;  // chunks claimed, consumed (this process's sequence)
  bool stop = false, exhausted = false;
  std::atomic<uint64_t> points{0};
  auto next_ready = [&]() -> bool { return !stop && consumed < next && ready[consumed % window]; };
  auto drain = [&] {
    while (true) {
      {
        std::unique_lock<std::mutex> turn(consume_mu, std::try_to_lock);
        if (!turn) return;  // the thread consuming rechecks after it lets go
        while (true) {
          uint64_t i;
          {
            std::lock_guard<std::mutex> lock(mu);
            if (!next_ready() || interrupted()) break;
            i = consumed;
          }
          bool go = finish(slots[i % window]);
          points.store(res.points, std::memory_order_relaxed);
          {
            std::lock_guard<std::mutex> lock(mu);
            ready[i % window] = 0;
            ++consumed;
            if (!go) stop = true;
          }
          cv_work.notify_all();
          cv_done.notify_all();
        }
      }
      std::lock_guard<std::mutex> lock(mu);
      if (!next_ready() || interrupted()) return;
    }
  };
  std::vector<Fillers> fillers(threads);
  for (unsigned t = 0; t < threads; ++t) fillers[t].main = make_filler();
  // A worker's exception (std::bad_alloc from a reducer or a table's rows) stops the
  // sweep and is rethrown on the calling thread, not std::terminate.
  std::exception_ptr error;
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      try {
        while (true) {
          uint64_t i, index;
          {
            std::unique_lock<std::mutex> lock(mu);
            cv_work.wait(lock, [&] { return stop || exhausted || next < consumed + window; });
            if (stop || exhausted) return;
            if (!claim(next, &index)) {
              exhausted = true;
              cv_work.notify_all();
              cv_done.notify_all();
              return;
            }
            i = next++;
          }
          Chunk& c = slots[i % window];
          FillChunk(layout, c, index, *fillers[t].main, axes, opts.keep_infeasible);
          CountFailedRequires(c, fillers[t], axes, opts);
          consumer.Prepare(c);
          {
            std::lock_guard<std::mutex> lock(mu);
            ready[i % window] = 1;
          }
          drain();
        }
      } catch (...) {
        std::lock_guard<std::mutex> lock(mu);
        if (!error) error = std::current_exception();
        stop = true;
        cv_work.notify_all();
        cv_done.notify_all();
      }
    });
  {
    std::unique_lock<std::mutex> lock(mu);
    while (!stop && !(exhausted && consumed == next)) {
      cv_done.wait_for(lock, std::chrono::milliseconds(100));
      if (interrupted()) stop = true;
      if (progress.Due()) progress.Show(points.load(std::memory_order_relaxed) + elsewhere());
    }
    stop = true;
  }
  cv_work.notify_all();
  for (std::thread& w : workers) w.join();
  if (error) std::rethrow_exception(error);
  res.interrupted = interrupted() && !res.failure && !(exhausted && consumed == next);
  return res;
}

}  // namespace rl::runtime

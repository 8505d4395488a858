// Row writer and reducing sinks (see consumers.h). Each reducer does the per-row work in
// Prepare, in parallel on the worker that filled the chunk (a chunk-local partial
// result), and Consume, which runs serialised in chunk order, only merges a handful of
// rows per chunk.
#include "runtime/consumers.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <map>
#include <optional>

#include "runtime/bytes.h"
#include "runtime/clones.h"

namespace rl::runtime {
namespace {

struct Row {
  double a = 0, b = 0;  // objective keys (minimised)
  uint64_t canon = 0;
  std::vector<double> values;
};

void PutRow(std::string* out, const Row& r) {
  Put(out, r.a);
  Put(out, r.b);
  Put(out, r.canon);
  out->append(reinterpret_cast<const char*>(r.values.data()), r.values.size() * sizeof(double));
}
Row TakeRow(const std::string& in, size_t* at, size_t width) {
  Row r;
  r.a = Take<double>(in, at);
  r.b = Take<double>(in, at);
  r.canon = Take<uint64_t>(in, at);
  r.values.resize(width);
  for (double& v : r.values) v = Take<double>(in, at);
  return r;
}

bool Kept(const Chunk& c, const RowShape& shape, int64_t pos) { return shape.keep_infeasible || c.Feasible(pos); }

void FillRow(const Chunk& c, const RowShape& shape, int64_t pos, std::vector<double>& out) {
  out.resize(shape.width());
  c.Params(pos, out.data());
  for (size_t r = 0; r < shape.num_reports; ++r) out[shape.num_params + r] = c.Report(r, pos);
  if (shape.feasible_column) out[shape.num_params + shape.num_reports] = c.Feasible(pos);
}

void FillRow(const ChunkCursor& at, const Chunk& c, const RowShape& shape, std::vector<double>& out) {
  out.resize(shape.width());
  const int64_t pos = at.pos();
  for (size_t p = 0; p < shape.num_params; ++p) out[p] = at.value(p);
  for (size_t r = 0; r < shape.num_reports; ++r) out[shape.num_params + r] = c.Report(r, pos);
  if (shape.feasible_column) out[shape.num_params + shape.num_reports] = c.Feasible(pos);
}

// The least sign * v[pos] over kept rows, branch-free with four accumulators (the scan
// every --best runs over every row); false when no row is kept.
RL_VECTOR_CLONES bool MinKept(const double* v, const uint8_t* feasible, int64_t n, bool keep_all, double sign,
                              double* out) {
  double m[4] = {INFINITY, INFINITY, INFINITY, INFINITY};
  bool any = keep_all && n > 0;
  int64_t i = 0;
  for (; i + 4 <= n; i += 4)
    for (int k = 0; k < 4; ++k) {
      bool kept = keep_all || feasible[i + k];
      double x = kept ? sign * v[i + k] : INFINITY;
      m[k] = x < m[k] ? x : m[k];
      any |= kept;
    }
  for (; i < n; ++i) {
    bool kept = keep_all || feasible[i];
    double x = kept ? sign * v[i] : INFINITY;
    m[0] = x < m[0] ? x : m[0];
    any |= kept;
  }
  *out = std::min(std::min(m[0], m[1]), std::min(m[2], m[3]));
  return any;
}

double Key(const Chunk& c, Objective o, int64_t pos) {
  double v = c.Report(o.report, pos);
  return o.maximize ? -v : v;
}

class RowWriter : public RowConsumer {
 public:
  RowWriter(Sink& sink, RowShape shape) : sink_(sink), shape_(shape) {}
  bool Consume(Chunk& c) override {
    for (ChunkCursor at(c); at.pos() < c.valid; at.Next()) {
      if (!Kept(c, shape_, at.pos())) continue;
      FillRow(at, c, shape_, row_);
      sink_.Row(row_.data());
    }
    return true;
  }
  void Finish() override { sink_.End(); }

 private:
  Sink& sink_;
  RowShape shape_;
  std::vector<double> row_;
};

// Best and top-K share one implementation: the K smallest (key, index) pairs.
class TopK : public RowConsumer {
 public:
  TopK(Sink& sink, RowShape shape, Objective by, size_t k) : sink_(sink), shape_(shape), by_(by), k_(k) {}

  struct Candidate {
    double key;
    uint64_t canon;
    int64_t pos;
    bool operator<(const Candidate& o) const { return key < o.key || (key == o.key && canon < o.canon); }
  };

  // Two scans: the K-th smallest key, then the rows at or below it with their
  // declaration-order index (cheap along runs: equal keys are common, e.g. a report a
  // param does not affect).
  void Prepare(Chunk& c) override {
    double threshold = INFINITY;
    bool any = false;
    const double* col = &c.reports[by_.report * static_cast<size_t>(c.count)];
    if (k_ == 1) {
      any = MinKept(col, c.feasible.data(), c.valid, shape_.keep_infeasible, by_.maximize ? -1.0 : 1.0, &threshold);
    } else {
      keys_.clear();
      for (int64_t pos = 0; pos < c.valid; ++pos)
        if (Kept(c, shape_, pos)) keys_.push_back(Key(c, by_, pos));
      any = !keys_.empty();
      if (keys_.size() > k_) {
        std::nth_element(keys_.begin(), keys_.begin() + static_cast<long>(k_ - 1), keys_.end());
        threshold = keys_[k_ - 1];
      } else if (any) {
        threshold = *std::max_element(keys_.begin(), keys_.end());
      }
    }
    auto out = std::make_shared<std::vector<Candidate>>();
    if (any) {
      if (k_ == 1) {
        // Usually a handful of rows share the least key: index them directly; many
        // (a report some params do not affect) go run by run.
        ties_.clear();
        for (int64_t pos = 0; pos < c.valid && ties_.size() <= 64; ++pos)
          if (Key(c, by_, pos) == threshold && Kept(c, shape_, pos)) ties_.push_back(pos);
        Candidate best{threshold, UINT64_MAX, -1};
        if (ties_.size() <= 64) {
          for (int64_t pos : ties_)
            if (uint64_t canon = c.CanonicalIndex(pos); canon < best.canon) best = {threshold, canon, pos};
        } else {
          c.ForEachRun([&](int64_t pos0, int64_t len, uint64_t canon0, uint64_t dcanon) {
            for (int64_t j = 0; j < len; ++j)
              if (Key(c, by_, pos0 + j) == threshold && Kept(c, shape_, pos0 + j) && canon0 + j * dcanon < best.canon)
                best = {threshold, canon0 + j * dcanon, pos0 + j};
          });
        }
        out->push_back(best);
      } else {
        c.ForEachRun([&](int64_t pos0, int64_t len, uint64_t canon0, uint64_t dcanon) {
          for (int64_t j = 0; j < len; ++j)
            if (Kept(c, shape_, pos0 + j))
              if (double key = Key(c, by_, pos0 + j); key <= threshold)
                out->push_back({key, canon0 + j * dcanon, pos0 + j});
        });
        if (out->size() > k_) {
          std::nth_element(out->begin(), out->begin() + static_cast<long>(k_ - 1), out->end());
          out->resize(k_);
        }
        std::sort(out->begin(), out->end());
      }
    }
    c.partial = out;
  }

  bool Consume(Chunk& c) override {
    auto* cands = static_cast<std::vector<Candidate>*>(c.partial.get());
    for (const Candidate& cand : *cands) {
      if (bound_ && !Better(cand.key, cand.canon, *bound_)) continue;
      Row row{cand.key, 0, cand.canon, {}};
      FillRow(c, shape_, cand.pos, row.values);
      Add(std::move(row));
    }
    return true;
  }

  bool Save(std::string* out) const override {
    Settle();
    Put(out, static_cast<uint64_t>(rows_.size()));
    for (const Row& r : rows_) PutRow(out, r);
    return true;
  }
  void Merge(const std::string& in) override {
    size_t at = 0;
    const uint64_t n = Take<uint64_t>(in, &at);
    for (uint64_t i = 0; i < n && at < in.size(); ++i) {
      Row row = TakeRow(in, &at, shape_.width());
      if (bound_ && !Better(row.a, row.canon, *bound_)) continue;
      Add(std::move(row));
    }
  }

  void Finish() override {
    Settle();
    for (const Row& r : rows_) sink_.Row(r.values.data());
    sink_.End();
  }

 private:
  static bool Better(double key, uint64_t canon, const Row& r) { return key < r.a || (key == r.a && canon < r.canon); }
  static bool Before(const Row& x, const Row& y) { return Better(x.a, x.canon, y); }
  // Rows gather unordered, up to 2k (an insertion into a sorted list of k would cost k
  // moves, quadratic for `top` in the millions); then the best k stay and the k-th
  // becomes the bound a new row must beat.
  void Add(Row row) {
    rows_.push_back(std::move(row));
    if (rows_.size() >= 2 * k_) Keep();
  }
  void Keep() const {
    if (rows_.size() > k_) {
      std::nth_element(rows_.begin(), rows_.begin() + static_cast<long>(k_ - 1), rows_.end(), Before);
      rows_.resize(k_);
    }
    if (rows_.size() == k_) bound_ = *std::max_element(rows_.begin(), rows_.end(), Before);
  }
  // The best k, best first.
  void Settle() const {
    Keep();
    std::sort(rows_.begin(), rows_.end(), Before);
  }
  Sink& sink_;
  RowShape shape_;
  Objective by_;
  size_t k_;
  mutable std::vector<Row> rows_;   // the best k among them, in no order until Settle
  mutable std::optional<Row> bound_;  // the k-th best of the last Keep
  thread_local static std::vector<double> keys_;
  thread_local static std::vector<int64_t> ties_;
};

thread_local std::vector<double> TopK::keys_;
thread_local std::vector<int64_t> TopK::ties_;

// A 2-D Pareto front (both keys minimised), keyed by `a` ascending and so by `b`
// descending (no two entries share an `a`: the one with the larger `b` is dominated).
// Equal points keep the lower declaration-order index. A map, not a sorted vector: a
// front of millions of points arriving out of order would cost a move per insertion.
template <typename Entry>
class Front {
 public:
  // False when a point (a, b) is dominated. When the front holds the same point,
  // `*tie` gets its index (the point joins only with a lower one).
  bool Admits(double a, double b, std::optional<uint64_t>* tie) const {
    // The last entry with a <= e.a has the smallest b among them.
    auto after = entries_.upper_bound(a);
    if (after == entries_.begin()) return true;
    const Entry& prev = std::prev(after)->second;
    if (prev.b < b || (prev.b == b && prev.a < a)) return false;
    if (prev.a == a && prev.b == b) *tie = prev.canon;
    return true;
  }
  // Adds an admitted entry, dropping those it dominates (a run from the first entry with
  // a >= e.a: b falls along the front).
  void Insert(Entry e) {
    auto first = entries_.lower_bound(e.a), last = first;
    while (last != entries_.end() && last->second.b >= e.b) ++last;
    first = entries_.erase(first, last);
    entries_.emplace_hint(first, e.a, std::move(e));
  }
  void Offer(Entry e) {
    std::optional<uint64_t> tie;
    if (Admits(e.a, e.b, &tie) && (!tie || e.canon < *tie)) Insert(std::move(e));
  }
  size_t size() const { return entries_.size(); }
  template <typename F>
  void ForEach(F f) const {
    for (const auto& [a, e] : entries_) f(e);
  }

 private:
  std::map<double, Entry> entries_;
};

class Pareto : public RowConsumer {
 public:
  Pareto(Sink& sink, RowShape shape, Objective a, Objective b) : sink_(sink), shape_(shape), oa_(a), ob_(b) {}

  struct Point {
    double a, b;
    uint64_t canon;
    int64_t pos;
  };

  void Prepare(Chunk& c) override {
    auto front = std::make_shared<Front<Point>>();
    c.ForEachRun([&](int64_t pos0, int64_t len, uint64_t canon0, uint64_t dcanon) {
      for (int64_t j = 0; j < len; ++j) {
        const int64_t pos = pos0 + j;
        if (!Kept(c, shape_, pos)) continue;
        double a = Key(c, oa_, pos), b = Key(c, ob_, pos);
        std::optional<uint64_t> tie;
        if (!front->Admits(a, b, &tie)) continue;
        uint64_t canon = canon0 + j * dcanon;
        if (!tie || canon < *tie) front->Insert({a, b, canon, pos});
      }
    });
    c.partial = front;
  }

  bool Consume(Chunk& c) override {
    static_cast<Front<Point>*>(c.partial.get())->ForEach([&](const Point& p) {
      Row row{p.a, p.b, p.canon, {}};
      FillRow(c, shape_, p.pos, row.values);
      front_.Offer(std::move(row));
    });
    return true;
  }

  void Finish() override {
    front_.ForEach([&](const Row& r) { sink_.Row(r.values.data()); });
    sink_.End();
  }
  bool Save(std::string* out) const override {
    Put(out, static_cast<uint64_t>(front_.size()));
    front_.ForEach([&](const Row& r) { PutRow(out, r); });
    return true;
  }
  void Merge(const std::string& in) override {
    size_t at = 0;
    const uint64_t n = Take<uint64_t>(in, &at);
    for (uint64_t i = 0; i < n && at < in.size(); ++i) front_.Offer(TakeRow(in, &at, shape_.width()));
  }

 private:
  Sink& sink_;
  RowShape shape_;
  Objective oa_, ob_;
  Front<Row> front_;
};

class HistogramSink : public RowConsumer {
 public:
  HistogramSink(Sink& sink, RowShape shape, size_t report, Column column, std::string scenario, size_t max_bins)
      : sink_(sink), shape_(shape), report_(report), column_(std::move(column)), max_bins_(max_bins), hist_(max_bins),
        scenario_(std::move(scenario)) {}

  void Prepare(Chunk& c) override {
    auto h = std::make_shared<Histogram>(max_bins_);
    for (int64_t pos = 0; pos < c.valid; ++pos)
      if (Kept(c, shape_, pos)) h->Add(ToDisplay(c.Report(report_, pos)));
    c.partial = h;
  }
  bool Consume(Chunk& c) override {
    hist_.Merge(*static_cast<Histogram*>(c.partial.get()));
    return true;
  }
  bool Save(std::string* out) const override {
    hist_.Save(out);
    return true;
  }
  void Merge(const std::string& in) override { hist_.Merge(Histogram::Load(in, max_bins_)); }
  void Finish() override {
    // Edges are already in the display unit: columns whose unit converts by 1.
    units::Unit shown = column_.unit;
    shown.exp10 = 0;
    shown.factor = 1;
    Column::Kind kind = column_.kind == Column::Kind::Bool ? Column::Kind::Real : column_.kind;
    if (kind == Column::Kind::Int) kind = Column::Kind::Real;
    sink_.Begin(scenario_, {{column_.name + "_lo", kind, shown},
                            {column_.name + "_hi", kind, shown},
                            {"count", Column::Kind::Int, units::Unit{}}});
    for (const Histogram::Bin& b : hist_.Bins()) {
      double row[3] = {b.lo, b.hi, static_cast<double>(b.count)};
      sink_.Row(row);
    }
    sink_.End();
  }
 private:
  double ToDisplay(double si) const {
    return column_.kind == Column::Kind::Real ? units::FromSI(si, column_.unit) : si;
  }
  Sink& sink_;
  RowShape shape_;
  size_t report_;
  Column column_;
  size_t max_bins_;
  Histogram hist_;
  std::string scenario_;
};

int64_t FloorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

double Pow10(int e) { return std::pow(10.0, e); }

}  // namespace

double Histogram::Width() const {
  int e = static_cast<int>(FloorDiv(level_, 2));
  return (level_ % 2 ? 2.0 : 1.0) * Pow10(e);
}

// index * width, with the power of ten applied last so decimal edges print exactly.
double Histogram::Edge(int64_t index) const {
  int e = static_cast<int>(FloorDiv(level_, 2));
  double n = static_cast<double>(index) * (level_ % 2 ? 2.0 : 1.0);
  return e >= 0 ? n * Pow10(e) : n / Pow10(-e);
}

int64_t Histogram::Index(double x) const {
  int e = static_cast<int>(FloorDiv(level_, 2));
  double scaled = e >= 0 ? x / Pow10(e) : x * Pow10(-e);
  return static_cast<int64_t>(std::floor(scaled / (level_ % 2 ? 2.0 : 1.0)));
}

void Histogram::Coarsen() {
  int64_t f = level_ % 2 ? 5 : 2;  // 1 -> 2 -> 10 (x 10^e)
  int64_t last = first_ + static_cast<int64_t>(counts_.size()) - 1;
  int64_t nfirst = FloorDiv(first_, f);
  std::vector<uint64_t> merged(static_cast<size_t>(FloorDiv(last, f) - nfirst + 1), 0);
  for (size_t i = 0; i < counts_.size(); ++i) merged[FloorDiv(first_ + static_cast<int64_t>(i), f) - nfirst] += counts_[i];
  counts_ = std::move(merged);
  first_ = nfirst;
  ++level_;
}

void Histogram::Cover(int64_t index) {
  if (index < first_) {
    counts_.insert(counts_.begin(), static_cast<size_t>(first_ - index), 0);
    first_ = index;
  } else if (index >= first_ + static_cast<int64_t>(counts_.size())) {
    counts_.resize(static_cast<size_t>(index - first_ + 1), 0);
  }
}

void Histogram::Add(double x) {
  if (total_ == 0) {
    // Start about a thousandth of the first value wide; the ladder widens as needed.
    double target = x == 0 ? 1e-12 : std::fabs(x) * 1e-3;
    int e = static_cast<int>(std::floor(std::log10(target)));
    level_ = 2 * e + (2 * Pow10(e) <= target ? 1 : 0);
    first_ = Index(x);
    counts_.assign(1, 1);
    total_ = 1;
    return;
  }
  const double span = static_cast<double>(max_bins_);
  while (true) {
    int e = static_cast<int>(FloorDiv(level_, 2));
    double q = std::floor((e >= 0 ? x / Pow10(e) : x * Pow10(-e)) / (level_ % 2 ? 2.0 : 1.0));
    double lo = std::min<double>(q, static_cast<double>(first_));
    double hi = std::max<double>(q, static_cast<double>(first_ + static_cast<int64_t>(counts_.size()) - 1));
    if (hi - lo + 1 <= span) {
      int64_t index = static_cast<int64_t>(q);
      Cover(index);
      ++counts_[static_cast<size_t>(index - first_)];
      ++total_;
      return;
    }
    Coarsen();
  }
}

void Histogram::Merge(const Histogram& o) {
  if (o.total_ == 0) return;
  if (total_ == 0) {
    level_ = o.level_;
    first_ = o.first_;
    counts_ = o.counts_;
    total_ = o.total_;
    return;
  }
  Histogram other = o;
  while (level_ < other.level_) Coarsen();
  while (other.level_ < level_) other.Coarsen();
  auto span = [&] {
    int64_t lo = std::min(first_, other.first_);
    int64_t hi = std::max(first_ + static_cast<int64_t>(counts_.size()), other.first_ + static_cast<int64_t>(other.counts_.size()));
    return static_cast<size_t>(hi - lo);
  };
  while (span() > max_bins_) {
    Coarsen();
    other.Coarsen();
  }
  Cover(other.first_);
  Cover(other.first_ + static_cast<int64_t>(other.counts_.size()) - 1);
  for (size_t i = 0; i < other.counts_.size(); ++i) counts_[static_cast<size_t>(other.first_ - first_) + i] += other.counts_[i];
  total_ += other.total_;
}

void Histogram::Save(std::string* out) const {
  Put(out, static_cast<int64_t>(level_));
  Put(out, first_);
  Put(out, total_);
  Put(out, static_cast<uint64_t>(counts_.size()));
  for (uint64_t n : counts_) Put(out, n);
}

Histogram Histogram::Load(const std::string& in, size_t max_bins) {
  Histogram h(max_bins);
  size_t at = 0;
  h.level_ = static_cast<int>(Take<int64_t>(in, &at));
  h.first_ = Take<int64_t>(in, &at);
  h.total_ = Take<uint64_t>(in, &at);
  const uint64_t n = Take<uint64_t>(in, &at);
  for (uint64_t i = 0; i < n && at < in.size(); ++i) h.counts_.push_back(Take<uint64_t>(in, &at));
  return h;
}

std::vector<Histogram::Bin> Histogram::Bins() const {
  std::vector<Bin> out;
  for (size_t i = 0; i < counts_.size(); ++i) {
    int64_t index = first_ + static_cast<int64_t>(i);
    out.push_back({Edge(index), Edge(index + 1), counts_[i]});
  }
  return out;
}

std::unique_ptr<RowConsumer> MakeRowWriter(Sink& sink, RowShape shape) {
  return std::make_unique<RowWriter>(sink, shape);
}
std::unique_ptr<RowConsumer> MakeBest(Sink& sink, RowShape shape, Objective by) {
  return std::make_unique<TopK>(sink, shape, by, 1);
}
std::unique_ptr<RowConsumer> MakeTop(Sink& sink, RowShape shape, Objective by, size_t k) {
  return std::make_unique<TopK>(sink, shape, by, std::max<size_t>(k, 1));
}
std::unique_ptr<RowConsumer> MakePareto(Sink& sink, RowShape shape, Objective a, Objective b) {
  return std::make_unique<Pareto>(sink, shape, a, b);
}
std::unique_ptr<RowConsumer> MakeHistogram(Sink& sink, RowShape shape, size_t report, const Column& column,
                                           const std::string& scenario, size_t max_bins) {
  return std::make_unique<HistogramSink>(sink, shape, report, column, scenario, max_bins);
}

}  // namespace rl::runtime

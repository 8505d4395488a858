// ringline::Scenario (include/ringline/ringline.h): a lowered scenario's variants, run at
// a point or swept through the runtime's engine, on the JIT or the interpreter as the
// command runs them.
#include "compiler/api/scenario.h"

#include <fmt/format.h>
#include <llvm/ADT/STLExtras.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <thread>

#include "base/suggest.h"
#include "compiler/api/backend.h"
#include "compiler/api/columns.h"
#include "compiler/api/fillers.h"
#include "compiler/api/processes.h"
#include "runtime/mpi/combine.h"
#include "compiler/codegen/staging.h"
#include "compiler/interp/interp.h"
#include "compiler/jit/jit.h"
#include "compiler/passes/passes.h"
#include "runtime/consumers.h"
#include "runtime/sweep.h"

namespace rl::api {
namespace {

// Rows of the engine handed to a sink of the caller's, in SI units. A column whose values
// are already in its display unit (a histogram's edges: its unit converts by 1) is
// converted back, by the decimal shift of its unit's name.
class ForeignSink final : public runtime::Sink {
 public:
  explicit ForeignSink(ringline::Sink& to) : to_(to) {}
  void Begin(const std::string& scenario, const std::vector<runtime::Column>& columns) override {
    std::vector<ringline::Column> cols;
    shown_.clear();
    for (const runtime::Column& c : columns) {
      cols.push_back(PublicColumn(c));
      std::string bad;
      std::optional<units::Unit> named = units::ParseUnitString(c.unit.name, &bad);
      const bool as_shown = c.kind == runtime::Column::Kind::Real && !c.unit.name.empty() && named &&
                            (named->factor != c.unit.factor || named->exp10 != c.unit.exp10);
      shown_.push_back(as_shown ? named : std::nullopt);
    }
    row_.resize(columns.size());
    to_.Begin(scenario, cols);
  }
  void Row(const double* v) override {
    if (llvm::none_of(shown_, [](const auto& u) { return u.has_value(); })) return to_.Row(v);
    for (size_t i = 0; i < row_.size(); ++i)
      row_[i] = shown_[i] ? units::LiteralToSI(units::FormatNumber(v[i]), *shown_[i]) : v[i];
    to_.Row(row_.data());
  }
  void End() override { to_.End(); }

 private:
  ringline::Sink& to_;
  std::vector<std::optional<units::Unit>> shown_;
  std::vector<double> row_;
};

// A consumer that counts the points handed to it into SweepOptions::done.
class Counting final : public runtime::Consumer {
 public:
  Counting(runtime::Consumer& inner, std::atomic<uint64_t>& done) : inner_(inner), done_(done) {}
  void Prepare(runtime::Chunk& c) override { inner_.Prepare(c); }
  bool Consume(runtime::Chunk& c) override {
    bool go = inner_.Consume(c);
    done_.fetch_add(static_cast<uint64_t>(c.valid), std::memory_order_relaxed);
    return go;
  }

 private:
  runtime::Consumer& inner_;
  std::atomic<uint64_t>& done_;
};

class ScenarioImpl final : public ringline::Scenario {
 public:
  ScenarioImpl(std::shared_ptr<SpecState> lib, check::Variants vs) : lib_(std::move(lib)), written_(vs.scenarios) {
    variants_ = std::move(vs);
    for (ir::Scenario& sc : variants_.scenarios) passes::RunPipeline(sc);
    const ir::Scenario& first = variants_.scenarios[0];
    std::vector<runtime::Column> cols = ColumnsOf(first, false);
    for (size_t i = 0; i < first.params.size(); ++i) {
      const ir::Param& p = first.params[i];
      ringline::Param q;
      q.name = p.name;
      q.unit = p.display.unit.name;
      q.kind = !p.labels.empty()                          ? "label"
               : p.display.kind == ir::Display::Kind::Int  ? "Int"
               : p.display.kind == ir::Display::Kind::Bool ? "Bool"
                                                           : "Real";
      q.default_value = p.default_value;
      q.values = p.values;
      q.labels = p.labels;
      params_.push_back(std::move(q));
    }
  }

  const std::string& Name() const override { return variants_.scenarios[0].name; }
  const std::vector<ringline::Param>& Params() const override { return params_; }
  std::vector<ringline::Column> Columns(bool feasible_column) const override {
    std::vector<ringline::Column> out;
    for (const runtime::Column& c : ColumnsOf(variants_.scenarios[0], feasible_column)) out.push_back(PublicColumn(c));
    return out;
  }

  ringline::Row Eval(ringline::Backend backend) override {
    size_t mark = lib_->Begin();
    const size_t v = DefaultVariant();
    const ir::Scenario& sc = variants_.scenarios[v];
    std::vector<double> params;
    for (const ir::Param& p : sc.params) params.push_back(p.default_value);
    ringline::Row row;
    row.values.assign(params.size() + sc.reports.size(), 0);
    double* reports = row.values.data() + params.size();
    if (Pick(backend, sc, 1, 1) == Backend::Jit) {
      jit::Options opts{2, {}, /*eval=*/true, /*sweep=*/false};
      auto ev = jit::Compile(sc, opts);
      if (!ev) throw ringline::SpecError({Plain("tool_error", "the JIT failed: " + llvm::toString(ev.takeError()))});
      row.feasible = (*ev)->Eval(params.data(), reports);
    } else {
      interp::Evaluator ev(sc);
      row.feasible = ev.Run(params.data(), reports);
    }
    for (size_t k = 0; k < sc.reports.size(); ++k)
      if (!std::isfinite(reports[k])) {
        ReportNonFinite(lib_->diags, written_[v], params.data(), k, reports[k]);
        lib_->Fail(mark, fmt::format("report `{}` is not finite", sc.reports[k].name));
      }
    std::copy(params.begin(), params.end(), row.values.begin());
    return row;
  }

  ringline::SweepSummary Sweep(ringline::Sink& to, const ringline::SweepOptions& o) override {
    size_t mark = lib_->Begin();
    const ir::Scenario& sc = variants_.scenarios[0];
    std::vector<std::vector<double>> axes;
    std::vector<uint64_t> sizes;
    for (const ir::Param& p : sc.params) {
      axes.push_back(p.values);
      sizes.push_back(p.values.size());
    }
    const uint64_t total = runtime::ProductSize(axes);
    if (total == UINT64_MAX)
      throw ringline::SpecError({Plain("too_many_points", "the sweep has 2^64 points or more; sweep fewer values")});
    const std::vector<uint32_t> order = codegen::ChooseOrder(sc, sizes);
    const size_t np = sc.params.size(), nr = sc.reports.size();
    const uint64_t per_variant = total / variants_.scenarios.size();
    // Rows in declaration order come in chunks in that order: the memo computes the
    // loops each chunk would repeat once (codegen/memo.h).
    const int reductions = !o.best.empty() + (o.top > 0) + !o.pareto.empty() + !o.histogram.empty();
    if (reductions > 1)
      throw ringline::SpecError({Plain("bad_usage", "give at most one of `best`, `top`, `pareto` and `histogram`")});
    const bool reduce = reductions > 0;
    std::optional<ChunkShape> streamed;
    if (!reduce) streamed = StreamedChunks(axes, sc.reports.size());
    llvm::Expected<VariantFillers> fillers = MakeVariantFillers(
        variants_, order, [&](const ir::Scenario& v) { return Pick(o.backend, v, per_variant, o.threads) == Backend::Jit; },
        2, streamed ? &*streamed : nullptr, o.threads);
    if (!fillers)
      throw ringline::SpecError({Plain("tool_error", "the JIT failed: " + llvm::toString(fillers.takeError()))});

    ForeignSink foreign(to);
    auto* native = dynamic_cast<NativeSink*>(&to);
    runtime::Sink& sink = native ? native->inner() : static_cast<runtime::Sink&>(foreign);
    const bool keep = o.keep_infeasible;
    std::vector<runtime::Column> cols = ColumnsOf(sc, keep);
    runtime::RowShape shape{np, nr, keep, keep};
    std::unique_ptr<runtime::RowConsumer> consumer = Consumer(o, sink, shape, cols);
    // Under several processes, process 0 alone writes (compiler/api/processes.h).
    runtime::mpi::Cluster* cluster = ClusterOf(o.processes);
    const bool lead = !cluster || cluster->rank() == 0;
    if (!reduce && lead) sink.Begin(sc.name, cols);
    std::vector<uint32_t> declaration(np);
    for (uint32_t p = 0; p < np; ++p) declaration[p] = p;
    runtime::Space space(std::move(axes), reduce ? order : declaration, nr);
    runtime::SweepOptions so;
    so.threads = o.threads;
    so.keep_infeasible = keep;
    so.interrupt = o.interrupt;
    so.progress = o.progress;
    std::optional<Counting> counting;
    if (o.done) counting.emplace(*consumer, *o.done);
    // Which require dropped a point: the requires-only scenario of each variant, run by
    // the engine on the chunks that have an infeasible row (as the command's sweep does).
    check::Variants outcomes;
    std::optional<VariantFillers> outcome_fillers;
    bool same_requires = true;
    for (const ir::Scenario& v : variants_.scenarios) same_requires &= v.requires_.size() == sc.requires_.size();
    if (!keep && !sc.requires_.empty() && same_requires) {
      outcomes.specialised = variants_.specialised;
      for (const ir::Scenario& v : variants_.scenarios) outcomes.scenarios.push_back(passes::RequireOutcomes(v));
      llvm::Expected<VariantFillers> f = MakeVariantFillers(
          outcomes, order, [&](const ir::Scenario& v) { return Pick(o.backend, v, per_variant, o.threads) == Backend::Jit; },
          2, nullptr, o.threads);
      if (!f) throw ringline::SpecError({Plain("tool_error", "the JIT failed: " + llvm::toString(f.takeError()))});
      outcome_fillers.emplace(std::move(*f));
      so.num_requires = sc.requires_.size();
      so.requires_filler = outcome_fillers->make;
    }
    runtime::Consumer& into = counting ? static_cast<runtime::Consumer&>(*counting) : *consumer;
    runtime::SweepResult res;
    if (!cluster) {
      res = runtime::RunSweep(space, fillers->make, into, so);
    } else {
      res = runtime::mpi::SweepAcross(*cluster, space, fillers->make, *consumer, into, so, !reduce);
      runtime::mpi::Share(*cluster, res);
    }
    if (res.failure) {
      if (!reduce && lead) consumer->Finish();
      const size_t v = VariantOf(variants_, res.failure->params.data());
      ReportNonFinite(lib_->diags, written_[v], res.failure->params.data(), res.failure->report, res.failure->value);
      lib_->Fail(mark, "a report is not finite");
    }
    if (lead) {
      // A histogram begins its own columns.
      if (reduce && o.histogram.empty()) sink.Begin(sc.name, cols);
      consumer->Finish();
    }
    ringline::SweepSummary summary;
    summary.points = res.points, summary.total = space.points, summary.interrupted = res.interrupted;
    summary.infeasible = res.infeasible;
    for (size_t q = 0; q < res.failed.size() && q < sc.requires_.size(); ++q)
      summary.dropped.push_back({sc.requires_[q].message, res.failed[q]});
    return summary;
  }

 private:
  // The variant at every specialised param's default.
  size_t DefaultVariant() const {
    std::vector<double> defaults;
    for (const ir::Param& p : variants_.scenarios[0].params) defaults.push_back(p.default_value);
    return VariantOf(variants_, defaults.data());
  }
  static Backend Pick(ringline::Backend b, const ir::Scenario& sc, uint64_t points, unsigned threads) {
    if (b == ringline::Backend::Jit) return Backend::Jit;
    if (b == ringline::Backend::Interp) return Backend::Interp;
    return ChooseBackend(sc, points, threads ? threads : std::max(1u, std::thread::hardware_concurrency()));
  }
  // The rows' consumer for the reduction `o` asks for (all rows without one).
  std::unique_ptr<runtime::RowConsumer> Consumer(const ringline::SweepOptions& o, runtime::Sink& sink,
                                                 runtime::RowShape shape, const std::vector<runtime::Column>& cols) const {
    if (!o.best.empty()) return runtime::MakeBest(sink, shape, Objective(o.best, "best"));
    if (o.top > 0) return runtime::MakeTop(sink, shape, Objective(o.top_by, "top_by"), o.top);
    if (!o.pareto.empty()) {
      const size_t comma = o.pareto.find(',');
      if (comma == std::string::npos || o.pareto.find(',', comma + 1) != std::string::npos)
        throw ringline::SpecError(
            {Plain("bad_option", fmt::format("`pareto` takes two reports, `R1,R2`; got `{}`", o.pareto))});
      return runtime::MakePareto(sink, shape, Objective(o.pareto.substr(0, comma), "pareto"),
                                 Objective(o.pareto.substr(comma + 1), "pareto"));
    }
    if (!o.histogram.empty()) {
      runtime::Objective of = Objective(o.histogram, "histogram");
      if (of.maximize) throw ringline::SpecError({Plain("bad_option", "`histogram` takes a report name, without `-`")});
      if (o.bins < 1) throw ringline::SpecError({Plain("bad_option", "`bins` must be at least 1")});
      return runtime::MakeHistogram(sink, shape, of.report, cols[shape.num_params + of.report],
                                    variants_.scenarios[0].name, o.bins);
    }
    return runtime::MakeRowWriter(sink, shape);
  }

  // `name` or `-name` (maximise) to a report index.
  runtime::Objective Objective(std::string text, const char* option) const {
    const ir::Scenario& sc = variants_.scenarios[0];
    runtime::Objective o;
    if (!text.empty() && text[0] == '-') {
      o.maximize = true;
      text = text.substr(1);
    }
    std::vector<std::string> names;
    for (size_t r = 0; r < sc.reports.size(); ++r) {
      if (sc.reports[r].name == text) {
        o.report = r;
        return o;
      }
      names.push_back(sc.reports[r].name);
    }
    throw ringline::SpecError(
        {Plain("bad_option", rl::NotOneOf(std::string("`") + option + "`", text, "report", "scenario `" + sc.name + "`", names))});
  }

  std::shared_ptr<SpecState> lib_;
  std::vector<ir::Scenario> written_;  // as lowered: non-finite reports are located in them
  check::Variants variants_;            // optimised
  std::vector<ringline::Param> params_;
};

}  // namespace

std::unique_ptr<ringline::Scenario> MakeScenario(std::shared_ptr<SpecState> lib, check::Variants variants) {
  return std::make_unique<ScenarioImpl>(std::move(lib), std::move(variants));
}

void NativeSink::Begin(const std::string& scenario, const std::vector<ringline::Column>& columns) {
  // Called by a caller that feeds rows itself: the columns back to the runtime's form.
  std::vector<runtime::Column> cols;
  for (const ringline::Column& c : columns) {
    runtime::Column r;
    r.name = c.name;
    std::string bad;
    if (std::optional<units::Unit> u = units::ParseUnitString(c.unit, &bad); u && !c.unit.empty()) r.unit = *u;
    r.kind = c.kind == ringline::Column::Kind::Int    ? runtime::Column::Kind::Int
             : c.kind == ringline::Column::Kind::Bool  ? runtime::Column::Kind::Bool
             : c.kind == ringline::Column::Kind::Label ? runtime::Column::Kind::Label
                                                       : runtime::Column::Kind::Real;
    if (!c.labels.empty()) r.labels = std::make_shared<const std::vector<std::string>>(c.labels);
    cols.push_back(std::move(r));
  }
  inner_->Begin(scenario, cols);
}

}  // namespace rl::api

namespace ringline {

static rl::units::Unit UnitNamed(const std::string& unit) {
  std::string bad;
  std::optional<rl::units::Unit> u = rl::units::ParseUnitString(unit, &bad);
  if (!u) {
    std::string hint = rl::units::HintFor(bad);
    throw SpecError({Diagnostic::Plain("unknown_unit", fmt::format("unknown unit `{}` in `{}`{}{}", bad, unit,
                                                                   hint.empty() ? "" : "; ", hint))});
  }
  return *u;
}

double FromSI(double si, const std::string& unit) {
  return unit.empty() ? si : rl::units::FromSI(si, UnitNamed(unit));
}

void FromSI(double* values, size_t n, const std::string& unit) {
  if (unit.empty()) return;
  const rl::units::Unit u = UnitNamed(unit);
  for (size_t i = 0; i < n; ++i) values[i] = rl::units::FromSI(values[i], u);
}

std::unique_ptr<Sink> MakeSink(Format f, std::ostream& out, unsigned table_digits) {
  using rl::runtime::Format;
  Format rf = f == ringline::Format::Csv ? Format::Csv : f == ringline::Format::Json ? Format::Json
                                                                                   : Format::Table;
  return std::make_unique<rl::api::NativeSink>(rl::runtime::MakeSink(rf, out, false, table_digits));
}

}  // namespace ringline

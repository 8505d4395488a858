// ringline::Scenario (include/ringline/ringline.h): a lowered scenario's variants, run at
// a point or swept through the runtime's engine, on the JIT or the interpreter as the
// command runs them.
#include "compiler/api/scenario.h"

#include <fmt/format.h>
#include <llvm/ADT/STLExtras.h>

#include <algorithm>
#include <cmath>
#include <new>
#include <optional>
#include <thread>

#include "base/suggest.h"
#include "compiler/api/backend.h"
#include "compiler/api/columns.h"
#include "compiler/api/fillers.h"
#include "compiler/api/processes.h"
#include "compiler/api/requires.h"
#include "compiler/codegen/staging.h"
#include "compiler/interp/interp.h"
#include "compiler/jit/jit.h"
#include "compiler/passes/passes.h"
#include "runtime/consumers.h"
#include "runtime/mpi/combine.h"
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

// The mean, sd and 5th, 50th and 95th percentiles (linear between order statistics,
// Hyndman and Fan's type 7) of `v`, which it sorts; NaN for none.
ringline::Spread SpreadOf(std::vector<double>& v) {
  ringline::Spread s;
  s.feasible = v.size();
  if (v.empty()) {
    s.mean = s.p5 = s.p50 = s.p95 = s.sd = std::nan("");
    return s;
  }
  double sum = 0;
  for (double x : v) sum += x;
  s.mean = sum / static_cast<double>(v.size());
  double ss = 0;
  for (double x : v) ss += (x - s.mean) * (x - s.mean);
  s.sd = v.size() > 1 ? std::sqrt(ss / static_cast<double>(v.size() - 1)) : 0;
  std::sort(v.begin(), v.end());
  auto q = [&](double p) {
    const double h = p * static_cast<double>(v.size() - 1);
    const size_t lo = static_cast<size_t>(std::floor(h));
    return lo + 1 < v.size() ? v[lo] + (h - static_cast<double>(lo)) * (v[lo + 1] - v[lo]) : v[lo];
  };
  s.p5 = q(0.05), s.p50 = q(0.5), s.p95 = q(0.95);
  return s;
}

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

// Throws SpecError (`bad_option`) for an LLVM level the JIT does not have.
void CheckOptLevel(unsigned level) {
  if (level > 3)
    throw ringline::SpecError({Plain("bad_option", fmt::format("`opt_level` {} is not a level; use 0, 1, 2 or 3", level))});
}

[[noreturn]] void JitFailed(llvm::Error e) {
  throw ringline::SpecError({Plain("tool_error", "the JIT failed: " + llvm::toString(std::move(e)))});
}

std::vector<double> Defaults(const ir::Scenario& sc) {
  std::vector<double> out;
  for (const ir::Param& p : sc.params) out.push_back(p.default_value);
  return out;
}

std::vector<std::vector<double>> Axes(const ir::Scenario& sc) {
  std::vector<std::vector<double>> axes;
  for (const ir::Param& p : sc.params) axes.push_back(p.values);
  return axes;
}

std::vector<uint32_t> Declaration(size_t num_params) {
  std::vector<uint32_t> order(num_params);
  for (uint32_t p = 0; p < num_params; ++p) order[p] = p;
  return order;
}

ringline::Param PublicParam(const ir::Param& p) {
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
  return q;
}

// The runtime's sink behind `to`: a NativeSink's own, else `foreign` around it.
runtime::Sink& EngineSink(ringline::Sink& to, ForeignSink& foreign) {
  auto* native = dynamic_cast<NativeSink*>(&to);
  return native ? native->inner() : static_cast<runtime::Sink&>(foreign);
}

class ScenarioImpl final : public ringline::Scenario {
 public:
  ScenarioImpl(std::shared_ptr<SpecState> lib, check::Variants vs, bool eval_only, bool sampled)
      : lib_(std::move(lib)), written_(vs.scenarios), eval_only_(eval_only), sampled_(sampled) {
    variants_ = std::move(vs);
    for (ir::Scenario& sc : variants_.scenarios) passes::RunPipeline(sc);
    const ir::Scenario& first = variants_.scenarios[0];
    for (const ir::Param& p : first.params) params_.push_back(PublicParam(p));
    for (const ir::Require& r : first.requires_) requires_.push_back(PublicRequire(r));
    for (const ir::Input& x : first.inputs) inputs_.push_back(x.name);
    for (size_t k = first.PrimalReports(); k < first.reports.size(); ++k) {
      const ir::Report& d = first.reports[k];
      const ir::Input& x = first.inputs[static_cast<size_t>(d.wrt)];
      ringline::Sensitivity s;
      s.report = first.reports[static_cast<size_t>(d.tangent_of)].name;
      s.input = x.name;
      s.report_column = first.params.size() + static_cast<size_t>(d.tangent_of);
      s.column = first.params.size() + k;
      s.param = x.param;
      s.value = x.value;
      s.input_unit = x.display.unit.name;
      s.unit = d.display.unit.name;
      sensitivities_.push_back(std::move(s));
    }
  }

  const std::string& Name() const override { return variants_.scenarios[0].name; }
  const std::vector<ringline::Param>& Params() const override { return params_; }
  const std::vector<ringline::Require>& Requires() const override { return requires_; }
  const std::vector<ringline::Sensitivity>& Sensitivities() const override { return sensitivities_; }
  const std::vector<std::string>& Inputs() const override { return inputs_; }
  uint64_t Points() const override { return runtime::ProductSize(Axes(variants_.scenarios[0])); }
  std::vector<ringline::Column> Columns(bool feasible_column) const override {
    std::vector<ringline::Column> out;
    for (const runtime::Column& c : ColumnsOf(variants_.scenarios[0], feasible_column)) out.push_back(PublicColumn(c));
    return out;
  }

  ringline::Row Eval(ringline::Backend backend, unsigned opt_level) override {
    size_t mark = lib_->Begin();
    CheckOptLevel(opt_level);
    const size_t v = DefaultVariant();
    const ir::Scenario& sc = variants_.scenarios[v];
    std::vector<double> params = Defaults(sc);
    ringline::Row row;
    row.values.assign(params.size() + sc.reports.size(), 0);
    double* reports = row.values.data() + params.size();
    const bool jit = Pick(backend, sc, 1, 1) == Backend::Jit;
    row.feasible = jit ? EvalOnJit(sc, opt_level, params.data(), reports) : interp::Evaluator(sc).Run(params.data(), reports);
    for (size_t k = 0; k < sc.PrimalReports(); ++k)
      if (!std::isfinite(reports[k])) {
        ReportNonFinite(lib_->diags, written_[v], params.data(), k, reports[k]);
        lib_->Fail(mark, fmt::format("report `{}` is not finite", sc.reports[k].name));
      }
    std::copy(params.begin(), params.end(), row.values.begin());
    if (!row.feasible) {
      NoteFailedRequires(lib_->diags, sc, RequireOutcomes(sc, jit, opt_level, std::nullopt).At(params.data()));
      row.notes = lib_->Since(mark);
    }
    return row;
  }

  std::vector<ringline::Spread> Uncertainty(uint64_t samples, ringline::Backend backend, unsigned threads) override {
    size_t mark = lib_->Begin();
    if (!sampled_)
      throw ringline::SpecError({Plain("bad_usage", fmt::format("scenario `{}` was not lowered to be sampled "
                                                                "(Spec::LowerSampled)", Name()))});
    if (samples == 0) throw ringline::SpecError({Plain("bad_option", "take at least one sample")});
    const ir::Scenario& sc = variants_.scenarios[0];
    std::vector<std::vector<double>> axes;
    for (const ir::Param& p : sc.params) axes.push_back({p.default_value});
    axes.back().resize(samples);
    for (uint64_t i = 0; i < samples; ++i) axes.back()[i] = static_cast<double>(i);
    std::vector<uint64_t> sizes;
    for (const auto& a : axes) sizes.push_back(a.size());
    const std::vector<uint32_t> order = codegen::ChooseOrder(sc, sizes, {});
    llvm::Expected<VariantFillers> fillers = MakeVariantFillers(
        variants_, order, [&](const ir::Scenario& v) { return Pick(backend, v, samples, threads) == Backend::Jit; },
        2, nullptr, threads);
    if (!fillers) JitFailed(fillers.takeError());
    runtime::Space space(axes, order, sc.reports.size());
    space.checked_reports = sc.PrimalReports();
    // Every sample's reports, in chunk order (so sums do not depend on the threads).
    struct Collect final : runtime::Consumer {
      std::vector<std::vector<double>> values;
      bool Consume(runtime::Chunk& c) override {
        for (int64_t pos = 0; pos < c.valid; ++pos)
          if (c.Feasible(pos))
            for (size_t r = 0; r < values.size(); ++r) values[r].push_back(c.Report(r, pos));
        return true;
      }
    } collect;
    collect.values.resize(sc.PrimalReports());
    runtime::SweepOptions so;
    so.threads = threads;
    runtime::SweepResult res = runtime::RunSweep(space, fillers->make, collect, so);
    if (res.failure) {
      ReportNonFinite(lib_->diags, written_[0], res.failure->params.data(), res.failure->report, res.failure->value);
      lib_->Fail(mark, "a report is not finite");
    }
    std::vector<ringline::Spread> out;
    for (size_t r = 0; r < collect.values.size(); ++r) {
      if (sc.reports[r].display.kind != ir::Display::Kind::Real) continue;
      ringline::Spread s = SpreadOf(collect.values[r]);
      s.report = sc.reports[r].name;
      s.unit = ir::RealDisplay(sc.reports[r].display.dim).unit.name;
      s.samples = samples;
      out.push_back(std::move(s));
    }
    return out;
  }

  void Write(ringline::Sink& to, const ringline::Row& row) const override {
    const ir::Scenario& sc = variants_.scenarios[0];
    const bool feasible_column = !sc.requires_.empty();
    // The derivatives are Sensitivities(), not columns of the row as written.
    const size_t shown = sc.params.size() + sc.PrimalReports();
    std::vector<double> values = row.values;
    values.resize(shown);
    if (feasible_column) values.push_back(row.feasible);
    std::vector<runtime::Column> cols = ColumnsOf(sc, feasible_column);
    cols.erase(cols.begin() + static_cast<std::ptrdiff_t>(shown),
               cols.begin() + static_cast<std::ptrdiff_t>(sc.params.size() + sc.reports.size()));
    ForeignSink foreign(to);
    runtime::Sink& sink = EngineSink(to, foreign);
    sink.Begin(sc.name, cols);
    sink.Row(values.data());
    sink.End();
  }

  ringline::SweepSummary Sweep(ringline::Sink& to, const ringline::SweepOptions& o) override {
    size_t mark = lib_->Begin();
    if (eval_only_)
      throw ringline::SpecError({Plain("bad_usage", fmt::format("scenario `{}` was lowered `eval_only`; lower it "
                                                                "again to sweep it", Name()))});
    CheckOptLevel(o.opt_level);
    const ir::Scenario& sc = variants_.scenarios[0];
    std::vector<std::vector<double>> axes = Axes(sc);
    if (runtime::ProductSize(axes) == UINT64_MAX)
      throw ringline::SpecError({Plain("too_many_points", "the sweep has 2^64 points or more; sweep fewer values")});
    const std::vector<uint32_t> order = LoopOrder(o);
    const bool reduce = Reduces(o);
    VariantFillers fillers = Fillers(o, axes, order, reduce);

    ForeignSink foreign(to);
    runtime::Sink& sink = EngineSink(to, foreign);
    const bool keep = o.keep_infeasible;
    const size_t np = sc.params.size(), nr = sc.reports.size();
    std::vector<runtime::Column> cols = SweepColumns(keep, dynamic_cast<NativeSink*>(&to), axes);
    std::unique_ptr<runtime::RowConsumer> consumer = Consumer(o, sink, {np, nr, keep, keep}, cols);
    // Under several processes, process 0 alone writes (compiler/api/processes.h).
    runtime::mpi::Cluster* cluster = ClusterOf(o.processes);
    const bool lead = !cluster || cluster->rank() == 0;
    if (!reduce && lead) sink.Begin(sc.name, cols);
    // Streamed rows come in declaration order; a reducer does not care, so its chunks
    // follow the loop order and the innermost loop writes unit-stride.
    runtime::Space space(std::move(axes), reduce ? order : Declaration(np), nr);
    space.checked_reports = sc.PrimalReports();
    runtime::SweepOptions so = EngineOptions(o, fillers, order);
    std::optional<Counting> counting;
    if (o.done) counting.emplace(*consumer, *o.done);
    runtime::Consumer& into = counting ? static_cast<runtime::Consumer&>(*counting) : *consumer;
    runtime::SweepResult res;
    try {
      res = Run(cluster, space, fillers.make, *consumer, into, so, reduce);
    } catch (const std::bad_alloc&) {
      // A table held in memory, or a reducer's rows (a Pareto front, `top`), outgrew it.
      throw ringline::SpecError({Plain("eval_limit", "out of memory during the sweep; keep fewer rows (`best`, a "
                                                     "smaller `top`) or sweep fewer points")});
    }

    ringline::SweepSummary summary = Summary(res, space.points);
    // The other processes' reductions cannot come: no rows rather than a partial answer.
    summary.abandoned = reduce && cluster && cluster->Abandoned();
    if (summary.abandoned) return summary;
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
    return summary;
  }

 private:
  ringline::Require PublicRequire(const ir::Require& r) const {
    ringline::Require out;
    out.name = RequireName(r);
    if (r.range.Valid()) {
      out.file = lib_->sm.getMemoryBuffer(r.range.buffer)->getBufferIdentifier().str();
      out.line = lib_->sm.FindLineNumber(lib_->diags.Loc(r.range), r.range.buffer);
    }
    return out;
  }

  // The variant at every specialised param's default.
  size_t DefaultVariant() const {
    if (eval_only_) return 0;
    return VariantOf(variants_, Defaults(variants_.scenarios[0]).data());
  }
  static Backend Pick(ringline::Backend b, const ir::Scenario& sc, uint64_t points, unsigned threads) {
    if (b == ringline::Backend::Jit) return Backend::Jit;
    if (b == ringline::Backend::Interp) return Backend::Interp;
    return ChooseBackend(sc, points, threads ? threads : std::max(1u, std::thread::hardware_concurrency()));
  }
  static bool EvalOnJit(const ir::Scenario& sc, unsigned opt_level, const double* params, double* reports) {
    auto ev = jit::Compile(sc, jit::Options{opt_level, {}, /*eval=*/true, /*sweep=*/false});
    if (!ev) JitFailed(ev.takeError());
    return (*ev)->Eval(params, reports);
  }

  // The loop order `o.order` starts, the rest chosen (codegen::ChooseOrder).
  std::vector<uint32_t> LoopOrder(const ringline::SweepOptions& o) const {
    const ir::Scenario& sc = variants_.scenarios[0];
    std::string error;
    std::optional<std::vector<uint32_t>> forced = codegen::ParseOrder(sc, o.order, error, o.names.order);
    if (!forced) throw ringline::SpecError({Plain("bad_option", error)});
    std::vector<uint64_t> sizes;
    for (const ir::Param& p : sc.params) sizes.push_back(p.values.size());
    return codegen::ChooseOrder(sc, sizes, *forced);
  }

  static bool Reduces(const ringline::SweepOptions& o) {
    const int reductions = !o.best.empty() + (o.top > 0) + !o.pareto.empty() + !o.histogram.empty();
    if (reductions > 1)
      throw ringline::SpecError({Plain("bad_usage", "give at most one of `best`, `top`, `pareto` and `histogram`")});
    return reductions > 0;
  }

  // Each variant is compiled on its own, so each picks its backend for its share of the
  // points. Streamed rows come in declaration order, and so do their chunks: a JIT'd
  // variant computes the loops every chunk would compute again into a memo table once
  // (codegen/memo.h).
  VariantFillers Fillers(const ringline::SweepOptions& o, const std::vector<std::vector<double>>& axes,
                         const std::vector<uint32_t>& order, bool reduce) const {
    const uint64_t per_variant = runtime::ProductSize(axes) / variants_.scenarios.size();
    std::optional<ChunkShape> streamed;
    if (!reduce) streamed = StreamedChunks(axes, variants_.scenarios[0].reports.size());
    llvm::Expected<VariantFillers> fillers = MakeVariantFillers(
        variants_, order,
        [&](const ir::Scenario& v) { return Pick(o.backend, v, per_variant, o.threads) == Backend::Jit; },
        o.opt_level, streamed ? &*streamed : nullptr, o.threads, !o.keep_infeasible);
    if (!fillers) JitFailed(fillers.takeError());
    return std::move(*fillers);
  }

  // A table's param column is as wide as its widest value, wherever the sweep meets it
  // (the table sizes the reports from its first rows).
  std::vector<runtime::Column> SweepColumns(bool keep, const NativeSink* native,
                                            const std::vector<std::vector<double>>& axes) const {
    std::vector<runtime::Column> cols = ColumnsOf(variants_.scenarios[0], keep);
    if (native && native->table_digits())
      for (size_t i = 0; i < axes.size(); ++i) cols[i].width = runtime::TableWidth(cols[i], axes[i], *native->table_digits());
    return cols;
  }

  runtime::SweepOptions EngineOptions(const ringline::SweepOptions& o, const VariantFillers& fillers,
                                      const std::vector<uint32_t>& order) const {
    runtime::SweepOptions so;
    so.threads = o.threads;
    so.keep_infeasible = o.keep_infeasible;
    so.interrupt = o.interrupt;
    so.progress = o.progress;
    // Which require dropped a point: each variant's requires (the scenario's, so the same
    // list in every variant) evaluated by variant, like the reports.
    const ir::Scenario& sc = variants_.scenarios[0];
    bool same_requires = true;
    for (const ir::Scenario& v : variants_.scenarios) same_requires &= v.requires_.size() == sc.requires_.size();
    if (o.keep_infeasible || sc.requires_.empty() || !same_requires) return so;
    std::vector<runtime::FillerFactory> each;
    for (size_t i = 0; i < variants_.scenarios.size(); ++i)
      each.push_back(RequireOutcomes(variants_.scenarios[i], fillers.jit[i], o.opt_level, order).Filler());
    so.num_requires = sc.requires_.size();
    so.requires_filler = runtime::VariantFillers(std::move(each), variants_.specialised, fillers.sizes, sc.params.size());
    return so;
  }

  // On this process, or over the cluster's: a full table over several processes has the
  // others sweep and process 0 write in order. A process given up after an interrupt
  // (Cluster::Abandoned) would never join the collective that shares the result.
  static runtime::SweepResult Run(runtime::mpi::Cluster* cluster, const runtime::Space& space,
                                  const runtime::FillerFactory& make, runtime::RowConsumer& consumer,
                                  runtime::Consumer& into, const runtime::SweepOptions& so, bool reduce) {
    if (!cluster) return runtime::RunSweep(space, make, into, so);
    runtime::SweepResult res = runtime::mpi::SweepAcross(*cluster, space, make, consumer, into, so, !reduce);
    if (!cluster->Abandoned()) runtime::mpi::Share(*cluster, res);
    return res;
  }

  ringline::SweepSummary Summary(const runtime::SweepResult& res, uint64_t total) const {
    const ir::Scenario& sc = variants_.scenarios[0];
    ringline::SweepSummary summary;
    summary.points = res.points, summary.total = total, summary.interrupted = res.interrupted;
    summary.infeasible = res.infeasible;
    for (size_t q = 0; q < res.failed.size() && q < sc.requires_.size(); ++q)
      summary.dropped.push_back({sc.requires_[q].message, res.failed[q]});
    return summary;
  }

  // The rows' consumer for the reduction `o` asks for (all rows without one).
  std::unique_ptr<runtime::RowConsumer> Consumer(const ringline::SweepOptions& o, runtime::Sink& sink,
                                                 runtime::RowShape shape, const std::vector<runtime::Column>& cols) const {
    const ringline::SweepOptions::Names& n = o.names;
    if (!o.best.empty()) return runtime::MakeBest(sink, shape, Objective(o.best, n.best));
    if (o.top > 0) return runtime::MakeTop(sink, shape, Objective(o.top_by, n.top_by), o.top);
    if (!o.pareto.empty()) {
      const size_t comma = o.pareto.find(',');
      if (comma == std::string::npos || o.pareto.find(',', comma + 1) != std::string::npos)
        throw ringline::SpecError(
            {Plain("bad_option", fmt::format("{} takes two reports, `R1,R2`; got `{}`", n.pareto, o.pareto))});
      runtime::Objective a = Objective(o.pareto.substr(0, comma), n.pareto);
      return runtime::MakePareto(sink, shape, a, Objective(o.pareto.substr(comma + 1), n.pareto));
    }
    if (!o.histogram.empty()) {
      runtime::Objective of = Objective(o.histogram, n.histogram);
      if (of.maximize)
        throw ringline::SpecError({Plain("bad_option", fmt::format("{} takes a report name, without `-`", n.histogram))});
      if (o.bins < 1) throw ringline::SpecError({Plain("bad_option", fmt::format("{} must be at least 1", n.bins))});
      return runtime::MakeHistogram(sink, shape, of.report, cols[shape.num_params + of.report],
                                    variants_.scenarios[0].name, o.bins);
    }
    return runtime::MakeRowWriter(sink, shape);
  }

  // `name` or `-name` (maximise) to a report index.
  runtime::Objective Objective(std::string text, const std::string& option) const {
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
        {Plain("bad_option", rl::NotOneOf(option, text, "report", "scenario `" + sc.name + "`", names))});
  }

  std::shared_ptr<SpecState> lib_;
  std::vector<ir::Scenario> written_;  // as lowered: non-finite reports are located in them
  check::Variants variants_;            // optimised
  bool eval_only_;                      // the variant at the defaults alone
  bool sampled_;                        // Spec::LowerSampled's: the last param is `sample`
  std::vector<ringline::Param> params_;
  std::vector<ringline::Require> requires_;
  std::vector<ringline::Sensitivity> sensitivities_;
  std::vector<std::string> inputs_;
};

}  // namespace

void Differentiate(check::Variants& variants, const std::vector<std::string>& inputs) {
  for (ir::Scenario& sc : variants.scenarios) {
    std::vector<uint32_t> which;
    std::vector<std::string> names;
    for (const ir::Input& x : sc.inputs) names.push_back(x.name);
    if (inputs.empty())
      for (uint32_t j = 0; j < sc.inputs.size(); ++j) which.push_back(j);
    for (const std::string& want : inputs) {
      auto at = std::find(names.begin(), names.end(), want);
      if (at == names.end())
        throw ringline::SpecError({Plain(
            "bad_option", rl::NotOneOf("--sensitivity", want, "continuous input", "scenario `" + sc.name + "`", names))});
      which.push_back(static_cast<uint32_t>(at - names.begin()));
    }
    passes::Differentiate(sc, which);
  }
}

std::unique_ptr<ringline::Scenario> MakeScenario(std::shared_ptr<SpecState> lib, check::Variants variants,
                                                bool eval_only, bool sampled) {
  return std::make_unique<ScenarioImpl>(std::move(lib), std::move(variants), eval_only, sampled);
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

double Elasticity(const Sensitivity& s, const Row& row) {
  const double d = row.values[s.column], r = row.values[s.report_column];
  const double x = s.param >= 0 ? row.values[static_cast<size_t>(s.param)] : s.value;
  return r != 0 ? d * x / r : std::nan("");
}

double FromSI(double si, const std::string& unit) {
  return unit.empty() ? si : rl::units::FromSI(si, UnitNamed(unit));
}

void FromSI(double* values, size_t n, const std::string& unit) {
  if (unit.empty()) return;
  const rl::units::Unit u = UnitNamed(unit);
  for (size_t i = 0; i < n; ++i) values[i] = rl::units::FromSI(values[i], u);
}

std::unique_ptr<Sink> MakeSink(Format f, std::ostream& out, unsigned table_digits, bool single_row) {
  using rl::runtime::Format;
  Format rf = f == ringline::Format::Csv ? Format::Csv : f == ringline::Format::Json ? Format::Json
                                                                                   : Format::Table;
  std::optional<unsigned> digits;
  if (rf == Format::Table) digits = table_digits;
  return std::make_unique<rl::api::NativeSink>(rl::runtime::MakeSink(rf, out, single_row, table_digits), digits);
}

}  // namespace ringline

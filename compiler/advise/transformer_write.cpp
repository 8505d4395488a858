// The transformer layout search's rows through the runtime's sinks (transformer.h): a
// fitted table for people, CSV and JSON in SI units for programs and charts.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "base/units/units.h"
#include "compiler/advise/columns.h"
#include "compiler/advise/transformer.h"

namespace rl::advise {
namespace {

runtime::Column Int(const char* name, unsigned width = 0) {
  runtime::Column c{name, runtime::Column::Kind::Int, units::Unit{}};
  c.width = width;
  return c;
}

std::string Listed(const std::vector<std::string>& names, const char* quote, const char* sep) {
  std::string s;
  for (const std::string& n : names) s += fmt::format("{}{}{}{}", s.empty() ? "" : sep, quote, n, quote);
  return s;
}

// What limits the layout: the constraints it breaks, else how full its memory is.
std::string Binding(const LayoutRow& r) {
  if (!r.broken.empty()) return "breaks " + Listed(r.broken, "`", ", ");
  return fmt::format("memory {:.0f}%{}", r.capacity > 0 ? 100 * r.memory / r.capacity : 0.0, r.tight ? ", tight" : "");
}

// A row's first cells, in both forms: its GPU count, rank, and t, p, d (c where several
// are searched, e for a mixture of experts), b, v (the schedule where several or another than 1F1B are searched),
// recomputation.
std::vector<double> Layout(const LayoutRow& r, double rank, runtime::Labels& recompute, runtime::Labels& schedule,
                           const LayoutResult& res) {
  std::vector<double> c = {double(r.gpus), rank, double(r.t), double(r.p), double(r.d)};
  if (res.contexts) c.push_back(double(r.c));
  if (res.experts) c.push_back(double(r.e));
  c.insert(c.end(), {double(r.b), double(r.v)});
  if (res.schedules) c.push_back(schedule.Of(r.schedule));
  c.push_back(recompute.Of(r.recompute));
  return c;
}
// The context- and expert-parallel columns after d and the schedule's after v, where the
// rows have them.
std::vector<runtime::Column> WithE(std::vector<runtime::Column> cols, const LayoutResult& res, unsigned width,
                                   runtime::Labels& schedule) {
  if (res.schedules) cols.insert(cols.begin() + 7, Text("schedule", schedule, width ? 8 : 0));
  if (res.experts) cols.insert(cols.begin() + 5, Int("e", width));
  if (res.contexts) cols.insert(cols.begin() + 5, Int("c", width));
  return cols;
}

}  // namespace

void WriteTable(runtime::Sink& sink, const LayoutResult& res) {
  runtime::Labels rank, recompute, schedule, sp, binding;
  std::vector<std::vector<double>> cells;
  for (const LayoutRow& r : res.rows) {
    std::vector<double> c = Layout(r, rank.Of(r.rank ? std::to_string(r.rank) : "-"), recompute, schedule, res);
    c.insert(c.end(), {sp.Of(r.sp ? "yes" : "no"), double(r.zero), r.iter, r.tflops, 100 * r.mfu, r.memory, r.weights,
                       r.grads, r.optimizer, r.activations, 100 * r.bubble / r.iter, 100 * r.exposed / r.iter});
    // The run's cost, when it is more than an iteration.
    if (res.run)
      c.insert(c.end(), {r.days, r.gpu_hours, r.energy, r.cost, r.interruptions, r.checkpoint_interval, 100 * r.goodput});
    c.push_back(binding.Of(Binding(r)));
    cells.push_back(std::move(c));
  }
  const auto right = runtime::Column::Align::Right;
  std::vector<runtime::Column> cols = WithE(
      {Int("gpus", 5), Text("rank", rank, 4, right), Int("t", 2), Int("p", 3), Int("d", 3), Int("b", 2), Int("v", 2),
       Text("recompute", recompute, 9), Text("sp", sp, 3, right), Int("zero", 4), Number("iter", "s", "{:.4g}", 8),
       Number("throughput", "TFLOP/s", "{:.1f}", 10), Number("MFU", "", "{:.1f}%", 6), Number("mem/GPU", "GB", "{:.1f}", 7),
       Number("weights", "GB", "{:.1f}", 7), Number("grads", "GB", "{:.1f}", 5), Number("optim", "GB", "{:.1f}", 5),
       Number("activ", "GB", "{:.1f}", 5), Number("bubble", "", "{:.1f}%", 6), Number("comm", "", "{:.1f}%", 5)},
      res, 2, schedule);
  if (res.run)
    cols.insert(cols.end(), {Number("days", "", "{:.1f}", 5), Number("GPU-h", "", "{:.4g}", 9),
                             Number("energy", "MWh", "{:.4g}", 6), Number("cost", "USD", "{:.4g}", 9),
                             Number("interruptions", "", "{:.0f}", 5), Number("checkpoint", "min", "{:.3g}", 5),
                             Number("goodput", "", "{:.1f}%", 7)});
  cols.push_back(Text("binding", binding));
  Emit(sink, cols, cells);
}

runtime::SinkOptions TableOptions(const LayoutQuery& q, const LayoutResult& r) {
  runtime::SinkOptions so;
  so.fit_table = true;
  so.title = fmt::format("{}; ranked by {}", r.title,
                         q.goal == "memory" ? "memory per GPU"
                         : q.goal == "cost"   ? fmt::format("the cost of {}", q.tokens > 0 ? "the run" : "an iteration")
                         : q.goal == "energy" ? fmt::format("the energy of {}", q.tokens > 0 ? "the run" : "an iteration")
                                              : "iteration time");
  for (const LayoutSearch& s : r.searches) {
    so.footer.push_back(fmt::format("{} GPUs: {} of {} layouts feasible, searched in {:.2f} s; layouts each "
                                    "constraint rules out (a layout may break several):",
                                    s.gpus, s.feasible, s.layouts, s.seconds));
    size_t width = 0;
    for (const auto& [name, n] : s.dropped) width = std::max(width, name.size());
    for (const auto& [name, n] : s.dropped) so.footer.push_back(fmt::format("  {:<{}}  {}", name, width, n));
  }
  // A training run of --dataset tokens: whole iterations of the global batch, on the
  // first-ranked feasible layout of each GPU count, failures and checkpoints included.
  if (q.tokens > 0) {
    const double iters = std::ceil(q.tokens / (double(q.global_batch) * r.seq));
    for (const LayoutRow& row : r.rows)
      if (row.rank == 1)
        so.footer.push_back(fmt::format(
            "{} tokens at {} GPUs: {:.0f} iterations of the first layout, {:.3g} days, {:.4g} GPU-hours, {:.4g} MWh, "
            "{:.4g} USD; {:.0f} interruptions, a checkpoint every {:.0f} s, goodput {:.1f}%",
            units::FormatNumber(q.tokens), row.gpus, iters, row.days, row.gpu_hours, row.energy / 3.6e9, row.cost,
            row.interruptions, row.checkpoint_interval, 100 * row.goodput));
  }
  return so;
}

std::vector<LayoutRow> CostFront(const std::vector<LayoutRow>& rows) {
  std::vector<LayoutRow> sorted;
  for (const LayoutRow& r : rows)
    if (r.broken.empty()) sorted.push_back(r);
  std::stable_sort(sorted.begin(), sorted.end(), [](const LayoutRow& a, const LayoutRow& b) {
    return a.days != b.days ? a.days < b.days : a.cost != b.cost ? a.cost < b.cost : a.energy < b.energy;
  });
  // Along increasing days, a row joins when it is cheaper than every faster one.
  std::vector<LayoutRow> front;
  for (const LayoutRow& r : sorted)
    if (front.empty() || (r.cost < front.back().cost && r.days > front.back().days)) front.push_back(r);
  return front;
}

void WriteData(runtime::Sink& sink, const LayoutResult& res) {
  runtime::Labels recompute, schedule, constraint, broken;
  std::vector<std::vector<double>> cells;
  for (const LayoutRow& r : res.rows) {
    std::vector<double> c = Layout(r, double(r.rank), recompute, schedule, res);
    c.insert(c.end(), {r.sp ? 1.0 : 0.0, double(r.zero), r.iter, r.tflops, r.mfu, r.memory, r.weights, r.grads,
                       r.optimizer, r.activations, r.other, r.capacity, r.bubble, r.exposed, r.days, r.gpu_hours,
                       r.energy, r.cost, r.interruptions, r.checkpoint_interval, r.goodput, r.tight ? 1.0 : 0.0, r.broken.empty() ? 1.0 : 0.0, constraint.Of(r.broken.empty() ? "" : r.broken[0]),
                       broken.Of(Listed(r.broken, "", "; "))});
    cells.push_back(std::move(c));
  }
  const auto Bool = runtime::Column::Kind::Bool;
  Emit(sink,
       WithE({Int("gpus"), Int("rank"), Int("t"), Int("p"), Int("d"), Int("micro"), Int("interleave"),
        Text("recompute", recompute), {"sequence_parallel", Bool, units::Unit{}}, Int("zero"), Number("iter", "s"),
        Number("flops_per_gpu", "FLOP/s"), Number("mfu"), Number("memory", "B"), Number("weights", "B"),
        Number("grads", "B"), Number("optimizer", "B"), Number("activations", "B"), Number("other", "B"),
        Number("capacity", "B"), Number("bubble", "s"), Number("exposed", "s"), Number("days"), Number("gpu_hours"),
        Number("energy", "J"), Number("cost", "USD"), Number("interruptions"), Number("checkpoint_interval", "s"),
        Number("goodput"), {"tight", Bool, units::Unit{}},
        {"feasible", Bool, units::Unit{}}, Text("constraint", constraint), Text("broken", broken)}, res, 0, schedule),
       cells);
}

runtime::SinkOptions DataOptions(const LayoutResult& r) {
  runtime::SinkOptions so;
  std::string json = "[";
  for (size_t i = 0; i < r.searches.size(); ++i) {
    const LayoutSearch& s = r.searches[i];
    std::string dropped = "{";
    for (size_t k = 0; k < s.dropped.size(); ++k)
      dropped += fmt::format("{}{}:{}", k ? "," : "", runtime::JsonString(s.dropped[k].first), s.dropped[k].second);
    dropped += "}";
    json += fmt::format("{}{{\"gpus\":{},\"layouts\":{},\"feasible\":{},\"dropped\":{}}}", i ? "," : "", s.gpus,
                        s.layouts, s.feasible, dropped);
  }
  so.json_tail = {{"searches", json + "]"}};
  return so;
}

}  // namespace rl::advise

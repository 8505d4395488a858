// advise's rows through the runtime's sinks (advise.h): a fitted table for people, CSV
// and JSON in SI units for programs and charts.
#include <fmt/format.h>

#include "base/units/units.h"
#include "compiler/advise/advise.h"
#include "compiler/advise/columns.h"

namespace rl::advise {
namespace {

// The broken constraint with its value and limit in the table's units (bytes in GB, as the
// memory column), or as counts.
std::string Note(const Row& r) {
  if (r.broken.empty()) return "";
  if (r.unit == "B") return fmt::format("breaks `{}` ({:.4g} GB > {:.4g} GB)", r.broken, r.value / 1e9, r.limit / 1e9);
  return fmt::format("breaks `{}` ({} > {})", r.broken, units::FormatNumber(r.value), units::FormatNumber(r.limit));
}

}  // namespace

void WriteTable(runtime::Sink& sink, const Result& res) {
  runtime::Labels rank, strategy, fits, bound, note;
  std::vector<std::vector<double>> cells;
  for (const Row& r : res.rows)
    cells.push_back({r.gpus, rank.Of(r.rank ? std::to_string(r.rank) : "-"), strategy.Of(r.strategy), r.iter, r.epoch,
                     r.memory, fits.Of(r.memory <= r.capacity ? "yes" : "no"), 100 * r.exposed / r.iter,
                     100 * r.efficiency, bound.Of(r.bound), r.gpu_hours, r.energy, r.cost, note.Of(Note(r))});
  runtime::Column gpus{"gpus", runtime::Column::Kind::Int, units::Unit{}};
  gpus.width = 6;
  Emit(sink,
       {gpus, Text("rank", rank, 4, runtime::Column::Align::Right), Text("strategy", strategy, 18),
        Number("iter", "ms", "{:.4g}", 12), Number("epoch", "s", "{:.4g}", 12), Number("mem/GPU", "GB", "{:.4g}", 12),
        Text("mem fits", fits, 8, runtime::Column::Align::Right), Number("comm share", "", "{:.1f}%", 10),
        Number("efficiency", "", "{:.1f}%", 10), Text("bound", bound, 9), Number("GPU-h", "", "{:.4g}", 10),
        Number("energy", "kWh", "{:.4g}", 8), Number("cost", "USD", "{:.4g}", 8), Text("constraint", note)},
       cells);
}

runtime::SinkOptions TableOptions(const Query& q, const Result& r) {
  runtime::SinkOptions so;
  so.fit_table = true;
  so.title = fmt::format("{}; ranked by {}", r.title, q.goal);
  std::string line;
  for (const auto& [name, p] : r.limits)
    line += fmt::format("{}{} {}", line.empty() ? "" : ", ", name, p > 0 ? units::FormatNumber(p) : "none");
  so.footer = {fmt::format("efficiency against {}", r.baseline),
               fmt::format("scaling limit (largest GPU count at {:.0f}% efficiency or more): {}", 100 * q.threshold,
                           line)};
  return so;
}

void WriteData(runtime::Sink& sink, const Result& res) {
  runtime::Labels strategy, bound, constraint;
  std::vector<std::vector<double>> cells;
  for (const Row& r : res.rows)
    cells.push_back({r.gpus, r.used, double(r.rank), strategy.Of(r.strategy), r.iter, r.epoch, r.memory, r.capacity, r.comm,
                     r.exposed, r.efficiency, r.gpu_hours, r.days, r.energy, r.cost, r.interruptions,
                     r.checkpoint_interval, r.goodput, bound.Of(r.bound), r.broken.empty() ? 1.0 : 0.0,
                     constraint.Of(r.broken)});
  const auto Int = runtime::Column::Kind::Int;
  Emit(sink,
       {{"gpus", Int, units::Unit{}}, {"used", Int, units::Unit{}}, {"rank", Int, units::Unit{}}, Text("strategy", strategy), Number("iter", "s"),
        Number("epoch", "s"), Number("memory", "B"), Number("capacity", "B"), Number("comm", "s"),
        Number("exposed", "s"), Number("efficiency"), Number("gpu_hours"), Number("days"), Number("energy", "J"),
        Number("cost", "USD"), Number("interruptions"), Number("checkpoint_interval", "s"), Number("goodput"),
        Text("bound", bound),
        {"feasible", runtime::Column::Kind::Bool, units::Unit{}}, Text("constraint", constraint)},
       cells);
}

runtime::SinkOptions DataOptions(const Result& r) {
  runtime::SinkOptions so;
  std::string json = "{";
  for (size_t i = 0; i < r.limits.size(); ++i)
    json += (i ? "," : "") + runtime::JsonString(r.limits[i].first) + ":" + units::FormatNumber(r.limits[i].second);
  so.json_tail = {{"scaling_limits", json + "}"}, {"baseline", runtime::JsonString(r.baseline)}};
  return so;
}

}  // namespace rl::advise

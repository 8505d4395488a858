// The stats' one column list (write.h).
#include "compiler/stats/write.h"

#include <fmt/format.h>
#include <llvm/ADT/StringRef.h>

#include "base/units/units.h"

namespace rl::stats {
namespace {

// A layer's number (JSON's `layer`); 0 for the total, which JSON holds apart.
double Number(const std::string& layer) {
  unsigned n = 0;
  return llvm::StringRef(layer).getAsInteger(10, n) ? 0 : n;
}

runtime::Column Count(const char* name, const char* unit = "") {
  std::string bad;
  return {name, runtime::Column::Kind::Int, *unit ? *units::ParseUnitString(unit, &bad) : units::Unit{}};
}

// The columns and each row's cells in `format`'s form.
struct Layout {
  std::vector<runtime::Column> cols;
  std::vector<std::vector<double>> rows;
  std::vector<double> total;
};

Layout Build(runtime::Format format, const NetworkStats& st) {
  const bool timed = !st.device.empty(), json = format == runtime::Format::Json;
  const bool traffic = timed && format != runtime::Format::Table;
  runtime::Labels layer, kind, shape, model;
  auto cells = [&](const LayerRow& r) {
    std::vector<double> c = {json ? Number(r.layer) : layer.Of(r.layer), kind.Of(r.kind), shape.Of(r.shape), r.params,
                             r.macs, r.fwd, r.bwd, r.act_bytes};
    if (timed) c.insert(c.end(), {r.fwd_time, r.bwd_time, model.Of(r.model)});
    if (traffic) c.push_back(r.traffic);
    return c;
  };
  Layout out;
  for (const LayerRow& r : st.rows) out.rows.push_back(cells(r));
  LayerRow total = st.total;
  total.shape = "";
  out.total = cells(total);
  out.cols = {json ? Count("layer") : layer.Named("layer"), kind.Named("kind"), shape.Named("output"), Count("params"),
              Count("macs"), Count("fwd_flops", "FLOP"), Count("bwd_flops", "FLOP"), Count("act_bytes", "B")};
  if (timed) {
    std::string bad;
    for (const char* name : {"fwd_time", "bwd_time"}) {
      out.cols.push_back({name, runtime::Column::Kind::Real, *units::ParseUnitString("s", &bad)});
      out.cols.back().table_spec = "{:.4g}";
    }
    out.cols.push_back(model.Named("model"));
  }
  if (traffic) out.cols.push_back(Count("traffic", "B"));
  return out;
}

}  // namespace

runtime::SinkOptions WriteOptions(runtime::Format format, const NetworkStats& st, unsigned batch) {
  runtime::SinkOptions so;
  const bool timed = !st.device.empty();
  if (format == runtime::Format::Json) {
    so.json_head = {{"model", runtime::JsonString(st.model)}, {"batch", std::to_string(batch)}};
    if (timed)
      so.json_head.insert(so.json_head.end(), {{"device", runtime::JsonString(st.device)},
                                               {"peak", units::FormatNumber(st.peak)},
                                               {"membw", units::FormatNumber(st.membw)}});
    // The total's cells after the layer, kind and output columns.
    Layout l = Build(format, st);
    std::string totals;
    for (size_t i = 3; i < l.cols.size(); ++i) {
      std::string cell = runtime::FormatCell(l.cols[i], l.total[i]);
      totals += fmt::format("{}{}:{}", i > 3 ? "," : "", runtime::JsonString(l.cols[i].name),
                            l.cols[i].kind == runtime::Column::Kind::Label ? runtime::JsonString(cell) : cell);
    }
    so.json_tail = {{"totals", "{" + totals + "}"}};
  } else if (format == runtime::Format::Table) {
    so.fit_table = true;
    so.title = fmt::format("{} (batch {}{})", st.model, batch, timed ? ", on " + st.device : "");
  }
  return so;
}

void Write(runtime::Sink& sink, runtime::Format format, const NetworkStats& st) {
  Layout l = Build(format, st);
  if (format != runtime::Format::Json) l.rows.push_back(l.total);
  sink.Begin("", l.cols);
  for (const std::vector<double>& r : l.rows) sink.Row(r.data());
  sink.End();
}

}  // namespace rl::stats

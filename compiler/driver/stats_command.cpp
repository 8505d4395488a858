// `ringline stats`: per-layer accounting of a network (compiler/stats/network_stats.h);
// this file only writes it through the runtime's sinks.
//   ringline stats FILE [--model NAME] [--batch N] [--format table|csv|json] [-o OUT] [--device D]
//   ringline stats --model resnet50      (searches stdlib/models/)
#include <fmt/format.h>
#include <algorithm>
#include <memory>

#include "compiler/driver/commands.h"
#include "compiler/driver/evaluate.h"
#include "compiler/driver/network_query.h"
#include "compiler/driver/options.h"
#include "base/units/units.h"
#include "runtime/sinks.h"

namespace rl::driver {

cl::SubCommand StatsCmd("stats", "Per-layer parameters, MACs, FLOPs and activation memory of a network");
static cl::list<std::string> StatsFiles(cl::Positional, cl::desc("[spec.rl]"), cl::ZeroOrMore, cl::sub(StatsCmd),
                                        cl::cat(Category));
static cl::opt<std::string> StatsModel("model", cl::desc("Network to show: a top-level `let` (default: the file's only network; "
                                                        "without a file, searched in stdlib/models)"),
                                       cl::value_desc("NAME"), cl::sub(StatsCmd), cl::cat(Category));
static cl::opt<unsigned> StatsBatch("batch", cl::desc("Samples per batch (scales everything but params)"), cl::init(1),
                                    cl::sub(StatsCmd), cl::cat(Category));
static cl::opt<unsigned> StatsElementBytes("element-bytes", cl::desc("Bytes per activation element (4 = fp32)"),
                                           cl::init(4), cl::sub(StatsCmd), cl::cat(Category));
static cl::opt<std::string> StatsDevice("device",
                                        cl::desc("Add each layer's predicted forward and backward time on this device "
                                                 "(a `Device` of the spec or of stdlib.hardware) and which model gave it"),
                                        cl::value_desc("NAME"), cl::sub(StatsCmd), cl::cat(Category));

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

// The layers, then the total (a row in tables and CSV, JSON's `totals` member). JSON's
// `layer` is the layer's number. Times print exactly in CSV and JSON, to 4 digits in the
// table.
void Print(std::ostream& os, runtime::Format format, const NetworkStats& st) {
  const bool timed = !st.device.empty(), json = format == runtime::Format::Json;
  runtime::Labels layer, kind, shape, model;
  auto cells = [&](const LayerRow& r) {
    std::vector<double> c = {json ? Number(r.layer) : layer.Of(r.layer), kind.Of(r.kind), shape.Of(r.shape), r.params,
                             r.macs, r.fwd, r.bwd, r.act_bytes};
    if (timed) c.insert(c.end(), {r.fwd_time, r.bwd_time, model.Of(r.model)});
    return c;
  };
  std::vector<std::vector<double>> rows;
  for (const LayerRow& r : st.rows) rows.push_back(cells(r));
  LayerRow total = st.total;
  total.shape = "";
  std::vector<double> t = cells(total);
  runtime::SinkOptions so;
  std::vector<runtime::Column> cols = {json ? Count("layer") : layer.Named("layer"), kind.Named("kind"),
                                       shape.Named("output"), Count("params"), Count("macs"),
                                       Count("fwd_flops", "FLOP"), Count("bwd_flops", "FLOP"), Count("act_bytes", "B")};
  if (timed) {
    std::string bad;
    for (const char* name : {"fwd_time", "bwd_time"}) {
      cols.push_back({name, runtime::Column::Kind::Real, *units::ParseUnitString("s", &bad)});
      cols.back().table_spec = "{:.4g}";
    }
    cols.push_back(model.Named("model"));
  }
  if (json) {
    so.json_head = {{"model", runtime::JsonString(st.model)}, {"batch", std::to_string(unsigned(StatsBatch))}};
    if (timed) so.json_head.push_back({"device", runtime::JsonString(st.device)});
    std::string totals;
    for (size_t i = 3; i < cols.size(); ++i) {
      std::string cell = runtime::FormatCell(cols[i], t[i]);
      totals += fmt::format("{}{}:{}", i > 3 ? "," : "", runtime::JsonString(cols[i].name),
                            cols[i].kind == runtime::Column::Kind::Label ? runtime::JsonString(cell) : cell);
    }
    so.json_tail = {{"totals", "{" + totals + "}"}};
  } else {
    so.fit_table = true;
    so.title = fmt::format("{} (batch {}{})", st.model, unsigned(StatsBatch), timed ? ", on " + st.device : "");
    rows.push_back(t);
  }
  std::unique_ptr<runtime::Sink> sink = runtime::MakeSink(format, os, so);
  sink->Begin("", cols);
  for (const std::vector<double>& r : rows) sink->Row(r.data());
  sink->End();
}

}  // namespace

Exit CollectNetworkStats(const NetworkQuery& q, NetworkStats& out) {
  try {
    out = stats::Collect(q, LibraryOptions());
  } catch (const ringline::SpecError& e) {
    return PrintSpecError(e);
  }
  for (const std::string& w : out.warnings) Warn(Kind::cpu_mismatch, w);
  return kOk;
}

int RunStats() {
  std::optional<runtime::Format> format = PickFormat(runtime::Format::Table);
  if (!format) return kUsageError;
  if (StatsFiles.size() > 1) return Fail(Kind::bad_usage, "`stats` takes one spec file");
  NetworkQuery q{StatsFiles.empty() ? "" : StatsFiles[0], StatsModel, StatsDevice, StatsBatch, StatsElementBytes};
  NetworkStats stats;
  if (Exit e = CollectNetworkStats(q, stats); e != kOk) return e;
  Output out(OutputFile, std::vector<std::string>(StatsFiles.begin(), StatsFiles.end()));
  if (!out.Open()) return kUsageError;
  Print(out.stream(), *format, stats);
  return out.Commit() ? kOk : kUsageError;
}

}  // namespace rl::driver

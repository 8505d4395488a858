// `ringline stats`: per-layer accounting of a network (compiler/stats/network_stats.h);
// this file only formats it.
//   ringline stats FILE [--model NAME] [--batch N] [--format table|csv|json] [--device D]
//   ringline stats --model resnet50      (searches stdlib/models/)
#include <fmt/format.h>
#include <algorithm>
#include <iostream>

#include "compiler/driver/commands.h"
#include "compiler/driver/network_query.h"
#include "compiler/driver/options.h"
#include "base/units/units.h"

namespace rl::driver {

cl::SubCommand StatsCmd("stats", "Per-layer parameters, MACs, FLOPs and activation memory of a network");
static cl::list<std::string> StatsFiles(cl::Positional, cl::desc("[spec.rl]"), cl::ZeroOrMore, cl::sub(StatsCmd),
                                        cl::cat(Category));
static cl::opt<std::string> StatsModel("model", cl::desc("Network to show: a top-level `let` (default: the file's only network; "
                                                        "without a file, searched in stdlib/models)"),
                                       cl::value_desc("NAME"), cl::sub(StatsCmd), cl::cat(Category));
static cl::opt<unsigned> StatsBatch("batch", cl::desc("Samples per batch (scales everything but params)"), cl::init(1),
                                    cl::sub(StatsCmd), cl::cat(Category));
static cl::opt<std::string> StatsFormat("format", cl::desc("Output format: table, csv or json"), cl::init("table"),
                                        cl::sub(StatsCmd), cl::cat(Category));
static cl::opt<unsigned> StatsElementBytes("element-bytes", cl::desc("Bytes per activation element (4 = fp32)"),
                                           cl::init(4), cl::sub(StatsCmd), cl::cat(Category));
static cl::opt<std::string> StatsDevice("device",
                                        cl::desc("Add each layer's predicted forward and backward time on this device "
                                                 "(a `Device` of the spec or of stdlib.hardware) and which model gave it"),
                                        cl::value_desc("NAME"), cl::sub(StatsCmd), cl::cat(Category));

namespace {

// Column i of the table: name, unit, whether it is text (quoted in CSV/JSON, left-aligned).
struct Column {
  const char* name;
  const char* unit;
  bool text;
};

std::vector<Column> Columns(bool timed) {
  std::vector<Column> c = {{"layer", "", false}, {"kind", "", true},        {"output", "", true},
                           {"params", "", false}, {"macs", "", false},      {"fwd_flops", "FLOP", false},
                           {"bwd_flops", "FLOP", false}, {"act_bytes", "B", false}};
  if (timed) {
    c.push_back({"fwd_time", "s", false});
    c.push_back({"bwd_time", "s", false});
    c.push_back({"model", "", true});
  }
  return c;
}

// Times print exactly (shortest round trip) in CSV and JSON, to 4 digits in the table.
std::vector<std::string> Cells(const LayerRow& r, bool timed, bool exact = true) {
  std::vector<std::string> c = {r.layer, r.kind, r.shape, units::FormatNumber(r.params), units::FormatNumber(r.macs),
                                units::FormatNumber(r.fwd), units::FormatNumber(r.bwd),
                                units::FormatNumber(r.act_bytes)};
  if (timed) {
    c.push_back(exact ? units::FormatNumber(r.fwd_time) : fmt::format("{:.4g}", r.fwd_time));
    c.push_back(exact ? units::FormatNumber(r.bwd_time) : fmt::format("{:.4g}", r.bwd_time));
    c.push_back(r.model);
  }
  return c;
}

void Print(const std::string& model, const std::string& device, const std::vector<LayerRow>& rows, const LayerRow& total) {
  const bool timed = !device.empty();
  const std::vector<Column> cols = Columns(timed);
  const size_t n = cols.size();
  std::string fmt_name = StatsFormat;
  if (fmt_name == "json") {
    std::cout << fmt::format("{{\"model\":\"{}\",\"batch\":{},", model, unsigned(StatsBatch));
    if (timed) std::cout << fmt::format("\"device\":\"{}\",", device);
    std::cout << "\"columns\":[";
    for (size_t i = 0; i < n; ++i)
      std::cout << fmt::format("{}{{\"name\":\"{}\",\"unit\":\"{}\"}}", i ? "," : "", cols[i].name, cols[i].unit);
    std::cout << "],\"rows\":[";
    for (size_t r = 0; r < rows.size(); ++r) {
      std::vector<std::string> c = Cells(rows[r], timed);
      for (size_t i = 0; i < n; ++i)
        if (cols[i].text) c[i] = "\"" + c[i] + "\"";
      std::cout << (r ? ",\n" : "\n") << "[" << fmt::format("{}", fmt::join(c, ",")) << "]";
    }
    std::vector<std::string> t = Cells(total, timed);
    std::cout << "\n],\"totals\":{";
    for (size_t i = 3; i < n; ++i)
      std::cout << fmt::format("{}\"{}\":{}", i > 3 ? "," : "", cols[i].name, cols[i].text ? "\"" + t[i] + "\"" : t[i]);
    std::cout << "}}\n";
    return;
  }
  if (fmt_name == "csv") {
    for (size_t i = 0; i < n; ++i)
      std::cout << (i ? "," : "") << cols[i].name << (cols[i].unit[0] ? fmt::format("[{}]", cols[i].unit) : "");
    std::cout << "\n";
    for (const LayerRow& r : rows) {
      std::vector<std::string> c = Cells(r, timed);
      c[2] = "\"" + c[2] + "\"";
      std::cout << fmt::format("{}\n", fmt::join(c, ","));
    }
    std::vector<std::string> t = Cells(total, timed);
    t[2] = "\"\"";
    std::cout << fmt::format("{}\n", fmt::join(t, ","));
    return;
  }
  std::vector<std::vector<std::string>> table;
  std::vector<std::string> head;
  for (size_t i = 0; i < n; ++i) head.push_back(cols[i].unit[0] ? fmt::format("{} [{}]", cols[i].name, cols[i].unit) : cols[i].name);
  table.push_back(head);
  for (const LayerRow& r : rows) table.push_back(Cells(r, timed, false));
  table.push_back(Cells(total, timed, false));
  std::vector<size_t> w(n, 0);
  for (const auto& line : table)
    for (size_t i = 0; i < n; ++i) w[i] = std::max(w[i], line[i].size());
  std::cout << fmt::format("{} (batch {}{})\n", model, unsigned(StatsBatch), timed ? ", on " + device : "");
  for (size_t l = 0; l < table.size(); ++l) {
    for (size_t i = 0; i < n; ++i)
      std::cout << (i ? "  " : "")
                << (cols[i].text || i == 0 ? fmt::format("{:<{}}", table[l][i], w[i]) : fmt::format("{:>{}}", table[l][i], w[i]));
    std::cout << "\n";
  }
}

}  // namespace

Exit CollectNetworkStats(const NetworkQuery& q, NetworkStats& out) {
  try {
    out = stats::Collect(q, LibraryOptions());
  } catch (const ringline::SpecError& e) {
    return PrintSpecError(e);
  }
  for (const std::string& w : out.warnings) llvm::errs() << "ringline: warning: " << w << "\n";
  return kOk;
}

int RunStats() {
  if (StatsFormat != "table" && StatsFormat != "csv" && StatsFormat != "json") {
    llvm::errs() << fmt::format("ringline: error: unknown --format `{}`; use table, csv or json\n", std::string(StatsFormat));
    return kUsageError;
  }
  if (StatsFiles.size() > 1) {
    llvm::errs() << "ringline: error: `stats` takes one spec file\n";
    return kUsageError;
  }
  NetworkQuery q{StatsFiles.empty() ? "" : StatsFiles[0], StatsModel, StatsDevice, StatsBatch, StatsElementBytes};
  NetworkStats stats;
  if (Exit e = CollectNetworkStats(q, stats); e != kOk) return e;
  Print(stats.model, stats.device, stats.rows, stats.total);
  return kOk;
}

}  // namespace rl::driver

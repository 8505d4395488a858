// `ringline stats`: per-layer accounting of a network. The network is a `Network` record
// (stdlib.layers) computed statically by the checker; this file only formats it.
//   ringline stats FILE [--model NAME] [--batch N] [--format table|csv|json]
//   ringline stats --model resnet50      (searches stdlib/models/)
#include <fmt/format.h>

#include <algorithm>
#include <iostream>

#include "compiler/driver/commands.h"
#include "compiler/driver/options.h"
#include "compiler/driver/session.h"
#include "compiler/units/units.h"

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

namespace {

struct Row {
  std::string layer, kind, shape;
  double params, macs, fwd, bwd, act_bytes;
};

std::string Shape(const check::Exported* e) {
  std::string s = "[";
  if (e)
    for (size_t i = 0; i < e->items.size(); ++i) s += (i ? ", " : "") + units::FormatNumber(e->items[i].number);
  return s + "]";
}

double Num(const check::Exported& r, const char* field) {
  const check::Exported* f = r.Field(field);
  return f && f->kind == check::Exported::Kind::Number ? f->number : 0;
}

bool IsNetwork(const check::Exported& e) {
  return e.kind == check::Exported::Kind::Record && e.str == "Network" && e.Field("layers") &&
         e.Field("layers")->kind == check::Exported::Kind::List;
}

void Print(const std::string& model, const std::vector<Row>& rows, const Row& total) {
  static const char* const kCols[] = {"layer", "kind", "output", "params", "macs", "fwd_flops", "bwd_flops",
                                      "act_bytes"};
  static const char* const kUnits[] = {"", "", "", "", "", "FLOP", "FLOP", "B"};
  auto cells = [](const Row& r) {
    return std::vector<std::string>{r.layer, r.kind, r.shape, units::FormatNumber(r.params),
                                    units::FormatNumber(r.macs), units::FormatNumber(r.fwd),
                                    units::FormatNumber(r.bwd), units::FormatNumber(r.act_bytes)};
  };
  std::string fmt_name = StatsFormat;
  if (fmt_name == "json") {
    std::cout << fmt::format("{{\"model\":\"{}\",\"batch\":{},\"columns\":[", model, unsigned(StatsBatch));
    for (size_t i = 0; i < 8; ++i)
      std::cout << fmt::format("{}{{\"name\":\"{}\",\"unit\":\"{}\"}}", i ? "," : "", kCols[i], kUnits[i]);
    std::cout << "],\"rows\":[";
    for (size_t r = 0; r < rows.size(); ++r) {
      std::vector<std::string> c = cells(rows[r]);
      std::cout << (r ? ",\n" : "\n") << fmt::format("[{},\"{}\",\"{}\",{},{},{},{},{}]", c[0], c[1], c[2], c[3],
                                                     c[4], c[5], c[6], c[7]);
    }
    std::vector<std::string> t = cells(total);
    std::cout << fmt::format("\n],\"totals\":{{\"params\":{},\"macs\":{},\"fwd_flops\":{},\"bwd_flops\":{},"
                             "\"act_bytes\":{}}}}}\n",
                             t[3], t[4], t[5], t[6], t[7]);
    return;
  }
  if (fmt_name == "csv") {
    for (size_t i = 0; i < 8; ++i)
      std::cout << (i ? "," : "") << kCols[i] << (kUnits[i][0] ? fmt::format("[{}]", kUnits[i]) : "");
    std::cout << "\n";
    for (const Row& r : rows) {
      std::vector<std::string> c = cells(r);
      c[2] = "\"" + c[2] + "\"";
      std::cout << fmt::format("{}\n", fmt::join(c, ","));
    }
    std::vector<std::string> t = cells(total);
    t[2] = "\"\"";
    std::cout << fmt::format("{}\n", fmt::join(t, ","));
    return;
  }
  std::vector<std::vector<std::string>> table;
  std::vector<std::string> head;
  for (size_t i = 0; i < 8; ++i) head.push_back(kUnits[i][0] ? fmt::format("{} [{}]", kCols[i], kUnits[i]) : kCols[i]);
  table.push_back(head);
  for (const Row& r : rows) table.push_back(cells(r));
  table.push_back(cells(total));
  std::vector<size_t> w(8, 0);
  for (const auto& line : table)
    for (size_t i = 0; i < 8; ++i) w[i] = std::max(w[i], line[i].size());
  std::cout << fmt::format("{} (batch {})\n", model, unsigned(StatsBatch));
  for (size_t l = 0; l < table.size(); ++l) {
    for (size_t i = 0; i < 8; ++i)
      std::cout << (i ? "  " : "") << (i < 3 ? fmt::format("{:<{}}", table[l][i], w[i]) : fmt::format("{:>{}}", table[l][i], w[i]));
    std::cout << "\n";
  }
}

}  // namespace

int RunStats() {
  if (StatsFormat != "table" && StatsFormat != "csv" && StatsFormat != "json") {
    llvm::errs() << fmt::format("ringline: error: unknown --format `{}`; use table, csv or json\n", std::string(StatsFormat));
    return kUsageError;
  }
  if (StatsFiles.size() > 1) {
    llvm::errs() << "ringline: error: `stats` takes one spec file\n";
    return kUsageError;
  }
  Session s;
  std::string name = StatsModel;
  Exit e;
  if (StatsFiles.empty()) {
    if (name.empty()) {
      llvm::errs() << "ringline: error: name a spec file or a stdlib model with --model\n";
      return kUsageError;
    }
    // stdlib/models/all.rl binds every model name of the standard library.
    e = s.LoadText("import stdlib.models.all\n", "<stdlib models>");
  } else {
    e = s.Load(StatsFiles[0]);
  }
  if (e != kOk) return e;
  if (name.empty()) {
    std::vector<std::string> nets;
    for (const std::string& g : s.comp->GlobalNames())
      if (std::optional<check::Exported> v = s.comp->ExportGlobal(g); v && IsNetwork(*v)) nets.push_back(g);
    // A network that failed to build (a shape error) was reported: that is the answer.
    if (s.diags.ErrorCount() > 0) return kSpecError;
    if (nets.size() != 1) {
      llvm::errs() << fmt::format("ringline: error: {}; pick one with --model\n",
                                  nets.empty() ? std::string("this file defines no `Network`")
                                               : fmt::format("this file defines {} networks ({})", nets.size(),
                                                             fmt::join(nets, ", ")));
      return kUsageError;
    }
    name = nets[0];
  }
  std::optional<check::Exported> net = s.comp->ExportGlobal(name);
  if (s.diags.ErrorCount() > 0) return kSpecError;
  if (!net) {
    llvm::errs() << fmt::format("ringline: error: no network `{}`\n", name);
    return kUsageError;
  }
  if (!IsNetwork(*net)) {
    llvm::errs() << fmt::format("ringline: error: `{}` is not a `Network` (see stdlib/layers.rl)\n", name);
    return kUsageError;
  }
  const double batch = StatsBatch;
  std::vector<Row> rows;
  Row total{"total", "", "", 0, 0, 0, 0, 0};
  const check::Exported& layers = *net->Field("layers");
  for (size_t i = 0; i < layers.items.size(); ++i) {
    const check::Exported& l = layers.items[i];
    Row r{std::to_string(i + 1), l.Field("kind") ? l.Field("kind")->str : "?", Shape(l.Field("out")),
          Num(l, "params"), batch * Num(l, "macs"), batch * Num(l, "fwd"),
          batch * (Num(l, "bwd_data") + Num(l, "bwd_weight")), batch * Num(l, "act") * StatsElementBytes};
    total.params += r.params;
    total.macs += r.macs;
    total.fwd += r.fwd;
    total.bwd += r.bwd;
    total.act_bytes += r.act_bytes;
    rows.push_back(r);
  }
  const check::Exported* model_name = net->Field("name");
  Print(model_name ? model_name->str : name, rows, total);
  return kOk;
}

}  // namespace rl::driver

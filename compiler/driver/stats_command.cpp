// `ringline stats`: per-layer accounting of a network. The network is a `Network` record
// (stdlib.layers) computed statically by the checker; this file only formats it.
//   ringline stats FILE [--model NAME] [--batch N] [--format table|csv|json] [--device D]
//   ringline stats --model resnet50      (searches stdlib/models/)
#include <fmt/format.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>

#include <algorithm>
#include <iostream>

#include "compiler/base/suggest.h"
#include "compiler/driver/commands.h"
#include "compiler/driver/options.h"
#include "compiler/driver/session.h"
#include "compiler/units/units.h"

namespace rl::driver {

extern std::string g_stdlib_dir;  // main.cpp

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

struct Row {
  std::string layer, kind, shape;
  double params, macs, fwd, bwd, act_bytes;
  double fwd_time = 0, bwd_time = 0;  // with --device
  std::string model;                  // with --device: "mlp", "roofline" or "mixed"
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
std::vector<std::string> Cells(const Row& r, bool timed, bool exact = true) {
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

void Print(const std::string& model, const std::string& device, const std::vector<Row>& rows, const Row& total) {
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
    for (const Row& r : rows) {
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
  for (const Row& r : rows) table.push_back(Cells(r, timed, false));
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

// The top-level names of a loaded spec whose values are records of type `type`.
std::vector<std::string> GlobalsOfType(Session& s, const char* type) {
  std::vector<std::string> out;
  for (const std::string& g : s.comp->GlobalNames())
    if (std::optional<check::Exported> v = s.comp->ExportGlobal(g);
        v && v->kind == check::Exported::Kind::Record && v->str == type)
      out.push_back(g);
  return out;
}
std::vector<std::string> Networks(Session& s) { return GlobalsOfType(s, "Network"); }
std::vector<std::string> Devices(Session& s) { return GlobalsOfType(s, "Device"); }

// The models `--model` finds without a file: the names stdlib/models/all.rl binds.
std::vector<std::string> StdlibModels() {
  Session all;
  std::vector<std::string> out;
  if (all.Load(g_stdlib_dir + "/models/all.rl") != kOk) return out;
  for (const std::string& g : all.comp->GlobalNames())
    if (g[0] != '_') out.push_back(g);
  return out;
}

// --device: layer times from stdlib.kernel_time, evaluated by a small generated module
// that imports the network's module and the device's (the spec's own, else
// stdlib.hardware). Batch and element size are constants, so every model prediction
// folds in the checker.
Exit TimeLayers(const std::string& spec_import, bool spec_has_device, const std::string& net,
                const std::string& device, std::vector<Row>& rows, Row& total, std::string& device_name) {
  const std::string dev_text = fmt::format("import stdlib.hardware as __hw\nimport {} as __src\nlet __dev = {}.{}\n",
                                           spec_import, spec_has_device ? "__src" : "__hw", device);
  {
    // The device alone first, so a name that is not a Device is a plain usage error.
    Session s;
    if (Exit e = s.LoadText(dev_text, "<stats --device>"); e != kOk) return e;
    std::optional<check::Exported> dev = s.comp->ExportGlobal("__dev");
    if (s.diags.ErrorCount() > 0) return kSpecError;
    if (!dev || dev->kind != check::Exported::Kind::Record || dev->str != "Device") {
      llvm::errs() << fmt::format("ringline: error: `{}` is not a `Device` (see stdlib/hardware.rl)\n", device);
      return kUsageError;
    }
    device_name = dev->Field("name") ? dev->Field("name")->str : device;
  }
  std::string text = fmt::format(
      "import stdlib.kernel_time as __kt\n{}"
      "let __times = [__kt.layer_time(l, __dev, {}, {} B) for l in __src.{}.layers]\n"
      "let __total = __kt.network_time(__src.{}, __dev, {}, {} B)\n",
      dev_text, unsigned(StatsBatch), unsigned(StatsElementBytes), net, net,
      unsigned(StatsBatch), unsigned(StatsElementBytes));
  Session s;
  Exit e = s.LoadText(text, "<stats --device>");
  if (e != kOk) return e;
  std::optional<check::Exported> times = s.comp->ExportGlobal("__times");
  std::optional<check::Exported> sum = s.comp->ExportGlobal("__total");
  if (s.diags.ErrorCount() > 0) return kSpecError;
  if (!times || times->items.size() != rows.size() || !sum) return kSpecError;
  for (size_t i = 0; i < rows.size(); ++i) {
    const check::Exported& t = times->items[i];
    rows[i].fwd_time = Num(t, "fwd");
    rows[i].bwd_time = Num(t, "bwd");
    rows[i].model = t.Field("source") ? t.Field("source")->str : "?";
  }
  total.fwd_time = Num(*sum, "fwd");
  total.bwd_time = Num(*sum, "bwd");
  total.model = sum->Field("source") ? sum->Field("source")->str : "?";
  return kOk;
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
    std::vector<std::string> nets = StatsFiles.empty() ? StdlibModels() : Networks(s);
    llvm::errs() << fmt::format("ringline: error: no network `{}` in {}{}\n", name,
                                StatsFiles.empty() ? std::string("stdlib/models") : StatsFiles[0],
                                DidYouMean(name, nets));
    llvm::errs() << fmt::format("ringline: note: {}: {}\n",
                                StatsFiles.empty() ? "the standard library's models" : "the file's networks",
                                nets.empty() ? std::string("none") : fmt::format("{}", fmt::join(nets, ", ")));
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
  std::string device_name;
  if (!StatsDevice.empty()) {
    const bool has_device = !StatsFiles.empty() && [&] {
      for (const std::string& g : s.comp->GlobalNames())
        if (g == StatsDevice) return true;
      return false;
    }();
    if (!has_device) {
      Session hw;
      if (hw.Load(g_stdlib_dir + "/hardware.rl") != kOk) return kUsageError;
      std::vector<std::string> names = hw.comp->GlobalNames();
      if (std::find(names.begin(), names.end(), std::string(StatsDevice)) == names.end()) {
        std::vector<std::string> devices = StatsFiles.empty() ? std::vector<std::string>{} : Devices(s);
        for (std::string& d : Devices(hw)) devices.push_back(std::move(d));
        llvm::errs() << fmt::format("ringline: error: no device `{}` in {} or stdlib.hardware{}\n",
                                    std::string(StatsDevice),
                                    StatsFiles.empty() ? std::string("stdlib/models") : StatsFiles[0],
                                    DidYouMean(StatsDevice, devices));
        llvm::errs() << fmt::format("ringline: note: the devices: {}\n", fmt::join(devices, ", "));
        return kUsageError;
      }
    }
    std::string spec_import = "stdlib.models.all";
    if (!StatsFiles.empty()) {
      llvm::SmallString<256> abs(StatsFiles[0]);
      llvm::sys::fs::make_absolute(abs);
      spec_import = fmt::format("\"{}\"", abs.str());
      AllowSpecFolder(StatsFiles[0]);
    }
    if (Exit t = TimeLayers(spec_import, has_device, name, StatsDevice, rows, total, device_name); t != kOk) return t;
  }
  const check::Exported* model_name = net->Field("name");
  Print(model_name ? model_name->str : name, device_name, rows, total);
  return kOk;
}

}  // namespace rl::driver

// Collecting a network's per-layer stats (see network_stats.h). The network is a
// `Network` record computed statically by the checker; with a device, a small generated
// module imports the network's module and the device's and evaluates stdlib.kernel_time
// and stdlib.roofline on each layer, so every number is the library's own.
#include "compiler/driver/network_stats.h"

#include <fmt/format.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>

#include <algorithm>

#include "compiler/base/suggest.h"
#include "compiler/driver/host_cpu.h"
#include "compiler/units/units.h"

namespace rl::driver {

extern std::string g_stdlib_dir;  // main.cpp

namespace {

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

// Layer times from stdlib.kernel_time and forward traffic from stdlib.roofline,
// evaluated by a small generated module that imports the network's module and the
// device's (the spec's own, else stdlib.hardware). Batch and element size are constants,
// so every model prediction folds in the checker.
Exit TimeLayers(const std::string& spec_import, bool spec_has_device, const std::string& net, const NetworkQuery& q,
                NetworkStats& out) {
  const std::string dev_text = fmt::format("import stdlib.hardware as __hw\nimport {} as __src\nlet __dev = {}.{}\n",
                                           spec_import, spec_has_device ? "__src" : "__hw", q.device);
  {
    // The device alone first, so a name that is not a Device is a plain usage error.
    Session s;
    if (Exit e = s.LoadText(dev_text, "<stats --device>"); e != kOk) return e;
    std::optional<check::Exported> dev = s.comp->ExportGlobal("__dev");
    if (s.diags.ErrorCount() > 0) return kSpecError;
    if (!dev || dev->kind != check::Exported::Kind::Record || dev->str != "Device") {
      llvm::errs() << fmt::format("ringline: error: `{}` is not a `Device` (see stdlib/hardware.rl)\n", q.device);
      return kUsageError;
    }
    out.device = dev->Field("name") ? dev->Field("name")->str : q.device;
    out.peak = Num(*dev, "peak");
    out.membw = Num(*dev, "membw");
    // A CPU bundle describes the CPU it was profiled on; say so when this is another one.
    if (const check::Exported* k = dev->Field("kernels"); k && k->kind == check::Exported::Kind::Record)
      if (std::optional<CpuIdentity> host = HostCpu())
        if (std::string why = CpuMismatch(*k, *host); !why.empty())
          llvm::errs() << fmt::format(
              "ringline: warning: the kernel bundle of `{}` (`{}`) may not describe this CPU: {}; its times may not "
              "hold here (profile this machine: tools/profile_kernels.py, docs/kernel-models.md)\n",
              q.device, k->Field("path") ? k->Field("path")->str : "", why);
  }
  const unsigned batch = q.batch, elem = q.element_bytes;
  std::string text = fmt::format(
      "import stdlib.kernel_time as __kt\nimport stdlib.roofline as __rf\n{}"
      "let __times = [__kt.layer_time(l, __dev, {}, {} B) for l in __src.{}.layers]\n"
      "let __total = __kt.network_time(__src.{}, __dev, {}, {} B)\n"
      "let __traffic = [__rf.layer_roofline(l, __dev, {}, {} B).traffic for l in __src.{}.layers]\n",
      dev_text, batch, elem, net, net, batch, elem, batch, elem, net);
  Session s;
  Exit e = s.LoadText(text, "<stats --device>");
  if (e != kOk) return e;
  std::optional<check::Exported> times = s.comp->ExportGlobal("__times");
  std::optional<check::Exported> sum = s.comp->ExportGlobal("__total");
  std::optional<check::Exported> traffic = s.comp->ExportGlobal("__traffic");
  if (s.diags.ErrorCount() > 0) return kSpecError;
  std::vector<LayerRow>& rows = out.rows;
  if (!times || times->items.size() != rows.size() || !sum || !traffic || traffic->items.size() != rows.size())
    return kSpecError;
  for (size_t i = 0; i < rows.size(); ++i) {
    const check::Exported& t = times->items[i];
    rows[i].fwd_time = Num(t, "fwd");
    rows[i].bwd_time = Num(t, "bwd");
    rows[i].model = t.Field("source") ? t.Field("source")->str : "?";
    rows[i].traffic = traffic->items[i].number;
    out.total.traffic += rows[i].traffic;
  }
  out.total.fwd_time = Num(*sum, "fwd");
  out.total.bwd_time = Num(*sum, "bwd");
  out.total.model = sum->Field("source") ? sum->Field("source")->str : "?";
  return kOk;
}

}  // namespace

Exit CollectNetworkStats(const NetworkQuery& q, NetworkStats& out) {
  Session s;
  std::string name = q.model;
  Exit e;
  if (q.file.empty()) {
    if (name.empty()) {
      llvm::errs() << "ringline: error: name a spec file or a stdlib model with --model\n";
      return kUsageError;
    }
    // stdlib/models/all.rl binds every model name of the standard library.
    e = s.LoadText("import stdlib.models.all\n", "<stdlib models>");
  } else {
    e = s.Load(q.file);
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
    std::vector<std::string> nets = q.file.empty() ? StdlibModels() : Networks(s);
    llvm::errs() << fmt::format("ringline: error: no network `{}` in {}{}\n", name,
                                q.file.empty() ? std::string("stdlib/models") : q.file, DidYouMean(name, nets));
    llvm::errs() << fmt::format("ringline: note: {}: {}\n",
                                q.file.empty() ? "the standard library's models" : "the file's networks",
                                nets.empty() ? std::string("none") : fmt::format("{}", fmt::join(nets, ", ")));
    return kUsageError;
  }
  if (!IsNetwork(*net)) {
    llvm::errs() << fmt::format("ringline: error: `{}` is not a `Network` (see stdlib/layers.rl)\n", name);
    return kUsageError;
  }
  const double batch = q.batch;
  LayerRow& total = out.total;
  const check::Exported& layers = *net->Field("layers");
  for (size_t i = 0; i < layers.items.size(); ++i) {
    const check::Exported& l = layers.items[i];
    LayerRow r{std::to_string(i + 1), l.Field("kind") ? l.Field("kind")->str : "?", Shape(l.Field("out")),
               Num(l, "params"), batch * Num(l, "macs"), batch * Num(l, "fwd"),
               batch * (Num(l, "bwd_data") + Num(l, "bwd_weight")), batch * Num(l, "act") * q.element_bytes};
    total.params += r.params;
    total.macs += r.macs;
    total.fwd += r.fwd;
    total.bwd += r.bwd;
    total.act_bytes += r.act_bytes;
    out.rows.push_back(r);
  }
  if (!q.device.empty()) {
    const bool has_device = !q.file.empty() && [&] {
      for (const std::string& g : s.comp->GlobalNames())
        if (g == q.device) return true;
      return false;
    }();
    if (!has_device) {
      Session hw;
      if (hw.Load(g_stdlib_dir + "/hardware.rl") != kOk) return kUsageError;
      std::vector<std::string> names = hw.comp->GlobalNames();
      if (std::find(names.begin(), names.end(), q.device) == names.end()) {
        std::vector<std::string> devices = q.file.empty() ? std::vector<std::string>{} : Devices(s);
        for (std::string& d : Devices(hw)) devices.push_back(std::move(d));
        llvm::errs() << fmt::format("ringline: error: no device `{}` in {} or stdlib.hardware{}\n", q.device,
                                    q.file.empty() ? std::string("stdlib/models") : q.file,
                                    DidYouMean(q.device, devices));
        llvm::errs() << fmt::format("ringline: note: the devices: {}\n", fmt::join(devices, ", "));
        return kUsageError;
      }
    }
    std::string spec_import = "stdlib.models.all";
    if (!q.file.empty()) {
      llvm::SmallString<256> abs(q.file);
      llvm::sys::fs::make_absolute(abs);
      spec_import = fmt::format("\"{}\"", abs.str());
      AllowSpecFolder(q.file);
    }
    if (Exit t = TimeLayers(spec_import, has_device, name, q, out); t != kOk) return t;
  }
  const check::Exported* model_name = net->Field("name");
  out.model = model_name ? model_name->str : name;
  return kOk;
}

}  // namespace rl::driver

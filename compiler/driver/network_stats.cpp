// Collecting a network's per-layer stats (see network_stats.h). The network is a
// `Network` record computed statically by the checker; with a device, stdlib.kernel_time
// and stdlib.roofline are called on each layer (check::Compilation::Call), so every number
// is the library's own.
#include "compiler/driver/network_stats.h"

#include <fmt/format.h>

#include <algorithm>

#include "base/suggest.h"
#include "compiler/driver/host_cpu.h"
#include "base/units/units.h"

namespace rl::driver {

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

// Layer times from stdlib.kernel_time and forward traffic from stdlib.roofline, called on
// each layer through the checker's call API. Batch and element size are constants, so
// every model prediction folds in the checker.
Exit TimeLayers(Session& s, const check::Exported& net, const NetworkQuery& q, NetworkStats& out) {
  std::optional<check::Exported> dev = s.comp->ExportGlobal(q.device);
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
  const check::Exported batch = check::Exported::Int(q.batch);
  const check::Exported elem = check::Exported::Number(q.element_bytes, "B");
  std::vector<LayerRow>& rows = out.rows;
  const check::Exported& layers = *net.Field("layers");
  for (size_t i = 0; i < rows.size(); ++i) {
    std::optional<check::Exported> t = s.comp->Call("stdlib.kernel_time.layer_time", {layers.items[i], *dev, batch, elem});
    std::optional<check::Exported> r =
        t ? s.comp->Call("stdlib.roofline.layer_roofline", {layers.items[i], *dev, batch, elem}) : std::nullopt;
    if (!r) return kSpecError;
    rows[i].fwd_time = Num(*t, "fwd");
    rows[i].bwd_time = Num(*t, "bwd");
    rows[i].model = t->Field("source") ? t->Field("source")->str : "?";
    rows[i].traffic = Num(*r, "traffic");
    out.total.traffic += rows[i].traffic;
  }
  std::optional<check::Exported> sum = s.comp->Call("stdlib.kernel_time.network_time", {net, *dev, batch, elem});
  if (!sum) return kSpecError;
  out.total.fwd_time = Num(*sum, "fwd");
  out.total.bwd_time = Num(*sum, "bwd");
  out.total.model = sum->Field("source") ? sum->Field("source")->str : "?";
  return kOk;
}

}  // namespace

Exit CollectNetworkStats(const NetworkQuery& q, NetworkStats& out) {
  Session s;
  check::Compilation::ModuleContents models;  // without a file: the names stdlib/models/all.rl binds
  std::string name = q.model;
  Exit e;
  if (q.file.empty()) {
    if (name.empty()) {
      llvm::errs() << "ringline: error: name a spec file or a stdlib model with --model\n";
      return kUsageError;
    }
    // stdlib/models/all.rl binds every model name of the standard library.
    e = s.comp->Import("stdlib.models.all", &models) ? kOk : kSpecError;
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
    std::vector<std::string> nets = q.file.empty() ? models.lets : Networks(s);
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
    // The spec's own device, else stdlib.hardware's.
    std::vector<std::string> spec_lets = q.file.empty() ? std::vector<std::string>{} : s.comp->GlobalNames();
    check::Compilation::ModuleContents hardware;
    for (const char* m : {"stdlib.hardware", "stdlib.kernel_time", "stdlib.roofline"})
      if (!s.comp->Import(m, std::string(m) == "stdlib.hardware" ? &hardware : nullptr)) return kSpecError;
    const std::vector<std::string>& hw = hardware.lets;
    if (std::find(spec_lets.begin(), spec_lets.end(), q.device) == spec_lets.end() &&
        std::find(hw.begin(), hw.end(), q.device) == hw.end()) {
      std::vector<std::string> devices = q.file.empty() ? std::vector<std::string>{} : Devices(s);
      for (const std::string& d : hw)
        if (std::optional<check::Exported> v = s.comp->ExportGlobal(d);
            v && v->kind == check::Exported::Kind::Record && v->str == "Device" &&
            std::find(devices.begin(), devices.end(), d) == devices.end())
          devices.push_back(d);
      llvm::errs() << fmt::format("ringline: error: no device `{}` in {} or stdlib.hardware{}\n", q.device,
                                  q.file.empty() ? std::string("stdlib/models") : q.file,
                                  DidYouMean(q.device, devices));
      llvm::errs() << fmt::format("ringline: note: the devices: {}\n", fmt::join(devices, ", "));
      return kUsageError;
    }
    if (Exit t = TimeLayers(s, *net, q, out); t != kOk) return t;
  }
  const check::Exported* model_name = net->Field("name");
  out.model = model_name ? model_name->str : name;
  return kOk;
}

}  // namespace rl::driver

// Collecting a network's per-layer stats (see network_stats.h). The network is a
// `Network` record computed statically by the checker; with a device, stdlib.kernel_time
// and stdlib.roofline are called on each layer (ringline::Spec::Call), so every number is
// the library's own.
#include "compiler/stats/network_stats.h"

#include <fmt/format.h>

#include <algorithm>

#include "base/suggest.h"
#include "base/units/units.h"
#include "compiler/stats/host_cpu.h"

namespace rl::stats {
namespace {

using ringline::Value;

std::string Shape(const Value* e) {
  std::string s = "[";
  if (e)
    for (size_t i = 0; i < e->items.size(); ++i) s += (i ? ", " : "") + units::FormatNumber(e->items[i].number);
  return s + "]";
}

double Num(const Value& r, const char* field) {
  const Value* f = r.Field(field);
  return f && f->kind == Value::Kind::Number ? f->number : 0;
}

bool IsRecord(const Value& v, const char* type) { return v.kind == Value::Kind::Record && v.str == type; }
bool IsNetwork(const Value& e) {
  return IsRecord(e, "Network") && e.Field("layers") && e.Field("layers")->kind == Value::Kind::List;
}

// A usage mistake: an error line, and a note naming the choices when there are any.
[[noreturn]] void Usage(const std::string& message, const std::string& note = "") {
  std::vector<ringline::Diagnostic> ds = {ringline::Diagnostic::Plain("bad_option", message)};
  if (!note.empty()) ds.push_back(ringline::Diagnostic::Plain("bad_option", note, "note"));
  throw ringline::SpecError(std::move(ds));
}

// The spec's own top-level names whose values are records of type `type`.
std::vector<std::string> OfType(ringline::Spec& spec, const std::vector<std::string>& names, const char* type) {
  std::vector<std::string> out;
  for (const std::string& g : names)
    if (IsRecord(spec.Get(g), type)) out.push_back(g);
  return out;
}

// Layer times from stdlib.kernel_time and forward traffic from stdlib.roofline. Batch and
// element size are constants, so every model prediction folds in the checker.
void TimeLayers(ringline::Spec& spec, const Value& net, const Value& dev, const NetworkQuery& q, NetworkStats& out) {
  out.device = dev.Field("name") ? dev.Field("name")->str : q.device;
  out.peak = Num(dev, "peak");
  out.membw = Num(dev, "membw");
  // A CPU bundle describes the CPU it was profiled on; say so when this is another one.
  if (const Value* k = dev.Field("kernels"); k && k->kind == Value::Kind::Record)
    if (std::optional<CpuIdentity> host = HostCpu())
      if (std::string why = CpuMismatch(*k, *host); !why.empty())
        out.warnings.push_back(fmt::format(
            "the kernel bundle of `{}` (`{}`) may not describe this CPU: {}; its times may not hold here (profile "
            "this machine: python3 -m tools.profiling.profile_kernels, docs/kernel-models.md)",
            q.device, k->Field("path") ? k->Field("path")->str : "", why));
  const Value batch = Value::Int(q.batch);
  const Value elem = Value::Number(q.element_bytes, "B");
  const Value& layers = *net.Field("layers");
  for (size_t i = 0; i < out.rows.size(); ++i) {
    Value t = spec.Call("stdlib.kernel_time.layer_time", {layers.items[i], dev, batch, elem});
    Value r = spec.Call("stdlib.roofline.layer_roofline", {layers.items[i], dev, batch, elem});
    out.rows[i].fwd_time = Num(t, "fwd");
    out.rows[i].bwd_time = Num(t, "bwd");
    out.rows[i].model = t.Field("source") ? t.Field("source")->str : "?";
    out.rows[i].traffic = Num(r, "traffic");
    out.total.traffic += out.rows[i].traffic;
  }
  Value sum = spec.Call("stdlib.kernel_time.network_time", {net, dev, batch, elem});
  out.total.fwd_time = Num(sum, "fwd");
  out.total.bwd_time = Num(sum, "bwd");
  out.total.model = sum.Field("source") ? sum.Field("source")->str : "?";
}

}  // namespace

Value LookUp(ringline::Spec& spec, const std::string& name, const NamedChoice& c) {
  Value v;
  try {
    v = spec.Get(name);
  } catch (const ringline::SpecError& e) {
    if (e.diagnostics().empty() || e.diagnostics()[0].kind != "unknown_name") throw;
    std::vector<std::string> of = c.as_given ? c.names : OfType(spec, c.names, c.type);
    Usage(fmt::format("no {} `{}` in {}{}", c.what, name, c.where, DidYouMean(name, of)),
          fmt::format("{}: {}", c.listed, of.empty() ? std::string("none") : fmt::format("{}", fmt::join(of, ", "))));
  }
  if (!IsRecord(v, c.type)) Usage(fmt::format("`{}` is not a `{}` (see {})", name, c.type, c.defined));
  return v;
}

NetworkStats Collect(const NetworkQuery& q, const ringline::Options& options) {
  NetworkStats out;
  std::string name = q.model;
  std::unique_ptr<ringline::Spec> spec;
  std::vector<std::string> models;  // without a file: the names stdlib/models/all.rl binds
  std::vector<std::string> own;     // with a file: its top-level values
  if (q.batch == 0) Usage("--batch takes a count of 1 or more; got 0");
  if (q.element_bytes == 0) Usage("--element-bytes takes a count of 1 or more; got 0");
  if (q.file.empty()) {
    if (name.empty()) Usage("name a spec file or a stdlib model with --model");
    spec = ringline::Spec::Library(options);
    models = spec->Import("stdlib.models.all");
  } else {
    spec = ringline::Spec::Compile(q.file, options);
    own = spec->Names();
  }
  if (name.empty()) {
    std::vector<std::string> nets;
    for (const std::string& g : own)
      if (IsNetwork(spec->Get(g))) nets.push_back(g);
    if (nets.size() != 1)
      Usage(fmt::format("{}; pick one with --model",
                        nets.empty() ? std::string("this file defines no `Network`")
                                     : fmt::format("this file defines {} networks ({})", nets.size(),
                                                   fmt::join(nets, ", "))));
    name = nets[0];
  }
  const std::string where = q.file.empty() ? std::string("stdlib/models") : q.file;
  Value net = LookUp(*spec, name,
                     {"Network", "network", q.file.empty() ? models : own, where,
                      q.file.empty() ? "the standard library's models" : "the file's networks", "stdlib/layers.rl",
                      q.file.empty()});
  if (!IsNetwork(net)) Usage(fmt::format("`{}` is not a `Network` (see stdlib/layers.rl)", name));
  const double batch = q.batch;
  LayerRow& total = out.total;
  const Value& layers = *net.Field("layers");
  for (size_t i = 0; i < layers.items.size(); ++i) {
    const Value& l = layers.items[i];
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
    std::vector<std::string> hw = spec->Import("stdlib.hardware");
    spec->Import("stdlib.kernel_time");
    spec->Import("stdlib.roofline");
    std::vector<std::string> choices = own;
    choices.insert(choices.end(), hw.begin(), hw.end());
    Value dev = LookUp(*spec, q.device, {"Device", "device", choices, where + " or stdlib.hardware", "the devices",
                                         "stdlib/hardware.rl"});
    TimeLayers(*spec, net, dev, q, out);
  }
  const Value* model_name = net.Field("name");
  out.model = model_name ? model_name->str : name;
  return out;
}

}  // namespace rl::stats

// `ringline calibrate --trace` (calibrate_trace.h). The trace's ops are matched to the
// network's layers by class and order, forward in layer order and backward in reverse, and
// by shape where the trace recorded shapes. The memory-bound layers' ops give the
// bandwidth and launch time (calibrate::FitOverheads, on the bytes stdlib.layers' kernels
// move); what each step spends outside the layers' and the optimizer's ops is the
// framework's `iteration`. stdlib.training's `train_step` and `step_layer`, called through
// the library API with the fitted records, predict the traced step, so the table compares
// the trace with exactly what a spec using the written constants will compute.
#include "compiler/driver/calibrate_trace.h"

#include <fmt/format.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <array>
#include <map>
#include <set>

#include "compiler/calibrate/overheads.h"
#include "compiler/calibrate/trace.h"
#include "compiler/driver/evaluate.h"
#include "compiler/driver/messages.h"
#include "compiler/stats/network_stats.h"
#include "runtime/files.h"

namespace rl::driver {
namespace {

using calibrate::Trace;
using calibrate::TraceOp;
using ringline::Value;

double Num(const Value& r, const char* field) {
  const Value* f = r.Field(field);
  return f && f->kind == Value::Kind::Number ? f->number : 0;
}
std::string Str(const Value& r, const char* field) {
  const Value* f = r.Field(field);
  return f && f->kind == Value::Kind::String ? f->str : "";
}

// `v` with the given fields replaced: a record built by hand from the checker's, which the
// call API checks against its type again.
Value With(Value v, const std::vector<std::pair<std::string, Value>>& fields) {
  v.handle = nullptr;
  for (const auto& [name, value] : fields)
    for (size_t i = 0; i < v.field_names.size(); ++i)
      if (v.field_names[i] == name) v.items[i] = value;
  return v;
}

// The op class (trace.h) a layer kind runs as; "" for a layer that runs no op (flatten),
// "?" for one the matching does not know.
std::string LayerClass(const std::string& kind) {
  static const std::map<std::string, std::string> m = {
      {"conv1d", "conv"}, {"conv2d", "conv"}, {"conv3d", "conv"}, {"dense", "linear"},
      {"batchnorm", "batchnorm"}, {"layernorm", "layernorm"}, {"relu", "relu"}, {"tanh", "tanh"},
      {"sigmoid", "sigmoid"}, {"gelu", "gelu"}, {"add", "add"}, {"maxpool", "maxpool"}, {"avgpool", "avgpool"},
      {"global_avgpool", "gap"}, {"adaptive_avgpool", "gap"}, {"dropout", "dropout"}, {"concat", "concat"},
      {"flatten", ""}};
  auto it = m.find(kind);
  return it == m.end() ? "?" : it->second;
}

bool IsMatmul(const std::string& kind) {
  return llvm::StringRef(kind).starts_with("conv") || llvm::StringRef(kind).starts_with("gemm");
}

double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
double Quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return v[size_t(std::lround(q * double(v.size() - 1)))];
}

// A layer of the network as the matching sees it.
struct LayerInfo {
  std::string kind, cls;
  Value value;
  std::vector<Value> fwd, bwd;  // the kernels each pass runs (stdlib.training's `_runs`)
  std::vector<double> fwd_ops, bwd_ops;  // the op's time per step (the matched trace ops)
  std::vector<std::vector<int64_t>> dims;  // the first step's forward op's shapes
};

// Above this MAPE the fitted constants are reported as describing the ops poorly.
constexpr double kPoorFit = 0.25;

// What an op costs a step: its host time on the CPU; on a GPU the longer of the host's
// time to issue it and its kernels' time, as stdlib.training's max(launch, kernel).
double Cost(const TraceOp& op, bool gpu) { return gpu ? std::max(op.host, op.device) : op.host; }

// Whether two paths name one file: the same text once made absolute and normal, or one
// existing file under two names.
bool SameFile(const std::string& a, const std::string& b) {
  llvm::SmallString<256> x(a), y(b);
  llvm::sys::fs::make_absolute(x);
  llvm::sys::fs::make_absolute(y);
  llvm::sys::path::remove_dots(x, true);
  llvm::sys::path::remove_dots(y, true);
  return x == y || llvm::sys::fs::equivalent(x, y);
}

class Calibration {
 public:
  explicit Calibration(const TraceCalibration& c) : c_(c) {}

  int Run() {
    // Two outputs in one file: the second would overwrite the first, and both be reported written.
    if (!c_.profile.empty() && !c_.output.empty() && SameFile(c_.profile, c_.output))
      return Fail(Kind::bad_usage, fmt::format("-o and --profile name the same file, `{}`; give each its own", c_.output));
    auto buf = ReadRegularFile(c_.trace, size_t(1) << 31, /*text=*/true);
    if (!buf) return Fail(Kind::file_error, fmt::format("cannot read `{}`: {}", c_.trace, llvm::toString(buf.takeError())));
    llvm::Expected<Trace> t = calibrate::ParseTrace((*buf)->getBuffer(), c_.trace);
    if (!t) return Fail(Kind::bad_data, t.takeError());
    trace_ = std::move(*t);
    try {
      return Calibrate();
    } catch (const ringline::SpecError& e) {
      return PrintSpecError(e);
    }
  }

 private:
  int Calibrate() {
    ringline::Options opts = LibraryOptions();
    std::vector<std::string> own;
    if (c_.spec.empty()) {
      spec_ = ringline::Spec::Library(opts);
    } else {
      AllowSpecFolder(c_.spec);
      spec_ = ringline::Spec::Compile(c_.spec, opts);
      own = spec_->Names();
    }
    std::vector<std::string> models = spec_->Import("stdlib.models.all");
    std::vector<std::string> hw = spec_->Import("stdlib.hardware");
    std::vector<std::string> training = spec_->Import("stdlib.training");
    const std::string where = c_.spec.empty() ? std::string("the standard library") : c_.spec + " or the standard library";
    auto among = [&](std::vector<std::string> a, const std::vector<std::string>& b) {
      a.insert(a.end(), b.begin(), b.end());
      return a;
    };
    net_ = stats::LookUp(*spec_, c_.model,
                         {"Network", "network", among(own, models), where, "the networks", "stdlib/layers.rl"});
    dev_ = stats::LookUp(*spec_, c_.device, {"Device", "device", among(own, hw), where, "the devices", "stdlib/hardware.rl"});
    fw_ = stats::LookUp(*spec_, c_.framework,
                        {"Framework", "framework", among(own, training), where, "the frameworks", "stdlib/training.rl"});
    prec_ = stats::LookUp(*spec_, c_.precision,
                          {"Precision", "precision", among(own, training), where, "the precisions", "stdlib/training.rl"});
    elem_ = Num(prec_, "elem");
    if (int status = Layers(); status != kOk) return status;
    if (int status = Match(); status != kOk) return status;
    if (int status = Fit(); status != kOk) return status;
    Report();
    if (!c_.profile.empty())
      if (int status = WriteProfile(); status != kOk) return status;
    if (!c_.output.empty()) return WriteSpec();
    return kOk;
  }

  int Layers() {
    const Value* ls = net_.Field("layers");
    for (const Value& l : ls ? ls->items : std::vector<Value>{}) {
      LayerInfo info;
      info.kind = Str(l, "kind");
      info.cls = LayerClass(info.kind);
      info.value = l;
      if (info.cls == "?")
        return Fail(Kind::bad_data,
                    fmt::format("layer {} of `{}` is a `{}`, which the trace's ops cannot be matched to (the kinds "
                                "matched: convolutions, dense, normalisations, activations, adds, pooling, dropout, "
                                "concat, flatten)",
                                layers_.size() + 1, c_.model, info.kind));
      if (const Value* ks = l.Field("kernels"))
        for (const Value& k : ks->items) {
          const std::string pass = Str(k, "pass");
          if (pass == "fwd") info.fwd.push_back(k);
          else if (pass == "bwd_weight" || (pass == "bwd_data" && Num(l, "bwd_data") > 0)) info.bwd.push_back(k);
        }
      layers_.push_back(std::move(info));
    }
    return kOk;
  }

  // The batch: given, else the first convolution's or linear op's input in the trace.
  int Batch() {
    batch_ = c_.batch;
    if (batch_) return kOk;
    for (const TraceOp& op : trace_.steps[0].forward)
      if ((op.cls == "conv" || op.cls == "linear") && !op.dims.empty() && !op.dims[0].empty()) {
        batch_ = unsigned(op.dims[0][0]);
        return kOk;
      }
    return Fail(Kind::bad_usage, fmt::format("{} records no input shapes (record_shapes=True records them): give the "
                                             "samples per step with --batch",
                                             c_.trace));
  }

  // Checks a forward op's shapes against its layer's first kernel, where both are known:
  // a convolution's input [n, cin, h, w] and weight [cout, cin / groups, kh, kw], a linear
  // op's weight [n, k].
  std::string ShapeMismatch(const LayerInfo& l, const TraceOp& op) const {
    if (op.dims.size() < 2 || l.fwd.empty()) return "";
    const Value* feats = l.fwd[0].Field("feats");
    if (!feats) return "";
    std::vector<int64_t> f;
    for (const Value& x : feats->items) f.push_back(int64_t(x.number));
    const std::vector<int64_t>&x = op.dims[0], &w = op.dims[1];
    if (l.cls == "conv" && Str(l.fwd[0], "kind") == "conv2d_fwd" && f.size() >= 11 && x.size() == 4 && w.size() == 4) {
      std::vector<int64_t> want_x = {batch_, f[0], f[1], f[2]}, want_w = {f[3], f[0] / std::max<int64_t>(1, f[10]), f[4], f[5]};
      if (x != want_x || w != want_w)
        return fmt::format("input [{}] and weight [{}], the layer [{}] and [{}]", fmt::join(x, ", "), fmt::join(w, ", "),
                           fmt::join(want_x, ", "), fmt::join(want_w, ", "));
    }
    if (l.cls == "linear" && f.size() >= 2 && w.size() == 2 && (w[0] != f[1] || w[1] != f[0]))
      return fmt::format("weight [{}], the layer [{}, {}]", fmt::join(w, ", "), f[1], f[0]);
    return "";
  }

  // Pairs each step's ops with the layers: per class, forward in layer order and backward
  // in reverse. A class of ops the network has no layer of is time outside the layers.
  int Match() {
    if (int status = Batch(); status != kOk) return status;
    std::map<std::string, std::vector<size_t>> of;  // class -> layers in order
    for (size_t i = 0; i < layers_.size(); ++i)
      if (!layers_[i].cls.empty()) of[layers_[i].cls].push_back(i);
    for (size_t s = 0; s < trace_.steps.size(); ++s) {
      calibrate::TraceStep& st = trace_.steps[s];
      double matched = 0;
      for (bool backward : {false, true}) {
        std::map<std::string, std::vector<const TraceOp*>> ops;
        for (const TraceOp& op : backward ? st.backward : st.forward)
          if (of.count(op.cls)) ops[op.cls].push_back(&op);
          else outside_[s] += Cost(op, trace_.gpu), unmatched_.insert(op.name);
        for (const auto& [cls, idx] : of) {
          const std::vector<const TraceOp*>& got = ops[cls];
          if (got.size() != idx.size())
            return Fail(Kind::bad_data,
                        fmt::format("{}: step {} runs {} {} op{} {}, `{}` has {} {} layer{}: is it a trace of this "
                                    "network?",
                                    c_.trace, s + 1, got.size(), cls, got.size() == 1 ? "" : "s",
                                    backward ? "backward" : "forward", c_.model, idx.size(), cls,
                                    idx.size() == 1 ? "" : "s"));
          for (size_t k = 0; k < idx.size(); ++k) {
            LayerInfo& l = layers_[backward ? idx[idx.size() - 1 - k] : idx[k]];
            const TraceOp& op = *got[k];
            if (!backward && trace_.shapes) {
              if (std::string why = ShapeMismatch(l, op); !why.empty())
                return Fail(Kind::bad_data, fmt::format("{}: step {}'s {} op {} ({}) has {}: is it a trace of `{}` at "
                                                        "batch {}?",
                                                        c_.trace, s + 1, cls, k + 1, op.name, why, c_.model, batch_));
              if (s == 0) l.dims = op.dims;
            }
            (backward ? l.bwd_ops : l.fwd_ops).push_back(Cost(op, trace_.gpu));
            matched += Cost(op, trace_.gpu);
          }
        }
      }
      for (const TraceOp& op : st.other) outside_[s] += Cost(op, trace_.gpu);
      update_.push_back(st.update + st.zero_grad);
      iteration_.push_back(std::max(0.0, st.wall - matched - st.update - st.zero_grad));
      wall_.push_back(st.wall);
      matched_ops_ = 0;
      for (const LayerInfo& l : layers_) matched_ops_ += (l.fwd_ops.empty() ? 0 : 1) + (l.bwd_ops.empty() ? 0 : 1);
    }
    return kOk;
  }

  // The bytes of a pass's kernels, as stdlib.training's memory_time counts them; a layer
  // without kernels moves its inputs and output once forward, twice backward.
  std::vector<double> Bytes(const LayerInfo& l, bool backward) const {
    std::vector<double> out;
    const std::vector<Value>& ks = backward ? l.bwd : l.fwd;
    for (const Value& k : ks) out.push_back((batch_ * Num(k, "elems") + Num(k, "fixed")) * elem_);
    if (ks.empty() && l.kind != "flatten") {
      const double moves = batch_ * (Num(l.value, "reads") - Num(l.value, "params") + Num(l.value, "writes")) * elem_;
      if (moves > 0) out.push_back(backward ? 2 * moves : moves);
    }
    return out;
  }
  bool MemoryBound(const LayerInfo& l, bool backward) const {
    if (l.cls == "conv" || l.cls == "linear") return false;
    for (const Value& k : backward ? l.bwd : l.fwd)
      if (IsMatmul(Str(k, "kind"))) return false;
    return true;
  }

  int Fit() {
    std::vector<calibrate::BoundOp> ops;
    for (size_t i = 0; i < layers_.size(); ++i)
      for (bool backward : {false, true}) {
        const LayerInfo& l = layers_[i];
        const std::vector<double>& t = backward ? l.bwd_ops : l.fwd_ops;
        if (t.empty() || !MemoryBound(l, backward)) continue;
        std::vector<double> bytes = Bytes(l, backward);
        if (bytes.empty()) continue;
        ops.push_back({fmt::format("layer {} ({}) {}", i + 1, l.kind, backward ? "backward" : "forward"), bytes,
                       Median(t)});
      }
    llvm::Expected<calibrate::OverheadFit> f = calibrate::FitOverheads(ops);
    if (!f) return Fail(Kind::fit_error, fmt::format("{}: {}", c_.trace, llvm::toString(f.takeError())));
    fit_ = *f;
    fitted_ops_ = ops.size();
    const double membw = Num(dev_, "membw");
    stream_ = fit_.bandwidth / membw;
    launch_ = fit_.binding ? fit_.launch : Num(fw_, "launch");
    // A fit no device can have: the trace's kernel times cannot be right (kernels not tied
    // to their ops, times out of scale), and a spec that says it is refused.
    if (!(stream_ > 0) || stream_ > 1.0)
      return Fail(Kind::fit_error,
                  fmt::format("{}: the memory-bound ops would move {:.4g} GB/s, {:.3g} times {}'s {:.4g} GB/s; a trace "
                              "whose kernels are timed and correlated with their ops cannot give that",
                              c_.trace, 1e-9 * fit_.bandwidth, stream_, c_.device, 1e-9 * membw));
    if (!(launch_ >= 0) || launch_ > 1.0)
      return Fail(Kind::fit_error, fmt::format("{}: a launch time of {:.4g} s per kernel is not a host's; the trace's "
                                               "times are out of scale",
                                               c_.trace, launch_));
    iteration_s_ = Median(iteration_);
    dev_fit_ = With(dev_, {{"stream", Value::Number(stream_)}});
    fw_fit_ = With(fw_, {{"launch", Value::Number(launch_, "s")}, {"iteration", Value::Number(iteration_s_, "s")}});
    return kOk;
  }

  Value Step(const Value& dev, const Value& fw) {
    return spec_->Call("stdlib.training.train_step", {net_, dev, fw, prec_, Value::Int(batch_)});
  }

  void Report() {
    llvm::raw_ostream& os = llvm::outs();
    os << fmt::format("{}: {} step{} on the {} ({}; {})\n", c_.trace, trace_.steps.size(),
                      trace_.steps.size() == 1 ? "" : "s", trace_.gpu ? "GPU" : "CPU",
                      trace_.marked ? "ProfilerStep marks" : "steps end at the optimizer's",
                      trace_.shapes ? "shapes checked" : "no shapes recorded: matched by class and order");
    os << fmt::format("{} at batch {}, {}, on {} with {}: {} ops a step matched to {} layers\n", c_.model, batch_,
                      c_.precision, c_.device, c_.framework, matched_ops_, layers_.size());
    // Per class: the trace's time against step_layer's with the fitted constants.
    std::vector<std::string> order;
    std::map<std::string, std::array<double, 5>> by;  // layers, measured fwd, predicted fwd, measured bwd, predicted bwd
    const Value batch = Value::Int(batch_);
    for (const LayerInfo& l : layers_) {
      if (l.cls.empty()) continue;
      Value p = spec_->Call("stdlib.training.step_layer", {l.value, dev_fit_, fw_fit_, prec_, batch});
      if (!by.count(l.cls)) order.push_back(l.cls);
      std::array<double, 5>& r = by[l.cls];
      r[0] += 1, r[1] += Median(l.fwd_ops), r[2] += Num(p, "fwd"), r[3] += Median(l.bwd_ops), r[4] += Num(p, "bwd");
    }
    os << fmt::format("\n{:<22} {:>6} {:>14} {:>10} {:>14} {:>10}\n", "ms per step", "layers", "measured fwd",
                      "predicted", "measured bwd", "predicted");
    std::array<double, 4> sum{};
    for (const std::string& cls : order) {
      const std::array<double, 5>& r = by[cls];
      os << fmt::format("{:<22} {:>6} {:>14.3f} {:>10.3f} {:>14.3f} {:>10.3f}\n", cls, r[0], 1e3 * r[1], 1e3 * r[2],
                        1e3 * r[3], 1e3 * r[4]);
      for (int i = 0; i < 4; ++i) sum[size_t(i)] += r[size_t(i) + 1];
    }
    os << fmt::format("{:<22} {:>6} {:>14.3f} {:>10.3f} {:>14.3f} {:>10.3f}\n", "layers", layers_.size(), 1e3 * sum[0],
                      1e3 * sum[1], 1e3 * sum[2], 1e3 * sum[3]);
    Value after = Step(dev_fit_, fw_fit_), before = Step(dev_, fw_);
    measured_ = Median(wall_);
    predicted_ = Num(after, "iter");
    os << fmt::format("{:<22} {:>6} {:>14.3f} {:>10.3f}\n", "optimizer", "", 1e3 * Median(update_),
                      1e3 * Num(after, "update"));
    os << fmt::format("{:<22} {:>6} {:>14.3f} {:>10.3f}\n", "outside (iteration)", "", 1e3 * iteration_s_,
                      1e3 * Num(after, "host"));
    os << fmt::format("{:<22} {:>6} {:>14.3f} {:>10.3f}  ({:+.1f}%; with {}'s and {}'s own constants {:.3f}, "
                      "{:+.1f}%)\n",
                      "step", "", 1e3 * measured_, 1e3 * predicted_, 100 * (predicted_ / measured_ - 1), c_.device,
                      c_.framework, 1e3 * Num(before, "iter"), 100 * (Num(before, "iter") / measured_ - 1));
    os << fmt::format("\nfitted on {} memory-bound ops (MAPE {:.1f}%, max {:.1f}%):\n", fitted_ops_, 100 * fit_.mape,
                      100 * fit_.max);
    os << fmt::format("  bandwidth {:.4g} GB/s: stream = {:.4g} of {}'s {:.4g} GB/s\n", 1e-9 * fit_.bandwidth, stream_,
                      c_.device, 1e-9 * Num(dev_, "membw"));
    if (fit_.binding)
      os << fmt::format("  launch = {:.4g} us (the time of {} of their kernels)\n", 1e6 * launch_, fit_.binding);
    else
      os << fmt::format("  launch: no kernel is shorter than its bytes at that bandwidth, so {}'s {:.4g} us is kept\n",
                        c_.framework, 1e6 * launch_);
    os << fmt::format("  iteration = {:.4g} ms (the median step's time outside the layers' and the optimizer's ops{})\n",
                      1e3 * iteration_s_, unmatched_.empty() ? "" : ": the loss, gradient accumulation and the host");
    // A GPU's memory-bound kernels follow max(launch, bytes / bandwidth) closely; a CPU's
    // often do not (pooling and some backward passes are bound by compute, small tensors
    // stay in the caches), and the two constants then describe them poorly.
    if (fit_.mape > kPoorFit)
      os << fmt::format("note: the memory-bound ops do not follow max(launch, bytes / bandwidth) (MAPE {:.0f}%): "
                        "the classes whose measured and predicted times differ most above are not bound by "
                        "memory on the {}\n",
                        100 * fit_.mape, trace_.gpu ? "GPU" : "CPU");
  }

  // The matched single-kernel passes as rows of a kernel profile (`ringline fit`'s input):
  // each pass's time per step, whose median, min and percentiles are the row's.
  int WriteProfile() {
    Output out(c_.profile, {c_.trace});
    if (!out.Open()) return kUsageError;
    std::ostream& os = out.stream();
    os << fmt::format("# name: {}\n# device: {}\n# source: {} (torch.profiler trace of {} at batch {})\n",
                      Str(dev_, "name"), trace_.gpu ? "gpu" : "cpu", c_.trace, c_.model, batch_);
    os << fmt::format("# peak_flops: {:g}\n# mem_bw: {:g}\n", Num(dev_, "peak_fp32"), Num(dev_, "membw"));
    os << "kind,features,median_s,min_s,p10_s,p90_s,reps\n";
    rows_ = 0;
    for (const LayerInfo& l : layers_)
      for (bool backward : {false, true}) {
        const std::vector<Value>& ks = backward ? l.bwd : l.fwd;
        const std::vector<double>& t = backward ? l.bwd_ops : l.fwd_ops;
        if (ks.size() != 1 || t.empty() || Str(ks[0], "kind").empty()) continue;
        std::vector<std::string> feats = {std::to_string(int64_t(batch_ * Num(ks[0], "rows")))};
        if (const Value* f = ks[0].Field("feats"))
          for (const Value& x : f->items) feats.push_back(std::to_string(int64_t(x.number)));
        feats.push_back(std::to_string(int(elem_)));
        os << fmt::format("{},{},{:.6g},{:.6g},{:.6g},{:.6g},{}\n", Str(ks[0], "kind"), fmt::join(feats, " "),
                          Median(t), *std::min_element(t.begin(), t.end()), Quantile(t, 0.1), Quantile(t, 0.9), t.size());
        ++rows_;
      }
    if (!out.Commit()) return kUsageError;
    llvm::outs() << fmt::format("wrote {} ({} kernel rows; `ringline fit --show BUNDLE.rlk --against {}` scores a "
                                "bundle on them, `ringline fit` fits one from several)\n",
                                c_.profile, rows_, c_.profile);
    return kOk;
  }

  int WriteSpec() {
    Output out(c_.output, {c_.trace});
    if (!out.Open()) return kUsageError;
    std::ostream& os = out.stream();
    std::string import, outside;
    if (!c_.spec.empty()) {
      // Relative to the written spec where it lies in that spec's folder tree, the only
      // tree an import may reach without --allow-path; else absolute, and a note says so.
      namespace fs = std::filesystem;
      std::error_code ec;
      const fs::path spec = fs::weakly_canonical(fs::absolute(c_.spec), ec);
      const fs::path dir = fs::weakly_canonical(fs::absolute(c_.output), ec).parent_path();
      const fs::path rel = spec.lexically_relative(dir);
      const bool inside = !rel.empty() && *rel.begin() != "..";
      import = fmt::format("import \"{}\"\n", (inside ? rel : spec).generic_string());
      if (!inside) outside = spec.parent_path().string();
    }
    os << fmt::format(
        "// Fitted by `{}`\n"
        "// from {} training step{} of a PyTorch profiler trace ({}, batch {}, {}): the bandwidth the\n"
        "// memory-bound ops reach (Device.stream) and the host's time per kernel (Framework.launch),\n"
        "// minimising the absolute log ratio over {} ops (MAPE {:.1f}%), and the median step's time\n"
        "// outside the layers' and the optimizer's ops (Framework.iteration). The trace's median\n"
        "// step took {:.4g} ms; train_step with these constants predicts {:.4g} ms ({:+.1f}%).\n"
        "import stdlib.hardware\nimport stdlib.training\nimport stdlib.models.all\n{}"
        "let traced_device = {} with {{ stream = {:.4g} }}\n"
        "let traced_framework = {} with {{ launch = {:.4g} us, iteration = {:.4g} ms }}\n\n"
        "// The traced step, and what the same constants predict at another batch (--set batch=N).\n"
        "scenario traced_step {{\n"
        "  param batch: Int = {}\n"
        "  let s = train_step({}, traced_device, traced_framework, {}, batch)\n"
        "  report iter = s.iter in ms\n"
        "  report throughput = s.throughput\n"
        "  report traced = {:.4g} ms\n"
        "}}\n",
        c_.command, trace_.steps.size(), trace_.steps.size() == 1 ? "" : "s", trace_.gpu ? "GPU" : "CPU", batch_,
        c_.precision, fitted_ops_, 100 * fit_.mape, 1e3 * measured_, 1e3 * predicted_,
        100 * (predicted_ / measured_ - 1), import, c_.device, stream_, c_.framework, 1e6 * launch_,
        1e3 * iteration_s_, batch_, c_.model, c_.precision, 1e3 * measured_);
    if (!out.Commit()) return kUsageError;
    llvm::outs() << fmt::format("wrote {}\n", c_.output);
    llvm::outs().flush();  // the note after the table, also where both go to one pipe
    if (!outside.empty())
      llvm::errs() << fmt::format("ringline: note: {} imports {}, outside its folder: evaluate it with --allow-path {}\n",
                                  c_.output, c_.spec, outside);
    return kOk;
  }

  const TraceCalibration& c_;
  Trace trace_;
  std::unique_ptr<ringline::Spec> spec_;
  Value net_, dev_, fw_, prec_, dev_fit_, fw_fit_;
  double elem_ = 4;
  int64_t batch_ = 0;
  std::vector<LayerInfo> layers_;
  std::map<size_t, double> outside_;
  std::set<std::string> unmatched_;
  std::vector<double> update_, iteration_, wall_;
  size_t matched_ops_ = 0, fitted_ops_ = 0, rows_ = 0;
  calibrate::OverheadFit fit_;
  double stream_ = 1, launch_ = 0, iteration_s_ = 0, measured_ = 0, predicted_ = 0;
};

}  // namespace

int CalibrateFromTrace(const TraceCalibration& c) { return Calibration(c).Run(); }

}  // namespace rl::driver

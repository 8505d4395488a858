// Reading a PyTorch profiler trace into training steps (trace.h). The trace is a list of
// Chrome trace "complete" events (ph "X", ts and dur in microseconds): host events (aten
// ops, autograd nodes, the optimizer's and the profiler's marks, CUDA runtime calls)
// nest by time on their thread; device kernels (cat "kernel", "gpu_memcpy", "gpu_memset")
// carry the `correlation` of the runtime call that launched them. Each step's ops are the
// outermost events that name a framework op; an op's device time is that of the kernels
// its runtime calls launched.
#include "compiler/calibrate/trace.h"
#include "base/json/json.h"

#include <fmt/format.h>
#include <llvm/ADT/StringMap.h>
#include <llvm/Support/JSON.h>

#include <algorithm>
#include <cmath>
#include <map>


namespace rl::calibrate {
namespace {

// Forward aten ops by the layer kind they run. Ops that move no data (views, shape
// changes) have class "", and are left out; so are the wrappers whose work is in their
// children (conv2d calls convolution: the outermost event of a known class is the op).
const llvm::StringMap<const char*>& ForwardTable() {
  static const llvm::StringMap<const char*> m = {
      {"conv1d", "conv"}, {"conv2d", "conv"}, {"conv3d", "conv"}, {"convolution", "conv"},
      {"_convolution", "conv"}, {"cudnn_convolution", "conv"}, {"mkldnn_convolution", "conv"},
      {"linear", "linear"}, {"addmm", "linear"}, {"mm", "linear"}, {"matmul", "linear"},
      {"batch_norm", "batchnorm"}, {"native_batch_norm", "batchnorm"}, {"cudnn_batch_norm", "batchnorm"},
      {"_batch_norm_impl_index", "batchnorm"}, {"layer_norm", "layernorm"}, {"native_layer_norm", "layernorm"},
      {"relu", "relu"}, {"relu_", "relu"}, {"threshold", "relu"}, {"threshold_", "relu"},
      {"tanh", "tanh"}, {"tanh_", "tanh"}, {"sigmoid", "sigmoid"}, {"sigmoid_", "sigmoid"}, {"gelu", "gelu"},
      {"add", "add"}, {"add_", "add"},
      {"max_pool2d", "maxpool"}, {"max_pool2d_with_indices", "maxpool"}, {"avg_pool2d", "avgpool"},
      {"adaptive_avg_pool2d", "gap"}, {"_adaptive_avg_pool2d", "gap"}, {"mean", "gap"},
      {"dropout", "dropout"}, {"native_dropout", "dropout"}, {"cat", "concat"},
      {"cross_entropy_loss", "loss"}, {"nll_loss", "loss"}, {"nll_loss_nd", "loss"}, {"log_softmax", "loss"},
      {"_log_softmax", "loss"}, {"mse_loss", "loss"},
      {"flatten", ""}, {"view", ""}, {"reshape", ""}, {"_reshape_alias", ""}, {"t", ""}, {"transpose", ""},
      {"expand", ""}, {"as_strided", ""}, {"squeeze", ""}, {"unsqueeze", ""}, {"permute", ""}, {"detach", ""},
      {"detach_", ""}, {"alias", ""}, {"slice", ""}, {"select", ""}, {"resolve_conj", ""}, {"resolve_neg", ""},
      {"empty", ""}, {"empty_like", ""}, {"empty_strided", ""}, {"result_type", ""}, {"size", ""}};
  return m;
}

// Backward autograd nodes (without their version digits) by the class of the forward op.
const llvm::StringMap<const char*>& BackwardTable() {
  static const llvm::StringMap<const char*> m = {
      {"ConvolutionBackward", "conv"}, {"CudnnConvolutionBackward", "conv"}, {"MkldnnConvolutionBackward", "conv"},
      {"ThnnConv2DBackward", "conv"}, {"AddmmBackward", "linear"}, {"MmBackward", "linear"},
      {"LinearBackward", "linear"}, {"NativeBatchNormBackward", "batchnorm"}, {"CudnnBatchNormBackward", "batchnorm"},
      {"NativeLayerNormBackward", "layernorm"}, {"ReluBackward", "relu"}, {"ThresholdBackward", "relu"},
      {"TanhBackward", "tanh"}, {"SigmoidBackward", "sigmoid"}, {"GeluBackward", "gelu"}, {"AddBackward", "add"},
      {"MaxPool2DWithIndicesBackward", "maxpool"}, {"AvgPool2DBackward", "avgpool"},
      {"AdaptiveAvgPool2DBackward", "gap"}, {"MeanBackward", "gap"}, {"NativeDropoutBackward", "dropout"},
      {"CatBackward", "concat"}, {"NllLossBackward", "loss"}, {"LogSoftmaxBackward", "loss"},
      {"MseLossBackward", "loss"}, {"AccumulateGrad", "accumulate"},
      {"TBackward", ""}, {"ViewBackward", ""}, {"ReshapeAliasBackward", ""}, {"TransposeBackward", ""},
      {"ExpandBackward", ""}, {"PermuteBackward", ""}, {"SqueezeBackward", ""}, {"UnsqueezeBackward", ""},
      {"UnsafeViewBackward", ""}, {"CloneBackward", ""}};
  return m;
}

struct Event {
  std::string name, cat, thread;
  double ts = 0, dur = 0;  // µs
  int64_t correlation = -1;
  std::vector<std::vector<int64_t>> dims;
  std::vector<size_t> children;
};

bool IsDevice(llvm::StringRef cat) {
  return cat == "kernel" || cat == "gpu_memcpy" || cat == "gpu_memset" || cat == "gpu_user_annotation";
}
bool IsRuntime(llvm::StringRef cat) { return cat == "cuda_runtime" || cat == "cuda_driver"; }

std::string Text(const llvm::json::Value* v) {
  if (!v) return "";
  if (auto s = v->getAsString()) return s->str();
  if (auto i = v->getAsInteger()) return std::to_string(*i);
  if (auto d = v->getAsNumber()) return fmt::format("{}", *d);
  return "";
}

std::vector<std::vector<int64_t>> Dims(const llvm::json::Object* args) {
  std::vector<std::vector<int64_t>> out;
  const llvm::json::Array* a = args ? args->getArray("Input Dims") : nullptr;
  if (!a) return out;
  for (const llvm::json::Value& d : *a) {
    std::vector<int64_t> shape;
    if (const llvm::json::Array* s = d.getAsArray())
      for (const llvm::json::Value& x : *s)
        if (auto i = x.getAsInteger()) shape.push_back(*i);
    out.push_back(std::move(shape));
  }
  return out;
}

class Reader {
 public:
  explicit Reader(const std::string& source) : source_(source) {}

  llvm::Expected<Trace> Read(llvm::StringRef text) {
    llvm::Expected<llvm::json::Value> doc = rl::json::Parse(text);
    if (!doc) return Fail(fmt::format("not JSON: {}", llvm::toString(doc.takeError())));
    const llvm::json::Array* events = doc->getAsArray();
    if (const llvm::json::Object* o = doc->getAsObject()) events = o->getArray("traceEvents");
    if (!events) return Fail("neither a list of trace events nor an object with `traceEvents`");
    for (const llvm::json::Value& v : *events) Add(v);
    if (!bad_.empty()) return Fail(bad_);
    if (host_.empty()) return Fail("no complete (\"ph\": \"X\") host events: is it a torch.profiler trace?");
    Nest();
    Trace t;
    t.gpu = !kernels_.empty();
    if (llvm::Error e = Steps(t)) return e;
    return t;
  }

 private:
  // The longest event a training step's trace can hold: an hour.
  static constexpr double kMaxEventUs = 3.6e9;
  std::string bad_;  // the first event whose time cannot be a measurement

  llvm::Error Fail(const std::string& msg) const {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), fmt::format("{}: {}", source_, msg));
  }

  void Add(const llvm::json::Value& v) {
    const llvm::json::Object* o = v.getAsObject();
    if (!o || o->getString("ph").value_or("") != "X") return;
    Event e;
    e.name = o->getString("name").value_or("").str();
    e.cat = o->getString("cat").value_or("").str();
    e.ts = o->getNumber("ts").value_or(NAN);
    e.dur = o->getNumber("dur").value_or(0);
    if (!std::isfinite(e.ts) || !(e.dur >= 0) || !std::isfinite(e.dur)) {
      // A time that cannot be measured: the trace is refused, naming the first one, rather
      // than fitted without it.
      if (bad_.empty())
        bad_ = fmt::format("event `{}` has ts {} and dur {}: a complete event needs a finite time and a duration of "
                           "0 or more",
                           e.name, o->getNumber("ts").value_or(NAN), o->getNumber("dur").value_or(0));
      return;
    }
    if (e.dur > kMaxEventUs) {
      if (bad_.empty())
        bad_ = fmt::format("event `{}` lasts {:g} s; no op of a training step takes over {:g} s", e.name, e.dur * 1e-6,
                           kMaxEventUs * 1e-6);
      return;
    }
    const llvm::json::Object* args = o->getObject("args");
    if (args)
      if (auto c = args->getInteger("correlation")) e.correlation = *c;
    if (IsDevice(e.cat)) {
      if (e.cat != "gpu_user_annotation" && e.correlation >= 0) {
        Kernels& k = kernels_[e.correlation];
        k.time += e.dur * 1e-6;
        ++k.count;
      }
      return;
    }
    if (e.cat == "python_function" || e.cat == "ac2g") return;
    e.thread = Text(o->get("pid")) + "/" + Text(o->get("tid"));
    e.dims = Dims(args);
    first_ = std::min(first_, e.ts);
    host_.push_back(std::move(e));
  }

  // Parents by time on each thread: an event that starts inside another's span is its
  // child. Events on a thread nest, but the legacy profiler rounds to whole microseconds,
  // so a child may seem to end a microsecond after its parent: its end is not compared.
  void Nest() {
    std::vector<size_t> order(host_.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      const Event &x = host_[a], &y = host_[b];
      if (x.thread != y.thread) return x.thread < y.thread;
      if (x.ts != y.ts) return x.ts < y.ts;
      return x.dur > y.dur;
    });
    std::vector<size_t> stack;
    std::string thread;
    for (size_t i : order) {
      const Event& e = host_[i];
      if (e.thread != thread) stack.clear(), thread = e.thread;
      while (!stack.empty() && host_[stack.back()].ts + host_[stack.back()].dur <= e.ts) stack.pop_back();
      (stack.empty() ? roots_ : host_[stack.back()].children).push_back(i);
      stack.push_back(i);
    }
  }

  struct Kernels {
    double time = 0;
    int count = 0;
  };
  // The device time and kernels of the runtime calls under event i. A correlation names
  // one launch, so its kernels count once, at the first runtime call that carries it: a
  // trace whose calls share one correlation counted them at each call, past an int's range
  // (UB) with 46,341 calls and kernels of one correlation in 6 MB. A worklist in the
  // recursion's order, not recursion: events can nest as deep as a trace is long (a
  // 104 MB trace of nested events overflowed the driver's 512 MiB stack).
  void DeviceOf(size_t i, double& time, int& count) {
    std::vector<size_t> pending{i};
    while (!pending.empty()) {
      const Event& e = host_[pending.back()];
      pending.pop_back();
      if (IsRuntime(e.cat) && e.correlation >= 0)
        if (auto k = kernels_.find(e.correlation); k != kernels_.end()) {
          time += k->second.time, count += k->second.count;
          kernels_.erase(k);
        }
      pending.insert(pending.end(), e.children.rbegin(), e.children.rend());
    }
  }

  struct Window {
    double begin, end;  // µs
  };

  llvm::Error Steps(Trace& t) {
    std::vector<Window> w;
    for (const Event& e : host_)
      if (llvm::StringRef(e.name).starts_with("ProfilerStep#")) w.push_back({e.ts, e.ts + e.dur});
    t.marked = !w.empty();
    if (!t.marked) {
      // Without the profiler's marks a step ends with the optimizer's step and begins where
      // the previous one ended (the first at the trace's first event).
      std::vector<double> ends;
      for (const Event& e : host_)
        if (llvm::StringRef(e.name).starts_with("Optimizer.step#")) ends.push_back(e.ts + e.dur);
      std::sort(ends.begin(), ends.end());
      double begin = first_;
      for (double end : ends) w.push_back({begin, end}), begin = end;
    }
    if (w.empty())
      return Fail("no training steps: the trace has neither ProfilerStep#N marks (torch.profiler's `step()`) nor "
                  "Optimizer.step# events");
    std::sort(w.begin(), w.end(), [](const Window& a, const Window& b) { return a.begin < b.begin; });
    t.steps.resize(w.size());
    for (size_t s = 0; s < w.size(); ++s) t.steps[s].wall = (w[s].end - w[s].begin) * 1e-6;
    for (size_t r : roots_) Visit(r, w, t);
    for (TraceStep& s : t.steps) {
      auto by_start = [](const TraceOp& a, const TraceOp& b) { return a.start < b.start; };
      for (auto* ops : {&s.forward, &s.backward, &s.other}) std::stable_sort(ops->begin(), ops->end(), by_start);
    }
    return llvm::Error::success();
  }

  // The step whose window holds time `ts`, or -1.
  static int StepAt(double ts, const std::vector<Window>& w) {
    for (size_t s = 0; s < w.size(); ++s)
      if (ts >= w[s].begin && ts < w[s].end) return int(s);
    return -1;
  }

  // The ops under root event r into their steps, marks and wrappers descended into. A
  // worklist in the order of a recursion, for the stack's sake (DeviceOf).
  void Visit(size_t r, const std::vector<Window>& w, Trace& t) {
    std::vector<size_t> pending{r};
    while (!pending.empty()) {
      const size_t i = pending.back();
      pending.pop_back();
      if (Take(i, w, t)) pending.insert(pending.end(), host_[i].children.rbegin(), host_[i].children.rend());
    }
  }

  // Event i as an op of its step, if it is one; true when its children are to be visited.
  bool Take(size_t i, const std::vector<Window>& w, Trace& t) {
    const Event& e = host_[i];
    llvm::StringRef name = e.name;
    if (name.starts_with("ProfilerStep#")) return true;
    const int step = StepAt(e.ts, w);
    auto op = [&](std::string cls, bool backward) {
      TraceOp o{e.name, std::move(cls), backward, e.dims, (e.ts - first_) * 1e-6, e.dur * 1e-6};
      DeviceOf(i, o.device, o.kernels);
      return o;
    };
    if (name.starts_with("Optimizer.step#") || name.starts_with("Optimizer.zero_grad#")) {
      if (step < 0) return false;
      TraceOp o = op("update", false);
      TraceStep& s = t.steps[size_t(step)];
      (name.starts_with("Optimizer.step#") ? s.update : s.zero_grad) += o.Time(t.gpu);
      s.update_kernels += o.kernels;
      return false;
    }
    std::string cls;
    bool backward = false;
    constexpr llvm::StringLiteral kNode = "autograd::engine::evaluate_function: ";
    if (name.starts_with(kNode)) {
      cls = BackwardClass(name.drop_front(kNode.size()));
      backward = true;
    } else if (name.starts_with("aten::")) {
      cls = ForwardClass(name);
    } else if (IsRuntime(e.cat)) {
      cls = "?";  // a runtime call outside any op (a copy of the input)
    } else {
      return true;  // a mark or a wrapper: its ops are inside
    }
    if (cls.empty()) {
      if (!backward) return false;  // a view
      cls = "?";
    }
    if (step < 0) return false;
    TraceStep& s = t.steps[size_t(step)];
    TraceOp o = op(cls == "?" ? "other" : cls, backward);
    if (cls == "?" || cls == "loss" || cls == "accumulate") s.other.push_back(std::move(o));
    else (backward ? s.backward : s.forward).push_back(std::move(o));
    return false;
  }

  std::string source_;
  std::vector<Event> host_;
  std::vector<size_t> roots_;
  std::map<int64_t, Kernels> kernels_;
  double first_ = INFINITY;
};

}  // namespace

std::string ForwardClass(llvm::StringRef aten) {
  aten.consume_front("aten::");
  auto it = ForwardTable().find(aten);
  return it == ForwardTable().end() ? "?" : it->second;
}

std::string BackwardClass(llvm::StringRef node) {
  node.consume_front("torch::autograd::");
  node = node.rtrim("0123456789");
  auto it = BackwardTable().find(node);
  return it == BackwardTable().end() ? "?" : it->second;
}

llvm::Expected<Trace> ParseTrace(llvm::StringRef text, const std::string& source) {
  llvm::Expected<Trace> t = Reader(source).Read(text);
  if (!t) return t.takeError();
  for (const TraceStep& s : t->steps)
    for (const TraceOp& o : s.forward)
      if (!o.dims.empty() && !o.dims[0].empty()) t->shapes = true;
  return t;
}

}  // namespace rl::calibrate

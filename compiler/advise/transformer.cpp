// The transformer layout search (transformer.h): the model (a `Transformer` value, by the
// text that names it), the run's Setup (cluster, device, setup, collectives, optimizer) and
// the query's pins become settings of stdlib.advise_llm's `layout_search`, one sweep per GPU count
// keeps the best rows by the goal and counts the layouts each require drops; a pinned
// space with no feasible layout is swept again keeping its infeasible rows.
#include "compiler/advise/transformer.h"

#include <fmt/format.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/ADT/StringRef.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <map>

#include "base/suggest.h"
#include "compiler/advise/advise.h"

namespace rl::advise {
namespace {

using ringline::Value;

constexpr const char* kScenario = "stdlib.advise_llm.layout_search";

[[noreturn]] void Bad(const char* kind, const std::string& message) {
  throw ringline::SpecError({ringline::Diagnostic::Plain(kind, message)});
}


const char* GoalReport(const std::string& goal) {
  return goal == "memory" ? "memory" : goal == "cost" ? "cost" : goal == "energy" ? "energy" : "iter";
}

std::vector<Value> Known(ringline::Spec& spec) { return spec.Call("stdlib.advise_llm.known_transformers", {}).items; }

bool SpecBinds(ringline::Spec& spec, const std::string& name) {
  std::vector<std::string> names = spec.Names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

bool IsTransformerValue(const Value& v) { return v.kind == Value::Kind::Record && v.str == "Transformer"; }

// The text of the `Transformer` the query names, as layout_search's `model` takes it: a
// `gpt:` model's, the spec's own name, or the standard library's entry; with `--seq`,
// that model on another sequence length.
std::string ModelText(ringline::Spec& spec, const LayoutQuery& q) {
  const std::string& model = q.model;
  std::string text;
  if (llvm::StringRef(model).starts_with("gpt:")) {
    text = GptModelText(model);
  } else if (IsHfConfig(model)) {
    // stdlib.hf's reading, of the file where the command was given it.
    llvm::SmallString<256> abs(model);
    llvm::sys::fs::make_absolute(abs);
    text = fmt::format("hf_transformer({})", runtime::JsonString(std::string(abs)));
  } else if (SpecBinds(spec, model)) {
    if (!IsTransformerValue(spec.Get(model)))
      Bad("bad_option", fmt::format("`{}` is not a `Transformer` (stdlib.megatron)", model));
    text = model;
  } else {
    // The name a user types picks the catalogue's entry by its place in the list.
    std::vector<std::string> names;
    for (const Value& t : Known(spec)) names.push_back(t.At("name", Value::Kind::String).str);
    auto at = llvm::find(names, model);
    if (at == names.end())
      Bad("bad_option", fmt::format("no transformer `{}`{}; the transformers are {}, a `Transformer` of the spec, or "
                                    "`gpt:layers=L,hidden=H,heads=A`",
                                    model, DidYouMeanAside(model, names), llvm::join(names, ", ")));
    text = fmt::format("transformer_models[{}]", at - names.begin());
  }
  return q.seq > 0 ? fmt::format("({}) with {{ seq = {} }}", text, q.seq) : text;
}

std::vector<int64_t> Divisors(int64_t n, int64_t at_most) {
  std::vector<int64_t> out;
  for (int64_t k = 1; k <= n && k <= at_most; ++k)
    if (n % k == 0) out.push_back(k);
  return out;
}

// "a,b" as the quoted list `"a","b"` (names checked to need no escaping).
std::string Quoted(const std::string& names) {
  std::string s;
  for (llvm::StringRef n : llvm::split(llvm::StringRef(names), ','))
    s += fmt::format("{}\"{}\"", s.empty() ? "" : ",", n.str());
  return s;
}

std::string Joined(const std::vector<int64_t>& v) {
  std::string s;
  for (int64_t x : v) s += (s.empty() ? "" : ",") + std::to_string(x);
  return s;
}

// The context-parallel sizes searched: the list, else the one size.
std::vector<int64_t> Contexts(const LayoutQuery& q) { return q.cp_list.empty() ? std::vector<int64_t>{q.cp} : q.cp_list; }

// Rows of layout_search as a sweep hands them over: kept whole (the top rows), or the
// best `keep` by the fewest constraints broken, then the goal (the infeasible rows).
class Collect final : public ringline::Sink {
 public:
  Collect(int64_t gpus, std::string goal, size_t keep, std::vector<std::string> constraints)
      : gpus_(gpus), goal_(std::move(goal)), keep_(keep), constraints_(std::move(constraints)) {}
  void Begin(const std::string&, const std::vector<ringline::Column>& columns) override {
    columns_ = columns;
    for (size_t i = 0; i < columns.size(); ++i) at_[columns[i].name] = i;
  }
  void Row(const double* v) override {
    // A layout that repeats another's cost (layout_search's last require) is left out.
    if (keep_ && Get(v, "repeat") != 0) return;
    rows_.push_back(Make(v));
    if (keep_ && rows_.size() >= 4 * keep_ + 64) Trim();
  }
  void End() override {
    if (keep_) Trim();
  }
  std::vector<LayoutRow>& rows() { return rows_; }

 private:
  double Get(const double* v, const char* name) const {
    auto it = at_.find(name);
    return it == at_.end() ? 0 : v[it->second];
  }
  std::string Label(const double* v, const char* name) const {
    auto it = at_.find(name);
    if (it == at_.end()) return "";
    const std::vector<std::string>& labels = columns_[it->second].labels;
    size_t k = static_cast<size_t>(v[it->second]);
    return k < labels.size() ? labels[k] : "";
  }
  LayoutRow Make(const double* v) const {
    LayoutRow r;
    r.gpus = gpus_;
    r.t = static_cast<int64_t>(Get(v, "t")), r.p = static_cast<int64_t>(Get(v, "p"));
    r.d = static_cast<int64_t>(Get(v, "d")), r.b = static_cast<int64_t>(Get(v, "b"));
    r.c = static_cast<int64_t>(Get(v, "cp"));
    r.e = static_cast<int64_t>(Get(v, "ep"));
    r.v = static_cast<int64_t>(Get(v, "v")), r.zero = static_cast<int64_t>(Get(v, "zero"));
    r.recompute = Label(v, "recompute");
    r.schedule = Label(v, "order");
    r.sp = Get(v, "sp") != 0;
    r.iter = Get(v, "iter"), r.tflops = Get(v, "tflops"), r.mfu = Get(v, "mfu");
    r.memory = Get(v, "memory"), r.weights = Get(v, "weights"), r.grads = Get(v, "grads");
    r.optimizer = Get(v, "optimizer"), r.activations = Get(v, "activations"), r.other = Get(v, "other");
    r.capacity = Get(v, "capacity"), r.bubble = Get(v, "bubble"), r.exposed = Get(v, "exposed");
    r.tight = Get(v, "tight") != 0;
    r.days = Get(v, "days"), r.gpu_hours = Get(v, "gpu_hours"), r.energy = Get(v, "energy"), r.cost = Get(v, "cost");
    r.interruptions = Get(v, "interruptions"), r.checkpoint_interval = Get(v, "checkpoint_interval");
    r.goodput = Get(v, "goodput");
    const auto mask = static_cast<uint64_t>(Get(v, "broken"));
    for (size_t k = 0; k < constraints_.size(); ++k)
      if (mask & (uint64_t{1} << k)) r.broken.push_back(constraints_[k]);
    return r;
  }
  double GoalOf(const LayoutRow& r) const {
    return goal_ == "memory" ? r.memory : goal_ == "cost" ? r.cost : goal_ == "energy" ? r.energy : r.iter;
  }
  void Trim() {
    std::stable_sort(rows_.begin(), rows_.end(), [&](const LayoutRow& a, const LayoutRow& b) {
      if (a.broken.size() != b.broken.size()) return a.broken.size() < b.broken.size();
      return GoalOf(a) < GoalOf(b);
    });
    if (rows_.size() > keep_) rows_.resize(keep_);
  }

  int64_t gpus_;
  std::string goal_;
  size_t keep_;  // 0: every row
  std::vector<std::string> constraints_;
  std::vector<ringline::Column> columns_;
  std::map<std::string, size_t> at_;
  std::vector<LayoutRow> rows_;
};

// The texts the run's Setup takes (layout_search's `device`, `base`, `coll`, `opt`),
// each checked in the spec first so that a mistake names its option.
struct SetupTexts {
  std::string device = "[]", base = "[]", coll = "[]", optimizer;  // optimizer "": adam
};
SetupTexts SetupSettings(ringline::Spec& spec, const LayoutQuery& q) {
  SetupOptions opt = EvalSetupOptions(spec, q.device, q.setup, q.collectives);
  SetupTexts t;
  if (!q.device.empty()) t.device = fmt::format("[{}]", q.device);
  if (!q.setup.empty()) t.base = fmt::format("[{}]", q.setup);
  if (!q.collectives.empty()) t.coll = fmt::format("[{}]", opt.coll_text);
  if (!q.optimizer.empty()) {
    Value o = spec.Eval(q.optimizer, "--optimizer");
    if (o.kind != Value::Kind::Record || o.str != "Optimizer")
      Bad("bad_option", fmt::format("--optimizer names an `Optimizer` (sgd, momentum, adam or the spec's own); `{}` is "
                                    "not one",
                                    q.optimizer));
    t.optimizer = q.optimizer;
  } else if (!q.setup.empty()) {
    t.optimizer = fmt::format("({}).optimizer", q.setup);
  }
  return t;
}

// The attention core as the device's fused kernel: asked for, and a precision that has one.
bool FusedAttention(const LayoutQuery& q) { return q.flash && q.precision != "fp32"; }

// The settings of layout_search for the model `model` (its text, and its layer and
// expert counts) on `gpus` GPUs of nodes of `gpn`: t every divisor of the GPU count up to
// a node, p every divisor up to the layer count (a stage holds a layer at least), e every
// divisor of the experts, b 1 to 16 by powers of two, v 1 to 8, every recomputation,
// sequence parallelism off and on, ZeRO 0 to 3; a pin is the one value.
std::vector<std::pair<std::string, std::string>> Settings(const LayoutQuery& q, const std::string& model,
                                                          int64_t layers, int64_t experts, const SetupTexts& st,
                                                          int64_t gpus, int64_t gpn) {
  auto b = [](bool x) { return std::string(x ? "true" : "false"); };
  std::vector<std::pair<std::string, std::string>> s = {
      {"model", model},
      {"make", q.cluster},
      {"device", st.device},
      {"base", st.base},
      {"coll", st.coll},
      {"gpus", std::to_string(gpus)},
      {"batch", std::to_string(q.global_batch)},
      {"precision", fmt::format("\"{}\"", q.precision)},
      {"overlap", b(q.overlap_grads)},
      {"overlap_tp", b(q.overlap_tp)},
      {"flash", b(FusedAttention(q))},
      {"cp", Joined(Contexts(q))},
      {"ep", q.ep ? std::to_string(q.ep) : Joined(Divisors(experts, experts))},
      {"etp", std::to_string(q.etp)},
      {"order", Quoted(q.schedule)},
      {"dispatcher", fmt::format("\"{}\"", q.dispatcher)},
      {"overlap_a2a", b(q.overlap_a2a)},
      {"imbalance", fmt::format("{}", q.imbalance)},
      {"reserve", fmt::format("{}", q.memory_reserve)},
      {"t", q.tp ? std::to_string(q.tp) : Joined(Divisors(gpus, gpn))},
      {"p", q.pp ? std::to_string(q.pp) : Joined(Divisors(gpus, layers))},
      {"dp", std::to_string(q.dp)},
      {"b", q.micro ? std::to_string(q.micro) : "1,2,4,8,16"},
      {"v", q.interleave ? std::to_string(q.interleave) : "1..8"},
      {"recompute", q.recompute.empty() ? "\"none\",\"selective\",\"full\"" : fmt::format("\"{}\"", q.recompute)},
      {"sp", q.sequence_parallel < 0 ? "false,true" : b(q.sequence_parallel > 0)},
      {"zero", q.zero < 0 ? "0..3" : std::to_string(q.zero)},
      {"dedupe_sp", b(q.sequence_parallel < 0)},
      {"dedupe_v", b(q.interleave == 0)},
      {"dedupe_zero", b(q.zero < 0)},
      {"dedupe_selective", b(q.recompute.empty())}};
  if (!st.optimizer.empty()) s.push_back({"opt", st.optimizer});
  if (q.tokens > 0) s.push_back({"tokens", fmt::format("{}", q.tokens)});
  if (!q.run.empty()) s.push_back({"run", q.run});
  return s;
}

}  // namespace

std::string GptModelText(const std::string& text) {
  llvm::StringRef rest = text;
  if (!rest.consume_front("gpt:")) Bad("bad_option", fmt::format("`{}` is not `gpt:KEY=VALUE,...`", text));
  const std::vector<std::string> keys = {"layers", "hidden", "heads", "seq", "vocab", "ffn", "kv_heads"};
  std::map<std::string, int64_t> got;
  llvm::SmallVector<llvm::StringRef, 8> parts;
  rest.split(parts, ',', -1, /*KeepEmpty=*/true);
  for (llvm::StringRef part : parts) {
    auto [key, value] = part.trim().split('=');
    key = key.trim(), value = value.trim();
    if (!part.contains('=') || key.empty())
      Bad("bad_option", fmt::format("--model gpt: takes KEY=VALUE pairs separated by commas ({}); `{}` is not one",
                                    llvm::join(keys, ", "), part.str()));
    if (std::find(keys.begin(), keys.end(), key.str()) == keys.end())
      Bad("bad_option", fmt::format("unknown key `{}` in --model gpt:...{}; the keys are {}", key.str(),
                                    DidYouMeanAside(key.str(), keys), llvm::join(keys, ", ")));
    if (got.count(key.str())) Bad("bad_option", fmt::format("--model gpt: gives `{}` twice", key.str()));
    uint64_t n = 0;
    if (value.getAsInteger(10, n) || n < 1 || n > 1'000'000'000)
      Bad("bad_option",
          fmt::format("--model gpt: `{}` takes a whole number from 1 to 10^9; got `{}`", key.str(), value.str()));
    got[key.str()] = static_cast<int64_t>(n);
  }
  for (const char* k : {"layers", "hidden", "heads"})
    if (!got.count(k))
      Bad("bad_option", fmt::format("--model gpt: needs `{}` (gpt:layers=L,hidden=H,heads=A[,seq=S,vocab=V,ffn=F,"
                                    "kv_heads=K])",
                                    k));
  const int64_t hidden = got["hidden"], heads = got["heads"];
  if (hidden % heads != 0)
    Bad("bad_option", fmt::format("--model gpt: hidden ({}) is not a multiple of heads ({})", hidden, heads));
  if (got.count("kv_heads") && heads % got["kv_heads"] != 0)
    Bad("bad_option", fmt::format("--model gpt: heads ({}) is not a multiple of kv_heads ({})", heads, got["kv_heads"]));
  // gpt_config's own defaults (2,048 tokens, vocabulary 51,200) where the text gives none.
  std::string out = fmt::format("gpt_config(\"gpt\", {}, {}, {}", got["layers"], hidden, heads);
  for (const char* k : {"seq", "vocab"})
    if (got.count(k)) out += fmt::format(", {} = {}", k, got[k]);
  out += ")";
  std::vector<std::string> with;
  for (const char* k : {"ffn", "kv_heads"})
    if (got.count(k)) with.push_back(fmt::format("{} = {}", k, got[k]));
  if (!with.empty()) out += fmt::format(" with {{ {} }}", llvm::join(with, ", "));
  return out;
}

bool IsHfConfig(const std::string& model) { return llvm::StringRef(model).ends_with_insensitive(".json"); }

bool IsTransformer(ringline::Spec& spec, const std::string& model) {
  if (llvm::StringRef(model).starts_with("gpt:") || IsHfConfig(model)) return true;
  if (SpecBinds(spec, model)) {
    Value v = spec.Get(model);
    return v.kind == Value::Kind::Record && v.str == "Transformer";
  }
  for (const Value& t : Known(spec))
    if (t.Field("name") && t.Field("name")->str == model) return true;
  return false;
}

void Validate(const LayoutQuery& q) {
  if (q.goal != "time" && q.goal != "memory" && q.goal != "cost" && q.goal != "energy")
    Bad("bad_option", fmt::format("unknown --goal `{}`; use time, memory, cost or energy", q.goal));
  if (q.model.empty()) Bad("bad_usage", "name a transformer with --model (and a spec file for your own)");
  if (q.global_batch < 1) Bad("bad_usage", "give the global batch, in sequences per iteration, with --global-batch");
  if (q.global_batch > 100'000'000) Bad("bad_option", "--global-batch takes at most 10^8 sequences");
  for (int64_t c : Contexts(q))
    if (c < 1 || c > 4096) Bad("bad_option", fmt::format("--cp takes a context-parallel size from 1 to 4096; got {}", c));
  if (q.seq < 0 || q.seq > 10'000'000) Bad("bad_option", "--seq takes a sequence length from 1 to 10^7 tokens");
  if (!(q.tokens >= 0 && q.tokens <= 1e16))
    Bad("bad_option", fmt::format("--dataset takes a token count from 1 to 10^16; got {}", q.tokens));
  if (q.top < 1 || q.top > 100'000) Bad("bad_option", fmt::format("--top takes 1 to 100000 rows; got {}", q.top));
  if (q.gpus.empty()) Bad("bad_option", "--gpus takes GPU counts, `1024`; got none");
  for (int64_t g : q.gpus)
    if (g < 1 || g > 1'000'000) Bad("bad_option", fmt::format("--gpus takes GPU counts from 1 to 10^6; got {}", g));
  // The precisions are stdlib.megatron's (`_half`); an unknown one is its diagnostic.
  if (!q.recompute.empty() && q.recompute != "none" && q.recompute != "selective" && q.recompute != "full")
    Bad("bad_option", fmt::format("unknown --recompute `{}`; use none, selective or full", q.recompute));
  if (q.zero > 3) Bad("bad_option", fmt::format("--zero takes a ZeRO stage from 0 to 3; got {}", q.zero));
  if (q.etp < 1 || q.etp > 1'000'000) Bad("bad_option", fmt::format("--etp takes a size from 1 to 10^6; got {}", q.etp));
  if (!(q.imbalance >= 1 && q.imbalance <= 1000))
    Bad("bad_option", fmt::format("--imbalance takes the busiest GPU's routed tokens over a balanced share, 1 to 1000; "
                                  "got {}", q.imbalance));
  if (!(q.memory_reserve >= 0 && q.memory_reserve < 1))
    Bad("bad_option", fmt::format("--memory-reserve takes a share of the GPU's memory, 0 to below 1; got {}",
                                  q.memory_reserve));
  for (llvm::StringRef name : llvm::split(llvm::StringRef(q.schedule), ','))
    if (name.empty() || name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") != llvm::StringRef::npos)
      Bad("bad_option", fmt::format("--schedule takes schedules, `1f1b,zb_h1,dualpipe` (1f1b, gpipe, zb_h1, "
                                    "dualpipe); got `{}`", q.schedule));
  if (q.dispatcher.find_first_of("\"\\") != std::string::npos)
    Bad("bad_option", fmt::format("--dispatcher takes a name, alltoall or deepep; got `{}`", q.dispatcher));
  for (auto [name, v] : {std::pair{"--tp", q.tp},
                         {"--pp", q.pp},
                         {"--dp", q.dp},
                         {"--micro-batch", q.micro},
                         {"--interleave", q.interleave}})
    if (v < 0 || v > 1'000'000) Bad("bad_option", fmt::format("{} takes a size from 1 to 10^6; got {}", name, v));
}

LayoutResult Run(const LayoutQuery& q, const ringline::Options& options) {
  Validate(q);
  return Run(*OpenSpec(q.spec, options), q);
}

LayoutResult Run(ringline::Spec& spec, const LayoutQuery& q) {
  Validate(q);
  // The option texts are read where the spec's names are, with the standard clusters,
  // devices, collectives and the transformers by name; names the spec binds keep their
  // meaning.
  for (const char* m : {"stdlib.hardware", "stdlib.megatron", "stdlib.advise_llm", "stdlib.hf", "stdlib.run_cost"})
    spec.Import(m);
  const std::string model_text = ModelText(spec, q);
  const Value model = spec.Eval(model_text, "--model");
  if (!IsTransformerValue(model)) Bad("bad_option", fmt::format("`{}` is not a `Transformer` (stdlib.megatron)", q.model));
  const auto layers = static_cast<int64_t>(model.At("layers").number);
  const auto experts = static_cast<int64_t>(model.At("experts").number);
  Value make = spec.Eval(q.cluster, "--cluster");
  if (make.kind != Value::Kind::Function)
    Bad("bad_option", fmt::format("--cluster names a function from a node count to a `Cluster` (selene, "
                                  "dgx_a100_pod, dgx_h100_pod, ...); `{}` is not one",
                                  q.cluster));
  const SetupTexts setup = SetupSettings(spec, q);
  const auto gpn = static_cast<int64_t>(spec.Call("stdlib.advise_llm.node_gpus", {make}).number);
  for (int64_t g : q.gpus)
    if (gpn < 1 || g % gpn != 0)
      Bad("bad_option", fmt::format("--gpus {} is not a whole number of {}'s nodes of {} GPUs", g, q.cluster, gpn));

  if (!q.run.empty()) {
    Value r = spec.Eval(q.run, "--run");
    if (r.kind != Value::Kind::Record || r.str != "Run")
      Bad("bad_option", fmt::format("--run takes a `Run` (stdlib.run_cost: `Run {{ pue = 1.1 }}`); `{}` is not one", q.run));
  }
  LayoutResult res;
  res.run = q.tokens > 0;
  res.seq = static_cast<int64_t>(model.At("seq").number);
  res.experts = experts > 1;
  res.schedules = q.schedule != "1f1b";
  res.title = fmt::format("{} on {}: global batch {}, seq {}, {}", q.model, q.cluster, q.global_batch, res.seq,
                          q.precision);
  if (!q.device.empty()) res.title += fmt::format(", device {}", q.device);
  if (!q.setup.empty()) res.title += fmt::format(", setup {}", q.setup);
  if (!q.collectives.empty()) res.title += fmt::format(", collectives {}", q.collectives);
  if (!q.optimizer.empty()) res.title += fmt::format(", {}", q.optimizer);
  const std::vector<int64_t> contexts = Contexts(q);
  res.contexts = contexts.size() > 1;
  if (res.contexts || contexts[0] > 1) res.title += fmt::format(", context parallel {}", Joined(contexts));
  res.title += FusedAttention(q) ? ", fused attention" : ", unfused attention";
  res.title += q.overlap_grads ? ", gradient reduction overlapped" : ", gradient reduction after backward";
  res.title += q.overlap_tp ? ", TP communication overlapped" : ", TP communication exposed";
  // A mixture's dispatch, and what departs from the defaults.
  if (res.experts)
    res.title += fmt::format(", experts by {}{}{}", q.dispatcher == "deepep" ? "DeepEP" : "all-to-all",
                             q.overlap_a2a ? " overlapped" : "",
                             q.imbalance != 1 ? fmt::format(", imbalance {}", q.imbalance) : "");
  if (q.schedule != "1f1b") res.title += fmt::format(", schedules {}", q.schedule);
  if (q.memory_reserve > 0) res.title += fmt::format(", {}% of memory reserved", 100 * q.memory_reserve);
  // The plan's constraints, whose order the rows' `broken` masks follow.
  std::vector<std::string> constraints;
  for (const Value& v : spec.Call("stdlib.advise_llm.constraint_names", {}).items) constraints.push_back(v.str);
  std::vector<std::string> listed;
  for (const Value& v : spec.Call("stdlib.advise_llm.listed_requires", {}).items) listed.push_back(v.str);
  for (int64_t g : q.gpus) {
    const auto start = std::chrono::steady_clock::now();
    std::unique_ptr<ringline::Scenario> sc =
        spec.Lower(kScenario, Settings(q, model_text, layers, experts, setup, g, gpn));
    ringline::SweepOptions so;
    so.backend = q.backend;
    so.threads = q.threads;
    so.top = q.top;
    so.top_by = GoalReport(q.goal);
    so.processes = q.processes;
    so.interrupt = q.interrupt;
    StopIfInterrupted(q.interrupt);
    Collect best(g, q.goal, 0, {});
    ringline::SweepSummary sum = sc->Sweep(best, so);
    if (sum.interrupted) StopIfInterrupted(q.interrupt);
    LayoutSearch search{g, sum.total, sum.total - sum.infeasible, {}, 0};
    for (const auto& d : sum.dropped)
      if (d.second > 0 || llvm::is_contained(listed, d.first)) search.dropped.push_back(d);
    std::vector<LayoutRow> rows = std::move(best.rows());
    for (size_t i = 0; i < rows.size(); ++i) rows[i].rank = static_cast<int>(i + 1);
    // Decided on the summary, the whole sweep's on every process (a process but the
    // first holds no rows).
    if (sum.points == sum.infeasible) {
      // Nothing in the (pinned) space runs: its least broken layouts, each naming what it breaks.
      // broken_mask's bit k is the plan's k-th constraint.
      Collect worst(g, q.goal, q.top, constraints);
      ringline::SweepOptions keep;
      keep.backend = q.backend;
      keep.threads = q.threads;
      keep.keep_infeasible = true;
      keep.processes = q.processes;
      sc->Sweep(worst, keep);
      rows = std::move(worst.rows());
    }
    search.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    res.searches.push_back(std::move(search));
    res.rows.insert(res.rows.end(), rows.begin(), rows.end());
  }
  return res;
}

}  // namespace rl::advise

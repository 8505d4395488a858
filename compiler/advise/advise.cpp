// Ranking the strategies (advise.h): the inputs found once in one compilation (the
// spec's names and the standard library's, the spec's own winning), then per GPU count one
// `advise_setup` and one `advise_row` per strategy, sorted by the goal.
#include "compiler/advise/advise.h"

#include <fmt/format.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/ADT/StringRef.h>

#include <algorithm>

#include "base/suggest.h"

namespace rl::advise {
namespace {

using ringline::Value;

[[noreturn]] void Bad(const char* kind, const std::string& message) {
  throw ringline::SpecError({ringline::Diagnostic::Plain(kind, message)});
}

}  // namespace

void StopIfInterrupted(const std::atomic<bool>* interrupt) {
  if (interrupt && interrupt->load()) Bad("interrupted", "interrupted");
}

namespace {

Row FromRecord(const Value& e) {
  auto num = [&](const char* f) { return e.Field(f) ? e.Field(f)->number : 0; };
  auto str = [&](const char* f) { return e.Field(f) ? e.Field(f)->str : std::string(); };
  Row r;
  r.gpus = num("gpus"), r.used = num("used");
  r.strategy = str("strategy");
  r.iter = num("iter"), r.epoch = num("epoch"), r.memory = num("memory"), r.capacity = num("capacity");
  r.comm = num("comm"), r.exposed = num("exposed"), r.efficiency = num("efficiency");
  r.gpu_hours = num("gpu_hours"), r.days = num("days"), r.energy = num("energy"), r.cost = num("cost");
  r.interruptions = num("interruptions"), r.checkpoint_interval = num("checkpoint_interval"), r.goodput = num("goodput");
  r.bound = str("bound");
  r.value = num("value"), r.limit = num("limit");
  r.throughput = num("throughput"), r.base_fits = num("base_fits") != 0, r.unit = str("unit");
  if (num("feasible") == 0) r.broken = str("constraint").empty() ? "?" : str("constraint");
  return r;
}

// `text` evaluated in the spec (`label` names it in diagnostics). When it is a plain name
// that resolves to nothing, the error lists the `record` values among `names` (the spec's
// and the imported modules' `let`s) and suggests the closest, not any name in scope:
// `--device nope` is no slip for the function `moe`.
Value EvalNamed(ringline::Spec& spec, const std::string& text, const std::string& label,
                std::vector<std::string> names, const char* record, const char* what) {
  const bool name = !text.empty() && llvm::all_of(text, [](char c) { return llvm::isAlnum(c) || c == '_' || c == '.'; });
  try {
    return spec.Eval(text, label);
  } catch (const ringline::SpecError& e) {
    if (!name || e.diagnostics().empty() || e.diagnostics()[0].kind != "unknown_name") throw;
    llvm::erase_if(names, [&](const std::string& n) {
      Value v = spec.Get(n);
      return v.kind != Value::Kind::Record || v.str != record;
    });
    std::vector<std::string> close = ClosestNames(text, names, 1);
    Bad("bad_option", fmt::format("no {} `{}`{}; {}", what, text,
                                  close.empty() ? "" : fmt::format(" (did you mean `{}`?)", close[0]),
                                  names.empty() ? fmt::format("there is no `{}`", record)
                                                : fmt::format("the {}s are {}", what, llvm::join(names, ", "))));
  }
}

double GoalOf(const Query& q, const Row& r) {
  return q.goal == "memory" ? r.memory : q.goal == "cost" ? r.cost : q.goal == "energy" ? r.energy : r.epoch;
}

struct Inputs {
  Value net, make, optimizer, compute, device;  // device: a list of at most one
  Value base, coll;  // a Setup and Collectives, or none
  std::vector<Value> choices;
};

Inputs FindInputs(ringline::Spec& spec, const Query& q) {
  std::vector<std::string> nets = spec.Names();
  for (const char* m : {"stdlib.hardware", "stdlib.layers", "stdlib.strategies", "stdlib.collectives", "stdlib.advise"})
    spec.Import(m);
  for (const std::string& m : spec.Import("stdlib.models.all")) nets.push_back(m);
  // A name of the spec or stdlib (a `let`, or a function whose parameters all have
  // defaults) or an expression (`tiny(64)`); a name that resolves to nothing gets the list.
  Value net = EvalNamed(spec, q.model, "--model", nets, "Network", "network");
  // Names on the command line are evaluated where the spec's are; a mistake in one is a
  // diagnostic pointing into the option's text.
  Inputs in;
  in.net = net;
  in.make = spec.Eval(q.cluster, "--cluster");
  SetupOptions opt = EvalSetupOptions(spec, q.device, q.setup, q.collectives);
  in.base = opt.base;
  in.optimizer = q.optimizer.empty() && in.base.Field("optimizer") ? *in.base.Field("optimizer")
                                                                     : spec.Eval(q.optimizer.empty() ? "sgd" : q.optimizer,
                                                                                 "--optimizer");
  in.coll = opt.coll;
  if (in.net.kind == Value::Kind::Function) in.net = spec.Call(q.model, {});
  if (in.net.kind != Value::Kind::Record || in.net.str != "Network")
    Bad("bad_option", fmt::format("`{}` is not a `Network`", q.model));
  if (in.make.kind != Value::Kind::Function)
    Bad("bad_option", fmt::format("--cluster names a function from a node count to a `Cluster` (abci, dgx1_pod, "
                                  "dgx_a100_pod, dgx_h100_pod, ...); `{}` is not one",
                                  q.cluster));
  in.device = opt.device.kind == Value::Kind::Record ? Value::List({opt.device}) : Value::List({});
  if (q.compute.empty()) {
    in.compute = in.base.Field("compute") ? *in.base.Field("compute") : spec.Eval("kernel_source", "--compute");
    in.choices = spec.Call("stdlib.advise.advise_choices", {in.make}).items;
    return in;
  }
  std::vector<std::pair<std::string, Value>> compute = {{"source", Value::String(q.compute)}};
  if (q.compute == "measured") {
    Value t = spec.Eval(q.sample_time, "--sample-time");
    if (t.kind != Value::Kind::Number || t.unit != "s")
      Bad("bad_option", fmt::format("--sample-time takes a time (`12 ms`); `{}` is {}", q.sample_time,
                                    t.kind != Value::Kind::Number ? "not a number"
                                    : t.unit.empty()              ? "a plain number"
                                                                  : fmt::format("in `{}`", t.unit)));
    if (!(t.number > 0))
      Bad("bad_option", fmt::format("--sample-time takes a time above 0; `{}` is {} s", q.sample_time, t.number));
    compute.push_back({"sample_time", t});
  }
  in.compute = Value::Record("Compute", compute);
  in.choices = spec.Call("stdlib.advise.advise_choices", {in.make}).items;
  return in;
}

// The rows at each GPU count, ranked by the goal.
std::vector<Row> Rows(ringline::Spec& spec, const Query& q, const Inputs& in) {
  const int64_t per = q.per_gpu > 0 ? q.per_gpu : 32;
  std::vector<Row> rows;
  for (int64_t p : q.gpus) {
    StopIfInterrupted(q.interrupt);
    // Efficiency is against one GPU with the same work per GPU (weak scaling) or the same
    // global batch (strong scaling).
    const int64_t batch = q.batch > 0 ? q.batch : p * per;
    const int64_t base = q.batch > 0 ? q.batch : per;
    auto one = [](const Value& v) {
      return Value::List(v.kind == Value::Kind::Record ? std::vector<Value>{v} : std::vector<Value>{});
    };
    Value setup = spec.Call("stdlib.advise.advise_setup", {in.make, Value::Int(p)},
                            {{"optimizer", in.optimizer}, {"compute", in.compute}, {"device", in.device},
                             {"base", one(in.base)}, {"coll", one(in.coll)}, {"dataset", Value::Int(q.dataset)},
                             {"precision", Value::String(q.precision)}});
    std::vector<Row> group;
    for (const Value& choice : in.choices)
      if (StopIfInterrupted(q.interrupt); spec.Call("stdlib.advise.offered", {choice, Value::Int(p)}).number != 0)
        group.push_back(FromRecord(spec.Call("stdlib.advise.advise_row", {choice, in.net, setup, Value::Int(p),
                                                                        Value::Int(batch), Value::Int(base)})));
    std::stable_sort(group.begin(), group.end(), [&](const Row& a, const Row& b) {
      if (a.broken.empty() != b.broken.empty()) return a.broken.empty();
      return GoalOf(q, a) < GoalOf(q, b);
    });
    int rank = 0;
    for (Row& r : group)
      if (r.broken.empty()) r.rank = ++rank;
    rows.insert(rows.end(), group.begin(), group.end());
  }
  return rows;
}

// When one GPU cannot hold the baseline's samples (a global batch too large for it), the
// efficiency of every row is against the fastest feasible row at the smallest GPU count
// that has one, so that it does not exceed 100% by comparing with a run that cannot happen.
// Returns what the efficiency is against.
std::string Rebase(std::vector<Row>& rows) {
  if (rows.empty() || rows.front().base_fits) return "one GPU";
  const Row* best = nullptr;
  for (const Row& r : rows)
    if (r.broken.empty() && (!best || r.gpus < best->gpus || (r.gpus == best->gpus && r.throughput > best->throughput)))
      best = &r;
  if (!best) return "one GPU, which does not hold the samples (no row is feasible)";
  const double per_gpu = best->throughput / best->gpus;
  std::string which = fmt::format("{} at {} GPUs (one GPU does not hold the samples)", best->strategy,
                                  int64_t(best->gpus));
  for (Row& r : rows) r.efficiency = r.throughput / (r.used * per_gpu);
  return which;
}

std::vector<std::pair<std::string, double>> Limits(const Query& q, const std::vector<Row>& rows) {
  std::vector<std::pair<std::string, double>> out;
  for (const Row& r : rows) {
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& e) { return e.first == r.strategy; });
    if (it == out.end()) it = out.insert(out.end(), {r.strategy, 0});
    if (r.broken.empty() && r.efficiency >= q.threshold) it->second = std::max(it->second, r.gpus);
  }
  return out;
}

}  // namespace

SetupOptions EvalSetupOptions(ringline::Spec& spec, const std::string& device, const std::string& setup,
                              const std::string& collectives) {
  std::vector<std::string> devices = spec.Names();
  for (const char* m : {"stdlib.hardware", "stdlib.strategies", "stdlib.collectives", "stdlib.advise"}) {
    std::vector<std::string> lets = spec.Import(m);
    if (llvm::StringRef(m) == "stdlib.hardware") devices.insert(devices.end(), lets.begin(), lets.end());
  }
  SetupOptions out;
  if (!setup.empty()) {
    out.base = spec.Eval(setup, "--setup");
    if (out.base.kind != Value::Kind::Record || out.base.str != "Setup")
      Bad("bad_option", fmt::format("--setup names a `Setup` (stdlib/strategies.rl: `setup(abci(1)) with {{ ... }}`); "
                                    "`{}` is not one",
                                    setup));
  }
  if (!collectives.empty()) {
    out.coll = spec.Eval(collectives, "--collectives");
    // One schedule is the allreduce the strategies' gradients use.
    out.coll_text = collectives;
    if (out.coll.kind == Value::Kind::Function) {
      out.coll = spec.Call("stdlib.advise.allreduce_with", {out.coll});
      out.coll_text = fmt::format("allreduce_with({})", collectives);
    }
    if (out.coll.kind != Value::Kind::Record || out.coll.str != "Collectives")
      Bad("bad_option", fmt::format("--collectives names `Collectives` or an allreduce schedule, `fn(B, Int, Link) -> s` "
                                    "(stdlib/collectives.rl); `{}` is neither",
                                    collectives));
  }
  if (!device.empty()) {
    out.device = EvalNamed(spec, device, "--device", devices, "Device", "device");
    if (out.device.kind != Value::Kind::Record || out.device.str != "Device")
      Bad("bad_option", fmt::format("`{}` is not a `Device` (see stdlib/hardware.rl)", device));
  }
  return out;
}

void Validate(const Query& q) {
  if (q.goal != "time" && q.goal != "memory" && q.goal != "cost" && q.goal != "energy")
    Bad("bad_option", fmt::format("unknown --goal `{}`; use time, memory, cost or energy", q.goal));
  if (!q.optimizer.empty() && q.optimizer != "sgd" && q.optimizer != "momentum" && q.optimizer != "adam")
    Bad("bad_option", fmt::format("unknown --optimizer `{}`; use sgd, momentum or adam", q.optimizer));
  if (!q.precision.empty() && !llvm::is_contained({"fp32", "tf32", "fp16", "bf16", "amp", "fp8"}, q.precision))
    Bad("bad_option", fmt::format("unknown --precision `{}`; use fp32, tf32, fp16, bf16, amp or fp8", q.precision));
  if (q.dataset < 0) Bad("bad_option", fmt::format("--dataset takes a sample count of 1 or more; got {}", q.dataset));
  if (!q.compute.empty() && q.compute != "kernels" && q.compute != "roofline" && q.compute != "measured")
    Bad("bad_option", fmt::format("unknown --compute `{}`; use kernels, roofline or measured", q.compute));
  if ((q.compute == "measured") != !q.sample_time.empty())
    Bad("bad_usage", "--compute measured and --sample-time TIME go together");
  if (q.batch > 0 && q.per_gpu > 0) Bad("bad_usage", "give --batch (global) or --per-gpu, not both");
  // 0 is "unset" (the command's defaults); a negative count is nobody's.
  for (auto [name, n] : {std::pair{"--batch", q.batch}, std::pair{"--per-gpu", q.per_gpu}})
    if (n < 0) Bad("bad_option", fmt::format("{} takes a count of 1 or more; got {}", name, n));
  // An efficiency: 0.8 is 80% of linear scaling.
  if (!(q.threshold > 0 && q.threshold <= 1))
    Bad("bad_option", fmt::format("--threshold takes an efficiency above 0 and at most 1; got {}", q.threshold));
  if (q.model.empty()) Bad("bad_usage", "name a network with --model (and a spec file for your own)");
  if (q.gpus.empty()) Bad("bad_option", "--gpus takes GPU counts, `16,32,64`; got none");
  for (int64_t g : q.gpus)
    if (g < 1 || g > 1'000'000) Bad("bad_option", fmt::format("--gpus takes GPU counts from 1 to 10^6; got {}", g));
}

std::unique_ptr<ringline::Spec> OpenSpec(const std::string& file, const ringline::Options& options) {
  return file.empty() ? ringline::Spec::Library(options) : ringline::Spec::Compile(file, options);
}

Result Run(const Query& q, const ringline::Options& options) {
  Validate(q);
  return Run(*OpenSpec(q.spec, options), q);
}

Result Run(ringline::Spec& spec, const Query& q) {
  Validate(q);
  Result r;
  r.rows = Rows(spec, q, FindInputs(spec, q));
  r.baseline = Rebase(r.rows);
  r.limits = Limits(q, r.rows);
  const std::string batch = q.batch > 0 ? fmt::format("global batch {}", q.batch)
                                        : fmt::format("{} samples per GPU", q.per_gpu > 0 ? q.per_gpu : 32);
  r.title = fmt::format("{} on {}: {}, {}, {} compute", q.model, q.cluster, batch,
                        q.optimizer.empty() ? (q.setup.empty() ? "sgd" : q.setup + "'s optimizer") : q.optimizer,
                        q.compute.empty() ? (q.setup.empty() ? "kernels" : q.setup + "'s") : q.compute);
  if (!q.precision.empty()) r.title += ", " + q.precision;
  return r;
}

}  // namespace rl::advise

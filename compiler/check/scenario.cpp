// Scenario lowering: params (with their sweep values and command-line overrides) become
// IR params, lets are evaluated in order, requires and reports become IR outputs. Also
// the Compilation facade that the driver uses.
#include <cmath>
#include <functional>

#include <fmt/format.h>
#include <llvm/ADT/STLExtras.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>

#include "base/check.h"
#include "base/suggest.h"
#include "compiler/check/program.h"
#include "compiler/parse/parse.h"

namespace rl::check {

using B = ScalarType::Base;

static constexpr size_t kMaxAxisValues = 10'000'000;

std::string Program::SourceText(SourceRange r) const {
  if (!r.Valid()) return "";
  llvm::StringRef buf = diags_.SourceMgr().getMemoryBuffer(r.buffer)->getBuffer();
  return buf.substr(r.begin, r.end - r.begin).str();
}

bool Program::StaticValues(const ast::ValueSet& vs, const Env& env, const ast::Type& type,
                           ModuleInfo* m, std::vector<double>& out, const std::string& what) {
  auto constant = [&](const ast::Expr* e, const ast::Type* t, const std::string& w) -> std::optional<Value> {
    Value v = Eval(e, env);
    if (t) v = Conform(v, *t, m, e->range, w);
    if (v.IsError()) return std::nullopt;
    if (!v.IsScalar() || !v.is_const) {
      Error(v.IsScalar() ? diag::Kind::not_static : diag::Kind::type_mismatch, e->range,
            fmt::format("{} must be a constant, got {}`{}`", w, v.IsScalar() ? "param-dependent " : "",
                        Describe(v)));
      return std::nullopt;
    }
    return v;
  };
  if (!vs.hi) {
    std::vector<std::pair<Value, SourceRange>> items;
    if (auto* list = ast::dyn_cast<ast::ListExpr>(vs.list_or_lo)) {
      // A literal's elements one by one: each keeps its own type (the list would take
      // `[1, 2.5]`'s `1` as a `Real`), so an `Int` param's refusal names the `2.5`.
      for (const ast::Expr* x : list->elems) {
        Value v = Eval(x, env);
        if (v.IsError()) return false;
        items.push_back({v, x->range});
      }
    } else {
      Value v = Eval(vs.list_or_lo, env);
      if (v.IsError()) return false;
      if (v.kind == Value::Kind::List)
        for (const Value& e : *v.elems) items.push_back({e, vs.range});
      else
        items.push_back({v, vs.range});
    }
    for (auto& [item, range] : items) {
      Value c = Conform(item, type, m, range, what);
      if (c.IsError()) return false;
      if (!c.is_const) {
        Error(diag::Kind::not_static, range,
              fmt::format("{} must be a constant, not computed from a param whose value is not", what));
        return false;
      }
      out.push_back(c.c);
    }
    return true;
  }
  std::optional<Value> lo = constant(vs.list_or_lo, &type, what);
  std::optional<Value> hi = constant(vs.hi, &type, what);
  if (!lo || !hi) return false;
  double step = 1;
  char op = vs.step_op ? vs.step_op : '+';
  if (vs.step) {
    std::optional<Value> s = constant(vs.step, nullptr, "a range step");
    if (!s) return false;
    bool ok_dim = op == '*' ? s->type.dim.IsNone() : s->type.dim == lo->type.dim;
    if (!ok_dim) {
      Error(diag::Kind::unit_mismatch, vs.step->range,
            fmt::format("a `{}` step must be `{}`, got `{}`", op, op == '*' ? "1" : lo->type.dim.Str(),
                        s->type.dim.Str()));
      return false;
    }
    if (type.kind == ast::Type::Kind::Named && type.name == "Int" && s->type.base != B::Int) {
      Error(diag::Kind::type_mismatch, vs.step->range,
            fmt::format("a range of `Int` values needs an `Int` step, got `{}`", Describe(*s)));
      return false;
    }
    step = s->c;
  } else if (!lo->type.dim.IsNone()) {
    Error(diag::Kind::bad_range, vs.range,
          fmt::format("a range of `{}` values needs a step (`step *2` or `step + 1 {}`)",
                      lo->type.dim.Str(), lo->type.dim.Str()));
    return false;
  }
  if ((op == '*' && !(step > 1)) || (op == '+' && !(step > 0)) || !(lo->c <= hi->c) ||
      (op == '*' && !(lo->c > 0))) {
    Error(diag::Kind::bad_range, vs.range,
          fmt::format("the range from {} to {} by {}{} never ends or is empty", units::FormatNumber(lo->c),
                      units::FormatNumber(hi->c), op, units::FormatNumber(step)));
    return false;
  }
  double limit = hi->c * (1 + 1e-12);
  for (size_t i = 0;; ++i) {
    double v = op == '*' ? lo->c * std::pow(step, static_cast<double>(i)) : lo->c + step * static_cast<double>(i);
    if (v > limit) break;
    if (out.size() >= kMaxAxisValues) {
      Error(diag::Kind::bad_range, vs.range, fmt::format("a range of more than {} values", kMaxAxisValues));
      return false;
    }
    out.push_back(v);
  }
  return true;
}

static ir::Display DisplayOf(const ScalarType& t) {
  ir::Display d = ir::RealDisplay(t.dim);
  d.kind = t.base == B::Int ? ir::Display::Kind::Int : t.base == B::Bool ? ir::Display::Kind::Bool
                                                                          : ir::Display::Kind::Real;
  return d;
}

// One `param`: its type, default and values (or the `--set` override `ov`) become an IR
// param; returns the value its uses see, or Error after a diagnostic.
Value Program::LowerParam(const ast::ParamDecl& p, const Override* ov, ModuleInfo* m,
                          const Env& static_env, ir::Scenario& out) {
  // An alias of a number or a unit (`type Rate = B/s`) is that type's axis; any other
  // alias (a record, a list) is a static param, which reads it through Conform.
  const ast::Type* type = &p.type;
  ModuleInfo* owner = m;
  for (int hops = 0; type->kind == ast::Type::Kind::Named && hops < 64; ++hops) {
    const ast::TypeDecl* alias = FindTypeAlias(owner, type->name, &owner);
    if (!alias) break;
    type = &alias->type;
  }
  bool numeric = type->kind == ast::Type::Kind::Unit ||
                 (type->kind == ast::Type::Kind::Named &&
                  (type->name == "Int" || type->name == "Real" || type->name == "Bool"));
  if (!numeric) return LowerStaticParam(p, ov, m, static_env, out);
  if (type != &p.type) {
    ast::ParamDecl resolved = p;
    resolved.type = *type;
    return LowerParam(resolved, ov, m, static_env, out);
  }
  ScalarType st;
  std::optional<units::Unit> written;
  if (p.type.kind == ast::Type::Kind::Unit) {
    written = ResolveUnit(p.type.unit);
    if (!written) return Value::Error();
    st = {B::Real, written->dim, false};
  } else if (p.type.kind == ast::Type::Kind::Named &&
             (p.type.name == "Int" || p.type.name == "Real" || p.type.name == "Bool")) {
    st.base = p.type.name == "Int" ? B::Int : p.type.name == "Bool" ? B::Bool : B::Real;
  }
  std::string what = fmt::format("param `{}`", p.name);
  ir::Param ip;
  ip.name = p.name;
  ip.range = p.name_range;
  ip.display = DisplayOf(st);
  if (written && (written->exp10 != 0 || written->factor != 1)) ip.display.unit = *written;
  bool has_default = false;
  if (p.default_value) {
    std::vector<double> d;
    if (!StaticValues({p.default_value, nullptr, 0, nullptr, p.default_value->range}, static_env,
                      p.type, m, d, what + " default"))
      return Value::Error();
    if (d.size() != 1) {
      Error(diag::Kind::type_mismatch, p.default_value->range,
            fmt::format("{} default must be one `{}`, got a list of {}", what, TypeText(p.type), d.size()));
      return Value::Error();
    }
    ip.default_value = d[0];
    has_default = true;
    // Print in the unit the default was written in when the type is a bare SI unit.
    auto* lit = ast::dyn_cast<ast::NumberExpr>(p.default_value);
    if (lit && lit->unit && ip.display.unit.exp10 == 0 && ip.display.unit.factor == 1)
      if (std::optional<units::Unit> lu = ResolveUnit(*lit->unit); lu && lu->dim == st.dim) ip.display.unit = *lu;
  }
  bool ok = true;
  if (ov) {
    // The command line's values are read where the root spec's names are (the same
    // module unless the scenario is an imported module's).
    const Env set_env{root ? root : m, static_env.scope, static_env.ir};
    for (const ast::ValueSet& vs : ov->values)
      ok = ok && StaticValues(vs, set_env, p.type, m, ip.values, what);
  } else if (p.values) {
    ok = StaticValues(*p.values, static_env, p.type, m, ip.values, what);
  }
  if (!ok) return Value::Error();
  if (EmptyValues(p, ov, ip.values.empty())) return Value::Error();
  if (ov && !ip.values.empty()) {
    ip.default_value = ip.values[0];
    has_default = true;
  }
  if (!has_default) {
    if (ip.values.empty()) {
      Error(diag::Kind::bad_scenario, p.range, fmt::format("param `{}` needs a default (`= value`) or values (`in [...]`)", p.name));
      return Value::Error();
    }
    ip.default_value = ip.values[0];
  }
  if (ip.values.empty()) ip.values.push_back(ip.default_value);
  // A distribution (`~`, or --vary's) is checked always and drawn from when sampling
  // (docs/uncertainty.md).
  const ast::Expr* vary = sampling_.on ? VaryOf(p.name) : nullptr;
  const ast::Expr* dist = vary ? vary : p.dist;
  std::optional<Distribution> drawn;
  if (dist) {
    if (vary) sampling_.used.insert(p.name);
    if (st.base != B::Real) {
      Error(diag::Kind::bad_distribution, dist->range,
            fmt::format("{} is `{}`; only a `Real` param takes a distribution", what, Describe(st)));
      return Value::Error();
    }
    const Env dist_env{vary && root ? root : m, static_env.scope, static_env.ir};
    drawn = CheckDistribution(dist, st, what, dist_env);
    if (!drawn) return Value::Error();
  }
  if (spec_ && spec_->scalars.count(p.name) && st.base != B::Real) {
    // Structure needs it as a constant: this variant sees one of its values.
    auto pick = spec_->pick.find(p.name);
    double v = pick != spec_->pick.end() && pick->second < ip.values.size() ? ip.values[pick->second]
                                                                           : ip.default_value;
    ip.specialised = true;
    out.params.push_back(std::move(ip));
    return st.base == B::Bool ? Value::Bool(v != 0) : Value::Int(v);
  }
  uint32_t index = static_cast<uint32_t>(out.params.size());
  if (trace_inputs_ && st.base == B::Real)
    out.inputs.push_back({p.name, ip.display, static_cast<int32_t>(index), {}, ip.default_value});
  out.params.push_back(std::move(ip));
  ir::ValueId id = out.ParamRef(index, p.name_range);
  if (drawn && sampling_.on) return Value::Dynamic(Draw(*drawn, out), st);
  if (st.base == B::Bool)
    return Value::Dynamic(out.Binary(ir::Op::Ne, id, out.Const(0, p.name_range), p.name_range), st);
  return Value::Dynamic(id, st);
}

bool Program::LowerRequire(const ast::RequireDecl& r, const Env& env, ir::Scenario& out) {
  Value v = Eval(r.cond, env);
  if (v.IsError()) return false;
  const bool list = v.kind == Value::Kind::List;
  const bool written = r.message_expr || !r.message.empty();
  // The names: computed (a `String`, or for a list of conditions a list of as many),
  // written, or the condition's own text.
  std::vector<std::string> names;
  SourceRange names_at = r.cond->range;
  if (r.message_expr) {
    Value n = Eval(r.message_expr, env);
    if (n.IsError()) return false;
    names_at = r.message_expr->range;
    auto is_string = [](const Value& x) { return x.kind == Value::Kind::String; };
    if (list && (n.kind != Value::Kind::List || !llvm::all_of(*n.elems, is_string))) {
      Error(diag::Kind::type_mismatch, names_at,
            fmt::format("a `require` of a list of conditions is named by a list of `String`s, one each; got `{}`",
                        Describe(n)));
      return true;
    }
    if (!list && !is_string(n)) {
      Error(diag::Kind::type_mismatch, names_at, fmt::format("a `require`'s name is a `String`; got `{}`", Describe(n)));
      return true;
    }
    if (list)
      for (const Value& e : *n.elems) names.push_back(e.str);
    else
      names.push_back(n.str);
  } else if (list) {
    Error(diag::Kind::type_mismatch, r.cond->range,
          fmt::format("a `require` of a list of conditions is named by a list of `String`s, one each; got {}",
                      written ? "`String`" : "none"));
    return true;
  } else {
    names.push_back(written ? r.message : SourceText(r.cond->range));
  }
  const std::vector<Value> conds = list ? *v.elems : std::vector<Value>{v};
  if (names.size() != conds.size()) {
    Error(diag::Kind::type_mismatch, names_at,
          fmt::format("a `require` of {} conditions needs as many names; got {}", conds.size(), names.size()));
    return true;
  }
  for (size_t i = 0; i < conds.size(); ++i)
    if (!conds[i].IsScalar() || conds[i].type.base != B::Bool) {
      Error(diag::Kind::type_mismatch, r.cond->range,
            list ? fmt::format("`require` needs `Bool`s; element {} is `{}`", i, Describe(conds[i]))
            : r.message_expr ? fmt::format("`require` needs a `Bool` or a list of them, got `{}`", Describe(v))
                             : fmt::format("`require` needs a `Bool`, got `{}`", Describe(v)));
      return true;
    }
  for (size_t i = 0; i < conds.size(); ++i)
    out.requires_.push_back({Materialize(conds[i], out, r.cond->range), names[i], r.range, written});
  return true;
}

std::optional<ir::Scenario> Program::LowerScenario(ModuleInfo* m, const ast::ScenarioDecl& s,
                                                   const std::vector<Override>& sets,
                                                   const std::vector<UnitChoice>& choices,
                                                   const Specialisation& spec) {
  unsigned errors_before = diags_.ErrorCount();
  ir::Scenario out;
  int_bounds.clear();
  out.name = s.name;
  // Each lowering (a variant) has the whole evaluation budget.
  eval_steps_ = 0;
  gave_up_ = false;
  struct Current {
    Program& p;
    ~Current() {
      p.lowering_ = nullptr;
      p.spec_ = nullptr;
    }
  } current{*this};
  lowering_ = &out;
  spec_ = &spec;
  sampling_.used.clear();
  sampling_.sample = {};
  sampling_.streams = 0;
  Scope scope{nullptr, {}};
  Env env{m, &scope, &out};
  // Params' defaults and values see the params before them. Their IR goes to the scenario
  // (unused, removed by the passes) so that a default computed from another param is the
  // [not_static] "must be a constant" below, not an operation without a scenario.
  Env static_env{m, &scope, &out};
  std::vector<bool> used(sets.size(), false);
  bool poisoned = false;  // an erroneous value whose diagnostic may have been deduplicated
  auto bind = [&](const std::string& name, SourceRange r, const Value& v) {
    if (scope.FindHere(name)) {
      Error(diag::Kind::duplicate_name, r, fmt::format("`{}` is already defined in scenario `{}`", name, s.name));
      return;
    }
    scope.vars.push_back({name, v});
  };
  for (const ast::ScenarioItem& item : s.order) {
    if (diags_.Stopped()) break;
    switch (item.kind) {
      case ast::ScenarioItem::Kind::Param: {
        const ast::ParamDecl& p = s.params[item.index];
        const Override* ov = nullptr;
        for (size_t i = 0; i < sets.size(); ++i)
          if (sets[i].name == p.name) {
            ov = &sets[i];
            used[i] = true;
          }
        // A param that fails binds an error value, so its uses stay quiet.
        Value v = LowerParam(p, ov, m, static_env, out);
        poisoned |= v.IsError();
        bind(p.name, p.name_range, v);
        break;
      }
      case ast::ScenarioItem::Kind::Let: {
        const ast::LetDecl& l = s.lets[item.index];
        Value v = Eval(l.value, env);
        if (l.type) v = Conform(v, *l.type, m, l.value->range, fmt::format("`{}`", l.name));
        bind(l.name, l.name_range, v);
        break;
      }
      case ast::ScenarioItem::Kind::Require: {
        if (!LowerRequire(s.requires_[item.index], env, out)) poisoned = true;
        break;
      }
      case ast::ScenarioItem::Kind::Report: {
        const ast::ReportDecl& r = s.reports[item.index];
        Value v = Eval(r.value, env);
        bind(r.name, r.name_range, v);
        if (v.IsError()) {
          poisoned = true;
          break;
        }
        if (v.kind == Value::Kind::Record) {
          // A record's number and Bool fields become reports `name.field` (nested records
          // `name.a.b`), in declaration order; its strings, lists and functions are
          // structure, not columns.
          if (r.unit) {
            Error(diag::Kind::unit_mismatch, r.unit->range,
                  fmt::format("report `{}` is a record; give a field's unit with `--unit {}.FIELD=UNIT`", r.name,
                              r.name));
            break;
          }
          size_t before = out.reports.size();
          std::function<void(const std::string&, const Value&)> add = [&](const std::string& name, const Value& f) {
            if (f.kind == Value::Kind::Record) {
              for (size_t i = 0; i < f.record->fields.size(); ++i)
                add(name + "." + f.record->fields[i].name, (*f.elems)[i]);
            } else if (f.IsScalar()) {
              out.reports.push_back({name, Materialize(f, out, r.value->range), DisplayOf(f.type), r.range});
            }
          };
          add(r.name, v);
          if (out.reports.size() == before)
            Error(diag::Kind::type_mismatch, r.value->range,
                  fmt::format("report `{}` is a `{}` with no number or `Bool` field", r.name, Describe(v)));
          break;
        }
        if (!v.IsScalar()) {
          Error(diag::Kind::type_mismatch, r.value->range,
                fmt::format("report `{}` must be a number, a `Bool` or a record of them, got `{}`", r.name,
                            Describe(v)));
          break;
        }
        ir::Report ir_r{r.name, Materialize(v, out, r.value->range), DisplayOf(v.type), r.range};
        // With no `in`, a literal report prints in the unit it was written in.
        if (auto* lit = ast::dyn_cast<ast::NumberExpr>(r.value); lit && lit->unit && !r.unit)
          if (std::optional<units::Unit> lu = ResolveUnit(*lit->unit); lu && lu->dim == v.type.dim)
            ir_r.display.unit = *lu;
        if (r.unit) {
          std::optional<units::Unit> u = ResolveUnit(*r.unit);
          if (!u) break;
          if (v.type.any_dim) {
            // An empty `sum` is a zero of any dimension: it takes the unit asked for, as
            // a `Real`, like the sums of the other variants.
            ir_r.display.kind = ir::Display::Kind::Real;
            ir_r.display.dim = u->dim;
          } else if (u->dim != v.type.dim) {
            Error(diag::Kind::unit_mismatch, r.unit->range,
                  fmt::format("report `{}` is `{}` but `in {}` is `{}`", r.name, Describe(v.type), r.unit->text,
                              u->dim.Str()));
            break;
          }
          ir_r.display.unit = *u;
        }
        out.reports.push_back(std::move(ir_r));
        break;
      }
    }
  }
  for (size_t i = 0; i < sets.size(); ++i)
    if (!used[i]) {
      std::string names;
      std::vector<std::string> known;
      for (const ast::ParamDecl& p : s.params) names += (names.empty() ? "" : ", ") + ("`" + p.name + "`");
      for (const ast::ParamDecl& p : s.params) known.push_back(p.name);
      std::string hint = DidYouMean(sets[i].name, known);
      Error(diag::Kind::unknown_param, sets[i].range,
            fmt::format("scenario `{}` has no param `{}`{}", s.name, sets[i].name,
                        !hint.empty() ? hint : "; its params are " + (names.empty() ? "none" : names)));
    }
  for (const UnitChoice& c : choices) {
    ir::Display* d = nullptr;
    for (ir::Report& r : out.reports)
      if (r.name == c.name) d = &r.display;
    for (ir::Param& p : out.params)
      if (p.name == c.name) d = &p.display;
    if (!d) {
      std::vector<std::string> known;
      for (const ir::Param& p : out.params) known.push_back(p.name);
      for (const ir::Report& r : out.reports) known.push_back(r.name);
      Error(diag::Kind::unknown_param, c.name_range.Valid() ? c.name_range : c.range,
            fmt::format("scenario `{}` has no report or param `{}`{}", s.name, c.name, DidYouMean(c.name, known)));
      continue;
    }
    std::string bad;
    std::optional<units::Unit> u = units::ParseUnitString(c.unit, &bad);
    if (!u) {
      std::string hint = units::HintFor(bad);
      Error(diag::Kind::unknown_unit, c.range, fmt::format("unknown unit `{}`{}", bad, hint.empty() ? "" : "; " + hint));
      continue;
    }
    if (u->dim != d->dim) {
      Error(diag::Kind::unit_mismatch, c.range,
            fmt::format("`{}` is `{}` but `{}` is `{}`", c.name, d->dim.Str(), c.unit, u->dim.Str()));
      continue;
    }
    d->unit = *u;
  }
  if (s.reports.empty())
    Error(diag::Kind::bad_scenario, s.name_range, fmt::format("scenario `{}` has no `report`", s.name));
  if (sampling_.on) {
    for (const auto& [name, expr] : sampling_.vary)
      if (!sampling_.used.count(name)) {
        std::vector<std::string> known;
        for (const ir::Param& p : out.params) known.push_back(p.name);
        Error(diag::Kind::unknown_param, sampling_.vary_at[name],
              fmt::format("`--vary {}`: scenario `{}` has no `Real` param or record param's `Real` field `{}`{}", name,
                          s.name, name, DidYouMean(name, known)));
      }
    // The sample's index: the last param, read by every draw.
    ir::Param sp;
    sp.name = "sample";
    sp.display.kind = ir::Display::Kind::Int;
    sp.values = {0};
    if (sampling_.sample.Valid()) out.insts[sampling_.sample.index].imm = static_cast<double>(out.params.size());
    out.params.push_back(std::move(sp));
  }
  last_params_ = out.params;
  if (diags_.ErrorCount() > errors_before || poisoned) return std::nullopt;
  ir::GuardUnordered(out);
  std::string problem = ir::Verify(out);
  RL_CHECK(problem.empty(), problem.c_str());
  return out;
}

// ---- Compilation facade ------------------------------------------------------------

Compilation::Compilation(diag::Engine& diags, Options opts)
    : program_(std::make_unique<Program>(diags, std::move(opts))) {}
Compilation::~Compilation() = default;

bool Compilation::Load(const std::string& path) {
  unsigned before = program_->diags().ErrorCount();
  program_->AllowRootFolder(path);
  program_->root = program_->LoadFile(path, {});
  if (program_->root) program_->ResolveNew();
  return program_->root && program_->diags().ErrorCount() == before;
}

bool Compilation::LoadBuffer(unsigned buffer_id) {
  unsigned before = program_->diags().ErrorCount();
  std::string key = program_->diags().SourceMgr().getMemoryBuffer(buffer_id)->getBufferIdentifier().str() +
                    "#" + std::to_string(buffer_id);
  // A split-input buffer is named after its file; a generated one (`<advise>`) has none.
  std::string name = program_->diags().SourceMgr().getMemoryBuffer(buffer_id)->getBufferIdentifier().str();
  if (llvm::sys::fs::exists(name)) program_->AllowRootFolder(name);
  program_->root = program_->LoadBuffer(buffer_id, key);
  if (program_->root) program_->ResolveNew();
  return program_->root && program_->diags().ErrorCount() == before;
}

bool Compilation::EnvironmentError() const { return program_->env_error; }

std::vector<std::string> Compilation::ScenarioNames() const {
  std::vector<std::string> names;
  if (program_->root)
    for (const ast::ScenarioDecl& s : program_->root->ast->scenarios) names.push_back(s.name);
  return names;
}

const ast::Module* Compilation::Root() const { return program_->root ? program_->root->ast.get() : nullptr; }

std::optional<ir::Scenario> Compilation::Lower(const std::string& scenario, const std::vector<Override>& sets,
                                               const std::vector<UnitChoice>& unit_choices) {
  std::optional<Variants> v = LowerVariants(scenario, sets, unit_choices, false);
  if (!v) return std::nullopt;
  return std::move(v->scenarios[0]);
}

void Compilation::TraceInputs(bool on) { program_->trace_inputs_ = on; }

void Compilation::Sample(bool on, uint64_t seed, const std::vector<Override>& vary) {
  Program::Sampling& s = program_->sampling_;
  s.on = on;
  s.seed = static_cast<double>(seed % (uint64_t{1} << 53));
  s.vary.clear();
  s.vary_at.clear();
  for (const Override& o : vary)
    if (!o.values.empty()) {
      s.vary[o.name] = o.values[0].list_or_lo;
      s.vary_at[o.name] = o.range;
    }
}

std::optional<Variants> Compilation::LowerVariants(const std::string& scenario, const std::vector<Override>& sets,
                                                   const std::vector<UnitChoice>& unit_choices, bool all_values) {
  ModuleInfo* in = program_->root;
  std::string name = scenario;
  if (!in) return std::nullopt;
  // `stdlib.advise_llm.layout_search`: a scenario of another module, loaded if need be.
  size_t dot = scenario.rfind('.');
  bool own = false;
  for (const ast::ScenarioDecl& s : in->ast->scenarios) own |= s.name == scenario;
  if (!own && dot != std::string::npos) {
    in = program_->LoadModule(scenario.substr(0, dot), program_->root);
    if (!in) return std::nullopt;
    program_->ResolveNew();
    name = scenario.substr(dot + 1);
  }
  for (const ast::ScenarioDecl& s : in->ast->scenarios)
    if (s.name == name) return program_->LowerVariants(in, s, sets, unit_choices, all_values);
  return std::nullopt;
}

std::optional<std::vector<std::string>> Compilation::ScenarioNames(const std::string& module) {
  ModuleInfo* in = program_->root ? program_->LoadModule(module, program_->root) : nullptr;
  if (!in) return std::nullopt;
  std::vector<std::string> names;
  program_->ResolveNew();
  for (const ast::ScenarioDecl& s : in->ast->scenarios) names.push_back(s.name);
  return names;
}

bool Compilation::CheckLets() {
  unsigned before = program_->diags().ErrorCount();
  ModuleInfo* root = program_->root;
  for (const ast::LetDecl& l : root->ast->lets) {
    bool found;
    program_->LookupGlobal(root, l.name, l.name_range, &found);
  }
  return program_->diags().ErrorCount() == before;
}

bool Compilation::CheckAll() {
  unsigned before = program_->diags().ErrorCount();
  ModuleInfo* root = program_->root;
  CheckLets();
  for (const ast::ScenarioDecl& s : root->ast->scenarios) program_->LowerVariants(root, s, {}, {}, true);
  return program_->diags().ErrorCount() == before;
}

std::optional<Override> Compilation::ParseOverride(const std::string& name, const std::string& text,
                                                   const std::string& label, size_t value_offset) {
  llvm::SourceMgr& sm = program_->diags().SourceMgr();
  unsigned id = sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, label), llvm::SMLoc());
  const auto skip = static_cast<uint32_t>(value_offset);
  Override o{name, {}, {id, 0, skip ? skip - 1 : static_cast<uint32_t>(text.size())}};
  if (!parse::ParseCliValues(id, program_->diags(), program_->cli_arena, o.values, skip)) return std::nullopt;
  return o;
}

ast::Module& Compilation::CliArena() { return program_->cli_arena; }

bool Program::EmptyValues(const ast::ParamDecl& p, const Override* ov, bool none) {
  const ast::ValueSet* given = ov && !ov->values.empty() ? &ov->values[0] : p.values ? &*p.values : nullptr;
  if (!given || !none) return false;
  Error(diag::Kind::empty_list, given->range,
        fmt::format("param `{}` is given no values: its {} list is empty", p.name, ov ? "`--set`" : "`in`"));
  return true;
}

}  // namespace rl::check

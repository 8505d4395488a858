// Params over static values. A param whose type is not a number (`Device`, `String`,
// `Network`, a list) has static values, and an `Int` or `Bool` param that structure needs
// as a constant (a `range`, a list index, an `if` choosing between two networks) is made
// static the first time a lowering stops on it. The scenario is then lowered once per
// combination of those params' values: each variant is ordinary IR, and the sweep runs the
// variants as an axis (check.h, Variants).
#include <fmt/format.h>

#include "compiler/check/program.h"

namespace rl::check {

using B = ScalarType::Base;

// A sweep of more variants than this is almost surely a mistake (each is compiled).
static constexpr size_t kMaxVariants = 10'000;
// A value's name longer than this is clipped in the output.
static constexpr size_t kMaxLabel = 60;

void Program::NeedStatic(const Value& v) {
  if (v.IsScalar() && !v.is_const) NeedStatic(v.id);
}

void Program::NeedStatic(ir::ValueId id) {
  if (!lowering_ || !id.Valid() || id.index >= lowering_->insts.size()) return;
  std::vector<char> seen(id.index + 1, 0);
  std::vector<uint32_t> stack{id.index};  // the operands still to visit
  while (!stack.empty()) {
    uint32_t i = stack.back();
    stack.pop_back();
    if (seen[i]) continue;
    seen[i] = 1;
    const ir::Inst& in = lowering_->insts[i];
    if (in.op == ir::Op::Param) {
      size_t p = static_cast<size_t>(in.imm);
      if (p < lowering_->params.size()) want_static_.insert(lowering_->params[p].name);
      continue;
    }
    ir::ForEachOperand(in, [&](ir::ValueId o) { stack.push_back(o.index); });
  }
}

// True when no number inside `v` depends on a param.
static bool FullyStatic(const Value& v) {
  if (v.IsScalar()) return v.is_const;
  if ((v.kind == Value::Kind::List || v.kind == Value::Kind::Record) && v.elems)
    for (const Value& e : *v.elems)
      if (!FullyStatic(e)) return false;
  return true;
}

// How a static value prints in a sweep's output: the name it was written as (a `let`, so
// that `--set gpu=NAME` reads it back), else its text for a string or a number, else its
// `name` field, else the expression that made it.
static std::string LabelOf(const Value& v, const ast::Expr* e, diag::Engine& d) {
  std::string label;
  if (e && (e->kind == ast::ExprKind::Name || e->kind == ast::ExprKind::Field)) {
    llvm::StringRef buf = d.SourceMgr().getMemoryBuffer(e->range.buffer)->getBuffer();
    label = buf.substr(e->range.begin, e->range.end - e->range.begin).str();
  } else if (v.kind == Value::Kind::String) {
    label = v.str;
  } else if (v.IsScalar() && v.is_const) {
    label = v.type.base == B::Bool ? (v.c != 0 ? "true" : "false") : units::FormatNumber(v.c);
  } else if (v.kind == Value::Kind::Record) {
    for (size_t i = 0; i < v.record->fields.size() && i < v.elems->size(); ++i)
      if (v.record->fields[i].name == "name" && (*v.elems)[i].kind == Value::Kind::String)
        label = (*v.elems)[i].str;
  }
  if (label.empty() && e && e->range.Valid()) {
    llvm::StringRef buf = d.SourceMgr().getMemoryBuffer(e->range.buffer)->getBuffer();
    label = buf.substr(e->range.begin, e->range.end - e->range.begin).str();
  }
  if (label.empty()) label = Describe(v);
  for (char& c : label)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  if (label.size() > kMaxLabel) label = label.substr(0, kMaxLabel - 3) + "...";
  return label;
}

// The list literal a top-level `let` of module `m` named `name` was written as, so that
// `--set gpu=fast` (with `let fast = [a100, v100]`) labels its values by their names as
// `--set gpu=a100,v100` does; null for any other binding. Only `m`'s own lets: the names
// in an imported module's literal may mean other values where `--set` reads them.
static const ast::ListExpr* LetListLiteral(ModuleInfo* m, const std::string& name) {
  if (!m || !m->ast) return nullptr;
  auto it = m->globals.find(name);
  if (it == m->globals.end() || it->second.kind != Global::Kind::Let || it->second.index >= m->ast->lets.size())
    return nullptr;
  return ast::dyn_cast<ast::ListExpr>(m->ast->lets[it->second.index].value);
}

Value Program::LowerStaticParam(const ast::ParamDecl& p, const Override* ov, ModuleInfo* m,
                                const Env& static_env, ir::Scenario& out) {
  const std::string what = fmt::format("param `{}`", p.name);
  const bool list_type = p.type.kind == ast::Type::Kind::List;
  struct Candidate {
    Value v;
    std::string label;
  };
  // One value as written: checked against the type, static, named.
  auto candidate = [&](const Value& raw, const ast::Expr* e, SourceRange r, std::vector<Candidate>& into) {
    Value v = Conform(raw, p.type, m, r, what);
    if (v.IsError()) return false;
    if (!FullyStatic(v)) {
      Error(diag::Kind::not_static, r, fmt::format("{} takes static values; this one depends on a param", what));
      return false;
    }
    into.push_back({v, LabelOf(v, e, diags_)});
    return true;
  };
  // A value set: a list of values (the elements of a list, unless the type is itself a
  // list and the list is one value of it), or one value.
  auto value_set = [&](const ast::ValueSet& vs, bool in_clause, std::vector<Candidate>& into, const Env& env) {
    if (vs.hi) {
      Error(diag::Kind::bad_range, vs.range,
            fmt::format("{} is `{}`, not a number: list its values (`in [a, b]`) instead of a range", what,
                        TypeText(p.type)));
      return false;
    }
    Value v = Eval(vs.list_or_lo, env);
    if (v.IsError()) return false;
    bool expand = v.kind == Value::Kind::List &&
                  (in_clause || !list_type || (!v.elems->empty() && (*v.elems)[0].kind == Value::Kind::List));
    if (list_type && !in_clause && expand && v.elems->empty()) expand = false;
    if (!expand) return candidate(v, vs.list_or_lo, vs.range, into);
    const ast::ListExpr* lit = ast::dyn_cast<ast::ListExpr>(vs.list_or_lo);
    if (auto* name = ast::dyn_cast<ast::NameExpr>(vs.list_or_lo); name && !(env.scope && env.scope->Find(name->name)))
      lit = LetListLiteral(env.module, name->name);
    for (size_t i = 0; i < v.elems->size(); ++i) {
      const ast::Expr* e = lit && i < lit->elems.size() ? lit->elems[i] : nullptr;
      if (!candidate((*v.elems)[i], e, e ? e->range : vs.range, into)) return false;
    }
    return true;
  };

  std::vector<Candidate> values;
  if (ov) {
    // The command line's values are read where the root spec's names are.
    const Env set_env{root ? root : m, static_env.scope, static_env.ir};
    for (const ast::ValueSet& vs : ov->values)
      if (!value_set(vs, false, values, set_env)) return Value::Error();
  } else if (p.values) {
    if (!value_set(*p.values, true, values, static_env)) return Value::Error();
  }
  if (EmptyValues(p, ov, values.empty())) return Value::Error();
  std::optional<Candidate> def;
  if (!ov || values.empty()) {
    if (p.default_value) {
      std::vector<Candidate> d;
      if (!candidate(Eval(p.default_value, static_env), p.default_value, p.default_value->range, d))
        return Value::Error();
      def = d[0];
    }
  }
  if (values.empty()) {
    if (!def) {
      Error(diag::Kind::bad_scenario, p.range,
            fmt::format("param `{}` needs a default (`= value`) or values (`in [...]`)", p.name));
      return Value::Error();
    }
    values.push_back(*def);
  }

  ir::Param ip;
  ip.name = p.name;
  ip.range = p.name_range;
  ip.specialised = true;
  for (size_t i = 0; i < values.size(); ++i) {
    ip.values.push_back(static_cast<double>(i));
    ip.labels.push_back(values[i].label);
  }
  // The default prints by its name; one that is not among the values gets a label of its
  // own after theirs (eval shows it; a sweep never reaches it).
  size_t def_index = 0;
  if (def) {
    def_index = values.size();
    for (size_t i = 0; i < values.size(); ++i)
      if (values[i].label == def->label) def_index = i;
    if (def_index == values.size()) ip.labels.push_back(def->label);
  }
  ip.default_value = static_cast<double>(def_index);
  out.params.push_back(std::move(ip));

  auto pick = spec_ ? spec_->pick.find(p.name) : std::map<std::string, size_t>::const_iterator{};
  const Value& chosen = spec_ && pick != spec_->pick.end() && pick->second < values.size() ? values[pick->second].v
                        : def_index < values.size()                                    ? values[def_index].v
                                                                                       : def->v;
  if (p.dist) {
    Error(diag::Kind::bad_distribution, p.dist->range,
          fmt::format("{} is `{}`; give its `Real` fields distributions with `--vary {}.FIELD=...`", what,
                      TypeText(p.type), p.name));
    return Value::Error();
  }
  Value v = trace_inputs_ ? TraceFields(chosen, p.name, out) : chosen;
  if (sampling_.on) v = DrawFields(v, p.name, Env{root ? root : m, static_env.scope, static_env.ir}, out);
  return v;
}

Value Program::MapFields(const Value& v, const std::string& path,
                         const std::function<Value(const Value&, const std::string&)>& leaf) {
  if (v.kind != Value::Kind::Record || !v.record) return leaf(v, path);
  auto fields = std::make_shared<std::vector<Value>>(*v.elems);
  for (size_t i = 0; i < fields->size() && i < v.record->fields.size(); ++i)
    (*fields)[i] = MapFields((*fields)[i], path + "." + v.record->fields[i].name, leaf);
  Value r = v;
  r.elems = std::move(fields);
  return r;
}

Value Program::TraceFields(const Value& v, const std::string& path, ir::Scenario& out) {
  return MapFields(v, path, [&](const Value& f, const std::string& name) {
    if (!f.IsScalar() || !f.is_const || f.type.base != ScalarType::Base::Real) return f;
    Value r = f;
    r.shadow = out.Const(f.c);
    out.inputs.push_back({name, ir::RealDisplay(f.type.dim), -1, r.shadow, f.c});
    return r;
  });
}

std::optional<ir::Scenario> Program::TryLower(ModuleInfo* m, const ast::ScenarioDecl& s,
                                              const std::vector<Override>& sets,
                                              const std::vector<UnitChoice>& units, Specialisation& spec) {
  // Only an Int or Bool param of this scenario that is not yet specialised can be.
  auto eligible = [&](const std::string& name) {
    if (spec.scalars.count(name)) return false;
    for (const ast::ParamDecl& p : s.params)
      if (p.name == name && p.type.kind == ast::Type::Kind::Named && (p.type.name == "Int" || p.type.name == "Bool"))
        return true;
    return false;
  };
  while (true) {
    std::vector<diag::Engine::Tentative> held;
    diag::Engine::HoldToken token = diags_.Hold(&held);
    want_static_.clear();
    std::optional<ir::Scenario> r = LowerScenario(m, s, sets, units, spec);
    bool grew = false;
    if (!r)
      for (const std::string& name : want_static_)
        if (eligible(name)) {
          spec.scalars.insert(name);
          grew = true;
        }
    diags_.Release(token, /*replay=*/!grew);
    if (!grew) return r;
  }
}

std::optional<Variants> Program::LowerVariants(ModuleInfo* m, const ast::ScenarioDecl& s,
                                               const std::vector<Override>& sets,
                                               const std::vector<UnitChoice>& units, bool all_values) {
  Specialisation spec;
  // After a variant fails: a note naming its static params' values.
  // Errors that name no variant (a `--set` naming no param) do not count.
  auto blame = [&](unsigned errors_before, unsigned options_before) {
    std::string at;
    for (const ir::Param& param : last_params_) {
      if (!param.specialised) continue;
      auto pick = spec.pick.find(param.name);
      size_t idx = pick != spec.pick.end() ? pick->second : static_cast<size_t>(param.default_value);
      const double number =
          pick != spec.pick.end() && idx < param.values.size() ? param.values[idx] : param.default_value;
      std::string value = !param.labels.empty() ? (idx < param.labels.size() ? param.labels[idx] : "?")
                          : param.display.kind == ir::Display::Kind::Bool ? (number != 0 ? "true" : "false")
                                                                         : units::FormatNumber(number);
      at += fmt::format("{}`{} = {}`", at.empty() ? "" : ", ", param.name, value);
    }
    if (!at.empty() && diags_.ErrorCount() - errors_before > option_errors_ - options_before)
      Error(diag::Kind::specialised_at, s.name_range, fmt::format("in the variant of scenario `{}` with {}", s.name, at));
  };
  while (true) {
    spec.pick.clear();
    size_t scalars_before = spec.scalars.size();
    unsigned errors_first = diags_.ErrorCount(), options_first = option_errors_;
    std::optional<ir::Scenario> first = TryLower(m, s, sets, units, spec);
    if (!first) {
      blame(errors_first, options_first);
      return std::nullopt;
    }
    Variants out;
    for (uint32_t i = 0; i < first->params.size(); ++i)
      if (first->params[i].specialised) out.specialised.push_back(i);
    if (!all_values || out.specialised.empty()) {
      out.scenarios.push_back(std::move(*first));
      return out;
    }
    uint64_t count = 1;
    for (uint32_t i : out.specialised) {
      count *= first->params[i].values.size();
      if (count > kMaxVariants) break;
    }
    if (count > kMaxVariants) {
      std::string names;
      for (uint32_t i : out.specialised)
        names += fmt::format("{}`{}` ({} values)", names.empty() ? "" : " x ", first->params[i].name,
                             first->params[i].values.size());
      Error(diag::Kind::eval_limit, s.name_range,
            fmt::format("scenario `{}` would be specialised into more than {} variants: {}; sweep fewer values of "
                        "the params whose values are static",
                        s.name, kMaxVariants, names));
      return std::nullopt;
    }
    bool restart = false;
    for (uint64_t k = 0; k < count && !restart; ++k) {
      uint64_t rest = k;
      for (size_t j = out.specialised.size(); j-- > 0;) {
        const ir::Param& param = first->params[out.specialised[j]];
        spec.pick[param.name] = rest % param.values.size();
        rest /= param.values.size();
      }
      unsigned errors = diags_.ErrorCount(), options = option_errors_;
      std::optional<ir::Scenario> v = TryLower(m, s, sets, units, spec);
      if (spec.scalars.size() != scalars_before) {
        restart = true;  // another param became static: the variants are other ones
        break;
      }
      if (!v) {
        blame(errors, options);
        return std::nullopt;
      }
      // The axes are the product's: a param's values may not depend on another's variant.
      for (size_t i = 0; i < v->params.size(); ++i)
        if (v->params[i].values != first->params[i].values || v->params[i].labels != first->params[i].labels) {
          Error(diag::Kind::bad_scenario, v->params[i].range,
                fmt::format("the values of param `{}` differ between variants; a param's values may not "
                            "depend on a param whose values are static",
                            v->params[i].name));
          blame(errors, options);
          return std::nullopt;
        }
      // And the columns: each report means the same kind of number in every variant.
      for (size_t i = 0; i < v->reports.size() && i < first->reports.size(); ++i) {
        const ir::Display &a = first->reports[i].display, &b = v->reports[i].display;
        // An `Int` in one variant and a `Real` in another is a `Real` column (`2^n` is
        // exact for n >= 0 and a fraction below): numbers alike, unified below.
        const bool numbers = a.kind != ir::Display::Kind::Bool && b.kind != ir::Display::Kind::Bool;
        if ((a.kind != b.kind && !numbers) || a.dim != b.dim) {
          // The kind and the unit, each named where it is the difference (`Int` and `Real`
          // of one unit print alike otherwise).
          auto describe = [&](const ir::Display& d) -> std::string {
            if (d.kind == ir::Display::Kind::Bool) return "Bool";
            const char* kind = d.kind == ir::Display::Kind::Int ? "Int" : "Real";
            if (d.dim.IsNone()) return kind;
            return a.kind == b.kind ? d.dim.Str() : fmt::format("{} of {}", kind, d.dim.Str());
          };
          Error(diag::Kind::type_mismatch, v->reports[i].range,
                fmt::format("report `{}` is `{}` in one variant and `{}` in another; it must be the same in "
                            "every variant of the scenario",
                            v->reports[i].name, describe(a), describe(b)));
          blame(errors, options);
          return std::nullopt;
        }
      }
      out.scenarios.push_back(std::move(*v));
    }
    if (!restart) {
      for (size_t i = 0; !out.scenarios.empty() && i < out.scenarios[0].reports.size(); ++i) {
        bool real = false;
        for (const ir::Scenario& v : out.scenarios)
          real |= i < v.reports.size() && v.reports[i].display.kind == ir::Display::Kind::Real;
        if (real)
          for (ir::Scenario& v : out.scenarios)
            if (i < v.reports.size()) v.reports[i].display.kind = ir::Display::Kind::Real;
      }
      return out;
    }
  }
}

}  // namespace rl::check

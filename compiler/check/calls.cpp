// Function calls (user functions are instantiated at each call with the arguments'
// values, like templates), built-in functions, record construction, functional update
// (`with`) and field access.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/Path.h>

#include "base/suggest.h"
#include "compiler/check/program.h"
#include "compiler/ir/semantics.h"

namespace rl::check {

// A record's field names, for suggestions.
static std::vector<std::string> FieldNames(const ast::RecordDecl& rec) {
  std::vector<std::string> out;
  for (const ast::FieldDecl& f : rec.fields) out.push_back(f.name);
  return out;
}

using B = ScalarType::Base;

Value Program::Call(const ast::CallExpr* call, const Env& env) {
  // A function called by name needs no origin (EvalName's `tag`): it is called here.
  Value callee;
  if (call->callee->kind == ast::ExprKind::Name) {
    if (diags_.Stopped() || gave_up_ || !Spend(1, call->callee->range)) return Value::Error();
    callee = EvalName(static_cast<const ast::NameExpr*>(call->callee), env, /*tag=*/false);
  } else {
    callee = Eval(call->callee, env);
  }
  std::vector<Value> args;
  std::vector<std::string> names;
  for (const ast::Arg& a : call->args) {
    args.push_back(Eval(a.value, env));
    names.push_back(a.name);
  }
  if (callee.IsError()) return callee;
  for (const Value& a : args)
    if (a.IsError()) return a;
  if (callee.kind == Value::Kind::Builtin) {
    for (size_t i = 0; i < names.size(); ++i)
      if (!names[i].empty()) {
        Error(diag::Kind::bad_call, call->args[i].range, "built-in functions take no named arguments");
        return Value::Error();
      }
    return CallBuiltin(callee.builtin, call, args, env);
  }
  if (callee.kind != Value::Kind::Func) {
    Error(diag::Kind::not_callable, call->callee->range,
          fmt::format("`{}` is not a function", Describe(callee)));
    return Value::Error();
  }
  std::vector<SourceRange> ranges;
  for (const ast::Arg& a : call->args) ranges.push_back(a.range);
  return CallFn(callee, call->range, ranges, args, names, env);
}

// A lambda captures a flat copy of the locals in scope (values are cheap to copy: lists
// and records share their elements), so it may outlive the frame that made it.
Value Program::MakeLambda(const ast::LambdaExpr* e, const Env& env) {
  std::vector<const Scope*> chain;
  for (const Scope* s = env.scope; s; s = s->parent) chain.push_back(s);
  auto captured = std::make_shared<Scope>();
  for (auto it = chain.rbegin(); it != chain.rend(); ++it)
    for (const auto& var : (*it)->vars) captured->vars.push_back(var);
  Value v;
  v.kind = Value::Kind::Func;
  v.fn = e->fn.get();
  v.fn_module = env.module;
  v.captured = std::move(captured);
  v.origin = CurrentSite();
  return v;
}

std::shared_ptr<const CallSite> Program::MakeSite(SourceRange at, const std::string* name, bool call,
                                                  std::shared_ptr<const CallSite> parent,
                                                  std::shared_ptr<const CallSite> origin) const {
  // Lists are cut at a depth of 1000: a fold that calls each function value it made to
  // make the next would otherwise chain them all (memory, and a deep recursion to free).
  constexpr uint32_t kMaxDepth = 1000;
  if (parent && parent->depth >= kMaxDepth) parent = nullptr;
  if (origin && origin->depth >= kMaxDepth) origin = nullptr;
  bool user = !InStdlib(at) || (parent && parent->user) || (origin && origin->user);
  uint32_t depth = 1 + std::max(parent ? parent->depth : 0, origin ? origin->depth : 0);
  return std::make_shared<const CallSite>(
      CallSite{at, name, call, user, depth, std::move(parent), std::move(origin)});
}

std::shared_ptr<const CallSite> Program::CurrentSite() {
  if (frames_.size() <= frames_base_) return nullptr;
  size_t i = frames_.size();
  while (i > frames_base_ && !frames_[i - 1].site) --i;
  for (; i < frames_.size(); ++i) {
    Frame& f = frames_[i];
    f.site = MakeSite(f.at, f.name, true, i > frames_base_ ? frames_[i - 1].site : nullptr, f.origin);
  }
  return frames_.back().site;
}

// The sites of the spec (outside the stdlib) that led here, innermost first. A call made
// by the library stands for nothing the spec wrote, unless its callee is a function value
// the spec made: then the sites where it was made follow (and the library's own callers
// do not: the value's origin says where it came from).
static void UserSites(const Program& p, const CallSite* s, std::vector<const CallSite*>& out) {
  for (; s; s = s->parent.get()) {
    if (!p.InStdlib(s->at)) {
      out.push_back(s);
    } else if (s->origin && s->origin->user) {
      UserSites(p, s->origin.get(), out);
      return;
    }
  }
}

void Program::RaiseUserError(diag::Kind k, const std::string& message, SourceRange raised,
                             const char* builtin) {
  std::shared_ptr<const CallSite> here = CurrentSite();
  std::vector<const CallSite*> sites;
  UserSites(*this, here.get(), sites);
  SourceRange at = sites.empty() ? raised : sites[0]->at;
  Error(k, at, diag::UserText(message));
  if (!InStdlib(raised) && !sites.empty())
    Error(diag::Kind::called_from, raised, fmt::format("raised by this `{}`", builtin));
  // The calls around it, at most 10 (a recursion would list hundreds).
  for (size_t i = 1; i < sites.size(); ++i) {
    if (i > 9 && i + 1 < sites.size()) continue;
    if (sites[i]->call && !(sites[i]->at.buffer == at.buffer && sites[i]->at.begin == at.begin))
      Error(diag::Kind::called_from, sites[i]->at, fmt::format("in this call of `{}`", *sites[i]->name));
  }
  blamed_ = at;
}

Value Program::CallFn(const Value& fnv, SourceRange call_range, const std::vector<SourceRange>& arg_ranges,
                      std::vector<Value>& args, std::vector<std::string>& names, const Env& env) {
  const ast::FnDecl& fn = *fnv.fn;
  std::vector<std::optional<Value>> bound(fn.params.size());
  size_t positional = 0;
  bool named = false;
  for (size_t i = 0; i < args.size(); ++i) {
    size_t slot;
    if (names[i].empty()) {
      // Positional then named: `f(b = 2, 1)` would bind the 1 to `a` by its place.
      if (named) {
        Error(diag::Kind::bad_call, arg_ranges[i],
              fmt::format("a positional argument after a named one in a call of `{}`", fn.name));
        return Value::Error();
      }
      slot = positional++;
      if (slot >= fn.params.size()) {
        Error(diag::Kind::bad_call, arg_ranges[i],
              fmt::format("`{}` takes {} argument{}, got {}", fn.name, fn.params.size(),
                          fn.params.size() == 1 ? "" : "s", args.size()));
        return Value::Error();
      }
    } else {
      named = true;
      slot = fn.params.size();
      for (size_t p = 0; p < fn.params.size(); ++p)
        if (fn.params[p].name == names[i]) slot = p;
      if (slot == fn.params.size()) {
        Error(diag::Kind::bad_call, arg_ranges[i],
              fmt::format("`{}` has no parameter `{}`", fn.name, names[i]));
        return Value::Error();
      }
    }
    if (bound[slot]) {
      Error(diag::Kind::bad_call, arg_ranges[i],
            fmt::format("parameter `{}` of `{}` is given twice", fn.params[slot].name, fn.name));
      return Value::Error();
    }
    bound[slot] = Conform(args[i], fn.params[slot].type, fnv.fn_module, arg_ranges[i],
                          fmt::format("argument `{}` of `{}`", fn.params[slot].name, fn.name));
    if (bound[slot]->IsError()) return Value::Error();
  }
  if (call_depth_ >= opts_.max_call_depth) {
    Error(diag::Kind::recursion_limit, call_range,
          fmt::format("calls nested more than {} deep; is `{}` recursive without a static base case?",
                      opts_.max_call_depth, fn.name));
    return Value::Error();
  }
  // Defaults see the parameters before them.
  Scope scope{fnv.captured.get(), {}};
  for (size_t p = 0; p < fn.params.size(); ++p) {
    if (!bound[p]) {
      if (!fn.params[p].default_value) {
        Error(diag::Kind::bad_call, call_range,
              fmt::format("missing argument `{}` of `{}`", fn.params[p].name, fn.name));
        return Value::Error();
      }
      Value d = Eval(fn.params[p].default_value, Env{fnv.fn_module, &scope, env.ir});
      bound[p] = Conform(d, fn.params[p].type, fnv.fn_module, fn.params[p].default_value->range,
                         fmt::format("the default of `{}`", fn.params[p].name));
      if (bound[p]->IsError()) return Value::Error();
    }
    scope.vars.push_back({fn.params[p].name, *bound[p]});
  }
  ++call_depth_;
  frames_.push_back({call_range, &fn.name, fnv.origin, nullptr});
  SourceRange cond = dynamic_cond_;
  ir::ValueId cond_value = dynamic_cond_value_;
  dynamic_cond_ = {};  // a branch's callee decides its own `if`s
  unsigned errors_before = diags_.ErrorCount();
  Value result = Eval(fn.body, Env{fnv.fn_module, &scope, env.ir});
  if (fn.result && !result.IsError())
    result = Conform(result, *fn.result, fnv.fn_module, fn.body->range,
                     fmt::format("the result of `{}`", fn.name));
  dynamic_cond_ = cond;
  dynamic_cond_value_ = cond_value;
  frames_.pop_back();
  --call_depth_;
  if (diags_.ErrorCount() > errors_before && call_depth_ == 0 && call_range.Valid() &&
      !(blamed_.buffer == call_range.buffer && blamed_.begin == call_range.begin))
    Error(diag::Kind::called_from, call_range, fmt::format("in this call of `{}`", fn.name));
  return result;
}

Value Program::CallValue(const Value& fn, std::vector<Value>& args, std::vector<std::string>& names) {
  eval_steps_ = 0;
  gave_up_ = false;
  std::vector<SourceRange> ranges(args.size());
  return CallFn(fn, {}, ranges, args, names, Env{root, nullptr, nullptr});
}

Value Program::EvalStatic(const ast::Expr* e) {
  eval_steps_ = 0;
  gave_up_ = false;
  return Eval(e, Env{root, nullptr, nullptr});
}

// Every field of a literal is checked even after one fails: the fields are independent,
// so a literal with two mistakes reports both. A failed field is Error in `given` (given,
// not missing), and FinishRecord then reports only what is independent of it.
Value Program::MakeRecord(const ast::RecordExpr* e, const Env& env) {
  ModuleInfo* owner = nullptr;
  const ast::RecordDecl* rec = FindRecord(env.module, e->qualifier, e->type_name, &owner);
  if (!rec) {
    // The values' own mistakes do not depend on the type (the resolver named it).
    for (const ast::FieldInit& f : e->fields) Eval(f.value, env);
    UnknownRecord(env.module, e);
    return Value::Error();
  }
  std::vector<std::optional<Value>> given(rec->fields.size());
  bool failed = false;
  for (const ast::FieldInit& f : e->fields) {
    Value v = Eval(f.value, env);
    size_t i = 0;
    while (i < rec->fields.size() && rec->fields[i].name != f.path[0]) ++i;
    if (i == rec->fields.size()) {
      Error(diag::Kind::unknown_field, f.range,
            fmt::format("`{}` has no field `{}`{}", rec->name, f.path[0], DidYouMean(f.path[0], FieldNames(*rec))));
      failed = true;
      continue;
    }
    if (given[i]) {
      Error(diag::Kind::duplicate_name, f.range, fmt::format("field `{}` is given twice", f.path[0]));
      failed = true;
      continue;
    }
    given[i] = Conform(v, rec->fields[i].type, owner, f.value->range,
                       fmt::format("field `{}` of `{}`", f.path[0], rec->name));
    failed |= given[i]->IsError();
  }
  Value r = FinishRecord(rec, owner, given, e->range, env);
  return failed ? Value::Error() : r;
}

Value Program::FinishRecord(const ast::RecordDecl* rec, ModuleInfo* owner, std::vector<std::optional<Value>>& given,
                            SourceRange where, const Env& env) {
  // First every field left out that has no default, each one a mistake of its own; a
  // field given with a failed value is not missing.
  bool failed = false;
  for (size_t i = 0; i < rec->fields.size(); ++i) {
    const ast::FieldDecl& fd = rec->fields[i];
    size_t first = 0;
    while (rec->fields[first].name != fd.name) ++first;
    if (first < i) given[i] = given[first];  // a field declared twice (the resolver said so)
    if (given[i]) {
      failed |= given[i]->IsError();
    } else if (!fd.default_value) {
      Error(diag::Kind::missing_field, where,
            fmt::format("`{}` needs field `{}` ({})", rec->name, fd.name, TypeText(fd.type)));
      failed = true;
    }
  }
  // Defaults see the fields before them, so with a field failed or missing they would
  // only repeat that mistake: they are evaluated for a complete record alone.
  if (failed) return Value::Error();
  auto fields = std::make_shared<std::vector<Value>>();
  Scope scope{nullptr, {}};
  for (size_t i = 0; i < rec->fields.size(); ++i) {
    const ast::FieldDecl& fd = rec->fields[i];
    if (!given[i]) {
      given[i] = Conform(Eval(fd.default_value, Env{owner, &scope, env.ir}), fd.type, owner,
                         fd.default_value->range, fmt::format("the default of `{}`", fd.name));
      if (given[i]->IsError()) return Value::Error();
    }
    scope.vars.push_back({fd.name, *given[i]});
    fields->push_back(*given[i]);
  }
  Value r;
  r.kind = Value::Kind::Record;
  r.record = rec;
  r.record_module = owner;
  r.elems = fields;
  return r;
}

// Replaces the field at `path[depth..]` inside `base`, returning the updated copy.
static Value Update(Program& p, const Value& base, const ast::FieldInit& u, size_t depth,
                    const Value& v) {
  if (base.kind != Value::Kind::Record) {
    p.Error(diag::Kind::type_mismatch, u.range,
            fmt::format("`with` needs a record, got `{}`", Describe(base)));
    return Value::Error();
  }
  const ast::RecordDecl* rec = base.record;
  size_t i = 0;
  while (i < rec->fields.size() && rec->fields[i].name != u.path[depth]) ++i;
  if (i == rec->fields.size()) {
    p.Error(diag::Kind::unknown_field, u.range,
            fmt::format("`{}` has no field `{}`{}", rec->name, u.path[depth],
                        DidYouMean(u.path[depth], FieldNames(*rec))));
    return Value::Error();
  }
  Value nv = depth + 1 == u.path.size()
                 ? p.Conform(v, rec->fields[i].type, base.record_module, u.value->range,
                             fmt::format("field `{}` of `{}`", u.path[depth], rec->name))
                 : Update(p, (*base.elems)[i], u, depth + 1, v);
  if (nv.IsError()) return nv;
  auto fields = std::make_shared<std::vector<Value>>(*base.elems);
  (*fields)[i] = nv;
  Value r = base;
  r.elems = fields;
  return r;
}

// Each update is checked against the record as the updates before it left it; one that
// fails leaves the record unchanged and the rest are still checked, so every independent
// mistake in the braces is reported. The result is Error when any failed.
Value Program::With(const ast::WithExpr* e, const Env& env) {
  Value acc = Eval(e->base, env);
  bool failed = acc.IsError();
  if (!failed && acc.kind != Value::Kind::Record) {
    // Once, at the base: every field of a non-record would fail the same way.
    Error(diag::Kind::type_mismatch, e->base->range,
          fmt::format("`with` needs a record, got `{}`", Describe(acc)));
    failed = true;
  }
  for (size_t k = 0; k < e->updates.size(); ++k) {
    const ast::FieldInit& u = e->updates[k];
    Value v = Eval(u.value, env);
    if (acc.IsError() || acc.kind != Value::Kind::Record) continue;
    // As in a record literal: the same field twice is a slip, not "the last one wins".
    if (std::any_of(e->updates.begin(), e->updates.begin() + k,
                    [&](const ast::FieldInit& before) { return before.path == u.path; })) {
      Error(diag::Kind::duplicate_name, u.range,
            fmt::format("field `{}` is given twice", llvm::join(u.path, ".")));
      failed = true;
      continue;
    }
    // A failed value still has its path looked up (Conform passes Error on quietly): a
    // misspelt field is a mistake of its own.
    Value next = Update(*this, acc, u, 0, v);
    if (next.IsError())
      failed = true;
    else
      acc = next;
  }
  return failed ? Value::Error() : acc;
}

Value Program::Field(const Value& base, const std::string& field, SourceRange where, const Env& env) {
  if (base.IsError()) return base;
  if (base.kind == Value::Kind::Module) {
    // A name that starts with `_` is its module's own, by qualified access too.
    if (!base.module->globals.count(field) || (field[0] == '_' && base.module != env.module)) {
      std::vector<std::string> names;
      for (const auto& [n, _] : base.module->globals)
        if (n[0] != '_') names.push_back(n);
      Error(diag::Kind::unknown_name, where,
            fmt::format("module `{}` has no `{}`{}", llvm::sys::path::filename(base.module->ast->path).str(), field,
                        DidYouMean(field, names)));
      return Value::Error();
    }
    bool found = false;
    Value g = LookupGlobal(base.module, field, where, &found);
    // `nn.relu` in the spec, like a plain `relu` (EvalName).
    if (g.kind == Value::Kind::Func && !(g.origin && g.origin->user) && !InStdlib(where))
      g.origin = MakeSite(where, &field, false, CurrentSite(), g.origin);
    return g;
  }
  if (base.kind != Value::Kind::Record) {
    Error(diag::Kind::type_mismatch, where, fmt::format("`{}` has no fields; `.{}` needs a record", Describe(base), field));
    return Value::Error();
  }
  for (size_t i = 0; i < base.record->fields.size(); ++i)
    if (base.record->fields[i].name == field) return (*base.elems)[i];
  Error(diag::Kind::unknown_field, where,
        fmt::format("`{}` has no field `{}`{}", base.record->name, field, DidYouMean(field, FieldNames(*base.record))));
  return Value::Error();
}

}  // namespace rl::check

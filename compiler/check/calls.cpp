// Function calls (user functions are instantiated at each call with the arguments'
// values, like templates), built-in functions, record construction, functional update
// (`with`) and field access.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <llvm/Support/Path.h>

#include "compiler/base/suggest.h"
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
  Error(k, at, message);
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
  for (size_t i = 0; i < args.size(); ++i) {
    size_t slot;
    if (names[i].empty()) {
      slot = positional++;
      if (slot >= fn.params.size()) {
        Error(diag::Kind::bad_call, arg_ranges[i],
              fmt::format("`{}` takes {} argument{}, got {}", fn.name, fn.params.size(),
                          fn.params.size() == 1 ? "" : "s", args.size()));
        return Value::Error();
      }
    } else {
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

bool CheckArgCount(Program& p, const ast::CallExpr* call, size_t n, size_t lo, size_t hi, const char* name) {
  if (n >= lo && n <= hi) return true;
  p.Error(diag::Kind::bad_call, call->range,
          lo == hi       ? fmt::format("`{}` takes {} argument{}, got {}", name, lo, lo == 1 ? "" : "s", n)
          : hi == lo + 1 ? fmt::format("`{}` takes {} or {} arguments, got {}", name, lo, hi, n)
                         : fmt::format("`{}` takes {} to {} arguments, got {}", name, lo, hi, n));
  return false;
}

static bool NeedScalars(Program& p, const ast::CallExpr* call, const std::vector<Value>& args,
                        const char* name, size_t lo, size_t hi) {
  if (!CheckArgCount(p, call, args.size(), lo, hi, name)) return false;
  for (size_t i = 0; i < args.size(); ++i)
    if (!args[i].IsScalar() || !args[i].type.IsNumeric()) {
      p.Error(diag::Kind::type_mismatch, call->args[i].range,
              fmt::format("`{}` needs numbers, got `{}`", name, Describe(args[i])));
      return false;
    }
  return true;
}

// The text of a static value for `str`: `[3, 224, 224]`, `12.5 GB/s` as `12500000000 B/s`,
// `Link { bw = ..., lat = ... }`. Stops (false) at a param-dependent number (`*dynamic`)
// or past `limit` characters (a list that shares one long list many times).
static bool Show(const Value& v, bool top, std::string& out, size_t limit, const Value** dynamic) {
  if (out.size() > limit) return false;
  switch (v.kind) {
    case Value::Kind::Scalar:
      if (!v.is_const) {
        *dynamic = &v;
        return false;
      }
      if (v.type.base == ScalarType::Base::Bool) {
        out += v.c != 0 ? "true" : "false";
      } else {
        out += units::FormatNumber(v.c);
        if (!v.type.dim.IsNone()) out += " " + v.type.dim.Str();
      }
      return true;
    case Value::Kind::String:
      out += top ? v.str : "\"" + v.str + "\"";
      return true;
    case Value::Kind::List:
    case Value::Kind::Record: {
      bool list = v.kind == Value::Kind::List;
      out += list ? "[" : v.record->name + " { ";
      for (size_t i = 0; i < v.elems->size(); ++i) {
        if (i > 0) out += ", ";
        if (!list) out += v.record->fields[i].name + " = ";
        if (!Show((*v.elems)[i], false, out, limit, dynamic)) return false;
      }
      out += list ? "]" : " }";
      return out.size() <= limit;
    }
    case Value::Kind::Error:
    case Value::Kind::Func:
    case Value::Kind::Builtin:
    case Value::Kind::Module:
      out += Describe(v);  // `fn conv2d`
      return true;
    case Value::Kind::Bundle:
      out += v.str.empty() ? "mlp_bundle()" : "mlp_bundle(\"" + v.str + "\")";
      return true;
  }
  return true;
}

Value Program::CallBuiltin(Builtin b, const ast::CallExpr* call, std::vector<Value>& args, const Env& env) {
  SourceRange at = call->range;
  auto dimensionless = [&](const char* name) {
    if (!NeedScalars(*this, call, args, name, 1, 1)) return false;
    if (!args[0].type.dim.IsNone()) {
      Error(diag::Kind::unit_mismatch, call->args[0].range,
            fmt::format("`{}` needs a dimensionless number, got `{}`; divide by a unit first "
                        "(`{}(x / 1 s)`)", name, args[0].type.dim.Str(), name));
      return false;
    }
    return true;
  };
  const ScalarType real{B::Real, {}, false};
  switch (b) {
    case Builtin::Min:
    case Builtin::Max: {
      const char* name = b == Builtin::Min ? "min" : "max";
      // `max(list)` folds a list; `max(a, b, ...)` its arguments.
      if (args.size() == 1 && args[0].kind == Value::Kind::List) {
        std::vector<Value> items = *args[0].elems;
        if (items.empty()) {
          Error(diag::Kind::empty_list, call->args[0].range, fmt::format("`{}` of an empty list has no value", name));
          return Value::Error();
        }
        args = items;
        for (const Value& v : args)
          if (!v.IsScalar() || !v.type.IsNumeric()) {
            Error(diag::Kind::type_mismatch, call->args[0].range,
                  fmt::format("`{}` needs a list of numbers, got `{}`", name, Describe(v)));
            return Value::Error();
          }
      } else if (args.size() < 2) {
        Error(diag::Kind::bad_call, call->range,
              fmt::format("`{}` takes one list or two or more numbers, got {}", name,
                          args.empty() ? "nothing" : "one `" + Describe(args[0]) + "`"));
        return Value::Error();
      } else if (!NeedScalars(*this, call, args, name, 2, args.size())) {
        return Value::Error();
      }
      Value acc = args[0];
      for (size_t i = 1; i < args.size(); ++i) {
        const Value& v = args[i];
        if (!acc.IsScalar() || !v.IsScalar() || !v.type.IsNumeric()) {
          Error(diag::Kind::type_mismatch, at, fmt::format("`{}` needs numbers, got `{}`", name, Describe(v)));
          return Value::Error();
        }
        if (!acc.type.any_dim && !v.type.any_dim && acc.type.dim != v.type.dim) {
          Error(diag::Kind::unit_mismatch, at,
                fmt::format("`{}` of `{}` and `{}`; the arguments must agree", name,
                            acc.type.dim.Str(), v.type.dim.Str()));
          return Value::Error();
        }
        ScalarType t = acc.type.any_dim ? v.type : acc.type;
        if (acc.type.base != v.type.base) t.base = B::Real;
        t.any_dim = acc.type.any_dim && v.type.any_dim;
        ir::Op op = b == Builtin::Min ? ir::Op::Min : ir::Op::Max;
        if (acc.is_const && v.is_const)
          acc = Value::Const(ir::Apply(op, acc.c, v.c, 0), t);
        else {
          ir::ValueId a = Materialize(acc, *env.ir, at);  // operands in order (ops.cpp, Select)
          acc = Value::Dynamic(env.ir->Binary(op, a, Materialize(v, *env.ir, at), at), t);
        }
      }
      return acc;
    }
    case Builtin::Abs:
      if (!NeedScalars(*this, call, args, "abs", 1, 1)) return Value::Error();
      return Math(ir::Op::Abs, args[0], args[0].type, at, env);
    case Builtin::Sqrt: {
      if (!NeedScalars(*this, call, args, "sqrt", 1, 1)) return Value::Error();
      std::optional<units::Dim> d = args[0].type.dim.Sqrt();
      if (!d) {
        Error(diag::Kind::unit_mismatch, call->args[0].range,
              fmt::format("`sqrt` of `{}` has no unit; every exponent must be even", args[0].type.dim.Str()));
        return Value::Error();
      }
      if (args[0].is_const && args[0].c < 0) {
        Error(diag::Kind::domain_error, call->args[0].range, "`sqrt` of a negative constant");
        return Value::Error();
      }
      return Math(ir::Op::Sqrt, args[0], {B::Real, *d, false}, at, env);
    }
    case Builtin::Exp:
      if (!dimensionless("exp")) return Value::Error();
      return Math(ir::Op::Exp, args[0], real, at, env);
    case Builtin::Log:
    case Builtin::Log2:
    case Builtin::Log10: {
      const char* name = b == Builtin::Log ? "log" : b == Builtin::Log2 ? "log2" : "log10";
      if (!dimensionless(name)) return Value::Error();
      if (args[0].is_const && args[0].c <= 0) {
        Error(diag::Kind::domain_error, call->args[0].range,
              fmt::format("`{}` of {}, which is not positive", name, units::FormatNumber(args[0].c)));
        return Value::Error();
      }
      if (b == Builtin::Log10) {
        Value ln = Math(ir::Op::Log, args[0], real, at, env);
        return Binary(ast::BinaryOp::Div, ln, Value::Const(std::log(10.0), real), at, at, at, env);
      }
      return Math(b == Builtin::Log ? ir::Op::Log : ir::Op::Log2, args[0], real, at, env);
    }
    case Builtin::Ceil:
    case Builtin::Floor: {
      if (!dimensionless(b == Builtin::Ceil ? "ceil" : "floor")) return Value::Error();
      return Math(b == Builtin::Ceil ? ir::Op::Ceil : ir::Op::Floor, args[0], {B::Int, {}, false}, at, env);
    }
    case Builtin::Len:
      if (args.size() != 1 || args[0].kind != Value::Kind::List) {
        Error(diag::Kind::bad_call, at, "`len` takes one list");
        return Value::Error();
      }
      return Value::Int(static_cast<double>(args[0].elems->size()));
    case Builtin::Range: {
      // range(n) = [0, ..., n-1]; range(a, b) = [a, ..., b-1]. Structure, so static.
      if (args.empty() || args.size() > 2) {
        Error(diag::Kind::bad_call, at, "`range` takes one or two `Int`s");
        return Value::Error();
      }
      for (size_t i = 0; i < args.size(); ++i)
        if (!args[i].IsScalar() || args[i].type.base != B::Int || !args[i].is_const) {
          NeedStatic(args[i]);
          Error(args[i].IsStatic() ? diag::Kind::type_mismatch : diag::Kind::not_static, call->args[i].range,
                fmt::format("`range` needs constant `Int`s, got {}`{}`{}",
                            args[i].IsStatic() ? "" : "param-dependent ", Describe(args[i]), RoundHint(args[i])));
          return Value::Error();
        }
      double lo = args.size() == 2 ? args[0].c : 0, hi = args.back().c;
      if (hi - lo > 1e6) {
        Error(diag::Kind::bad_range, at, fmt::format("`range` of {} elements; the limit is 1000000",
                                                     units::FormatNumber(hi - lo)));
        return Value::Error();
      }
      // Each element counts against the evaluation budget, as much as building it costs
      // (about 8 expression steps), so an inner `range` rebuilt in a loop stops there too.
      if (hi > lo && !Spend(8 * static_cast<uint64_t>(hi - lo), at)) return Value::Error();
      auto out = std::make_shared<std::vector<Value>>();
      out->reserve(hi > lo ? static_cast<size_t>(hi - lo) : 0);
      for (double i = lo; i < hi; ++i) out->push_back(Value::Int(i));
      Value l;
      l.kind = Value::Kind::List;
      l.elems = out;
      return l;
    }
    case Builtin::Concat:
    case Builtin::Flatten: {
      // concat(a, b, ...) joins lists; flatten(xs) joins the lists inside one list.
      const char* name = b == Builtin::Concat ? "concat" : "flatten";
      std::vector<Value> parts = args;
      if (b == Builtin::Flatten) {
        if (args.size() != 1 || args[0].kind != Value::Kind::List) {
          Error(diag::Kind::bad_call, at, "`flatten` takes one list of lists");
          return Value::Error();
        }
        parts = *args[0].elems;
      }
      auto out = std::make_shared<std::vector<Value>>();
      size_t total = 0;
      for (size_t i = 0; i < parts.size(); ++i) {
        if (parts[i].kind != Value::Kind::List) {
          Error(diag::Kind::type_mismatch, b == Builtin::Concat ? call->args[i].range : call->args[0].range,
                fmt::format("`{}` joins lists, got `{}`", name, Describe(parts[i])));
          return Value::Error();
        }
        total += parts[i].elems->size();
      }
      // A list a spec doubles in a loop stops here, as `range` does, and each element counts
      // against the evaluation budget.
      if (total > kMaxList) {
        Error(diag::Kind::eval_limit, at,
              fmt::format("`{}` would make a list of {} elements; the limit is {}", name, total, kMaxList));
        return Value::Error();
      }
      if (!Spend(total, at)) return Value::Error();
      out->reserve(total);
      for (const Value& part : parts) out->insert(out->end(), part.elems->begin(), part.elems->end());
      Value l;
      l.kind = Value::Kind::List;
      l.elems = out;
      return l;
    }
    case Builtin::Fold: {
      // fold(f, init, xs) = f(...f(f(init, xs[0]), xs[1])..., xs[n-1]), iteratively, so a
      // network of a thousand layers needs no recursion.
      if (args.size() != 3 || args[0].kind != Value::Kind::Func || args[2].kind != Value::Kind::List) {
        Error(diag::Kind::bad_call, at, "`fold` takes a function of two arguments, an initial value and a list");
        return Value::Error();
      }
      Value acc = args[1];
      std::vector<SourceRange> ranges{call->args[1].range, call->args[2].range};
      std::vector<std::string> names(2);
      for (const Value& item : *args[2].elems) {
        std::vector<Value> fargs{acc, item};
        acc = CallFn(args[0], at, ranges, fargs, names, env);
        if (acc.IsError()) return acc;
      }
      return acc;
    }
    case Builtin::MlpBundle:
    case Builtin::MlpHas:
    case Builtin::MlpPredict: return CallKernelBuiltin(b, call, args, env);
    case Builtin::Str: {
      // str(v): a static value as text, for messages (`"got `" + str(x) + "`"`).
      if (args.size() != 1) {
        Error(diag::Kind::bad_call, at, fmt::format("`str` takes one value, got {}", args.size()));
        return Value::Error();
      }
      Value r;
      r.kind = Value::Kind::String;
      const Value* dynamic = nullptr;
      if (!Show(args[0], true, r.str, kMaxString, &dynamic)) {
        if (dynamic) NeedStatic(*dynamic);
        if (dynamic)
          Error(diag::Kind::not_static, call->args[0].range,
                fmt::format("`str` needs a value known when the spec is checked, got {}param-dependent `{}`",
                            dynamic == &args[0] ? "" : "`" + Describe(args[0]) + "` holding a ",
                            Describe(*dynamic)));
        else
          Error(diag::Kind::eval_limit, call->args[0].range,
                fmt::format("`str` of this value is longer than {} characters", kMaxString));
        return Value::Error();
      }
      return r;
    }
    case Builtin::Error:
    case Builtin::ShapeError: {
      // error(message), shape_error(message): a diagnostic where the spec asked for what
      // failed (RaiseUserError); the value poisons whatever uses it.
      const char* name = b == Builtin::Error ? "error" : "shape_error";
      if (args.size() != 1 || args[0].kind != Value::Kind::String) {
        Error(diag::Kind::bad_call, at,
              fmt::format("`{}` takes one `String`, the message, got {}", name,
                          args.size() == 1 ? "`" + Describe(args[0]) + "`" : std::to_string(args.size()) + " arguments"));
        return Value::Error();
      }
      if (dynamic_cond_.Valid()) {
        NeedStatic(dynamic_cond_value_);
        Error(diag::Kind::not_static, dynamic_cond_,
              fmt::format("this condition depends on a param, so whether its branch raises `{}` cannot "
                          "be decided when the spec is checked; test only shapes and constants", name));
        return Value::Error();
      }
      RaiseUserError(b == Builtin::Error ? diag::Kind::user_error : diag::Kind::shape_mismatch,
                     args[0].str, at, name);
      return Value::Error();
    }
    case Builtin::Roofline: {
      // roofline(work, traffic, peak, bw) = max(work / peak, traffic / bw)
      if (!NeedScalars(*this, call, args, "roofline", 4, 4)) return Value::Error();
      const units::Dim kWork = units::Dim::Of(units::BaseDim::Work);
      const units::Dim kData = units::Dim::Of(units::BaseDim::Data);
      const units::Dim kPerS = units::Dim::Of(units::BaseDim::Time, -1);
      const units::Dim want[4] = {kWork, kData, kWork * kPerS, kData * kPerS};
      const char* names[4] = {"work", "traffic", "peak", "bw"};
      for (int i = 0; i < 4; ++i)
        if (args[i].type.dim != want[i]) {
          Error(diag::Kind::unit_mismatch, call->args[i].range,
                fmt::format("`roofline` argument `{}` must be `{}`, got `{}`", names[i], want[i].Str(),
                            Describe(args[i])));
          return Value::Error();
        }
      Value compute = Binary(ast::BinaryOp::Div, args[0], args[2], at, at, at, env);
      Value memory = Binary(ast::BinaryOp::Div, args[1], args[3], at, at, at, env);
      if (compute.IsError() || memory.IsError()) return Value::Error();
      ScalarType t{B::Real, units::Dim::Of(units::BaseDim::Time), false};
      if (compute.is_const && memory.is_const) return Value::Const(ir::Apply(ir::Op::Max, compute.c, memory.c, 0), t);
      ir::ValueId a = Materialize(compute, *env.ir, at);
      return Value::Dynamic(env.ir->Binary(ir::Op::Max, a, Materialize(memory, *env.ir, at), at), t);
    }
  }
  return Value::Error();
}

Value Program::MakeRecord(const ast::RecordExpr* e, const Env& env) {
  ModuleInfo* owner = nullptr;
  const ast::RecordDecl* rec = FindRecord(env.module, e->qualifier, e->type_name, &owner);
  if (!rec) {
    UnknownRecord(env.module, e);
    return Value::Error();
  }
  std::vector<std::optional<Value>> given(rec->fields.size());
  for (const ast::FieldInit& f : e->fields) {
    size_t i = 0;
    while (i < rec->fields.size() && rec->fields[i].name != f.path[0]) ++i;
    if (i == rec->fields.size()) {
      Error(diag::Kind::unknown_field, f.range,
            fmt::format("`{}` has no field `{}`{}", rec->name, f.path[0], DidYouMean(f.path[0], FieldNames(*rec))));
      return Value::Error();
    }
    if (given[i]) {
      Error(diag::Kind::duplicate_name, f.range, fmt::format("field `{}` is given twice", f.path[0]));
      return Value::Error();
    }
    given[i] = Conform(Eval(f.value, env), rec->fields[i].type, owner, f.value->range,
                       fmt::format("field `{}` of `{}`", f.path[0], rec->name));
    if (given[i]->IsError()) return Value::Error();
  }
  return FinishRecord(rec, owner, given, e->range, env);
}

Value Program::FinishRecord(const ast::RecordDecl* rec, ModuleInfo* owner, std::vector<std::optional<Value>>& given,
                            SourceRange where, const Env& env) {
  auto fields = std::make_shared<std::vector<Value>>();
  Scope scope{nullptr, {}};  // defaults see the fields before them
  for (size_t i = 0; i < rec->fields.size(); ++i) {
    const ast::FieldDecl& fd = rec->fields[i];
    size_t first = 0;
    while (rec->fields[first].name != fd.name) ++first;
    if (first < i) given[i] = given[first];  // a field declared twice (the resolver said so)
    if (!given[i]) {
      if (!fd.default_value) {
        Error(diag::Kind::missing_field, where,
              fmt::format("`{}` needs field `{}` ({})", rec->name, fd.name, TypeText(fd.type)));
        return Value::Error();
      }
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

Value Program::With(const ast::WithExpr* e, const Env& env) {
  Value acc = Eval(e->base, env);
  for (const ast::FieldInit& u : e->updates) {
    if (acc.IsError()) return acc;
    Value v = Eval(u.value, env);
    if (v.IsError()) return v;
    acc = Update(*this, acc, u, 0, v);
  }
  return acc;
}

Value Program::Field(const Value& base, const std::string& field, SourceRange where, const Env& env) {
  if (base.IsError()) return base;
  if (base.kind == Value::Kind::Module) {
    if (!base.module->globals.count(field)) {
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

// The partial evaluator's expression walk: literals, names, `if`, reductions, lists,
// blocks. Static parts are computed here; scalars that depend on params become IR.
#include <cmath>

#include <fmt/format.h>

#include "compiler/check/program.h"
#include "compiler/ir/semantics.h"

namespace rl::check {

using B = ScalarType::Base;

Value Program::EvalNumber(const ast::NumberExpr* n) {
  if (n->unit && n->unit->text == "?") return Value::Error();
  std::string shown = n->text.size() <= 24 ? n->text : n->text.substr(0, 20) + "...";
  if (n->is_int) {
    // Compared as digits: past 2^53 a double rounds (`9007199254740993` would read as
    // ...992), and strtod is slow on a literal of a million digits. 2^53 itself is refused
    // as an `Int` result is (ir::kMaxExactInt).
    std::string digits;
    for (char c : n->text)
      if (c != '_' && (!digits.empty() || c != '0')) digits += c;
    if (digits.size() > 16 || (digits.size() == 16 && digits > "9007199254740991")) {
      Error(diag::Kind::domain_error, n->range,
            fmt::format("`{}` is too large for an exact `Int` (2^53 - 1 at most)", shown));
      return Value::Error();
    }
    return Value::Int(units::LiteralToSI(n->text, units::Unit{}));
  }
  std::optional<units::Unit> u = units::Unit{};
  if (n->unit) u = ResolveUnit(*n->unit);
  if (!u) return Value::Error();
  // An exponent of many digits would overflow the conversion's `int` (`1e` and a thousand
  // nines read as 0.1): past ±100000 the value is certainly infinite, or zero.
  size_t e = n->text.find_first_of("eE");
  std::string exp;
  if (e != std::string::npos)
    for (char c : n->text.substr(e + 1))
      if (c >= '0' && c <= '9' && (!exp.empty() || c != '0')) exp += c;
  bool huge_exp = exp.size() > 6;
  bool negative_exp = e != std::string::npos && n->text[e + 1] == '-';
  bool zero = n->text.substr(0, e).find_first_of("123456789") == std::string::npos;
  double v = huge_exp && (negative_exp || zero) ? 0 : huge_exp ? HUGE_VAL : units::LiteralToSI(n->text, *u);
  if (!std::isfinite(v)) {
    Error(diag::Kind::domain_error, n->range,
          fmt::format("`{}` is too large for a number (about 1.8e308 at most)", shown));
    return Value::Error();
  }
  return Value::Const(v, {B::Real, u->dim, false});
}

Value Program::EvalName(const ast::NameExpr* e, const Env& env, bool tag) {
  if (env.scope)
    if (const Value* v = env.scope->Find(e->name)) return *v;
  bool found = false;
  Value g = LookupGlobal(env.module, e->name, e->range, &found);
  if (found) {
    // A library block named in the spec (`relu`, `global_avgpool`) remembers the name, so
    // a shape error inside it points there.
    if (tag && g.kind == Value::Kind::Func && !(g.origin && g.origin->user) && !InStdlib(e->range))
      g.origin = MakeSite(e->range, &e->name, false, CurrentSite(), g.origin);
    return g;
  }
  if (std::optional<Builtin> b = BuiltinNamed(e->name)) {
    Value v;
    v.kind = Value::Kind::Builtin;
    v.builtin = *b;
    return v;
  }
  if (!env.module->incomplete) {  // else the name may be the failed import's
    std::vector<std::string> locals;
    for (const Scope* s = diags_.Stopped() ? nullptr : env.scope; s; s = s->parent)
      for (const auto& [n, v] : s->vars) locals.push_back(n);
    Error(diag::Kind::unknown_name, e->range,
          fmt::format("unknown name `{}`{}", e->name, SuggestName(env.module, e->name, std::move(locals))));
  }
  return Value::Error();
}

Value Program::EvalIf(const ast::IfExpr* e, const Env& env) {
  Value c = Eval(e->cond, env);
  if (c.IsError()) return c;
  if (!c.IsScalar() || c.type.base != B::Bool) {
    Error(diag::Kind::type_mismatch, e->cond->range,
          fmt::format("an `if` condition must be `Bool`, got `{}`", Describe(c)));
    return Value::Error();
  }
  if (c.is_const) return Eval(c.c != 0 ? e->then_e : e->else_e, env);
  SourceRange outer = dynamic_cond_;
  ir::ValueId outer_value = dynamic_cond_value_;
  dynamic_cond_ = e->cond->range;
  dynamic_cond_value_ = c.id;
  guards_.push_back({c.id, true});
  Value t = Eval(e->then_e, env);
  guards_.back().second = false;
  Value f = Eval(e->else_e, env);
  guards_.pop_back();
  dynamic_cond_ = outer;
  dynamic_cond_value_ = outer_value;
  return Select(c, t, f, e->range, env);
}

static const Value* StaticList(Program& p, const Value& v, SourceRange where, const char* what) {
  if (v.IsError()) return nullptr;
  if (v.kind != Value::Kind::List) {
    p.Error(diag::Kind::type_mismatch, where, fmt::format("{} needs a list, got `{}`", what, Describe(v)));
    return nullptr;
  }
  return &v;
}

Value Program::EvalReduce(const ast::ReduceExpr* e, const Env& env) {
  Value list = Eval(e->list, env);
  const char* name = e->reducer == ast::Reducer::Sum ? "sum" : e->reducer == ast::Reducer::Max ? "max"
                     : e->reducer == ast::Reducer::Min ? "min" : "prod";
  if (!StaticList(*this, list, e->list->range, fmt::format("`{}`", name).c_str())) return Value::Error();
  if (list.elems->empty()) {
    if (e->reducer == ast::Reducer::Sum) {
      Value zero = Value::Int(0);
      zero.type.any_dim = true;  // an empty sum adds to anything
      return zero;
    }
    if (e->reducer == ast::Reducer::Prod) return Value::Int(1);
    Error(diag::Kind::empty_list, e->list->range, fmt::format("`{}` over an empty list has no value", name));
    return Value::Error();
  }
  Value acc;
  bool first = true;
  for (const Value& item : *list.elems) {
    Scope s{env.scope, {{e->var, item}}};
    Value v = Eval(e->body, Env{env.module, &s, env.ir});
    if (v.IsError()) return v;
    if (!v.IsScalar() || !v.type.IsNumeric()) {
      Error(diag::Kind::type_mismatch, e->body->range,
            fmt::format("`{}` needs a number per element, got `{}`", name, Describe(v)));
      return Value::Error();
    }
    if (first) {
      acc = v;
      first = false;
      continue;
    }
    if (e->reducer == ast::Reducer::Sum) {
      acc = Binary(ast::BinaryOp::Add, acc, v, e->range, e->body->range, e->body->range, env);
    } else if (e->reducer == ast::Reducer::Prod) {
      acc = Binary(ast::BinaryOp::Mul, acc, v, e->range, e->body->range, e->body->range, env);
    } else {
      if (acc.type.dim != v.type.dim) {
        Error(diag::Kind::unit_mismatch, e->body->range,
              fmt::format("`{}` over `{}` and `{}`; the elements must agree", name,
                          acc.type.dim.Str(), v.type.dim.Str()));
        return Value::Error();
      }
      ScalarType t = acc.type;
      if (v.type.base != t.base) t.base = B::Real;
      ir::Op op = e->reducer == ast::Reducer::Max ? ir::Op::Max : ir::Op::Min;
      if (acc.is_const && v.is_const) {
        acc = Shadowed(Value::Const(ir::Apply(op, acc.c, v.c, 0), t), op, acc, &v, e->range, env);
      } else {
        ir::ValueId a = Materialize(acc, *env.ir, e->range);
        ir::ValueId id = env.ir->Binary(op, a, Materialize(v, *env.ir, e->range), e->range);
        acc = Value::Dynamic(id, t);
      }
    }
    if (acc.IsError()) return acc;
  }
  return acc;
}

Value Program::EvalBlock(const ast::BlockExpr* b, const Env& env) {
  Scope s{env.scope, {}};
  Env inner{env.module, &s, env.ir};
  size_t r = 0;
  for (size_t i = 0; i <= b->lets.size(); ++i) {
    for (; r < b->requires_.size() && b->require_after[r] == i; ++r)
      if (!EvalBlockRequire(b->requires_[r], inner)) return Value::Error();
    if (i == b->lets.size()) break;
    const ast::LetDecl& l = b->lets[i];
    Value v = Eval(l.value, inner);
    if (l.type) v = Conform(v, *l.type, env.module, l.value->range, fmt::format("`{}`", l.name));
    s.vars.push_back({l.name, v});
  }
  return Eval(b->result, inner);
}

bool Program::EvalBlockRequire(const ast::RequireDecl& r, const Env& env) {
  Value v = Eval(r.cond, env);
  if (v.IsError()) return false;
  if (!v.IsScalar() || v.type.base != B::Bool) {
    Error(diag::Kind::type_mismatch, r.cond->range, fmt::format("`require` needs a `Bool`, got `{}`", Describe(v)));
    return false;
  }
  const std::string name = r.message.empty() ? SourceText(r.cond->range) : r.message;
  if (v.is_const && guards_.empty()) {
    if (v.c != 0) return true;
    Error(diag::Kind::user_error, r.range, diag::UserText(fmt::format("`require` fails: {}", name)));
    return false;
  }
  if (!env.ir) return true;  // nothing dynamic outside a scenario
  // Inside a branch a param chooses, the require holds wherever the branch is not taken.
  ir::ValueId id = Materialize(v, *env.ir, r.range);
  for (size_t i = guards_.size(); i-- > 0;) {
    ir::ValueId yes = Materialize(Value::Bool(true), *env.ir, r.range);
    id = guards_[i].second ? env.ir->Select(guards_[i].first, id, yes, r.range)
                           : env.ir->Select(guards_[i].first, yes, id, r.range);
  }
  // One function called twice is one require (both calls must hold), so the counts of
  // dropped points name it once.
  for (ir::Require& q : env.ir->requires_)
    if (q.range.buffer == r.range.buffer && q.range.begin == r.range.begin && q.message == name) {
      q.cond = env.ir->Select(q.cond, id, Materialize(Value::Bool(false), *env.ir, r.range), r.range);
      return true;
    }
  env.ir->requires_.push_back({id, name, r.range, !r.message.empty()});
  return true;
}

bool Program::Spend(uint64_t steps, SourceRange where) {
  if (gave_up_) return false;
  eval_steps_ += steps;
  if (eval_steps_ <= opts_.max_eval_steps) return true;
  gave_up_ = true;
  Error(diag::Kind::eval_limit, where,
        fmt::format("compile-time evaluation passed {} steps here; a recursion that branches "
                    "(`f(n - 1) + f(n - 2)`) or loops over long lists cost too much",
                    opts_.max_eval_steps));
  return false;
}

Value Program::Eval(const ast::Expr* e, const Env& env) {
  if (diags_.Stopped() || gave_up_ || !Spend(1, e->range)) return Value::Error();
  if (eval_depth_ >= opts_.max_eval_depth) {
    gave_up_ = true;
    Error(diag::Kind::recursion_limit, e->range,
          fmt::format("evaluation nested more than {} deep, through function calls or `let`s "
                      "defined by other `let`s; shorten the chain", opts_.max_eval_depth));
    return Value::Error();
  }
  ++eval_depth_;
  Value v = EvalNode(e, env);
  --eval_depth_;
  return v;
}

Value Program::EvalNode(const ast::Expr* e, const Env& env) {
  switch (e->kind) {
    case ast::ExprKind::Number: return EvalNumber(static_cast<const ast::NumberExpr*>(e));
    case ast::ExprKind::String: {
      Value v;
      v.kind = Value::Kind::String;
      v.str = static_cast<const ast::StringExpr*>(e)->value;
      // The longest string `+` and `str` may build is the longest one a spec may write.
      if (v.str.size() > kMaxString) {
        Error(diag::Kind::eval_limit, e->range,
              fmt::format("this string literal is {} characters long; a `String` holds at most {}", v.str.size(),
                          kMaxString));
        return Value::Error();
      }
      return v;
    }
    case ast::ExprKind::Bool: return Value::Bool(static_cast<const ast::BoolExpr*>(e)->value);
    case ast::ExprKind::Name: return EvalName(static_cast<const ast::NameExpr*>(e), env);
    case ast::ExprKind::Field: {
      auto* f = static_cast<const ast::FieldExpr*>(e);
      return Field(Eval(f->base, env), f->field, f->field_range, env);
    }
    case ast::ExprKind::Call: return Call(static_cast<const ast::CallExpr*>(e), env);
    case ast::ExprKind::Index: {
      auto* ix = static_cast<const ast::IndexExpr*>(e);
      Value base = Eval(ix->base, env);
      Value i = Eval(ix->index, env);
      if (base.IsError() || i.IsError()) return Value::Error();
      if (!StaticList(*this, base, ix->base->range, "indexing")) return Value::Error();
      if (!i.IsScalar() || i.type.base != B::Int || !i.is_const) {
        NeedStatic(i);
        Error(i.IsStatic() ? diag::Kind::type_mismatch : diag::Kind::not_static, ix->index->range,
              fmt::format("a list index must be a constant `Int`, got {}`{}`{}",
                          i.IsStatic() ? "" : "param-dependent ", Describe(i), RoundHint(i)));
        return Value::Error();
      }
      if (i.c < 0 || i.c >= static_cast<double>(base.elems->size())) {
        Error(diag::Kind::index_out_of_range, ix->index->range,
              fmt::format("index {} is out of range for a list of {}", units::FormatNumber(i.c),
                          base.elems->size()));
        return Value::Error();
      }
      return (*base.elems)[static_cast<size_t>(i.c)];
    }
    case ast::ExprKind::Unary: {
      auto* u = static_cast<const ast::UnaryExpr*>(e);
      return Unary(u->op, Eval(u->operand, env), e->range, env);
    }
    case ast::ExprKind::Binary: {
      auto* b = static_cast<const ast::BinaryExpr*>(e);
      Value l = Eval(b->lhs, env);
      // `and`/`or` with a constant left side do not evaluate what they do not need.
      if (l.IsScalar() && l.is_const && l.type.base == B::Bool &&
          ((b->op == ast::BinaryOp::And && l.c == 0) || (b->op == ast::BinaryOp::Or && l.c != 0)))
        return l;
      Value r = Eval(b->rhs, env);
      return Binary(b->op, l, r, b->op_range.Valid() ? b->op_range : e->range, b->lhs->range,
                    b->rhs->range, env);
    }
    case ast::ExprKind::If: return EvalIf(static_cast<const ast::IfExpr*>(e), env);
    case ast::ExprKind::Reduce: return EvalReduce(static_cast<const ast::ReduceExpr*>(e), env);
    case ast::ExprKind::List: {
      auto out = std::make_shared<std::vector<Value>>();
      bool has_real = false;
      for (const ast::Expr* x : static_cast<const ast::ListExpr*>(e)->elems) {
        Value v = Eval(x, env);
        if (v.IsError()) return v;
        // A list holds one type: `[1, 1 s]` is a mistake here, not later where `max` or a
        // param meets it.
        if (!out->empty() && !OneKind(out->front(), v)) {
          bool numbers = v.IsScalar() && v.type.IsNumeric() && out->front().IsScalar() && out->front().type.IsNumeric();
          Error(numbers ? diag::Kind::unit_mismatch : diag::Kind::type_mismatch, x->range,
                fmt::format("a list holds one type: this element is `{}`, the first is `{}`", Describe(v),
                            Describe(out->front())));
          return Value::Error();
        }
        has_real |= v.IsScalar() && v.type.base == B::Real && v.type.dim.IsNone();
        out->push_back(std::move(v));
      }
      // `[142, 91.8]` is a list of `Real`s: its `Int`s are taken as `Real`s, as a `[Real]`
      // parameter would take them, so an element picked by a param has one type in
      // every variant.
      if (has_real)
        for (Value& v : *out)
          if (v.IsScalar() && v.type.base == B::Int) v.type.base = B::Real;
      Value l;
      l.kind = Value::Kind::List;
      l.elems = out;
      return l;
    }
    case ast::ExprKind::ListComp: {
      auto* c = static_cast<const ast::ListCompExpr*>(e);
      Value list = Eval(c->list, env);
      if (!StaticList(*this, list, c->list->range, "`for`")) return Value::Error();
      auto out = std::make_shared<std::vector<Value>>();
      for (const Value& item : *list.elems) {
        Scope s{env.scope, {{c->var, item}}};
        Env inner{env.module, &s, env.ir};
        if (c->filter) {
          // The filter decides the list's length, so it must be known when checking.
          Value keep = Eval(c->filter, inner);
          if (keep.IsError()) return keep;
          if (!keep.IsScalar() || keep.type.base != B::Bool || !keep.is_const) {
            if (keep.IsScalar() && !keep.is_const) NeedStatic(keep);
            Error(keep.IsScalar() && !keep.is_const ? diag::Kind::not_static : diag::Kind::type_mismatch,
                  c->filter->range,
                  fmt::format("a list filter must be a constant `Bool`, got {}`{}`",
                              keep.IsScalar() && !keep.is_const ? "param-dependent " : "", Describe(keep)));
            return Value::Error();
          }
          if (keep.c == 0) continue;
        }
        Value v = Eval(c->body, inner);
        if (v.IsError()) return v;
        out->push_back(std::move(v));
      }
      Value l;
      l.kind = Value::Kind::List;
      l.elems = out;
      return l;
    }
    case ast::ExprKind::Record: return MakeRecord(static_cast<const ast::RecordExpr*>(e), env);
    case ast::ExprKind::With: return With(static_cast<const ast::WithExpr*>(e), env);
    case ast::ExprKind::Lambda: return MakeLambda(static_cast<const ast::LambdaExpr*>(e), env);
    case ast::ExprKind::Steps: return EvalSteps(static_cast<const ast::StepsExpr*>(e), env);
    case ast::ExprKind::Block: {
      auto* b = static_cast<const ast::BlockExpr*>(e);
      return EvalBlock(b, env);
    }
  }
  return Value::Error();
}

}  // namespace rl::check

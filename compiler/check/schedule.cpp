// Collective schedules (language.md §6): the checker's reduction of a `schedule` body to
// a closed-form α-β-γ time. A schedule is an ordinary function (calls.cpp instantiates it
// at each call with its arguments) whose body is a StepsExpr; each step is evaluated to a
// time and the steps add up: `send x over l` = l.lat + x / l.bw, `reduce x at g` = x * g,
// `repeat k { ... }` = k * (body), a `phase` is its body, and any other step is an
// expression that must take time (a call to another schedule or function). A `repeat`
// multiplies instead of unrolling, so a count that depends on a param stays closed form
// in the IR and costs one multiplication whatever its value.
#include <fmt/format.h>

#include "compiler/check/program.h"

namespace rl::check {
namespace {

using B = ScalarType::Base;

const units::Dim kTime = units::Dim::Of(units::BaseDim::Time);
const units::Dim kData = units::Dim::Of(units::BaseDim::Data);

bool IsTime(const Value& v) { return v.IsScalar() && v.type.IsNumeric() && (v.type.dim == kTime || v.type.any_dim); }

// A link is any record with `bw` (B/s) and `lat` (s) fields: stdlib's `Link`, or a user's
// record of the same shape. Returns the field values, or false after a diagnostic.
bool LinkFields(Program& p, const Value& l, SourceRange where, Value& bw, Value& lat) {
  if (l.IsError()) return false;
  if (l.kind == Value::Kind::Record) {
    const Value* fb = nullptr;
    const Value* fl = nullptr;
    for (size_t i = 0; i < l.record->fields.size(); ++i) {
      if (l.record->fields[i].name == "bw") fb = &(*l.elems)[i];
      if (l.record->fields[i].name == "lat") fl = &(*l.elems)[i];
    }
    if (fb && fl) {
      bw = *fb;
      lat = *fl;
      return !bw.IsError() && !lat.IsError();
    }
  }
  p.Error(diag::Kind::type_mismatch, where,
          fmt::format("`send ... over` needs a `Link` (a record with `bw` and `lat`), got `{}`", Describe(l)));
  return false;
}

}  // namespace

Value Program::EvalSteps(const ast::StepsExpr* e, const Env& env) {
  Scope scope{env.scope, {}};
  Env inner{env.module, &scope, env.ir};
  Value total;
  bool any = false;
  for (const ast::Step& st : e->steps) {
    Value t;
    switch (st.kind) {
      case ast::Step::Kind::Send: {
        Value amount = Eval(st.a, inner);
        Value link = Eval(st.b, inner);
        if (amount.IsError() || link.IsError()) return Value::Error();
        if (!amount.IsScalar() || !amount.type.IsNumeric() || (amount.type.dim != kData && !amount.type.any_dim)) {
          Error(diag::Kind::unit_mismatch, st.a->range,
                fmt::format("`send` needs an amount of data (`B`), got `{}`", Describe(amount)));
          return Value::Error();
        }
        Value bw, lat;
        if (!LinkFields(*this, link, st.b->range, bw, lat)) return Value::Error();
        Value x = Binary(ast::BinaryOp::Div, amount, bw, st.range, st.a->range, st.b->range, inner);
        t = Binary(ast::BinaryOp::Add, lat, x, st.range, st.b->range, st.a->range, inner);
        break;
      }
      case ast::Step::Kind::Reduce: {
        Value amount = Eval(st.a, inner);
        Value rate = Eval(st.b, inner);
        if (amount.IsError() || rate.IsError()) return Value::Error();
        if (!amount.IsScalar() || !amount.type.IsNumeric() || (amount.type.dim != kData && !amount.type.any_dim)) {
          Error(diag::Kind::unit_mismatch, st.a->range,
                fmt::format("`reduce` needs an amount of data (`B`), got `{}`", Describe(amount)));
          return Value::Error();
        }
        if (!rate.IsScalar() || !rate.type.IsNumeric() || rate.type.dim != kTime / kData) {
          Error(diag::Kind::unit_mismatch, st.b->range,
                fmt::format("`reduce ... at` needs a time per byte (`s/B`), got `{}`", Describe(rate)));
          return Value::Error();
        }
        // A zero rate (the default `gamma` of a pure α-β model) adds nothing: leave no
        // `mul x, 0` in the closed form.
        if (rate.is_const && rate.c == 0) t = Value::Const(0, {B::Real, kTime, false});
        else t = Binary(ast::BinaryOp::Mul, amount, rate, st.range, st.a->range, st.b->range, inner);
        break;
      }
      case ast::Step::Kind::Repeat: {
        Value k = Eval(st.a, inner);
        if (k.IsError()) return k;
        if (!k.IsScalar() || k.type.base != B::Int) {
          Error(diag::Kind::type_mismatch, st.a->range,
                fmt::format("a `repeat` count must be an `Int`, got `{}`; round it with `ceil` or `floor`",
                            Describe(k)));
          return Value::Error();
        }
        if (k.is_const && k.c < 0) {
          Error(diag::Kind::bad_repeat, st.a->range,
                fmt::format("a `repeat` count must not be negative, got {}", units::FormatNumber(k.c)));
          return Value::Error();
        }
        Value body = Eval(st.body, inner);
        if (body.IsError()) return body;
        if (k.is_const && k.c == 1) {
          t = body;
        } else if (k.is_const && k.c == 0) {
          t = Value::Const(0, {B::Real, kTime, false});
        } else {
          t = Binary(ast::BinaryOp::Mul, k, body, st.range, st.a->range, st.body->range, inner);
        }
        break;
      }
      case ast::Step::Kind::Phase: t = Eval(st.body, inner); break;
      case ast::Step::Kind::Let: {
        const ast::LetDecl& l = *st.let;
        Value v = Eval(l.value, inner);
        if (l.type) v = Conform(v, *l.type, env.module, l.value->range, fmt::format("`{}`", l.name));
        scope.vars.push_back({l.name, v});
        continue;
      }
      case ast::Step::Kind::Expr: {
        t = Eval(st.a, inner);
        if (t.IsError()) return t;
        if (!IsTime(t)) {
          Error(diag::Kind::unit_mismatch, st.a->range,
                fmt::format("a schedule step must take time (`s`), got `{}`", Describe(t)));
          return Value::Error();
        }
        break;
      }
    }
    if (t.IsError()) return t;
    if (t.type.any_dim) continue;                   // an empty sum: nothing to add
    if (any && t.is_const && t.c == 0) continue;    // an empty phase or branch
    if (!any) {
      total = t;
      any = true;
    } else {
      total = Binary(ast::BinaryOp::Add, total, t, st.range, e->range, st.range, inner);
      if (total.IsError()) return total;
    }
  }
  if (!any) return Value::Const(0, {B::Real, kTime, false});
  return total;
}

}  // namespace rl::check

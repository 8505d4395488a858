// Arithmetic, comparison and logic on scalars: dimensional analysis first, then either
// folding (both operands constant) or an IR instruction (either depends on a param).
#include <cmath>

#include <fmt/format.h>

#include "base/check.h"
#include "compiler/check/program.h"
#include "compiler/ir/semantics.h"

namespace rl::check {
namespace {

using B = ScalarType::Base;

const char* Verb(ast::BinaryOp op) {
  switch (op) {
    case ast::BinaryOp::Add: return "add";
    case ast::BinaryOp::Sub: return "subtract";
    case ast::BinaryOp::Lt:
    case ast::BinaryOp::Le:
    case ast::BinaryOp::Gt:
    case ast::BinaryOp::Ge:
    case ast::BinaryOp::Eq:
    case ast::BinaryOp::Ne: return "compare";
    case ast::BinaryOp::Mul: case ast::BinaryOp::Div: case ast::BinaryOp::Mod: case ast::BinaryOp::Pow:
    case ast::BinaryOp::And: case ast::BinaryOp::Or: return "combine";
  }
  return "combine";
}

ir::Op IrOp(ast::BinaryOp op) {
  switch (op) {
    case ast::BinaryOp::Add: return ir::Op::Add;
    case ast::BinaryOp::Sub: return ir::Op::Sub;
    case ast::BinaryOp::Mul: return ir::Op::Mul;
    case ast::BinaryOp::Div: return ir::Op::Div;
    case ast::BinaryOp::Mod: return ir::Op::Mod;
    case ast::BinaryOp::Pow: return ir::Op::Pow;
    case ast::BinaryOp::Lt: return ir::Op::Lt;
    case ast::BinaryOp::Le: return ir::Op::Le;
    case ast::BinaryOp::Gt: return ir::Op::Gt;
    case ast::BinaryOp::Ge: return ir::Op::Ge;
    case ast::BinaryOp::Eq: return ir::Op::Eq;
    case ast::BinaryOp::Ne: return ir::Op::Ne;
    case ast::BinaryOp::And: return ir::Op::And;
    case ast::BinaryOp::Or: return ir::Op::Or;
  }
  return ir::Op::Add;
}

}  // namespace

static double Fold(ir::Op op, double a, double b) { return ir::Apply(op, a, b, 0); }

ir::ValueId Program::Materialize(const Value& v, ir::Scenario& s, SourceRange where) {
  if (!v.is_const) return v.id;
  if (v.shadow.Valid()) return v.shadow;
  return s.Const(v.c, where, v.type.base == B::Bool ? ir::Ty::Bool : ir::Ty::F64);
}

Value Program::Shadowed(Value folded, ir::Op op, const Value& a, const Value* b, SourceRange where,
                        const Env& env) {
  if (!folded.IsScalar() || !folded.is_const || folded.type.base != B::Real || !env.ir) return folded;
  if (!a.shadow.Valid() && !(b && b->shadow.Valid())) return folded;
  ir::ValueId x = Materialize(a, *env.ir, where);
  folded.shadow = b ? env.ir->Binary(op, x, Materialize(*b, *env.ir, where), where) : env.ir->Unary(op, x, where);
  return folded;
}

static Value Emit(Program& p, ir::Op op, const Value& l, const Value* r, ScalarType t,
                  SourceRange where, const Env& env) {
  if (l.is_const && (!r || r->is_const)) {
    double v = Fold(op, l.c, r ? r->c : 0);
    const char* what = nullptr;
    if (std::isinf(v) && std::isfinite(l.c) && (!r || std::isfinite(r->c)))
      what = op == ir::Op::Div ? "division by zero" : "the result is infinite";
    else if (std::isnan(v) && !std::isnan(l.c) && (!r || !std::isnan(r->c)))
      what = op == ir::Op::Mod ? "`%` by zero" : "the result is not a number";
    else if (t.base == B::Int && std::fabs(v) > ir::kMaxExactInt)
      what = "an `Int` result of 2^53 or more (it may not be exact)";
    if (what) {
      p.Error(diag::Kind::domain_error, where,
              fmt::format("{} in `{}` of constants", what, ir::Mnemonic(op)));
      return Value::Error();
    }
    return p.Shadowed(Value::Const(v, t), op, l, r, where, env);
  }
  RL_CHECK(env.ir, "a dynamic value outside a scenario");
  ir::ValueId a = p.Materialize(l, *env.ir, where);
  ir::ValueId id = r ? env.ir->Binary(op, a, p.Materialize(*r, *env.ir, where), where)
                     : env.ir->Unary(op, a, where);
  // Integers are doubles: past 2^53 an `Int` silently stops being exact, so a sum,
  // difference, product or power that gets there becomes NaN and the run reports it
  // ([non_finite], located here; interp::FindNonFinite names the cause).
  if (t.base == B::Int && (op == ir::Op::Add || op == ir::Op::Sub || op == ir::Op::Mul || op == ir::Op::Pow) &&
      !(ir::MagnitudeBound(*env.ir, id, p.int_bounds) <= ir::kMaxExactInt))
    id = ir::GuardExactInt(*env.ir, id, where);
  return Value::Dynamic(id, t);
}

Value Program::Math(ir::Op op, const Value& v, ScalarType result, SourceRange where, const Env& env) {
  return Emit(*this, op, v, nullptr, result, where, env);
}

Value Program::Binary(ast::BinaryOp op, const Value& l, const Value& r, SourceRange where,
                      SourceRange lrange, SourceRange rrange, const Env& env) {
  if (l.IsError() || r.IsError()) return Value::Error();
  using O = ast::BinaryOp;
  // Strings compare statically (`if kind == "conv"`); nothing else is defined on them.
  if ((op == O::Eq || op == O::Ne) && l.kind == Value::Kind::String && r.kind == Value::Kind::String)
    return Value::Bool((l.str == r.str) == (op == O::Eq));
  // `+` joins strings, for messages (`"got `" + str(x) + "`"`).
  if (op == O::Add && (l.kind == Value::Kind::String || r.kind == Value::Kind::String)) {
    if (l.kind != r.kind) {
      const Value& other = l.kind == Value::Kind::String ? r : l;
      Error(diag::Kind::type_mismatch, l.kind == Value::Kind::String ? rrange : lrange,
            fmt::format("`+` joins two `String`s, got `String` and `{}`; convert with `str(...)`",
                        Describe(other)));
      return Value::Error();
    }
    if (l.str.size() + r.str.size() > kMaxString) {
      Error(diag::Kind::eval_limit, where,
            fmt::format("this `+` makes a `String` longer than {} characters", kMaxString));
      return Value::Error();
    }
    Value v = l;
    v.str += r.str;
    return v;
  }
  if (!l.IsScalar() || !r.IsScalar()) {
    const Value& bad = l.IsScalar() ? r : l;
    Error(diag::Kind::type_mismatch, l.IsScalar() ? rrange : lrange,
          fmt::format("`{}` needs numbers or booleans, got `{}`", ast::Spelling(op), Describe(bad)));
    return Value::Error();
  }
  const ScalarType& lt = l.type;
  const ScalarType& rt = r.type;
  bool logic = op == O::And || op == O::Or;
  bool equality = op == O::Eq || op == O::Ne;
  if (logic || (equality && (lt.base == B::Bool || rt.base == B::Bool))) {
    if (lt.base != B::Bool || rt.base != B::Bool) {
      Error(diag::Kind::type_mismatch, lt.base != B::Bool ? lrange : rrange,
            fmt::format("`{}` needs `Bool` on both sides, got `{}` and `{}`", ast::Spelling(op),
                        Describe(lt), Describe(rt)));
      return Value::Error();
    }
    // Short-circuit on a constant left side keeps structure static where it can be.
    if (op == O::And && l.is_const) return l.c == 0 ? l : r;
    if (op == O::Or && l.is_const) return l.c != 0 ? l : r;
    // A constant right side that decides the result does too, so that `p and false and x`
    // (parsed `(p and false) and x`) leaves `x` unevaluated as `false and x` does: `and`
    // and `or` have no effects, and the left side's value is simply not used.
    if (op == O::And && r.is_const && r.c == 0) return r;
    if (op == O::Or && r.is_const && r.c != 0) return r;
    return Emit(*this, IrOp(op), l, &r, {B::Bool, {}, false}, where, env);
  }
  if (!lt.IsNumeric() || !rt.IsNumeric()) {
    Error(diag::Kind::type_mismatch, !lt.IsNumeric() ? lrange : rrange,
          fmt::format("`{}` needs numbers, got `{}` and `{}`", ast::Spelling(op), Describe(lt),
                      Describe(rt)));
    return Value::Error();
  }
  bool both_int = lt.base == B::Int && rt.base == B::Int;
  switch (op) {
    case O::Add:
    case O::Sub:
    case O::Lt:
    case O::Le:
    case O::Gt:
    case O::Ge:
    case O::Eq:
    case O::Ne: {
      units::Dim dim = lt.any_dim ? rt.dim : lt.dim;
      if (!lt.any_dim && !rt.any_dim && lt.dim != rt.dim) {
        Error(diag::Kind::unit_mismatch, where,
              fmt::format("left side is `{}` but right side is `{}`; cannot {} them",
                          Describe(lt), Describe(rt), Verb(op)));
        return Value::Error();
      }
      bool cmp = op != O::Add && op != O::Sub;
      ScalarType t = cmp ? ScalarType{B::Bool, {}, false}
                         : ScalarType{both_int ? B::Int : B::Real, dim, lt.any_dim && rt.any_dim};
      return Emit(*this, IrOp(op), l, &r, t, where, env);
    }
    case O::Mul:
    case O::Div:
      if (!lt.dim.ProductFits(rt.dim, op == O::Mul ? 1 : -1)) {
        Error(diag::Kind::unit_out_of_range, where,
              fmt::format("the unit of `{}` {} `{}` would have a dimension beyond the power {}", Describe(lt),
                          op == O::Mul ? "*" : "/", Describe(rt), units::kMaxDimExp));
        return Value::Error();
      }
      if (op == O::Div)
        // Int / Int is a Real: `ceil`/`floor` say how to round back to an Int.
        return Emit(*this, ir::Op::Div, l, &r, {B::Real, lt.dim / rt.dim, false}, where, env);
      return Emit(*this, ir::Op::Mul, l, &r, {both_int ? B::Int : B::Real, lt.dim * rt.dim, false},
                  where, env);
    case O::Mod:
      if (!both_int) {
        Error(diag::Kind::type_mismatch, where,
              fmt::format("`%` needs two `Int`s, got `{}` and `{}`", Describe(lt), Describe(rt)));
        return Value::Error();
      }
      return Emit(*this, ir::Op::Mod, l, &r, {B::Int, {}, false}, where, env);
    case O::Pow: {
      if (!rt.dim.IsNone()) {
        Error(diag::Kind::unit_mismatch, rrange,
              fmt::format("an exponent must be dimensionless, got `{}`", rt.dim.Str()));
        return Value::Error();
      }
      if (lt.dim.IsNone()) {
        bool int_result = both_int && r.is_const && r.c >= 0;
        return Emit(*this, ir::Op::Pow, l, &r, {int_result ? B::Int : B::Real, {}, false}, where, env);
      }
      if (rt.base != B::Int || !r.is_const || std::fabs(r.c) > 8) {
        NeedStatic(r);
        Error(diag::Kind::not_static, rrange,
              fmt::format("raising `{}` to a power needs a constant `Int` exponent (|n| <= 8)",
                          lt.dim.Str()));
        return Value::Error();
      }
      if (!lt.dim.PowFits(static_cast<int>(r.c))) {
        Error(diag::Kind::unit_out_of_range, where,
              fmt::format("`{}` to the power {} would have a dimension beyond the power {}", lt.dim.Str(),
                          static_cast<int>(r.c), units::kMaxDimExp));
        return Value::Error();
      }
      return Emit(*this, ir::Op::Pow, l, &r, {B::Real, lt.dim.Pow(static_cast<int>(r.c)), false},
                  where, env);
    }
    case O::And:
    case O::Or: break;
  }
  return Value::Error();
}

Value Program::Unary(ast::UnaryOp op, const Value& v, SourceRange where, const Env& env) {
  if (v.IsError()) return v;
  if (op == ast::UnaryOp::Not) {
    if (!v.IsScalar() || v.type.base != B::Bool) {
      Error(diag::Kind::type_mismatch, where, fmt::format("`not` needs a `Bool`, got `{}`", Describe(v)));
      return Value::Error();
    }
    return Emit(*this, ir::Op::Not, v, nullptr, v.type, where, env);
  }
  if (!v.IsScalar() || !v.type.IsNumeric()) {
    Error(diag::Kind::type_mismatch, where, fmt::format("unary `-` needs a number, got `{}`", Describe(v)));
    return Value::Error();
  }
  return Emit(*this, ir::Op::Neg, v, nullptr, v.type, where, env);
}

Value Program::Select(const Value& c, const Value& t, const Value& f, SourceRange where, const Env& env) {
  if (c.IsError() || t.IsError() || f.IsError()) return Value::Error();
  if (t.kind == Value::Kind::Scalar && f.kind == Value::Kind::Scalar) {
    ScalarType ty = t.type;
    bool same_base = t.type.base == f.type.base ||
                     (t.type.IsNumeric() && f.type.IsNumeric());
    if (!same_base || (!t.type.any_dim && !f.type.any_dim && t.type.dim != f.type.dim)) {
      Error(same_base ? diag::Kind::unit_mismatch : diag::Kind::type_mismatch, where,
            fmt::format("the branches of `if` are `{}` and `{}`; they must agree", Describe(t), Describe(f)));
      return Value::Error();
    }
    if (t.type.base != f.type.base) ty.base = B::Real;
    if (t.type.any_dim) ty.dim = f.type.dim;
    ty.any_dim = t.type.any_dim && f.type.any_dim;
    // The branches in source order: C++ leaves the order of arguments unspecified (g++
    // and clang emitted the constants of `if fast then nvlink else edr` in opposite order).
    ir::ValueId then_id = Materialize(t, *env.ir, where);
    ir::ValueId id = env.ir->Select(c.id, then_id, Materialize(f, *env.ir, where), where);
    return Value::Dynamic(id, ty);
  }
  // Records of one type and lists of one length select element by element, so a
  // parameter may choose between two whole configurations.
  bool records = t.kind == Value::Kind::Record && f.kind == Value::Kind::Record && t.record == f.record;
  bool lists = t.kind == Value::Kind::List && f.kind == Value::Kind::List && t.elems->size() == f.elems->size();
  if (records || lists) {
    auto out = std::make_shared<std::vector<Value>>();
    for (size_t i = 0; i < t.elems->size(); ++i) {
      Value e = Select(c, (*t.elems)[i], (*f.elems)[i], where, env);
      if (e.IsError()) return e;
      out->push_back(e);
    }
    Value r = t;
    r.elems = out;
    return r;
  }
  if (t.kind == f.kind && (t.kind == Value::Kind::String   ? t.str == f.str
                           : t.kind == Value::Kind::Bundle ? t.bundle == f.bundle
                                                           : t.kind == Value::Kind::Func && t.fn == f.fn))
    return t;
  NeedStatic(c);
  Error(diag::Kind::not_static, where,
        fmt::format("this `if` depends on a param and its branches are `{}` and `{}`; only numbers, "
                    "and records or lists of them, can be chosen at run time",
                    Describe(t), Describe(f)));
  return Value::Error();
}

}  // namespace rl::check

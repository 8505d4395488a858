// Built-ins of the math family (builtins.def): min, max, abs, sqrt, exp, the logs,
// ceil, floor and roofline, folded when constant, else IR operations.
#include <cmath>

#include <fmt/format.h>

#include "base/check.h"
#include "compiler/check/program.h"
#include "compiler/ir/semantics.h"

namespace rl::check {

using B = ScalarType::Base;

Value Program::CallMathBuiltin(Builtin b, const ast::CallExpr* call, std::vector<Value>& args, const Env& env) {
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
          acc = Shadowed(Value::Const(ir::Apply(op, acc.c, v.c, 0), t), op, acc, &v, at, env);
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
      if (compute.is_const && memory.is_const)
        return Shadowed(Value::Const(ir::Apply(ir::Op::Max, compute.c, memory.c, 0), t), ir::Op::Max, compute,
                        &memory, at, env);
      ir::ValueId a = Materialize(compute, *env.ir, at);
      return Value::Dynamic(env.ir->Binary(ir::Op::Max, a, Materialize(memory, *env.ir, at), at), t);
    }

    default: break;
  }
  RL_CHECK(false, "a built-in of another family");
  return Value::Error();
}

}  // namespace rl::check

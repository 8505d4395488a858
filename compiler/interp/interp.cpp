// Reference interpreter (see interp.h).
#include "compiler/interp/interp.h"

#include <cmath>

#include <fmt/format.h>

#include "compiler/ir/semantics.h"

namespace rl::interp {

bool Evaluator::Run(const double* params, double* reports) {
  double* r = regs_.data();
  const ir::Inst* insts = s_.insts.data();
  const size_t n = s_.insts.size();
  for (size_t i = 0; i < n; ++i) {
    const ir::Inst& in = insts[i];
    switch (in.op) {
      case ir::Op::Const: r[i] = in.imm; break;
      case ir::Op::Param: r[i] = params[static_cast<size_t>(in.imm)]; break;
      case ir::Op::Kernel:
      case ir::Op::KernelJvp: {
        feats_.resize(in.args.size());
        for (size_t k = 0; k < in.args.size(); ++k) feats_[k] = r[in.args[k].index];
        r[i] = ir::ApplyKernel(s_, in, feats_.data());
        break;
      }
      case ir::Op::Uniform: r[i] = ir::ApplyUniform(in, r[in.a.index], r[in.b.index]); break;
      case ir::Op::Add: case ir::Op::Sub: case ir::Op::Mul: case ir::Op::Div: case ir::Op::Mod: case ir::Op::Pow:
      case ir::Op::Min: case ir::Op::Max: case ir::Op::Neg: case ir::Op::Abs: case ir::Op::Sqrt: case ir::Op::Exp:
      case ir::Op::Log: case ir::Op::Log2: case ir::Op::Ceil: case ir::Op::Floor: case ir::Op::Lt: case ir::Op::Le:
      case ir::Op::Gt: case ir::Op::Ge: case ir::Op::Eq: case ir::Op::Ne: case ir::Op::And: case ir::Op::Or:
      case ir::Op::Not: case ir::Op::Select: case ir::Op::Probit: {
        double a = in.a.Valid() ? r[in.a.index] : 0;
        double b = in.b.Valid() ? r[in.b.index] : 0;
        double c = in.c.Valid() ? r[in.c.index] : 0;
        r[i] = ir::Apply(in.op, a, b, c);
      }
    }
  }
  for (size_t k = 0; k < s_.reports.size(); ++k) reports[k] = r[s_.reports[k].value.index];
  bool feasible = true;
  for (const ir::Require& q : s_.requires_) feasible &= r[q.cond.index] != 0;
  return feasible;
}

static std::string Reason(const ir::Inst& in, double a, double b) {
  switch (in.op) {
    case ir::Op::Div: return b == 0 ? "division by zero" : "division overflowed";
    case ir::Op::Mod: return "`%` by zero";
    case ir::Op::Log:
    case ir::Op::Log2: return a < 0 ? "log of a negative number" : "log of zero";
    case ir::Op::Sqrt: return "sqrt of a negative number";
    case ir::Op::Pow: return "power out of range";
    case ir::Op::Exp: return "exp overflowed";
    case ir::Op::Const: case ir::Op::Param: case ir::Op::Add: case ir::Op::Sub: case ir::Op::Mul: case ir::Op::Min:
    case ir::Op::Max: case ir::Op::Neg: case ir::Op::Abs: case ir::Op::Ceil: case ir::Op::Floor: case ir::Op::Lt:
    case ir::Op::Le: case ir::Op::Gt: case ir::Op::Ge: case ir::Op::Eq: case ir::Op::Ne: case ir::Op::And:
    case ir::Op::Or: case ir::Op::Not: case ir::Op::Select: case ir::Op::Kernel: case ir::Op::KernelJvp:
    case ir::Op::Uniform: case ir::Op::Probit: break;
  }
  return "the result is not finite";
}

std::optional<Failure> FindNonFinite(const ir::Scenario& s, const double* params) {
  Evaluator ev(s);
  std::vector<double> reports(s.reports.size());
  ev.Run(params, reports.data());
  const std::vector<double>& r = ev.Values();
  for (size_t k = 0; k < s.reports.size(); ++k) {
    if (std::isfinite(reports[k])) continue;
    // Find the first instruction in the report's cone (following only the taken side of
    // each select) that made a non-finite value from finite operands.
    std::vector<bool> cone(s.insts.size(), false);
    cone[s.reports[k].value.index] = true;
    for (size_t i = s.insts.size(); i-- > 0;) {
      if (!cone[i]) continue;
      const ir::Inst& in = s.insts[i];
      if (in.op == ir::Op::Select) {
        cone[in.a.index] = true;
        cone[(r[in.a.index] != 0 ? in.b : in.c).index] = true;
        continue;
      }
      ir::ForEachOperand(in, [&](ir::ValueId v) { cone[v.index] = true; });
    }
    for (size_t i = 0; i < s.insts.size(); ++i) {
      if (!cone[i]) continue;
      const ir::Inst& in = s.insts[i];
      if (in.op == ir::Op::Const || in.op == ir::Op::Param) continue;
      double a = in.a.Valid() ? r[in.a.index] : 0, b = in.b.Valid() ? r[in.b.index] : 0,
             c = in.c.Valid() ? r[in.c.index] : 0;
      if (in.op == ir::Op::Select) {  // passes a value through, creates none, except:
        if (ir::IsExactIntGuard(s, in) && a == 0 && std::isfinite(b))
          return Failure{k, reports[k], {static_cast<uint32_t>(i)},
                         fmt::format("the `Int` result {} is 2^53 or more (where integers stop being exact)",
                                     units::FormatNumber(b))};
        continue;
      }
      bool inputs_finite = std::isfinite(a) && std::isfinite(b) && std::isfinite(c);
      if (in.ty == ir::Ty::F64 && !std::isfinite(r[i]) && inputs_finite)
        return Failure{k, reports[k], {static_cast<uint32_t>(i)}, Reason(in, a, b)};
    }
    return Failure{k, reports[k], s.reports[k].value, "a parameter value is not finite"};
  }
  return std::nullopt;
}

}  // namespace rl::interp

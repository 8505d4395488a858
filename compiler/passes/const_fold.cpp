// Constant folding: an instruction whose operands are all constants becomes a constant;
// identities that hold for every double (x + -0, x - +0, x * 1, x / 1, select on a
// constant) forward their operand. x * 0 is not folded: inf * 0 is NaN, not 0. Nor is
// x + 0: for x = -0 it gives +0, and the sign of a zero reaches `1 / x`.
#include <cmath>

#include "compiler/ir/semantics.h"
#include "compiler/passes/passes.h"

namespace rl::passes {

bool ConstFold(ir::Scenario& s) {
  bool changed = false;
  std::vector<uint32_t> replace(s.insts.size());
  for (uint32_t i = 0; i < s.insts.size(); ++i) replace[i] = i;
  auto resolve = [&](ir::ValueId v) {
    uint32_t id = v.index;
    while (replace[id] != id) id = replace[id];
    return id;
  };
  auto is_const = [&](ir::ValueId v, double* out) {
    if (!v.Valid()) return true;
    const ir::Inst& in = s.insts[resolve(v)];
    if (in.op != ir::Op::Const) return false;
    if (out) *out = in.imm;
    return true;
  };
  for (uint32_t i = 0; i < s.insts.size(); ++i) {
    ir::Inst& in = s.insts[i];
    if (in.op == ir::Op::Const || in.op == ir::Op::Param) continue;
    if (ir::Scenario::IsKernel(in.op)) {
      std::vector<double> feats(in.args.size());
      bool all = true;
      for (size_t k = 0; k < in.args.size() && all; ++k) all = is_const(in.args[k], &feats[k]);
      if (all) {
        in.imm = ir::ApplyKernel(s, in, feats.data());
        in.op = ir::Op::Const;
        in.args.clear();
        changed = true;
      }
      continue;
    }
    double a = 0, b = 0, c = 0;
    bool ka = is_const(in.a, &a), kb = is_const(in.b, &b), kc = is_const(in.c, &c);
    if (ka && kb && kc) {
      in.imm = in.op == ir::Op::Uniform ? ir::ApplyUniform(in, a, b) : ir::Apply(in.op, a, b, c);
      in.op = ir::Op::Const;
      in.a = in.b = in.c = {};
      changed = true;
      continue;
    }
    uint32_t forward = UINT32_MAX;
    switch (in.op) {
      case ir::Op::Add:
        forward = (kb && b == 0 && std::signbit(b))   ? resolve(in.a)
                  : (ka && a == 0 && std::signbit(a)) ? resolve(in.b)
                                                      : forward;
        break;
      case ir::Op::Sub: forward = (kb && b == 0 && !std::signbit(b)) ? resolve(in.a) : forward; break;
      case ir::Op::Mul: forward = (kb && b == 1) ? resolve(in.a) : (ka && a == 1) ? resolve(in.b) : forward; break;
      case ir::Op::Div: forward = (kb && b == 1) ? resolve(in.a) : forward; break;
      case ir::Op::Select: if (ka) forward = resolve(a != 0 ? in.b : in.c); break;
      case ir::Op::Const: case ir::Op::Param: case ir::Op::Mod: case ir::Op::Pow: case ir::Op::Min: case ir::Op::Max:
      case ir::Op::Neg: case ir::Op::Abs: case ir::Op::Sqrt: case ir::Op::Exp: case ir::Op::Log: case ir::Op::Log2:
      case ir::Op::Ceil: case ir::Op::Floor: case ir::Op::Lt: case ir::Op::Le: case ir::Op::Gt: case ir::Op::Ge:
      case ir::Op::Eq: case ir::Op::Ne: case ir::Op::And: case ir::Op::Or: case ir::Op::Not: case ir::Op::Kernel: case ir::Op::KernelJvp:
      case ir::Op::Uniform: case ir::Op::Probit: break;
    }
    if (forward != UINT32_MAX) {
      replace[i] = forward;
      changed = true;
    }
  }
  if (changed) Rebuild(s, std::vector<bool>(s.insts.size(), true), replace);
  return changed;
}

}  // namespace rl::passes

// The meaning of each arithmetic/logic instruction on doubles, shared by the checker's
// constant folding, the IR folding pass and the interpreter so they cannot disagree.
#pragma once
#include <cmath>

#include "compiler/ir/ir.h"
#include "runtime/abi.h"

namespace rl::ir {

inline double Apply(Op op, double a, double b, double c) {
  switch (op) {
    case Op::Add: return a + b;
    case Op::Sub: return a - b;
    case Op::Mul: return a * b;
    case Op::Div: return a / b;
    case Op::Mod: return std::fmod(a, b);
    case Op::Pow: return std::pow(a, b);
    // fmin/fmax would hide a NaN operand; a NaN must reach the report and be reported.
    case Op::Min: return (a != a || b != b) ? a + b : (a < b ? a : b);
    case Op::Max: return (a != a || b != b) ? a + b : (a > b ? a : b);
    case Op::Neg: return -a;
    case Op::Abs: return std::fabs(a);
    case Op::Sqrt: return std::sqrt(a);
    case Op::Exp: return std::exp(a);
    case Op::Log: return std::log(a);
    case Op::Log2: return std::log2(a);
    case Op::Ceil: return std::ceil(a);
    case Op::Floor: return std::floor(a);
    case Op::Lt: return a < b;
    case Op::Le: return a <= b;
    case Op::Gt: return a > b;
    case Op::Ge: return a >= b;
    case Op::Eq: return a == b;
    case Op::Ne: return a != b;
    case Op::And: return (a != 0 && b != 0);
    case Op::Or: return (a != 0 || b != 0);
    case Op::Not: return a == 0;
    case Op::Select: return a != 0 ? b : c;
    case Op::Probit: return rl_probit(a);
    case Op::Uniform:  // the stream is the instruction's imm: ApplyUniform
    case Op::Const:
    case Op::Param:
    case Op::Kernel:
    case Op::KernelJvp: return 0;  // handled by the caller: imm / the params / ApplyKernel
  }
  return 0;
}

inline double ApplyUniform(const Inst& in, double sample, double seed) { return rl_uniform(sample, seed, in.imm); }

// A kernel instruction on its features' values (`feats` has one per operand in args).
inline double ApplyKernel(const Scenario& s, const Inst& in, const double* feats) {
  return in.op == Op::KernelJvp ? rl_kernel_predict_jvp(&s.KernelOf(in), feats, feats + in.args.size() / 2)
                                : rl_kernel_predict(&s.KernelOf(in), feats);
}

}  // namespace rl::ir

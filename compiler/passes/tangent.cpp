// Forward-mode derivatives (docs/sensitivity.md). For each input asked for, the tangent
// of every instruction by the chain rule, as new instructions appended to the scenario,
// and one derivative report `d_R_d_X` per `Real` report R. Runs on a scenario as lowered,
// before the optimisation pipeline: a record field's input is a tagged constant, which
// const-fold would merge with others. Both evaluators then run the augmented scenario as
// they run any other, so their derivatives agree to the bit like their values.
//
// At a kink the tangent follows the branch the value takes: `min`/`max` and `select` the
// operand chosen (ties go where ir::Apply sends them), `abs` at 0 the positive side;
// `floor`, `ceil` and comparisons are locally constant (derivative 0).
#include <cmath>

#include <fmt/format.h>

#include "base/check.h"
#include "compiler/passes/passes.h"

namespace rl::passes {
namespace {

using ir::Op;
using ir::ValueId;

class Tangents {
 public:
  Tangents(ir::Scenario& s, size_t n) : s_(s), t_(n) {}

  void Seed(ValueId v) { t_[v.index] = s_.Const(1); }
  ValueId Of(ValueId v) const { return v.Valid() && v.index < t_.size() ? t_[v.index] : ValueId{}; }

  // The tangent of instruction i from its operands' (invalid: zero).
  void Compute(uint32_t i) {
    if (t_[i].Valid()) return;  // a seed
    const ir::Inst in = s_.insts[i];  // a copy: appending may move the vector
    const ValueId r{i}, a = in.a, b = in.b, c = in.c;
    const ValueId da = Of(a), db = Of(b);
    const SourceRange at = in.range;
    auto bin = [&](Op op, ValueId x, ValueId y) { return s_.Binary(op, x, y, at); };
    auto un = [&](Op op, ValueId x) { return s_.Unary(op, x, at); };
    auto k = [&](double v) { return s_.Const(v, at); };
    auto or_zero = [&](ValueId v) { return v.Valid() ? v : k(0); };
    ValueId out;
    switch (in.op) {
      case Op::Const: case Op::Param: case Op::Ceil: case Op::Floor: case Op::Lt: case Op::Le: case Op::Gt:
      case Op::Ge: case Op::Eq: case Op::Ne: case Op::And: case Op::Or: case Op::Not:
        break;
      // A second derivative is never asked for: Differentiate runs once on a scenario.
      case Op::KernelJvp: break;
      case Op::Uniform: break;  // a draw depends on the sample's index and the seed alone
      case Op::Probit:  // d probit(p) / dp = sqrt(2 pi) exp(probit(p)^2 / 2)
        if (da.Valid())
          out = bin(Op::Mul, da, bin(Op::Mul, k(std::sqrt(2 * M_PI)), un(Op::Exp, bin(Op::Div, bin(Op::Mul, r, r), k(2)))));
        break;
      case Op::Add:
        out = da.Valid() && db.Valid() ? bin(Op::Add, da, db) : da.Valid() ? da : db;
        break;
      case Op::Sub:
        out = da.Valid() && db.Valid() ? bin(Op::Sub, da, db) : da.Valid() ? da : db.Valid() ? un(Op::Neg, db) : out;
        break;
      case Op::Mul: {
        ValueId x = da.Valid() ? bin(Op::Mul, da, b) : ValueId{};
        ValueId y = db.Valid() ? bin(Op::Mul, a, db) : ValueId{};
        out = x.Valid() && y.Valid() ? bin(Op::Add, x, y) : x.Valid() ? x : y;
        break;
      }
      case Op::Div: {  // (da - r db) / b
        if (!da.Valid() && !db.Valid()) break;
        ValueId rdb = db.Valid() ? bin(Op::Mul, r, db) : ValueId{};
        ValueId num = !db.Valid() ? da : !da.Valid() ? un(Op::Neg, rdb) : bin(Op::Sub, da, rdb);
        out = bin(Op::Div, num, b);
        break;
      }
      case Op::Mod: {  // fmod(a, b) = a - q b with q = trunc(a / b) = (a - r) / b
        if (!db.Valid()) {
          out = da;
          break;
        }
        ValueId qdb = bin(Op::Mul, bin(Op::Div, bin(Op::Sub, a, r), b), db);
        out = da.Valid() ? bin(Op::Sub, da, qdb) : un(Op::Neg, qdb);
        break;
      }
      case Op::Pow: {  // b a^(b-1) da + r ln(a) db, the second only where a > 0
        ValueId x = da.Valid() ? bin(Op::Mul, bin(Op::Mul, b, bin(Op::Pow, a, bin(Op::Sub, b, k(1)))), da) : ValueId{};
        ValueId y;
        if (db.Valid())
          y = s_.Select(bin(Op::Gt, a, k(0)), bin(Op::Mul, bin(Op::Mul, r, un(Op::Log, a)), db), k(0), at);
        out = x.Valid() && y.Valid() ? bin(Op::Add, x, y) : x.Valid() ? x : y;
        break;
      }
      case Op::Min:
      case Op::Max:
        if (da.Valid() || db.Valid())
          out = s_.Select(bin(in.op == Op::Min ? Op::Lt : Op::Gt, a, b), or_zero(da), or_zero(db), at);
        break;
      case Op::Neg: if (da.Valid()) out = un(Op::Neg, da); break;
      case Op::Abs: if (da.Valid()) out = s_.Select(bin(Op::Lt, a, k(0)), un(Op::Neg, da), da, at); break;
      case Op::Sqrt: if (da.Valid()) out = bin(Op::Div, da, bin(Op::Mul, k(2), r)); break;
      case Op::Exp: if (da.Valid()) out = bin(Op::Mul, r, da); break;
      case Op::Log: if (da.Valid()) out = bin(Op::Div, da, a); break;
      case Op::Log2: if (da.Valid()) out = bin(Op::Div, da, bin(Op::Mul, a, k(std::log(2.0)))); break;
      case Op::Select: {
        ValueId dc = Of(c);
        if (db.Valid() || dc.Valid()) out = s_.Select(a, or_zero(db), or_zero(dc), at);
        break;
      }
      case Op::Kernel: {
        bool any = false;
        for (ValueId f : in.args) any |= Of(f).Valid();
        if (!any) break;
        std::vector<ValueId> args = in.args;
        for (ValueId f : in.args) args.push_back(or_zero(Of(f)));
        out = s_.KernelJvp(static_cast<uint32_t>(in.imm), std::move(args), at);
        break;
      }
    }
    if (s_.insts[i].ty == ir::Ty::Bool) out = {};
    t_[i] = out;
  }

 private:
  ir::Scenario& s_;
  std::vector<ValueId> t_;  // per original instruction
};

}  // namespace

void Differentiate(ir::Scenario& s, const std::vector<uint32_t>& inputs) {
  const size_t n = s.insts.size();
  const size_t primal = s.PrimalReports();
  RL_CHECK(primal == s.reports.size(), "a scenario is differentiated once");
  for (uint32_t j : inputs) {
    RL_CHECK(j < s.inputs.size(), "an input of the scenario");
    const ir::Input& x = s.inputs[j];
    Tangents t(s, n);
    if (x.param >= 0) {
      for (uint32_t i = 0; i < n; ++i)
        if (s.insts[i].op == Op::Param && s.insts[i].imm == x.param) t.Seed({i});
    } else {
      RL_CHECK(x.seed.Valid() && x.seed.index < n && s.insts[x.seed.index].op == Op::Const,
               "a field input is a constant of the scenario as lowered");
      t.Seed(x.seed);
    }
    for (uint32_t i = 0; i < n; ++i) t.Compute(i);
    for (size_t k = 0; k < primal; ++k) {
      const ir::Report r = s.reports[k];
      if (r.display.kind != ir::Display::Kind::Real) continue;
      ir::Report d;
      d.name = fmt::format("d_{}_d_{}", r.name, x.name);
      ValueId v = t.Of(r.value);
      d.value = v.Valid() ? v : s.Const(0, r.range);
      d.display = ir::RealDisplay(r.display.dim / x.display.dim);
      d.range = r.range;
      d.tangent_of = static_cast<int32_t>(k);
      d.wrt = static_cast<int32_t>(j);
      s.reports.push_back(std::move(d));
    }
  }
}

}  // namespace rl::passes

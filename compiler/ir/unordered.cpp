// Run-time guards that turn silent numeric traps into NaNs the evaluators report
// (ir.h: GuardExactInt, GuardUnordered). Both rewrite the IR as lowered, so the JIT and
// the interpreter (and interp::FindNonFinite, which names the cause) see the same code.
#include <algorithm>
#include <cmath>
#include <limits>

#include "base/check.h"
#include "compiler/ir/ir.h"

namespace rl::ir {

ValueId GuardExactInt(Scenario& s, ValueId v, SourceRange r) {
  ValueId ok = s.Binary(Op::Le, s.Unary(Op::Abs, v, r), s.Const(kMaxExactInt, r), r);
  return s.Select(ok, v, s.Const(std::numeric_limits<double>::quiet_NaN(), r), r);
}

bool IsExactIntGuard(const Scenario& s, const Inst& in) {
  if (in.op != Op::Select || in.ty != Ty::F64) return false;
  const Inst& nan = s[in.c];
  const Inst& le = s[in.a];
  if (nan.op != Op::Const || !std::isnan(nan.imm) || le.op != Op::Le) return false;
  const Inst& abs = s[le.a];
  const Inst& lim = s[le.b];
  return abs.op == Op::Abs && abs.a == in.b && lim.op == Op::Const && lim.imm == kMaxExactInt;
}

static double Bound(const Scenario& s, ValueId v, std::vector<double>& known, int depth);

// One instruction's bound from its operands' (known, or looked up `depth` back).
static double BoundOf(const Scenario& s, const Inst& in, std::vector<double>& known, int depth) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  auto m = [&](ValueId x) { return Bound(s, x, known, depth - 1); };
  switch (in.op) {
    case Op::Const: return std::fabs(in.imm);
    case Op::Param: {
      const Param& p = s.params[static_cast<size_t>(in.imm)];
      double b = std::fabs(p.default_value);
      for (double x : p.values) b = std::max(b, std::fabs(x));
      return b;
    }
    case Op::Add:
    case Op::Sub: return m(in.a) + m(in.b);
    case Op::Mul: return m(in.a) * m(in.b);
    case Op::Min:
    case Op::Max: return std::max(m(in.a), m(in.b));
    case Op::Neg:
    case Op::Abs:
    case Op::Mod: return m(in.a);
    case Op::Ceil:
    case Op::Floor: return m(in.a) + 1;
    case Op::Div: {
      const Inst& d = s[in.b];
      return d.op == Op::Const && std::fabs(d.imm) >= 1 ? m(in.a) / std::fabs(d.imm) : kInf;
    }
    case Op::Pow: {
      const Inst& e = s[in.b];
      return e.op == Op::Const && e.imm >= 0 && e.imm == std::floor(e.imm) ? std::pow(m(in.a), e.imm) : kInf;
    }
    case Op::Select:
      if (IsExactIntGuard(s, in)) return std::min(m(in.b), kMaxExactInt);
      return std::max(m(in.b), m(in.c));
    case Op::Sqrt: case Op::Exp: case Op::Log: case Op::Log2: case Op::Lt: case Op::Le: case Op::Gt:
    case Op::Ge: case Op::Eq: case Op::Ne: case Op::And: case Op::Or: case Op::Not: case Op::Kernel: case Op::KernelJvp:
    case Op::Probit: return kInf;
    case Op::Uniform: return 1;
  }
  return kInf;
}

// Each value's bound is found once per scenario (`known`, -1 where not yet); the depth
// only keeps the recursion shallow, a value past it being unbounded (which is safe).
static double Bound(const Scenario& s, ValueId v, std::vector<double>& known, int depth) {
  if (depth <= 0) return std::numeric_limits<double>::infinity();
  if (known.size() < s.insts.size()) known.resize(s.insts.size(), -1);
  if (known[v.index] < 0) known[v.index] = BoundOf(s, s[v], known, depth);
  return known[v.index];
}

double MagnitudeBound(const Scenario& s, ValueId v, std::vector<double>& known) { return Bound(s, v, known, 64); }

namespace {

// Builds the guarded copy of one scenario. A probe is an F64 value that is 0 when the
// values it watches are numbers and NaN when one is NaN; an invalid id means "never NaN".
class Guard {
 public:
  explicit Guard(const Scenario& s) : s_(s), new_id_(s.insts.size()), f64_probe_(s.insts.size()),
                                       bool_probe_(s.insts.size()), done_(s.insts.size(), false) {
    out_.name = s.name;
    out_.params = s.params;
    out_.kernels = s.kernels;
  }

  Scenario Run() {
    for (uint32_t i = 0; i < s_.insts.size(); ++i) {
      Inst in = s_.insts[i];
      for (ValueId* v : {&in.a, &in.b, &in.c})
        if (v->Valid()) *v = Map(*v);
      for (ValueId& v : in.args) v = Map(v);
      out_.insts.push_back(in);
      ValueId copy{static_cast<uint32_t>(out_.insts.size() - 1)};
      new_id_[i] = copy;
      const Inst& old = s_.insts[i];
      if (old.op == Op::Select && old.ty == Ty::F64 && !IsExactIntGuard(s_, old))
        if (ValueId p = BoolProbe(old.a); p.Valid()) new_id_[i] = out_.Binary(Op::Add, copy, p, old.range);
    }
    // A require on NaN holds (so the point is not dropped as infeasible) and poisons every
    // report, which the run then reports as not finite.
    ValueId poison;
    for (const Require& q : s_.requires_) {
      Require g = q;
      g.cond = Map(q.cond);
      if (ValueId p = BoolProbe(q.cond); p.Valid()) {
        ValueId unknown = out_.Unary(Op::Not, out_.Binary(Op::Eq, p, out_.Const(0, q.range), q.range), q.range);
        g.cond = out_.Binary(Op::Or, g.cond, unknown, q.range);
        poison = Sum(poison, p, q.range);
      }
      out_.requires_.push_back(g);
    }
    for (const Report& r : s_.reports) {
      Report g = r;
      g.value = Map(r.value);
      if (poison.Valid() && s_[r.value].ty == Ty::F64) g.value = out_.Binary(Op::Add, g.value, poison, r.range);
      out_.reports.push_back(g);
    }
    out_.inputs = s_.inputs;
    for (Input& x : out_.inputs)
      if (x.seed.Valid()) x.seed = Map(x.seed);
    return std::move(out_);
  }

 private:
  ValueId Map(ValueId v) const { return new_id_[v.index]; }

  ValueId Sum(ValueId a, ValueId b, SourceRange r) {
    if (!a.Valid()) return b;
    if (!b.Valid()) return a;
    return out_.Binary(Op::Add, a, b, r);
  }

  // NaN when the F64 value `v` is NaN, else 0: max(min(v, 0), 0) (min and max keep a NaN).
  ValueId F64Probe(ValueId v) {
    const Inst& in = s_[v];
    switch (in.op) {
      case Op::Const:
      case Op::Param:
      case Op::Kernel: case Op::KernelJvp: case Op::Uniform: return {};  // finite by construction
      case Op::Probit: return F64Probe(in.a);  // NaN exactly when the operand is
      case Op::Neg:
      case Op::Abs:
      case Op::Ceil:
      case Op::Floor: return F64Probe(in.a);  // NaN exactly when the operand is
      case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Mod: case Op::Pow: case Op::Min: case Op::Max:
      case Op::Sqrt: case Op::Exp: case Op::Log: case Op::Log2: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge:
      case Op::Eq: case Op::Ne: case Op::And: case Op::Or: case Op::Not: case Op::Select: break;
    }
    ValueId& p = f64_probe_[v.index];
    if (!p.Valid())
      p = out_.Binary(Op::Max, out_.Binary(Op::Min, Map(v), out_.Const(0, in.range), in.range),
                      out_.Const(0, in.range), in.range);
    return p;
  }

  // The probe of a Bool value: whether a comparison it depends on saw a NaN, where `and`
  // and `or` ignore an unknown side when the other decides (`x > 0 and y / x > 1` at
  // x = 0 is plain false).
  ValueId BoolProbe(ValueId v) {
    if (done_[v.index]) return bool_probe_[v.index];
    const Inst& in = s_[v];
    ValueId p;
    switch (in.op) {
      case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: case Op::Eq: case Op::Ne:
        p = s_[in.a].ty == Ty::Bool ? Sum(BoolProbe(in.a), BoolProbe(in.b), in.range)
                                    : Sum(F64Probe(in.a), F64Probe(in.b), in.range);
        break;
      case Op::Not: p = BoolProbe(in.a); break;
      case Op::And:
      case Op::Or: {
        ValueId pa = BoolProbe(in.a), pb = BoolProbe(in.b);
        if (!pa.Valid() && !pb.Valid()) break;
        const bool decides = in.op == Op::Or;  // the value of one side that decides alone
        auto known = [&](ValueId x, ValueId px) {
          ValueId val = decides ? Map(x) : out_.Unary(Op::Not, Map(x), in.range);
          if (!px.Valid()) return val;
          return out_.Binary(Op::And, val, out_.Binary(Op::Eq, px, out_.Const(0, in.range), in.range), in.range);
        };
        ValueId decided = out_.Binary(Op::Or, known(in.a, pa), known(in.b, pb), in.range);
        p = out_.Select(decided, out_.Const(0, in.range), Sum(pa, pb, in.range), in.range);
        break;
      }
      case Op::Select: {
        ValueId pt = BoolProbe(in.b), pf = BoolProbe(in.c), inner;
        if (pt.Valid() || pf.Valid())
          inner = out_.Select(Map(in.a), pt.Valid() ? pt : out_.Const(0, in.range),
                              pf.Valid() ? pf : out_.Const(0, in.range), in.range);
        p = Sum(inner, BoolProbe(in.a), in.range);
        break;
      }
      // The rest are F64 values: a bool depends on them through a comparison.
      case Op::Const: case Op::Param: case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Mod:
      case Op::Pow: case Op::Min: case Op::Max: case Op::Neg: case Op::Abs: case Op::Sqrt: case Op::Exp:
      case Op::Log: case Op::Log2: case Op::Ceil: case Op::Floor: case Op::Kernel: case Op::KernelJvp: case Op::Uniform: case Op::Probit: break;
    }
    done_[v.index] = true;
    bool_probe_[v.index] = p;
    return p;
  }

  const Scenario& s_;
  Scenario out_;
  std::vector<ValueId> new_id_, f64_probe_, bool_probe_;
  std::vector<bool> done_;
};

}  // namespace

void GuardUnordered(Scenario& s) { s = Guard(s).Run(); }

}  // namespace rl::ir

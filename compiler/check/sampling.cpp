// Distributions (`param bw: B/s = 25 GB/s ~ normal(25 GB/s, 2 GB/s)`, `--vary`) and the
// draws `eval --samples` makes of them (docs/uncertainty.md). Each draw is IR: a
// `uniform` of the sample's index, the seed and the draw's own stream, through the
// distribution's quantile function, so both evaluators draw the same bits and any sample
// can be evaluated alone.
#include <fmt/format.h>

#include <cmath>

#include "compiler/check/program.h"

namespace rl::check {

using B = ScalarType::Base;

namespace {

struct Family {
  const char* name;
  std::vector<const char*> args;  // their names, for messages
};
const Family kFamilies[] = {
    {"uniform", {"lo", "hi"}},
    {"normal", {"mean", "sd"}},
    {"lognormal", {"median", "factor"}},
    {"triangular", {"lo", "mode", "hi"}},
};

}  // namespace

std::optional<Program::Distribution> Program::CheckDistribution(const ast::Expr* e, const ScalarType& t,
                                                                const std::string& what, const Env& env) {
  auto* call = ast::dyn_cast<ast::CallExpr>(e);
  auto* callee = call ? ast::dyn_cast<ast::NameExpr>(call->callee) : nullptr;
  const Family* family = nullptr;
  for (const Family& f : kFamilies)
    if (callee && callee->name == f.name) family = &f;
  if (!family) {
    Error(diag::Kind::bad_distribution, e->range,
          fmt::format("{}'s distribution must be `uniform(lo, hi)`, `normal(mean, sd)`, `lognormal(median, "
                      "factor)` or `triangular(lo, mode, hi)`",
                      what));
    return std::nullopt;
  }
  if (call->args.size() != family->args.size()) {
    Error(diag::Kind::bad_distribution, e->range,
          fmt::format("`{}` takes {} arguments ({}), got {}", family->name, family->args.size(),
                      fmt::join(family->args, ", "), call->args.size()));
    return std::nullopt;
  }
  Distribution d;
  d.family = family->name;
  d.range = e->range;
  for (size_t i = 0; i < call->args.size(); ++i) {
    const ast::Arg& a = call->args[i];
    Value v = Eval(a.value, env);
    if (v.IsError()) return std::nullopt;
    // A lognormal's factor is a plain number (exp of the log's sd); every other argument
    // is a value of the param's own unit.
    const bool plain = d.family == "lognormal" && i == 1;
    const units::Dim want = plain ? units::Dim{} : t.dim;
    if (!v.IsScalar() || !v.type.IsNumeric() || !v.is_const) {
      Error(v.IsScalar() && !v.is_const ? diag::Kind::not_static : diag::Kind::type_mismatch, a.value->range,
            fmt::format("`{}`'s `{}` must be a constant number, got {}`{}`", family->name, family->args[i],
                        v.IsScalar() && !v.is_const ? "param-dependent " : "", Describe(v)));
      return std::nullopt;
    }
    if (!v.type.any_dim && v.type.dim != want) {
      Error(diag::Kind::unit_mismatch, a.value->range,
            fmt::format("`{}`'s `{}` must be `{}` like {}, got `{}`", family->name, family->args[i], want.Str(),
                        plain ? "a factor" : what, v.type.dim.Str()));
      return std::nullopt;
    }
    d.args.push_back(v.c);
  }
  const std::vector<double>& x = d.args;
  const char* bad = nullptr;
  if (d.family == "uniform" && !(x[0] < x[1])) bad = "needs lo < hi";
  if (d.family == "normal" && !(x[1] > 0)) bad = "needs sd > 0";
  if (d.family == "lognormal" && !(x[0] > 0 && x[1] > 1)) bad = "needs median > 0 and factor > 1";
  if (d.family == "triangular" && !(x[0] <= x[1] && x[1] <= x[2] && x[0] < x[2])) bad = "needs lo <= mode <= hi, lo < hi";
  for (double v : x)
    if (!std::isfinite(v)) bad = "needs finite arguments";
  if (bad) {
    Error(diag::Kind::bad_distribution, e->range, fmt::format("`{}` {}", d.family, bad));
    return std::nullopt;
  }
  return d;
}

ir::ValueId Program::Draw(const Distribution& d, ir::Scenario& out) {
  const SourceRange r = d.range;
  if (!sampling_.sample.Valid()) sampling_.sample = out.ParamRef(0, r);  // its index is set at the end
  auto k = [&](double v) { return out.Const(v, r); };
  auto bin = [&](ir::Op op, ir::ValueId a, ir::ValueId b) { return out.Binary(op, a, b, r); };
  ir::ValueId u = out.Binary(ir::Op::Uniform, sampling_.sample, k(sampling_.seed), r);
  out.insts[u.index].imm = static_cast<double>(sampling_.streams++);
  const std::vector<double>& x = d.args;
  if (d.family == "uniform") return bin(ir::Op::Add, k(x[0]), bin(ir::Op::Mul, u, k(x[1] - x[0])));
  if (d.family == "normal") return bin(ir::Op::Add, k(x[0]), bin(ir::Op::Mul, out.Unary(ir::Op::Probit, u, r), k(x[1])));
  if (d.family == "lognormal")
    return bin(ir::Op::Mul, k(x[0]),
               out.Unary(ir::Op::Exp, bin(ir::Op::Mul, out.Unary(ir::Op::Probit, u, r), k(std::log(x[1]))), r));
  // Triangular, by its quantile function: below the mode's share c of the mass,
  // lo + sqrt(u (hi - lo)(mode - lo)); above, hi - sqrt((1 - u)(hi - lo)(hi - mode)).
  const double lo = x[0], mode = x[1], hi = x[2];
  ir::ValueId below = bin(ir::Op::Add, k(lo), out.Unary(ir::Op::Sqrt, bin(ir::Op::Mul, u, k((hi - lo) * (mode - lo))), r));
  ir::ValueId above =
      bin(ir::Op::Sub, k(hi),
          out.Unary(ir::Op::Sqrt, bin(ir::Op::Mul, bin(ir::Op::Sub, k(1), u), k((hi - lo) * (hi - mode))), r));
  return out.Select(bin(ir::Op::Lt, u, k((mode - lo) / (hi - lo))), below, above, r);
}

const ast::Expr* Program::VaryOf(const std::string& name) const {
  auto it = sampling_.vary.find(name);
  return it == sampling_.vary.end() ? nullptr : it->second;
}

Value Program::DrawFields(const Value& v, const std::string& path, const Env& env, ir::Scenario& out) {
  return MapFields(v, path, [&](const Value& f, const std::string& name) {
    const ast::Expr* dist = VaryOf(name);
    if (!dist) return f;
    sampling_.used.insert(name);
    if (!f.IsScalar() || f.type.base != B::Real || !f.is_const) {
      Error(diag::Kind::bad_distribution, dist->range,
            fmt::format("`{}` is `{}`; only a `Real` field takes a distribution", name, Describe(f)));
      return f;
    }
    std::optional<Distribution> d = CheckDistribution(dist, f.type, fmt::format("`{}`", name), env);
    if (!d) return f;
    // Structure keeps the field's value; what the IR computes from it draws (value.h).
    Value r = f;
    r.shadow = Draw(*d, out);
    return r;
  });
}

}  // namespace rl::check

// Forward-mode derivatives (compiler/passes/tangent.cpp, docs/sensitivity.md): each
// instruction's rule against its closed form, and every example's scenarios (the stdlib's
// strategies, collectives, kernel models and transformer plans among them) against
// central finite differences at several points, with the interpreter and the JIT agreeing
// to the bit.
#include <gtest/gtest.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <cmath>
#include <cstring>
#include <random>

#include "compiler/check/check.h"
#include "compiler/interp/interp.h"
#include "compiler/jit/jit.h"
#include "compiler/passes/passes.h"
#include "test/unit/harness.h"

namespace rl {
namespace {

std::vector<double> Defaults(const ir::Scenario& s) {
  std::vector<double> p;
  for (const ir::Param& q : s.params) p.push_back(q.default_value);
  return p;
}

std::vector<double> Evaluate(const ir::Scenario& s, const std::vector<double>& params) {
  std::vector<double> r(s.reports.size());
  interp::Evaluator(s).Run(params.data(), r.data());
  return r;
}

// The scenario with its derivatives by every input, optimised.
ir::Scenario Differentiated(ir::Scenario s) {
  std::vector<uint32_t> all(s.inputs.size());
  for (uint32_t j = 0; j < all.size(); ++j) all[j] = j;
  passes::Differentiate(s, all);
  passes::RunPipeline(s);
  return s;
}

// One spec's scenarios lowered with their inputs traced (not yet optimised).
std::vector<ir::Scenario> Traced(test::Harness& h, check::Compilation& comp) {
  std::vector<ir::Scenario> out;
  comp.TraceInputs(true);
  for (const std::string& name : comp.ScenarioNames())
    if (std::optional<ir::Scenario> sc = comp.Lower(name)) out.push_back(std::move(*sc));
  return out;
}

// d report / d input of `d` (differentiated) by name.
double Derivative(const ir::Scenario& d, const std::vector<double>& reports, const std::string& report,
                  const std::string& input) {
  for (size_t k = 0; k < d.reports.size(); ++k)
    if (d.reports[k].name == "d_" + report + "_d_" + input) return reports[k];
  ADD_FAILURE() << "no derivative of " << report << " by " << input;
  return NAN;
}

struct Closed {
  const char* report;
  const char* input;
  double want;
};

// Each instruction's rule, at x = 3, y = 2 (and the record field z.w = 5).
TEST(Sensitivity, RulesMatchClosedForms) {
  test::Harness h;
  h.Add(R"(
record Z { w: Real, k: Int }
scenario rules {
  param x: Real = 3
  param y: Real = 2
  param z: Z = Z { w = 5, k = 4 }
  report add = x + y
  report sub = x - 2 * y
  report mul = x * y
  report div = x / y
  report pow = x ^ y
  report mn = min(x, y)
  report mx = max(x, y)
  report ab = abs(y - x)
  report sq = sqrt(x)
  report ex = exp(y)
  report ln = log(x)
  report fl = floor(x * y) + 0.5
  report sel = if x > y then x * x else y
  report field = z.w * x + z.k
  report folded = z.w * z.w
}
)", "rules.rl");
  check::Compilation comp(h.diags, check::Options{RL_STDLIB_DIR});
  ASSERT_TRUE(comp.LoadBuffer(h.sm.getNumBuffers())) << h.AllText();
  std::vector<ir::Scenario> traced = Traced(h, comp);
  ASSERT_EQ(traced.size(), 1u) << h.AllText();
  std::vector<std::string> names;
  for (const ir::Input& x : traced[0].inputs) names.push_back(x.name);
  EXPECT_EQ(names, (std::vector<std::string>{"x", "y", "z.w"}));  // not the Int field
  const ir::Scenario d = Differentiated(traced[0]);
  const std::vector<double> r = Evaluate(d, Defaults(d));
  const Closed cases[] = {
      {"add", "x", 1}, {"add", "y", 1}, {"sub", "y", -2}, {"mul", "x", 2}, {"mul", "y", 3},
      {"div", "x", 0.5}, {"div", "y", -0.75},
      {"pow", "x", 6}, {"pow", "y", 9 * std::log(3.0)}, {"mn", "x", 0}, {"mn", "y", 1}, {"mx", "x", 1},
      {"mx", "y", 0}, {"ab", "x", 1}, {"ab", "y", -1}, {"sq", "x", 0.5 / std::sqrt(3.0)},
      {"ex", "y", std::exp(2.0)}, {"ln", "x", 1.0 / 3}, {"fl", "x", 0}, {"sel", "x", 6}, {"sel", "y", 0},
      {"field", "x", 5}, {"field", "z.w", 3}, {"folded", "z.w", 10}, {"folded", "x", 0},
  };
  for (const Closed& c : cases)
    EXPECT_NEAR(Derivative(d, r, c.report, c.input), c.want, 1e-15 * std::max(1.0, std::fabs(c.want)))
        << c.report << " by " << c.input;
  // The values are the scenario's own.
  const ir::Scenario plain = [&] {
    ir::Scenario s = traced[0];
    passes::RunPipeline(s);
    return s;
  }();
  const std::vector<double> v = Evaluate(plain, Defaults(plain));
  for (size_t k = 0; k < plain.reports.size(); ++k) EXPECT_EQ(v[k], r[k]) << plain.reports[k].name;
}

std::vector<std::string> SpecFiles() {
  llvm::SmallString<256> root(llvm::sys::path::parent_path(RL_STDLIB_DIR));
  std::vector<std::string> out;
  for (const char* sub : {"examples", "examples/paradl", "examples/megatron", "examples/barrachina",
                          "examples/keuper", "examples/li-overlap", "examples/custom-collective"}) {
    llvm::SmallString<256> dir(root);
    llvm::sys::path::append(dir, sub);
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec))
      if (llvm::StringRef(it->path()).ends_with(".rl")) out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  out.push_back(RL_TEST_DATA_DIR "/sensitivity_stdlib.rl");
  return out;
}

// A perturbed copy of `base` (traced, unoptimised): input j moved by `h`.
std::vector<double> Moved(const ir::Scenario& base, const ir::Input& x, std::vector<double> params, double h) {
  ir::Scenario s = base;
  if (x.param >= 0)
    params[static_cast<size_t>(x.param)] += h;
  else
    s.insts[x.seed.index].imm += h;
  passes::RunPipeline(s);
  return Evaluate(s, params);
}

struct Tally {
  size_t smooth = 0, kinks = 0, worst_at = 0;
  double worst = 0;
  std::string worst_what;
};

// Every Real report's derivative by every input of `base` at `params`, against central
// differences where the function is smooth there, else against one of the one-sided ones.
// Smooth means the one-sided differences agree within 1e-4 (a kink's differ by far more;
// a curve's by its curvature times the step). Two steps, 1e-6 and 1e-9 of the input: a
// staircase (`ceil(tokens / batch)`) whose treads are shorter than the first step looks
// smooth at it with the slope of the stairs, while its derivative is 0; at the second
// step it is a tread (flat) or a riser (a kink).
void CompareWithDifferences(const std::string& file, const ir::Scenario& base, const ir::Scenario& d,
                            const std::vector<double>& params, Tally& tally) {
  const std::vector<double> got = Evaluate(d, params);
  const size_t primal = d.PrimalReports();
  for (size_t j = 0; j < base.inputs.size(); ++j) {
    const ir::Input& x = base.inputs[j];
    const double at = x.param >= 0 ? params[static_cast<size_t>(x.param)] : x.value;
    if (!std::isfinite(at)) continue;
    const double scale = at != 0 ? std::fabs(at) : 1;
    const std::vector<double> mid = Moved(base, x, params, 0);
    struct Step {
      double h;
      std::vector<double> up, down;
    };
    std::vector<Step> steps;
    for (double rel : {1e-6, 1e-9})
      steps.push_back({rel * scale, Moved(base, x, params, rel * scale), Moved(base, x, params, -rel * scale)});
    for (size_t k = primal; k < d.reports.size(); ++k) {
      if (d.reports[k].wrt != static_cast<int32_t>(j)) continue;
      const size_t r = static_cast<size_t>(d.reports[k].tangent_of);
      const double f = mid[r], dv = got[k];
      if (!std::isfinite(f) || !std::isfinite(dv)) continue;
      bool ok = false, smooth_any = false, finite = true;
      double err_at_smooth = 0, central0 = 0, left0 = 0, right0 = 0;
      for (size_t si = 0; si < steps.size(); ++si) {
        const Step& st = steps[si];
        const double fu = st.up[r], fd = st.down[r];
        finite &= std::isfinite(fu) && std::isfinite(fd);
        if (!finite) break;
        const double central = (fu - fd) / (2 * st.h), right = (fu - f) / st.h, left = (f - fd) / st.h;
        if (si == 0) central0 = central, left0 = left, right0 = right;
        // Rounding in the differences: about 1e-16 of the report over the step, an
        // absolute slack of 1e-16 / (step / input) of report / input.
        const double slack = 1e-16 / (st.h / scale) * 4 * std::fabs(f) / scale;
        auto near = [&](double a, double b, double rel) {
          return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b)) + slack;
        };
        const bool smooth = near(left, right, 1e-4);
        if (smooth && near(dv, central, 1e-6)) {
          ok = true;
          smooth_any = true;
          err_at_smooth = std::fabs(dv - central) / std::max({std::fabs(dv), std::fabs(central), 100 * slack});
          break;
        }
        if (!smooth && (near(dv, left, 1e-6) || near(dv, right, 1e-6))) {
          ok = true;
          break;
        }
      }
      if (!finite) continue;
      (smooth_any ? tally.smooth : tally.kinks)++;
      if (smooth_any && err_at_smooth > tally.worst) {
        tally.worst = err_at_smooth;
        tally.worst_what = file + ": " + d.reports[k].name;
      }
      EXPECT_TRUE(ok) << file << ": " << base.name << ": " << d.reports[k].name << " = " << dv << ", central "
                      << central0 << ", left " << left0 << ", right " << right0 << " at " << x.name << " = " << at;
    }
  }
}

TEST(Sensitivity, ExamplesMatchFiniteDifferencesAndBackendsAgree) {
  Tally tally;
  size_t scenarios = 0, inputs = 0, jvps = 0;
  std::mt19937_64 rng(7);
  for (const std::string& file : SpecFiles()) {
    test::Harness h;
    check::Compilation comp(h.diags, check::Options{RL_STDLIB_DIR});
    if (!comp.Load(file)) continue;  // one that needs options (--allow-path) is not here
    for (const ir::Scenario& base : Traced(h, comp)) {
      if (base.inputs.empty()) continue;
      ++scenarios;
      inputs += base.inputs.size();
      std::printf("  %s: %s, %zu inputs, %zu instructions\n", file.c_str(), base.name.c_str(), base.inputs.size(),
                  base.insts.size());
      const ir::Scenario d = Differentiated(base);
      for (const ir::Inst& in : d.insts) jvps += in.op == ir::Op::KernelJvp;
      // The default point and two more, each Real param at another of its values.
      std::vector<std::vector<double>> points = {Defaults(base)};
      for (int n = 0; n < 2; ++n) {
        std::vector<double> p = Defaults(base);
        for (size_t i = 0; i < base.params.size(); ++i)
          if (!base.params[i].specialised && base.params[i].display.kind == ir::Display::Kind::Real)
            p[i] = base.params[i].values[rng() % base.params[i].values.size()] * (1 + 0.1 * (n + 1));
        points.push_back(p);
      }
      auto jit = jit::Compile(d, jit::Options{2, {}, /*eval=*/true, /*sweep=*/false});
      ASSERT_TRUE(static_cast<bool>(jit)) << llvm::toString(jit.takeError());
      for (const std::vector<double>& p : points) {
        CompareWithDifferences(file, base, d, p, tally);
        std::vector<double> on_jit(d.reports.size());
        (*jit)->Eval(p.data(), on_jit.data());
        const std::vector<double> interp = Evaluate(d, p);
        for (size_t k = 0; k < d.reports.size(); ++k)
          EXPECT_EQ(std::memcmp(&on_jit[k], &interp[k], sizeof(double)), 0)
              << file << ": " << d.reports[k].name << ": JIT " << on_jit[k] << ", interpreter " << interp[k];
      }
    }
  }
  EXPECT_GE(scenarios, 14u);
  EXPECT_GT(jvps, 0u);  // kernel models differentiated through their layers
  EXPECT_GE(tally.smooth, 1000u);
  std::printf("sensitivity: %zu scenarios, %zu inputs, %zu kernel_jvp calls; %zu derivatives at smooth points (largest relative "
              "difference from the central one %.3g, %s), %zu at kinks\n",
              scenarios, inputs, jvps, tally.smooth, tally.worst, tally.worst_what.c_str(), tally.kinks);
}

}  // namespace
}  // namespace rl

// The checker (compiler/check) through check::Compilation on in-memory specs: exact report
// values via the interpreter (before and after the pass pipeline), and the diagnostic
// kinds that mistakes produce.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <optional>

#include "compiler/check/check.h"
#include "compiler/interp/interp.h"
#include "compiler/passes/passes.h"
#include "base/units/units.h"
#include "test/unit/harness.h"

namespace rl::check {
namespace {

struct Outcome {
  bool ok = false;
  std::map<std::string, double> reports;  // SI values at the params' defaults
  std::optional<ir::Scenario> ir;         // after the pipeline
  bool feasible = false;
  std::vector<std::string> tags;
  std::string diags;
};

// Compiles `src`, lowers `scenario` with `sets` (NAME, VALUE TEXT as on the command
// line), evaluates it at the defaults before and after the pipeline and checks that both
// agree exactly.
Outcome Compile(const std::string& src, const std::vector<std::pair<std::string, std::string>>& sets = {},
            const std::string& scenario = "s") {
  test::Harness h;
  Compilation comp(h.diags, Options{RL_STDLIB_DIR});
  Outcome out;
  auto finish = [&]() {
    out.tags = h.Tags();
    out.diags = h.AllText();
    return out;
  };
  if (!comp.LoadBuffer(h.Add(src))) return finish();
  std::vector<Override> overrides;
  for (const auto& [name, text] : sets) {
    std::optional<Override> o = comp.ParseOverride(name, text, "--set " + name);
    if (!o) return finish();
    overrides.push_back(std::move(*o));
  }
  std::optional<ir::Scenario> sc = comp.Lower(scenario, overrides);
  if (!sc) return finish();
  std::vector<double> params;
  for (const ir::Param& p : sc->params) params.push_back(p.default_value);
  std::vector<double> before(sc->reports.size()), after(sc->reports.size());
  bool feasible_before = interp::Evaluator(*sc).Run(params.data(), before.data());
  passes::RunPipeline(*sc);
  EXPECT_EQ(ir::Verify(*sc), "");
  out.feasible = interp::Evaluator(*sc).Run(params.data(), after.data());
  EXPECT_EQ(feasible_before, out.feasible);
  for (size_t i = 0; i < sc->reports.size(); ++i) {
    EXPECT_TRUE(before[i] == after[i] || (std::isnan(before[i]) && std::isnan(after[i])))
        << sc->reports[i].name << ": " << before[i] << " before the pipeline, " << after[i] << " after";
    out.reports[sc->reports[i].name] = after[i];
  }
  out.ir = std::move(sc);
  out.ok = h.collected.empty();
  return finish();
}

// The value of one report (NaN and a test failure when the spec did not compile).
double Report(const std::string& src, const std::string& name,
              const std::vector<std::pair<std::string, std::string>>& sets = {}) {
  Outcome o = Compile(src, sets);
  EXPECT_TRUE(o.ok) << o.diags;
  auto it = o.reports.find(name);
  if (it == o.reports.end()) {
    ADD_FAILURE() << "no report " << name;
    return std::nan("");
  }
  return it->second;
}

// The value of `report r = EXPR` in a scenario with a few standard params.
double Value(const std::string& expr, const std::string& prelude = "") {
  return Report(prelude +
                    "\nscenario s {\n  param nodes: Int = 4 in [1, 2, 4, 8]\n  param inter: B/s = 12.5 GB/s\n"
                    "  param fast: Bool = true\n  report r = " +
                    expr + "\n}\n",
                "r");
}

// The diagnostic tags of a spec that must not compile.
std::vector<std::string> Errors(const std::string& src) {
  Outcome o = Compile(src);
  EXPECT_FALSE(o.ok) << "compiled cleanly";
  return o.tags;
}
bool Fails(const std::string& src, const std::string& tag) {
  std::vector<std::string> tags = Errors(src);
  for (const std::string& t : tags)
    if (t == tag) return true;
  std::string all;
  for (const std::string& t : tags) all += t + " ";
  ADD_FAILURE() << "expected [" << tag << "], got: " << all;
  return false;
}
std::string Scenario(const std::string& body, const std::string& prelude = "") {
  return prelude + "\nscenario s {\n" + body + "\n}\n";
}

const char* kLinks =
    "record Link { bw: B/s, lat: s = 0 s }\n"
    "record Net { inner: Link, outer: Link }\n"
    "let edr = Link { bw = 12.5 GB/s, lat = 1.5 us }\n"
    "let nvlink = Link { bw = 50 GB/s, lat = 9 us }\n"
    "fn ring(n: B, p: Int, l: Link = edr) -> s =\n"
    "  if p == 1 then 0 s else 2 * (p - 1) * (l.lat + n / p / l.bw)\n";

TEST(Check, UnitArithmeticIsExact) {
  double t = Value("16 GiB / 12.5 GB/s");
  EXPECT_EQ(t, 17179869184.0 / 12.5e9);
  EXPECT_EQ(units::FormatNumber(t), "1.37438953472");
  EXPECT_EQ(Value("25 GB/s == 200 Gbit/s"), 1);
  EXPECT_EQ(Value("200 Gbit/s"), 25e9);
  EXPECT_EQ(Value("1 min + 30 s"), 90);
  EXPECT_EQ(Value("2 h"), 7200);
  EXPECT_EQ(Value("1 GiB - 1 MiB"), 1073741824.0 - 1048576.0);
  EXPECT_EQ(Value("1 kHz * 1 ms"), 1);
  EXPECT_EQ(Value("3 GB/s * 2 s"), 6e9);
  EXPECT_EQ(Value("1.5 us + 500 ns"), 2e-6);
  EXPECT_EQ(Value("1.5 \u00B5s"), 1.5e-6);
  EXPECT_EQ(Value("15.7 TFLOP/s * 1 s / 1 GFLOP"), 15700);
  EXPECT_EQ(Value("inter * 8"), 1e11);
  EXPECT_EQ(Value("16 GiB / nodes"), 17179869184.0 / 4);  // 16 GiB / n divides by n
}

TEST(Check, ReportUnitsAndDisplay) {
  Outcome o = Compile(Scenario(
      "param nodes: Int = 4\nparam inter: B/s = 25 GB/s\nreport a = 16 GiB / 12.5 GB/s in ms\n"
      "report b = 25 GB/s\nreport c = inter in Gbit/s\nreport d = nodes * 2\nreport e = nodes / 2\n"
      "report f = nodes > 2"));
  ASSERT_TRUE(o.ok) << o.diags;
  const ir::Scenario& s = *o.ir;
  ASSERT_EQ(s.reports.size(), 6u);
  EXPECT_EQ(s.reports[0].display.unit.name, "ms");
  EXPECT_EQ(units::FormatNumber(units::FromSI(o.reports["a"], s.reports[0].display.unit)), "1374.38953472");
  EXPECT_EQ(s.reports[1].display.unit.name, "GB/s");  // a literal report keeps its unit
  EXPECT_EQ(s.reports[2].display.unit.name, "Gbit/s");
  EXPECT_EQ(units::FromSI(o.reports["c"], s.reports[2].display.unit), 200);
  EXPECT_EQ(s.reports[3].display.kind, ir::Display::Kind::Int);
  EXPECT_EQ(o.reports["d"], 8);
  EXPECT_EQ(s.reports[4].display.kind, ir::Display::Kind::Real);  // Int / Int is Real
  EXPECT_EQ(s.reports[5].display.kind, ir::Display::Kind::Bool);
  EXPECT_EQ(o.reports["f"], 1);
  ASSERT_EQ(s.params.size(), 2u);
  EXPECT_EQ(s.params[1].display.unit.name, "GB/s");  // printed as its default was written
  EXPECT_EQ(s.params[1].default_value, 25e9);
}

TEST(Check, FunctionsDefaultsAndNamedArguments) {
  const double ring4 = 2 * 3 * (1.5e-6 + 1e8 / 4 / 12.5e9);
  EXPECT_EQ(Value("ring(100 MB, nodes)", kLinks), ring4);
  EXPECT_EQ(Value("ring(p = nodes, n = 100 MB)", kLinks), ring4);
  EXPECT_EQ(Value("ring(100 MB, 1)", kLinks), 0);
  EXPECT_EQ(Value("ring(100 MB, nodes, l = nvlink)", kLinks), 2 * 3 * (9e-6 + 1e8 / 4 / 50e9));
  const char* fns =
      "fn f(a: Int, b: Int = a * 2) -> Int = a + b\n"
      "fn g(x: Real) -> Real = x / 2\n"
      "fn blk(x: Int) -> Int { let y = x * 2; let z = y + 1; z * z }\n"
      "fn twice(h: fn(Int) -> Int, x: Int) -> Int = h(h(x))\n"
      "fn inc(x: Int) -> Int = x + 1\n"
      "fn fact(n: Int) -> Int = if n <= 1 then 1 else n * fact(n - 1)\n";
  EXPECT_EQ(Value("f(3)", fns), 9);  // a default sees the parameters before it
  EXPECT_EQ(Value("f(b = 1, a = 3)", fns), 4);
  EXPECT_EQ(Value("f(nodes)", fns), 12);
  EXPECT_EQ(Value("g(3)", fns), 1.5);  // an Int argument is accepted as Real
  EXPECT_EQ(Value("blk(nodes)", fns), 81);
  EXPECT_EQ(Value("twice(inc, nodes)", fns), 6);
  EXPECT_EQ(Value("fact(10)", fns), 3628800);  // recursion with a static base case
}

TEST(Check, RecordsAndNestedWith) {
  const std::string prelude = std::string(kLinks) + "let net = Net { inner = nvlink, outer = edr }\n";
  EXPECT_EQ(Value("(net with { outer.bw = inter * 2 }).outer.bw", prelude), 25e9);
  EXPECT_EQ(Value("(net with { outer.bw = 1 GB/s, inner.lat = 2 us }).inner.lat", prelude), 2e-6);
  // `with` copies: the original keeps its fields.
  Outcome o = Compile(Scenario(
      "param inter: B/s = 25 GB/s\nlet n2 = net with { outer.bw = inter }\n"
      "report a = n2.outer.bw\nreport b = net.outer.bw\nreport c = n2.outer.lat\n"
      "report d = ring(100 MB, 4, n2.outer)",
      prelude));
  ASSERT_TRUE(o.ok) << o.diags;
  EXPECT_EQ(o.reports["a"], 25e9);
  EXPECT_EQ(o.reports["b"], 12.5e9);
  EXPECT_EQ(o.reports["c"], 1.5e-6);
  EXPECT_EQ(o.reports["d"], 2 * 3 * (1.5e-6 + 1e8 / 4 / 25e9));
  // A field default sees the fields before it; a default-less field is filled in.
  EXPECT_EQ(Value("Dev { peak_fp32 = 15.7 TFLOP/s }.peak", "record Dev { peak_fp32: FLOP/s, peak: FLOP/s = peak_fp32 }"),
            15.7e12);
  EXPECT_EQ(Value("Link { bw = 1 GB/s }.lat", kLinks), 0);
}

TEST(Check, ReductionsOverLists) {
  EXPECT_EQ(Value("sum x in [1, 2, 3]: x * x"), 14);
  EXPECT_EQ(Value("sum x in [1, 2, 3]: x * nodes"), 24);
  EXPECT_EQ(Value("max x in [1 s, 3 s, 2 s]: x"), 3);
  EXPECT_EQ(Value("min x in [nodes, 2 * nodes, 3]: x"), 3);
  EXPECT_EQ(Value("max x in [nodes, 2 * nodes, 3]: x"), 8);
  EXPECT_EQ(Value("1 s + sum x in []: x"), 1);  // the empty sum adopts any dimension
  EXPECT_EQ(Value("max([3, nodes, 7])"), 7);
  EXPECT_EQ(Value("min(2 s, 1500 ms, 3 us)"), 3e-6);
  EXPECT_EQ(Value("max(1 s, 2000 ms)"), 2);
  EXPECT_EQ(Value("sum l in [edr, nvlink]: l.lat", kLinks), 1.5e-6 + 9e-6);
  EXPECT_EQ(Value("max l in [edr, nvlink]: l.bw", kLinks), 50e9);
}

TEST(Check, ListComprehensionRangeAndIndex) {
  EXPECT_EQ(Value("sum y in [x * nodes for x in range(3)]: y"), 12);
  EXPECT_EQ(Value("len([x for x in range(2, 5)])"), 3);
  EXPECT_EQ(Value("sum x in range(2, 5): x"), 9);
  EXPECT_EQ(Value("[10, 20, 30][1]"), 20);
  EXPECT_EQ(Value("[x * x for x in range(5)][4]"), 16);
  EXPECT_EQ(Value("len([])"), 0);
  EXPECT_EQ(Value("sum p in [[1, 2], [3, 4]]: p[0] * p[1]"), 14);
}

TEST(Check, StaticIfEvaluatesOnlyTheTakenBranch) {
  EXPECT_EQ(Value("if 1 < 2 then 5 else 1 / 0"), 5);  // the else branch would be an error
  EXPECT_EQ(Value("len(if true then [1, 2] else [1])"), 2);
  EXPECT_EQ(Value("(if 2 > 3 then edr else nvlink).bw", kLinks), 50e9);
  Outcome o = Compile(Scenario("report r = if 1 < 2 then 5 else 6"));
  ASSERT_TRUE(o.ok) << o.diags;
  ASSERT_EQ(o.ir->insts.size(), 1u);  // no select: a constant
  EXPECT_EQ(o.ir->insts[0].op, ir::Op::Const);
}

TEST(Check, ParamDependentIfBecomesSelect) {
  EXPECT_EQ(Value("if nodes > 2 then 1 s else 2 s"), 1);
  EXPECT_EQ(Value("(if fast then edr else nvlink).bw", kLinks), 12.5e9);
  EXPECT_EQ(Value("(if nodes > 4 then [1, 2] else [3, 4])[1]"), 4);
  EXPECT_EQ(Value("if nodes > 2 then 1 else 2.5"), 1);  // Int and Real branches give Real
  Outcome o = Compile(Scenario("param nodes: Int = 4\nreport r = if nodes > 2 then 1 else 2.5", ""));
  ASSERT_TRUE(o.ok) << o.diags;
  EXPECT_EQ(o.ir->reports[0].display.kind, ir::Display::Kind::Real);
  bool has_select = false;
  for (const ir::Inst& in : o.ir->insts) has_select |= in.op == ir::Op::Select;
  EXPECT_TRUE(has_select);
  EXPECT_TRUE(Fails(Scenario("param x: Real = 4\nreport r = len(if x > 2 then [1, 2] else [1])"), "not_static"));
  // An Int param is specialised instead: the variant at its default is lowered.
  Outcome spec = Compile(Scenario("param n: Int = 4\nreport r = len(if n > 2 then [1, 2] else [1])"));
  ASSERT_TRUE(spec.ok) << spec.diags;
  EXPECT_EQ(spec.reports["r"], 2);
  EXPECT_TRUE(spec.ir->params[0].specialised);
  EXPECT_TRUE(Fails(Scenario("param n: Int = 4\nreport r = if n > 2 then 1 s else 1 B"), "unit_mismatch"));
}

TEST(Check, IntAndRealRules) {
  Outcome o = Compile(Scenario(
      "param n: Int = 7\nreport half = n / 2\nreport c = ceil(n / 2)\nreport f = floor(n / 2)\n"
      "report m = n % 3\nreport p = n ^ 2\nreport q = 2 ^ -1\nreport r = n * 1.0"));
  ASSERT_TRUE(o.ok) << o.diags;
  EXPECT_EQ(o.reports["half"], 3.5);
  EXPECT_EQ(o.reports["c"], 4);
  EXPECT_EQ(o.reports["f"], 3);
  EXPECT_EQ(o.reports["m"], 1);
  EXPECT_EQ(o.reports["p"], 49);
  EXPECT_EQ(o.reports["q"], 0.5);
  using K = ir::Display::Kind;
  const std::vector<K> kinds = {K::Real, K::Int, K::Int, K::Int, K::Int, K::Real, K::Real};
  for (size_t i = 0; i < kinds.size(); ++i) EXPECT_EQ(o.ir->reports[i].display.kind, kinds[i]) << i;
  EXPECT_TRUE(Fails(Scenario("report r = 7.0 % 2"), "type_mismatch"));
  EXPECT_TRUE(Fails(Scenario("param n: Int = 2.5\nreport r = n"), "type_mismatch"));
  EXPECT_TRUE(Fails("fn f(x: Int) -> Int = x / 2\n" + Scenario("report r = f(4)"), "type_mismatch"));
  EXPECT_TRUE(Fails("fn f(x: Int) -> Int = x\n" + Scenario("report r = f(1.5)"), "type_mismatch"));
  EXPECT_TRUE(Fails(Scenario("report r = [1, 2][1.0]"), "type_mismatch"));
}

TEST(Check, BoolParams) {
  const std::string src = Scenario(
      "param fast: Bool = true\nparam n: Int = 3\nreport a = if fast then 1 ms else 2 ms\n"
      "report b = not fast\nreport c = fast and n > 2\nreport d = fast == false\nreport e = fast");
  Outcome on = Compile(src);
  ASSERT_TRUE(on.ok) << on.diags;
  EXPECT_EQ(on.reports["a"], 1e-3);
  EXPECT_EQ(on.reports["b"], 0);
  EXPECT_EQ(on.reports["c"], 1);
  EXPECT_EQ(on.reports["d"], 0);
  EXPECT_EQ(on.reports["e"], 1);
  EXPECT_EQ(on.ir->params[0].display.kind, ir::Display::Kind::Bool);
  Outcome off = Compile(src, {{"fast", "false"}});
  ASSERT_TRUE(off.ok) << off.diags;
  EXPECT_EQ(off.reports["a"], 2e-3);
  EXPECT_EQ(off.reports["b"], 1);
  EXPECT_EQ(off.reports["c"], 0);
  EXPECT_EQ(off.reports["d"], 1);
  EXPECT_EQ(off.reports["e"], 0);
  EXPECT_TRUE(Fails(Scenario("param fast: Bool = 1\nreport r = fast"), "type_mismatch"));
  EXPECT_TRUE(Fails(Scenario("param fast: Bool = true\nreport r = fast + 1"), "type_mismatch"));
}

TEST(Check, RequiresDecideFeasibility) {
  const std::string src = Scenario("param n: Int = 4\nrequire n <= 8, \"small\"\nreport r = n");
  Outcome ok = Compile(src);
  ASSERT_TRUE(ok.ok) << ok.diags;
  EXPECT_TRUE(ok.feasible);
  ASSERT_EQ(ok.ir->requires_.size(), 1u);
  EXPECT_EQ(ok.ir->requires_[0].message, "small");
  Outcome bad = Compile(src, {{"n", "16"}});
  ASSERT_TRUE(bad.ok) << bad.diags;
  EXPECT_FALSE(bad.feasible);
  EXPECT_EQ(bad.reports["r"], 16);
  EXPECT_TRUE(Fails(Scenario("require 1\nreport r = 1"), "type_mismatch"));
}

TEST(Check, SetOverridesWithUnitsAndRanges) {
  const std::string src = Scenario(
      "param inter: B/s = 12.5 GB/s\nparam n: Int = 1 in [1, 2]\nreport r = 16 GiB / inter\nreport m = n");
  EXPECT_EQ(Report(src, "r", {{"inter", "25GB/s"}}), 17179869184.0 / 25e9);
  EXPECT_EQ(Report(src, "r", {{"inter", "200 Gbit/s"}}), 17179869184.0 / 25e9);
  Outcome o = Compile(src, {{"n", "1..64*2"}});
  ASSERT_TRUE(o.ok) << o.diags;
  EXPECT_EQ(o.ir->params[1].values, (std::vector<double>{1, 2, 4, 8, 16, 32, 64}));
  o = Compile(src, {{"n", "1..10+3"}});
  ASSERT_TRUE(o.ok) << o.diags;
  EXPECT_EQ(o.ir->params[1].values, (std::vector<double>{1, 4, 7, 10}));
  o = Compile(src, {{"n", "3,5,9"}});
  ASSERT_TRUE(o.ok) << o.diags;
  EXPECT_EQ(o.ir->params[1].values, (std::vector<double>{3, 5, 9}));
  EXPECT_EQ(o.reports["m"], 3);  // the first value is the default
  o = Compile(src, {{"inter", "10GB/s..40GB/s+10GB/s"}});
  ASSERT_TRUE(o.ok) << o.diags;
  EXPECT_EQ(o.ir->params[0].values, (std::vector<double>{10e9, 20e9, 30e9, 40e9}));

  auto first_tag = [&](const std::string& name, const std::string& text) {
    std::vector<std::string> tags = Compile(src, {{name, text}}).tags;
    return tags.empty() ? std::string("none") : tags[0];
  };
  EXPECT_EQ(first_tag("inter", "25 s"), "unit_mismatch");
  EXPECT_EQ(first_tag("bogus", "1"), "unknown_param");
  EXPECT_EQ(first_tag("n", "1.5"), "type_mismatch");
  EXPECT_EQ(first_tag("n", "8..1*2"), "bad_range");
}

// Disabled until compiler/check is fixed: a param whose value is rejected is left
// unbound, so every later use adds an `unknown name` error (reported to its owner).
TEST(Check, RejectedParamGivesOneDiagnostic) {
  const std::string src = Scenario("param inter: B/s = 12.5 GB/s\nreport r = 16 GiB / inter");
  EXPECT_EQ(Compile(src, {{"inter", "25 s"}}).tags, (std::vector<std::string>{"unit_mismatch"}));
  EXPECT_EQ(Errors(Scenario("param inter: B/s = 12.5 s\nreport r = 16 GiB / inter")),
            (std::vector<std::string>{"unit_mismatch"}));
}

TEST(Check, ScenarioParamRanges) {
  Outcome o = Compile(Scenario(
      "param a: Int in 1 .. 1024 step *2\nparam b: Int = 2 in 1 .. 4\n"
      "param c: B/s = 12.5 GB/s in [12.5 GB/s, 25 GB/s]\nreport r = a + b"));
  ASSERT_TRUE(o.ok) << o.diags;
  ASSERT_EQ(o.ir->params.size(), 3u);
  EXPECT_EQ(o.ir->params[0].values.size(), 11u);
  EXPECT_EQ(o.ir->params[0].values.back(), 1024);
  EXPECT_EQ(o.ir->params[0].default_value, 1);
  EXPECT_EQ(o.ir->params[1].values, (std::vector<double>{1, 2, 3, 4}));
  EXPECT_EQ(o.ir->params[2].values, (std::vector<double>{12.5e9, 25e9}));
  EXPECT_EQ(o.reports["r"], 3);
  EXPECT_TRUE(Fails(Scenario("param a: B in 1 B .. 8 B\nreport r = a"), "bad_range"));
  EXPECT_TRUE(Fails(Scenario("param a: Int\nreport r = a"), "bad_scenario"));
}

TEST(Check, StdlibImport) {
  EXPECT_EQ(Value("p2p(100 MB, Link { bw = 12.5 GB/s, lat = 1 us })", "import stdlib.hardware"),
            1e-6 + 1e8 / 12.5e9);
}

TEST(Check, ErrorsHaveTheirKinds) {
  EXPECT_TRUE(Fails(Scenario("report r = 1 s + 1 B"), "unit_mismatch"));
  EXPECT_TRUE(Fails(Scenario("report r = 1 s < 1 B"), "unit_mismatch"));
  EXPECT_TRUE(Fails(Scenario("report r = nope"), "unknown_name"));
  EXPECT_TRUE(Fails(Scenario("report r = 1 + true"), "type_mismatch"));
  EXPECT_TRUE(Fails(Scenario("report r = 3 Gb"), "unknown_unit"));
  EXPECT_TRUE(Fails(std::string(kLinks) + Scenario("report r = ring(1 MB)"), "bad_call"));
  EXPECT_TRUE(Fails(std::string(kLinks) + Scenario("report r = ring(1 MB, 2, q = 1)"), "bad_call"));
  EXPECT_TRUE(Fails(std::string(kLinks) + Scenario("report r = ring(1 MB, 2, edr, 4)"), "bad_call"));
  EXPECT_TRUE(Fails(std::string(kLinks) + Scenario("report r = ring(1 s, 2)"), "unit_mismatch"));
  EXPECT_TRUE(Fails(std::string(kLinks) + Scenario("report r = edr.nope"), "unknown_field"));
  EXPECT_TRUE(Fails(std::string(kLinks) + Scenario("report r = (edr with { nope = 1 }).bw"), "unknown_field"));
  EXPECT_TRUE(Fails(std::string(kLinks) + Scenario("report r = Link { lat = 1 s }.lat"), "missing_field"));
  EXPECT_TRUE(Fails(std::string(kLinks) + Scenario("report r = Nope { }.x"), "unknown_type"));
  EXPECT_TRUE(Fails(Scenario("report r = 1 / 0"), "domain_error"));
  EXPECT_TRUE(Fails(Scenario("report r = log(0)"), "domain_error"));
  EXPECT_TRUE(Fails(Scenario("report r = sqrt(-1)"), "domain_error"));
  EXPECT_TRUE(Fails(Scenario("report r = [1, 2][2]"), "index_out_of_range"));
  EXPECT_TRUE(Fails(Scenario("report r = max x in []: x"), "empty_list"));
  EXPECT_TRUE(Fails(Scenario("report r = 3(1)"), "not_callable"));
  EXPECT_TRUE(Fails("fn f(n: Int) -> Int = f(n + 1)\n" + Scenario("report r = f(1)"), "recursion_limit"));
  EXPECT_TRUE(Fails("let a = b\nlet b = a\n" + Scenario("report r = a"), "cyclic_definition"));
  EXPECT_TRUE(Fails("let a = 1\nlet a = 2\n" + Scenario("report r = a"), "duplicate_name"));
  EXPECT_TRUE(Fails(Scenario("param x: Real = 1\nreport r = range(floor(x))[0]"), "not_static"));
  EXPECT_TRUE(Fails(Scenario("let x = 1"), "bad_scenario"));
  EXPECT_TRUE(Fails(Scenario("report r = [1, 2]"), "type_mismatch"));
  EXPECT_TRUE(Fails(Scenario("report r = 1 s in B"), "unit_mismatch"));
  EXPECT_TRUE(Fails(Scenario("report r = (1 s) ^ 1.5"), "not_static"));
  EXPECT_TRUE(Fails(Scenario("report r = exp(1 s)"), "unit_mismatch"));
}

TEST(Check, UserErrorsHaveTheirKinds) {
  EXPECT_TRUE(Fails(Scenario("report r = error(\"no\")"), "user_error"));
  EXPECT_TRUE(Fails(Scenario("report r = shape_error(\"got `\" + str([1, 2]) + \"`\")"), "shape_mismatch"));
  EXPECT_TRUE(Fails(Scenario("param x: Real = 1\nreport r = if x > 0 then 1 else error(\"no\")"), "not_static"));
  EXPECT_TRUE(Fails(Scenario("param x: Real = 1\nreport r = len(str(x))"), "not_static"));
  EXPECT_TRUE(Fails(Scenario("param n: Int = 0\nreport r = if n > 0 then 1 else error(\"no\")"), "user_error"));
  EXPECT_TRUE(Fails(Scenario("report r = error(1)"), "bad_call"));
  EXPECT_TRUE(Fails(Scenario("report r = \"a\" + 1"), "type_mismatch"));
}

// A layer applied to a shape it cannot take is reported at the spec's call that made the
// layer, not inside stdlib/layers.rl, with the message the library wrote, and a note at
// the `network` that applied it.
TEST(Check, ShapeErrorsPointAtTheSpecsLayer) {
  test::Harness h;
  Compilation comp(h.diags, Options{RL_STDLIB_DIR});
  const std::string src =
      "import stdlib.layers\n"
      "let n = network(\"n\", [3, 8, 8], [conv2d(4, 3), flatten, relu, conv2d(8, 3)])\n"
      "scenario s { report p = total_params(n) }\n";
  unsigned id = h.Add(src);
  ASSERT_TRUE(comp.LoadBuffer(id));
  EXPECT_FALSE(comp.Lower("s"));
  ASSERT_EQ(h.collected.size(), 2u) << h.AllText();
  auto text = [&](const diag::Collected& c) { return src.substr(c.where.begin, c.where.end - c.where.begin); };
  EXPECT_EQ(h.collected[0].text, "`conv2d` needs a 3-D input [C, H, W] per sample, got `[144]` [shape_mismatch]");
  EXPECT_EQ(h.collected[0].where.buffer, id);
  EXPECT_EQ(text(h.collected[0]), "conv2d(8, 3)");
  EXPECT_EQ(h.collected[1].text, "in this call of `network` [called_from]");
  EXPECT_EQ(text(h.collected[1]).substr(0, 8), "network(");
}

// `str` shows static values; `+` joins strings (seen through the message of `error`).
TEST(Check, StrAndStringJoin) {
  test::Harness h;
  Compilation comp(h.diags, Options{RL_STDLIB_DIR});
  ASSERT_TRUE(comp.LoadBuffer(h.Add(
      "record P { a: Int, b: B/s = 2 GB/s }\n"
      "let x = error(str([3, 224, 224]) + \"|\" + str(P { a = 1 }) + \"|\" + str(0.5) + \"|\" + str(\"s\") +\n"
      "              \"|\" + str([[\"t\"], []]) + \"|\" + str(1 == 1))\n")));
  EXPECT_FALSE(comp.CheckAll());
  ASSERT_EQ(h.collected.size(), 1u) << h.AllText();
  EXPECT_EQ(h.collected[0].text,
            "[3, 224, 224]|P { a = 1, b = 2000000000 B/s }|0.5|s|[[\"t\"], []]|true [user_error]");
}

TEST(Check, OneMistakeGivesOneDiagnostic) {
  // An erroneous value poisons its users instead of producing follow-on errors.
  std::vector<std::string> tags = Errors(Scenario("let x = 1 s + 1 B\nreport r = x * 2 + x"));
  EXPECT_EQ(tags, std::vector<std::string>{"unit_mismatch"});
}

}  // namespace
}  // namespace rl::check

// The cost IR (compiler/ir) and its passes (compiler/passes) on hand-built scenarios:
// folding, CSE, DCE and the verifier, plus a property test that random scenarios give
// the same interpreter results before and after the pipeline.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "compiler/interp/interp.h"
#include "compiler/ir/ir.h"
#include "compiler/passes/passes.h"

namespace rl::ir {
namespace {

Scenario WithParams(std::initializer_list<const char*> names) {
  Scenario s;
  s.name = "t";
  for (const char* n : names) {
    Param p;
    p.name = n;
    p.values = {0};
    s.params.push_back(p);
  }
  return s;
}

Report Out(const std::string& name, ValueId v) { return Report{name, v, {}, {}}; }

size_t Count(const Scenario& s, Op op) {
  size_t n = 0;
  for (const Inst& in : s.insts) n += in.op == op;
  return n;
}

std::vector<double> Eval(const Scenario& s, std::vector<double> params, bool* feasible = nullptr) {
  std::vector<double> out(s.reports.size());
  bool f = interp::Evaluator(s).Run(params.data(), out.data());
  if (feasible) *feasible = f;
  return out;
}

TEST(IR, BuilderTypesAndPrinter) {
  Scenario s = WithParams({"n"});
  ValueId n = s.ParamRef(0);
  ValueId two = s.Const(2);
  ValueId m = s.Binary(Op::Mul, n, two);
  ValueId lt = s.Binary(Op::Lt, m, two);
  ValueId sel = s.Select(lt, n, m);
  EXPECT_EQ(s[m].ty, Ty::F64);
  EXPECT_EQ(s[lt].ty, Ty::Bool);
  EXPECT_EQ(s[sel].ty, Ty::F64);
  s.reports.push_back(Out("r", sel));
  s.reports.back().display.dim = units::Dim::Of(units::BaseDim::Time);
  s.reports.back().display.unit = units::Unit::Canonical(s.reports.back().display.dim);
  s.reports.push_back(Out("k", m));
  s.reports.back().display.kind = Display::Kind::Int;
  s.requires_.push_back({lt, "n small", {}});
  EXPECT_EQ(Verify(s), "");
  EXPECT_EQ(Print(s),
            "scenario t {\n"
            "  param 0 n : 1 = 0\n"
            "  %0 = param 0 ; n\n"
            "  %1 = const 2\n"
            "  %2 = mul %0, %1\n"
            "  %3 = lt %2, %1 : bool\n"
            "  %4 = select %3, %0, %2\n"
            "  require %3 ; n small\n"
            "  report r = %4 : s in s\n"
            "  report k = %2 : Int\n"  // no dangling `in` for unit-less values
            "}\n");
}

TEST(Passes, ConstFoldFoldsConstantsAndSafeIdentities) {
  Scenario s = WithParams({"x"});
  ValueId x = s.ParamRef(0);                     // %0
  ValueId c2 = s.Const(2), c3 = s.Const(3);      // %1 %2
  ValueId five = s.Binary(Op::Add, c2, c3);      // %3 -> const 5
  ValueId m = s.Binary(Op::Mul, x, five);        // %4
  ValueId one = s.Const(1);                      // %5
  ValueId m1 = s.Binary(Op::Mul, m, one);        // %6 -> %4
  ValueId zero = s.Const(0);                     // %7
  ValueId m0 = s.Binary(Op::Mul, x, zero);       // %8 stays: inf * 0 is NaN
  ValueId sub0 = s.Binary(Op::Sub, m0, zero);    // %9 -> %8
  ValueId lt = s.Binary(Op::Lt, c2, c3);         // %10 -> const 1 : bool
  ValueId sel = s.Select(lt, m1, x);             // %11 -> %6 -> %4
  s.reports = {Out("a", sel), Out("b", sub0)};
  s.requires_.push_back({lt, "always", {}});
  ASSERT_EQ(Verify(s), "");
  std::vector<double> before = Eval(s, {7});
  EXPECT_TRUE(passes::ConstFold(s));
  EXPECT_EQ(Verify(s), "");
  EXPECT_EQ(Print(s),
            "scenario t {\n"
            "  param 0 x : 1 = 0\n"
            "  %0 = param 0 ; x\n"
            "  %1 = const 2\n"
            "  %2 = const 3\n"
            "  %3 = const 5\n"
            "  %4 = mul %0, %3\n"
            "  %5 = const 1\n"
            "  %6 = const 0\n"
            "  %7 = mul %0, %6\n"
            "  %8 = const 1 : bool\n"
            "  require %8 ; always\n"
            "  report a = %4 : 1\n"
            "  report b = %7 : 1\n"
            "}\n");
  EXPECT_EQ(Eval(s, {7}), before);
  EXPECT_EQ(before, (std::vector<double>{35, 0}));
  EXPECT_FALSE(passes::ConstFold(s));  // nothing left to do
}

TEST(Passes, ConstFoldKeepsTheSignOfZero) {
  // x + 0 is not x when x is -0: 1 / (x + 0) is +inf but 1 / x is -inf.
  Scenario s = WithParams({"x"});
  ValueId x = s.ParamRef(0);
  ValueId one = s.Const(1);
  ValueId plus0 = s.Binary(Op::Add, x, s.Const(0.0));
  ValueId plus_neg0 = s.Binary(Op::Add, x, s.Const(-0.0));
  ValueId minus_neg0 = s.Binary(Op::Sub, x, s.Const(-0.0));
  s.reports = {Out("a", s.Binary(Op::Div, one, plus0)), Out("b", s.Binary(Op::Div, one, plus_neg0)),
               Out("c", s.Binary(Op::Div, one, minus_neg0))};
  std::vector<double> before = Eval(s, {-0.0});
  EXPECT_EQ(before, (std::vector<double>{INFINITY, -INFINITY, INFINITY}));
  passes::RunPipeline(s);
  EXPECT_EQ(Eval(s, {-0.0}), before);
  EXPECT_EQ(Count(s, Op::Add), 1u);  // x + -0 is x for every x, so that one goes
  EXPECT_EQ(Count(s, Op::Sub), 1u);
}

TEST(Passes, CSEMergesCommutativeOperands) {
  Scenario s = WithParams({"a", "b"});
  ValueId a = s.ParamRef(0), b = s.ParamRef(1);  // %0 %1
  ValueId ab = s.Binary(Op::Mul, a, b);          // %2
  ValueId ba = s.Binary(Op::Mul, b, a);          // %3 -> %2
  ValueId amb = s.Binary(Op::Sub, a, b);         // %4
  ValueId bma = s.Binary(Op::Sub, b, a);         // %5 kept: not commutative
  ValueId two = s.Const(2), two2 = s.Const(2);   // %6, %7 -> %6
  ValueId x = s.Binary(Op::Add, ab, two);        // %8
  ValueId y = s.Binary(Op::Add, two2, ba);       // %9 -> %8 once its operands merged
  ValueId mx = s.Binary(Op::Max, a, b), mx2 = s.Binary(Op::Max, b, a);  // %10, %11 -> %10
  s.reports = {Out("x", x), Out("y", y), Out("amb", amb), Out("bma", bma), Out("mx", mx), Out("mx2", mx2)};
  std::vector<double> before = Eval(s, {3, 5});
  EXPECT_EQ(before, (std::vector<double>{17, 17, -2, 2, 5, 5}));
  EXPECT_TRUE(passes::CSE(s));
  EXPECT_EQ(Verify(s), "");
  EXPECT_EQ(s.insts.size(), 8u);
  EXPECT_EQ(Count(s, Op::Mul), 1u);
  EXPECT_EQ(Count(s, Op::Sub), 2u);
  EXPECT_EQ(Count(s, Op::Const), 1u);
  EXPECT_EQ(Count(s, Op::Max), 1u);
  EXPECT_EQ(s.reports[0].value, s.reports[1].value);
  EXPECT_EQ(s.reports[4].value, s.reports[5].value);
  EXPECT_FALSE(s.reports[2].value == s.reports[3].value);
  EXPECT_EQ(Eval(s, {3, 5}), before);
  EXPECT_FALSE(passes::CSE(s));
}

TEST(Passes, CSEKeepsDistinctConstantsAndTypes) {
  Scenario s = WithParams({});
  ValueId pz = s.Const(0.0), nz = s.Const(-0.0);  // equal as doubles, different values
  ValueId t = s.Const(1, {}, Ty::Bool), one = s.Const(1);
  s.reports = {Out("pz", pz), Out("nz", nz), Out("t", t), Out("one", one)};
  EXPECT_FALSE(passes::CSE(s));
  EXPECT_EQ(s.insts.size(), 4u);
}

TEST(Passes, DCEKeepsWhatReportsRequiresAndParamsNeed) {
  Scenario s = WithParams({"a", "unused"});
  ValueId a = s.ParamRef(0);                     // %0
  s.ParamRef(1);                                 // %1 kept: params never move
  ValueId dead = s.Binary(Op::Mul, a, a);        // %2 dead
  s.Unary(Op::Neg, dead);                        // %3 dead
  ValueId c = s.Const(4);                        // %4
  ValueId used = s.Binary(Op::Add, a, c);        // %5
  ValueId cond = s.Binary(Op::Gt, used, c);      // %6
  s.reports = {Out("r", used)};
  s.requires_.push_back({cond, "", {}});
  EXPECT_TRUE(passes::DCE(s));
  EXPECT_EQ(Verify(s), "");
  EXPECT_EQ(Print(s),
            "scenario t {\n"
            "  param 0 a : 1 = 0\n"
            "  param 1 unused : 1 = 0\n"
            "  %0 = param 0 ; a\n"
            "  %1 = param 1 ; unused\n"
            "  %2 = const 4\n"
            "  %3 = add %0, %2\n"
            "  %4 = gt %3, %2 : bool\n"
            "  require %4\n"
            "  report r = %3 : 1\n"
            "}\n");
  EXPECT_FALSE(passes::DCE(s));
}

TEST(Passes, RequireOutcomesKeepOnlyWhatRequiresNeed) {
  Scenario s = WithParams({"a", "b"});
  ValueId a = s.ParamRef(0), b = s.ParamRef(1);
  ValueId report_only = s.Binary(Op::Mul, a, b);
  ValueId c = s.Const(4);
  ValueId q0 = s.Binary(Op::Gt, a, c), q1 = s.Binary(Op::Le, b, c);
  s.reports = {Out("r", report_only)};
  s.requires_.push_back({q0, "a big", {}});
  s.requires_.push_back({q1, "b small", {}});
  Scenario q = passes::RequireOutcomes(s);
  EXPECT_EQ(Verify(q), "");
  EXPECT_TRUE(q.requires_.empty());
  ASSERT_EQ(q.reports.size(), 2u);  // one Bool report per require, in order
  EXPECT_EQ(q.reports[0].display.kind, Display::Kind::Bool);
  EXPECT_EQ(q.params.size(), 2u);   // the same params, so the same points
  EXPECT_EQ(Count(q, Op::Mul), 0u);  // the report's work is gone
  EXPECT_EQ(Eval(q, {5, 6}), (std::vector<double>{1, 0}));
  EXPECT_EQ(Eval(q, {3, 2}), (std::vector<double>{0, 1}));
}

TEST(Passes, PipelineOrderAndPrintAfter) {
  Scenario s = WithParams({"a"});
  ValueId a = s.ParamRef(0);
  ValueId k = s.Binary(Op::Add, s.Const(1), s.Const(2));
  s.reports = {Out("r", s.Binary(Op::Mul, a, k)), Out("q", s.Binary(Op::Mul, k, a))};
  std::string text;
  llvm::raw_string_ostream os(text);
  passes::PipelineOptions po;
  po.print_after_all = true;
  po.out = &os;
  passes::RunPipeline(s, po);
  os.flush();
  ASSERT_EQ(passes::Pipeline().size(), 3u);
  EXPECT_STREQ(passes::Pipeline()[0].name, "const-fold");
  EXPECT_STREQ(passes::Pipeline()[1].name, "cse");
  EXPECT_STREQ(passes::Pipeline()[2].name, "dce");
  size_t f = text.find("// -----// IR after const-fold //----- //\n");
  size_t c = text.find("// -----// IR after cse //----- //\n");
  size_t d = text.find("// -----// IR after dce //----- //\n");
  ASSERT_NE(f, std::string::npos);
  ASSERT_NE(c, std::string::npos);
  ASSERT_NE(d, std::string::npos);
  EXPECT_LT(f, c);
  EXPECT_LT(c, d);
  EXPECT_EQ(text.substr(d + 35), Print(s));
  EXPECT_EQ(Print(s),
            "scenario t {\n"
            "  param 0 a : 1 = 0\n"
            "  %0 = param 0 ; a\n"
            "  %1 = const 3\n"
            "  %2 = mul %0, %1\n"
            "  report r = %2 : 1\n"
            "  report q = %2 : 1\n"
            "}\n");

  Scenario s2 = WithParams({"a"});
  s2.reports = {Out("r", s2.Binary(Op::Add, s2.ParamRef(0), s2.Const(1)))};
  std::string only;
  llvm::raw_string_ostream os2(only);
  po = {};
  po.print_after = "cse";
  po.out = &os2;
  passes::RunPipeline(s2, po);
  os2.flush();
  EXPECT_EQ(only, "// -----// IR after cse //----- //\n" + Print(s2));
}

TEST(Verify, CatchesMalformedScenarios) {
  {
    Scenario s = WithParams({});
    s.insts.push_back({Op::Add, Ty::F64, {1}, {1}, {}, 0, {}});
    s.insts.push_back({Op::Const, Ty::F64, {}, {}, {}, 1, {}});
    EXPECT_EQ(Verify(s), "%0 uses %1 before its definition");
  }
  {
    Scenario s = WithParams({});
    ValueId t = s.Const(1, {}, Ty::Bool);
    s.insts.push_back({Op::Add, Ty::F64, t, t, {}, 0, {}});
    EXPECT_EQ(Verify(s), "%1 expects a f64 operand, %0 is not");
  }
  {
    Scenario s = WithParams({});
    ValueId one = s.Const(1);
    s.insts.push_back({Op::And, Ty::Bool, one, one, {}, 0, {}});
    EXPECT_EQ(Verify(s), "%1 expects a bool operand, %0 is not");
  }
  {
    Scenario s = WithParams({});
    ValueId one = s.Const(1);
    s.insts.push_back({Op::Select, Ty::F64, one, one, one, 0, {}});
    EXPECT_EQ(Verify(s), "%1 expects a bool operand, %0 is not");
  }
  {
    Scenario s = WithParams({"a"});
    s.ParamRef(1);
    EXPECT_EQ(Verify(s), "%0 refers to param 1 of 1");
  }
  {
    Scenario s = WithParams({});
    ValueId one = s.Const(1);
    s.insts.push_back({Op::Add, Ty::Bool, one, one, {}, 0, {}});
    EXPECT_EQ(Verify(s), "%1 = add has type bool");
  }
  {
    Scenario s = WithParams({});
    ValueId one = s.Const(1);
    s.insts.push_back({Op::Neg, Ty::F64, one, one, {}, 0, {}});
    EXPECT_EQ(Verify(s), "%1 = neg has more than 1 operands");
  }
  {
    Scenario s = WithParams({});
    s.Const(1);
    s.reports.push_back(Out("r", ValueId{5}));
    EXPECT_EQ(Verify(s), "report r refers to a missing value");
  }
  {
    Scenario s = WithParams({});
    ValueId one = s.Const(1);
    s.reports.push_back(Out("r", one));
    s.requires_.push_back({one, "", {}});
    EXPECT_EQ(Verify(s), "a require does not refer to a boolean value");
  }
}

// ---- property test ----------------------------------------------------------------

// A random well-typed scenario: params, constants (including -0, inf and huge values),
// arithmetic, comparisons, logic and selects, with random reports and requires.
Scenario RandomScenario(std::mt19937& rng) {
  auto pick = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); };
  Scenario s = WithParams({"p0", "p1", "p2"});
  std::vector<ValueId> f64, bools;
  for (uint32_t i = 0; i < 3; ++i) f64.push_back(s.ParamRef(i));
  const double consts[] = {0, -0.0, 1, 2, 0.5, -3, 1e300, INFINITY, 7, 1};
  const Op unary[] = {Op::Neg, Op::Abs, Op::Sqrt, Op::Exp, Op::Log, Op::Log2, Op::Ceil, Op::Floor};
  const Op binary[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Mod, Op::Pow, Op::Min, Op::Max};
  const Op cmp[] = {Op::Lt, Op::Le, Op::Gt, Op::Ge, Op::Eq, Op::Ne};
  size_t n = 10 + pick(50);
  for (size_t i = 0; i < n; ++i) {
    auto any = [&]() { return f64[pick(f64.size())]; };
    switch (pick(bools.empty() ? 5 : 8)) {
      case 0: f64.push_back(s.Const(consts[pick(std::size(consts))])); break;
      case 1: f64.push_back(s.Unary(unary[pick(std::size(unary))], any())); break;
      case 2:
      case 3: f64.push_back(s.Binary(binary[pick(std::size(binary))], any(), any())); break;
      case 4: bools.push_back(s.Binary(cmp[pick(std::size(cmp))], any(), any())); break;
      case 5: {
        ValueId a = bools[pick(bools.size())], b = bools[pick(bools.size())];
        const Op logic[] = {Op::And, Op::Or, Op::Eq, Op::Ne};
        bools.push_back(pick(4) == 0 ? s.Unary(Op::Not, a) : s.Binary(logic[pick(4)], a, b));
        break;
      }
      case 6: f64.push_back(s.Select(bools[pick(bools.size())], any(), any())); break;
      case 7:
        if (pick(3) == 0)
          bools.push_back(s.Const(pick(2), {}, Ty::Bool));
        else
          bools.push_back(s.Select(bools[pick(bools.size())], bools[pick(bools.size())], bools[pick(bools.size())]));
        break;
    }
  }
  size_t reports = 1 + pick(4);
  for (size_t i = 0; i < reports; ++i)
    s.reports.push_back(Out("r" + std::to_string(i), (bools.empty() || pick(4)) ? f64[pick(f64.size())]
                                                                                  : bools[pick(bools.size())]));
  if (!bools.empty() && pick(2)) s.requires_.push_back({bools[pick(bools.size())], "", {}});
  return s;
}

bool Same(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

TEST(Passes, RandomScenariosEvaluateIdenticallyAfterThePipeline) {
  std::mt19937 rng(20240611);
  const double values[] = {0, -0.0, 1, -1, 2, 3.5, -7, 1e-300, 1e300, 64, 0.25};
  size_t changed = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    Scenario s = RandomScenario(rng);
    ASSERT_EQ(Verify(s), "") << Print(s);
    Scenario opt = s;
    passes::RunPipeline(opt);
    ASSERT_EQ(Verify(opt), "");
    ASSERT_EQ(opt.params.size(), s.params.size());
    ASSERT_LE(opt.insts.size(), s.insts.size());
    changed += opt.insts.size() < s.insts.size();
    // A second run finds nothing more to do.
    Scenario again = opt;
    passes::RunPipeline(again);
    ASSERT_EQ(Print(again), Print(opt));
    for (int point = 0; point < 8; ++point) {
      std::vector<double> p;
      for (int i = 0; i < 3; ++i) p.push_back(values[std::uniform_int_distribution<size_t>(0, std::size(values) - 1)(rng)]);
      bool f1, f2;
      std::vector<double> r1 = Eval(s, p, &f1), r2 = Eval(opt, p, &f2);
      ASSERT_EQ(f1, f2) << Print(s);
      for (size_t k = 0; k < r1.size(); ++k)
        ASSERT_TRUE(Same(r1[k], r2[k])) << "report " << k << ": " << r1[k] << " vs " << r2[k] << " at p = ("
                                        << p[0] << ", " << p[1] << ", " << p[2] << ")\n"
                                        << Print(s) << "after:\n"
                                        << Print(opt);
    }
  }
  EXPECT_GT(changed, 1000u);  // the generator gives the passes something to do
}

}  // namespace
}  // namespace rl::ir

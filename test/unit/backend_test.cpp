// The `--backend=auto` rule (compiler/api/backend.h): the interpreter for few points
// or much code, the JIT for many points; more points never turn the JIT back into the
// interpreter; more threads favour the interpreter (the compile runs on one); the
// expected compile time grows linearly with the scenario.
#include <gtest/gtest.h>

#include "compiler/api/backend.h"

namespace rl {
namespace {

using api::Backend;
using api::ChooseBackend;
using api::EstimateCost;

// `terms` products of p with constants, summed, in `reports` reports.
ir::Scenario Sum(size_t terms, size_t reports = 1) {
  ir::Scenario s;
  s.name = "sum";
  ir::Param p;
  p.name = "p";
  p.default_value = 1;
  p.values = {1, 2, 3};
  s.params.push_back(p);
  ir::ValueId x = s.ParamRef(0);
  for (size_t r = 0; r < reports; ++r) {
    ir::ValueId acc = s.Const(0);
    for (size_t i = 0; i < terms; ++i) acc = s.Binary(ir::Op::Add, acc, s.Binary(ir::Op::Mul, s.Const(double(i)), x));
    s.reports.push_back({"r" + std::to_string(r), acc, {}, {}});
  }
  return s;
}

TEST(ChooseBackend, FewPointsInterpretManyCompile) {
  ir::Scenario s = Sum(10);
  EXPECT_EQ(ChooseBackend(s, 1), Backend::Interp);
  EXPECT_EQ(ChooseBackend(s, 1000), Backend::Interp);
  EXPECT_EQ(ChooseBackend(s, 1000000000), Backend::Jit);
  // Much code needs many points before compiling pays.
  ir::Scenario big = Sum(20000);
  EXPECT_EQ(ChooseBackend(big, 100), Backend::Interp);
  EXPECT_EQ(ChooseBackend(big, 10000000), Backend::Jit);
}

TEST(ChooseBackend, MorePointsNeverGoBackToTheInterpreter) {
  for (size_t terms : {1, 100, 10000}) {
    ir::Scenario s = Sum(terms, 3);
    bool jit = false;
    for (uint64_t points = 1; points < (uint64_t{1} << 40); points *= 2) {
      bool now = ChooseBackend(s, points, 2) == Backend::Jit;
      EXPECT_TRUE(now || !jit) << terms << " terms, " << points << " points";
      jit = now;
    }
    EXPECT_TRUE(jit) << terms << " terms";
  }
}

TEST(ChooseBackend, ThreadsFavourTheInterpreter) {
  ir::Scenario s = Sum(100);
  const uint64_t points = 1 << 24;
  api::BackendCost one = EstimateCost(s, points, 1), four = EstimateCost(s, points, 4);
  EXPECT_NEAR(four.interp_s, one.interp_s / 4, 1e-12);
  EXPECT_NEAR(four.jit_run_s, one.jit_run_s / 4, 1e-12);
  EXPECT_EQ(four.jit_compile_s, one.jit_compile_s);
  // A sweep of one chunk keeps one thread busy whatever the count.
  EXPECT_EQ(EstimateCost(s, 100, 8).interp_s, EstimateCost(s, 100, 1).interp_s);
}

TEST(ChooseBackend, CompileEstimateIsLinear) {
  double start = EstimateCost(Sum(0), 1).jit_compile_s;
  double a = EstimateCost(Sum(10000), 1).jit_compile_s - start;
  double b = EstimateCost(Sum(20000), 1).jit_compile_s - start;
  EXPECT_GT(a, 0);
  EXPECT_NEAR(b / a, 2, 0.05);
  // The compiled code is expected to run faster than the interpreter per point.
  api::BackendCost c = EstimateCost(Sum(10000), 1000);
  EXPECT_LT(c.jit_run_s, c.interp_s);
}

}  // namespace
}  // namespace rl

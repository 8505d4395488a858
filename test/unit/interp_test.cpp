// The reference interpreter (compiler/interp): evaluation, feasibility from requires, and
// FindNonFinite's choice of the instruction that made a report NaN or infinite; and the
// sweep engine's count of the points each require drops, with point evaluators.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "compiler/interp/interp.h"
#include "runtime/sweep.h"

namespace rl::interp {
namespace {

using ir::Op;
using ir::ValueId;

ir::Scenario TwoParams() {
  ir::Scenario s;
  s.name = "t";
  for (const char* n : {"a", "b"}) {
    ir::Param p;
    p.name = n;
    s.params.push_back(p);
  }
  return s;
}

TEST(Interp, EvaluatesReportsAndRequires) {
  ir::Scenario s = TwoParams();
  ValueId a = s.ParamRef(0), b = s.ParamRef(1);
  ValueId sum = s.Binary(Op::Add, a, b);
  ValueId lim = s.Const(10);
  s.reports.push_back({"sum", sum, {}, {}});
  s.reports.push_back({"p", s.Binary(Op::Pow, a, s.Const(2)), {}, {}});
  s.reports.push_back({"sel", s.Select(s.Binary(Op::Gt, a, b), a, b), {}, {}});
  s.requires_.push_back({s.Binary(Op::Le, sum, lim), "", {}});
  s.requires_.push_back({s.Binary(Op::Gt, a, s.Const(0)), "", {}});
  Evaluator ev(s);
  double params[2] = {3, 4}, out[3];
  EXPECT_TRUE(ev.Run(params, out));
  EXPECT_EQ(out[0], 7);
  EXPECT_EQ(out[1], 9);
  EXPECT_EQ(out[2], 4);
  double far[2] = {8, 4};
  EXPECT_FALSE(ev.Run(far, out));  // the first require fails
  EXPECT_EQ(out[0], 12);
  EXPECT_EQ(out[2], 8);
  double neg[2] = {-1, 4};
  EXPECT_FALSE(ev.Run(neg, out));  // the second one fails
  EXPECT_TRUE(ev.Run(params, out));  // and the evaluator is reusable
}

TEST(Interp, MinMaxPropagateNaN) {
  ir::Scenario s = TwoParams();
  ValueId a = s.ParamRef(0), b = s.ParamRef(1);
  s.reports.push_back({"mn", s.Binary(Op::Min, a, b), {}, {}});
  s.reports.push_back({"mx", s.Binary(Op::Max, b, a), {}, {}});
  double params[2] = {NAN, 1}, out[2];
  Evaluator(s).Run(params, out);
  EXPECT_TRUE(std::isnan(out[0]));
  EXPECT_TRUE(std::isnan(out[1]));
}

TEST(Interp, FindNonFiniteNamesTheFirstFailingInstruction) {
  ir::Scenario s = TwoParams();
  ValueId a = s.ParamRef(0), b = s.ParamRef(1);
  ValueId one = s.Const(1);
  ValueId inv = s.Binary(Op::Div, one, a, {1, 10, 15});   // inf when a = 0
  ValueId lg = s.Unary(Op::Log, b, {1, 20, 25});           // -inf when b = 0, NaN below
  ValueId worse = s.Binary(Op::Mul, inv, s.Const(2));      // inf from inf: not the origin
  ValueId choose = s.Select(s.Binary(Op::Gt, b, s.Const(5)), lg, worse);
  s.reports.push_back({"fine", s.Binary(Op::Add, a, b), {}, {}});
  s.reports.push_back({"bad", choose, {}, {}});

  double ok[2] = {1, 1};
  EXPECT_FALSE(FindNonFinite(s, ok));

  double zero_a[2] = {0, 1};  // b <= 5: the select takes `worse`, which comes from 1 / a
  std::optional<Failure> f = FindNonFinite(s, zero_a);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->report, 1u);
  EXPECT_EQ(f->value, INFINITY);
  EXPECT_EQ(f->origin, inv);
  EXPECT_EQ(f->reason, "division by zero");
  EXPECT_EQ(s[f->origin].range.begin, 10u);

  double log_neg[2] = {0, -1};  // `log` is not taken (b <= 5), so 1 / a is still the origin
  f = FindNonFinite(s, log_neg);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->origin, inv);

  ir::Scenario t = TwoParams();
  ValueId l = t.Unary(Op::Log, t.ParamRef(1));
  t.reports.push_back({"l", l, {}, {}});
  double neg[2] = {0, -1};
  f = FindNonFinite(t, neg);
  ASSERT_TRUE(f);
  EXPECT_TRUE(std::isnan(f->value));
  EXPECT_EQ(f->origin, l);
  EXPECT_EQ(f->reason, "log of a negative number");
  double zero[2] = {0, 0};
  EXPECT_EQ(FindNonFinite(t, zero)->reason, "log of zero");

  double inf_param[2] = {0, INFINITY};
  f = FindNonFinite(t, inf_param);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->reason, "a parameter value is not finite");
  EXPECT_EQ(f->origin, t.reports[0].value);
}

// Which requires the infeasible points fail, counted by the engine on the chunks that
// have one, equals a count over every point: any chunk size, thread count and order.
TEST(SweepEngine, CountsThePointsEachRequireDrops) {
  // Three requires on two params: a <= 6, b <= 3, a + b <= 8.
  auto holds = [](const double* p, size_t q) {
    return q == 0 ? p[0] <= 6 : q == 1 ? p[1] <= 3 : p[0] + p[1] <= 8;
  };
  std::vector<std::vector<double>> axes{{1, 2, 3, 4, 5, 6, 7, 8, 9}, {0, 1, 2, 3, 4, 5}};
  uint64_t want_infeasible = 0;
  std::vector<uint64_t> want(3, 0);
  for (double a : axes[0])
    for (double b : axes[1]) {
      double p[2] = {a, b};
      bool ok = true;
      for (size_t q = 0; q < 3; ++q) {
        want[q] += !holds(p, q);
        ok &= holds(p, q);
      }
      want_infeasible += !ok;
    }
  struct Drop : runtime::Consumer {
    bool Consume(runtime::Chunk&) override { return true; }
  };
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    std::vector<uint32_t> order = trial % 2 ? std::vector<uint32_t>{1, 0} : std::vector<uint32_t>{0, 1};
    runtime::Space space(axes, order, 1);
    auto main = [&] {
      return runtime::PointFiller(
          [&](const double* p, double* r) {
            r[0] = p[0];
            return holds(p, 0) && holds(p, 1) && holds(p, 2);
          },
          2, 1);
    };
    runtime::SweepOptions so;
    so.threads = 1 + rng() % 3;
    so.chunk_points = 1 + rng() % 30;
    so.num_requires = 3;
    so.requires_filler = [&] {
      return runtime::PointFiller(
          [&](const double* p, double* r) {
            for (size_t q = 0; q < 3; ++q) r[q] = holds(p, q);
            return true;
          },
          2, 3);
    };
    Drop d;
    runtime::SweepResult res = runtime::RunSweep(space, main, d, so);
    EXPECT_EQ(res.points, 54u);
    EXPECT_EQ(res.infeasible, want_infeasible);
    EXPECT_EQ(res.failed, want);
  }
  // Without a requires filler nothing is counted.
  runtime::Space space(axes, {0, 1}, 1);
  Drop none;
  auto plain = [] {
    return runtime::PointFiller([](const double* p, double* r) { r[0] = 0; return p[0] < 3; }, 2, 1);
  };
  runtime::SweepResult res = runtime::RunSweep(space, plain, none, runtime::SweepOptions{});
  EXPECT_EQ(res.infeasible, 0u);
  EXPECT_TRUE(res.failed.empty());
}

}  // namespace
}  // namespace rl::interp

// A sweep that keeps no infeasible rows checks each require where its condition is known
// and skips the points it drops (api::StagedInterpFillers, codegen's skip_infeasible):
// on random programs with requires at every loop level, the staged interpreter (skipping
// or not) and the JIT (skipping) give every point the feasibility the reference
// interpreter gives it, and every feasible point its reports, bit for bit (the JIT within
// test::BackendsAgree), in any loop order and on boxes cut as the engine cuts them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <random>

#include "compiler/api/staged_interp.h"
#include "compiler/interp/interp.h"
#include "compiler/jit/jit.h"
#include "test/backends_agree.h"

namespace rl {
namespace {

constexpr size_t kParams = 4, kReports = 5;

// Random arithmetic over four params (3, 2, 4 and 3 values), its booleans the requires:
// each depends on some of the params, so each is known at some loop level.
ir::Scenario RandomProgram(std::mt19937_64& rng) {
  ir::Scenario s;
  s.name = "skip";
  const std::vector<std::vector<double>> values = {{-1.5, 0, 2}, {0.25, 3}, {-2, 1, 4, 0.5}, {1, 2, 3}};
  for (size_t p = 0; p < kParams; ++p) {
    ir::Param param;
    param.name = std::string(1, static_cast<char>('a' + p));
    param.values = values[p];
    s.params.push_back(param);
  }
  std::vector<ir::ValueId> f64, b1;
  for (uint32_t p = 0; p < kParams; ++p) f64.push_back(s.ParamRef(p));
  for (double c : {0.0, 1.0, -1.0, 2.5, 3.0}) f64.push_back(s.Const(c));
  auto pick = [&](const std::vector<ir::ValueId>& from) { return from[rng() % from.size()]; };
  const ir::Op arith[] = {ir::Op::Add, ir::Op::Sub, ir::Op::Mul, ir::Op::Div, ir::Op::Pow, ir::Op::Min, ir::Op::Max};
  const ir::Op unary[] = {ir::Op::Sqrt, ir::Op::Log, ir::Op::Exp, ir::Op::Floor};
  const ir::Op compare[] = {ir::Op::Lt, ir::Op::Le, ir::Op::Gt, ir::Op::Ne};
  for (int i = 0; i < 60; ++i) {
    switch (rng() % 5) {
      case 0: b1.push_back(s.Binary(compare[rng() % 4], pick(f64), pick(f64))); break;
      case 1:
        if (b1.empty()) break;
        f64.push_back(s.Select(pick(b1), pick(f64), pick(f64)));
        break;
      case 2: f64.push_back(s.Unary(unary[rng() % 4], pick(f64))); break;
      default: f64.push_back(s.Binary(arith[rng() % 7], pick(f64), pick(f64)));
    }
  }
  if (b1.empty()) b1.push_back(s.Binary(ir::Op::Lt, f64[0], f64[1]));
  for (size_t r = 0; r < kReports; ++r) s.reports.push_back({"r" + std::to_string(r), f64[f64.size() - 1 - r * 5], {}, {}});
  // Requires on one param alone (known in its loop), on the last booleans (known late),
  // and on random ones.
  s.requires_.push_back({s.Binary(ir::Op::Ne, s.ParamRef(1), s.Const(3)), "b", {}});
  s.requires_.push_back({s.Binary(ir::Op::Lt, s.ParamRef(3), s.Const(3)), "d", {}});
  s.requires_.push_back({b1.back(), "last", {}});
  for (int q = 0; q < 2; ++q) s.requires_.push_back({pick(b1), "any", {}});
  return s;
}

// Every point of the box [lo, hi) of the params' axes at `stride`, as a filler fills it.
struct Box {
  std::vector<int64_t> lo, hi, stride;
  int64_t count = 1;
};

Box Cut(const ir::Scenario& s, const std::vector<uint32_t>& chunk_order, bool fix_outer) {
  Box b;
  for (const ir::Param& p : s.params) b.lo.push_back(0), b.hi.push_back(static_cast<int64_t>(p.values.size()));
  if (fix_outer) b.lo[chunk_order[0]] = b.hi[chunk_order[0]] - 1;  // a chunk fixes its outer params
  b.stride.assign(s.params.size(), 0);
  for (size_t d = chunk_order.size(); d-- > 0;) {
    b.stride[chunk_order[d]] = b.count;
    b.count *= b.hi[chunk_order[d]] - b.lo[chunk_order[d]];
  }
  return b;
}

struct Filled {
  std::vector<double> reports;
  std::vector<uint8_t> feasible;
};

Filled Fill(runtime::BoxFiller& f, const ir::Scenario& s, const Box& b) {
  std::vector<const double*> axes;
  for (const ir::Param& p : s.params) axes.push_back(p.values.data());
  Filled out{std::vector<double>(kReports * static_cast<size_t>(b.count), -7.0), std::vector<uint8_t>(b.count, 9)};
  f.Fill(axes.data(), b.lo.data(), b.hi.data(), b.stride.data(), out.reports.data(), out.feasible.data(), b.count);
  return out;
}

// The reference: interp::Evaluator at each point of the box.
Filled Reference(const ir::Scenario& s, const Box& b) {
  interp::Evaluator ev(s);
  Filled out{std::vector<double>(kReports * static_cast<size_t>(b.count)), std::vector<uint8_t>(b.count)};
  std::vector<double> params(kParams), reports(kReports);
  for (int64_t pos = 0; pos < b.count; ++pos) {
    int64_t at = 0;
    for (size_t p = 0; p < kParams; ++p) {
      // The point's index along p, from its position and the strides.
      const int64_t len = b.hi[p] - b.lo[p];
      const int64_t i = b.lo[p] + (pos / b.stride[p]) % len;
      params[p] = s.params[p].values[static_cast<size_t>(i)];
      at += (i - b.lo[p]) * b.stride[p];
    }
    EXPECT_EQ(at, pos);
    out.feasible[pos] = ev.Run(params.data(), reports.data());
    for (size_t r = 0; r < kReports; ++r) out.reports[r * b.count + pos] = reports[r];
  }
  return out;
}

bool SameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void Expect(const Filled& got, const Filled& want, const Box& b, bool all_rows, bool exact, const std::string& what) {
  for (int64_t pos = 0; pos < b.count; ++pos) {
    ASSERT_EQ(got.feasible[pos], want.feasible[pos]) << what << " at " << pos;
    if (!want.feasible[pos] && !all_rows) continue;
    for (size_t r = 0; r < kReports; ++r) {
      const double g = got.reports[r * b.count + pos], w = want.reports[r * b.count + pos];
      if (exact) EXPECT_TRUE(SameBits(g, w)) << what << " report " << r << " at " << pos << ": " << g << " vs " << w;
      else EXPECT_TRUE(test::BackendsAgree(g, w)) << what << " report " << r << " at " << pos;
    }
  }
}

TEST(SkipInfeasible, MatchesTheReferenceOnRandomPrograms) {
  std::mt19937_64 rng(7);
  size_t dropped = 0, points = 0;
  for (int program = 0; program < 24; ++program) {
    ir::Scenario s = RandomProgram(rng);
    ASSERT_EQ(ir::Verify(s), "");
    std::vector<uint32_t> order(kParams);
    std::iota(order.begin(), order.end(), 0u);
    std::shuffle(order.begin(), order.end(), rng);
    std::vector<uint32_t> declaration(kParams);
    std::iota(declaration.begin(), declaration.end(), 0u);
    auto skipping = api::StagedInterpFillers(s, order, true)();
    auto staged = api::StagedInterpFillers(s, order, false)();
    jit::Options o{program % 2 ? 2u : 0u, order, /*eval=*/false, /*sweep=*/true};
    o.skip_infeasible = true;
    auto ev = jit::Compile(s, o);
    ASSERT_TRUE(static_cast<bool>(ev)) << llvm::toString(ev.takeError());
    auto jitted = runtime::SweepFnFiller((*ev)->sweep_fn());
    // Boxes in the loop order (a reducing sink's chunks) and in declaration order (streamed
    // rows), whole and with the outermost param fixed.
    for (const std::vector<uint32_t>* chunk_order : {&order, &declaration})
      for (bool fix : {false, true}) {
        const Box b = Cut(s, *chunk_order, fix);
        const Filled want = Reference(s, b);
        const std::string what = "program " + std::to_string(program);
        Expect(Fill(*staged, s, b), want, b, /*all_rows=*/true, /*exact=*/true, what + " staged");
        Expect(Fill(*skipping, s, b), want, b, false, true, what + " skipping");
        Expect(Fill(*jitted, s, b), want, b, false, false, what + " jit skipping");
        for (uint8_t f : want.feasible) dropped += f == 0;
        points += static_cast<size_t>(b.count);
      }
  }
  // The programs drop some points and keep others.
  EXPECT_GT(dropped, points / 4);
  EXPECT_LT(dropped, points);
}

}  // namespace
}  // namespace rl

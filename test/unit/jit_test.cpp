// The JIT against the interpreter: every scenario of every example under examples/ on
// random parameter vectors (relative difference <= 1e-12, same feasibility, same
// non-finite results), the staged sweep loop nest against point-by-point evaluation
// through the threaded sweep engine, the loop-order search, evaluator lifetimes, and the
// engine's chunking and histogram bins.
#include <gtest/gtest.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <numeric>
#include <random>

#include "compiler/api/fillers.h"
#include "compiler/check/check.h"
#include "compiler/codegen/staging.h"
#include "compiler/interp/interp.h"
#include "compiler/jit/jit.h"
#include "compiler/passes/passes.h"
#include "runtime/consumers.h"
#include "runtime/sweep.h"
#include "test/backends_agree.h"
#include "test/unit/collect.h"
#include "test/unit/harness.h"

namespace rl {
namespace {

std::vector<std::string> ExampleFiles() {
  llvm::SmallString<256> dir(llvm::sys::path::parent_path(RL_STDLIB_DIR));
  llvm::sys::path::append(dir, "examples");
  std::vector<std::string> out;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec))
    if (llvm::StringRef(it->path()).ends_with(".rl")) out.push_back(it->path());
  std::sort(out.begin(), out.end());
  return out;
}

// Every scenario of every example, lowered and optimised; loaded once for all the tests
// here, since loading the examples takes seconds.
const std::vector<ir::Scenario>& ExampleScenarios() {
  static const std::vector<ir::Scenario> all = [] {
    std::vector<ir::Scenario> out;
    for (const std::string& file : ExampleFiles()) {
      test::Harness h;
      check::Compilation comp(h.diags, check::Options{RL_STDLIB_DIR});
      EXPECT_TRUE(comp.Load(file)) << file << "\n" << h.AllText();
      for (const std::string& name : comp.ScenarioNames()) {
        std::optional<ir::Scenario> sc = comp.Lower(name);
        EXPECT_TRUE(sc) << file << ": " << name << "\n" << h.AllText();
        if (!sc) continue;
        passes::RunPipeline(*sc);
        out.push_back(std::move(*sc));
      }
    }
    return out;
  }();
  return all;
}

// A value near the param's declared ones: one of them, a random one in [lo/2, 2 hi]
// (whole for Int), or now and then zero, which drives divisions and logs non-finite.
double RandomValue(const ir::Param& p, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0, 1);
  if (p.display.kind == ir::Display::Kind::Bool) return u(rng) < 0.5 ? 0 : 1;
  double r = u(rng);
  if (r < 0.3) return p.values[static_cast<size_t>(u(rng) * p.values.size()) % p.values.size()];
  if (r < 0.35) return 0;
  auto [lo_it, hi_it] = std::minmax_element(p.values.begin(), p.values.end());
  double lo = std::min(*lo_it, p.default_value) / 2, hi = std::max(*hi_it, p.default_value) * 2;
  if (hi <= lo) hi = lo + 1;
  double v = lo + (hi - lo) * u(rng);
  return p.display.kind == ir::Display::Kind::Int ? std::round(v) : v;
}

void ExpectSame(double jit, double interp, const std::string& what) {
  EXPECT_TRUE(test::BackendsAgree(jit, interp)) << what << ": jit " << jit << ", interp " << interp;
}

// A scenario of more instructions than this gets fewer random trials and segment sizes.
// The examples' largest have 3,000 to 9,000 instructions and a kernel-model call in many:
// at full count they took four fifths of these tests' time and add little coverage that
// a hundred points do not.
constexpr size_t kLargeScenario = 400;

// How many of `full` random trials a scenario gets: all of them up to kLargeScenario
// instructions, fewer in proportion above (at least `least`).
int Trials(const ir::Scenario& sc, int full, int least) {
  if (sc.insts.size() <= kLargeScenario) return full;
  return std::max(least, static_cast<int>(static_cast<size_t>(full) * kLargeScenario / sc.insts.size()));
}

TEST(Jit, ExamplesExist) { EXPECT_FALSE(ExampleScenarios().empty()); }

TEST(Jit, MatchesInterpreterOnRandomPoints) {
  std::mt19937_64 rng(20240601);
  for (const ir::Scenario& sc : ExampleScenarios()) {
    for (unsigned opt : {0u, 2u, 3u}) {
      auto ev = jit::Compile(sc, jit::Options{opt, {}});
      ASSERT_TRUE(static_cast<bool>(ev)) << llvm::toString(ev.takeError());
      interp::Evaluator ref(sc);
      std::vector<double> params(sc.params.size()), a(sc.reports.size()), b(sc.reports.size());
      for (int trial = 0, n = Trials(sc, 2000, 100); trial < n; ++trial) {
        for (size_t p = 0; p < params.size(); ++p) params[p] = RandomValue(sc.params[p], rng);
        bool fa = (*ev)->Eval(params.data(), a.data());
        bool fb = ref.Run(params.data(), b.data());
        EXPECT_EQ(fa, fb) << sc.name << " trial " << trial;
        for (size_t r = 0; r < a.size(); ++r)
          ExpectSame(a[r], b[r], sc.name + "." + sc.reports[r].name + " -O" + std::to_string(opt));
      }
    }
  }
}

// A random well-typed scenario over every instruction kind: constants (including zero,
// negatives and infinity), params, and each op on earlier values of the right type.
ir::Scenario RandomScenario(std::mt19937_64& rng) {
  ir::Scenario s;
  s.name = "random";
  for (const char* n : {"x", "y", "z"}) {
    ir::Param p;
    p.name = n;
    p.values = {-2, 0.5, 3};
    s.params.push_back(p);
  }
  std::vector<ir::ValueId> f64, b1;
  for (uint32_t p = 0; p < 3; ++p) f64.push_back(s.ParamRef(p));
  const double consts[] = {0, -0.0, 1, -1, 2.5, 1e308, INFINITY, 3};
  for (double c : consts) f64.push_back(s.Const(c));
  b1.push_back(s.Const(1, {}, ir::Ty::Bool));
  auto pick = [&](const std::vector<ir::ValueId>& from) { return from[rng() % from.size()]; };
  for (int i = 0; i < 80; ++i) {
    ir::Op op = static_cast<ir::Op>(2 + rng() % (static_cast<int>(ir::Op::Select) - 1));  // all but Const, Param
    switch (op) {
      case ir::Op::Lt: case ir::Op::Le: case ir::Op::Gt: case ir::Op::Ge:
        b1.push_back(s.Binary(op, pick(f64), pick(f64)));
        break;
      case ir::Op::Eq: case ir::Op::Ne:
        if (rng() % 2) b1.push_back(s.Binary(op, pick(b1), pick(b1)));
        else b1.push_back(s.Binary(op, pick(f64), pick(f64)));
        break;
      case ir::Op::And: case ir::Op::Or: b1.push_back(s.Binary(op, pick(b1), pick(b1))); break;
      case ir::Op::Not: b1.push_back(s.Unary(op, pick(b1))); break;
      case ir::Op::Select:
        if (rng() % 4 == 0) b1.push_back(s.Select(pick(b1), pick(b1), pick(b1)));
        else f64.push_back(s.Select(pick(b1), pick(f64), pick(f64)));
        break;
      default:
        if (ir::Arity(op) == 1) f64.push_back(s.Unary(op, pick(f64)));
        else f64.push_back(s.Binary(op, pick(f64), pick(f64)));
    }
  }
  for (int r = 0; r < 6; ++r) {
    ir::Report rep;
    rep.name = "r" + std::to_string(r);
    rep.value = r == 5 ? b1.back() : f64[f64.size() - 1 - r * 7];
    s.reports.push_back(rep);
  }
  s.requires_.push_back({b1[b1.size() / 2], "half", {}});
  return s;
}

TEST(Jit, MatchesInterpreterOnRandomPrograms) {
  std::mt19937_64 rng(99);
  std::uniform_real_distribution<double> u(-4, 4);
  for (int program = 0; program < 40; ++program) {
    ir::Scenario sc = RandomScenario(rng);
    ASSERT_EQ(ir::Verify(sc), "");
    auto ev = jit::Compile(sc, jit::Options{program % 2 ? 2u : 0u, {2, 0, 1}});
    ASSERT_TRUE(static_cast<bool>(ev)) << llvm::toString(ev.takeError());
    interp::Evaluator ref(sc);
    double params[3], a[6], b[6];
    for (int trial = 0; trial < 200; ++trial) {
      for (double& p : params) p = trial % 10 == 0 ? 0 : std::round(u(rng) * 4) / 4;
      EXPECT_EQ((*ev)->Eval(params, a), ref.Run(params, b)) << ir::Print(sc);
      for (int r = 0; r < 6; ++r) ExpectSame(a[r], b[r], "program " + std::to_string(program));
    }
    // The staged loop nest over a small box agrees with eval at every point.
    std::vector<std::vector<double>> axes{{-1.5, 0, 2}, {0.25, 3}, {-2, 1, 4, 0.5}};
    std::vector<const double*> ax{axes[0].data(), axes[1].data(), axes[2].data()};
    int64_t lo[3] = {0, 0, 0}, hi[3] = {3, 2, 4}, stride[3] = {8, 4, 1};
    std::vector<double> out(6 * 24);
    std::vector<uint8_t> feasible(24);
    (*ev)->sweep_fn()(ax.data(), lo, hi, stride, out.data(), feasible.data(), 24);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 2; ++j)
        for (int k = 0; k < 4; ++k) {
          double p[3] = {axes[0][i], axes[1][j], axes[2][k]};
          int pos = i * 8 + j * 4 + k;
          EXPECT_EQ(feasible[pos] != 0, ref.Run(p, b));
          for (int r = 0; r < 6; ++r) ExpectSame(out[r * 24 + pos], b[r], "sweep of program " + std::to_string(program));
        }
  }
}

// Min/max of an inner-loop value and a loop-invariant one: the sweep's guarded fast path
// (invariant neither NaN nor zero) and its general path agree with the interpreter on
// NaN, infinities and signed zeros.
TEST(Jit, InvariantMinMaxKeepsNaNAndZeros) {
  ir::Scenario s;
  s.name = "minmax";
  for (const char* n : {"o", "i"}) {
    ir::Param p;
    p.name = n;
    p.values = {1};
    s.params.push_back(p);
  }
  ir::ValueId o = s.ParamRef(0), i = s.ParamRef(1);
  ir::ValueId k = s.Binary(ir::Op::Mul, o, s.Const(2));  // outer level
  ir::ValueId x = s.Unary(ir::Op::Log, i);                // inner level: NaN, -inf, finite
  ir::ValueId z = s.Binary(ir::Op::Mul, i, s.Const(0));   // inner level: signed zeros
  const std::pair<ir::Op, std::pair<ir::ValueId, ir::ValueId>> cases[] = {
      {ir::Op::Max, {x, k}}, {ir::Op::Max, {k, x}}, {ir::Op::Min, {x, k}}, {ir::Op::Min, {k, x}},
      {ir::Op::Max, {z, k}}, {ir::Op::Min, {k, z}}};
  for (const auto& [op, ab] : cases) {
    ir::Report r;
    r.name = "r" + std::to_string(s.reports.size());
    // 1 / v tells -0 from +0 and keeps NaN.
    r.value = s.Binary(ir::Op::Div, s.Const(1), s.Binary(op, ab.first, ab.second));
    s.reports.push_back(r);
  }
  auto ev = jit::Compile(s, jit::Options{2, {0, 1}});
  ASSERT_TRUE(static_cast<bool>(ev)) << llvm::toString(ev.takeError());
  std::vector<double> outer{1, -3, 0.0, -0.0, INFINITY, NAN}, inner{-1, -0.0, 0.0, 0.5, 2, 7.38905609893065, INFINITY};
  const double* axes[] = {outer.data(), inner.data()};
  int64_t lo[2] = {0, 0}, hi[2] = {static_cast<int64_t>(outer.size()), static_cast<int64_t>(inner.size())};
  int64_t stride[2] = {hi[1], 1}, count = hi[0] * hi[1];
  std::vector<double> out(s.reports.size() * count);
  std::vector<uint8_t> feasible(count);
  (*ev)->sweep_fn()(axes, lo, hi, stride, out.data(), feasible.data(), count);
  interp::Evaluator ref(s);
  std::vector<double> want(s.reports.size());
  for (int64_t a = 0; a < hi[0]; ++a)
    for (int64_t b = 0; b < hi[1]; ++b) {
      double params[2] = {outer[a], inner[b]};
      ref.Run(params, want.data());
      for (size_t r = 0; r < want.size(); ++r) {
        double got = out[r * count + a * hi[1] + b];
        EXPECT_EQ(std::isnan(got), std::isnan(want[r])) << "o=" << outer[a] << " i=" << inner[b] << " r" << r;
        if (!std::isnan(want[r])) {
          EXPECT_EQ(got, want[r]) << "o=" << outer[a] << " i=" << inner[b] << " r" << r;
        }
      }
    }
}

using test::Collect;

std::vector<std::vector<double>> RandomAxes(const ir::Scenario& sc, std::mt19937_64& rng, size_t max_len) {
  std::vector<std::vector<double>> axes;
  for (const ir::Param& p : sc.params) {
    size_t len = 1 + rng() % max_len;
    std::vector<double> axis;
    for (size_t k = 0; k < len; ++k) axis.push_back(RandomValue(p, rng));
    axes.push_back(axis);
  }
  return axes;
}

TEST(Jit, StagedSweepMatchesPointByPoint) {
  std::mt19937_64 rng(7);
  for (const ir::Scenario& sc : ExampleScenarios()) {
    for (int trial = 0, n = Trials(sc, 6, 2); trial < n; ++trial) {
      std::vector<std::vector<double>> axes = RandomAxes(sc, rng, 5);
      std::vector<uint32_t> order(sc.params.size());
      std::iota(order.begin(), order.end(), 0u);
      std::shuffle(order.begin(), order.end(), rng);
      auto ev = jit::Compile(sc, jit::Options{2, order});
      ASSERT_TRUE(static_cast<bool>(ev)) << llvm::toString(ev.takeError());
      rl_sweep_fn fn = (*ev)->sweep_fn();
      // The JIT in its loop order, small chunks, three threads; the interpreter plainly.
      runtime::Space staged(axes, order, sc.reports.size());
      Collect got;
      runtime::SweepOptions so;
      so.threads = 3;
      so.chunk_points = 1 + rng() % 9;
      so.keep_infeasible = true;
      runtime::SweepResult r1 = runtime::RunSweep(staged, [&] { return runtime::SweepFnFiller(fn); }, got, so);
      std::vector<uint32_t> decl(sc.params.size());
      std::iota(decl.begin(), decl.end(), 0u);
      runtime::Space plain(axes, decl, sc.reports.size());
      Collect want;
      runtime::SweepOptions one;
      one.threads = 1;
      one.keep_infeasible = true;
      const ir::Scenario* scp = &sc;
      auto make = [&] {
        auto ref = std::make_shared<interp::Evaluator>(*scp);
        return runtime::PointFiller([ref](const double* p, double* r) { return ref->Run(p, r); },
                                    scp->params.size(), scp->reports.size());
      };
      runtime::SweepResult r2 = runtime::RunSweep(plain, make, want, one);
      EXPECT_EQ(r1.failure.has_value(), r2.failure.has_value());
      if (r1.failure || r2.failure) continue;  // a zero drove some report non-finite
      ASSERT_EQ(got.rows.size(), runtime::ProductSize(axes));
      ASSERT_EQ(want.rows.size(), got.rows.size());
      for (const auto& [index, row] : want.rows)
        for (size_t k = 0; k < row.size(); ++k)
          ExpectSame(got.rows[index][k], row[k], sc.name + " point " + std::to_string(index));
    }
  }
}

// The JIT (eval on random points, the staged sweep through the engine) against the
// interpreter, for one scenario and compile options.
void ExpectMatchesInterpreter(const ir::Scenario& sc, jit::Options opts, std::mt19937_64& rng,
                              const std::string& what) {
  std::vector<std::vector<double>> axes = RandomAxes(sc, rng, 4);
  opts.order.resize(sc.params.size());
  std::iota(opts.order.begin(), opts.order.end(), 0u);
  std::shuffle(opts.order.begin(), opts.order.end(), rng);
  auto ev = jit::Compile(sc, opts);
  ASSERT_TRUE(static_cast<bool>(ev)) << llvm::toString(ev.takeError());
  interp::Evaluator ref(sc);
  std::vector<double> params(sc.params.size()), a(sc.reports.size()), b(sc.reports.size());
  for (int trial = 0, n = Trials(sc, 50, 10); trial < n; ++trial) {
    for (size_t p = 0; p < params.size(); ++p) params[p] = RandomValue(sc.params[p], rng);
    EXPECT_EQ((*ev)->Eval(params.data(), a.data()), ref.Run(params.data(), b.data())) << what;
    for (size_t r = 0; r < a.size(); ++r) ExpectSame(a[r], b[r], what + " eval");
  }
  // One box of every axis, row-major in declaration order (strides are the ABI's, so any
  // layout works whatever the loop order).
  const size_t np = sc.params.size();
  std::vector<const double*> ax(np);
  std::vector<int64_t> lo(np, 0), hi(np), stride(np);
  int64_t count = 1;
  for (size_t p = np; p-- > 0;) {
    ax[p] = axes[p].data();
    hi[p] = static_cast<int64_t>(axes[p].size());
    stride[p] = count;
    count *= hi[p];
  }
  std::vector<double> out(sc.reports.size() * static_cast<size_t>(count));
  std::vector<uint8_t> feasible(static_cast<size_t>(count));
  (*ev)->sweep_fn()(ax.data(), lo.data(), hi.data(), stride.data(), out.data(), feasible.data(), count);
  for (int64_t pos = 0; pos < count; ++pos) {
    for (size_t p = 0; p < np; ++p) params[p] = axes[p][static_cast<size_t>(pos / stride[p]) % axes[p].size()];
    EXPECT_EQ(feasible[static_cast<size_t>(pos)] != 0, ref.Run(params.data(), b.data())) << what << " point " << pos;
    for (size_t r = 0; r < b.size(); ++r)
      ExpectSame(out[r * static_cast<size_t>(count) + static_cast<size_t>(pos)], b[r],
                 what + " sweep point " + std::to_string(pos));
  }
}

// More reports and requires than are stored inline, so output segments store them.
ir::Scenario ManyOutputs(std::mt19937_64& rng) {
  ir::Scenario s = RandomScenario(rng);
  std::vector<ir::ValueId> picks;
  for (uint32_t v = 3; v < s.insts.size(); ++v) picks.push_back({v});
  for (int r = 0; r < 90; ++r) {
    ir::ValueId v = picks[rng() % picks.size()];
    if (s[v].ty == ir::Ty::Bool) s.requires_.push_back({v, "random", {}});
    else s.reports.push_back({"many" + std::to_string(r), v, {}, {}});
  }
  return s;
}

// Code split into segments (codegen/segments.h), as a large scenario's is, computes what
// the interpreter does: every example and random program with segments of 1, 4 and 16
// units, and scenarios with more outputs than are stored inline. A large scenario
// (kLargeScenario) takes one of the sizes in turn: compiling the largest example in small
// segments takes seconds, and each size still meets a large scenario.
TEST(Jit, SegmentedCodeMatchesInterpreter) {
  std::mt19937_64 rng(11);
  std::vector<ir::Scenario> all = ExampleScenarios();
  for (int k = 0; k < 6; ++k) all.push_back(RandomScenario(rng));
  for (int k = 0; k < 3; ++k) all.push_back(ManyOutputs(rng));
  const size_t sizes[] = {1, 4, 16};
  size_t large = 0;
  for (const ir::Scenario& sc : all) {
    ASSERT_EQ(ir::Verify(sc), "");
    std::vector<size_t> these(std::begin(sizes), std::end(sizes));
    if (sc.insts.size() > kLargeScenario) these = {sizes[(1 + large++) % 3]};
    for (size_t size : these) {
      jit::Options opts{2, {}};
      opts.segment_size = size;
      if (sc.reports.size() + sc.requires_.size() > 64) {  // output segments, in both entry points
        auto text = jit::PrintModule(sc, jit::Options{0, {}});
        ASSERT_TRUE(static_cast<bool>(text));
        EXPECT_NE(text->find("@rl_eval.out1("), std::string::npos);
        EXPECT_NE(text->find("@rl_sweep.out1("), std::string::npos);
      }
      ExpectMatchesInterpreter(sc, opts, rng, sc.name + " in segments of " + std::to_string(size));
    }
    ExpectMatchesInterpreter(sc, jit::Options{2, {}}, rng, sc.name);
  }
}

// A sweep's variants compiled on four threads at once give the rows that one thread's and
// the interpreter's do: ResNeXt-101's 20 published rows, one variant each (`row` picks a
// record), each with its kernel table.
TEST(Jit, VariantsCompiledOnThreadsMatch) {
  llvm::SmallString<256> file(llvm::sys::path::parent_path(RL_STDLIB_DIR));
  llvm::sys::path::append(file, "examples", "dle_resnext101.rl");
  test::Harness h;
  check::Compilation comp(h.diags, check::Options{RL_STDLIB_DIR});
  ASSERT_TRUE(comp.Load(std::string(file))) << h.AllText();
  std::optional<check::Variants> vs = comp.LowerVariants("dle_resnext101", {}, {}, true);
  ASSERT_TRUE(vs) << h.AllText();
  ASSERT_EQ(vs->scenarios.size(), 20u);
  for (ir::Scenario& v : vs->scenarios) passes::RunPipeline(v);
  const ir::Scenario& sc = vs->scenarios[0];
  std::vector<std::vector<double>> axes;
  for (const ir::Param& p : sc.params) axes.push_back(p.values);
  std::vector<uint32_t> order(sc.params.size());
  std::iota(order.begin(), order.end(), 0u);
  auto rows = [&](bool jit, unsigned threads) {
    auto f = api::MakeVariantFillers(*vs, order, [&](const ir::Scenario&) { return jit; }, 2, nullptr, threads);
    EXPECT_TRUE(static_cast<bool>(f)) << (f ? "" : llvm::toString(f.takeError()));
    Collect got;
    runtime::SweepOptions so;
    so.threads = 2;
    so.keep_infeasible = true;
    if (f) {
      EXPECT_EQ(f->evaluators.size(), jit ? 20u : 0u);
      runtime::RunSweep(runtime::Space(axes, order, sc.reports.size()), f->make, got, so);
    }
    return got.rows;
  };
  auto one = rows(true, 1), four = rows(true, 4), interp = rows(false, 1);
  ASSERT_EQ(one.size(), 20u);
  EXPECT_EQ(four, one);
  ASSERT_EQ(interp.size(), one.size());
  for (const auto& [index, row] : interp)
    for (size_t k = 0; k < row.size(); ++k) ExpectSame(one[index][k], row[k], "row " + std::to_string(index));
}

// A scenario built by hand: `cheap` depends on p0, an expensive pow on p1 only.
ir::Scenario TwoParams() {
  ir::Scenario s;
  s.name = "two";
  for (const char* n : {"p0", "p1"}) {
    ir::Param p;
    p.name = n;
    p.default_value = 1;
    p.values = {1, 2, 3};
    s.params.push_back(p);
  }
  ir::ValueId p0 = s.ParamRef(0), p1 = s.ParamRef(1);
  ir::ValueId exponent = s.Const(1.5);
  ir::ValueId heavy = s.Binary(ir::Op::Pow, p1, exponent);  // %3
  heavy = s.Unary(ir::Op::Log, s.Unary(ir::Op::Exp, heavy));
  ir::ValueId sum = s.Binary(ir::Op::Add, heavy, s.Binary(ir::Op::Mul, p0, s.Const(2)));
  ir::Report r;
  r.name = "r";
  r.value = sum;
  s.reports.push_back(r);
  return s;
}

TEST(Staging, ExpensiveValuesGoOutermost) {
  ir::Scenario s = TwoParams();
  EXPECT_EQ(codegen::ChooseOrder(s, {10, 10}), (std::vector<uint32_t>{1, 0}));
  // A param with one value costs nothing to loop over: outermost.
  EXPECT_EQ(codegen::ChooseOrder(s, {1, 10}), (std::vector<uint32_t>{0, 1}));
  // --order wins.
  EXPECT_EQ(codegen::ChooseOrder(s, {10, 10}, {0}), (std::vector<uint32_t>{0, 1}));
  codegen::Staging st = codegen::Stage(s, {1, 0}, {10, 10});
  EXPECT_EQ(s.insts[3].op, ir::Op::Pow);
  EXPECT_EQ(st.level[3], 0);   // pow: in p1's loop, the outer one
  EXPECT_EQ(st.level[2], -1);  // the constant: outside the loops
  EXPECT_EQ(st.level.back(), 1);
  EXPECT_LT(st.work_per_point, st.work_unstaged / 4);
  std::vector<llvm::SmallBitVector> deps = codegen::ParamDeps(s);
  EXPECT_TRUE(deps[3].test(1) && !deps[3].test(0));
  EXPECT_EQ(deps.back().count(), 2u);
  std::string error;
  EXPECT_FALSE(codegen::ParseOrder(s, "p1,zz", error));
  EXPECT_NE(error.find("`zz`"), std::string::npos);
  EXPECT_EQ(*codegen::ParseOrder(s, "p1", error), (std::vector<uint32_t>{1}));
}

// Evaluators own their code (a ResourceTracker each): destroying some leaves the others
// working, and every module gets entry points of its own names.
TEST(Jit, EvaluatorsAreIndependent) {
  ir::Scenario s = TwoParams();
  std::vector<std::unique_ptr<jit::Evaluator>> evs;
  for (int i = 0; i < 20; ++i) {
    auto ev = jit::Compile(s, jit::Options{static_cast<unsigned>(i % 4), {}});
    ASSERT_TRUE(static_cast<bool>(ev)) << llvm::toString(ev.takeError());
    evs.push_back(std::move(*ev));
  }
  evs.erase(evs.begin(), evs.begin() + 19);  // removes 19 modules' code from the JIT
  double params[2] = {2, 4}, r = 0;
  evs.back()->Eval(params, &r);
  EXPECT_DOUBLE_EQ(r, std::pow(4.0, 1.5) + 4);
  auto names = jit::RuntimeSymbolNames();
  for (const char* want : {"pow", "fmod", "exp", "log", "log2", "memset"})
    EXPECT_NE(std::find(names.begin(), names.end(), want), names.end()) << want;
}

TEST(Jit, PrintModuleShowsBothEntryPoints) {
  auto text = jit::PrintModule(TwoParams(), jit::Options{0, {1, 0}});
  ASSERT_TRUE(static_cast<bool>(text));
  EXPECT_NE(text->find("@rl_eval("), std::string::npos);
  EXPECT_NE(text->find("@rl_sweep("), std::string::npos);
  EXPECT_LT(text->find("loop.p1:"), text->find("loop.p0:"));
}

// Every point exactly once, whatever the chunk size, order and thread count.
TEST(SweepEngine, ChunksCoverTheSpaceOnce) {
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 30; ++trial) {
    size_t n = rng() % 4;
    std::vector<std::vector<double>> axes(n);
    for (auto& a : axes) a.assign(1 + rng() % 6, 1.0);
    std::vector<uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    std::shuffle(order.begin(), order.end(), rng);
    runtime::Space space(axes, order, 1);
    auto make = [&] {
      return runtime::PointFiller([](const double*, double* r) { r[0] = 1; return true; }, n, 1);
    };
    Collect c;
    runtime::SweepOptions so;
    so.threads = 1 + rng() % 3;
    so.chunk_points = 1 + rng() % 20;
    runtime::SweepResult res = runtime::RunSweep(space, make, c, so);
    EXPECT_EQ(res.points, space.points);
    EXPECT_EQ(c.rows.size(), space.points);
    if (!c.rows.empty()) {
      EXPECT_EQ(c.rows.rbegin()->first, space.points - 1);
    }
  }
}

// A sweep over variants: the points whose indices along the variant axes are k go to
// variant k's filler, whatever the chunk size, order and thread count.
TEST(SweepEngine, VariantFillerRoutesEachPointToItsVariant) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 30; ++trial) {
    // Axes 0 and 2 are variant axes (sizes 3 and 2); 1 and 3 are ordinary.
    std::vector<std::vector<double>> axes{{0, 1, 2}, {10, 20, 30, 40}, {0, 1}, {0.5, 1.5, 2.5}};
    std::vector<uint32_t> order{0, 1, 2, 3};
    std::shuffle(order.begin(), order.end(), rng);
    runtime::Space space(axes, order, 2);
    auto make = [] {
      std::vector<std::unique_ptr<runtime::BoxFiller>> fillers;
      for (int v = 0; v < 6; ++v)
        fillers.push_back(runtime::PointFiller(
            [v](const double* p, double* r) {
              r[0] = v;
              r[1] = p[1] + p[3];
              return v != 4;
            },
            4, 2));
      return runtime::VariantFiller(std::move(fillers), {0, 2}, {3, 2}, 4);
    };
    Collect c;
    runtime::SweepOptions so;
    so.threads = 1 + rng() % 3;
    so.chunk_points = 1 + rng() % 30;
    so.keep_infeasible = true;
    runtime::RunSweep(space, make, c, so);
    ASSERT_EQ(c.rows.size(), 72u);
    for (const auto& [index, row] : c.rows) {
      uint64_t i0 = index / 24, i1 = index / 6 % 4, i2 = index / 3 % 2, i3 = index % 3;
      EXPECT_EQ(row[0], static_cast<double>(i0 * 2 + i2)) << index;
      EXPECT_EQ(row[1], axes[1][i1] + axes[3][i3]) << index;
      EXPECT_EQ(row[2], i0 * 2 + i2 == 4 ? 0 : 1) << index;
    }
  }
}

TEST(SweepEngine, StopsAtTheFirstNonFiniteRowInOrder) {
  std::vector<std::vector<double>> axes{{1, 2, 3, 4, 5, 6, 7, 8}, {0.5, 1}};
  runtime::Space space(axes, {0, 1}, 1);
  auto make = [] {
    return runtime::PointFiller(
        [](const double* p, double* r) {
          r[0] = p[0] >= 5 && p[1] == 1 ? INFINITY : p[0];
          return true;
        },
        2, 1);
  };
  Collect c;
  runtime::SweepOptions so;
  so.threads = 2;
  so.chunk_points = 2;
  runtime::SweepResult res = runtime::RunSweep(space, make, c, so);
  ASSERT_TRUE(res.failure);
  EXPECT_EQ(res.failure->params, (std::vector<double>{5, 1}));
  EXPECT_EQ(res.points, 9u);  // every row before it, in order
}

TEST(Histogram, BinsOnTheDecimalLadder) {
  runtime::Histogram h(10);
  for (int i = 0; i < 100; ++i) h.Add(0.5 + i);  // 0.5 .. 99.5
  std::vector<runtime::Histogram::Bin> bins = h.Bins();
  ASSERT_EQ(bins.size(), 10u);
  EXPECT_EQ(bins.front().lo, 0);
  EXPECT_EQ(bins.front().hi, 10);
  EXPECT_EQ(bins.back().hi, 100);
  for (const auto& b : bins) EXPECT_EQ(b.count, 10u);
  // Partials merged give the same total and stay within the bin budget.
  runtime::Histogram a(10), b(10);
  for (int i = 0; i < 50; ++i) a.Add(0.5 + i);
  for (int i = 50; i < 100; ++i) b.Add(0.5 + i);
  a.Merge(b);
  EXPECT_EQ(a.total(), 100u);
  uint64_t sum = 0;
  for (const auto& bin : a.Bins()) sum += bin.count;
  EXPECT_EQ(sum, 100u);
  EXPECT_LE(a.Bins().size(), 10u);
  EXPECT_EQ(a.Bins().back().hi, 100);
}

}  // namespace
}  // namespace rl

// The IR `kernel` instruction: the interpreter, the JIT's point evaluator and its staged
// sweep (which predicts a box's batch values with one batched call) give the same bits
// as Model::Predict; the passes fold, merge and drop kernel calls like other
// instructions; staging keeps a call in the loop of the one param it depends on.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <numeric>

#include "compiler/codegen/staging.h"
#include "compiler/interp/interp.h"
#include "compiler/jit/jit.h"
#include "compiler/passes/passes.h"
#include "runtime/consumers.h"
#include "runtime/kernels/mlp.h"
#include "runtime/sweep.h"

namespace rl {
namespace {

using kernels::Variant;

// A gemm_fwd model (4 features, 8 inputs with the derived ones of kinds.cpp) whose output
// depends on every input, made once for the whole test binary.
ir::KernelUse GemmModel() {
  static ir::KernelUse use = [] {
    auto b = std::make_shared<kernels::Bundle>();
    auto m = std::make_shared<kernels::Model::Impl>();
    m->info = kernels::FindKind("gemm_fwd");
    m->kind = "gemm_fwd";
    m->variant = Variant::Log;
    m->variant_name = "log";
    m->in_mean = Eigen::VectorXd::Constant(8, 5.0);
    m->in_std = Eigen::VectorXd::Constant(8, 2.0);
    kernels::Layer hidden{Eigen::MatrixXd(3, 8), Eigen::VectorXd(3)};
    hidden.w << 0.1, -0.2, 0.3, 0.4, -0.5, 0.6, 0.2, -0.1, 0.7, 0.8, -0.9, 1.0, 1.1, -1.2, 0.3, 0.4, 0.05, 0.15, -0.25,
        0.35, 0.45, 0.55, -0.15, 0.25;
    hidden.b << 0.25, -0.25, 0.1;
    kernels::Layer last{Eigen::MatrixXd(1, 3), Eigen::VectorXd::Constant(1, 0.2)};
    last.w << 0.6, -0.3, 0.9;
    m->nets = {{hidden, last}};
    m->skip = Eigen::RowVectorXd::Constant(8, 0.1);
    m->out_mean = std::log(1e-3);
    m->out_std = 1;
    m->out_lo = -30;
    m->out_hi = 30;
    m->time_lo = 1e-12;
    kernels::Model model_value;
    model_value.impl = m;
    b->models.push_back(model_value);
    return ir::KernelUse{b, &b->models[0]};
  }();
  return use;
}

// The model's index in `s`'s kernel table.
uint32_t Gemm(ir::Scenario& s) { return s.UseKernel(GemmModel().bundle, GemmModel().model); }

ir::Param MakeParam(const char* name, std::vector<double> values) {
  ir::Param p;
  p.name = name;
  p.default_value = values[0];
  p.values = std::move(values);
  return p;
}

// batch (1..300) and scale (1, 2, 3): t = kernel(batch * 128, 512, 1024, 4) * scale.
ir::Scenario KernelScenario() {
  ir::Scenario s;
  s.name = "k";
  std::vector<double> batches(300);
  std::iota(batches.begin(), batches.end(), 1.0);
  s.params = {MakeParam("batch", batches), MakeParam("scale", {1, 2, 3})};
  ir::ValueId batch = s.ParamRef(0), scale = s.ParamRef(1);
  ir::ValueId m = s.Binary(ir::Op::Mul, batch, s.Const(128));
  ir::ValueId t = s.Kernel(Gemm(s), {m, s.Const(512), s.Const(1024), s.Const(4)});
  ir::Report r;
  r.name = "t";
  r.value = s.Binary(ir::Op::Mul, t, scale);
  s.reports.push_back(r);
  return s;
}

double Expected(double batch, double scale) {
  double f[] = {batch * 128, 512, 1024, 4};
  return GemmModel().model->Predict(f) * scale;
}

TEST(KernelIr, PrintsAndVerifies) {
  ir::Scenario s = KernelScenario();
  EXPECT_EQ(ir::Verify(s), "");
  EXPECT_NE(ir::Print(s).find("kernel gemm_fwd ; %3, %4, %5, %6"), std::string::npos) << ir::Print(s);
  ir::Scenario bad = s;
  bad.insts[7].imm = 1e6;  // past the scenario's kernel table
  EXPECT_NE(ir::Verify(bad).find("refers to model 1000000 of 1"), std::string::npos) << ir::Verify(bad);
}

TEST(KernelIr, InterpreterAndJitGiveTheModelsBits) {
  ir::Scenario s = KernelScenario();
  interp::Evaluator ev(s);
  auto jit = jit::Compile(s, jit::Options{2, {}});
  ASSERT_TRUE(static_cast<bool>(jit)) << llvm::toString(jit.takeError());
  rl_eval_fn eval = (*jit)->eval_fn();
  for (double batch : {1.0, 7.0, 300.0})
    for (double scale : {1.0, 3.0}) {
      double p[] = {batch, scale}, a = 0, b = 0;
      ev.Run(p, &a);
      eval(p, &b);
      EXPECT_EQ(a, Expected(batch, scale));
      EXPECT_EQ(b, a);
    }
}

// The staged sweep, in both loop orders and with chunks of several sizes (so boxes cover
// different batch ranges), against point-by-point evaluation.
TEST(KernelIr, BatchedSweepMatchesPointByPoint) {
  ir::Scenario s = KernelScenario();
  std::vector<std::vector<double>> axes = {s.params[0].values, s.params[1].values};
  for (std::vector<uint32_t> order : {std::vector<uint32_t>{0, 1}, std::vector<uint32_t>{1, 0}}) {
    auto jit = jit::Compile(s, jit::Options{2, order});
    ASSERT_TRUE(static_cast<bool>(jit)) << llvm::toString(jit.takeError());
    rl_sweep_fn fn = (*jit)->sweep_fn();
    for (uint64_t chunk : {1u, 7u, 4096u}) {
      struct Rows : runtime::Consumer {
        std::map<uint64_t, std::vector<double>> rows;
        bool Consume(runtime::Chunk& c) override {
          std::vector<double> params(2);
          for (int64_t pos = 0; pos < c.valid; ++pos) {
            c.Params(pos, params.data());
            rows[c.CanonicalIndex(pos)] = {params[0], params[1], c.Report(0, pos)};
          }
          return true;
        }
      } got;
      runtime::Space space(axes, order, 1);
      runtime::SweepOptions so;
      so.threads = 2;
      so.chunk_points = chunk;
      so.keep_infeasible = true;
      runtime::RunSweep(space, [&] { return runtime::SweepFnFiller(fn); }, got, so);
      ASSERT_EQ(got.rows.size(), 900u);
      for (const auto& [index, row] : got.rows) EXPECT_EQ(row[2], Expected(row[0], row[1])) << index;
    }
  }
}

// Many calls: 24 of batch alone (sharing part of their features' code, one of them
// using a value computed before the loops), one of scale alone, one of both, and one
// whose features use another call's time; their sum and each of the last few reported.
ir::Scenario ManyKernels() {
  ir::Scenario s;
  s.name = "many";
  std::vector<double> batches(40);
  std::iota(batches.begin(), batches.end(), 1.0);
  s.params = {MakeParam("batch", batches), MakeParam("scale", {1, 2, 3})};
  ir::ValueId batch = s.ParamRef(0), scale = s.ParamRef(1);
  ir::ValueId rows = s.Binary(ir::Op::Mul, batch, s.Const(128));
  ir::ValueId before = s.Binary(ir::Op::Mul, s.Const(2), s.Const(256));  // not folded: no passes run
  ir::ValueId total = s.Const(0);
  std::vector<ir::ValueId> calls;
  for (int i = 0; i < 24; ++i) {
    ir::ValueId n = i == 5 ? before : s.Const(512 + 16 * i);
    ir::ValueId m = s.Binary(ir::Op::Add, rows, s.Const(i));
    calls.push_back(s.Kernel(Gemm(s), {m, n, s.Const(1024), s.Const(4)}));
  }
  ir::ValueId by_scale = s.Binary(ir::Op::Mul, scale, s.Const(64));
  calls.push_back(s.Kernel(Gemm(s), {by_scale, s.Const(64), s.Const(64), s.Const(4)}));
  calls.push_back(s.Kernel(Gemm(s), {s.Binary(ir::Op::Mul, rows, scale), s.Const(64), s.Const(64), s.Const(4)}));
  ir::ValueId scaled = s.Binary(ir::Op::Mul, calls[0], s.Const(1e9));
  calls.push_back(s.Kernel(Gemm(s), {scaled, s.Const(32), s.Const(32), s.Const(4)}));
  for (ir::ValueId c : calls) total = s.Binary(ir::Op::Add, total, c);
  ir::Report r;
  r.name = "total";
  r.value = s.Binary(ir::Op::Mul, total, scale);
  s.reports.push_back(r);
  for (size_t k = calls.size() - 4; k < calls.size(); ++k) {
    r.name = "call" + std::to_string(k);
    r.value = calls[k];
    s.reports.push_back(r);
  }
  return s;
}

// With the batched predictions' fillers split into several chunks, with every call too
// big for a chunk (predicted per point), and with the code in segments, the sweep gives
// the interpreter's bits, in both loop orders.
TEST(KernelIr, ChunkedTablesMatchTheInterpreter) {
  ir::Scenario s = ManyKernels();
  ASSERT_EQ(ir::Verify(s), "");
  std::vector<std::vector<double>> axes = {s.params[0].values, s.params[1].values};
  interp::Evaluator ref(s);
  for (size_t segment : {8, 16, 40, 500}) {
    for (std::vector<uint32_t> order : {std::vector<uint32_t>{0, 1}, std::vector<uint32_t>{1, 0}}) {
      jit::Options opts{2, order};
      opts.segment_size = segment;
      auto jit = jit::Compile(s, opts);
      ASSERT_TRUE(static_cast<bool>(jit)) << llvm::toString(jit.takeError());
      opts.opt_level = 0;
      auto text = jit::PrintModule(s, opts);
      ASSERT_TRUE(static_cast<bool>(text));
      // Batched predictions: one chunk per param (batch, scale) by default, several of
      // batch with small segments, none when no call fits one; the rest of the code in
      // segments when they are small.
      auto has = [&](const char* name) { return text->find(name) != std::string::npos; };
      EXPECT_EQ(has("@rl_sweep.table0("), segment > 8) << segment;
      EXPECT_EQ(has("@rl_sweep.table2("), segment < 500 && segment > 8) << segment;
      EXPECT_EQ(has("@rl_sweep.seg0("), segment <= 16) << segment;
      rl_sweep_fn fn = (*jit)->sweep_fn();
      struct Rows : runtime::Consumer {
        std::map<uint64_t, std::vector<double>> rows;
        bool Consume(runtime::Chunk& c) override {
          for (int64_t pos = 0; pos < c.valid; ++pos) {
            std::vector<double> row(2);
            c.Params(pos, row.data());
            for (size_t r = 0; r < c.space->num_reports; ++r) row.push_back(c.Report(r, pos));
            rows[c.CanonicalIndex(pos)] = row;
          }
          return true;
        }
      } got;
      runtime::Space space(axes, order, s.reports.size());
      runtime::SweepOptions so;
      so.threads = 2;
      so.chunk_points = 13;
      runtime::RunSweep(space, [&] { return runtime::SweepFnFiller(fn); }, got, so);
      ASSERT_EQ(got.rows.size(), 120u);
      std::vector<double> want(s.reports.size());
      for (const auto& [index, row] : got.rows) {
        ref.Run(row.data(), want.data());
        for (size_t r = 0; r < want.size(); ++r)
          EXPECT_EQ(row[2 + r], want[r]) << "segment " << segment << " point " << index << " report " << r;
      }
    }
  }
}

TEST(KernelIr, PassesFoldMergeAndDrop) {
  ir::Scenario s = KernelScenario();
  // A second, identical call (merged by CSE), an unused one (dropped by DCE) and an
  // all-constant one (folded to the model's prediction).
  ir::ValueId batch = s.ParamRef(0);
  ir::ValueId m = s.Binary(ir::Op::Mul, batch, s.Const(128));
  ir::ValueId again = s.Kernel(Gemm(s), {m, s.Const(512), s.Const(1024), s.Const(4)});
  s.Kernel(Gemm(s), {s.Const(9), s.Const(9), s.Const(9), s.Const(4)});
  ir::ValueId fixed = s.Kernel(Gemm(s), {s.Const(256), s.Const(512), s.Const(1024), s.Const(4)});
  ir::Report r2;
  r2.name = "again";
  r2.value = again;
  ir::Report r3;
  r3.name = "fixed";
  r3.value = fixed;
  s.reports.push_back(r2);
  s.reports.push_back(r3);
  passes::RunPipeline(s);
  size_t kernels = 0;
  for (const ir::Inst& in : s.insts) kernels += in.op == ir::Op::Kernel;
  EXPECT_EQ(kernels, 1u) << ir::Print(s);
  const ir::Inst& folded = s[s.reports[2].value];
  ASSERT_EQ(folded.op, ir::Op::Const);
  EXPECT_EQ(folded.imm, Expected(2, 1));
  EXPECT_EQ(s.reports[1].value, s[s.reports[0].value].a);  // t * scale uses the merged call
}

TEST(KernelIr, StagingPutsTheCallInItsParamsLoop) {
  ir::Scenario s = KernelScenario();
  std::vector<uint64_t> sizes = {300, 3};
  std::vector<uint32_t> order = codegen::ChooseOrder(s, sizes);
  EXPECT_EQ(order, (std::vector<uint32_t>{0, 1}));  // the kernel's param outermost
  codegen::Staging st = codegen::Stage(s, order, sizes);
  EXPECT_EQ(st.level[7], 0);  // the kernel: in the batch loop, not the scale loop
}

}  // namespace
}  // namespace rl

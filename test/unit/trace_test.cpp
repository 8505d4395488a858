// The trace reader and the overhead fit of `ringline calibrate --trace`
// (compiler/calibrate/trace.h, overheads.h): steps by ProfilerStep marks or by the
// optimizer's steps, ops nested by start (the legacy profiler's whole microseconds),
// kernels joined to their launches by correlation, and the fit's recovery of a launch and
// a bandwidth, its robustness to ops neither explains, and its errors.
#include "compiler/calibrate/overheads.h"
#include "compiler/calibrate/trace.h"

#include <gtest/gtest.h>

#include <cmath>

namespace rl::calibrate {
namespace {

// A GPU step at [t, t + 100) µs: conv2d (its inner aten op and a launch, kernel 20 µs),
// a view, relu's backward node (kernel 5 µs), the optimizer's step (two kernels).
std::string GpuStep(int n, double t, int corr, bool marked = true) {
  auto ev = [](const std::string& name, const std::string& cat, double ts, double dur, int c = -1,
               const std::string& dims = "") {
    std::string args = "{";
    if (c >= 0) args += "\"correlation\": " + std::to_string(c);
    if (!dims.empty()) args += std::string(c >= 0 ? ", " : "") + "\"Input Dims\": " + dims;
    args += "}";
    return "{\"ph\": \"X\", \"name\": \"" + name + "\", \"cat\": \"" + cat + "\", \"pid\": 1, \"tid\": " +
           (cat == "kernel" ? "7" : "1") + ", \"ts\": " + std::to_string(ts) + ", \"dur\": " + std::to_string(dur) +
           ", \"args\": " + args + "}";
  };
  std::string s;
  // Without a mark (the legacy profiler's bare list), a record_function of another name.
  s += ev((marked ? "ProfilerStep#" : "record_mark#") + std::to_string(n), "user_annotation", t, 100) + ",";
  s += ev("aten::conv2d", "cpu_op", t + 1, 10, -1, "[[8, 3, 32, 32], [16, 3, 3, 3], [16]]") + ",";
  s += ev("aten::convolution", "cpu_op", t + 2, 8) + ",";
  s += ev("cudaLaunchKernel", "cuda_runtime", t + 3, 2, corr) + ",";
  s += ev("implicit_gemm", "kernel", t + 5, 20, corr) + ",";
  s += ev("aten::view", "cpu_op", t + 12, 1) + ",";
  // Rounded to whole microseconds, the child seems to end after its parent.
  s += ev("autograd::engine::evaluate_function: ReluBackward0", "cpu_op", t + 30, 4) + ",";
  s += ev("cudaLaunchKernel", "cuda_runtime", t + 31, 4, corr + 1) + ",";
  s += ev("threshold_backward", "kernel", t + 40, 5, corr + 1) + ",";
  s += ev("Optimizer.step#SGD.step", "cpu_op", t + 50, 20) + ",";
  s += ev("cudaLaunchKernel", "cuda_runtime", t + 51, 2, corr + 2) + ",";
  s += ev("sgd", "kernel", t + 60, 3, corr + 2) + ",";
  s += ev("cudaLaunchKernel", "cuda_runtime", t + 55, 2, corr + 3) + ",";
  s += ev("sgd", "kernel", t + 64, 4, corr + 3);
  return s;
}

TEST(Trace, GpuStepsByMarks) {
  std::string text = "{\"traceEvents\": [" + GpuStep(0, 1000, 10) + "," + GpuStep(1, 1100, 20) + "]}";
  llvm::Expected<Trace> t = ParseTrace(text, "t.json");
  ASSERT_TRUE(bool(t)) << llvm::toString(t.takeError());
  EXPECT_TRUE(t->gpu);
  EXPECT_TRUE(t->marked);
  ASSERT_EQ(t->steps.size(), 2u);
  for (const TraceStep& s : t->steps) {
    EXPECT_DOUBLE_EQ(s.wall, 100e-6);
    ASSERT_EQ(s.forward.size(), 1u);  // the view does no work
    EXPECT_EQ(s.forward[0].cls, "conv");
    EXPECT_EQ(s.forward[0].kernels, 1);
    EXPECT_NEAR(s.forward[0].device, 20e-6, 1e-12);
    EXPECT_NEAR(s.forward[0].host, 10e-6, 1e-12);
    ASSERT_EQ(s.forward[0].dims.size(), 3u);
    EXPECT_EQ(s.forward[0].dims[1], (std::vector<int64_t>{16, 3, 3, 3}));
    ASSERT_EQ(s.backward.size(), 1u);
    EXPECT_EQ(s.backward[0].cls, "relu");
    EXPECT_TRUE(s.backward[0].backward);
    EXPECT_NEAR(s.backward[0].device, 5e-6, 1e-12);
    EXPECT_NEAR(s.update, 7e-6, 1e-12);
    EXPECT_EQ(s.update_kernels, 2);
  }
}

TEST(Trace, StepsEndAtTheOptimizerWithoutMarks) {
  std::string text = "[";  // appended, not "[" + …: GCC 12's -Wrestrict misfires on that
  text += GpuStep(0, 1000, 10, false) + "," + GpuStep(1, 1100, 20, false) + "]";
  llvm::Expected<Trace> t = ParseTrace(text, "t.json");
  ASSERT_TRUE(bool(t)) << llvm::toString(t.takeError());
  EXPECT_FALSE(t->marked);
  ASSERT_EQ(t->steps.size(), 2u);
  EXPECT_NEAR(t->steps[0].wall, 70e-6, 1e-12);   // from the first event to the first step's end
  EXPECT_NEAR(t->steps[1].wall, 100e-6, 1e-12);  // one optimizer step to the next
}

TEST(Trace, Errors) {
  auto error = [](const std::string& text) {
    llvm::Expected<Trace> t = ParseTrace(text, "t.json");
    EXPECT_FALSE(bool(t));
    return t ? std::string() : llvm::toString(t.takeError());
  };
  EXPECT_NE(error("{\"traceEvents\": [").find("t.json: not JSON"), std::string::npos);
  EXPECT_NE(error("{\"events\": []}").find("neither a list of trace events"), std::string::npos);
  EXPECT_NE(error("[]").find("no complete"), std::string::npos);
  EXPECT_NE(error("[{\"ph\": \"X\", \"name\": \"aten::relu\", \"ts\": 1, \"dur\": 2}]").find("no training steps"),
            std::string::npos);
}

TEST(Trace, Classes) {
  EXPECT_EQ(ForwardClass("aten::batch_norm"), "batchnorm");
  EXPECT_EQ(ForwardClass("aten::view"), "");
  EXPECT_EQ(ForwardClass("aten::frobnicate"), "?");
  EXPECT_EQ(BackwardClass("ConvolutionBackward0"), "conv");
  EXPECT_EQ(BackwardClass("ViewBackward0"), "");
}

// A trace of one step whose one forward op launched `kernels` taking `device` s.
void ExpectOneForwardOp(const std::string& text, int kernels, double device) {
  llvm::Expected<Trace> t = ParseTrace(text, "t.json");
  ASSERT_TRUE(bool(t)) << llvm::toString(t.takeError());
  ASSERT_EQ(t->steps.size(), 1u);
  ASSERT_EQ(t->steps[0].forward.size(), 1u);
  EXPECT_EQ(t->steps[0].forward[0].kernels, kernels);
  EXPECT_NEAR(t->steps[0].forward[0].device, device, 1e-12);
}

// Events nest as deep as the trace is long: 50,000 wrappers one inside the other around an
// op (1.3 MB) overflowed an 8 MB stack when the reader recursed over them.
TEST(Trace, DeepNestingIsRead) {
  std::string text = R"([{"ph": "X", "name": "ProfilerStep#0", "ts": 0, "dur": 3})";
  for (int i = 0; i < 50000; ++i) text += R"(,{"ph": "X", "name": "wrap", "ts": 0, "dur": 2})";
  text += R"(,{"ph": "X", "name": "aten::relu", "ts": 0, "dur": 1})"
          R"(,{"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "ts": 0, "dur": 0,)"
          R"( "args": {"correlation": 1}})"
          R"(,{"ph": "X", "cat": "kernel", "name": "k", "ts": 1, "dur": 5, "args": {"correlation": 1}}])";
  ExpectOneForwardOp(text, 1, 5e-6);
}

// A correlation names one launch: runtime calls that share one take its kernels once (they
// were counted at each call, past an int's range in a 6 MB trace).
TEST(Trace, SharedCorrelationCountsOnce) {
  std::string text = R"([{"ph": "X", "name": "ProfilerStep#0", "ts": 0, "dur": 100})"
                     R"(,{"ph": "X", "name": "aten::relu", "ts": 1, "dur": 10})";
  for (int i = 0; i < 3; ++i)
    text += R"(,{"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "ts": )" + std::to_string(2 + i) +
            R"(, "dur": 1, "args": {"correlation": 7}})";
  for (int i = 0; i < 2; ++i)
    text += R"(,{"ph": "X", "cat": "kernel", "name": "k", "ts": 20, "dur": 4, "args": {"correlation": 7}})";
  text += "]";
  ExpectOneForwardOp(text, 2, 8e-6);
}

// Ops of 1 to 4 kernels over four decades of bytes, timed as max(launch, bytes / bw).
std::vector<BoundOp> Ops(double launch, double bw) {
  std::vector<BoundOp> ops;
  for (int i = 0; i < 40; ++i) {
    BoundOp op;
    op.label = "op " + std::to_string(i);
    for (int k = 0; k <= i % 4; ++k) op.bytes.push_back(1e4 * std::pow(10.0, (i % 10) * 0.45) * (k + 1));
    for (double b : op.bytes) op.measured += std::max(launch, b / bw);
    ops.push_back(op);
  }
  return ops;
}

TEST(Overheads, RecoversLaunchAndBandwidth) {
  llvm::Expected<OverheadFit> f = FitOverheads(Ops(6e-6, 700e9));
  ASSERT_TRUE(bool(f)) << llvm::toString(f.takeError());
  EXPECT_NEAR(f->launch / 6e-6, 1, 1e-3);
  EXPECT_NEAR(f->bandwidth / 700e9, 1, 1e-3);
  EXPECT_GT(f->binding, 0u);
  EXPECT_LT(f->mape, 1e-3);
}

TEST(Overheads, OutliersDoNotMoveTheFit) {
  std::vector<BoundOp> ops = Ops(6e-6, 700e9);
  for (size_t i = 0; i < ops.size(); i += 10) ops[i].measured *= 20;  // compute-bound, say
  llvm::Expected<OverheadFit> f = FitOverheads(ops);
  ASSERT_TRUE(bool(f)) << llvm::toString(f.takeError());
  EXPECT_NEAR(f->bandwidth / 700e9, 1, 0.01);
  EXPECT_NEAR(f->launch / 6e-6, 1, 0.01);
  EXPECT_NEAR(f->max, 0.95, 1e-3);  // the outliers (predicted at 1/20 of their time) are reported, not hidden
}

TEST(Overheads, AllBandwidthBoundGivesNoBindingLaunch) {
  llvm::Expected<OverheadFit> f = FitOverheads(Ops(1e-9, 700e9));
  ASSERT_TRUE(bool(f)) << llvm::toString(f.takeError());
  EXPECT_NEAR(f->bandwidth / 700e9, 1, 1e-3);
  EXPECT_EQ(f->binding, 0u);
}

TEST(Overheads, Errors) {
  std::vector<BoundOp> one = {Ops(6e-6, 700e9)[0]};
  EXPECT_FALSE(bool(FitOverheads(one))) << "one op";
  llvm::consumeError(FitOverheads(one).takeError());
  std::vector<BoundOp> ops = Ops(6e-6, 700e9);
  ops[3].measured = 0;
  llvm::Expected<OverheadFit> f = FitOverheads(ops);
  EXPECT_FALSE(bool(f));
  if (!f) llvm::consumeError(f.takeError());
}

}  // namespace
}  // namespace rl::calibrate

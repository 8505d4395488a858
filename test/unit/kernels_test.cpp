// Kernel-time models (runtime/kernels): the kinds' FLOP/byte formulas checked by hand,
// the output transforms on hand-set weights, fitting known functions, reproducible fits,
// the `.rlk` round trip and every corruption the reader must turn into an error, the
// profile CSV reader's errors, and predictions that stay finite and positive.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <llvm/ADT/bit.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/CRC.h>
#include <llvm/Support/EndianStream.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/raw_ostream.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <map>

#include "runtime/kernels/conv_shape.h"
#include "runtime/kernels/profiles.h"
#include "runtime/kernels/mlp.h"

namespace rl::kernels {
namespace {

double Flops(const char* kind, std::vector<double> f) { return KindFlops(*FindKind(kind), f.data()); }
double Bytes(const char* kind, std::vector<double> f) { return KindBytes(*FindKind(kind), f.data()); }

TEST(KernelKinds, TableMatchesTheDoc) {
  EXPECT_EQ(AllKinds().size(), 14u);
  const KindInfo* conv = FindKind("conv2d_fwd");
  ASSERT_NE(conv, nullptr);
  std::vector<std::string> names(conv->features.begin(), conv->features.end());
  EXPECT_EQ(names, (std::vector<std::string>{"n", "cin", "h", "w", "cout", "kh", "kw", "sh", "sw", "ph", "pw",
                                             "groups", "dtype"}));
  EXPECT_EQ(FindKind("conv3d_bwd_filter")->features.size(), 11u);
  EXPECT_EQ(FindKind("gemm_bwd_weight")->features.size(), 4u);
  EXPECT_EQ(FindKind("pool_bwd")->features.size(), 9u);
  EXPECT_EQ(FindKind("eltwise")->features.size(), 4u);
  EXPECT_EQ(FindKind("conv2d"), nullptr);
  for (const KindInfo& k : AllKinds()) {
    EXPECT_FALSE(k.doc.empty()) << k.name.str();
    EXPECT_EQ(k.features.back(), "dtype") << k.name.str();
  }
}

TEST(KernelKinds, ConvFormulas) {
  // ResNet-50 conv2_x 3x3: 2·n·cout·oh·ow·cin·k·k = 2·32·64·56·56·64·9.
  std::vector<double> r50 = {32, 64, 56, 56, 64, 3, 3, 1, 1, 1, 1, 1, 4};
  EXPECT_EQ(Flops("conv2d_fwd", r50), 7398752256.0);
  EXPECT_EQ(Flops("conv2d_bwd_data", r50), 7398752256.0);
  EXPECT_EQ(Bytes("conv2d_bwd_filter", r50), 4.0 * (32 * 64 * 56 * 56 + 64 * 64 * 9 + 32 * 64 * 56 * 56));
  // The 7x7 stride-2 stem: oh = floor((224 + 6 - 7) / 2) + 1 = 112.
  std::vector<double> stem = {1, 3, 224, 224, 64, 7, 7, 2, 2, 3, 3, 1, 4};
  EXPECT_EQ(Flops("conv2d_fwd", stem), 236027904.0);
  EXPECT_EQ(Bytes("conv2d_fwd", stem), 3851008.0);
  // Depthwise (groups = cin), fp16: cin/groups = 1.
  std::vector<double> dw = {8, 32, 112, 112, 32, 3, 3, 1, 1, 1, 1, 32, 2};
  EXPECT_EQ(Flops("conv2d_fwd", dw), 57802752.0);
  EXPECT_EQ(Bytes("conv2d_fwd", dw), 12845632.0);
  // conv3d: o = floor((16 + 2 - 3) / 2) + 1 = 8 per dimension.
  std::vector<double> c3 = {2, 4, 16, 16, 16, 8, 3, 2, 1, 1, 4};
  EXPECT_EQ(Flops("conv3d_fwd", c3), 2.0 * 2 * 8 * 512 * 4 * 27);
  EXPECT_EQ(Bytes("conv3d_fwd", c3), 4.0 * (2 * 4 * 4096 + 8 * 4 * 27 + 2 * 8 * 512));
  // A window larger than the padded input has no output; a zero stride counts as 1.
  EXPECT_EQ(Flops("conv2d_fwd", {1, 3, 2, 2, 8, 5, 5, 1, 1, 0, 0, 1, 4}), 0.0);
  EXPECT_EQ(Flops("conv2d_fwd", {1, 1, 4, 4, 1, 1, 1, 0, 0, 0, 0, 1, 4}), 2.0 * 16);
}

TEST(KernelKinds, GemmNormPoolEltwiseFormulas) {
  EXPECT_EQ(Flops("gemm_fwd", {128, 2048, 1000, 4}), 524288000.0);
  EXPECT_EQ(Bytes("gemm_bwd_data", {128, 2048, 1000, 4}), 9752576.0);
  EXPECT_EQ(Flops("bn_fwd", {32, 64, 3136, 4}), 32112640.0);
  EXPECT_EQ(Bytes("bn_fwd", {32, 64, 3136, 4}), 51380224.0);
  EXPECT_EQ(Flops("bn_bwd", {32, 64, 3136, 4}), 51380224.0);
  EXPECT_EQ(Bytes("bn_bwd", {32, 64, 3136, 4}), 77070336.0);
  // 3x3 stride-2 max pooling with padding 1: 112 → 56.
  EXPECT_EQ(Flops("pool_fwd", {32, 64, 112, 112, 3, 2, 1, 1, 4}), 25690112.0);
  EXPECT_EQ(Bytes("pool_bwd", {32, 64, 112, 112, 3, 2, 1, 1, 4}), 128450560.0);
  EXPECT_EQ(Flops("eltwise", {8, 1000, 2, 2}), 8000.0);
  EXPECT_EQ(Bytes("eltwise", {8, 1000, 2, 2}), 48000.0);
}

// The derived inputs of one conv2d row (features n cin h w cout kh kw sh sw ph pw groups dtype).
std::vector<double> ConvInputs(std::vector<double> f, const Dispatch& d, const char* kind = "conv2d_fwd") {
  const KindInfo& k = *FindKind(kind);
  std::vector<double> out(NumDerivedInputs(k));
  DerivedInputs(k, f.data(), KindFlops(k, f.data()), KindBytes(k, f.data()), d, out.data());
  return out;
}

TEST(KernelKinds, DerivedInputs) {
  EXPECT_EQ(NumDerivedInputs(*FindKind("conv3d_bwd_data")), 19u);
  EXPECT_EQ(NumDerivedInputs(*FindKind("gemm_fwd")), 4u);
  EXPECT_EQ(NumDerivedInputs(*FindKind("pool_fwd")), 4u);
  EXPECT_EQ(NumDerivedInputs(*FindKind("eltwise")), 2u);
  for (const KindInfo& k : AllKinds()) EXPECT_LE(NumDerivedInputs(k), kMaxDerivedInputs) << k.name.str();
  // ResNet-50's first 1x1 bottleneck conv at batch 8: pointwise, not strided, ungrouped;
  // implicit GEMM M = 8·56·56, K = 64, N = 256; 64 channels fill their lanes, 20 do not.
  Dispatch none;
  std::vector<double> in = ConvInputs({8, 64, 56, 56, 256, 1, 1, 1, 1, 0, 0, 1, 4}, none);
  EXPECT_DOUBLE_EQ(in[0], std::log1p(2.0 * 8 * 256 * 3136 * 64));
  EXPECT_EQ((std::vector<double>(in.begin() + 2, in.begin() + 6)), (std::vector<double>{1, 0, 0, 0}));
  EXPECT_DOUBLE_EQ(in[6], std::log1p(8.0 * 3136));
  EXPECT_DOUBLE_EQ(in[7], std::log1p(64.0));
  EXPECT_DOUBLE_EQ(in[8], std::log1p(256.0));
  EXPECT_DOUBLE_EQ(in[9], std::log1p(8.0 * 64 * 3136));
  EXPECT_DOUBLE_EQ(in[10], 1.0);
  EXPECT_DOUBLE_EQ(ConvInputs({8, 20, 56, 56, 256, 1, 1, 1, 1, 0, 0, 1, 4}, none)[10], 20.0 / 32);
  // Depthwise 3x3, stride 2.
  in = ConvInputs({8, 32, 56, 56, 32, 3, 3, 2, 2, 1, 1, 32, 4}, none);
  EXPECT_EQ((std::vector<double>(in.begin() + 2, in.begin() + 6)), (std::vector<double>{0, 1, 1, 1}));
  EXPECT_DOUBLE_EQ(in[7], std::log1p(9.0));
  EXPECT_DOUBLE_EQ(in[8], std::log1p(1.0));
  // A depthwise conv's lane fill counts its channels (jit_dw vectorises across them), not
  // its one channel a group: 32 fill two blocks of 16, 24 fill 3/4 of two.
  EXPECT_DOUBLE_EQ(in[10], 1.0);
  EXPECT_DOUBLE_EQ(in[11], 1.0);
  std::vector<double> dw24 = ConvInputs({8, 24, 56, 56, 24, 3, 3, 1, 1, 1, 1, 24, 4}, none);
  EXPECT_DOUBLE_EQ(dw24[10], 0.75);
  EXPECT_DOUBLE_EQ(dw24[11], 0.75);
  // A grouped, not depthwise, conv keeps a group's channels: 48 / 4 = 12 of 16 lanes.
  EXPECT_DOUBLE_EQ(ConvInputs({8, 48, 28, 28, 48, 3, 3, 1, 1, 1, 1, 4, 4}, none)[10], 0.75);
  // Without a dispatch rule (no torch CPU stack named) the rule inputs are all 0.
  for (size_t i = 12; i < in.size(); ++i) EXPECT_EQ(in[i], 0.0) << i;
}

TEST(KernelKinds, TorchCpuDispatchRule) {
  DeviceInfo cpu;
  cpu.fields = {{"device", "cpu"}, {"threads", "1"}, {"torch", "1.13.0a0"}};
  Dispatch d = DispatchOf(cpu);
  EXPECT_TRUE(d.torch_cpu);
  EXPECT_EQ(d.threads, 1);
  auto fallback = [](std::vector<double> f, const Dispatch& d) { return ConvInputs(std::move(f), d)[12]; };
  // An unstrided 1x1 kernel below batch 16 on one thread: torch's im2col fallback.
  EXPECT_EQ(fallback({8, 64, 56, 56, 256, 1, 1, 1, 1, 0, 0, 1, 4}, d), 1.0);
  EXPECT_EQ(fallback({16, 64, 56, 56, 256, 1, 1, 1, 1, 0, 0, 1, 4}, d), 0.0);
  EXPECT_EQ(fallback({8, 64, 56, 56, 256, 1, 1, 2, 2, 0, 0, 1, 4}, d), 0.0);
  // Batch 1 with a 3x3 kernel: oneDNN only above 20480 input elements or with groups.
  EXPECT_EQ(fallback({1, 3, 32, 32, 16, 3, 3, 1, 1, 1, 1, 1, 4}, d), 1.0);
  EXPECT_EQ(fallback({1, 64, 56, 56, 64, 3, 3, 1, 1, 1, 1, 1, 4}, d), 0.0);
  EXPECT_EQ(fallback({1, 32, 32, 32, 32, 3, 3, 1, 1, 1, 1, 32, 4}, d), 0.0);
  EXPECT_EQ(fallback({2, 3, 32, 32, 16, 3, 3, 1, 1, 1, 1, 1, 4}, d), 0.0);
  // More threads send 1x1 kernels to oneDNN; a GPU or an unknown stack has no rule.
  cpu.fields[1].second = "4";
  EXPECT_EQ(fallback({8, 64, 56, 56, 256, 1, 1, 1, 1, 0, 0, 1, 4}, DispatchOf(cpu)), 0.0);
  DeviceInfo gpu;
  gpu.fields = {{"device", "cuda"}, {"threads", "1"}, {"torch", "2.4"}};
  EXPECT_FALSE(DispatchOf(gpu).torch_cpu);
  EXPECT_EQ(fallback({8, 64, 56, 56, 256, 1, 1, 1, 1, 0, 0, 1, 4}, DispatchOf(gpu)), 0.0);
  EXPECT_FALSE(DispatchOf(DeviceInfo{}).torch_cpu);
}

// The oneDNN implementation rule (torch_cpu_rules.cpp) on rows whose implementation the
// verbose log named (tools/research/onednn_impls.py), and as the network's inputs.
std::string RuleClass(const char* kind, std::vector<double> f) {
  const KindInfo& k = *FindKind(kind);
  ConvShape c = Conv(k, f.data());
  return TorchCpuUsesOneDnn(c, 1) ? OneDnnImplName(TorchCpuConvImpl(k, c)).str() : "fallback";
}

TEST(KernelKinds, OneDnnRuleCases) {
  // conv3d n cin d h w cout k s p groups dtype. 4 channels per group in and out: 4-blocks
  // (these ran at 48 GFLOP/s where 2 and 3 per group, on gemm, ran at 6).
  EXPECT_EQ(RuleClass("conv3d_fwd", {16, 16, 14, 14, 14, 16, 3, 1, 1, 4, 4}), "blocked4");
  EXPECT_EQ(RuleClass("conv3d_fwd", {16, 8, 26, 26, 26, 12, 3, 1, 1, 4, 4}), "gemm");
  EXPECT_EQ(RuleClass("conv3d_fwd", {8, 64, 10, 10, 10, 128, 3, 1, 1, 8, 4}), "blocked8");
  EXPECT_EQ(RuleClass("conv3d_fwd", {8, 64, 10, 10, 10, 256, 3, 1, 1, 4, 4}), "blocked16");
  // Backward-filter has no 4-blocked kernel, and no padded 8-blocked one in 3-D.
  EXPECT_EQ(RuleClass("conv3d_bwd_filter", {16, 16, 14, 14, 14, 16, 3, 1, 1, 4, 4}), "gemm");
  EXPECT_EQ(RuleClass("conv3d_bwd_filter", {8, 64, 10, 10, 10, 128, 3, 1, 1, 8, 4}), "gemm");
  EXPECT_EQ(RuleClass("conv3d_bwd_filter", {8, 64, 10, 10, 10, 128, 3, 1, 0, 8, 4}), "blocked8");
  // Depthwise: jit_dw in 2-D (gemm for backward-filter from 5x5 up), gemm in 3-D.
  // conv2d n cin h w cout kh kw sh sw ph pw groups dtype.
  EXPECT_EQ(RuleClass("conv2d_fwd", {8, 32, 56, 56, 32, 5, 5, 1, 1, 2, 2, 32, 4}), "depthwise");
  EXPECT_EQ(RuleClass("conv2d_bwd_filter", {8, 32, 56, 56, 32, 3, 3, 1, 1, 1, 1, 32, 4}), "depthwise");
  EXPECT_EQ(RuleClass("conv2d_bwd_filter", {8, 32, 56, 56, 32, 5, 5, 1, 1, 2, 2, 32, 4}), "gemm");
  EXPECT_EQ(RuleClass("conv3d_fwd", {8, 32, 8, 8, 8, 32, 3, 1, 1, 32, 4}), "gemm");
  // A channel multiplier (64 out of 32 groups) is a grouped convolution of 1 in per group.
  EXPECT_EQ(RuleClass("conv2d_fwd", {8, 32, 56, 56, 64, 3, 3, 1, 1, 1, 1, 32, 4}), "gemm");
  // 1x1: jit_1x1 where a 2-D stride divides the input (8x8, not 11x11); in 3-D unstrided.
  EXPECT_EQ(RuleClass("conv2d_fwd", {2, 128, 8, 8, 256, 1, 1, 2, 2, 0, 0, 1, 4}), "1x1");
  EXPECT_EQ(RuleClass("conv2d_fwd", {2, 128, 11, 11, 256, 1, 1, 2, 2, 0, 0, 1, 4}), "blocked16");
  EXPECT_EQ(RuleClass("conv2d_fwd", {8, 64, 56, 56, 256, 1, 1, 1, 1, 0, 0, 1, 4}), "fallback");
  EXPECT_EQ(RuleClass("conv3d_fwd", {16, 64, 8, 8, 8, 64, 1, 1, 0, 1, 4}), "1x1");
  EXPECT_EQ(RuleClass("conv3d_fwd", {16, 64, 8, 8, 8, 64, 1, 2, 0, 1, 4}), "blocked16");
  // Fewer than 16 input channels: the plain-layout stem kernels, except backward-data;
  // backward-filter puts 4 to 15 on 8-blocks.
  EXPECT_EQ(RuleClass("conv2d_fwd", {4, 3, 224, 224, 64, 7, 7, 2, 2, 3, 3, 1, 4}), "plain");
  EXPECT_EQ(RuleClass("conv2d_bwd_data", {4, 3, 224, 224, 64, 7, 7, 2, 2, 3, 3, 1, 4}), "blocked16");
  EXPECT_EQ(RuleClass("conv2d_bwd_filter", {4, 3, 224, 224, 64, 7, 7, 2, 2, 3, 3, 1, 4}), "plain");
  EXPECT_EQ(RuleClass("conv2d_bwd_filter", {4, 8, 56, 56, 64, 3, 3, 1, 1, 1, 1, 1, 4}), "blocked8");
  // As inputs: on the torch CPU stack, one 0/1 input per implementation but blocked16.
  DeviceInfo cpu;
  cpu.fields = {{"device", "cpu"}, {"threads", "1"}, {"torch", "1.13.0a0"}};
  const Dispatch d = DispatchOf(cpu);
  auto impl_inputs = [&](const char* kind, std::vector<double> f) {
    std::vector<double> in = ConvInputs(std::move(f), d, kind);
    return std::vector<double>(in.begin() + 12, in.end());
  };
  using V = std::vector<double>;
  // fallback, gemm, depthwise, 1x1, plain, blocked8, blocked4
  EXPECT_EQ(impl_inputs("conv3d_fwd", {16, 16, 14, 14, 14, 16, 3, 1, 1, 4, 4}), (V{0, 0, 0, 0, 0, 0, 1}));
  EXPECT_EQ(impl_inputs("conv3d_fwd", {16, 8, 26, 26, 26, 12, 3, 1, 1, 4, 4}), (V{0, 1, 0, 0, 0, 0, 0}));
  EXPECT_EQ(impl_inputs("conv2d_fwd", {8, 64, 56, 56, 256, 1, 1, 1, 1, 0, 0, 1, 4}), (V{1, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(impl_inputs("conv2d_fwd", {8, 64, 56, 56, 64, 3, 3, 1, 1, 1, 1, 1, 4}), (V{0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(impl_inputs("conv2d_fwd", {4, 3, 224, 224, 64, 7, 7, 2, 2, 3, 3, 1, 4}), (V{0, 0, 0, 0, 1, 0, 0}));
}

// Per kind, the share of logged rows whose class the rule predicts: 1,200 rows of
// data/kernels/xeon.csv (200 per kind, drawn at random) in test/unit/data; RL_ONEDNN_IMPLS
// names another file of tools/research/onednn_impls.py, e.g. one of every row.
TEST(KernelKinds, OneDnnRuleMatchesVerboseLog) {
  const char* env = std::getenv("RL_ONEDNN_IMPLS");
  const std::string path = env ? env : RL_TEST_DATA_DIR "/onednn_impls.csv";
  std::ifstream in(path);
  ASSERT_TRUE(in) << path;
  std::string line;
  std::getline(in, line);
  ASSERT_EQ(line, "kind,features,impl,format,class");
  std::map<std::string, std::pair<int, int>> tally;  // kind: agreeing, all
  while (std::getline(in, line)) {
    llvm::SmallVector<llvm::StringRef, 5> cols;
    llvm::StringRef(line).split(cols, ',');
    ASSERT_EQ(cols.size(), 5u) << line;
    const KindInfo* k = FindKind(cols[0]);
    ASSERT_NE(k, nullptr) << line;
    llvm::SmallVector<llvm::StringRef, 16> parts;
    cols[1].split(parts, ' ');
    std::vector<double> f;
    for (llvm::StringRef p : parts) f.push_back(std::stod(p.str()));
    ASSERT_EQ(f.size(), k->features.size()) << line;
    auto& [agree, all] = tally[cols[0].str()];
    agree += RuleClass(cols[0].str().c_str(), f) == cols[4];
    ++all;
  }
  ASSERT_EQ(tally.size(), 6u);
  for (const auto& [kind, t] : tally) {
    const double share = double(t.first) / t.second;
    std::printf("  %s: %d of %d rows (%.1f%%)\n", kind.c_str(), t.first, t.second, 100 * share);
    EXPECT_GE(share, 0.97) << kind;
  }
}

// ---- hand-built models ----------------------------------------------------------------

// A gemm_fwd model whose last layer ignores its inputs: the output is `bias`.
std::shared_ptr<Model::Impl> ConstantModel(Variant v, double bias) {
  auto m = std::make_shared<Model::Impl>();
  m->info = FindKind("gemm_fwd");
  m->kind = "gemm_fwd";
  m->variant = v;
  m->variant_name = VariantName(v).str();
  // gemm_fwd: 4 features + 4 derived inputs.
  m->in_mean = Eigen::VectorXd::Constant(8, 2.0);
  m->in_std = Eigen::VectorXd::Constant(8, 3.0);
  Layer hidden{Eigen::MatrixXd(2, 8), Eigen::VectorXd(2)};
  hidden.w << 0.1, -0.2, 0.3, 0.4, -0.5, 0.6, 0.15, -0.05, 0.7, 0.8, -0.9, 1.0, 1.1, -1.2, 0.2, 0.3;
  hidden.b << 0.25, -0.25;
  Layer out{Eigen::MatrixXd::Zero(1, 2), Eigen::VectorXd::Constant(1, bias)};
  m->nets = {{hidden, out}};
  m->skip = Eigen::RowVectorXd::Zero(8);
  m->out_mean = v == Variant::Log ? std::log(1e-3) : 0;
  m->out_std = 1;
  m->out_lo = -3;
  m->out_hi = 3;
  m->time_lo = 1e-9;
  m->peak_flops = 1e10;
  m->mem_bw = 5e9;
  m->metrics = {80, 20, 0.05, 0.2, v == Variant::Log ? 0.07 : -1};
  return m;
}

Bundle TinyBundle(Variant v = Variant::Log, double bias = 0.5) {
  Bundle b;
  b.device.fields = {{"name", "unit test"}, {"peak_flops", "1e10"}};
  b.device.peak_flops = 1e10;
  b.device.mem_bw = 5e9;
  Model m;
  m.impl = ConstantModel(v, bias);
  b.models.push_back(m);
  return b;
}

TEST(KernelModel, OutputTransforms) {
  // A small GEMM: roofline max(2000 FLOP / 1e10, 1200 B / 5e9) = 0.24 µs, below the
  // model's times.
  double small[] = {10, 10, 10, 4};
  Bundle log = TinyBundle(Variant::Log, 0.5);
  EXPECT_DOUBLE_EQ(log.models[0].Predict(small), 1e-3 * std::exp(0.5));
  // The output is clamped to [out_lo, out_hi] = [-3, 3] before the transform.
  EXPECT_DOUBLE_EQ(TinyBundle(Variant::Log, 10).models[0].Predict(small), 1e-3 * std::exp(3.0));
  // No time is below the roofline (over util_scale = 1): 2e9 FLOP at 1e10 FLOP/s.
  double f[] = {1000, 1000, 1000, 4};
  EXPECT_DOUBLE_EQ(log.models[0].Predict(f), 0.2);
  // util: roofline = max(2e9 FLOP / 1e10, 1.2e7 B / 5e9) = 0.2 s; sigmoid(0) = 1/2 → 0.4 s.
  Bundle util = TinyBundle(Variant::Util, 0);
  EXPECT_DOUBLE_EQ(util.models[0].Predict(f), 0.4);
  util.models[0].impl = [&] {
    auto m = ConstantModel(Variant::Util, 0);
    m->util_scale = 2;
    return m;
  }();
  EXPECT_DOUBLE_EQ(util.models[0].Predict(f), 0.2);
  // The floor is added to either variant's time: a call's fixed cost.
  auto floored = [&](Variant v) {
    Bundle b = TinyBundle(v, v == Variant::Log ? 0.5 : 0);
    auto m = ConstantModel(v, v == Variant::Log ? 0.5 : 0);
    m->floor = 2e-4;
    b.models[0].impl = m;
    return b;
  };
  EXPECT_DOUBLE_EQ(floored(Variant::Log).models[0].Predict(small), 2e-4 + 1e-3 * std::exp(0.5));
  EXPECT_DOUBLE_EQ(floored(Variant::Util).models[0].Predict(f), 2e-4 + 0.4);
  // It survives the bundle format.
  llvm::Expected<Bundle> again = ParseBundle(SerializeBundle(floored(Variant::Log)), "k.rlk");
  ASSERT_TRUE(bool(again)) << llvm::toString(again.takeError());
  EXPECT_DOUBLE_EQ(again->models[0].Predict(small), 2e-4 + 1e-3 * std::exp(0.5));
  EXPECT_EQ(log.models[0].num_features(), 4u);
  EXPECT_EQ(log.models[0].variant(), "log");
  EXPECT_EQ(util.models[0].variant(), "util");
  EXPECT_EQ(log.Find("gemm_fwd"), &log.models[0]);
  EXPECT_EQ(log.Find("bn_fwd"), nullptr);
  EXPECT_EQ(log.device.Get("name"), "unit test");
  EXPECT_EQ(log.device.Get("cores"), "");
}

TEST(KernelModel, PredictIsFiniteAndPositiveOnAnyInput) {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  for (Variant v : {Variant::Log, Variant::Util}) {
    for (double bias : {-100.0, 0.0, 100.0}) {
      Bundle b = TinyBundle(v, bias);
      for (double x : {0.0, 1.0, 1e12, 1e300, -5.0, inf, -inf, nan}) {
        double f[] = {x, x, x, x};
        double t = b.models[0].Predict(f);
        EXPECT_TRUE(std::isfinite(t) && t > 0) << VariantName(v).str() << " bias " << bias << " x " << x << " → " << t;
      }
    }
  }
}

TEST(KernelModel, PredictBatchMatchesPredict) {
  Bundle b = TinyBundle(Variant::Util, 0.3);
  b.models[0].impl = [] {
    auto m = ConstantModel(Variant::Util, 0.3);
    m->nets[0][1].w << 0.7, -0.4;  // make the output depend on the inputs
    return m;
  }();
  std::vector<double> feats;
  const int64_t n = 600;  // more than one block of rows
  for (int64_t i = 0; i < n; ++i)
    for (double f : {double(1 + i), double(64 + 3 * i), double(10 + i % 7), 4.0}) feats.push_back(f);
  std::vector<double> batch(n);
  b.models[0].PredictBatch(feats.data(), n, batch.data());
  // Bit for bit: a prediction does not depend on the rows predicted with it (mlp.cpp).
  for (int64_t i = 0; i < n; ++i) EXPECT_EQ(batch[i], b.models[0].Predict(&feats[4 * i])) << i;
  EXPECT_NE(batch[0], batch[n - 1]);
}

// ---- fitting ------------------------------------------------------------------------------

// Deterministic synthetic rows: log-uniform sizes, time = max(flops / 1e10, bytes / 5e9)
// + 5 µs, the roofline plus a launch overhead.
Dataset Synthetic(int rows_per_kind, bool device) {
  Dataset d;
  if (device) {
    d.device.fields = {{"name", "synthetic"}};
    d.device.peak_flops = 1e10;
    d.device.mem_bw = 5e9;
  }
  uint64_t state = 7;
  auto uniform = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return double(state >> 11) * 0x1.0p-53;
  };
  auto size = [&](double lo, double hi) { return std::round(std::exp(std::log(lo) + uniform() * std::log(hi / lo))); };
  for (const char* kind : {"gemm_fwd", "bn_fwd"}) {
    const KindInfo* k = FindKind(kind);
    for (int i = 0; i < rows_per_kind; ++i) {
      Sample s;
      s.kind = k;
      if (k->formula == Formula::Gemm) s.feats = {size(1, 2048), size(16, 4096), size(16, 4096), 4};
      else s.feats = {size(1, 64), size(8, 512), size(1, 3136), 4};
      s.time = std::max(KindFlops(*k, s.feats.data()) / 1e10, KindBytes(*k, s.feats.data()) / 5e9) + 5e-6;
      d.samples.push_back(s);
    }
  }
  return d;
}

TEST(KernelFit, LearnsAKnownFunction) {
  Dataset d = Synthetic(300, /*device=*/false);
  FitOptions o;  // the default schedule
  std::string log;
  llvm::raw_string_ostream os(log);
  llvm::Expected<Bundle> b = Fit(d, o, os);
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  ASSERT_EQ(b->models.size(), 2u);
  for (const Model& m : b->models) {
    EXPECT_EQ(m.variant(), "log");  // no device: no roofline, no util variant
    EXPECT_EQ(m.metrics().test_rows, 60);
    EXPECT_EQ(m.metrics().train_rows, 240);
    EXPECT_EQ(m.metrics().mape_other, -1);
    EXPECT_LT(m.metrics().mape, 0.05) << m.kind();
    // The worst rows are the few tiny calls on the 5 µs floor.
    EXPECT_GT(m.metrics().max_err, m.metrics().mape) << m.kind();
    EXPECT_LT(m.metrics().max_err, 1.0) << m.kind();
  }
  // Spot checks against the formula, inside the profiled range.
  double f[] = {256, 1024, 1024, 4};
  double want = 2.0 * 256 * 1024 * 1024 / 1e10 + 5e-6;
  EXPECT_NEAR(b->Find("gemm_fwd")->Predict(f), want, 0.1 * want);
  EXPECT_NE(log.find("gemm_fwd: 300 rows"), std::string::npos) << log;
}

TEST(KernelFit, UtilVariantWithADevice) {
  Dataset d = Synthetic(200, /*device=*/true);
  FitOptions o;
  o.epochs = 150;
  o.only = {"gemm_fwd"};
  llvm::Expected<Bundle> b = Fit(d, o, llvm::nulls());
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  ASSERT_EQ(b->models.size(), 1u);
  const Metrics& mt = b->models[0].metrics();
  EXPECT_GE(mt.mape_other, 0);  // both variants were trained
  EXPECT_LT(mt.mape, 0.05);
  // Whichever was kept, the roofline's scaling beyond the profile is bounded: ×8 work.
  double small[] = {512, 2048, 2048, 4}, big[] = {4096, 2048, 2048, 4};
  double ratio = b->models[0].Predict(big) / b->models[0].Predict(small);
  EXPECT_GT(ratio, 2);
  EXPECT_LT(ratio, 16);
}

TEST(KernelFit, SameSeedSameBytesOtherSeedOtherBytes) {
  Dataset d = Synthetic(60, /*device=*/true);
  FitOptions o;
  o.epochs = 20;
  auto bytes = [&](uint64_t seed) {
    o.seed = seed;
    llvm::Expected<Bundle> b = Fit(d, o, llvm::nulls());
    EXPECT_TRUE(bool(b));
    return b ? SerializeBundle(*b) : std::string();
  };
  std::string a = bytes(1);
  EXPECT_FALSE(a.empty());
  EXPECT_EQ(a, bytes(1));
  EXPECT_NE(a, bytes(2));
  // A kind's model does not depend on which other kinds are fitted.
  o.seed = 1;
  o.only = {"bn_fwd"};
  llvm::Expected<Bundle> only = Fit(d, o, llvm::nulls());
  ASSERT_TRUE(bool(only));
  llvm::Expected<Bundle> all = ParseBundle(a, "all");
  ASSERT_TRUE(bool(all));
  double f[] = {16, 64, 784, 4};
  EXPECT_EQ(only->Find("bn_fwd")->Predict(f), all->Find("bn_fwd")->Predict(f));
}

TEST(KernelFit, Errors) {
  Dataset d = Synthetic(60, true);
  FitOptions o;
  o.only = {"conv2d_fwd"};
  llvm::Expected<Bundle> b = Fit(d, o, llvm::nulls());
  ASSERT_FALSE(bool(b));
  EXPECT_EQ(llvm::toString(b.takeError()), "the profile has 0 rows of `conv2d_fwd`; fitting needs at least 10");
  o.only = {"conv9d"};
  b = Fit(d, o, llvm::nulls());
  ASSERT_FALSE(bool(b));
  EXPECT_EQ(llvm::toString(b.takeError()), "unknown kernel kind `conv9d`");
  o.only = {};
  o.holdout = 1;
  b = Fit(d, o, llvm::nulls());
  ASSERT_FALSE(bool(b));
  EXPECT_EQ(llvm::toString(b.takeError()), "the held-out share must be in (0, 0.5], got 1");
}

// --hidden: each ensemble member gets those layer widths (then the 1-unit output).
TEST(KernelFit, HiddenWidths) {
  Dataset d = Synthetic(60, /*device=*/false);
  FitOptions o;
  o.epochs = 10;
  o.folds = 2;
  o.only = {"gemm_fwd"};
  o.hidden = {8, 4, 3};
  llvm::Expected<Bundle> b = Fit(d, o, llvm::nulls());
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  const Model::Impl& m = *b->models[0].impl;
  ASSERT_EQ(m.nets.size(), 2u);  // one network per fold
  for (const Net& net : m.nets) {
    ASSERT_EQ(net.size(), 4u);
    EXPECT_EQ(net[0].w.rows(), 8);
    EXPECT_EQ(net[0].w.cols(), 8);  // 4 features + 4 derived inputs
    EXPECT_EQ(net[1].w.rows(), 4);
    EXPECT_EQ(net[2].w.rows(), 3);
    EXPECT_EQ(net[3].w.rows(), 1);
  }
  o.hidden = {8, 0};
  b = Fit(d, o, llvm::nulls());
  ASSERT_FALSE(bool(b));
  EXPECT_EQ(llvm::toString(b.takeError()), "hidden layer widths must be 1 to 256, got 0");
  o.hidden = {8, 8, 8, 8, 8};
  b = Fit(d, o, llvm::nulls());
  ASSERT_FALSE(bool(b));
  EXPECT_EQ(llvm::toString(b.takeError()), "at most 4 hidden layers, got 5");
}

// ---- the .rlk format -----------------------------------------------------------------

TEST(KernelBundle, RoundTripKeepsEveryPrediction) {
  Dataset d = Synthetic(60, true);
  FitOptions o;
  o.epochs = 20;
  llvm::Expected<Bundle> b = Fit(d, o, llvm::nulls());
  ASSERT_TRUE(bool(b));
  std::string bytes = SerializeBundle(*b);
  llvm::Expected<Bundle> back = ParseBundle(bytes, "x.rlk");
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(SerializeBundle(*back), bytes);
  EXPECT_EQ(back->device.fields, b->device.fields);
  EXPECT_EQ(back->device.peak_flops, 1e10);
  ASSERT_EQ(back->models.size(), b->models.size());
  for (size_t i = 0; i < b->models.size(); ++i) {
    const Model &m = b->models[i], &r = back->models[i];
    EXPECT_EQ(r.kind(), m.kind());
    EXPECT_EQ(r.variant(), m.variant());
    EXPECT_EQ(r.metrics().mape, m.metrics().mape);
    EXPECT_EQ(r.metrics().test_rows, m.metrics().test_rows);
    for (const Sample& s : d.samples) {
      if (s.kind->name == m.kind()) {
        EXPECT_EQ(r.Predict(s.feats.data()), m.Predict(s.feats.data()));
      }
    }
  }
  // Through a file.
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("kernels_test", "rlk", path));
  ASSERT_FALSE(bool(WriteBundle(*b, path)));
  llvm::Expected<Bundle> file = ReadBundle(path);
  ASSERT_TRUE(bool(file)) << llvm::toString(file.takeError());
  EXPECT_EQ(SerializeBundle(*file), bytes);
  llvm::sys::fs::remove(path);
  llvm::Expected<Bundle> missing = ReadBundle("/nonexistent/k.rlk");
  ASSERT_FALSE(bool(missing));
  EXPECT_EQ(llvm::toString(missing.takeError()), "cannot read `/nonexistent/k.rlk`: No such file or directory");
}

std::string ErrorOf(llvm::StringRef bytes) {
  llvm::Expected<Bundle> b = ParseBundle(bytes, "k.rlk");
  if (b) return "(parsed)";
  return llvm::toString(b.takeError());
}

// The payload of `bytes` framed again with a correct length and checksum, so the reader
// gets past the header to the contents under test.
std::string Reframe(std::string payload) {
  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::support::endian::Writer w(os, llvm::endianness::little);
  os << llvm::StringRef("RLK\0", 4);
  w.write(uint32_t(6));  // the format version
  w.write(uint64_t(payload.size()));
  w.write(llvm::crc32(llvm::arrayRefFromStringRef(payload)));
  os << payload;
  return out;
}

void Put32(std::string& s, size_t at, uint32_t v) { llvm::support::endian::write32le(&s[at], v); }
void PutF64(std::string& s, size_t at, double v) { llvm::support::endian::write64le(&s[at], llvm::bit_cast<uint64_t>(v)); }

TEST(KernelBundle, HeaderErrors) {
  std::string good = SerializeBundle(TinyBundle());
  ASSERT_EQ(ErrorOf(good), "(parsed)");
  EXPECT_EQ(ErrorOf(""), "k.rlk: truncated: 0 bytes, the header alone has 20");
  EXPECT_EQ(ErrorOf("RLK"), "k.rlk: truncated: 3 bytes, the header alone has 20");
  EXPECT_EQ(ErrorOf("kind,features,median_s\n"), "k.rlk: not a Ringline kernel bundle");
  std::string v7 = good;
  Put32(v7, 4, 8);
  EXPECT_EQ(ErrorOf(v7), "k.rlk: bundle version 8 is newer than this ringline (7)");
  // Version 1 networks took other inputs (no derived shape properties): refused, not misread.
  Put32(v7, 4, 1);
  EXPECT_EQ(ErrorOf(v7), "k.rlk: bundle version 1 is older than this ringline reads (6); refit it with `ringline fit`");
  // Version 2 models had no floor: their networks predict the whole time, not the excess.
  Put32(v7, 4, 2);
  EXPECT_EQ(ErrorOf(v7), "k.rlk: bundle version 2 is older than this ringline reads (6); refit it with `ringline fit`");
  // Version 3 conv models took 13 derived inputs, not 14 (no blocked-groups input).
  Put32(v7, 4, 3);
  EXPECT_EQ(ErrorOf(v7), "k.rlk: bundle version 3 is older than this ringline reads (6); refit it with `ringline fit`");
  // Version 4 conv models took the blocked-groups input where version 5 names oneDNN's
  // implementation.
  Put32(v7, 4, 4);
  EXPECT_EQ(ErrorOf(v7), "k.rlk: bundle version 4 is older than this ringline reads (6); refit it with `ringline fit`");
  // Version 5 depthwise conv models took a constant lane fill (1/16) where version 6
  // counts their channels.
  Put32(v7, 4, 5);
  EXPECT_EQ(ErrorOf(v7), "k.rlk: bundle version 5 is older than this ringline reads (6); refit it with `ringline fit`");
  Put32(v7, 4, 0);
  EXPECT_EQ(ErrorOf(v7), "k.rlk: bundle version 0 is older than this ringline reads (6); refit it with `ringline fit`");
  std::string flipped = good;
  flipped[40] ^= 0x10;
  EXPECT_EQ(ErrorOf(flipped), "k.rlk: corrupted: checksum mismatch");
  EXPECT_EQ(ErrorOf(good + "xx"), "k.rlk: corrupted: 2 bytes after the payload");
  EXPECT_EQ(ErrorOf(good.substr(0, 30)),
            fmt::format("k.rlk: truncated: the header promises {} payload bytes, 10 follow", good.size() - 20));
}

TEST(KernelBundle, EveryTruncationAndByteFlipIsAnError) {
  std::string good = SerializeBundle(TinyBundle());
  for (size_t len = 0; len < good.size(); ++len) {
    std::string e = ErrorOf(good.substr(0, len));
    EXPECT_NE(e.find("truncated"), std::string::npos) << len << ": " << e;
  }
  for (size_t i = 0; i < good.size(); ++i) {
    for (uint8_t bit : {0x01, 0x80}) {
      std::string bad = good;
      bad[i] = char(uint8_t(bad[i]) ^ bit);
      EXPECT_NE(ErrorOf(bad), "(parsed)") << "byte " << i;
    }
  }
}

TEST(KernelBundle, ContentErrors) {
  const std::string payload = SerializeBundle(TinyBundle()).substr(20);
  const size_t kind = payload.find("gemm_fwd");
  ASSERT_NE(kind, std::string::npos);
  // Layout after the kind's name: variant u8, features u32, inputs u32, 2 × 8 f64 input
  // transform, 7 f64 output transform (the floor last), network count u32, the first
  // network's layer count u32, then its first layer's rows u32, cols u32, weights.
  const size_t variant = kind + 8, features = variant + 1, inputs = features + 4, in_std = inputs + 4 + 64;
  const size_t out_std = in_std + 64 + 8, floor = in_std + 64 + 48, nets = floor + 8, layers = nets + 4;
  const size_t rows = layers + 4;
  const size_t weights = rows + 8;
  auto with = [&](auto edit) {
    std::string p = payload;
    edit(p);
    return ErrorOf(Reframe(p));
  };
  EXPECT_EQ(ErrorOf(Reframe(payload)), "(parsed)");
  EXPECT_EQ(with([&](std::string& p) { p[kind + 7] = 'x'; }), "k.rlk: model 1: unknown kernel kind `gemm_fwx`");
  EXPECT_EQ(with([&](std::string& p) { p[variant] = 9; }), "k.rlk: model 1: `gemm_fwd` has unknown variant 9");
  EXPECT_EQ(with([&](std::string& p) { Put32(p, features, 13); }),
            "k.rlk: model 1: `gemm_fwd` has 13 features, the kind has 4");
  EXPECT_EQ(with([&](std::string& p) { Put32(p, inputs, 7); }), "k.rlk: model 1: `gemm_fwd` has 7 inputs, expected 8");
  EXPECT_EQ(with([&](std::string& p) { PutF64(p, in_std, 0); }),
            "k.rlk: model 1: `gemm_fwd` has a non-positive input scale");
  EXPECT_EQ(with([&](std::string& p) { PutF64(p, out_std, std::numeric_limits<double>::infinity()); }),
            "k.rlk: model 1: `gemm_fwd` has a non-finite output transform");
  EXPECT_EQ(with([&](std::string& p) { PutF64(p, out_std, -1); }),
            "k.rlk: model 1: `gemm_fwd` has an inconsistent output transform");
  EXPECT_EQ(with([&](std::string& p) { PutF64(p, floor, -1e-6); }),
            "k.rlk: model 1: `gemm_fwd` has an inconsistent output transform");
  EXPECT_EQ(with([&](std::string& p) { PutF64(p, floor, std::nan("")); }),
            "k.rlk: model 1: `gemm_fwd` has a non-finite output transform");
  EXPECT_EQ(with([&](std::string& p) { Put32(p, nets, 0); }),
            "k.rlk: model 1: `gemm_fwd` has 0 networks (1 to 64 allowed)");
  // A second network that is not there: the reader takes the skip weights' zero bytes
  // for its layer count.
  EXPECT_EQ(with([&](std::string& p) { Put32(p, nets, 2); }),
            "k.rlk: model 1: `gemm_fwd` network 2: 0 layers (1 to 8 allowed)");
  EXPECT_EQ(with([&](std::string& p) { Put32(p, layers, 1000); }),
            "k.rlk: model 1: `gemm_fwd` network 1: 1000 layers (1 to 8 allowed)");
  EXPECT_EQ(with([&](std::string& p) { Put32(p, rows, 100000); }),
            "k.rlk: model 1: `gemm_fwd` network 1: layer 1 is 100000x8 (widths 1 to 4096 allowed)");
  EXPECT_EQ(with([&](std::string& p) { Put32(p, rows + 4, 5); }),
            "k.rlk: model 1: `gemm_fwd` network 1: layer 1 takes 5 inputs, the layer before gives 8");
  // A plausible width whose weights are not there: refused before allocating them.
  EXPECT_EQ(with([&](std::string& p) {
              Put32(p, rows, 4096);
            }),
            "k.rlk: model 1: `gemm_fwd` network 1: truncated");
  EXPECT_EQ(with([&](std::string& p) { PutF64(p, weights + 8, std::nan("")); }),
            "k.rlk: model 1: `gemm_fwd` network 1: layer 1 has a non-finite weight");
  EXPECT_EQ(with([&](std::string& p) { p += "junk"; }), "k.rlk: 4 unread bytes after the last model");
  EXPECT_EQ(with([&](std::string& p) { Put32(p, kind - 8, 99); }), "k.rlk: 99 models, more than the 14 kernel kinds");
  // The same model twice.
  EXPECT_EQ(with([&](std::string& p) {
              Put32(p, kind - 8, 2);
              p += payload.substr(kind - 4);
            }),
            "k.rlk: model 2: a second model of `gemm_fwd`");
  // A util model needs the device's peak_flops and mem_bw.
  std::string util = SerializeBundle(TinyBundle(Variant::Util, 0)).substr(20);
  PutF64(util, util.find("gemm_fwd") - 4 - 4 - 16, 0);
  EXPECT_EQ(ErrorOf(Reframe(util)), "k.rlk: model 1: `gemm_fwd` is a util model but the device has no peak_flops and mem_bw");
}

// ---- the profile CSV ------------------------------------------------------------------------

std::string TempCsv(llvm::StringRef text) {
  llvm::SmallString<128> path;
  int fd;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("profile", "csv", fd, path));
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << text;
  return std::string(path);
}

std::string CsvError(llvm::StringRef text, std::string* path_out = nullptr) {
  std::string path = TempCsv(text);
  llvm::Expected<Dataset> d = ReadProfileCsv(path);
  llvm::sys::fs::remove(path);
  if (d) return "(parsed)";
  std::string e = llvm::toString(d.takeError());
  // Report errors relative to the file name so expectations stay short.
  size_t at = e.find(path);
  return at == 0 ? "P" + e.substr(path.size()) : e;
}

const char* kHeader = "kind,features,median_s,min_s,p10_s,p90_s,reps\n";

TEST(KernelProfile, ReadsDeviceAndRows) {
  std::string path = TempCsv(std::string("# name: Test CPU\n# date: 2024-05-01 12:00\n# peak_flops: 1.5e11\n"
                                         "# mem_bw: 2e10\n# a plain comment\n") +
                             kHeader + "gemm_fwd,8 16 32 4,0.001,0.0009,0.00095,0.0011,5\n\n"
                                       "bn_fwd,1 2 3 2,2e-5,1e-5,1e-5,3e-5,5\r\n");
  llvm::Expected<Dataset> d = ReadProfileCsv(path);
  llvm::sys::fs::remove(path);
  ASSERT_TRUE(bool(d)) << llvm::toString(d.takeError());
  EXPECT_EQ(d->device.Get("name"), "Test CPU");
  EXPECT_EQ(d->device.Get("date"), "2024-05-01 12:00");
  EXPECT_EQ(d->device.fields.size(), 4u);
  EXPECT_EQ(d->device.peak_flops, 1.5e11);
  EXPECT_EQ(d->device.mem_bw, 2e10);
  ASSERT_EQ(d->samples.size(), 2u);
  EXPECT_EQ(d->samples[0].kind, FindKind("gemm_fwd"));
  EXPECT_EQ(d->samples[0].feats, (std::vector<double>{8, 16, 32, 4}));
  EXPECT_EQ(d->samples[0].time, 0.001);
  EXPECT_EQ(d->samples[1].time, 2e-5);
}

TEST(KernelProfile, ErrorsNamePathAndLine) {
  std::string h = std::string("# peak_flops: 1e10\n") + kHeader;
  EXPECT_EQ(CsvError(h + "gemm_fwd,1 2 3 4,0.1,0,0,0,1\nconv9d,1 2,0.1,0,0,0,1\n"), "P:4: unknown kernel kind `conv9d`");
  EXPECT_EQ(CsvError(h + "gemm_fwd,1 2 3,0.1,0,0,0,1\n"), "P:3: gemm_fwd takes 4 features (m k n dtype), got 3");
  EXPECT_EQ(CsvError(h + "gemm_fwd,1 2 3 4,0,0,0,0,1\n"), "P:3: `median_s` must be a positive number of seconds, got `0`");
  EXPECT_EQ(CsvError(h + "gemm_fwd,1 2 3 4,-1,0,0,0,1\n"), "P:3: `median_s` must be a positive number of seconds, got `-1`");
  EXPECT_EQ(CsvError(h + "gemm_fwd,1 2 3 4,fast,0,0,0,1\n"), "P:3: `median_s` must be a positive number of seconds, got `fast`");
  EXPECT_EQ(CsvError(h + "gemm_fwd,1 -2 3 4,0.1,0,0,0,1\n"), "P:3: feature `k` must be a non-negative number, got `-2`");
  EXPECT_EQ(CsvError(h + "gemm_fwd,1 2 3 4,0.1\n"), "P:3: expected 7 columns, got 3");
  EXPECT_EQ(CsvError("# peak_flops: lots\n"), "P:1: `peak_flops` must be a non-negative number, got `lots`");
  EXPECT_EQ(CsvError("m,k,n\n1,2,3\n"), "P:1: expected a header row with columns `kind`, `features` and `median_s`, got `m,k,n`");
  EXPECT_EQ(CsvError(h), "P: no profile rows");
  llvm::Expected<Dataset> missing = ReadProfileCsv("/nonexistent/p.csv");
  ASSERT_FALSE(bool(missing));
  EXPECT_EQ(llvm::toString(missing.takeError()), "cannot read `/nonexistent/p.csv`: No such file or directory");
}

}  // namespace
}  // namespace rl::kernels

// stdlib.megatron's activation memory against Korthikanti et al. 2022's closed forms
// (arXiv 2205.05198, eqs. 1-6 and section 5), computed here in C++ for a grid of layouts:
// per layer s b h (34 + 5 a s / h) bytes without recomputation, (10 + 24/t + 5 a s / (h t))
// with tensor parallelism, (34 + 5 a s / h) / t with sequence parallelism too, the 5 a s / h
// term dropped by selective recomputation, 2 s b h (2 s b h / t with sequence parallelism)
// under full recomputation; the first stage of a 1F1B pipeline holds p micro-batches in
// flight, interleaved p (1 + (p - 1) / (p v)) (eq. 6's factor), GPipe all of them.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <string>

#include "include/ringline/ringline.h"

namespace {

struct Model {
  double layers, hidden, heads, seq;
};
const Model kGpt{96, 12288, 96, 2048};  // GPT-3 175B

std::unique_ptr<ringline::Spec> Megatron() {
  ringline::Options o;
  o.stdlib_dir = RL_STDLIB_DIR;
  auto spec = ringline::Spec::Library(o);
  spec->Import("stdlib.megatron");
  return spec;
}

std::string Layout(int t, int p, int v, int micro, bool sp, const std::string& recompute,
                   const std::string& order = "1f1b") {
  return fmt::format(
      "Layout {{ tensor = {}, pipeline = {}, interleave = {}, data = 1, micro = {}, batch = {}, "
      "sequence_parallel = {}, recompute = \"{}\", order = \"{}\" }}",
      t, p, v, micro, 64 * micro, sp ? "true" : "false", recompute, order);
}

// Bytes per layer, the paper's closed forms.
double PerLayer(const Model& m, int t, int micro, bool sp, const std::string& recompute) {
  const double sbh = m.seq * micro * m.hidden;
  const double attn = 5 * m.heads * m.seq / m.hidden;
  if (recompute == "full") return sbh * (sp ? 2.0 / t : 2.0);
  const double lin = sp ? 34.0 / t : 10 + 24.0 / t;
  return sbh * (lin + (recompute == "none" ? attn / t : 0));
}

TEST(Korthikanti, PerLayerInEveryMode) {
  auto spec = Megatron();
  const std::string m = "gpt_config(\"gpt3\", 96, 12288, 96)";
  int checked = 0;
  for (int t : {1, 2, 8})
    for (int micro : {1, 4})
      for (bool sp : {false, true})
        for (const char* rc : {"none", "selective", "full"}) {
          const double got =
              spec->Eval(fmt::format("layer_activations({}, {}) / 1 B", m, Layout(t, 1, 1, micro, sp, rc))).number;
          const double want = PerLayer(kGpt, t, micro, sp, rc);
          EXPECT_NEAR(got / want, 1.0, 1e-12) << "t " << t << " b " << micro << " sp " << sp << " " << rc;
          ++checked;
        }
  EXPECT_EQ(checked, 36);
  // The paper's headline: GPT-3 at t 8, selective recomputation and sequence parallelism keep
  // 34/8 s b h bytes a layer, 5x less than t 8 alone (10 + 24/8 + 5 a s/(8h) = 23).
  const double alone = spec->Eval(fmt::format("layer_activations({}, {}) / 1 B", m, Layout(8, 1, 1, 1, false, "none"))).number;
  const double both = spec->Eval(fmt::format("layer_activations({}, {}) / 1 B", m, Layout(8, 1, 1, 1, true, "selective"))).number;
  EXPECT_NEAR(alone / both, 23 / 4.25, 1e-12);
}

TEST(Korthikanti, FirstStageInFlight) {
  auto spec = Megatron();
  const std::string m = "gpt_config(\"gpt3\", 96, 12288, 96)";
  struct Case {
    int p, v;
    const char* order;
    double in_flight;  // micro-batches the first stage holds, 64 per pipeline
  };
  for (const Case& c : {Case{8, 1, "1f1b", 8}, Case{16, 1, "1f1b", 16}, Case{8, 3, "1f1b", 8 * (1 + 7.0 / 24)},
                        Case{16, 2, "1f1b", 16 * (1 + 15.0 / 32)}, Case{8, 1, "gpipe", 64}}) {
    const std::string lay = Layout(8, c.p, c.v, 1, true, "selective", c.order);
    const double layers = 96.0 / c.p;  // 96 divides p v for every case
    const double want = PerLayer(kGpt, 8, 1, true, "selective") * layers * c.in_flight;
    const double got = spec->Eval(fmt::format("layer_activations({0}, {1}) * stage_layers({0}, {1}) * "
                                              "in_flight({1}) / 1 B",
                                              m, lay))
                           .number;
    EXPECT_NEAR(got / want, 1.0, 1e-12) << "p " << c.p << " v " << c.v << " " << c.order;
  }
}

}  // namespace

// The transformer layout search (compiler/advise/transformer.h) and what it stands on in
// the library API: a scenario of a stdlib module lowered by its qualified name, `--set`
// texts read in the root spec's scope, and the points each require drops in a sweep's
// summary, which must agree with the rows a full sweep keeps.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "compiler/advise/transformer.h"
#include "include/ringline/ringline.h"

namespace {

const std::string kStdlib = RL_STDLIB_DIR;

ringline::Options Opts() {
  ringline::Options o;
  o.stdlib_dir = kStdlib;
  return o;
}

// Counts rows, feasible ones and, per `broken` bit, the rows that break that constraint.
class Count final : public ringline::Sink {
 public:
  void Begin(const std::string&, const std::vector<ringline::Column>& cols) override {
    for (size_t i = 0; i < cols.size(); ++i) {
      if (cols[i].name == "broken") broken_ = i;
      if (cols[i].name == "feasible") feasible_ = i;
    }
  }
  void Row(const double* v) override {
    ++rows;
    if (v[feasible_] != 0) ++feasible;
    const auto mask = static_cast<uint64_t>(v[broken_]);
    for (int k = 0; k < 16; ++k)
      if (mask & (uint64_t{1} << k)) ++per[k];
  }
  void End() override {}
  uint64_t rows = 0, feasible = 0;
  std::map<int, uint64_t> per;

 private:
  size_t broken_ = 0, feasible_ = 0;
};

const std::vector<std::pair<std::string, std::string>> kSmall = {
    {"model", "gpt_config(\"m\", 24, 2304, 24)"}, {"gpus", "64"}, {"batch", "512"},
    {"t", "1,2,4,8"}, {"p", "1,2,4,8"},   {"b", "1,4,16"}, {"v", "1..3"},  {"zero", "0..2"}};

TEST(AdviseLlm, QualifiedScenarioAndDropCounts) {
  auto spec = ringline::Spec::Library(Opts());
  spec->Import("stdlib.megatron");  // gpt_config, for the model's text
  auto sc = spec->Lower("stdlib.advise_llm.layout_search", kSmall);
  EXPECT_EQ(sc->Name(), "layout_search");
  // The engine's drop counts against every row kept with its `broken` constraints.
  Count top;
  ringline::SweepOptions so;
  so.top = 5, so.top_by = "iter", so.threads = 1;
  ringline::SweepSummary sum = sc->Sweep(top, so);
  EXPECT_EQ(top.rows, 5u);
  Count all;
  ringline::SweepOptions keep;
  keep.keep_infeasible = true, keep.threads = 1;
  ringline::SweepSummary full = sc->Sweep(all, keep);
  EXPECT_TRUE(full.dropped.empty());  // rows kept infeasible are not dropped
  EXPECT_EQ(sum.total, all.rows);
  EXPECT_EQ(sum.total - sum.infeasible, all.feasible);
  // First the library's own argument checks (selene's nodes, the plan's GPUs), which drop
  // nothing here, then the plan's constraints in its order (stdlib.advise_llm's
  // constraint_names, the bits of `broken`), then the repeats.
  std::vector<std::string> names;
  for (const ringline::Value& v : spec->Call("stdlib.advise_llm.constraint_names", {}).items) names.push_back(v.str);
  ASSERT_EQ(names.size(), 11u);
  EXPECT_EQ(names.front(), "t*p*d = GPUs");
  EXPECT_EQ(names.back(), "memory");
  ASSERT_EQ(sum.dropped.size(), names.size() + 3);
  EXPECT_EQ(sum.dropped[0].first, "a cluster's nodes >= 1");
  EXPECT_EQ(sum.dropped[1].first, "a plan's GPUs >= 1");
  EXPECT_EQ(sum.dropped[0].second + sum.dropped[1].second, 0u);
  for (size_t k = 0; k < names.size(); ++k) {
    EXPECT_EQ(sum.dropped[2 + k].first, names[k]);
    EXPECT_EQ(sum.dropped[2 + k].second, all.per[static_cast<int>(k)]) << names[k];
  }
  EXPECT_EQ(sum.dropped.back().first, "same as another layout");
  EXPECT_GT(all.per[4], 0u);  // layers % (p*v) = 0
  EXPECT_GT(all.per[9], 0u);  // memory
}

TEST(AdviseLlm, UnknownQualifiedScenario) {
  auto spec = ringline::Spec::Library(Opts());
  try {
    spec->Lower("stdlib.advise_llm.layout_serch");
    FAIL() << "lowered";
  } catch (const ringline::SpecError& e) {
    ASSERT_FALSE(e.diagnostics().empty());
    EXPECT_EQ(e.diagnostics()[0].kind, "bad_option");
    EXPECT_NE(e.diagnostics()[0].message.find("did you mean `layout_search`"), std::string::npos)
        << e.diagnostics()[0].message;
  }
  EXPECT_THROW(spec->Lower("stdlib.no_such_module.x"), ringline::SpecError);
}

TEST(AdviseLlm, SetsReadInTheRootScope) {
  // The spec's own cluster, named on the command line, for a scenario of the stdlib.
  auto spec = ringline::Spec::CompileString(
      "import stdlib.hardware\nfn mine(nodes: Int) -> Cluster = selene(nodes) with { name = \"mine\" }\n", "mine.rl",
      Opts());
  spec->Import("stdlib.megatron");
  std::vector<std::pair<std::string, std::string>> sets = kSmall;
  sets.push_back({"make", "mine"});
  Count c;
  ringline::SweepOptions so;
  so.top = 1, so.top_by = "iter", so.threads = 1;
  spec->Lower("stdlib.advise_llm.layout_search", sets)->Sweep(c, so);
  EXPECT_EQ(c.rows, 1u);
}

rl::advise::LayoutQuery Gpt3() {
  rl::advise::LayoutQuery q;
  q.model = "gpt3_175b";
  q.gpus = {1024};
  q.global_batch = 1536;
  q.top = 10;
  q.threads = 1;
  return q;
}

TEST(AdviseLlm, SearchRanksFeasibleLayouts) {
  rl::advise::LayoutResult r = rl::advise::Run(Gpt3(), Opts());
  ASSERT_EQ(r.rows.size(), 10u);
  ASSERT_EQ(r.searches.size(), 1u);
  EXPECT_GT(r.searches[0].layouts, 10'000u);
  for (size_t i = 0; i < r.rows.size(); ++i) {
    const rl::advise::LayoutRow& row = r.rows[i];
    EXPECT_EQ(row.rank, static_cast<int>(i + 1));
    EXPECT_TRUE(row.broken.empty());
    EXPECT_EQ(row.t * row.p * row.d, 1024);
    EXPECT_LE(row.memory, row.capacity);
    EXPECT_NEAR(row.memory, row.weights + row.grads + row.optimizer + row.activations + row.other, 1);
    if (i) EXPECT_LE(r.rows[i - 1].iter, row.iter);
  }
}

TEST(AdviseLlm, PinnedInfeasibleLayoutNamesItsConstraints) {
  rl::advise::LayoutQuery q = Gpt3();
  q.tp = 8, q.pp = 16, q.dp = 4, q.micro = 5, q.interleave = 1, q.recompute = "full", q.sequence_parallel = 0;
  q.zero = 2;
  rl::advise::LayoutResult r = rl::advise::Run(q, Opts());
  ASSERT_EQ(r.rows.size(), 1u);
  EXPECT_EQ(r.rows[0].rank, 0);
  EXPECT_EQ(r.rows[0].broken,
            (std::vector<std::string>{"t*p*d = GPUs", "batch % (d*b) = 0", "zero <= 1 with pipelining"}));
  EXPECT_EQ(r.searches[0].layouts, 1u);
  EXPECT_EQ(r.searches[0].feasible, 0u);
}

TEST(AdviseLlm, GptDimensions) {
  EXPECT_EQ(rl::advise::GptModelText("gpt:layers=96,hidden=12288,heads=96,seq=4096,ffn=49152"),
            "gpt_config(\"gpt\", 96, 12288, 96, seq = 4096) with { ffn = 49152 }");
  // The text is a Transformer of stdlib.megatron, its other fields gpt_config's defaults.
  auto spec = ringline::Spec::Library(Opts());
  spec->Import("stdlib.megatron");
  ringline::Value m = spec->Eval(rl::advise::GptModelText("gpt:layers=96,hidden=12288,heads=96,kv_heads=8"));
  EXPECT_EQ(m.At("layers").number, 96);
  EXPECT_EQ(m.At("seq").number, 2048);
  EXPECT_EQ(m.At("vocab").number, 51200);
  EXPECT_EQ(m.At("kv_heads").number, 8);
  EXPECT_EQ(m.At("ffn").number, 4 * 12288);
  EXPECT_THROW(m.At("no_such_field"), std::logic_error);
  EXPECT_THROW(m.At("name"), std::logic_error);  // a String, not a Number
  for (const char* bad : {"gpt:layers=96,hidden=12288", "gpt:layers=96,hidden=12288,heads=96,foo=1",
                          "gpt:layers=0,hidden=12288,heads=96", "gpt:layers=96,hidden=100,heads=3", "gpt:layers"}) {
    try {
      rl::advise::GptModelText(bad);
      ADD_FAILURE() << bad;
    } catch (const ringline::SpecError& e) {
      EXPECT_EQ(e.diagnostics()[0].kind, "bad_option") << bad;
    }
  }
}

}  // namespace

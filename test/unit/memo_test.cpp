// The memo table of a streamed sweep (compiler/codegen/memo.h): which loops it holds, and
// that a sweep reading its loops from it gives the interpreter's bits, whatever the
// loop order, the memo's depth, the chunks, the threads, segmented code and batched
// kernel predictions.
#include <gtest/gtest.h>
#include <llvm/Support/Path.h>

#include <bit>
#include <map>
#include <numeric>
#include <random>

#include "compiler/api/fillers.h"
#include "compiler/check/check.h"
#include "compiler/codegen/memo.h"
#include "compiler/codegen/staging.h"
#include "compiler/interp/interp.h"
#include "compiler/jit/jit.h"
#include "compiler/passes/passes.h"
#include "runtime/sweep.h"
#include "test/unit/collect.h"
#include "test/unit/harness.h"

namespace rl {
namespace {

// Every scenario of a spec file (path from the source tree), lowered and optimised.
std::vector<ir::Scenario> Scenarios(const std::string& relative, const std::vector<std::string>& sets = {}) {
  llvm::SmallString<256> path(llvm::sys::path::parent_path(RL_STDLIB_DIR));
  llvm::sys::path::append(path, relative);
  test::Harness h;
  check::Compilation comp(h.diags, check::Options{RL_STDLIB_DIR});
  EXPECT_TRUE(comp.Load(std::string(path))) << h.AllText();
  std::vector<check::Override> overrides;
  for (const std::string& s : sets) {
    std::optional<check::Override> o = comp.ParseOverride(s.substr(0, s.find('=')), s, "--set", s.find('=') + 1);
    EXPECT_TRUE(o) << s << "\n" << h.AllText();
    if (o) overrides.push_back(std::move(*o));
  }
  std::vector<ir::Scenario> out;
  for (const std::string& name : comp.ScenarioNames()) {
    std::optional<ir::Scenario> sc = comp.Lower(name, overrides);
    EXPECT_TRUE(sc) << name << "\n" << h.AllText();
    if (!sc) continue;
    passes::RunPipeline(*sc);
    out.push_back(std::move(*sc));
  }
  return out;
}

std::map<uint64_t, std::vector<double>> Sweep(const ir::Scenario& sc, const runtime::FillerFactory& make,
                                              unsigned threads, uint64_t chunk_points) {
  std::vector<std::vector<double>> axes;
  for (const ir::Param& p : sc.params) axes.push_back(p.values);
  std::vector<uint32_t> declaration(sc.params.size());
  std::iota(declaration.begin(), declaration.end(), 0u);
  runtime::Space space(axes, declaration, sc.reports.size());
  test::Collect c;
  runtime::SweepOptions so;
  so.threads = threads;
  so.chunk_points = chunk_points;
  so.keep_infeasible = true;
  runtime::SweepResult res = runtime::RunSweep(space, make, c, so);
  EXPECT_FALSE(res.failure) << sc.name;
  return c.rows;
}

std::vector<uint64_t> Sizes(const ir::Scenario& sc) {
  std::vector<uint64_t> sizes;
  for (const ir::Param& p : sc.params) sizes.push_back(p.values.size());
  return sizes;
}

// The interpreter's rows against the JIT's with the memo PlanMemo gives when the first
// `whole` params of the order are whole and there are many chunks (so that it memoises
// as deep as it may wherever loads pay), swept in small chunks on three threads: the
// table is right whatever the chunks. Returns the memo's depth.
size_t ExpectMemoMatches(const ir::Scenario& sc, const std::vector<uint32_t>& order, size_t whole,
                         size_t segment_size, uint64_t chunk_points) {
  const std::vector<uint64_t> sizes = Sizes(sc);
  jit::Options o{2, order, /*eval=*/false, /*sweep=*/true, segment_size};
  std::vector<bool> spans(sizes.size(), false);
  for (size_t d = 0; d < whole; ++d) spans[order[d]] = true;
  o.memo = codegen::PlanMemo(sc, order, sizes, spans, 1000);
  auto ev = jit::Compile(sc, o);
  EXPECT_TRUE(static_cast<bool>(ev)) << llvm::toString(ev.takeError());
  if (!ev) return 0;
  EXPECT_EQ((*ev)->memo_fn() != nullptr, o.memo.Active());
  auto got = Sweep(sc, api::JitFillers(**ev, sizes), 3, chunk_points);
  const ir::Scenario* scp = &sc;
  auto want = Sweep(
      sc,
      [scp] {
        auto ref = std::make_shared<interp::Evaluator>(*scp);
        return runtime::PointFiller([ref](const double* p, double* r) { return ref->Run(p, r); },
                                    scp->params.size(), scp->reports.size());
      },
      1, 1 << 12);
  EXPECT_EQ(got.size(), want.size()) << sc.name;
  for (const auto& [index, row] : want)
    for (size_t k = 0; k < row.size(); ++k)
      EXPECT_EQ(std::bit_cast<uint64_t>(got[index][k]), std::bit_cast<uint64_t>(row[k]))
          << sc.name << " point " << index << " column " << k;
  return o.memo.depth;
}

// A per-layer spec: each layer's roofline on `batch`, the allreduce on `gpus` and `bw`.
const char* kPerLayer = "test/lit/codegen/streamed_order.rl";

TEST(Memo, StreamedSweepGivesTheInterpretersBits) {
  std::mt19937_64 rng(11);
  std::map<size_t, int> depths;
  for (const ir::Scenario& sc : Scenarios(kPerLayer, {"gpus=1,2,3,5,8,64", "batch=1,7,32"})) {
    for (int trial = 0; trial < 4; ++trial) {
      std::vector<uint32_t> order(sc.params.size());
      std::iota(order.begin(), order.end(), 0u);
      std::shuffle(order.begin(), order.end(), rng);
      // Segments of 40 cut every level into functions that read memoised values from
      // the spill area.
      size_t segment_size = trial % 2 ? 40 : codegen::kDefaultSegmentSize;
      ++depths[ExpectMemoMatches(sc, order, 1 + trial / 2, segment_size, 1 + rng() % 7)];
    }
  }
  EXPECT_GT(depths[1], 0);  // the outer loop from the table, the inner one computed
  EXPECT_GT(depths[2], 0);  // both loops from the table: the rows are loads
}

// Kernel-model predictions of every layer on `batch` (the shipped CPU bundle): in the
// memo's fill, batched over the batch axis, and in no table of the sweep itself.
TEST(Memo, KernelPredictionsComeFromTheTable) {
  std::vector<ir::Scenario> scs = Scenarios("test/bench/resnet50_cpu.rl", {"batch=1,3,8", "nodes=1,2,5,16"});
  ASSERT_EQ(scs.size(), 1u);
  EXPECT_EQ(ExpectMemoMatches(scs[0], {0, 1}, 1, codegen::kDefaultSegmentSize, 5), 1u);
  EXPECT_EQ(ExpectMemoMatches(scs[0], {0, 1}, 2, 40, 3), 2u);
}

// What PlanMemo memoises: only a prefix of the order whose params every chunk spans, only
// with more than one chunk, and only where the loads cost less than what they replace.
TEST(Memo, PlansOnlyWherePaysAndIsWhole) {
  std::vector<ir::Scenario> scs = Scenarios(kPerLayer, {"gpus=1..128+1", "batch=1..64+1"});
  const ir::Scenario& gpus_first = scs[0];
  const std::vector<uint64_t> sizes = Sizes(gpus_first);
  const std::vector<uint32_t> order = codegen::ChooseOrder(gpus_first, sizes);
  ASSERT_EQ(order, (std::vector<uint32_t>{1, 0}));  // batch outermost
  std::vector<std::vector<double>> axes;
  for (const ir::Param& p : gpus_first.params) axes.push_back(p.values);
  const api::ChunkShape shape = api::StreamedChunks(axes, gpus_first.reports.size());
  EXPECT_EQ(shape.chunks, 2u);
  EXPECT_EQ(shape.whole, (std::vector<bool>{false, true}));
  codegen::Memo m = codegen::PlanMemo(gpus_first, order, sizes, shape.whole, shape.chunks);
  EXPECT_EQ(m.depth, 1u);
  EXPECT_EQ(m.rows, 64);
  EXPECT_EQ(m.stride, (std::vector<int64_t>{0, 1}));
  EXPECT_FALSE(m.values.empty());
  EXPECT_GT(m.work_per_chunk, 2 * m.loads_per_chunk);
  // One chunk computes every loop once already.
  EXPECT_FALSE(codegen::PlanMemo(gpus_first, order, sizes, shape.whole, 1).Active());
  // The outer loop's param cut between chunks: its loop is computed per chunk either way.
  EXPECT_FALSE(codegen::PlanMemo(gpus_first, order, sizes, {true, false}, shape.chunks).Active());
  // Both loops whole: the table holds the reports, a load each per point where the
  // inner loop computes 221 cost units.
  EXPECT_EQ(codegen::PlanMemo(gpus_first, order, sizes, {true, true}, 1000).depth, 2u);
}

}  // namespace
}  // namespace rl

// A full table's chunks under MPI (runtime/mpi/chunk_codec.h): what a rank sends rank 0
// decodes into the chunk its engine filled (the same rows, in the same order, with their
// counts), and bytes that are not a chunk of the sweep are refused. AddChunk counts a
// chunk as the engine does, stopping at its first non-finite report.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>

#include "runtime/mpi/chunk_codec.h"
#include "runtime/sweep.h"

namespace rl::runtime {
namespace {

std::vector<double> Axis(int n) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(1.5 * i + 1);
  return v;
}

// Feasible where a + b is not a multiple of 3; reports a*b and a/(c - 7) (infinite at c = 7).
bool Eval(const double* p, double* r) {
  r[0] = p[0] * p[1];
  r[1] = p[0] / (p[2] - 7.0);
  return std::fmod(p[0] + p[1], 3.0) != 0.0;
}

// Encodes every chunk, decodes it and compares it with the original, row by row.
class RoundTrip : public Consumer {
 public:
  bool Consume(Chunk& c) override {
    std::string bytes;
    mpi::EncodeChunk(c, &bytes);
    Chunk d;
    EXPECT_TRUE(mpi::DecodeChunk(bytes, *c.space, &d));
    EXPECT_EQ(d.index, c.index);
    EXPECT_EQ(d.count, c.count);
    EXPECT_EQ(d.valid, c.valid);
    EXPECT_EQ(d.infeasible, c.infeasible);
    EXPECT_EQ(d.failed, c.failed);
    ChunkCursor a(c), b(d);
    for (; a.pos() < c.valid; a.Next(), b.Next()) {
      EXPECT_EQ(a.canonical(), b.canonical());
      for (size_t p = 0; p < c.space->axes.size(); ++p) EXPECT_EQ(a.value(p), b.value(p));
      for (size_t r = 0; r < c.space->num_reports; ++r)
        EXPECT_EQ(std::bit_cast<uint64_t>(c.Report(r, a.pos())), std::bit_cast<uint64_t>(d.Report(r, b.pos())));
      EXPECT_EQ(c.Feasible(a.pos()), d.Feasible(b.pos()));
    }
    // Truncated, or lengthened: not a chunk.
    Chunk e;
    EXPECT_FALSE(mpi::DecodeChunk(bytes.substr(0, bytes.size() - 1), *c.space, &e));
    EXPECT_FALSE(mpi::DecodeChunk(bytes + "x", *c.space, &e));
    rows += d.valid;
    ++chunks;
    return true;
  }
  int64_t rows = 0, chunks = 0;
};

TEST(ChunkCodec, DecodesTheChunkTheEngineFilled) {
  Space space({Axis(30), Axis(20), {0.5, 1, 2, 3, 4, 5}}, {1, 0, 2}, 2);
  RoundTrip rt;
  SweepOptions so;
  so.threads = 1;
  so.chunk_points = 100;
  so.keep_infeasible = true;
  SweepResult res = RunSweep(space, [] { return PointFiller(Eval, 3, 2); }, rt, so);
  EXPECT_FALSE(res.failure);  // c never meets 7
  EXPECT_EQ(rt.rows, 30 * 20 * 6);
  EXPECT_GT(rt.chunks, 30);
}

TEST(ChunkCodec, RefusesAChunkOfAnotherSweep) {
  Space space({Axis(4), Axis(5)}, {0, 1}, 2);
  Chunk c;
  c.space = &space;
  c.count = 5;
  c.valid = 5;
  c.lo = {1, 0};
  c.hi = {2, 5};
  c.stride = {5, 1};
  c.reports.assign(10, 1.0);
  c.feasible.assign(5, 1);
  std::string bytes;
  mpi::EncodeChunk(c, &bytes);
  Chunk d;
  EXPECT_TRUE(mpi::DecodeChunk(bytes, space, &d));
  Space three({Axis(4), Axis(5), Axis(2)}, {0, 1, 2}, 2);
  EXPECT_FALSE(mpi::DecodeChunk(bytes, three, &d));  // another number of params
  Space narrow({Axis(4), Axis(3)}, {0, 1}, 2);
  EXPECT_FALSE(mpi::DecodeChunk(bytes, narrow, &d));  // beyond the axis
}

TEST(ChunkCodec, AddChunkStopsAtTheFirstNonFiniteReport) {
  std::vector<double> cs = {5, 6, 7, 8};
  Space space({Axis(2), {1.0}, cs}, {0, 1, 2}, 2);
  struct Count : Consumer {
    bool Consume(Chunk& c) override {
      ok = AddChunk(c, &res);
      return ok;
    }
    SweepResult res;
    bool ok = true;
  } count;
  SweepOptions so;
  so.threads = 1;
  SweepResult res = RunSweep(space, [] { return PointFiller(Eval, 3, 2); }, count, so);
  ASSERT_TRUE(res.failure);
  ASSERT_TRUE(count.res.failure);
  EXPECT_FALSE(count.ok);
  EXPECT_EQ(count.res.points, res.points);  // the rows before it
  EXPECT_EQ(count.res.failure->params, res.failure->params);
  EXPECT_EQ(count.res.failure->params, (std::vector<double>{1.0, 1.0, 7.0}));
  EXPECT_EQ(count.res.failure->report, 1u);
  EXPECT_TRUE(std::isinf(count.res.failure->value));
}

}  // namespace
}  // namespace rl::runtime

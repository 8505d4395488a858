#include "runtime/mpi/chunk_codec.h"

#include "runtime/bytes.h"

namespace rl::runtime::mpi {

void EncodeChunk(const Chunk& c, std::string* out) {
  Put(out, c.index);
  Put(out, c.count);
  Put(out, c.valid);
  Put(out, c.infeasible);
  Put(out, static_cast<uint64_t>(c.lo.size()));
  PutArray(out, c.lo.data(), c.lo.size());
  PutArray(out, c.hi.data(), c.hi.size());
  PutArray(out, c.stride.data(), c.stride.size());
  Put(out, static_cast<uint64_t>(c.failed.size()));
  PutArray(out, c.failed.data(), c.failed.size());
  PutArray(out, c.reports.data(), c.reports.size());
  PutArray(out, c.feasible.data(), c.feasible.size());
}

bool DecodeChunk(const std::string& in, const Space& space, Chunk* c) {
  size_t at = 0;
  c->space = &space;
  c->partial.reset();
  c->index = Take<uint64_t>(in, &at);
  c->count = Take<int64_t>(in, &at);
  c->valid = Take<int64_t>(in, &at);
  c->infeasible = Take<int64_t>(in, &at);
  const uint64_t np = Take<uint64_t>(in, &at);
  if (np != space.axes.size() || c->count < 0 || c->valid < 0 || c->valid > c->count) return false;
  TakeArray(in, &at, np, &c->lo);
  TakeArray(in, &at, np, &c->hi);
  TakeArray(in, &at, np, &c->stride);
  const uint64_t nf = Take<uint64_t>(in, &at);
  if (nf > in.size()) return false;
  TakeArray(in, &at, nf, &c->failed);
  const size_t n = static_cast<size_t>(c->count);
  if (at + n * (space.num_reports * sizeof(double) + 1) != in.size()) return false;
  TakeArray(in, &at, space.num_reports * n, &c->reports);
  TakeArray(in, &at, n, &c->feasible);
  for (size_t p = 0; p < np; ++p)
    if (c->lo[p] < 0 || c->hi[p] < c->lo[p] || c->hi[p] > static_cast<int64_t>(space.axes[p].size())) return false;
  return true;
}

}  // namespace rl::runtime::mpi

#include "runtime/mpi/combine.h"

#include "runtime/bytes.h"

namespace rl::runtime::mpi {

namespace {

void PutResult(const SweepResult& res, std::string* out) {
  Put(out, res.points);
  Put(out, res.infeasible);
  Put(out, static_cast<uint8_t>(res.interrupted));
  Put(out, static_cast<uint64_t>(res.failed.size()));
  for (uint64_t n : res.failed) Put(out, n);
  Put(out, static_cast<uint8_t>(res.failure.has_value()));
  if (res.failure) {
    Put(out, res.failure->chunk);
    Put(out, static_cast<uint64_t>(res.failure->report));
    Put(out, res.failure->value);
    Put(out, static_cast<uint64_t>(res.failure->params.size()));
    for (double v : res.failure->params) Put(out, v);
  }
}

SweepResult TakeResult(const std::string& in, size_t* at) {
  SweepResult r;
  r.points = Take<uint64_t>(in, at);
  r.infeasible = Take<uint64_t>(in, at);
  r.interrupted = Take<uint8_t>(in, at) != 0;
  r.failed.resize(std::min<uint64_t>(Take<uint64_t>(in, at), in.size()));
  for (uint64_t& n : r.failed) n = Take<uint64_t>(in, at);
  if (Take<uint8_t>(in, at)) {
    SweepResult::Failure f;
    f.chunk = Take<uint64_t>(in, at);
    f.report = static_cast<size_t>(Take<uint64_t>(in, at));
    f.value = Take<double>(in, at);
    f.params.resize(std::min<uint64_t>(Take<uint64_t>(in, at), in.size()));
    for (double& v : f.params) v = Take<double>(in, at);
    r.failure = std::move(f);
  }
  return r;
}

}  // namespace

void Combine(Cluster& cluster, RowConsumer& consumer, SweepResult& res) {
  std::string mine;
  PutResult(res, &mine);
  std::string state;
  consumer.Save(&state);
  mine += state;
  std::vector<std::string> all = cluster.Gather(mine);
  for (size_t r = 1; r < all.size(); ++r) {
    const std::string& in = all[r];
    size_t at = 0;
    SweepResult o = TakeResult(in, &at);
    res.points += o.points;
    res.infeasible += o.infeasible;
    res.interrupted |= o.interrupted;
    for (size_t q = 0; q < o.failed.size() && q < res.failed.size(); ++q) res.failed[q] += o.failed[q];
    if (o.failure && (!res.failure || o.failure->chunk < res.failure->chunk)) res.failure = std::move(o.failure);
    consumer.Merge(in.substr(std::min(at, in.size())));
  }
  if (res.failure) res.interrupted = false;
}

SweepResult SweepAcross(Cluster& cluster, const Space& space, const FillerFactory& make_filler, RowConsumer& consumer,
                        Consumer& into, SweepOptions so, bool table) {
  const uint64_t chunks = ChunkCount(space, so.chunk_points);
  const bool lead = cluster.rank() == 0;
  if (table && lead) return cluster.WriteInOrder(space, chunks, into, so);
  so.next_chunk = cluster.Chunks(chunks);
  SweepResult res;
  if (table) {
    std::unique_ptr<Consumer> sender = cluster.ChunkSender();
    res = RunSweep(space, make_filler, *sender, so);
    sender.reset();  // every chunk taken in by rank 0 before this rank says it has ended
    cluster.EndChunks();
    return res;
  }
  const double per_chunk = static_cast<double>(space.points) / static_cast<double>(std::max<uint64_t>(chunks, 1));
  if (lead) so.points_elsewhere = [&cluster, per_chunk] { return cluster.PointsElsewhere(per_chunk); };
  res = RunSweep(space, make_filler, into, so);
  cluster.EndChunks();
  if (!cluster.Abandoned()) Combine(cluster, consumer, res);
  return res;
}

void Share(Cluster& cluster, SweepResult& res) {
  std::string mine;
  if (cluster.rank() == 0) PutResult(res, &mine);
  std::string in = cluster.Broadcast(mine);
  size_t at = 0;
  res = TakeResult(in, &at);
}

}  // namespace rl::runtime::mpi

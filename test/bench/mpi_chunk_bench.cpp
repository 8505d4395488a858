// ringline-mpi-chunk-bench: what dealing chunks costs under MPI (runtime/mpi/cluster.h),
// without any sweep: ranks 1..N-1 claim chunks of nothing as fast as they can until all
// CHUNKS are dealt, and rank 0 (which only serves) prints the requests its server answered
// per second and the wall time per request: the server's capacity when it never waits,
// from which docs/performance.md models the scaling to 1,000 ranks.
//   mpirun --oversubscribe -n N ringline-mpi-chunk-bench [CHUNKS]
#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <string>

#include "runtime/mpi/cluster.h"

int main(int argc, char** argv) {
  using rl::runtime::mpi::Cluster;
  const uint64_t chunks = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 2'000'000;
  std::unique_ptr<Cluster> cluster = Cluster::Start();
  if (!cluster) {
    fmt::print(stderr, "ringline-mpi-chunk-bench: run it under mpirun (and a build with RINGLINE_MPI)\n");
    return 2;
  }
  if (cluster->size() < 2) {
    fmt::print(stderr, "ringline-mpi-chunk-bench: needs 2 ranks or more (rank 0 only serves)\n");
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  auto next = cluster->Chunks(chunks);
  if (cluster->rank() != 0)
    while (next()) {
    }
  cluster->EndChunks();  // rank 0: its server ends when every other rank has
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (cluster->rank() == 0) {
    const uint64_t n = cluster->Requests();
    fmt::print("ranks {}: {} chunks dealt to {} ranks in {} requests, {:.3f} s: {:.0f} requests/s, {:.2f} us each\n",
               cluster->size(), chunks, cluster->size() - 1, n, secs, n / secs, 1e6 * secs / n);
  }
  cluster->Broadcast(0);
  return 0;
}

// After a reducing sweep under MPI (runtime/mpi/cluster.h): every rank's counts, first
// failure and reducer state go to rank 0, which sums the counts, keeps the failure of the
// lowest chunk (the one a single process stops at) and merges the reducers in rank order,
// so that rank 0's `res` and `consumer` are one process's. Collective; the command's sweep
// and the library's (compiler/api) share it.
#pragma once
#include <algorithm>
#include "runtime/consumers.h"
#include "runtime/mpi/cluster.h"
#include "runtime/sweep.h"

namespace rl::runtime::mpi {

void Combine(Cluster& cluster, RowConsumer& consumer, SweepResult& res);
// Rank 0's `res` on every rank (the library's summary is the whole sweep's everywhere).
// Collective.
void Share(Cluster& cluster, SweepResult& res);

}  // namespace rl::runtime::mpi

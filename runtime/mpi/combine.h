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
// RunSweep over the cluster's ranks, every rank calling it alike. A full table (`table`):
// ranks 1..N-1 sweep and send their chunks, rank 0 hands them in order to `into`. A
// reducer: every rank sweeps into `into` (`consumer`, or a consumer that forwards to it),
// and rank 0 combines the ranks' results into `consumer` and its result (not when a rank
// was given up: Cluster::Abandoned). Rank 0's progress line counts every rank's points.
SweepResult SweepAcross(Cluster& cluster, const Space& space, const FillerFactory& make_filler, RowConsumer& consumer,
                        Consumer& into, SweepOptions so, bool table);
// Rank 0's `res` on every rank (the library's summary is the whole sweep's everywhere).
// Collective.
void Share(Cluster& cluster, SweepResult& res);

}  // namespace rl::runtime::mpi

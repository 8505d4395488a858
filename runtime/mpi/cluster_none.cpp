// runtime/mpi/cluster.h without MPI (RINGLINE_MPI off): every run is one process.
#include "runtime/mpi/cluster.h"

namespace rl::runtime::mpi {

bool Built() { return false; }
bool Launched() { return false; }
std::unique_ptr<Cluster> Cluster::Start() { return nullptr; }
std::unique_ptr<Cluster> Cluster::Join(intptr_t) { return nullptr; }

}  // namespace rl::runtime::mpi

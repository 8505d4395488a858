#include "compiler/api/processes.h"

namespace ringline {

std::unique_ptr<Processes> Processes::Launched() {
  std::unique_ptr<rl::runtime::mpi::Cluster> c = rl::runtime::mpi::Cluster::Start();
  if (!c) return nullptr;
  return std::make_unique<rl::api::ClusterProcesses>(std::move(c));
}

std::unique_ptr<Processes> Processes::Join(intptr_t comm) {
  std::unique_ptr<rl::runtime::mpi::Cluster> c = rl::runtime::mpi::Cluster::Join(comm);
  if (!c) return nullptr;
  return std::make_unique<rl::api::ClusterProcesses>(std::move(c));
}

}  // namespace ringline

namespace rl::api {

runtime::mpi::Cluster* ClusterOf(ringline::Processes* p) {
  auto* cp = dynamic_cast<ClusterProcesses*>(p);
  return cp && cp->size() > 1 ? &cp->cluster() : nullptr;
}

}  // namespace rl::api

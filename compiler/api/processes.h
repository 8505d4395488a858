// ringline::Processes on the runtime's MPI cluster (runtime/mpi/cluster.h): what the
// library's sweep spreads its chunks over.
#pragma once
#include <memory>

#include "include/ringline/ringline.h"
#include "runtime/mpi/cluster.h"

namespace rl::api {

class ClusterProcesses : public ringline::Processes {
 public:
  explicit ClusterProcesses(std::unique_ptr<runtime::mpi::Cluster> c) : cluster_(std::move(c)) {}
  int rank() const override { return cluster_->rank(); }
  int size() const override { return cluster_->size(); }
  void Silence() override { cluster_->Silence(); }
  runtime::mpi::Cluster& cluster() { return *cluster_; }

 private:
  std::unique_ptr<runtime::mpi::Cluster> cluster_;
};

// The cluster behind a SweepOptions::processes of more than one process, else nullptr.
runtime::mpi::Cluster* ClusterOf(ringline::Processes* p);

}  // namespace rl::api

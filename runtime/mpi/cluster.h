// A sweep across processes under MPI (docs/mpi.md): started by mpirun or srun, every rank
// compiles the spec and runs the sweep engine on chunks it claims from rank 0, which
// hands them out in increasing order in blocks that shrink as the sweep ends (guided
// self-scheduling), so ranks whose chunks cost more simply claim fewer. Afterwards the
// reducers' states, the counts and the first failure go to rank 0, which merges them
// (ties break on the declaration-order index, as in one process) and writes the output.
// No MPI types here: without MPI (RINGLINE_MPI off) Start returns nullptr.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rl::runtime::mpi {

// Whether this binary was built with MPI.
bool Built();
// Whether the environment says an MPI launcher started this process (Open MPI's
// OMPI_COMM_WORLD_SIZE, PMI_SIZE, PMIX_RANK): only then is MPI initialised, so a plain
// run never touches MPI.
bool Launched();

class Cluster {
 public:
  // MPI_Init_thread (serialised) when Launched() and Built(); nullptr otherwise.
  static std::unique_ptr<Cluster> Start();
  virtual ~Cluster() = default;  // MPI_Finalize
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // Deals chunks 0 .. chunks - 1 out to the ranks (on rank 0 a thread serves the others'
  // requests): the result is SweepOptions::next_chunk. Collective; call EndChunks after
  // the sweep on every rank.
  virtual std::function<std::optional<uint64_t>()> Chunks(uint64_t chunks) = 0;
  virtual void EndChunks() = 0;
  // Every rank's bytes on rank 0, in rank order (empty elsewhere). Collective.
  virtual std::vector<std::string> Gather(const std::string& mine) = 0;
  // Rank 0's value on every rank. Collective.
  virtual int Broadcast(int value) = 0;
  // Ends the whole job: the message on stderr (rank 0's, or this rank's original
  // stderr), then MPI_Abort.
  [[noreturn]] virtual void Abort(const std::string& message, int code) = 0;
  // Sends this rank's stdout and stderr to /dev/null (ranks other than 0), keeping the
  // original stderr for Abort's message.
  virtual void Silence() = 0;
};

}  // namespace rl::runtime::mpi

// A sweep across processes under MPI (docs/mpi.md): started by mpirun or srun, every rank
// compiles the spec and runs the sweep engine on chunks it claims from rank 0, which
// hands them out in increasing order in blocks that shrink as the sweep ends (guided
// self-scheduling), so ranks whose chunks cost more simply claim fewer. Afterwards the
// reducers' states, the counts and the first failure go to rank 0, which merges them
// (ties break on the declaration-order index, as in one process) and writes the output.
// A full table instead goes chunk by chunk to rank 0, which writes the rows in order.
// No MPI types here: without MPI (RINGLINE_MPI off) Start returns nullptr.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runtime/sweep.h"

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
  // The processes of `comm`, an MPI communicator's handle (mpi4py's `MPI._handleof(comm)`)
  // in a process whose MPI someone else initialised (and will finalise); nullptr when MPI
  // is not initialised or this build has no MPI.
  static std::unique_ptr<Cluster> Join(intptr_t comm);
  virtual ~Cluster() = default;  // MPI_Finalize
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // Deals chunks 0 .. chunks - 1 out to the ranks (on rank 0 a thread serves the others'
  // requests): the result is SweepOptions::next_chunk. Collective; call EndChunks after
  // the sweep on every rank.
  virtual std::function<std::optional<uint64_t>()> Chunks(uint64_t chunks) = 0;
  virtual void EndChunks() = 0;
  // Rank 0: the requests for blocks its server has answered (ringline-mpi-chunk-bench).
  virtual uint64_t Requests() const = 0;

  // Rank 0: the flag Ctrl-C sets. Once it is set, rank 0 waits kGraceSeconds (Open MPI
  // sends SIGKILL 1 s after SIGTERM: odls_base_sigkill_timeout) for the
  // other ranks to end their sweeps; a rank that has not by then (it died: mpirun ends
  // the others with SIGTERM) is given up, and Abandoned() says so: the collectives that
  // follow would wait for it for ever.
  static constexpr double kGraceSeconds = 0.5;
  virtual void Watch(const std::atomic<bool>* interrupt) = 0;
  virtual bool Abandoned() const = 0;

  // Rank 0, for the progress line: the points the other ranks have swept, estimated from
  // the chunks dealt to them before each one's last two blocks (the one it sweeps and the
  // one it asked for ahead) at `points_per_chunk`.
  virtual uint64_t PointsElsewhere(double points_per_chunk) const = 0;

  // Full tables over N > 1 ranks. The other ranks sweep (Chunks, then EndChunks) into
  // ChunkSender's consumer, which sends each chunk to rank 0; rank 0 sweeps nothing and
  // calls WriteInOrder, which deals the chunks out, takes them in as they come, at most
  // a window of them held (bounded memory whatever the ranks' speeds), and hands them to
  // `writer` in chunk order. It returns what one process's RunSweep returns for the
  // chunks written: the rows so far when a rank stopped (Ctrl-C) or a chunk held a
  // non-finite report, the failure then that of the first such chunk.
  // Of `opts`, WriteInOrder reads num_requires, interrupt and progress.
  virtual std::unique_ptr<Consumer> ChunkSender() = 0;
  virtual SweepResult WriteInOrder(const Space& space, uint64_t chunks, Consumer& writer,
                                   const SweepOptions& opts) = 0;

  // Every rank's bytes on rank 0, in rank order (empty elsewhere). Collective.
  virtual std::vector<std::string> Gather(const std::string& mine) = 0;
  // Rank 0's value on every rank. Collective.
  virtual int Broadcast(int value) = 0;
  virtual std::string Broadcast(const std::string& bytes) = 0;
  // Ends the whole job: the message on stderr (rank 0's, or this rank's original
  // stderr), then MPI_Abort.
  [[noreturn]] virtual void Abort(const std::string& message, int code) = 0;
  // Sends this rank's stdout to /dev/null and its stderr to an anonymous file (ranks other
  // than 0), keeping the original stderr for Abort's message.
  virtual void Silence() = 0;
  // What this rank wrote on stderr since Silence, its last `max` bytes at most ("" before
  // Silence); from then on its stderr goes to /dev/null too.
  virtual std::string Silenced(size_t max) = 0;
};

}  // namespace rl::runtime::mpi

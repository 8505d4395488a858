// A filled chunk (runtime/sweep.h) as bytes and back: what a rank sends rank 0 for a full
// table under MPI (runtime/mpi/cluster.h), so that rank 0's row writer sees the chunk the
// sender's engine filled. No MPI here, so the unit tests round-trip it.
#pragma once
#include <string>

#include "runtime/sweep.h"

namespace rl::runtime::mpi {

// Appends c's index, geometry, counts, reports and feasibility to *out.
void EncodeChunk(const Chunk& c, std::string* out);
// The chunk `in` holds, in `space`; false when the bytes are not a chunk of it.
bool DecodeChunk(const std::string& in, const Space& space, Chunk* c);

}  // namespace rl::runtime::mpi

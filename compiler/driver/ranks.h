// Under mpirun every rank runs the same command. Before their first exchange the ranks
// agree that they are ready and alike: each tells rank 0 its status so far and a digest of
// its arguments and of the files they name. A rank that failed (it could not read or
// compile its copy of the spec) or differs ends every rank; rank 0 says which, with the
// failed rank's own diagnostics, since the other ranks' stderr is silenced.
#pragma once
#include <string>

namespace ringline {
class Processes;
}

namespace rl::driver {

// The command line, for the digest (main).
void SetCommandLine(int argc, char** argv);

// Collective over `processes` (nothing without them or with one process), once per job:
// later calls return the first's answer. `status` is this rank's exit status so far
// (0: ready). Returns the job's status: 0 when every rank is ready and alike, else the
// first failed rank's status (1 when the ranks only differ).
int AgreeReady(ringline::Processes* processes, int status);

}  // namespace rl::driver

// `ringline` subcommands; each returns the process exit status (see messages.h).
#pragma once

namespace rl::driver {

#define RL_SUBCOMMAND(var, name, run, usage) int run();
#include "compiler/driver/subcommands.def"

}  // namespace rl::driver

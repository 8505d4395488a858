// `stats` and `plot --roofline` collect a network's stats (compiler/stats) the same way:
// the library's warnings and errors printed as the command prints its own.
#pragma once
#include "compiler/driver/messages.h"
#include "compiler/stats/network_stats.h"

namespace rl::driver {

using stats::LayerRow;
using stats::NetworkQuery;
using stats::NetworkStats;

// kOk, or the exit status after the diagnostics (2 for an unknown network or device).
Exit CollectNetworkStats(const NetworkQuery& q, NetworkStats& out);

}  // namespace rl::driver

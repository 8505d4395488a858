// A network's stats through the runtime's sinks, in every form from one column list: the
// command's fitted table and CSV (the layers' numbers as text, the total as a last row),
// JSON and the library's Table (the layers' numbers, the total as a `totals` member). With
// a device, CSV, JSON and the Table add each layer's forward memory traffic.
#pragma once
#include <ostream>

#include "compiler/stats/network_stats.h"
#include "runtime/sinks.h"

namespace rl::stats {

// `format` Json stands for the library's Table too (the same columns and members).
runtime::SinkOptions WriteOptions(runtime::Format format, const NetworkStats& st, unsigned batch);
void Write(runtime::Sink& sink, runtime::Format format, const NetworkStats& st);

}  // namespace rl::stats

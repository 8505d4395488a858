// `ringline stats`: per-layer accounting of a network (compiler/stats/network_stats.h);
// this file only writes it through the runtime's sinks.
//   ringline stats FILE [--model NAME] [--batch N] [--format table|csv|json] [-o OUT] [--device D]
//   ringline stats --model resnet50      (searches stdlib/models/)
#include <memory>

#include "compiler/driver/commands.h"
#include "compiler/driver/evaluate.h"
#include "compiler/driver/network_query.h"
#include "compiler/driver/options.h"
#include "compiler/stats/write.h"
#include "runtime/sinks.h"

namespace rl::driver {

cl::SubCommand StatsCmd("stats", "Per-layer parameters, MACs, FLOPs and activation memory of a network");
static cl::list<std::string> StatsFiles(cl::Positional, cl::desc("[spec.rl]"), cl::ZeroOrMore, cl::sub(StatsCmd),
                                        cl::cat(Category));
static cl::opt<std::string> StatsModel("model", cl::desc("Network to show: a top-level `let` (default: the file's only network; "
                                                        "without a file, searched in stdlib/models)"),
                                       cl::value_desc("NAME"), cl::sub(StatsCmd), cl::cat(Category));
static Count StatsBatch("batch", cl::desc("Samples per batch (scales everything but params)"), cl::init(1),
                                    cl::sub(StatsCmd), cl::cat(Category));
static Count StatsElementBytes("element-bytes", cl::desc("Bytes per activation element (4 = fp32)"),
                                           cl::init(4), cl::sub(StatsCmd), cl::cat(Category));
static cl::opt<std::string> StatsDevice("device",
                                        cl::desc("Add each layer's predicted forward and backward time on this device "
                                                 "(a `Device` of the spec or of stdlib.hardware) and which model gave it"),
                                        cl::value_desc("NAME"), cl::sub(StatsCmd), cl::cat(Category));

Exit CollectNetworkStats(const NetworkQuery& q, NetworkStats& out) {
  try {
    out = stats::Collect(q, LibraryOptions());
  } catch (const ringline::SpecError& e) {
    return PrintSpecError(e);
  }
  for (const std::string& w : out.warnings) Warn(Kind::cpu_mismatch, w);
  return kOk;
}

int RunStats() {
  std::optional<runtime::Format> format = PickFormat(runtime::Format::Table);
  if (!format) return kUsageError;
  if (StatsFiles.size() > 1) return Fail(Kind::bad_usage, "`stats` takes one spec file");
  NetworkQuery q{StatsFiles.empty() ? "" : StatsFiles[0], StatsModel, StatsDevice, StatsBatch, StatsElementBytes};
  NetworkStats stats;
  if (Exit e = CollectNetworkStats(q, stats); e != kOk) return e;
  Output out(OutputFile, std::vector<std::string>(StatsFiles.begin(), StatsFiles.end()));
  if (!out.Open()) return kUsageError;
  std::unique_ptr<runtime::Sink> sink =
      runtime::MakeSink(*format, out.stream(), stats::WriteOptions(*format, stats, StatsBatch));
  stats::Write(*sink, *format, stats);
  return out.Commit() ? kOk : kUsageError;
}

}  // namespace rl::driver

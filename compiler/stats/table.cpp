// ringline::Stats (include/ringline/tools.h): the stats as JSON carries them (write.h),
// collected into a Table with the warnings beside them.
#include "compiler/api/columns.h"
#include "compiler/stats/network_stats.h"
#include "compiler/stats/write.h"
#include "runtime/sinks.h"

namespace ringline {

Table Stats(const StatsQuery& q, const Options& options) {
  rl::stats::NetworkStats st = rl::stats::Collect(q, options);
  Table t;
  const rl::runtime::Format json = rl::runtime::Format::Json;
  rl::runtime::SinkOptions so = rl::stats::WriteOptions(json, st, q.batch);
  std::string warnings = "[";
  for (const std::string& w : st.warnings) warnings += (warnings.size() > 1 ? "," : "") + rl::runtime::JsonString(w);
  so.json_tail.push_back({"warnings", warnings + "]"});
  rl::stats::Write(*rl::api::CollectTable(t, so), json, st);
  t.title = st.model;
  return t;
}

}  // namespace ringline

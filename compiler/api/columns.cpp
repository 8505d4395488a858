// Result columns and the non-finite report diagnostic (columns.h).
#include "compiler/api/columns.h"

#include <fmt/format.h>

#include "compiler/interp/interp.h"

namespace rl::api {

std::vector<runtime::Column> ColumnsOf(const ir::Scenario& s, bool feasible_column) {
  std::vector<runtime::Column> cols;
  auto kind = [](const ir::Display& d) {
    return d.kind == ir::Display::Kind::Int ? runtime::Column::Kind::Int
           : d.kind == ir::Display::Kind::Bool ? runtime::Column::Kind::Bool : runtime::Column::Kind::Real;
  };
  for (const ir::Param& p : s.params) {
    cols.push_back({p.name, kind(p.display), p.display.unit});
    if (!p.labels.empty()) {
      cols.back().kind = runtime::Column::Kind::Label;
      cols.back().labels = std::make_shared<const std::vector<std::string>>(p.labels);
    }
  }
  for (const ir::Report& r : s.reports) cols.push_back({r.name, kind(r.display), r.display.unit});
  if (feasible_column) cols.push_back({"feasible", runtime::Column::Kind::Bool, units::Unit{}});
  return cols;
}

ringline::Column PublicColumn(const runtime::Column& c) {
  ringline::Column out;
  out.name = c.name;
  out.unit = c.unit.name;
  out.kind = c.kind == runtime::Column::Kind::Int    ? ringline::Column::Kind::Int
             : c.kind == runtime::Column::Kind::Bool  ? ringline::Column::Kind::Bool
             : c.kind == runtime::Column::Kind::Label ? ringline::Column::Kind::Label
                                                      : ringline::Column::Kind::Real;
  if (c.labels) out.labels = *c.labels;
  return out;
}

namespace {
class TableSink final : public runtime::Sink {
 public:
  explicit TableSink(ringline::Table& t) : t_(t) {}
  void Begin(const std::string&, const std::vector<runtime::Column>& columns) override {
    // Labels grow as rows arrive (runtime::Labels shares its list): read them at End.
    cols_ = columns;
  }
  void Row(const double* v) override { t_.rows.emplace_back(v, v + cols_.size()); }
  void End() override {
    t_.columns.clear();
    for (const runtime::Column& c : cols_) t_.columns.push_back(PublicColumn(c));
  }

 private:
  ringline::Table& t_;
  std::vector<runtime::Column> cols_;
};
}  // namespace

std::unique_ptr<runtime::Sink> CollectTable(ringline::Table& table, const runtime::SinkOptions& options) {
  table.title = options.title;
  table.members = options.json_head;
  table.members.insert(table.members.end(), options.json_tail.begin(), options.json_tail.end());
  return std::make_unique<TableSink>(table);
}

static std::string ParamText(const ir::Scenario& s, const double* params) {
  std::vector<runtime::Column> cols = ColumnsOf(s, false);
  std::string out;
  for (size_t i = 0; i < s.params.size(); ++i)
    out += fmt::format("{}{}={}{}", i ? ", " : "", cols[i].name, runtime::FormatCell(cols[i], params[i]),
                       cols[i].unit.name.empty() ? "" : " " + cols[i].unit.name);
  return out.empty() ? "(no params)" : out;
}

void ReportNonFinite(diag::Engine& diags, const ir::Scenario& sc, const double* params, size_t report,
                     double value) {
  std::optional<interp::Failure> f = interp::FindNonFinite(sc, params);
  if (!f) {
    // Only the compiled code made it non-finite: a JIT bug, but still never a silent NaN.
    const ir::Report& r = sc.reports[report];
    diags.Report(diag::Kind::non_finite, r.range,
                 fmt::format("report `{}` is {} at {}: the compiled code produced it but the interpreter "
                             "does not (a JIT bug; rerun with `--backend=interp`)",
                             r.name, units::FormatNumber(value), ParamText(sc, params)));
    return;
  }
  const ir::Report& r = sc.reports[f->report];
  SourceRange at = sc[f->origin].range.Valid() ? sc[f->origin].range : r.range;
  diags.Report(diag::Kind::non_finite, at,
               fmt::format("report `{}` is {} at {}: {} here", r.name, units::FormatNumber(f->value),
                           ParamText(sc, params), f->reason));
}

}  // namespace rl::api

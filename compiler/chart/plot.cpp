// Charts of results (see plot.h): the rows of each line, in the order its series value
// first appears, sorted by x.
#include "compiler/chart/plot.h"

#include <fmt/format.h>
#include <llvm/ADT/StringExtras.h>

#include <algorithm>
#include <cmath>

#include "base/suggest.h"
#include "compiler/diag/diag.h"

namespace rl::chart {
namespace {

// More lines than this make a legend nobody reads; --where picks fewer.
constexpr size_t kMaxSeries = 64;

using diag::Kind;
using diag::MakeError;

// The column `name` for `option`; the error names the columns.
llvm::Expected<const ResultColumn*> ColumnFor(const ResultTable& t, const std::string& name, const char* option, bool numeric,
                              const std::string& source) {
  const ResultColumn* c = t.Find(name);
  if (!c) {
    return MakeError(Kind::unknown_column, NotOneOf(option, name, "column", source, t.Names()));
  }
  if (numeric && !c->numeric) {
    std::string cell;
    for (const std::string& s : c->text)
      if (!CellNumber(s)) {
        cell = s;
        break;
      }
    return MakeError(
        Kind::chart_error,
        fmt::format("{} `{}`: the column holds text (`{}`), not numbers; an axis needs numbers", option, name, cell));
  }
  return c;
}

bool CellIs(const std::string& cell, const std::string& value) {
  if (cell == value) return true;
  std::optional<double> a = CellNumber(cell), b = CellNumber(value);
  return a && b && *a == *b;
}

// Up to `max` distinct values of column `c` among the rows `keep` marks, for a message.
std::string SomeValues(const ResultColumn& c, const std::vector<bool>& keep, size_t max = 8) {
  std::vector<std::string> seen;
  for (size_t r = 0; r < c.text.size() && seen.size() <= max; ++r)
    if (keep[r] && std::find(seen.begin(), seen.end(), c.text[r]) == seen.end()) seen.push_back(c.text[r]);
  std::string out = llvm::join(llvm::ArrayRef(seen).take_front(max), ", ");
  return seen.size() > max ? out + ", ..." : out;
}

// A line's name in the legend: the series value (`data_overlap`, `inter=1.25 GB/s`),
// after the y column's name when there are several.
std::string LineTitle(const ResultColumn* series, size_t row, const ResultColumn& y, bool several_y) {
  std::string value;
  if (series)
    value = series->numeric ? fmt::format("{}={}{}", series->name, series->text[row],
                                          series->unit.empty() ? "" : " " + series->unit)
                            : series->text[row];
  if (!series) return y.name;
  return several_y ? y.name + ", " + value : value;
}

}  // namespace

llvm::Expected<Chart> ChartOf(const ResultTable& t, const PlotSpec& spec, const std::string& source) {
  if (spec.x.empty()) return MakeError(Kind::bad_usage, "name the x axis's column with --x");
  if (spec.y.empty()) return MakeError(Kind::bad_usage, "name the y axis's column with --y");
  if (t.rows == 0) return MakeError(Kind::chart_error, fmt::format("nothing to draw: {} has no rows", source));
  llvm::Expected<const ResultColumn*> xc = ColumnFor(t, spec.x, "--x", true, source);
  if (!xc) return xc.takeError();
  const ResultColumn* x = *xc;
  std::vector<const ResultColumn*> ys;
  for (const std::string& name : spec.y) {
    llvm::Expected<const ResultColumn*> y = ColumnFor(t, name, "--y", true, source);
    if (!y) return y.takeError();
    ys.push_back(*y);
  }
  const ResultColumn* series = nullptr;
  if (!spec.series.empty()) {
    llvm::Expected<const ResultColumn*> s = ColumnFor(t, spec.series, "--series", false, source);
    if (!s) return s.takeError();
    series = *s;
  } else if (const ResultColumn* s = t.Find("strategy"); s && s != x) {
    series = s;
  }

  std::vector<bool> keep(t.rows, true);
  if (const ResultColumn* f = t.Find("feasible"); f && f->numeric && !spec.keep_infeasible)
    for (size_t r = 0; r < t.rows; ++r) keep[r] = keep[r] && f->number[r] != 0;
  // Filters on one column keep the rows that match any of their values (`--where
  // strategy=data --where strategy=data_overlap`); filters on different columns all apply.
  std::vector<std::pair<const ResultColumn*, std::vector<std::string>>> filters;
  for (const std::string& w : spec.where) {
    size_t eq = w.find('=');
    if (eq == std::string::npos || eq == 0)
      return MakeError(Kind::bad_option, fmt::format("--where expects COLUMN=VALUE, got `{}`", w));
    llvm::Expected<const ResultColumn*> found = ColumnFor(t, w.substr(0, eq), "--where", false, source);
    if (!found) return found.takeError();
    auto it = std::find_if(filters.begin(), filters.end(), [&](const auto& f) { return f.first == *found; });
    if (it == filters.end()) it = filters.insert(filters.end(), {*found, {}});
    it->second.push_back(w.substr(eq + 1));
  }
  for (const auto& [c, values] : filters) {
    std::vector<bool> before = keep;
    size_t left = 0;
    for (size_t r = 0; r < t.rows; ++r)
      left += keep[r] = keep[r] && std::any_of(values.begin(), values.end(),
                                               [&](const std::string& v) { return CellIs(c->text[r], v); });
    if (left == 0) {
      std::vector<std::string> quoted, given;
      for (const std::string& v : values) quoted.push_back("`" + v + "`"), given.push_back(c->name + "=" + v);
      return MakeError(Kind::chart_error,
                       fmt::format("--where {}: no row{} has `{}` = {}; its values there are {}",
                                   llvm::join(given, " --where "), filters.size() > 1 ? " left" : "", c->name,
                                   llvm::join(quoted, " or "), SomeValues(*c, before)));
    }
  }

  Chart chart;
  chart.title = spec.title;
  chart.logx = spec.logx;
  chart.logy = spec.logy;
  chart.xlabel = x->Label();
  bool same_unit = std::all_of(ys.begin(), ys.end(), [&](const ResultColumn* y) { return y->unit == ys[0]->unit; });
  std::vector<std::string> names;
  for (const ResultColumn* y : ys) names.push_back(same_unit ? y->name : y->Label());
  chart.ylabel = llvm::join(names, ", ") + (same_unit && !ys[0]->unit.empty() ? " [" + ys[0]->unit + "]" : "");

  size_t dropped = 0;
  for (const ResultColumn* y : ys) {
    // The rows of each line, in the order its series value first appears.
    std::vector<std::pair<std::string, std::vector<size_t>>> lines;
    for (size_t r = 0; r < t.rows; ++r) {
      if (!keep[r]) continue;
      const std::string key = series ? series->text[r] : "";
      auto it = std::find_if(lines.begin(), lines.end(), [&](const auto& l) { return l.first == key; });
      if (it == lines.end()) it = lines.insert(lines.end(), {key, {}});
      it->second.push_back(r);
    }
    for (auto& [key, rows] : lines) {
      std::stable_sort(rows.begin(), rows.end(), [&](size_t a, size_t b) { return x->number[a] < x->number[b]; });
      Series s;
      s.title = LineTitle(series, rows[0], *y, ys.size() > 1);
      for (size_t i = 0; i < rows.size(); ++i) {
        if (i > 0 && x->number[rows[i]] == x->number[rows[i - 1]]) {
          // Another column varies within the line: say which, and how to pick.
          std::vector<std::string> differ;
          for (const ResultColumn& c : t.columns)
            if (&c != x && &c != series && c.text[rows[i]] != c.text[rows[i - 1]]) differ.push_back(c.name);
          std::string first = differ.empty() ? "COLUMN" : differ[0];
          std::vector<std::string> shown(differ.begin(), differ.begin() + std::min<size_t>(differ.size(), 4));
          return MakeError(Kind::chart_error,
                           fmt::format("the line `{}` has two rows at {} = {}: they differ in {}{}; keep one with "
                                       "`{} {}=VALUE` or draw a line each with `--series {}`",
                                       s.title, x->name, x->text[rows[i]], QuotedAlternatives(shown, ", "),
                                       differ.size() > shown.size() ? ", ..." : "", spec.pick, first, first));
        }
        double xv = x->number[rows[i]], yv = y->number[rows[i]];
        if ((spec.logx && !(xv > 0)) || (spec.logy && !(yv > 0)) || !std::isfinite(xv) || !std::isfinite(yv)) {
          ++dropped;
          continue;
        }
        s.points.emplace_back(xv, yv);
      }
      if (!s.points.empty()) chart.series.push_back(std::move(s));
    }
  }
  if (dropped > 0)
    chart.notes.push_back(fmt::format("{} point{} not drawn: {}", dropped, dropped == 1 ? " is" : "s are",
                                      spec.logx || spec.logy ? "zero, negative or not finite on a log axis"
                                                             : "not finite"));
  if (chart.series.empty())
    return MakeError(Kind::chart_error, fmt::format("nothing to draw: no row of {} is left", source));
  if (chart.series.size() > kMaxSeries)
    return MakeError(Kind::chart_error,
                     fmt::format("the chart would have {} lines (at most {}); draw fewer with --where or --series",
                                 chart.series.size(), kMaxSeries));
  return chart;
}

}  // namespace rl::chart

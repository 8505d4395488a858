// `ringline plot`: a chart of a result that `sweep` or `advise` wrote (CSV or JSON), a
// report against a param with one line per value of another param or per strategy, or
// a device's roofline with each layer of a network placed on it. gnuplot draws it
// (chart.h).
//   ringline plot out.csv --x nodes --y iter_time --series inter --logx -o chart.svg
//   ringline plot --roofline v100_sxm2_16gb --model resnet50 --batch 32 -o roof.svg
#include <fmt/format.h>
#include <llvm/ADT/StringExtras.h>

#include <algorithm>
#include <cmath>

#include "base/suggest.h"
#include "compiler/driver/commands.h"
#include "compiler/driver/network_query.h"
#include "compiler/driver/plot.h"
#include "base/units/units.h"

namespace rl::driver {

cl::SubCommand PlotCmd("plot", "Draw a chart (SVG or PNG, by gnuplot) of a sweep's or advise's CSV/JSON, or a "
                               "device's roofline with a network's layers on it");
static cl::list<std::string> PlotInputs(cl::Positional, cl::desc("<result.csv|result.json> (with --roofline: [spec.rl])"),
                                        cl::ZeroOrMore, cl::sub(PlotCmd), cl::cat(Category));
static cl::opt<std::string> PlotOut("o", cl::desc("The chart to write: FILE.svg or FILE.png"),
                                    cl::value_desc("chart.svg|png"), cl::sub(PlotCmd), cl::cat(Category));
cl::opt<std::string> PlotX("x", cl::desc("Column on the x axis (sweep: default the first param given several values)"),
                           cl::value_desc("COLUMN"), cl::sub(PlotCmd), cl::sub(SweepCmd), cl::cat(Category));
cl::list<std::string> PlotY("y", cl::desc("Column on the y axis; repeat for more (sweep: default the first report)"),
                            cl::value_desc("COLUMN"), cl::sub(PlotCmd), cl::sub(SweepCmd), cl::cat(Category));
cl::opt<std::string> PlotSeries("series",
                                cl::desc("Column whose values each get a line (default: `strategy` where there is "
                                         "one; sweep: the second param given several values)"),
                                cl::value_desc("COLUMN"), cl::sub(PlotCmd), cl::sub(SweepCmd), cl::cat(Category));
cl::list<std::string> PlotWhere("where", cl::desc("Draw only the rows whose COLUMN is VALUE (repeatable)"),
                                cl::value_desc("COLUMN=VALUE"), cl::sub(PlotCmd), cl::cat(Category));
cl::opt<bool> PlotLogX("logx", cl::desc("Logarithmic x axis"), cl::sub(PlotCmd), cl::sub(SweepCmd), cl::cat(Category));
cl::opt<bool> PlotLogY("logy", cl::desc("Logarithmic y axis"), cl::sub(PlotCmd), cl::sub(SweepCmd), cl::cat(Category));
cl::opt<std::string> PlotTitle("title", cl::desc("The chart's title"), cl::value_desc("TEXT"), cl::sub(PlotCmd),
                               cl::sub(SweepCmd), cl::cat(Category));
cl::opt<std::string> PlotFile("plot", cl::desc("Also draw the result as a chart: FILE.svg or FILE.png (see `ringline "
                                               "plot --help`)"),
                              cl::value_desc("FILE"), cl::sub(SweepCmd), cl::sub(AdviseCmd), cl::cat(Category));
static cl::opt<bool> PlotKeepInfeasible("keep-infeasible",
                                        cl::desc("Also draw the rows whose `feasible` column is false"),
                                        cl::sub(PlotCmd), cl::cat(Category));
static cl::opt<std::string> PlotRoofline("roofline",
                                         cl::desc("Draw this device's roofline (a `Device` of the spec or of "
                                                  "stdlib.hardware) with each layer of --model on it"),
                                         cl::value_desc("DEVICE"), cl::sub(PlotCmd), cl::cat(Category));
static cl::opt<std::string> PlotModel("model",
                                      cl::desc("With --roofline: the network (a `let` of the spec, else a stdlib "
                                               "model)"),
                                      cl::value_desc("NAME"), cl::sub(PlotCmd), cl::cat(Category));
static cl::opt<unsigned> PlotBatch("batch", cl::desc("With --roofline: samples per batch (default 32)"), cl::init(32),
                                   cl::value_desc("B"), cl::sub(PlotCmd), cl::cat(Category));

namespace {

// More lines than this make a legend nobody reads; --where picks fewer.
constexpr size_t kMaxSeries = 64;

Exit Fail(const std::string& msg) {
  llvm::errs() << "ringline: error: " << msg << "\n";
  return kUsageError;
}
std::nullopt_t NoChart(const std::string& msg) {
  Fail(msg);
  return std::nullopt;
}

// The column `name` for `option`; nullptr after a message naming the columns.
const ResultColumn* ColumnFor(const ResultTable& t, const std::string& name, const char* option, bool numeric,
                              const std::string& source) {
  const ResultColumn* c = t.Find(name);
  if (!c) {
    Fail(fmt::format("{} names `{}`, which is not a column of {}{}; its columns are {}", option, name, source,
                     DidYouMean(name, t.Names()), QuotedAlternatives(t.Names(), ", ")));
    return nullptr;
  }
  if (numeric && !c->numeric) {
    std::string cell;
    for (const std::string& s : c->text)
      if (!CellNumber(s)) {
        cell = s;
        break;
      }
    Fail(fmt::format("{} `{}`: the column holds text (`{}`), not numbers; an axis needs numbers", option, name, cell));
    return nullptr;
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

std::optional<Chart> ChartOf(const ResultTable& t, const PlotSpec& spec, const std::string& source) {
  if (spec.x.empty()) return NoChart("name the x axis's column with --x");
  if (spec.y.empty()) return NoChart("name the y axis's column with --y");
  if (t.rows == 0) return NoChart(fmt::format("nothing to draw: {} has no rows", source));
  const ResultColumn* x = ColumnFor(t, spec.x, "--x", true, source);
  if (!x) return std::nullopt;
  std::vector<const ResultColumn*> ys;
  for (const std::string& name : spec.y) {
    ys.push_back(ColumnFor(t, name, "--y", true, source));
    if (!ys.back()) return std::nullopt;
  }
  const ResultColumn* series = nullptr;
  if (!spec.series.empty()) {
    series = ColumnFor(t, spec.series, "--series", false, source);
    if (!series) return std::nullopt;
  } else if (const ResultColumn* s = t.Find("strategy"); s && s != x) {
    series = s;
  }

  std::vector<bool> keep(t.rows, true);
  if (const ResultColumn* f = t.Find("feasible"); f && f->numeric && !spec.keep_infeasible)
    for (size_t r = 0; r < t.rows; ++r) keep[r] = keep[r] && f->number[r] != 0;
  for (const std::string& w : spec.where) {
    size_t eq = w.find('=');
    if (eq == std::string::npos || eq == 0) return NoChart(fmt::format("--where expects COLUMN=VALUE, got `{}`", w));
    const ResultColumn* c = ColumnFor(t, w.substr(0, eq), "--where", false, source);
    if (!c) return std::nullopt;
    const std::string value = w.substr(eq + 1);
    std::vector<bool> before = keep;
    size_t left = 0;
    for (size_t r = 0; r < t.rows; ++r) left += keep[r] = keep[r] && CellIs(c->text[r], value);
    if (left == 0)
      return NoChart(fmt::format("--where {}: no row{} has `{}` = `{}`; its values there are {}", w,
                                 spec.where.size() > 1 ? " left" : "", c->name, value, SomeValues(*c, before)));
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
          return NoChart(fmt::format("the line `{}` has two rows at {} = {}: they differ in {}{}; keep one with "
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
    llvm::errs() << fmt::format("ringline: note: {} point{} not drawn: {}\n", dropped, dropped == 1 ? " is" : "s are",
                                spec.logx || spec.logy ? "zero, negative or not finite on a log axis" : "not finite");
  if (chart.series.empty()) return NoChart(fmt::format("nothing to draw: no row of {} is left", source));
  if (chart.series.size() > kMaxSeries)
    return NoChart(fmt::format("the chart would have {} lines (at most {}); draw fewer with --where or --series",
                               chart.series.size(), kMaxSeries));
  return chart;
}

Exit PlotCsv(const std::string& csv, const PlotSpec& spec, const std::string& path,
             const std::vector<std::string>& inputs) {
  llvm::Expected<ResultTable> table = ParseResultCsv(csv);
  if (!table) {
    Fail("cannot read the result back: " + llvm::toString(table.takeError()));
    return kUsageError;
  }
  std::optional<Chart> chart = ChartOf(*table, spec, "the result");
  return chart ? RenderChart(*chart, path, inputs) : kUsageError;
}

namespace {

// A FLOP rate's unit for axis labels: the largest of T, G, M that keeps `peak` at 1 or
// more, with its factor.
std::pair<std::string, double> RateUnit(double peak) {
  if (peak >= 1e12) return {"TFLOP/s", 1e12};
  if (peak >= 1e9) return {"GFLOP/s", 1e9};
  if (peak >= 1e6) return {"MFLOP/s", 1e6};
  return {"FLOP/s", 1};
}

// --roofline: the device's roofs (its `peak` and `membw`) and each layer of the network at
// its forward arithmetic intensity (stdlib.roofline's traffic) and the FLOP rate its
// predicted time attains (stdlib.kernel_time: the kernel models where the device has a
// bundle, so a layer sits below the roof, else on it).
Exit RunRoofline() {
  if (PlotInputs.size() > 1) return Fail("with --roofline, `plot` takes at most one spec file");
  if (PlotModel.empty()) return Fail("--roofline needs a network: --model NAME");
  if (PlotBatch < 1) return Fail("--batch must be at least 1");
  if (!ChartFormatFor(PlotOut)) return kUsageError;
  NetworkQuery q{PlotInputs.empty() ? "" : PlotInputs[0], PlotModel, PlotRoofline, PlotBatch, 4};
  NetworkStats st;
  if (Exit e = CollectNetworkStats(q, st); e != kOk) return e;
  if (!(st.peak > 0) || !(st.membw > 0))
    return Fail(fmt::format("`{}` has no positive peak and memory bandwidth to draw", std::string(PlotRoofline)));
  auto [unit, scale] = RateUnit(st.peak);
  Chart chart;
  chart.title = PlotTitle.empty() ? fmt::format("{}, batch {}, on {}", st.model, unsigned(PlotBatch), st.device)
                                  : std::string(PlotTitle);
  chart.xlabel = "arithmetic intensity [FLOP/B]";
  chart.ylabel = fmt::format("attained [{}]", unit);
  chart.logx = chart.logy = true;
  std::vector<std::string> unplaced;
  std::vector<Series> kinds;
  double lo = st.peak / st.membw, hi = lo;
  for (const LayerRow& r : st.rows) {
    if (!(r.fwd > 0) || !(r.traffic > 0) || !(r.fwd_time > 0)) {
      if (std::find(unplaced.begin(), unplaced.end(), r.kind) == unplaced.end()) unplaced.push_back(r.kind);
      continue;
    }
    double intensity = r.fwd / r.traffic;
    lo = std::min(lo, intensity);
    hi = std::max(hi, intensity);
    auto it = std::find_if(kinds.begin(), kinds.end(), [&](const Series& s) { return s.title == r.kind; });
    if (it == kinds.end()) it = kinds.insert(kinds.end(), Series{r.kind, {}, Series::Style::Points});
    it->points.emplace_back(intensity, r.fwd / r.fwd_time / scale);
  }
  lo /= 2;
  hi *= 2;
  Series roof{fmt::format("roof: {} {}, {} GB/s", units::FormatNumber(st.peak / scale), unit,
                          units::FormatNumber(st.membw / 1e9)),
              {{lo, lo * st.membw / scale}, {st.peak / st.membw, st.peak / scale}, {hi, st.peak / scale}},
              Series::Style::Lines};
  chart.series.push_back(std::move(roof));
  for (Series& s : kinds) chart.series.push_back(std::move(s));
  if (!unplaced.empty())
    llvm::errs() << fmt::format("ringline: note: layers without floating-point work or memory traffic are not "
                                "placed: {}\n", llvm::join(unplaced, ", "));
  std::vector<std::string> inputs(PlotInputs.begin(), PlotInputs.end());
  return RenderChart(chart, PlotOut, inputs);
}

}  // namespace

int RunPlot() {
  if (PlotOut.empty()) return Fail("name the chart to write: -o chart.svg (or .png)");
  if (!PlotRoofline.empty()) return RunRoofline();
  if (PlotInputs.size() != 1)
    return Fail(PlotInputs.empty() ? "name the result to draw: the .csv or .json of `sweep -o` or `advise -o`"
                                   : "`plot` draws one result file");
  if (!ChartFormatFor(PlotOut)) return kUsageError;
  const std::string& input = PlotInputs[0];
  llvm::Expected<ResultTable> table = ReadResultTable(input);
  if (!table) return Fail(fmt::format("cannot read `{}`: {}", input, llvm::toString(table.takeError())));
  PlotSpec spec{PlotX, std::vector<std::string>(PlotY.begin(), PlotY.end()), PlotSeries,
                std::vector<std::string>(PlotWhere.begin(), PlotWhere.end()), PlotLogX, PlotLogY, PlotKeepInfeasible,
                PlotTitle, "--where"};
  std::optional<Chart> chart = ChartOf(*table, spec, "`" + input + "`");
  if (!chart) return kUsageError;
  return RenderChart(*chart, PlotOut, {input});
}

}  // namespace rl::driver

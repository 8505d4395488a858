// `ringline plot`: a chart of a result that `sweep` or `advise` wrote (CSV or JSON), a
// report against a param with one line per value of another param or per strategy, or
// a device's roofline with each layer of a network placed on it. gnuplot draws it
// (compiler/chart).
//   ringline plot out.csv --x nodes --y iter_time --series inter --logx -o chart.svg
//   ringline plot --roofline v100_sxm2_16gb --model resnet50 --batch 32 -o roof.svg
#include <fmt/format.h>
#include <llvm/ADT/StringExtras.h>

#include <algorithm>
#include <cmath>

#include "base/suggest.h"
#include "compiler/driver/commands.h"
#include "compiler/driver/evaluate.h"
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
static cl::opt<bool> PlotTornado("tornado",
                                 cl::desc("Draw a report's elasticities by every continuous input of a spec's "
                                          "scenario (`eval --sensitivity`), the largest first"),
                                 cl::sub(PlotCmd), cl::cat(Category));
static cl::opt<std::string> PlotReport("report", cl::desc("With --tornado: the report (default: the first Real one)"),
                                       cl::value_desc("REPORT"), cl::sub(PlotCmd), cl::cat(Category));
static Count PlotInputsShown("inputs", cl::desc("With --tornado: the most inputs drawn (default 15)"), cl::init(15),
                             cl::value_desc("N"), cl::sub(PlotCmd), cl::cat(Category));
static Count PlotBatch("batch", cl::desc("With --roofline: samples per batch (default 32)"), cl::init(32),
                                   cl::value_desc("B"), cl::sub(PlotCmd), cl::cat(Category));

bool ChartPathOk(const std::string& path) {
  llvm::Expected<chart::ChartFormat> f = chart::ChartFormatFor(path);
  if (f) return true;
  Fail(Kind::file_error, f.takeError());
  return false;
}

Exit RenderChart(const chart::Chart& c, const std::string& path, const std::vector<std::string>& inputs) {
  for (const std::string& note : c.notes) llvm::errs() << "ringline: note: " << note << "\n";
  llvm::Expected<chart::ChartFormat> format = chart::ChartFormatFor(path);
  if (!format) return Fail(Kind::file_error, format.takeError());
  Output out(path, inputs);
  if (!out.Open(/*for_stream=*/false)) return kUsageError;
  if (llvm::Error e = chart::DrawChart(c, *format, out.temp_path(), path)) {
    out.Discard();
    return Fail(Kind::tool_error, std::move(e));
  }
  return out.Commit() ? kOk : kUsageError;
}

Exit PlotRows(const chart::ResultTable& rows, const chart::PlotSpec& spec, const std::string& path,
              const std::vector<std::string>& inputs) {
  llvm::Expected<chart::Chart> c = chart::ChartOf(rows, spec, "the result");
  if (!c) return Fail(Kind::chart_error, c.takeError());
  return RenderChart(*c, path, inputs);
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
  if (PlotInputs.size() > 1) return Fail(Kind::bad_usage, "with --roofline, `plot` takes at most one spec file");
  if (PlotModel.empty()) return Fail(Kind::bad_usage, "--roofline needs a network: --model NAME");
  if (PlotBatch < 1) return Fail(Kind::bad_option, "--batch must be at least 1");
  if (!ChartPathOk(PlotOut)) return kUsageError;
  NetworkQuery q{PlotInputs.empty() ? "" : PlotInputs[0], PlotModel, PlotRoofline, PlotBatch, 4};
  NetworkStats st;
  if (Exit e = CollectNetworkStats(q, st); e != kOk) return e;
  if (!(st.peak > 0) || !(st.membw > 0))
    return Fail(Kind::chart_error,
                fmt::format("`{}` has no positive peak and memory bandwidth to draw", std::string(PlotRoofline)));
  auto [unit, scale] = RateUnit(st.peak);
  chart::Chart chart;
  chart.title = PlotTitle.empty() ? fmt::format("{}, batch {}, on {}", st.model, unsigned(PlotBatch), st.device)
                                  : std::string(PlotTitle);
  chart.xlabel = "arithmetic intensity [FLOP/B]";
  chart.ylabel = fmt::format("attained [{}]", unit);
  chart.logx = chart.logy = true;
  std::vector<std::string> unplaced;
  std::vector<chart::Series> kinds;
  double lo = st.peak / st.membw, hi = lo;
  for (const LayerRow& r : st.rows) {
    if (!(r.fwd > 0) || !(r.traffic > 0) || !(r.fwd_time > 0)) {
      if (std::find(unplaced.begin(), unplaced.end(), r.kind) == unplaced.end()) unplaced.push_back(r.kind);
      continue;
    }
    double intensity = r.fwd / r.traffic;
    lo = std::min(lo, intensity);
    hi = std::max(hi, intensity);
    auto it = std::find_if(kinds.begin(), kinds.end(), [&](const chart::Series& s) { return s.title == r.kind; });
    if (it == kinds.end()) it = kinds.insert(kinds.end(), chart::Series{r.kind, {}, chart::Series::Style::Points});
    it->points.emplace_back(intensity, r.fwd / r.fwd_time / scale);
  }
  lo /= 2;
  hi *= 2;
  chart::Series roof{fmt::format("roof: {} {}, {} GB/s", units::FormatNumber(st.peak / scale), unit,
                          units::FormatNumber(st.membw / 1e9)),
              {{lo, lo * st.membw / scale}, {st.peak / st.membw, st.peak / scale}, {hi, st.peak / scale}},
              chart::Series::Style::Lines};
  chart.series.push_back(std::move(roof));
  for (chart::Series& s : kinds) chart.series.push_back(std::move(s));
  if (!unplaced.empty())
    llvm::errs() << fmt::format("ringline: note: layers without floating-point work or memory traffic are not "
                                "placed: {}\n", llvm::join(unplaced, ", "));
  std::vector<std::string> inputs(PlotInputs.begin(), PlotInputs.end());
  return RenderChart(chart, PlotOut, inputs);
}

// --tornado: eval --sensitivity's elasticities of one report, one bar per input whose
// elasticity is not 0, the largest |elasticity| on top (docs/sensitivity.md).
Exit RunTornado() {
  if (PlotInputs.size() != 1 || !llvm::StringRef(PlotInputs[0]).ends_with(".rl"))
    return Fail(Kind::bad_usage, "--tornado draws one spec's scenario: `ringline plot --tornado FILE.rl -o chart.svg`");
  if (!ChartPathOk(PlotOut)) return kUsageError;
  if (PlotInputsShown < 1) return Fail(Kind::bad_option, "--inputs must be at least 1");
  Exit e;
  const std::string file = PlotInputs[0];
  std::optional<Lowered> run = LowerScenario(e, /*eval_only=*/true, std::vector<std::string>{}, &file);
  if (!run) return e;
  ringline::Row row;
  try {
    row = run->scenario->Eval(ringline::Backend::Interp);
  } catch (const ringline::SpecError& err) {
    return PrintSpecError(err);
  }
  const std::vector<ringline::Sensitivity>& all = run->scenario->Sensitivities();
  std::vector<std::string> reports;
  for (const ringline::Sensitivity& s : all)
    if (std::find(reports.begin(), reports.end(), s.report) == reports.end()) reports.push_back(s.report);
  if (reports.empty())
    return Fail(Kind::chart_error, fmt::format("scenario `{}` has no `Real` report or no continuous input "
                                               "(docs/sensitivity.md) to draw",
                                               run->name));
  const std::string report = PlotReport.empty() ? reports[0] : std::string(PlotReport);
  if (std::find(reports.begin(), reports.end(), report) == reports.end())
    return Fail(Kind::bad_option, NotOneOf("--report", report, "`Real` report", "scenario `" + run->name + "`", reports));
  std::vector<std::pair<std::string, double>> bars;
  for (const ringline::Sensitivity& s : all)
    if (s.report == report)
      if (double el = ringline::Elasticity(s, row); std::isfinite(el) && el != 0) bars.emplace_back(s.input, el);
  std::stable_sort(bars.begin(), bars.end(),
                   [](const auto& a, const auto& b) { return std::fabs(a.second) > std::fabs(b.second); });
  const size_t dropped = bars.size() > PlotInputsShown ? bars.size() - PlotInputsShown : 0;
  bars.resize(bars.size() - dropped);
  chart::Chart chart;
  chart.title = PlotTitle.empty() ? fmt::format("{}: elasticity of {}", run->name, report) : std::string(PlotTitle);
  chart.xlabel = fmt::format("d ln {} / d ln input", report);
  chart.ylabel = "";
  chart::Series up{"raises it", {}, chart::Series::Style::Bars}, down{"lowers it", {}, chart::Series::Style::Bars};
  for (size_t i = 0; i < bars.size(); ++i) {
    const double y = static_cast<double>(bars.size() - 1 - i);
    chart.ylabels.emplace_back(y, bars[i].first);
    (bars[i].second > 0 ? up : down).points.emplace_back(bars[i].second, y);
  }
  if (!up.points.empty()) chart.series.push_back(std::move(up));
  if (!down.points.empty()) chart.series.push_back(std::move(down));
  if (bars.empty())
    llvm::errs() << fmt::format("ringline: note: every elasticity of `{}` is 0 at this point\n", report);
  if (dropped)
    llvm::errs() << fmt::format("ringline: note: {} smaller elasticities are not drawn (--inputs {})\n", dropped,
                                unsigned(PlotInputsShown));
  return RenderChart(chart, PlotOut, {file});
}

}  // namespace

int RunPlot() {
  if (PlotOut.empty()) return Fail(Kind::bad_usage, "name the chart to write: -o chart.svg (or .png)");
  if (!PlotRoofline.empty()) return RunRoofline();
  if (PlotTornado) return RunTornado();
  if (PlotInputs.size() != 1)
    return Fail(Kind::bad_usage, PlotInputs.empty()
                                     ? "name the result to draw: the .csv or .json of `sweep -o` or `advise -o`"
                                     : "`plot` draws one result file");
  if (!ChartPathOk(PlotOut)) return kUsageError;
  const std::string& input = PlotInputs[0];
  llvm::Expected<chart::ResultTable> table = chart::ReadResultTable(input);
  if (!table) {
    auto [kind, why] = KindOf(table.takeError(), Kind::bad_data);
    return Fail(kind, fmt::format("cannot read `{}`: {}", input, why));
  }
  chart::PlotSpec spec{PlotX, std::vector<std::string>(PlotY.begin(), PlotY.end()), PlotSeries,
                std::vector<std::string>(PlotWhere.begin(), PlotWhere.end()), PlotLogX, PlotLogY, PlotKeepInfeasible,
                PlotTitle, "--where"};
  llvm::Expected<chart::Chart> chart = chart::ChartOf(*table, spec, "`" + input + "`");
  if (!chart) return Fail(Kind::chart_error, chart.takeError());
  return RenderChart(*chart, PlotOut, {input});
}

}  // namespace rl::driver

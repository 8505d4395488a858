// What `ringline eval --sensitivity` and `--samples` add to the point's row: for each
// `Real` report and continuous input the derivative (SI units) and the elasticity
// d ln r / d ln x = d · x / r (docs/sensitivity.md), and each `Real` report's spread over
// the samples (docs/uncertainty.md).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "compiler/api/native_sink.h"
#include "compiler/driver/evaluate.h"
#include "compiler/driver/options.h"

namespace rl::driver {
namespace {

struct Entry {
  const ringline::Sensitivity* s;
  double derivative, elasticity;
};

std::vector<Entry> Entries(const ringline::Scenario& sc, const ringline::Row& row) {
  std::vector<Entry> out;
  // Where the report is 0 its logarithm is not defined: no elasticity (NaN, JSON null).
  for (const ringline::Sensitivity& s : sc.Sensitivities())
    out.push_back({&s, row.values[s.column], ringline::Elasticity(s, row)});
  // Report by report, inputs in the order the scenario lists them.
  std::stable_sort(out.begin(), out.end(),
                   [](const Entry& a, const Entry& b) { return a.s->report_column < b.s->report_column; });
  return out;
}

// A number as JSON: 17 significant digits, null where JSON has no literal.
std::string JsonNumber(double v) { return std::isfinite(v) ? fmt::format("{:.17g}", v) : "null"; }

std::string JsonMember(const std::vector<Entry>& entries) {
  // Reports in column order, inputs within each in the order they were asked for.
  std::vector<std::string> reports;
  std::map<std::string, std::string> inner;
  for (const Entry& e : entries) {
    std::string& body = inner[e.s->report];
    if (body.empty()) reports.push_back(e.s->report);
    body += fmt::format("{}{}:{{\"derivative\":{},\"unit\":{},\"elasticity\":{}}}", body.empty() ? "" : ",",
                        runtime::JsonString(e.s->input), JsonNumber(e.derivative), runtime::JsonString(e.s->unit),
                        JsonNumber(e.elasticity));
  }
  std::string json = "{";
  for (size_t i = 0; i < reports.size(); ++i)
    json += fmt::format("{}{}:{{{}}}", i ? "," : "", runtime::JsonString(reports[i]), inner[reports[i]]);
  return json + "}";
}

std::string JsonSpreads(const std::vector<ringline::Spread>& spreads) {
  std::string json = "{";
  for (size_t i = 0; i < spreads.size(); ++i) {
    const ringline::Spread& s = spreads[i];
    json += fmt::format("{}{}:{{\"mean\":{},\"p5\":{},\"p50\":{},\"p95\":{},\"sd\":{},\"unit\":{},"
                        "\"samples\":{},\"feasible\":{}}}",
                        i ? "," : "", runtime::JsonString(s.report), JsonNumber(s.mean), JsonNumber(s.p5),
                        JsonNumber(s.p50), JsonNumber(s.p95), JsonNumber(s.sd), runtime::JsonString(s.unit),
                        s.samples, s.feasible);
  }
  return json + "}";
}

runtime::Column Label(const char* name, std::vector<std::string> texts) {
  runtime::Column c;
  c.name = name;
  c.kind = runtime::Column::Kind::Label;
  c.labels = std::make_shared<const std::vector<std::string>>(std::move(texts));
  return c;
}

runtime::Column Number(const char* name) {
  runtime::Column c;
  c.name = name;
  return c;
}

// One line per report: its spread over the samples, in SI units (a column of its own).
void WriteSpreads(runtime::Format f, std::ostream& out, const std::vector<ringline::Spread>& spreads) {
  runtime::SinkOptions so;
  so.table_digits = Digits;
  so.fit_table = f == runtime::Format::Table;
  if (!spreads.empty())
    so.title = fmt::format("uncertainty over {} samples, {} feasible (SI units)", spreads[0].samples,
                           spreads[0].feasible);
  std::vector<std::string> reports, units;
  for (const ringline::Spread& s : spreads) {
    reports.push_back(s.report);
    units.push_back(s.unit);
  }
  std::vector<runtime::Column> cols = {Label("report", reports), Number("mean"), Number("p5"), Number("p50"),
                                       Number("p95"), Number("sd"), Label("unit", units)};
  std::unique_ptr<runtime::Sink> sink = runtime::MakeSink(f, out, so);
  sink->Begin("", cols);
  for (size_t i = 0; i < spreads.size(); ++i) {
    const ringline::Spread& s = spreads[i];
    const double at = static_cast<double>(i);
    const double v[7] = {at, s.mean, s.p5, s.p50, s.p95, s.sd, at};
    sink->Row(v);
  }
  sink->End();
}

}  // namespace

void WriteEvalExtras(runtime::Format f, std::ostream& out, const ringline::Scenario& sc, const ringline::Row& row,
                     const std::vector<ringline::Spread>* spreads) {
  const std::vector<Entry> entries = Entries(sc, row);
  const bool derivatives = !sc.Sensitivities().empty();
  if (f == runtime::Format::Json) {
    runtime::SinkOptions so;
    so.single_row = true;
    if (derivatives) so.json_tail.push_back({"sensitivity", JsonMember(entries)});
    if (spreads) so.json_tail.push_back({"uncertainty", JsonSpreads(*spreads)});
    api::NativeSink sink(runtime::MakeSink(runtime::Format::Json, out, so));
    sc.Write(sink, row);
    return;
  }
  if (f == runtime::Format::Table) {
    std::unique_ptr<ringline::Sink> sink = MakeOutputSink(f, out, /*single_row=*/true);
    sc.Write(*sink, row);
  }
  if (spreads) {
    if (f == runtime::Format::Table) out << "\n";
    WriteSpreads(f, out, *spreads);
  }
  if (!derivatives) return;
  if (f == runtime::Format::Table) out << "\n";
  // One line per report and input; a derivative's unit differs from line to line, so it
  // is a column of its own.
  runtime::SinkOptions so;
  so.table_digits = Digits;
  so.fit_table = f == runtime::Format::Table;
  so.title = "sensitivity (derivatives in SI units; elasticity = d ln report / d ln input)";
  std::vector<std::string> reports, inputs, units;
  for (const Entry& e : entries) {
    reports.push_back(e.s->report);
    inputs.push_back(e.s->input);
    units.push_back(e.s->unit);
  }
  std::vector<runtime::Column> cols = {Label("report", reports), Label("input", inputs), Number("derivative"),
                                       Label("unit", units), Number("elasticity")};
  std::unique_ptr<runtime::Sink> sink = runtime::MakeSink(f, out, so);
  sink->Begin(sc.Name(), cols);
  for (size_t i = 0; i < entries.size(); ++i) {
    const double at = static_cast<double>(i);
    const double v[5] = {at, at, entries[i].derivative, at, entries[i].elasticity};
    sink->Row(v);
  }
  sink->End();
}

}  // namespace rl::driver

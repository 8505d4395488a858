// `ringline eval --sensitivity` output (docs/sensitivity.md): the point's row as `eval`
// writes it, and for each `Real` report and continuous input the derivative (SI units)
// and the elasticity d ln r / d ln x = d · x / r.
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

}  // namespace

void WriteWithSensitivity(runtime::Format f, std::ostream& out, const ringline::Scenario& sc, const ringline::Row& row) {
  const std::vector<Entry> entries = Entries(sc, row);
  if (f == runtime::Format::Json) {
    runtime::SinkOptions so;
    so.single_row = true;
    so.json_tail = {{"sensitivity", JsonMember(entries)}};
    api::NativeSink sink(runtime::MakeSink(runtime::Format::Json, out, so));
    sc.Write(sink, row);
    return;
  }
  if (f == runtime::Format::Table) {
    std::unique_ptr<ringline::Sink> sink = MakeOutputSink(f, out, /*single_row=*/true);
    sc.Write(*sink, row);
    out << "\n";
  }
  // One line per report and input; a derivative's unit differs from line to line, so it
  // is a column of its own.
  runtime::SinkOptions so;
  so.table_digits = Digits;
  so.fit_table = f == runtime::Format::Table;
  so.title = "sensitivity (derivatives in SI units; elasticity = d ln report / d ln input)";
  auto label = [](const char* name) {
    runtime::Column c;
    c.name = name;
    c.kind = runtime::Column::Kind::Label;
    return c;
  };
  std::vector<std::string> reports, inputs, units;
  for (const Entry& e : entries) {
    reports.push_back(e.s->report);
    inputs.push_back(e.s->input);
    units.push_back(e.s->unit);
  }
  std::vector<runtime::Column> cols = {label("report"), label("input"), {}, label("unit"), {}};
  cols[2].name = "derivative";
  cols[4].name = "elasticity";
  cols[0].labels = std::make_shared<const std::vector<std::string>>(reports);
  cols[1].labels = std::make_shared<const std::vector<std::string>>(inputs);
  cols[3].labels = std::make_shared<const std::vector<std::string>>(units);
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

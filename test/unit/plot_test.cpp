// Reading results back for `ringline plot` (compiler/chart/results.h): what the CSV
// and JSON sinks write parses back to the same names, units, labels and doubles (a label
// with a comma, a quote and a newline included), bad input is an error naming the line
// and carrying its diagnostic kind, as the driver prints it; and the gnuplot script
// (chart.h) quotes titles so gnuplot takes them as plain text.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <sstream>

#include "compiler/chart/chart.h"
#include "compiler/chart/plot.h"
#include "compiler/chart/results.h"
#include "compiler/driver/session.h"
#include "runtime/sinks.h"

// main.cpp defines the standard library's folder for the driver; these tests link the
// driver's library without main.cpp.
namespace rl::driver {
std::string g_stdlib_dir = RL_STDLIB_DIR;
}

namespace rl::chart {
namespace {

// Two rows through `sink`: a label with a comma, a quote and a newline, units, a Bool.
void Feed(runtime::Sink& sink) {
  std::string bad;
  auto labels = std::make_shared<const std::vector<std::string>>(
      std::vector<std::string>{"v100", "a \"quoted\", name\nover two lines"});
  std::vector<runtime::Column> cols = {
      {"gpu", runtime::Column::Kind::Label, units::Unit{}, labels},
      {"inter", runtime::Column::Kind::Real, *units::ParseUnitString("GB/s", &bad)},
      {"t", runtime::Column::Kind::Real, *units::ParseUnitString("ms", &bad)},
      {"fits", runtime::Column::Kind::Bool, units::Unit{}}};
  sink.Begin("s", cols);
  const double rows[2][4] = {{0, 12.5e9, 17179869184.0 / 12.5e9, 1}, {1, 1.25e9, 0.1, 0}};
  for (const auto& r : rows) sink.Row(r);
  sink.End();
}

std::string Emit(runtime::Format f) {
  std::ostringstream out;
  Feed(*runtime::MakeSink(f, out));
  return out.str();
}

// The same rows straight into a table in memory (what `sweep --plot` charts).
ResultTable Collected() {
  ResultTable t;
  Feed(*CollectInto(t));
  return t;
}

void ExpectTable(const ResultTable& t) {
  ASSERT_EQ(t.rows, 2u);
  ASSERT_EQ(t.Names(), (std::vector<std::string>{"gpu", "inter", "t", "fits"}));
  EXPECT_EQ(t.columns[1].unit, "GB/s");
  EXPECT_EQ(t.columns[2].Label(), "t [ms]");
  EXPECT_FALSE(t.columns[0].numeric);
  EXPECT_EQ(t.columns[0].text[1], "a \"quoted\", name\nover two lines");
  ASSERT_TRUE(t.columns[2].numeric);
  EXPECT_EQ(t.columns[2].number[0], 17179869184.0 / 12.5e9 * 1e3);  // exact: shortest round trip
  EXPECT_EQ(t.columns[1].number[1], 1.25);
  ASSERT_TRUE(t.columns[3].numeric);
  EXPECT_EQ(t.columns[3].number, (std::vector<double>{1, 0}));
}

TEST(ResultTable, CsvFromTheSinkReadsBack) {
  llvm::Expected<ResultTable> t = ParseResultCsv(Emit(runtime::Format::Csv));
  ASSERT_TRUE(bool(t)) << llvm::toString(t.takeError());
  ExpectTable(*t);
}

TEST(ResultTable, RowsInMemoryMatchTheCsvReadBack) {
  ResultTable t = Collected();
  ExpectTable(t);
  llvm::Expected<ResultTable> back = ParseResultCsv(Emit(runtime::Format::Csv));
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  for (size_t c = 0; c < t.columns.size(); ++c) EXPECT_EQ(t.columns[c].text, back->columns[c].text);
}

TEST(ResultTable, JsonFromTheSinkReadsBack) {
  llvm::Expected<ResultTable> t = ParseResultJson(Emit(runtime::Format::Json));
  ASSERT_TRUE(bool(t)) << llvm::toString(t.takeError());
  ExpectTable(*t);
}

TEST(ResultTable, JsonColumnsMayBeHeaderStrings) {
  llvm::Expected<ResultTable> t = ParseResultJson(R"({"columns":["p","time[ms]"],"rows":[[1,2.5],[2,null]]})");
  ASSERT_TRUE(bool(t)) << llvm::toString(t.takeError());
  EXPECT_EQ(t->columns[1].name, "time");
  EXPECT_EQ(t->columns[1].unit, "ms");
  EXPECT_EQ(t->columns[1].number[0], 2.5);
  EXPECT_TRUE(std::isnan(t->columns[1].number[1]));
}

TEST(ResultTable, BadInputSaysWhere) {
  auto message = [](llvm::Expected<ResultTable> t) { return t ? std::string("ok") : llvm::toString(t.takeError()); };
  EXPECT_EQ(message(ParseResultCsv("a,b\n1,2\n3\n")), "line 3 has 1 field but the header names 2 columns");
  std::string wide(2 * kMaxColumns, ',');
  EXPECT_NE(message(ParseResultCsv(wide + "\n")).find("its header names 131073 columns; a result has at most 65536"),
            std::string::npos);
  EXPECT_EQ(message(ParseResultCsv("a,b\n\"1,2\n")), "line 2: a quoted field does not end");
  EXPECT_EQ(message(ParseResultCsv("")), "it is empty (no header line)");
  EXPECT_EQ(message(ParseResultJson(R"({"columns":["a"],"rows":[[1,2]]})")), "row 1 is not an array of 1 cells");
  EXPECT_EQ(message(ParseResultJson("[1]")),
            "expected an object with `columns` and `rows` arrays (what `-o out.json` writes)");
}

TEST(ResultTable, ErrorsCarryTheirKinds) {
  using diag::Kind;
  // The kind the driver prints a failure under, where the site would say `bad_usage`.
  auto kind = [](llvm::Error e) { return driver::KindOf(std::move(e), Kind::bad_usage).first; };
  EXPECT_EQ(kind(ParseResultCsv("a,b\n\"1,2\n").takeError()), Kind::bad_data);
  EXPECT_EQ(kind(ParseResultJson("[1]").takeError()), Kind::bad_data);
  EXPECT_EQ(kind(ReadResultTable("/nonexistent/r.csv").takeError()), Kind::file_error);
  EXPECT_EQ(kind(ReadResultTable("r.txt").takeError()), Kind::file_error);
  EXPECT_EQ(kind(ChartFormatFor("c.pdf").takeError()), Kind::file_error);
  ResultTable t = Collected();
  auto chart = [&](const std::string& x, const std::string& y, std::vector<std::string> where = {}) {
    PlotSpec spec;
    spec.x = x;
    spec.y = {y};
    spec.where = std::move(where);
    return kind(ChartOf(t, spec, "the result").takeError());
  };
  EXPECT_EQ(chart("gpu2", "t"), Kind::unknown_column);
  EXPECT_EQ(chart("t", "gpu"), Kind::chart_error);  // a text column on an axis
  EXPECT_EQ(chart("", "t"), Kind::bad_usage);
  EXPECT_EQ(chart("t", "t", {"gpu"}), Kind::bad_option);  // --where without `=`
  // Another library's failure: the system's error code makes it a file's, else the site's kind.
  EXPECT_EQ(kind(llvm::createStringError(std::errc::no_such_file_or_directory, "x")), Kind::file_error);
  EXPECT_EQ(kind(llvm::createStringError(llvm::inconvertibleErrorCode(), "x")), Kind::bad_usage);
  EXPECT_EQ(driver::KindOf(diag::MakeError(Kind::fit_error, "two\nlines"), Kind::bad_usage).second, "two\nlines");
}

TEST(GnuplotScript, QuotesTextAndWritesDataExactly) {
  Chart c;
  c.title = "it's `date` @m\nnext";
  c.xlabel = "nodes";
  c.ylabel = "t [ms]";
  c.logx = true;
  c.series.push_back({"a'b", {{1, 0.1}, {4, 1.0 / 3}}, Series::Style::LinesPoints});
  std::string s = GnuplotScript(c, ChartFormat::Png, "/tmp/o'ut.png");
  EXPECT_NE(s.find("set terminal pngcairo"), std::string::npos);
  EXPECT_NE(s.find("set output '/tmp/o''ut.png'\n"), std::string::npos);
  EXPECT_NE(s.find("set title 'it''s `date` @m next'\n"), std::string::npos);
  EXPECT_NE(s.find("set logscale x 2\n"), std::string::npos);  // 1 and 4 are powers of two
  EXPECT_NE(s.find("$d0 << EOD\n1 0.1\n4 0.3333333333333333\nEOD\n"), std::string::npos);
  EXPECT_NE(s.find("title 'a''b'\n"), std::string::npos);
}

}  // namespace
}  // namespace rl::chart

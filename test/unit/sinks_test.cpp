// Result sinks (runtime/sinks): exact CSV headers and cells, JSON shape checked by
// parsing it, the table layouts and their rounding, unit conversion of cells and boolean
// cells.
#include <gtest/gtest.h>
#include <llvm/Support/JSON.h>

#include <cmath>
#include <sstream>

#include "runtime/sinks.h"

namespace rl::runtime {
namespace {

units::Unit U(const char* text) {
  std::string bad;
  std::optional<units::Unit> u = units::ParseUnitString(text, &bad);
  EXPECT_TRUE(u) << text;
  return u ? *u : units::Unit{};
}

std::vector<Column> Cols() {
  return {{"nodes", Column::Kind::Int, units::Unit{}},
          {"inter", Column::Kind::Real, U("GB/s")},
          {"t", Column::Kind::Real, U("ms")},
          {"eff", Column::Kind::Real, units::Unit{}},
          {"fits", Column::Kind::Bool, units::Unit{}}};
}

std::string Emit(Format f, const std::vector<Column>& cols, const std::vector<std::vector<double>>& rows,
                 bool single = false, const std::string& scenario = "s") {
  std::ostringstream out;
  std::unique_ptr<Sink> sink = MakeSink(f, out, single);
  sink->Begin(scenario, cols);
  for (const auto& r : rows) sink->Row(r.data());
  sink->End();
  return out.str();
}

const double kT = 17179869184.0 / 12.5e9;  // 16 GiB / 12.5 GB/s, in s

TEST(Sinks, CellsConvertToTheColumnUnit) {
  EXPECT_EQ(FormatCell({"t", Column::Kind::Real, U("ms")}, kT), "1374.38953472");
  EXPECT_EQ(FormatCell({"t", Column::Kind::Real, U("s")}, kT), "1.37438953472");
  EXPECT_EQ(FormatCell({"bw", Column::Kind::Real, U("Gbit/s")}, 25e9), "200");
  EXPECT_EQ(FormatCell({"bw", Column::Kind::Real, U("GB/s")}, 12.5e9), "12.5");
  EXPECT_EQ(FormatCell({"m", Column::Kind::Real, U("GiB")}, 17179869184.0), "16");
  EXPECT_EQ(FormatCell({"l", Column::Kind::Real, U("us")}, 1.5e-6), "1.5");
  EXPECT_EQ(FormatCell({"n", Column::Kind::Int, units::Unit{}}, 64), "64");
  EXPECT_EQ(FormatCell({"n", Column::Kind::Int, units::Unit{}}, -3), "-3");
  EXPECT_EQ(FormatCell({"n", Column::Kind::Int, units::Unit{}}, -0.0), "0");
  // An Int prints every digit, never in exponent form.
  EXPECT_EQ(FormatCell({"n", Column::Kind::Int, units::Unit{}}, 1152921504606846976.0), "1152921504606846976");
  EXPECT_EQ(FormatCell({"n", Column::Kind::Int, units::Unit{}}, 1e17), "100000000000000000");
  EXPECT_EQ(FormatCell({"n", Column::Kind::Int, units::Unit{}}, 1e300), "1e+300");
  EXPECT_EQ(FormatCell({"b", Column::Kind::Bool, units::Unit{}}, 1), "true");
  EXPECT_EQ(FormatCell({"b", Column::Kind::Bool, units::Unit{}}, 0), "false");
  EXPECT_EQ(FormatCell({"x", Column::Kind::Real, units::Unit{}}, 0.5), "0.5");
  EXPECT_EQ(FormatCell({"x", Column::Kind::Real, units::Unit{}}, -0.0), "0");
}

TEST(Sinks, CsvHeadersCarryUnits) {
  std::string csv = Emit(Format::Csv, Cols(), {{4, 12.5e9, kT, 0.5, 1}, {8, 25e9, kT / 2, 0.25, 0}});
  EXPECT_EQ(csv,
            "nodes,inter[GB/s],t[ms],eff,fits\n"
            "4,12.5,1374.38953472,0.5,true\n"
            "8,25,687.19476736,0.25,false\n");
}

TEST(Sinks, CsvQuotesHeadersThatNeedIt) {
  std::string csv = Emit(Format::Csv, {{"a,b", Column::Kind::Int, units::Unit{}}, {"q\"", Column::Kind::Int, units::Unit{}}},
                         {{1, 2}});
  EXPECT_EQ(csv, "\"a,b\",\"q\"\"\"\n1,2\n");
}

TEST(Sinks, JsonHasScenarioColumnsAndRows) {
  std::string text = Emit(Format::Json, Cols(), {{4, 12.5e9, kT, 0.5, 1}, {8, 25e9, kT / 2, 0.25, 0}}, false, "abci");
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(text);
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError()) << "\n" << text;
  const llvm::json::Object* root = parsed->getAsObject();
  ASSERT_TRUE(root);
  EXPECT_EQ(root->size(), 3u);
  ASSERT_TRUE(root->getString("scenario"));
  EXPECT_EQ(*root->getString("scenario"), "abci");
  const llvm::json::Array* cols = root->getArray("columns");
  ASSERT_TRUE(cols);
  ASSERT_EQ(cols->size(), 5u);
  const char* names[] = {"nodes", "inter", "t", "eff", "fits"};
  const char* units[] = {"", "GB/s", "ms", "", ""};
  for (size_t i = 0; i < 5; ++i) {
    const llvm::json::Object* c = (*cols)[i].getAsObject();
    ASSERT_TRUE(c);
    EXPECT_EQ(c->size(), 2u);
    EXPECT_EQ(c->getString("name").value_or(""), names[i]);
    EXPECT_EQ(c->getString("unit").value_or("?"), units[i]);
  }
  const llvm::json::Array* rows = root->getArray("rows");
  ASSERT_TRUE(rows);
  ASSERT_EQ(rows->size(), 2u);
  for (const llvm::json::Value& r : *rows) {
    ASSERT_TRUE(r.getAsArray());
    EXPECT_EQ(r.getAsArray()->size(), 5u);
  }
  const llvm::json::Array& r0 = *(*rows)[0].getAsArray();
  EXPECT_EQ(r0[0].getAsInteger(), 4);
  EXPECT_EQ(r0[1].getAsNumber(), 12.5);
  EXPECT_EQ(r0[2].getAsNumber(), 1374.38953472);
  EXPECT_EQ(r0[3].getAsNumber(), 0.5);
  EXPECT_EQ(r0[4].getAsBoolean(), true);
  EXPECT_EQ((*(*rows)[1].getAsArray())[4].getAsBoolean(), false);
}

TEST(Sinks, JsonStaysValidForOddNamesAndNonFiniteCells) {
  std::vector<Column> cols = {{"we\"ird\\name\n", Column::Kind::Real, units::Unit{}}};
  std::string text = Emit(Format::Json, cols, {{INFINITY}, {NAN}, {-INFINITY}, {1e300}, {1e-300}}, false, "s\t1");
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(text);
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError()) << "\n" << text;
  const llvm::json::Object& root = *parsed->getAsObject();
  EXPECT_EQ(*root.getString("scenario"), "s\t1");
  EXPECT_EQ(*(*root.getArray("columns"))[0].getAsObject()->getString("name"), "we\"ird\\name\n");
  const llvm::json::Array& rows = *root.getArray("rows");
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ((*rows[0].getAsArray())[0].kind(), llvm::json::Value::Null);
  EXPECT_EQ((*rows[1].getAsArray())[0].kind(), llvm::json::Value::Null);
  EXPECT_EQ((*rows[2].getAsArray())[0].kind(), llvm::json::Value::Null);
  EXPECT_EQ((*rows[3].getAsArray())[0].getAsNumber(), 1e300);
  EXPECT_EQ((*rows[4].getAsArray())[0].getAsNumber(), 1e-300);
}

TEST(Sinks, JsonWithNoRows) {
  std::string text = Emit(Format::Json, Cols(), {});
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(text);
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError()) << "\n" << text;
  EXPECT_EQ(parsed->getAsObject()->getArray("rows")->size(), 0u);
}

TEST(Sinks, TableLayouts) {
  std::vector<Column> cols = {{"nodes", Column::Kind::Int, units::Unit{}}, {"t", Column::Kind::Real, U("ms")}};
  EXPECT_EQ(Emit(Format::Table, cols, {{4, kT}}, /*single=*/true),
            "scenario s\n"
            "  nodes = 4\n"
            "  t     = 1374.39 ms\n");
  EXPECT_EQ(Emit(Format::Table, cols, {{4, kT}, {16, 0.002}}),
            "       nodes        t [ms]\n"
            "           4       1374.39\n"
            "          16             2\n");
  // Reals have 6 significant digits, so they fit the columns; an Int keeps every digit,
  // and among the first rows a wider cell widens its column.
  cols.push_back({"eff", Column::Kind::Real, units::Unit{}});
  EXPECT_EQ(Emit(Format::Table, cols, {{3, 1.0 / 3, 0.5}, {4, 0.002, 1.0 / 3}, {1e15, -1234567.0e-3, -0.0}}),
            "           nodes        t [ms]           eff\n"
            "               3       333.333           0.5\n"
            "               4             2      0.333333\n"
            "1000000000000000  -1.23457e+06             0\n");
}

TEST(Sinks, TableWidensFromItsFirstRows) {
  std::vector<Column> cols = {{"n", Column::Kind::Int, units::Unit{}}, {"eff", Column::Kind::Real, units::Unit{}}};
  // With no rows the header still comes (at End: the first rows would size it).
  EXPECT_EQ(Emit(Format::Table, cols, {}), "           n           eff\n");
  // A wide cell among the first 100 rows widens its column for all of them.
  std::vector<std::vector<double>> rows(100, {1, 0.5});
  rows[99][0] = 1e15;
  std::string text = Emit(Format::Table, cols, rows);
  EXPECT_EQ(text.substr(0, text.find('\n', text.find('\n') + 1) + 1),
            "               n           eff\n"
            "               1           0.5\n");
  EXPECT_NE(text.find("\n1000000000000000           0.5\n"), std::string::npos) << text;
  // One after them shifts its row alone (the next column lines up again): the header
  // was printed with the widths of the first 100.
  rows[99][0] = 1;
  rows.push_back({1e15, 0.5});
  text = Emit(Format::Table, cols, rows);
  EXPECT_EQ(text.substr(0, text.find('\n') + 1), "           n           eff\n");
  EXPECT_EQ(text.substr(text.rfind('\n', text.size() - 2) + 1), "1000000000000000       0.5\n");
}

TEST(Sinks, TableColumnsCountCharactersAndLabels) {
  // `µs` is one column wide, not two bytes; a label column is as wide as its longest
  // label; a column's least width holds for a streamed table too.
  auto labels = std::make_shared<const std::vector<std::string>>(std::vector<std::string>{"a", "ünïcode, fourteen"});
  std::vector<Column> cols = {{"gpu", Column::Kind::Label, units::Unit{}, labels}, {"t", Column::Kind::Real, U("µs")},
                              {"n", Column::Kind::Int, units::Unit{}}};
  cols[2].width = 14;
  EXPECT_EQ(Emit(Format::Table, cols, {{0, 1e-6, 1}, {1, 2e-6, 2}}),
            "              gpu        t [µs]               n\n"
            "                a             1               1\n"
            "ünïcode, fourteen             2               2\n");
  SinkOptions o;
  o.fit_table = true;
  std::ostringstream out;
  std::unique_ptr<Sink> sink = MakeSink(Format::Table, out, o);
  sink->Begin("", cols);
  double row[] = {1, 1e-6, 1};
  sink->Row(row);
  sink->End();
  EXPECT_EQ(out.str(),
            "gpu                t [µs]               n\n"
            "ünïcode, fourteen       1               1\n");
}

TEST(Sinks, TableWidthOfValues) {
  Column n{"n", Column::Kind::Int, units::Unit{}};
  EXPECT_EQ(TableWidth(n, {}, 6), 0u);
  EXPECT_EQ(TableWidth(n, {1, -1e12, 5}, 6), 14u);
  // A long axis is sampled, and its least and greatest values are always measured.
  std::vector<double> axis(1000000, 1);
  axis[123457] = 1e15;
  EXPECT_EQ(TableWidth(n, axis, 6), 16u);
  Column t{"t", Column::Kind::Real, U("ms")};
  EXPECT_EQ(TableWidth(t, {1.0 / 3}, 6), 7u);   // 333.333
  EXPECT_EQ(TableWidth(t, {1.0 / 3}, 0), 17u);  // 333.3333333333333
}

TEST(Sinks, TableDigits) {
  std::vector<Column> cols = {{"t", Column::Kind::Real, U("ms")}, {"eff", Column::Kind::Real, units::Unit{}}};
  auto emit = [&](unsigned digits) {
    std::ostringstream out;
    std::unique_ptr<Sink> sink = MakeSink(Format::Table, out, /*single_row=*/true, digits);
    sink->Begin("s", cols);
    double row[] = {kT, 1.0 / 3};
    sink->Row(row);
    sink->End();
    return out.str();
  };
  EXPECT_EQ(emit(3), "scenario s\n  t   = 1.37e+03 ms\n  eff = 0.333\n");
  // 0: the shortest text that reads back as the same double, as CSV and JSON print.
  EXPECT_EQ(emit(0), "scenario s\n  t   = 1374.38953472 ms\n  eff = 0.3333333333333333\n");
  // CSV is unaffected by the table's rounding.
  EXPECT_EQ(Emit(Format::Csv, cols, {{kT, 1.0 / 3}}), "t[ms],eff\n1374.38953472,0.3333333333333333\n");
}

}  // namespace
}  // namespace rl::runtime

namespace rl::runtime {
namespace {

// advise's and stats' layout: a fitted table (labels left, numbers right, least widths,
// fmt specs, no trailing spaces) between a title and a footer; JSON members around the
// columns and rows and no `scenario` for an unnamed result; empty text quoted in CSV.
std::string EmitWith(Format f, const SinkOptions& o) {
  Labels names;
  std::vector<std::vector<double>> rows = {{names.Of("data"), 0.0123, 16}, {names.Of(""), 1.5, 1024}};
  std::vector<Column> cols = {names.Named("strategy"), {"iter", Column::Kind::Real, U("ms")},
                              {"gpus", Column::Kind::Int, units::Unit{}}};
  cols[1].table_spec = "{:.3g}";
  cols[2].width = 6;
  std::ostringstream out;
  std::unique_ptr<Sink> sink = MakeSink(f, out, o);
  sink->Begin("", cols);
  for (const auto& r : rows) sink->Row(r.data());
  sink->End();
  return out.str();
}

TEST(Sinks, FittedTableWithTitleAndFooter) {
  SinkOptions o;
  o.fit_table = true;
  o.title = "title";
  o.footer = {"footer"};
  EXPECT_EQ(EmitWith(Format::Table, o),
            "title\n"
            "strategy  iter [ms]    gpus\n"
            "data           12.3      16\n"
            "            1.5e+03    1024\n"
            "footer\n");
}

TEST(Sinks, JsonMembersAndEmptyCsvText) {
  SinkOptions o;
  o.json_head = {{"model", JsonString("tiny")}};
  o.json_tail = {{"totals", "{\"n\":2}"}};
  EXPECT_EQ(EmitWith(Format::Json, o),
            "{\"model\":\"tiny\",\"columns\":[{\"name\":\"strategy\",\"unit\":\"\"},{\"name\":\"iter\",\"unit\":\"ms\"},"
            "{\"name\":\"gpus\",\"unit\":\"\"}],\"rows\":[\n[\"data\",12.3,16],\n[\"\",1500,1024]\n],\"totals\":{\"n\":2}}\n");
  EXPECT_EQ(EmitWith(Format::Csv, o), "strategy,iter[ms],gpus\ndata,12.3,16\n\"\",1500,1024\n");
}

}  // namespace
}  // namespace rl::runtime

// Result sinks: where evaluated rows go, for every command that prints rows (eval, sweep,
// advise, stats). Table (aligned, units in headers, reals to 6 significant digits; a
// single row prints as a name = value list; streamed, with widths from the columns and
// the first 100 rows, or fitted to all its rows), CSV (`name[unit]`
// headers) and JSON (`{"scenario":..., "columns":[{"name":...,"unit":...}],
// "rows":[[...],...]}`). Values arrive in SI units and are converted to each column's unit
// exactly (units::FromSI).
#pragma once
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "base/units/units.h"

namespace rl::runtime {

struct Column {
  std::string name;
  enum class Kind { Int, Real, Bool, Label } kind = Kind::Real;
  units::Unit unit;  // name "" for plain numbers
  // Label: the value is an index into these names (a param over static values: `v100`).
  std::shared_ptr<const std::vector<std::string>> labels = nullptr;
  // Tables only: the cell's fmt spec over the value in `unit` (`{:.4g}`, `{:.1f}%`; ""
  // for the sink's digits), the least width (in columns of the terminal), and in a
  // fitted table the alignment (Auto: labels left, numbers right).
  std::string table_spec = "";
  unsigned width = 0;
  enum class Align { Auto, Left, Right } align = Align::Auto;
};

// A Label column's texts as rows meet them: each distinct text once, in first-seen
// order; Of gives the cell's value.
class Labels {
 public:
  double Of(const std::string& text);
  Column Named(std::string name) const { return {std::move(name), Column::Kind::Label, units::Unit{}, names_}; }

 private:
  std::shared_ptr<std::vector<std::string>> names_ = std::make_shared<std::vector<std::string>>();
};

enum class Format { Table, Csv, Json };

class Sink {
 public:
  virtual ~Sink() = default;
  virtual void Begin(const std::string& scenario, const std::vector<Column>& columns) = 0;
  virtual void Row(const double* si_values) = 0;
  virtual void End() = 0;
};

// `single_row` asks the table format for its name = value layout (ringline eval);
// `table_digits` is how many significant digits the table gives a real (0: all, the
// shortest text that reads back as the same double, as CSV and JSON always print).
std::unique_ptr<Sink> MakeSink(Format f, std::ostream& out, bool single_row = false, unsigned table_digits = 6);

// What a command adds around its rows.
struct SinkOptions {
  bool single_row = false;
  unsigned table_digits = 6;
  // A table fitted to its rows (advise, stats: tens of rows): held until End, each column
  // as wide as its widest cell, two spaces between columns, no trailing spaces.
  bool fit_table = false;
  std::string title;                // fitted table: a line before the header
  std::vector<std::string> footer;  // fitted table: lines after the rows
  // JSON: `"key":value` members (value as JSON text) before "columns" and after "rows".
  // An empty scenario name leaves out the "scenario" member.
  std::vector<std::pair<std::string, std::string>> json_head, json_tail;
};
std::unique_ptr<Sink> MakeSink(Format f, std::ostream& out, const SinkOptions& options);

// `s` as a JSON string literal.
std::string JsonString(const std::string& s);

// A sink that passes every call to `a`, then to `b` (`sweep --plot`: the output and
// the chart's CSV).
std::unique_ptr<Sink> MakeTee(Sink& a, Sink& b);

// One cell as text: `true`, `4`, `1374.38953472` (in the column's unit).
std::string FormatCell(const Column& c, double si);
// The same text appended to `out`.
void AppendCell(std::string& out, const Column& c, double si);

// The width a table with `digits` needs for column `c` to hold `values` (SI) as cells,
// a least width for a streamed table (sweep: a param's values). Every value when there
// are at most 4096, else 4096 spread over them and the least, greatest and last: a long
// axis is a range, widest at its ends.
size_t TableWidth(const Column& c, const std::vector<double>& values, unsigned digits);

}  // namespace rl::runtime

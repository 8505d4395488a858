// Result sinks: where evaluated rows go. Table (aligned, units in headers, reals to 6
// significant digits; a single row prints as a name = value list), CSV (`name[unit]`
// headers) and JSON (`{"scenario":..., "columns":[{"name":...,"unit":...}],
// "rows":[[...],...]}`). Values arrive in SI units and are converted to each column's unit
// exactly (units::FromSI).
#pragma once
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "base/units/units.h"

namespace rl::runtime {

struct Column {
  std::string name;
  enum class Kind { Int, Real, Bool, Label } kind = Kind::Real;
  units::Unit unit;  // name "" for plain numbers
  // Label: the value is an index into these names (a param over static values: `v100`).
  std::shared_ptr<const std::vector<std::string>> labels = nullptr;
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

// A sink that passes every call to `a`, then to `b` (`sweep --plot`: the output and
// the chart's CSV).
std::unique_ptr<Sink> MakeTee(Sink& a, Sink& b);

// One cell as text: `true`, `4`, `1374.38953472` (in the column's unit).
std::string FormatCell(const Column& c, double si);

}  // namespace rl::runtime

// Internal to compiler/advise: the columns both writers (write.cpp, transformer_write.cpp)
// build their rows from, and the rows handed to a sink.
#pragma once
#include <string>
#include <vector>

#include "base/units/units.h"
#include "runtime/sinks.h"

namespace rl::advise {

// A number in `unit` ("" plain), shown in a table with the fmt `spec` and at least `width`.
inline runtime::Column Number(const char* name, const char* unit = "", const char* spec = "", unsigned width = 0) {
  std::string bad;
  runtime::Column c{name, runtime::Column::Kind::Real, *unit ? *units::ParseUnitString(unit, &bad) : units::Unit{}};
  c.table_spec = spec;
  c.width = width;
  return c;
}

inline runtime::Column Text(const char* name, const runtime::Labels& t, unsigned width = 0,
                            runtime::Column::Align align = runtime::Column::Align::Auto) {
  runtime::Column c = t.Named(name);
  c.width = width, c.align = align;
  return c;
}

inline void Emit(runtime::Sink& sink, const std::vector<runtime::Column>& cols,
                 const std::vector<std::vector<double>>& cells) {
  sink.Begin("", cols);
  for (const std::vector<double>& c : cells) sink.Row(c.data());
  sink.End();
}

}  // namespace rl::advise

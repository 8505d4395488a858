// A result as a chart reads it: the rows a command's sink received (CollectInto), or the
// CSV or JSON that `sweep`, `advise` and `stats` write (`-o out.csv`, `--format json`)
// read back by `ringline plot`. CSV headers are `name[unit]` (runtime/sinks.h); JSON
// columns are `{"name": ..., "unit": ...}` objects, or `name[unit]` strings. Cells keep
// their text as the CSV sink writes it; a column whose every cell reads as a number (or
// is `true`/`false`) is numeric too, so rows in memory and rows read back chart alike.
#pragma once
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/Error.h>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runtime/sinks.h"

namespace rl::chart {

struct ResultColumn {
  std::string name;
  std::string unit;  // "" for plain numbers and text
  std::vector<std::string> text;
  std::vector<double> number;  // filled when `numeric`
  bool numeric = false;
  // "name [unit]", or "name": an axis label.
  std::string Label() const { return unit.empty() ? name : name + " [" + unit + "]"; }
};

struct ResultTable {
  std::vector<ResultColumn> columns;
  size_t rows = 0;
  // The column named `name`, or nullptr.
  const ResultColumn* Find(const std::string& name) const;
  std::vector<std::string> Names() const;
};

// The number a cell holds: `4`, `1.5e-3`, `true` (1), `false` (0); nullopt for text.
std::optional<double> CellNumber(llvm::StringRef cell);

// The most columns a result read back may have (a column costs about 120 bytes before
// its first cell).
inline constexpr size_t kMaxColumns = 65536;
// `text` as CSV or JSON (`json`); the error says which line or what is wrong.
llvm::Expected<ResultTable> ParseResultCsv(const std::string& text);
llvm::Expected<ResultTable> ParseResultJson(const std::string& text);
// The file at `path`, by its extension (.csv or .json); a regular file of at most 256 MiB.
llvm::Expected<ResultTable> ReadResultTable(const std::string& path);

// A sink that appends the rows it receives to `table` (whose columns it sets at Begin).
std::unique_ptr<runtime::Sink> CollectInto(ResultTable& table);

}  // namespace rl::chart

// The chart of a result (library rl_chart): which columns go on the axes, which column
// splits the rows into lines, which rows count. `ringline plot`, `sweep --plot` and
// `advise --plot` all draw through it.
#pragma once
#include <llvm/Support/Error.h>

#include <string>
#include <vector>

#include "compiler/chart/chart.h"
#include "compiler/chart/results.h"

namespace rl::chart {

struct PlotSpec {
  std::string x;
  std::vector<std::string> y;
  std::string series;              // "": the `strategy` column when there is one, else none
  std::vector<std::string> where;  // NAME=VALUE: only the rows whose NAME is VALUE
  bool logx = false, logy = false;
  bool keep_infeasible = false;    // else rows whose `feasible` column is false are left out
  std::string title;
  std::string pick = "--where";    // the option that keeps one value of a column, for messages
};

// The chart of `table` (named `source` in messages). The error names what is wrong, with
// its diagnostic kind (diag::MakeError): an unknown column (with a did-you-mean), a text
// column on an axis, rows of one line that share an x, nothing left to draw.
llvm::Expected<Chart> ChartOf(const ResultTable& table, const PlotSpec& spec, const std::string& source);

}  // namespace rl::chart

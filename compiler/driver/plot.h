// `ringline plot`'s charts of results (plot_command.cpp): which columns go on the axes,
// which column splits the rows into lines, which rows count, and the chart that makes.
// `sweep --plot` and `advise --plot` build the same chart from their own rows.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "compiler/driver/chart.h"
#include "compiler/driver/options.h"
#include "compiler/driver/result_table.h"

namespace rl::driver {

// Shared by `plot` and `sweep --plot`.
extern cl::opt<std::string> PlotX, PlotSeries, PlotTitle;
extern cl::list<std::string> PlotY;
extern cl::opt<bool> PlotLogX, PlotLogY;
// `sweep --plot FILE`, `advise --plot FILE`.
extern cl::opt<std::string> PlotFile;

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

// The chart of `table` (read from `source`, named in messages); nullopt after a message
// (an unknown column with a did-you-mean, a text column on an axis, rows of one line
// that share an x, nothing left to draw).
std::optional<Chart> ChartOf(const ResultTable& table, const PlotSpec& spec, const std::string& source);

// The chart of the CSV that a command wrote to `csv`, drawn into `path`.
Exit PlotCsv(const std::string& csv, const PlotSpec& spec, const std::string& path,
             const std::vector<std::string>& inputs);

}  // namespace rl::driver

// The plot options shared by `plot`, `sweep --plot` and `advise --plot`, and drawing a
// chart (compiler/chart) into the file a command names.
#pragma once
#include <string>
#include <vector>

#include "compiler/chart/plot.h"
#include "compiler/driver/options.h"
#include "compiler/driver/messages.h"

namespace rl::driver {

// Shared by `plot` and `sweep --plot`.
extern cl::opt<std::string> PlotX, PlotSeries, PlotTitle;
extern cl::list<std::string> PlotY;
extern cl::opt<bool> PlotLogX, PlotLogY;
// `sweep --plot FILE`, `advise --plot FILE`.
extern cl::opt<std::string> PlotFile;

// Whether `path` names a chart format (.svg, .png); false after a message.
bool ChartPathOk(const std::string& path);

// Draws `chart` into `path` through a temporary renamed into place (evaluate.h Output),
// refusing a target that is one of `inputs`; its notes go to stderr. kUsageError after a
// message when gnuplot is missing or fails, or the file cannot be written.
Exit RenderChart(const chart::Chart& chart, const std::string& path, const std::vector<std::string>& inputs);

// The chart of the rows a command collected (chart::CollectInto), drawn into `path`.
Exit PlotRows(const chart::ResultTable& rows, const chart::PlotSpec& spec, const std::string& path,
              const std::vector<std::string>& inputs);

}  // namespace rl::driver

// A chart and its drawing by gnuplot, for `ringline plot`, `sweep --plot` and `advise
// --plot`: lines (or points) of (x, y) pairs with axis labels and log axes, written as
// SVG or PNG by the output file's extension. gnuplot is Debian's `gnuplot-nox` (the
// Makefile installs it); $RINGLINE_GNUPLOT names another binary.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "compiler/driver/session.h"

namespace rl::driver {

struct Series {
  std::string title;
  std::vector<std::pair<double, double>> points;  // drawn in this order
  enum class Style { LinesPoints, Lines, Points } style = Style::LinesPoints;
};

struct Chart {
  std::string title, xlabel, ylabel;
  bool logx = false, logy = false;
  std::vector<Series> series;
};

enum class ChartFormat { Svg, Png };

// The format `path`'s extension names (.svg, .png); nullopt after a message.
std::optional<ChartFormat> ChartFormatFor(const std::string& path);

// The gnuplot script that draws `chart` into `output` (data inline, as datablocks).
std::string GnuplotScript(const Chart& chart, ChartFormat format, const std::string& output);

// Draws `chart` into `path` through a temporary renamed into place (evaluate.h Output),
// refusing a target that is one of `inputs`. kUsageError after a message when gnuplot is
// missing or fails, or the file cannot be written.
Exit RenderChart(const Chart& chart, const std::string& path, const std::vector<std::string>& inputs);

}  // namespace rl::driver

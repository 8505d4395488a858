// A chart and its drawing by gnuplot, for `ringline plot`, `sweep --plot` and `advise
// --plot` (library rl_chart): lines (or points) of (x, y) pairs with axis labels and log
// axes, written as SVG or PNG by the output file's extension. gnuplot is Debian's
// `gnuplot-nox` (the Makefile installs it); $RINGLINE_GNUPLOT names another binary.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <llvm/Support/Error.h>

namespace rl::chart {

struct Series {
  std::string title;
  std::vector<std::pair<double, double>> points;  // drawn in this order
  // Bars: a horizontal bar from x = 0 to each point's x, at its y (a tornado chart).
  enum class Style { LinesPoints, Lines, Points, Bars } style = Style::LinesPoints;
};

struct Chart {
  std::string title, xlabel, ylabel;
  bool logx = false, logy = false;
  std::vector<Series> series;
  std::vector<std::string> notes;  // what was left out and why (`3 points are not drawn: ...`)
  // Labels at y positions instead of numbers (a tornado chart's inputs); none: numbers.
  std::vector<std::pair<double, std::string>> ylabels;
};

enum class ChartFormat { Svg, Png };

// The format `path`'s extension names (.svg, .png); the error: `cannot draw `x`: a chart
// is a .svg or .png file`.
llvm::Expected<ChartFormat> ChartFormatFor(const std::string& path);

// The gnuplot script that draws `chart` into `output` (data inline, as datablocks).
std::string GnuplotScript(const Chart& chart, ChartFormat format, const std::string& output);

// Runs gnuplot to draw `chart` into `output` (a temporary the caller renames onto
// `target`, the name messages give). The error says why: gnuplot is missing, failed or
// wrote nothing.
llvm::Error DrawChart(const Chart& chart, ChartFormat format, const std::string& output, const std::string& target);

}  // namespace rl::chart

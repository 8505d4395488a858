// Drawing a Chart with gnuplot (see chart.h). The script and the data go to gnuplot in
// one temporary file (datablocks: `$d0 << EOD`), gnuplot runs without init files
// (`-d`) through llvm::sys::ExecuteAndWait, and writes the caller's temporary, which
// the caller renames into place only when it succeeded.
#include "compiler/chart/chart.h"

#include <fmt/format.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/ConvertUTF.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/FileUtilities.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Program.h>
#include <llvm/Support/raw_ostream.h>

#include <cmath>
#include <iterator>
#include <cstdlib>

#include "compiler/diag/diag.h"

namespace rl::chart {
namespace {

// gnuplot's single-quoted string: no backslash escapes, no backquote command or `@`
// macro substitution; a quote is doubled. One line.
std::string Quoted(llvm::StringRef s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += "''";
    else if (c == '\n' || c == '\r') out += ' ';
    else out += c;
  }
  return out + "'";
}

// A text for the chart (a title, an axis label, a series' name from the data): each byte
// that does not begin a well-formed UTF-8 sequence becomes U+FFFD and each control
// character a space, since the SVG gnuplot writes is XML, which allows neither.
std::string Text(llvm::StringRef s) {
  std::string out;
  const auto* p = reinterpret_cast<const llvm::UTF8*>(s.data());
  const auto* end = p + s.size();
  while (p < end) {
    const unsigned n = llvm::getNumBytesForUTF8(*p);
    if (*p < 0x20 || *p == 0x7f) {
      out += ' ';
      ++p;
    } else if (n >= 1 && n <= static_cast<unsigned>(end - p) && llvm::isLegalUTF8Sequence(p, p + n)) {
      out.append(reinterpret_cast<const char*>(p), n);
      p += n;
    } else {
      out += "\xEF\xBF\xBD";
      ++p;
    }
  }
  return Quoted(out);
}

// Whether every x is a positive power of two (GPU and node counts): a base-2 log axis
// then puts a tick at each.
bool PowersOfTwo(const Chart& c) {
  bool any = false;
  for (const Series& s : c.series)
    for (auto [x, y] : s.points) {
      int e;
      if (!(x > 0) || std::frexp(x, &e) != 0.5) return false;
      any = true;
    }
  return any;
}

// Series i's style. gnuplot cycles 8 colours; the point shape cycles 5 (filled circle,
// square, triangle up, triangle down, diamond), so the first 40 lines differ in one.
std::string StyleOf(Series::Style s, size_t i) {
  static constexpr int kShapes[] = {7, 5, 9, 11, 13};
  const int pt = kShapes[i % std::size(kShapes)];
  switch (s) {
    case Series::Style::LinesPoints: return fmt::format("linespoints pt {} ps 0.7 lw 1.5", pt);
    case Series::Style::Lines: return "lines lw 2";
    case Series::Style::Points: return fmt::format("points pt {} ps 0.9", pt);
    case Series::Style::Bars: return "boxxyerror fill solid 0.6 noborder";
  }
  return "";
}

using diag::Kind;
using diag::MakeError;

// The gnuplot binary: $RINGLINE_GNUPLOT, else `gnuplot` on PATH.
llvm::Expected<std::string> FindGnuplot(const std::string& target) {
  if (const char* env = std::getenv("RINGLINE_GNUPLOT"); env && *env) {
    if (llvm::sys::fs::can_execute(env)) return env;
    return MakeError(
        Kind::tool_error,
        fmt::format("cannot draw `{}`: RINGLINE_GNUPLOT names `{}`, which is not an executable program", target, env));
  }
  if (llvm::ErrorOr<std::string> p = llvm::sys::findProgramByName("gnuplot")) return *p;
  return MakeError(Kind::tool_error,
                   fmt::format("cannot draw `{}`: gnuplot is not installed (Debian: `apt-get install gnuplot-nox`, or "
                               "`make setup`; or set RINGLINE_GNUPLOT to its path)",
                               target));
}

}  // namespace

llvm::Expected<ChartFormat> ChartFormatFor(const std::string& path) {
  llvm::StringRef p(path);
  if (p.ends_with_insensitive(".svg")) return ChartFormat::Svg;
  if (p.ends_with_insensitive(".png")) return ChartFormat::Png;
  return MakeError(Kind::file_error, fmt::format("cannot draw `{}`: a chart is a .svg or .png file", path));
}

std::string GnuplotScript(const Chart& c, ChartFormat format, const std::string& output) {
  std::string s;
  // noenhanced: `data_overlap` is a name, not `data` with a subscript.
  s += format == ChartFormat::Svg
           ? "set terminal svg size 900,560 dynamic noenhanced font 'sans,12' background rgb 'white'\n"
           : "set terminal pngcairo size 900,560 noenhanced font 'sans,11' background rgb 'white'\n";
  s += "set encoding utf8\nset output " + Quoted(output) + "\n";
  if (!c.title.empty()) s += "set title " + Text(c.title) + "\n";
  s += "set xlabel " + Text(c.xlabel) + "\nset ylabel " + Text(c.ylabel) + "\n";
  s += "set grid\nset key outside right top\nset format x '%g'\nset format y '%g'\n";
  if (c.logx) s += PowersOfTwo(c) ? "set logscale x 2\n" : "set logscale x 10\n";
  if (c.logy) s += "set logscale y 10\n";
  if (!c.ylabels.empty()) {
    std::string tics;
    for (const auto& [y, label] : c.ylabels) tics += fmt::format("{}{} {}", tics.empty() ? "" : ", ", Text(label), y);
    s += fmt::format("set ytics ({})\nset yrange [-1:{}]\nset xzeroaxis lw 1.5\n", tics, c.ylabels.size());
  }
  std::string plots;
  for (size_t i = 0; i < c.series.size(); ++i) {
    s += fmt::format("$d{} << EOD\n", i);
    for (auto [x, y] : c.series[i].points)
      if (std::isfinite(x) && std::isfinite(y)) s += fmt::format("{} {}\n", x, y);
    s += "EOD\n";
    // A bar from 0 to x: centred at x/2, half as wide as |x|, 0.35 high each side.
    const char* columns = c.series[i].style == Series::Style::Bars ? "($1/2):2:(abs($1)/2):(0.35)" : "1:2";
    plots += fmt::format("{}$d{} using {} with {} title {}", i ? ", \\\n  " : "", i, columns,
                         StyleOf(c.series[i].style, i), Text(c.series[i].title));
  }
  return s + "plot " + plots + "\n";
}

llvm::Error DrawChart(const Chart& chart, ChartFormat format, const std::string& output, const std::string& target) {
  llvm::Expected<std::string> gnuplot = FindGnuplot(target);
  if (!gnuplot) return gnuplot.takeError();
  auto fail = [&](Kind kind, const std::string& why) {
    return MakeError(kind, fmt::format("cannot draw `{}`: {}", target, why));
  };
  llvm::SmallString<128> script, log;
  if (std::error_code ec = llvm::sys::fs::createTemporaryFile("ringline-plot", "gp", script))
    return fail(Kind::file_error, "cannot create a temporary file: " + ec.message());
  llvm::FileRemover remove_script(script);
  if (std::error_code ec = llvm::sys::fs::createTemporaryFile("ringline-plot", "log", log))
    return fail(Kind::file_error, "cannot create a temporary file: " + ec.message());
  llvm::FileRemover remove_log(log);
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(script, ec);
    if (ec) return fail(Kind::file_error, "cannot write its gnuplot script: " + ec.message());
    os << GnuplotScript(chart, format, output);
  }
  llvm::StringRef args[] = {*gnuplot, "-d", script};
  std::optional<llvm::StringRef> redirects[] = {llvm::StringRef(""), llvm::StringRef(log), llvm::StringRef(log)};
  std::string err;
  int rc = llvm::sys::ExecuteAndWait(*gnuplot, args, std::nullopt, redirects, /*SecondsToWait=*/60, 0, &err);
  uint64_t size = 0;
  if (rc == 0 && !llvm::sys::fs::file_size(output, size) && size > 0) return llvm::Error::success();
  std::string said;
  if (auto buf = llvm::MemoryBuffer::getFile(log)) said = (*buf)->getBuffer().trim().take_back(2000).str();
  if (rc < 0)
    return fail(Kind::tool_error,
                fmt::format("gnuplot (`{}`) did not run: {}", *gnuplot, err.empty() ? "it crashed or timed out" : err));
  return fail(Kind::tool_error,
              fmt::format("gnuplot (`{}`) failed (exit {}){}{}", *gnuplot, rc, said.empty() ? "" : ":\n", said));
}

}  // namespace rl::chart

// `ringline solve`: the value of one continuous input at which a `Real` report reaches a
// target (docs/sensitivity.md, "Break-even: ringline solve").
//   ringline solve FILE [--scenario NAME] [--set NAME=VALUE]... --report REPORT=VALUE
//                  --vary INPUT [--between LO,HI] [--format table|csv|json] [-o OUT]
// The scenario is lowered once with its inputs traced (check::Compilation::TraceInputs);
// each iterate copies it, moves the input there (a param's value, or a record field's
// tagged constant), appends the derivative by that input (passes::Differentiate),
// optimises it and runs it on the interpreter: the report and its exact derivative.
// Newton's method on them, kept inside a bracket of the target, falls back to bisection
// (geometric on a positive range) whenever a Newton step would leave the bracket, shrinks
// the residual by less than half, or the derivative is 0 or not finite.
#include <fmt/format.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "base/suggest.h"
#include "base/units/units.h"
#include "compiler/api/requires.h"
#include "compiler/driver/commands.h"
#include "compiler/driver/evaluate.h"
#include "compiler/driver/options.h"
#include "compiler/driver/session.h"
#include "compiler/interp/interp.h"
#include "compiler/passes/passes.h"
#include "runtime/sinks.h"

namespace rl::driver {

cl::SubCommand SolveCmd("solve",
                        "Find the value of one continuous input at which a Real report reaches a target "
                        "(Newton's method on the exact derivative, kept in a bracket)");
static cl::list<std::string> SolveFiles(cl::Positional, cl::desc("<spec.rl>"), cl::ZeroOrMore, cl::sub(SolveCmd),
                                        cl::cat(Category));
static cl::opt<std::string> SolveReport("report", cl::desc("The report and the value it should reach: REPORT=VALUE "
                                                           "(with its unit: iter_time=2s)"),
                                        cl::value_desc("REPORT=VALUE"), cl::sub(SolveCmd), cl::cat(Category));
static cl::opt<std::string> SolveVary("vary",
                                      cl::desc("The continuous input to solve for: a Real param, or `param.field` "
                                               "of a record param (the names `eval --sensitivity` lists)"),
                                      cl::value_desc("INPUT"), cl::sub(SolveCmd), cl::cat(Category));
static cl::opt<std::string> SolveBetween("between",
                                         cl::desc("The range to search, with units: LO,HI (default: the param's "
                                                  "values' span, else x/1000 to x*1000 around its value x)"),
                                         cl::value_desc("LO,HI"), cl::sub(SolveCmd), cl::cat(Category));

namespace {

constexpr int kMaxIterations = 100;
constexpr int kScanPoints = 32;       // interior points tried when the ends do not bracket
constexpr double kTolerance = 1e-9;   // relative, on the report
constexpr double kNarrow = 1e-12;     // relative, on the bracket

// An option's text as a buffer of its own named after the option, so that a diagnostic
// points into it (file `--report`, line 1, a column and a caret); counted as an option
// buffer, so errors only there exit 2.
struct OptionText {
  unsigned id = 0;
  std::string text;
  SourceRange All() const { return {id, 0, static_cast<uint32_t>(text.size())}; }
  SourceRange Part(size_t begin, size_t end) const {
    return {id, static_cast<uint32_t>(begin), static_cast<uint32_t>(end)};
  }
};
OptionText AddOption(Session& s, const std::string& label, const std::string& text) {
  OptionText o{s.sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, label), llvm::SMLoc()), text};
  s.option_buffers.push_back(o.id);
  return o;
}

// A value written on the command line, in SI; nullopt after a diagnostic. `dim` the
// dimension it must have, `what` names what it is for messages.
std::optional<double> OptionValue(Session& s, const OptionText& o, size_t begin, size_t end, const units::Dim& dim,
                                  const std::string& label, const std::string& what) {
  const std::string text = o.text.substr(begin, end - begin);
  if (llvm::StringRef(text).trim().empty()) {
    s.diags.Report(Kind::bad_option, o.Part(begin, end), fmt::format("{} is missing its value", what));
    return std::nullopt;
  }
  unsigned buffer = 0;
  std::optional<check::Exported> v = s.comp->EvalText(text, label, &buffer);
  if (buffer) s.option_buffers.push_back(buffer);
  if (!v) return std::nullopt;
  if (v->kind != check::Exported::Kind::Number) {
    s.diags.Report(Kind::type_mismatch, o.Part(begin, end), fmt::format("{} must be a number, got `{}`", what, text));
    return std::nullopt;
  }
  units::Dim got;
  if (!v->unit.empty()) {
    std::string bad;
    std::optional<units::Unit> u = units::ParseUnitString(v->unit, &bad);
    if (u) got = u->dim;
  }
  if (!(got == dim)) {
    s.diags.Report(Kind::unit_mismatch, o.Part(begin, end),
                   fmt::format("{} must be in {}, got `{}` in {}", what, dim.IsNone() ? "no unit (a plain number)" : dim.Str(),
                               llvm::StringRef(text).trim().str(), got.IsNone() ? "no unit" : got.Str()));
    return std::nullopt;
  }
  if (!std::isfinite(v->number)) {
    s.diags.Report(Kind::bad_option, o.Part(begin, end), fmt::format("{} must be finite, got `{}`", what, text));
    return std::nullopt;
  }
  return v->number;
}

std::string UnitName(const ir::Display& d) {
  const std::string& n = d.unit.name;
  return n == "1" ? "" : n;
}
double Shown(double si, const ir::Display& d) { return units::FromSI(si, d.unit); }
// `12.5 GB/s`, `0.95`: a value as a message shows it.
std::string WithUnit(double si, const ir::Display& d) {
  const std::string u = UnitName(d);
  return fmt::format("{:.6g}{}{}", Shown(si, d), u.empty() ? "" : " ", u);
}
std::string DimName(const units::Dim& d) { return d.IsNone() ? "" : d.Str(); }

struct Point {
  double x = NAN, value = NAN, derivative = NAN;
  bool feasible = true;
};

// The report and its derivative by the input at any value of it.
class Problem {
 public:
  Problem(const ir::Scenario& traced, uint32_t input, size_t report)
      : traced_(traced), input_(input), report_(report) {
    for (const ir::Param& p : traced.params) params_.push_back(p.default_value);
  }
  const ir::Input& input() const { return traced_.inputs[input_]; }
  double Current() const {
    return input().param >= 0 ? params_[static_cast<size_t>(input().param)] : input().value;
  }

  // The scenario at x, with the derivative by the input, optimised; `params` its params.
  ir::Scenario At(double x, std::vector<double>& params) const {
    ir::Scenario s = traced_;
    params = params_;
    if (input().param >= 0) params[static_cast<size_t>(input().param)] = x;
    else s.insts[input().seed.index].imm = x;
    passes::Differentiate(s, {input_});
    passes::RunPipeline(s);
    return s;
  }

  Point Eval(double x) {
    ++evaluations;
    std::vector<double> params;
    ir::Scenario s = At(x, params);
    std::vector<double> out(s.reports.size());
    Point p;
    p.x = x;
    p.feasible = interp::Evaluator(s).Run(params.data(), out.data());
    p.value = out[report_];
    p.derivative = 0;  // no derivative report: the report does not depend on the input
    for (size_t k = s.PrimalReports(); k < s.reports.size(); ++k)
      if (s.reports[k].tangent_of == static_cast<int32_t>(report_) && s.reports[k].wrt == static_cast<int32_t>(input_)) p.derivative = out[k];
    return p;
  }

  int evaluations = 0;

 private:
  const ir::Scenario& traced_;
  uint32_t input_;
  size_t report_;
  std::vector<double> params_;
};

// The midpoint bisection takes: geometric on a positive range (bandwidths, sizes and
// times span decades), else arithmetic.
double Mid(double a, double b) {
  if (a > 0 && b > 0) return std::sqrt(a) * std::sqrt(b);
  return a + (b - a) / 2;
}

struct Solution {
  Point at;
  int iterations = 0;
  // "newton" or "bisection" (the step that found it); "start" when the input's own value
  // does, "scan" when an end or a point of the scan does.
  std::string method;
  bool converged = true;   // the report is within the tolerance of the target
  Point below, above;      // the bracket's ends when it closed on a jump instead
};

// Newton's method kept inside [a, b], where report - target changes sign.
Solution Solve(Problem& prob, Point a, Point b, double target, double tol) {
  auto g = [&](const Point& p) { return p.value - target; };
  const bool a_negative = g(a) < 0;
  Solution out;
  double x = prob.Current();
  std::string method = "start";  // the input's own value, when inside the bracket
  if (!(x > a.x && x < b.x)) x = Mid(a.x, b.x), method = "bisection";
  bool last_newton = false;
  double last_residual = INFINITY;
  for (int it = 1; it <= kMaxIterations; ++it) {
    Point p = prob.Eval(x);
    out.iterations = it;
    out.at = p;
    out.method = method;
    const double r = g(p);
    if (!std::isfinite(r)) {
      // Not finite inside the bracket: bisect towards the end whose side is unknown.
      out.converged = false;
      return out;
    }
    if (std::fabs(r) <= tol) return out;
    if ((r < 0) == a_negative) a = p;
    else b = p;
    if (b.x - a.x <= kNarrow * std::max(std::fabs(a.x), std::fabs(b.x))) {
      // The bracket closed without the report reaching the target: it jumps across it
      // (a step: `ceil`, an `if`), between a and b.
      out.converged = false;
      out.below = a, out.above = b;
      out.at = std::fabs(g(a)) <= std::fabs(g(b)) ? a : b;
      return out;
    }
    bool newton = std::isfinite(p.derivative) && p.derivative != 0 &&
                  !(last_newton && std::fabs(r) > 0.5 * last_residual);
    double next = newton ? x - r / p.derivative : NAN;
    if (!(next > a.x && next < b.x)) newton = false;
    if (!newton) next = Mid(a.x, b.x);
    last_newton = newton;
    last_residual = std::fabs(r);
    method = newton ? "newton" : "bisection";
    x = next;
  }
  out.converged = std::fabs(g(out.at)) <= tol;
  return out;
}

std::string Json(double v) { return std::isfinite(v) ? units::FormatNumber(v) : "null"; }

}  // namespace

int RunSolve() {
  if (SolveFiles.size() != 1) return Fail(Kind::bad_usage, "`solve` takes one spec file");
  if (SolveReport.empty())
    return Fail(Kind::bad_usage, "name the report and the value it should reach with --report REPORT=VALUE");
  if (SolveVary.empty()) return Fail(Kind::bad_usage, "name the input to solve for with --vary INPUT");
  std::optional<runtime::Format> format = PickFormat(runtime::Format::Table);
  if (!format) return kUsageError;

  Session s;
  if (Exit e = s.Load(SolveFiles[0]); e != kOk) return e;
  if (!s.comp->CheckLets()) return s.FailureExit();
  std::optional<std::string> name = s.PickScenario(ScenarioName);
  if (!name) return kUsageError;
  std::vector<check::Override> sets;
  if (!s.ParseSets(Sets, sets)) return s.FailureExit();
  s.comp->TraceInputs(true);
  std::optional<check::Variants> variants = s.comp->LowerVariants(*name, sets, {}, /*all_values=*/false);
  s.comp->TraceInputs(false);
  if (!variants) return s.FailureExit();
  const ir::Scenario& traced = variants->scenarios[0];

  // --vary: one of the scenario's continuous inputs.
  const OptionText vary = AddOption(s, "--vary", SolveVary);
  std::vector<std::string> inputs;
  for (const ir::Input& x : traced.inputs) inputs.push_back(x.name);
  auto in_at = std::find(inputs.begin(), inputs.end(), llvm::StringRef(SolveVary).trim().str());
  if (in_at == inputs.end()) {
    s.diags.Report(Kind::bad_option, vary.All(),
                   NotOneOf("--vary", llvm::StringRef(SolveVary).trim(), "continuous input",
                            "scenario `" + traced.name + "`", inputs));
    return s.FailureExit();
  }
  const auto input = static_cast<uint32_t>(in_at - inputs.begin());
  const ir::Input& in = traced.inputs[input];
  // Every other param --set names has one value, as for `eval`.
  for (const check::Override& o : sets)
    for (const ir::Param& p : traced.params)
      if (p.name == o.name && p.values.size() != 1 && static_cast<int32_t>(&p - traced.params.data()) != in.param) {
        s.diags.Report(Kind::bad_option, o.range,
                       fmt::format("`solve` takes one value per param besides the one it varies; `--set {}` gives {}",
                                   p.name, p.values.size()));
        return s.FailureExit();
      }

  // --report REPORT=VALUE: a Real report and a target in its dimension.
  const OptionText rep = AddOption(s, "--report", SolveReport);
  const size_t eq = rep.text.find('=');
  const std::string rname = llvm::StringRef(rep.text.substr(0, eq)).trim().str();
  std::vector<std::string> reals;
  for (size_t k = 0; k < traced.PrimalReports(); ++k)
    if (traced.reports[k].display.kind == ir::Display::Kind::Real) reals.push_back(traced.reports[k].name);
  size_t report = traced.reports.size();
  for (size_t k = 0; k < traced.PrimalReports(); ++k)
    if (traced.reports[k].name == rname) report = k;
  const SourceRange name_range = rep.Part(0, eq == std::string::npos ? rep.text.size() : eq);
  if (report == traced.reports.size()) {
    s.diags.Report(Kind::bad_option, name_range,
                   NotOneOf("--report", rname, "Real report", "scenario `" + traced.name + "`", reals));
    return s.FailureExit();
  }
  const ir::Report& r = traced.reports[report];
  if (r.display.kind != ir::Display::Kind::Real) {
    s.diags.Report(Kind::bad_option, name_range,
                   fmt::format("`{}` is {} report; `solve` needs a Real one (its Real reports are {})", rname,
                               r.display.kind == ir::Display::Kind::Int ? "an Int" : "a Bool",
                               reals.empty() ? std::string("none") : QuotedAlternatives(reals, ", ")));
    return s.FailureExit();
  }
  if (eq == std::string::npos) {
    s.diags.Report(Kind::bad_option, rep.All(),
                   fmt::format("--report takes REPORT=VALUE, the value `{}` should reach (with its unit)", rname));
    return s.FailureExit();
  }
  std::optional<double> target = OptionValue(s, rep, eq + 1, rep.text.size(), r.display.dim, "--report",
                                             fmt::format("the target of `{}`", rname));
  if (!target) return s.FailureExit();

  // The range: --between, else the param's values' span, else x/1000 .. x*1000.
  Problem prob(traced, input, report);
  const double x0 = prob.Current();
  double lo = 0, hi = 0;
  if (!SolveBetween.empty()) {
    const OptionText bt = AddOption(s, "--between", SolveBetween);
    const size_t comma = bt.text.find(',');
    if (comma == std::string::npos || bt.text.find(',', comma + 1) != std::string::npos) {
      s.diags.Report(Kind::bad_option, bt.All(), fmt::format("--between takes two values, LO,HI, got `{}`", bt.text));
      return s.FailureExit();
    }
    std::optional<double> l = OptionValue(s, bt, 0, comma, in.display.dim, "--between", "the range's low end");
    std::optional<double> h =
        l ? OptionValue(s, bt, comma + 1, bt.text.size(), in.display.dim, "--between", "the range's high end")
          : std::nullopt;
    if (!l || !h) return s.FailureExit();
    if (!(*l < *h)) {
      s.diags.Report(Kind::bad_option, bt.All(),
                     fmt::format("--between's low end must be below its high end, got {} and {}", WithUnit(*l, in.display),
                                 WithUnit(*h, in.display)));
      return s.FailureExit();
    }
    lo = *l, hi = *h;
  } else if (in.param >= 0 && traced.params[static_cast<size_t>(in.param)].values.size() > 1) {
    const std::vector<double>& v = traced.params[static_cast<size_t>(in.param)].values;
    lo = *std::min_element(v.begin(), v.end());
    hi = *std::max_element(v.begin(), v.end());
  } else if (x0 > 0 && std::isfinite(x0)) {
    lo = x0 / 1000, hi = x0 * 1000;
  } else {
    s.diags.Report(Kind::bad_option, vary.All(),
                   fmt::format("`{}` is {} here, so there is no range around it to search; give one with "
                               "--between LO,HI",
                               in.name, WithUnit(x0, in.display)));
    return s.FailureExit();
  }

  // Bracket: the ends, then kScanPoints between them (log-spaced on a positive range)
  // until report - target changes sign; the first change from the low end is taken.
  const double tol = kTolerance * std::fabs(*target);
  std::vector<Point> scanned = {prob.Eval(lo), prob.Eval(hi)};
  auto g = [&](const Point& p) { return p.value - *target; };
  auto brackets = [&](const Point& a, const Point& b) {
    return std::isfinite(g(a)) && std::isfinite(g(b)) && ((g(a) <= 0 && g(b) >= 0) || (g(a) >= 0 && g(b) <= 0));
  };
  std::optional<std::pair<Point, Point>> bracket;
  if (brackets(scanned[0], scanned[1])) {
    bracket = {scanned[0], scanned[1]};
  } else {
    std::vector<Point> line = {scanned[0]};
    for (int i = 1; i <= kScanPoints; ++i) {
      const double t = double(i) / (kScanPoints + 1);
      line.push_back(prob.Eval(lo > 0 ? lo * std::pow(hi / lo, t) : lo + (hi - lo) * t));
    }
    line.push_back(scanned[1]);
    scanned = line;
    const Point* last = nullptr;
    for (const Point& p : line) {
      if (!std::isfinite(g(p))) continue;
      if (last && brackets(*last, p)) {
        bracket = {*last, p};
        break;
      }
      last = &p;
    }
  }
  const ir::Display& rd = r.display;
  if (!bracket) {
    double least = INFINITY, most = -INFINITY;
    for (const Point& p : scanned)
      if (std::isfinite(p.value)) least = std::min(least, p.value), most = std::max(most, p.value);
    std::string seen = least <= most ? fmt::format("; at {} points in between it stays within [{}, {}]", kScanPoints,
                                                   WithUnit(least, rd), WithUnit(most, rd))
                                     : "";
    s.diags.Report(Kind::no_solution, r.range,
                   fmt::format("no value of `{}` in [{}, {}] brings `{}` to {}: it is {} at {} and {} at {}{}{}", in.name,
                               WithUnit(lo, in.display), WithUnit(hi, in.display), r.name, WithUnit(*target, rd),
                               WithUnit(scanned.front().value, rd), WithUnit(lo, in.display),
                               WithUnit(scanned.back().value, rd), WithUnit(hi, in.display), seen,
                               SolveBetween.empty() ? "; widen the range with --between LO,HI" : ""));
    return kSpecError;
  }

  Solution sol;
  const Point& a = bracket->first;
  const Point& b = bracket->second;
  if (std::fabs(g(a)) <= tol || std::fabs(g(b)) <= tol) {
    sol.at = std::fabs(g(a)) <= std::fabs(g(b)) ? a : b;
    sol.method = "scan";
  } else {
    sol = Solve(prob, a.x < b.x ? a : b, a.x < b.x ? b : a, *target, tol);
  }
  if (!std::isfinite(sol.at.value)) {
    s.diags.Report(Kind::non_finite, r.range,
                   fmt::format("`{}` is {} at {} = {}, inside the bracket of the target", r.name, sol.at.value, in.name,
                               WithUnit(sol.at.x, in.display)));
    return kSpecError;
  }

  // The output: the input at the solution, the report there, the derivative (SI).
  const std::string dunit = DimName(rd.dim / in.display.dim);
  const std::string dname = fmt::format("d_{}_d_{}", r.name, in.name);
  Output out;
  if (!out.Open()) return kUsageError;
  std::ostream& os = out.stream();
  const std::string iu = UnitName(in.display), ru = UnitName(rd);
  if (*format == runtime::Format::Csv) {
    os << "input,value,unit,report,report_value,report_unit,target,derivative,derivative_unit,iterations,method,"
          "feasible,converged\n";
    os << fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{}\n", in.name, units::FormatNumber(Shown(sol.at.x, in.display)),
                      iu, r.name, units::FormatNumber(Shown(sol.at.value, rd)), ru,
                      units::FormatNumber(Shown(*target, rd)), units::FormatNumber(sol.at.derivative), dunit,
                      sol.iterations, sol.method, sol.at.feasible, sol.converged);
  } else if (*format == runtime::Format::Json) {
    os << fmt::format(
        "{{\"input\":{},\"value\":{},\"unit\":{},\"report\":{},\"report_value\":{},\"report_unit\":{},\"target\":{},"
        "\"derivative\":{},\"derivative_unit\":{},\"iterations\":{},\"method\":{},\"feasible\":{},\"converged\":{},"
        "\"between\":[{},{}]}}\n",
        runtime::JsonString(in.name), Json(Shown(sol.at.x, in.display)), runtime::JsonString(iu),
        runtime::JsonString(r.name), Json(Shown(sol.at.value, rd)), runtime::JsonString(ru), Json(Shown(*target, rd)),
        Json(sol.at.derivative), runtime::JsonString(dunit), sol.iterations, runtime::JsonString(sol.method),
        sol.at.feasible, sol.converged, Json(Shown(lo, in.display)), Json(Shown(hi, in.display)));
  } else {
    const size_t w = std::max({in.name.size(), r.name.size(), dname.size(), std::string("iterations").size()});
    auto line = [&](const std::string& k, const std::string& v) { os << fmt::format("{:<{}} = {}\n", k, w, v); };
    auto num = [](double v, const std::string& u) { return fmt::format("{:.6g}{}{}", v, u.empty() ? "" : " ", u); };
    line(in.name, num(Shown(sol.at.x, in.display), iu));
    line(r.name, num(Shown(sol.at.value, rd), ru) + fmt::format("  (target {})", num(Shown(*target, rd), ru)));
    line(dname, num(sol.at.derivative, dunit));
    line("iterations", std::to_string(sol.iterations));
    line("method", sol.method);
    if (!sol.at.feasible) line("feasible", "false");
    if (!sol.converged && std::isfinite(sol.below.value))
      os << fmt::format("`{}` jumps across the target at `{}` = {}: it is {} on one side and {} on the other\n", r.name,
                        in.name, num(Shown(sol.at.x, in.display), iu), num(Shown(sol.below.value, rd), ru),
                        num(Shown(sol.above.value, rd), ru));
  }
  // An infeasible solution is an answer, as for `eval`: a note at each require it fails.
  if (!sol.at.feasible) {
    std::vector<double> params;
    ir::Scenario at = prob.At(sol.at.x, params);
    api::RequireOutcomes outcomes(at, /*jit=*/false, 0, std::nullopt);
    api::NoteFailedRequires(s.diags, at, outcomes.At(params.data()));
  }
  return out.Commit() ? kOk : kUsageError;
}

void AddSolveOptions() {
  ShareWith(SolveCmd, {std::addressof(AllowPaths), &OutputFormat, &OutputFile, &ScenarioName, std::addressof(Sets),
                       &MaxErrors});
}

}  // namespace rl::driver

// The subcommands: check, emit, eval, sweep.
#include "compiler/driver/commands.h"

#include <fmt/format.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>

#include <fstream>
#include <iostream>

#include "compiler/ast/ast.h"
#include "compiler/driver/options.h"
#include "compiler/driver/session.h"
#include "compiler/interp/interp.h"
#include "compiler/parse/parse.h"
#include "compiler/passes/passes.h"
#include "runtime/sinks.h"
#include "runtime/sweep.h"

namespace rl::driver {
namespace {

// Splits on lines that are exactly `// -----`, keeping every chunk's line numbers by
// blanking the other chunks' lines.
std::vector<std::string> SplitInput(llvm::StringRef text) {
  std::vector<std::string> chunks(1);
  std::vector<size_t> starts{0};
  size_t line_count = 0;
  llvm::SmallVector<llvm::StringRef, 64> lines;
  text.split(lines, '\n');
  std::vector<std::string> out;
  std::string cur;
  size_t blank = 0;
  for (llvm::StringRef l : lines) {
    if (l.trim() == "// -----") {
      out.push_back(cur);
      blank = line_count + 1;
      cur = std::string(blank, '\n');
    } else {
      cur += l.str() + "\n";
    }
    ++line_count;
  }
  out.push_back(cur);
  return out;
}

Exit CheckOne(const std::string& path) {
  if (!SplitInputFile) {
    Session s(VerifyDiagnostics);
    Exit e = s.Load(path);
    if (s.comp->Root() && !s.comp->CheckAll()) e = std::max(e, kSpecError);
    if (VerifyDiagnostics && s.root_buffer) return s.Verify();
    return e;
  }
  auto buf = llvm::MemoryBuffer::getFile(path, true);
  if (!buf) {
    llvm::errs() << fmt::format("ringline: error: cannot open `{}`: {}\n", path, buf.getError().message());
    return kUsageError;
  }
  Exit worst = kOk;
  for (const std::string& chunk : SplitInput((*buf)->getBuffer())) {
    Session s(VerifyDiagnostics);
    Exit e = s.LoadText(chunk, path);
    if (s.comp->Root() && !s.comp->CheckAll()) e = std::max(e, kSpecError);
    if (VerifyDiagnostics) e = s.Verify();
    worst = std::max(worst, e);
  }
  return worst;
}

std::vector<runtime::Column> Columns(const ir::Scenario& s, bool feasible_column) {
  std::vector<runtime::Column> cols;
  auto kind = [](const ir::Display& d) {
    return d.kind == ir::Display::Kind::Int ? runtime::Column::Kind::Int
           : d.kind == ir::Display::Kind::Bool ? runtime::Column::Kind::Bool : runtime::Column::Kind::Real;
  };
  for (const ir::Param& p : s.params) cols.push_back({p.name, kind(p.display), p.display.unit});
  for (const ir::Report& r : s.reports) cols.push_back({r.name, kind(r.display), r.display.unit});
  if (feasible_column) cols.push_back({"feasible", runtime::Column::Kind::Bool, units::Unit{}});
  return cols;
}

// Compiles the chosen scenario through the pipeline; nullopt with `exit` set otherwise.
std::optional<ir::Scenario> Compile(Session& s, Exit& exit) {
  exit = s.Load(Files[0]);
  if (exit != kOk) return std::nullopt;
  std::optional<std::string> name = s.PickScenario(ScenarioName);
  if (!name) {
    exit = kUsageError;
    return std::nullopt;
  }
  std::vector<check::Override> sets;
  std::vector<check::UnitChoice> units;
  if (!s.ParseSets(Sets, sets) || !s.ParseUnits(UnitChoices, units)) {
    exit = s.diags.ErrorCount() ? kSpecError : kUsageError;
    return std::nullopt;
  }
  std::optional<ir::Scenario> sc = s.comp->Lower(*name, sets, units);
  if (!sc) {
    exit = kSpecError;
    return std::nullopt;
  }
  passes::RunPipeline(*sc);
  return sc;
}

std::string ParamText(const ir::Scenario& s, const double* params) {
  std::string out;
  for (size_t i = 0; i < s.params.size(); ++i) {
    runtime::Column c{s.params[i].name, s.params[i].display.kind == ir::Display::Kind::Real
                                            ? runtime::Column::Kind::Real : runtime::Column::Kind::Int,
                      s.params[i].display.unit};
    if (s.params[i].display.kind == ir::Display::Kind::Bool) c.kind = runtime::Column::Kind::Bool;
    out += fmt::format("{}{}={}{}", i ? ", " : "", c.name, runtime::FormatCell(c, params[i]),
                       c.unit.name.empty() ? "" : " " + c.unit.name);
  }
  return out.empty() ? "(no params)" : out;
}

// A non-finite report is a run-time error pointing at the formula that produced it.
bool ReportNonFinite(Session& s, const ir::Scenario& sc, const double* params) {
  std::optional<interp::Failure> f = interp::FindNonFinite(sc, params);
  if (!f) return false;
  const ir::Report& r = sc.reports[f->report];
  SourceRange at = sc[f->origin].range.Valid() ? sc[f->origin].range : r.range;
  s.diags.Report(diag::Kind::non_finite, at,
                 fmt::format("report `{}` is {} at {}: {} here", r.name, units::FormatNumber(f->value),
                             ParamText(sc, params), f->reason));
  return true;
}

std::optional<runtime::Format> PickFormat(runtime::Format fallback) {
  std::string f = OutputFormat;
  if (f.empty() && !OutputFile.empty()) {
    llvm::StringRef o(OutputFile);
    if (o.ends_with(".csv")) f = "csv";
    else if (o.ends_with(".json")) f = "json";
  }
  if (f.empty()) return fallback;
  if (f == "table") return runtime::Format::Table;
  if (f == "csv") return runtime::Format::Csv;
  if (f == "json") return runtime::Format::Json;
  llvm::errs() << fmt::format("ringline: error: unknown --format `{}`; use table, csv or json\n", f);
  return std::nullopt;
}

bool CheckBackend() {
  if (Backend == "interp") return true;
  llvm::errs() << fmt::format("ringline: error: unknown --backend `{}`; available: interp\n", std::string(Backend));
  return false;
}

// Output goes to a temporary file renamed into place at the end, so a failed run never
// leaves a half-written file under the requested name.
class Output {
 public:
  bool Open() {
    if (OutputFile.empty()) return true;
    tmp_ = OutputFile + ".tmp";
    file_.open(tmp_, std::ios::out | std::ios::trunc);
    if (!file_) {
      llvm::errs() << fmt::format("ringline: error: cannot write `{}`\n", tmp_);
      return false;
    }
    return true;
  }
  std::ostream& stream() { return OutputFile.empty() ? std::cout : file_; }
  bool Commit() {
    if (OutputFile.empty()) return true;
    file_.close();
    if (std::error_code ec = llvm::sys::fs::rename(tmp_, OutputFile)) {
      llvm::errs() << fmt::format("ringline: error: cannot write `{}`: {}\n", std::string(OutputFile), ec.message());
      return false;
    }
    return true;
  }
  void Discard() {
    if (OutputFile.empty()) return;
    file_.close();
    llvm::sys::fs::remove(tmp_);
  }

 private:
  std::string tmp_;
  std::ofstream file_;
};

}  // namespace

int RunCheck() {
  Exit worst = kOk;
  for (const std::string& f : Files) worst = std::max(worst, CheckOne(f));
  return worst;
}

int RunEmit() {
  const std::string what = EmitWhat;
  if (what != "tokens" && what != "ast" && what != "ir" && what != "ir-opt") {
    llvm::errs() << fmt::format("ringline: error: unknown --emit `{}`; use tokens, ast, ir or ir-opt\n", what);
    return kUsageError;
  }
  Session s;
  if (what == "tokens" || what == "ast") {
    auto buf = llvm::MemoryBuffer::getFile(Files[0], true);
    if (!buf) {
      llvm::errs() << fmt::format("ringline: error: cannot open `{}`: {}\n", std::string(Files[0]),
                                  buf.getError().message());
      return kUsageError;
    }
    unsigned id = s.sm.AddNewSourceBuffer(std::move(*buf), llvm::SMLoc());
    if (what == "tokens") {
      std::string out;
      if (!parse::DumpTokens(id, s.diags, out)) return kSpecError;
      llvm::outs() << out;
      return kOk;
    }
    std::unique_ptr<ast::Module> m = parse::ParseBuffer(id, s.diags);
    if (!m) return kSpecError;
    llvm::outs() << ast::Print(*m);
    return kOk;
  }
  Exit e = s.Load(Files[0]);
  if (e != kOk) return e;
  std::vector<std::string> names = s.comp->ScenarioNames();
  if (!ScenarioName.empty()) {
    std::optional<std::string> n = s.PickScenario(ScenarioName);
    if (!n) return kUsageError;
    names = {*n};
  }
  std::vector<check::Override> sets;
  if (!s.ParseSets(Sets, sets)) return kSpecError;
  for (const std::string& n : names) {
    std::optional<ir::Scenario> sc = s.comp->Lower(n, sets);
    if (!sc) return kSpecError;
    if (what == "ir-opt") {
      passes::PipelineOptions po;
      po.print_after_all = PrintAfterAll;
      po.print_after = PrintAfter;
      po.out = &llvm::outs();
      passes::RunPipeline(*sc, po);
    }
    if (!PrintAfterAll && PrintAfter.empty()) llvm::outs() << ir::Print(*sc);
  }
  return kOk;
}

int RunEval() {
  if (!CheckBackend()) return kUsageError;
  std::optional<runtime::Format> fmt = PickFormat(runtime::Format::Table);
  if (!fmt) return kUsageError;
  Session s;
  Exit e;
  std::optional<ir::Scenario> sc = Compile(s, e);
  if (!sc) return e;
  std::vector<double> params;
  for (const ir::Param& p : sc->params) {
    bool overridden = false;
    for (const std::string& set : Sets) overridden |= set.rfind(p.name + "=", 0) == 0;
    if (overridden && p.values.size() != 1) {
      llvm::errs() << fmt::format("ringline: error: `eval` takes one value per param; `--set {}` gives {} "
                                  "(use `ringline sweep`)\n", p.name, p.values.size());
      return kUsageError;
    }
    params.push_back(p.default_value);
  }
  std::vector<double> row(params.size() + sc->reports.size() + 1);
  interp::Evaluator ev(*sc);
  bool feasible = ev.Run(params.data(), row.data() + params.size());
  if (ReportNonFinite(s, *sc, params.data())) return kSpecError;
  std::copy(params.begin(), params.end(), row.begin());
  row[params.size() + sc->reports.size()] = feasible;
  Output out;
  if (!out.Open()) return kUsageError;
  std::unique_ptr<runtime::Sink> sink = runtime::MakeSink(*fmt, out.stream(), /*single_row=*/true);
  sink->Begin(sc->name, Columns(*sc, !sc->requires_.empty()));
  sink->Row(row.data());
  sink->End();
  if (!feasible) llvm::errs() << "ringline: note: this point is infeasible: a `require` does not hold\n";
  return out.Commit() ? kOk : kUsageError;
}

int RunSweep() {
  if (!CheckBackend()) return kUsageError;
  std::optional<runtime::Format> fmt = PickFormat(runtime::Format::Csv);
  if (!fmt) return kUsageError;
  Session s;
  Exit e;
  std::optional<ir::Scenario> sc = Compile(s, e);
  if (!sc) return e;
  std::vector<std::vector<double>> axes;
  for (const ir::Param& p : sc->params) axes.push_back(p.values);
  Output out;
  if (!out.Open()) return kUsageError;
  std::unique_ptr<runtime::Sink> sink = runtime::MakeSink(*fmt, out.stream());
  bool keep = KeepInfeasible;
  sink->Begin(sc->name, Columns(*sc, keep));
  interp::Evaluator ev(*sc);
  const size_t np = sc->params.size(), nr = sc->reports.size();
  std::vector<double> row(np + nr + 1);
  bool failed = false;
  runtime::Sweep(
      axes, nr, [&](const double* p, double* r) { return ev.Run(p, r); },
      [&](const double* p, const double* r, bool feasible) {
        if (!feasible && !keep) return true;
        for (size_t k = 0; k < nr; ++k)
          if (!std::isfinite(r[k])) {
            failed = ReportNonFinite(s, *sc, p);
            return false;
          }
        std::copy(p, p + np, row.begin());
        std::copy(r, r + nr, row.begin() + np);
        row[np + nr] = feasible;
        sink->Row(row.data());
        return true;
      });
  sink->End();
  if (failed) {
    out.Discard();
    return kSpecError;
  }
  return out.Commit() ? kOk : kUsageError;
}

}  // namespace rl::driver

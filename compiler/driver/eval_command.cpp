// `ringline eval`: one point of a scenario, at every param's default (after --set),
// through the library API (Scenario::Eval); an infeasible point is an answer, with a note
// at each require it fails.
#include <fmt/format.h>
#include <llvm/Support/raw_ostream.h>

#include "compiler/driver/commands.h"
#include "compiler/driver/evaluate.h"
#include "compiler/driver/options.h"

namespace rl::driver {
namespace {

// A param --set gives several values: `eval` has one point.
bool OneValueEach(const ringline::Scenario& sc) {
  for (const ringline::Param& p : sc.Params()) {
    bool overridden = false;
    for (const std::string& set : Sets) overridden |= set.rfind(p.name + "=", 0) == 0;
    if (overridden && p.values.size() != 1) {
      Fail(Kind::bad_option, fmt::format("`eval` takes one value per param; `--set {}` gives {} (use `ringline "
                                         "sweep`)",
                                         p.name, p.values.size()));
      return false;
    }
  }
  return true;
}

}  // namespace

int RunEval() {
  if (!CheckBackend()) return kUsageError;
  std::optional<runtime::Format> fmt = PickFormat(runtime::Format::Table);
  if (!fmt) return kUsageError;
  Exit e;
  std::optional<Lowered> run =
      LowerScenario(e, /*eval_only=*/true,
                    EvalSensitivity ? std::optional<std::vector<std::string>>(std::vector<std::string>{}) : std::nullopt);
  if (!run) return e;
  ringline::Scenario& sc = *run->scenario;
  if (!OneValueEach(sc)) return kUsageError;
  ringline::Row row;
  try {
    row = sc.Eval(BackendOption(), OptLevel);
  } catch (const ringline::SpecError& err) {
    return PrintSpecError(err);
  }
  // --samples: the spreads of the reports over the distributions' draws.
  std::optional<std::vector<ringline::Spread>> spreads;
  if (Samples > 0 || !Vary.empty()) {
    if (Samples == 0) {
      Fail(Kind::bad_usage, "`--vary` draws a param for `--samples N`; give the number of samples");
      return kUsageError;
    }
    if (*fmt == runtime::Format::Csv && EvalSensitivity) {
      Fail(Kind::bad_usage, "`--sensitivity` and `--samples` are two tables; write them as a table or JSON");
      return kUsageError;
    }
    std::optional<Settings> vary = SplitVary(Vary);
    if (!vary) return kUsageError;
    try {
      std::unique_ptr<ringline::Scenario> sampled =
          run->spec->LowerSampled(run->name, run->sets, run->units, *vary, Seed);
      spreads = sampled->Uncertainty(Samples, BackendOption(), 0);
    } catch (const ringline::SpecError& err) {
      return PrintSpecError(err);
    }
  }
  Output out;
  if (!out.Open()) return kUsageError;
  if (EvalSensitivity || spreads) {
    WriteEvalExtras(*fmt, out.stream(), sc, row, spreads ? &*spreads : nullptr);
  } else {
    std::unique_ptr<ringline::Sink> sink = MakeOutputSink(*fmt, out.stream(), /*single_row=*/true);
    sc.Write(*sink, row);
  }
  // Infeasible is an answer, not an error (exit 0): the notes say which requires fail.
  for (const ringline::Diagnostic& note : row.notes) llvm::errs() << note.text;
  return out.Commit() ? kOk : kUsageError;
}

}  // namespace rl::driver

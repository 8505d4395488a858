// `ringline` options. Each subcommand lists the options it takes, so `--help` on a
// subcommand shows exactly those.
#include "compiler/driver/options.h"

namespace rl::driver {

cl::OptionCategory Category("ringline options");

cl::SubCommand CheckCmd("check", "Check specs for errors (exit 0 when clean, 1 with diagnostics)");
cl::SubCommand EmitCmd("emit", "Print a compiler phase's output: tokens, ast, ir or ir-opt");
cl::SubCommand EvalCmd("eval", "Evaluate every report of a scenario at one point");
cl::SubCommand SweepCmd("sweep", "Evaluate a scenario over the cartesian product of its params' values");

cl::list<std::string> Files(cl::Positional, cl::desc("<spec.rl>..."), cl::OneOrMore, cl::sub(CheckCmd),
                            cl::sub(EmitCmd), cl::sub(EvalCmd), cl::sub(SweepCmd), cl::cat(Category));
cl::opt<std::string> EmitWhat("emit", cl::desc("What to print: tokens, ast, ir, ir-opt"), cl::init("ir-opt"),
                              cl::sub(EmitCmd), cl::cat(Category));
cl::opt<std::string> ScenarioName("scenario", cl::desc("Scenario to use (default: the file's only scenario)"),
                                  cl::value_desc("NAME"), cl::sub(EmitCmd), cl::sub(EvalCmd),
                                  cl::sub(SweepCmd), cl::cat(Category));
cl::list<std::string> Sets("set",
                           cl::desc("Set a param: NAME=VALUE (eval); NAME=V1,V2,... or NAME=A..B*2 / A..B+S (sweep)"),
                           cl::value_desc("NAME=VALUE"), cl::sub(EmitCmd), cl::sub(EvalCmd), cl::sub(SweepCmd),
                           cl::cat(Category));
cl::list<std::string> UnitChoices("unit", cl::desc("Print a report or param in a unit: NAME=ms"),
                                  cl::value_desc("NAME=UNIT"), cl::sub(EvalCmd), cl::sub(SweepCmd),
                                  cl::cat(Category));
cl::opt<std::string> OutputFormat("format", cl::desc("Output format: table, csv or json"), cl::init(""),
                                  cl::sub(EvalCmd), cl::sub(SweepCmd), cl::cat(Category));
cl::opt<std::string> OutputFile("o", cl::desc("Write results to FILE (.csv or .json picks the format)"),
                                cl::value_desc("FILE"), cl::sub(SweepCmd), cl::sub(EvalCmd), cl::cat(Category));
cl::opt<bool> VerifyDiagnostics("verify-diagnostics",
                                cl::desc("Check diagnostics against `// expected-error {{...}}` comments"),
                                cl::sub(CheckCmd), cl::cat(Category));
cl::opt<bool> SplitInputFile("split-input-file", cl::desc("Treat `// -----` lines as separators of independent inputs"),
                             cl::sub(CheckCmd), cl::cat(Category));
cl::opt<unsigned> MaxErrors("max-errors", cl::desc("Stop after this many errors (0 = no limit)"), cl::init(20),
                            cl::sub(CheckCmd), cl::sub(EmitCmd), cl::sub(EvalCmd), cl::sub(SweepCmd),
                            cl::cat(Category));
cl::opt<bool> PrintAfterAll("print-after-all", cl::desc("Print the IR after every pass"), cl::sub(EmitCmd),
                            cl::cat(Category));
cl::opt<std::string> PrintAfter("print-after", cl::desc("Print the IR after the named pass"),
                                cl::value_desc("PASS"), cl::sub(EmitCmd), cl::cat(Category));
cl::opt<bool> KeepInfeasible("keep-infeasible", cl::desc("Keep rows that fail a `require` (adds a `feasible` column)"),
                             cl::sub(SweepCmd), cl::cat(Category));
cl::opt<std::string> Backend("backend", cl::desc("Evaluator: interp (the reference interpreter)"),
                             cl::init("interp"), cl::sub(EvalCmd), cl::sub(SweepCmd), cl::cat(Category));

}  // namespace rl::driver

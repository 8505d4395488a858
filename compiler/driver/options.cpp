// `ringline` options. Each subcommand lists the options it takes, so `--help` on a
// subcommand shows exactly those.
#include "compiler/driver/options.h"

#include <memory>
#include <utility>
#include <vector>

namespace rl::driver {

cl::OptionCategory Category("ringline options");

cl::SubCommand CheckCmd("check", "Check specs for errors (exit 0 when clean, 1 with diagnostics)");
cl::SubCommand EmitCmd("emit", "Print a compiler phase's output: tokens, ast, ir, ir-opt, stages or llvm");
cl::SubCommand EvalCmd("eval", "Evaluate every report of a scenario at one point");
cl::SubCommand SweepCmd("sweep", "Evaluate a scenario over the cartesian product of its params' values");

cl::list<std::string> Files(cl::Positional, cl::desc("<spec.rl>..."), cl::OneOrMore, cl::sub(CheckCmd),
                            cl::sub(EmitCmd), cl::sub(EvalCmd), cl::sub(SweepCmd), cl::cat(Category));
cl::opt<std::string> EmitWhat("emit",
                              cl::desc("What to print: tokens, ast, ir, ir-opt, stages (the sweep's loop nest), "
                                       "llvm (the module the JIT compiles, after -O)"),
                              cl::init("ir-opt"),
                              cl::sub(EmitCmd), cl::cat(Category));
cl::opt<std::string> ScenarioName("scenario", cl::desc("Scenario to use (default: the file's only scenario)"),
                                  cl::value_desc("NAME"), cl::sub(EmitCmd), cl::sub(EvalCmd),
                                  cl::sub(SweepCmd), cl::cat(Category));
cl::list<std::string> Sets("set",
                           cl::desc("Set a param: NAME=VALUE (eval); NAME=V1,V2,... or NAME=A..B*2 / A..B+S (sweep)"),
                           cl::value_desc("NAME=VALUE"), cl::sub(EmitCmd), cl::sub(EvalCmd), cl::sub(SweepCmd),
                           cl::cat(Category));
cl::list<std::string> AllowPaths("allow-path",
                                 cl::desc("Let the spec import or load bundles from this folder too (by default only "
                                          "its own folder tree and the standard library)"),
                                 cl::value_desc("DIR"), cl::sub(CheckCmd), cl::sub(EmitCmd), cl::sub(EvalCmd),
                                 cl::sub(SweepCmd), cl::cat(Category));  // stats, advise: AddSharedOptions
cl::list<std::string> UnitChoices("unit", cl::desc("Print a report or param in a unit: NAME=ms"),
                                  cl::value_desc("NAME=UNIT"), cl::sub(EvalCmd), cl::sub(SweepCmd),
                                  cl::cat(Category));
// --format and -o join stats and advise in AddSharedOptions.
cl::opt<std::string> OutputFormat("format", cl::desc("Output format: table, csv or json"), cl::init(""),
                                  cl::sub(EvalCmd), cl::sub(SweepCmd), cl::cat(Category));
Count Digits("digits",
                        cl::desc("Significant digits of real numbers in table output (default 6; 0: every digit, "
                                 "as CSV and JSON print them)"),
                        cl::init(6), cl::value_desc("N"), cl::sub(EvalCmd), cl::sub(SweepCmd), cl::cat(Category));
cl::opt<std::string> OutputFile("o", cl::desc("Write results to FILE (.csv or .json picks the format)"),
                                cl::value_desc("FILE"), cl::sub(SweepCmd), cl::sub(EvalCmd),
                                cl::cat(Category));
cl::opt<bool> VerifyDiagnostics("verify-diagnostics",
                                cl::desc("Check diagnostics against `// expected-error {{...}}` comments"),
                                cl::sub(CheckCmd), cl::cat(Category));
cl::opt<bool> SplitInputFile("split-input-file", cl::desc("Treat `// -----` lines as separators of independent inputs"),
                             cl::sub(CheckCmd), cl::cat(Category));
Count MaxErrors("max-errors", cl::desc("Stop after this many errors (0 = no limit)"), cl::init(20),
                            cl::sub(CheckCmd), cl::sub(EmitCmd), cl::sub(EvalCmd), cl::sub(SweepCmd),
                            cl::cat(Category));
cl::opt<bool> PrintAfterAll("print-after-all", cl::desc("Print the IR after every pass"), cl::sub(EmitCmd),
                            cl::cat(Category));
cl::opt<std::string> PrintAfter("print-after", cl::desc("Print the IR after the named pass"),
                                cl::value_desc("PASS"), cl::sub(EmitCmd), cl::cat(Category));
cl::opt<bool> EvalSensitivity("sensitivity",
                              cl::desc("Also print each Real report's derivative and elasticity by every continuous "
                                       "input (Real params and the Real fields of record params)"),
                              cl::sub(EvalCmd), cl::cat(Category));
Count Samples("samples",
              cl::desc("Also report each Real report's mean and 5th, 50th and 95th percentiles over N samples of "
                       "the params' distributions (`~ normal(...)`, --vary)"),
              cl::init(0), cl::value_desc("N"), cl::sub(EvalCmd), cl::cat(Category));
Count Seed("seed", cl::desc("The samples' seed (default 1)"), cl::init(1), cl::value_desc("S"), cl::sub(EvalCmd),
           cl::cat(Category));
cl::list<std::string> Vary("vary",
                           cl::desc("Draw a Real param (or `param.field`) from a distribution: "
                                    "NAME=normal(25GB/s,2GB/s), uniform(lo,hi), lognormal(median,factor), "
                                    "triangular(lo,mode,hi)"),
                           cl::value_desc("NAME=DIST"), cl::sub(EvalCmd), cl::cat(Category));
cl::list<std::string> SweepSensitivity("sensitivity",
                                       cl::desc("Add a column d_REPORT_d_INPUT per Real report (an input is a Real "
                                                "param or `param.field`)"),
                                       cl::value_desc("INPUT"), cl::CommaSeparated, cl::sub(SweepCmd),
                                       cl::cat(Category));
cl::opt<bool> KeepInfeasible("keep-infeasible", cl::desc("Keep rows that fail a `require` (adds a `feasible` column)"),
                             cl::sub(SweepCmd), cl::cat(Category));
cl::opt<std::string> BackendName("backend",
                                 cl::desc("Evaluator: auto (the default: the interpreter unless compiling pays for "
                                          "itself), jit (native code) or interp (the reference interpreter)"),
                                 cl::init("auto"), cl::sub(EvalCmd), cl::sub(SweepCmd), cl::cat(Category));
Count OptLevel("O", cl::desc("JIT optimisation level: -O0, -O1, -O2 (default), -O3"), cl::Prefix,
                           cl::init(2), cl::sub(EmitCmd), cl::sub(EvalCmd), cl::sub(SweepCmd), cl::cat(Category));
cl::opt<std::string> LoopOrder("order",
                               cl::desc("Sweep loop order, outermost first (default: chosen so expensive values "
                                        "are computed in outer loops); unnamed params follow"),
                               cl::value_desc("a,b,c"), cl::sub(EmitCmd), cl::sub(SweepCmd), cl::cat(Category));
Count Threads("threads", cl::desc("Worker threads (default: every core)"), cl::init(0),
                          cl::value_desc("N"), cl::sub(SweepCmd), cl::cat(Category));  // fit: AddSharedOptions
cl::opt<std::string> Best("best", cl::desc("Print only the row with the least REPORT (`-REPORT`: the greatest)"),
                          cl::value_desc("REPORT"), cl::sub(SweepCmd), cl::cat(Category));
Count Top("top", cl::desc("Print only the K best rows by the report given with --by"), cl::init(0),
                      cl::value_desc("K"), cl::sub(SweepCmd), cl::cat(Category));
cl::opt<std::string> TopBy("by", cl::desc("The report --top ranks by (least first; `-REPORT`: greatest first)"),
                           cl::value_desc("REPORT"), cl::sub(SweepCmd), cl::cat(Category));
cl::opt<std::string> Pareto("pareto",
                            cl::desc("Print only the Pareto front of two reports, each minimised (`-R`: maximised)"),
                            cl::value_desc("R1,R2"), cl::sub(SweepCmd), cl::cat(Category));
cl::opt<std::string> HistogramOf("histogram", cl::desc("Print a histogram of REPORT over the sweep"),
                                 cl::value_desc("REPORT"), cl::sub(SweepCmd), cl::cat(Category));
Count Bins("bins", cl::desc("Most bins of --histogram (default 50)"), cl::init(50), cl::value_desc("N"),
                       cl::sub(SweepCmd), cl::cat(Category));
cl::opt<bool> Quiet("quiet", cl::desc("No progress line and no count of dropped points on stderr"),
                    cl::sub(SweepCmd), cl::cat(Category));
cl::opt<bool> ShowProgress("progress",
                           cl::desc("The progress line even when stderr is not a terminal (under mpirun, which "
                                    "passes rank 0's stderr on through a pipe)"),
                           cl::sub(SweepCmd), cl::cat(Category));

// The subcommands defined in other files (stats, fit, advise) may not be constructed yet
// while this file's options are: C++ does not order static initialisation across files,
// and an option registered into a subcommand before its constructor ran is lost (and
// its map leaked); `stats --allow-path` was an unknown option. Such options join those
// subcommands here, when every static exists.
void ShareWith(cl::SubCommand& sub, const std::vector<cl::Option*>& options) {
  for (cl::Option* opt : options) {
    opt->removeArgument();
    opt->addSubCommand(sub);
    opt->addArgument();
  }
}

void AddSharedOptions() {
  // std::addressof: cl::list has its own operator&.
  ShareWith(StatsCmd, {std::addressof(AllowPaths), &OutputFormat, &OutputFile});
  ShareWith(AdviseCmd, {std::addressof(AllowPaths), &Threads, &BackendName, &OutputFormat, &OutputFile});
  ShareWith(FitCmd, {&Threads});
  ShareWith(PlotCmd, {&ScenarioName, std::addressof(Sets)});
}

}  // namespace rl::driver

// Command-line options of `ringline`, declared with llvm::cl (defined in options.cpp).
#pragma once
#include <llvm/Support/CommandLine.h>

#include <string>
#include <type_traits>

namespace rl::driver {

namespace cl = llvm::cl;

// A count as the user writes it, in decimal: llvm::cl's own parser reads `0100` as octal
// and `0x10` as hex, so `--global-batch 0100` would run as 64. Every count option is one
// of these (`Count`, or `SignedCount` where -1 means unset).
template <class T>
class DecimalParser : public cl::parser<T> {
 public:
  explicit DecimalParser(cl::Option& o) : cl::parser<T>(o) {}
  bool parse(cl::Option& o, llvm::StringRef name, llvm::StringRef arg, T& value) {
    if (!arg.getAsInteger(10, value)) return false;
    return o.error("'" + arg + "' value invalid for " + (std::is_signed_v<T> ? "integer" : "uint") + " argument!");
  }
};
using Count = cl::opt<unsigned, false, DecimalParser<unsigned>>;
using SignedCount = cl::opt<int, false, DecimalParser<int>>;

#define RL_SUBCOMMAND(var, name, run, usage) extern cl::SubCommand var;
#include "compiler/driver/subcommands.def"
extern cl::OptionCategory Category;
// Adds the options of this file to the subcommands of other files; main() calls it first.
void AddSharedOptions();
// Makes `options` (defined for other subcommands) options of `sub` too.
void ShareWith(cl::SubCommand& sub, const std::vector<cl::Option*>& options);
// solve_command.cpp (rl_driver_compiler): the shared options `solve` takes.
void AddSolveOptions();

extern cl::list<std::string> Files;
extern cl::opt<std::string> EmitWhat;
extern cl::opt<std::string> ScenarioName;
extern cl::list<std::string> Sets;
extern cl::opt<bool> EvalSensitivity;
extern Count Samples, Seed;
extern cl::list<std::string> Vary;
extern cl::list<std::string> SweepSensitivity;
extern cl::list<std::string> UnitChoices;
extern cl::list<std::string> AllowPaths;
extern cl::opt<std::string> OutputFormat;
extern Count Digits;
extern cl::opt<std::string> OutputFile;
extern cl::opt<bool> VerifyDiagnostics;
extern cl::opt<bool> SplitInputFile;
extern Count MaxErrors;
extern cl::opt<bool> PrintAfterAll;
extern cl::opt<std::string> PrintAfter;
extern cl::opt<bool> KeepInfeasible;
extern cl::opt<std::string> BackendName;
extern Count OptLevel;
extern cl::opt<std::string> LoopOrder;
extern Count Threads;
extern cl::opt<std::string> Best;
extern Count Top;
extern cl::opt<std::string> TopBy;
extern cl::opt<std::string> Pareto;
extern cl::opt<std::string> HistogramOf;
extern Count Bins;
extern cl::opt<bool> Quiet;
extern cl::opt<bool> ShowProgress;

}  // namespace rl::driver

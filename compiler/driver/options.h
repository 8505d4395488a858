// Command-line options of `ringline`, declared with llvm::cl (defined in options.cpp).
#pragma once
#include <llvm/Support/CommandLine.h>

#include <string>

namespace rl::driver {

namespace cl = llvm::cl;

#define RL_SUBCOMMAND(var, name, run, usage) extern cl::SubCommand var;
#include "compiler/driver/subcommands.def"
extern cl::OptionCategory Category;
// Adds the options of this file to the subcommands of other files; main() calls it first.
void AddSharedOptions();

extern cl::list<std::string> Files;
extern cl::opt<std::string> EmitWhat;
extern cl::opt<std::string> ScenarioName;
extern cl::list<std::string> Sets;
extern cl::list<std::string> UnitChoices;
extern cl::list<std::string> AllowPaths;
extern cl::opt<std::string> OutputFormat;
extern cl::opt<unsigned> Digits;
extern cl::opt<std::string> OutputFile;
extern cl::opt<bool> VerifyDiagnostics;
extern cl::opt<bool> SplitInputFile;
extern cl::opt<unsigned> MaxErrors;
extern cl::opt<bool> PrintAfterAll;
extern cl::opt<std::string> PrintAfter;
extern cl::opt<bool> KeepInfeasible;
extern cl::opt<std::string> BackendName;
extern cl::opt<unsigned> OptLevel;
extern cl::opt<std::string> LoopOrder;
extern cl::opt<unsigned> Threads;
extern cl::opt<std::string> Best;
extern cl::opt<unsigned> Top;
extern cl::opt<std::string> TopBy;
extern cl::opt<std::string> Pareto;
extern cl::opt<std::string> HistogramOf;
extern cl::opt<unsigned> Bins;
extern cl::opt<bool> Quiet;
extern cl::opt<bool> ShowProgress;

}  // namespace rl::driver

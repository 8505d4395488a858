// `ringline`: the command-line driver. Parses options (llvm::cl subcommands), then runs
// the subcommand on a thread with a large stack: the checker recurses over expressions
// whose depth the parser caps, and the cap is generous.
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/Signals.h>
#include <llvm/Support/thread.h>
#include <llvm/Support/raw_ostream.h>

#include <string>
#include <csignal>
#include <thread>
#include <utility>

#include "compiler/driver/commands.h"
#include "compiler/driver/options.h"
#include "compiler/driver/session.h"

namespace rl::driver {
std::string g_stdlib_dir;
}

int main(int argc, char** argv) {
  using namespace rl::driver;
  llvm::sys::PrintStackTraceOnErrorSignal(argv[0]);
  // Past a file-size limit a write fails with EFBIG instead of killing the process, so the
  // output code can report it and leave the target as it was.
  std::signal(SIGXFSZ, SIG_IGN);
  AddSharedOptions();
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream& os) { os << "ringline " RL_VERSION "\n"; });
  llvm::cl::HideUnrelatedOptions(Category);
  for (llvm::cl::SubCommand* sub : {&CheckCmd, &EmitCmd, &EvalCmd, &SweepCmd, &StatsCmd, &FitCmd, &AdviseCmd, &PlotCmd,
                                    &CalibrateCmd})
    llvm::cl::HideUnrelatedOptions(Category, *sub);
  // `ringline SUBCOMMAND --help` shows that subcommand's usage, not every one's.
  static const std::pair<const char*, const char*> kUsage[] = {
      {"check", "  ringline check FILE...\n"},
      {"emit", "  ringline emit FILE --emit=tokens|ast|ir|ir-opt|stages|llvm\n"},
      {"eval", "  ringline eval FILE [--scenario NAME] [--set NAME=VALUE]...\n"},
      {"sweep", "  ringline sweep FILE [--set NAME=V1,V2|A..B*2]... [-o OUT.csv] [--best REPORT] [--plot C.svg]\n"},
      {"stats", "  ringline stats (FILE | --model NAME) [--batch N] [--device D]\n"},
      {"fit", "  ringline fit PROFILE.csv -o OUT.rlk [--holdout F] [--seed N] [--epochs N] [--kinds a,b]\n"
              "  ringline fit --show BUNDLE.rlk [--against PROFILE.csv]\n"},
      {"advise", "  ringline advise [FILE] --model NAME [--cluster C] [--gpus 16,32] [--per-gpu b | --batch B] [--plot C.svg]\n"},
      {"plot", "  ringline plot RESULT.csv|json --x COL --y COL [--series COL] [--logx] [--logy] -o CHART.svg|png\n"
               "  ringline plot --roofline DEVICE --model NAME [--batch B] -o CHART.svg|png\n"},
      {"calibrate", "  ringline calibrate COLLECTIVES.csv -o cluster.rl [--schedule OP=NAME]\n"},
  };
  std::string overview = "Ringline: compile and evaluate training-cost specs\n\n";
  for (const auto& [name, usage] : kUsage) overview += usage;
  if (argc > 1)
    for (const auto& [name, usage] : kUsage)
      if (llvm::StringRef(argv[1]) == name) overview = llvm::StringRef(usage).ltrim().str();
  if (!llvm::cl::ParseCommandLineOptions(argc, argv, overview, &llvm::errs()))
    return kUsageError;
  g_stdlib_dir = FindStdlib(argv[0]);
  int status = kUsageError;
  auto run = [&] {
    if (CheckCmd) status = RunCheck();
    else if (EmitCmd) status = RunEmit();
    else if (EvalCmd) status = RunEval();
    else if (SweepCmd) status = RunSweep();
    else if (StatsCmd) status = RunStats();
    else if (FitCmd) status = RunFit();
    else if (AdviseCmd) status = RunAdvise();
    else if (PlotCmd) status = RunPlot();
    else if (CalibrateCmd) status = RunCalibrate();
    else {
      llvm::errs() << "ringline: error: name a subcommand: check, emit, eval, sweep, stats, fit, advise, plot or calibrate (see --help)\n";
      status = kUsageError;
    }
  };
  llvm::thread worker(std::optional<unsigned>(512u << 20), run);  // 512 MiB stack
  worker.join();
  llvm::outs().flush();
  return status;
}

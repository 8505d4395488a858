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
  struct Sub {
    llvm::cl::SubCommand* cmd;
    const char* name;
    int (*run)();
    const char* usage;
  };
  static const Sub kSubs[] = {
#define RL_SUBCOMMAND(var, name, run, usage) {&var, name, &run, usage},
#include "compiler/driver/subcommands.def"
  };
  for (const Sub& sub : kSubs) llvm::cl::HideUnrelatedOptions(Category, *sub.cmd);
  // `ringline SUBCOMMAND --help` shows that subcommand's usage, not every one's.
  std::string overview = "Ringline: compile and evaluate training-cost specs\n\n";
  for (const Sub& sub : kSubs) overview += sub.usage;
  if (argc > 1)
    for (const Sub& sub : kSubs)
      if (llvm::StringRef(argv[1]) == sub.name) overview = llvm::StringRef(sub.usage).ltrim().str();
  if (!llvm::cl::ParseCommandLineOptions(argc, argv, overview, &llvm::errs()))
    return kUsageError;
  g_stdlib_dir = FindStdlib(argv[0]);
  int status = kUsageError;
  auto run = [&] {
    for (const Sub& sub : kSubs)
      if (*sub.cmd) {
        status = sub.run();
        return;
      }
    std::string names;
    for (size_t i = 0; i < std::size(kSubs); ++i)
      names += std::string(i == 0 ? "" : i + 1 == std::size(kSubs) ? " or " : ", ") + kSubs[i].name;
    status = Fail(Kind::bad_usage, "name a subcommand: " + names + " (see --help)");
  };
  llvm::thread worker(std::optional<unsigned>(512u << 20), run);  // 512 MiB stack
  worker.join();
  llvm::outs().flush();
  return status;
}

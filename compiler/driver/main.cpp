// `ringline`: the command-line driver. Parses options (llvm::cl subcommands), then runs
// the subcommand on a thread with a large stack: the checker recurses over expressions
// whose depth the parser caps, and the cap is generous.
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/Signals.h>
#include <llvm/Support/thread.h>
#include <llvm/Support/raw_ostream.h>

#include <llvm/ADT/StringRef.h>

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <new>
#include <optional>
#include <string>
#include <csignal>
#include <thread>
#include <utility>

#include "compiler/driver/commands.h"
#include "compiler/driver/options.h"
#include "compiler/driver/ranks.h"
#include "compiler/driver/messages.h"

namespace rl::driver {
std::string g_stdlib_dir;

namespace {
// llvm::cl's own messages ("for the --top option: '-1' value invalid for uint argument!",
// "Unknown command line argument '--x'.", "Not enough positional command line arguments
// specified!", each line after "ringline: ") as the driver's other usage errors: one error
// line with its kind tag, the parser's hints as notes, so that scripts and tests see the
// same `ringline: error: ... [bad_option]` shape for every mistake on the command line.
void ReportParseErrors(llvm::StringRef text, llvm::StringRef help) {
  llvm::SmallVector<llvm::StringRef, 4> lines;
  text.split(lines, '\n', -1, false);
  bool any = false;
  for (llvm::StringRef line : lines) {
    line = line.trim();
    if (size_t colon = line.find(": "); colon != llvm::StringRef::npos && !line.starts_with("for the") &&
                                        line.substr(0, colon).find(' ') == llvm::StringRef::npos)
      line = line.drop_front(colon + 2);  // the program name llvm::cl puts first
    // The parser's follow-ups: a suggestion, kept as a note, and the positional count, which
    // the usage below replaces.
    if (line.empty() || line.starts_with("Must specify") || line.starts_with("Can specify")) continue;
    if (line.starts_with("Did you mean")) {
      llvm::errs() << "ringline: note: " << line << "\n";
      continue;
    }
    any = true;
    if (line.starts_with("Not enough positional")) {
      llvm::errs() << diag::Unlocated(Kind::bad_usage, "missing the file to work on (see " + help.str() + ")");
    } else if (line.starts_with("Too many positional")) {
      llvm::errs() << diag::Unlocated(Kind::bad_usage, "too many files for this subcommand (see " + help.str() + ")");
    } else {
      // "...!  Try: 'ringline --help'" and the trailing "!": the hint goes to the end.
      llvm::StringRef message = line.split("  Try:").first.rtrim();
      message.consume_back("!");
      message.consume_back(".");
      Kind kind = message.starts_with("Unknown subcommand") ? Kind::bad_usage : Kind::bad_option;
      std::string text = message.str();
      // "for the --top option: '-1' value invalid for uint argument": the option first, with
      // the two dashes the user typed whatever llvm::cl prints.
      if (message.consume_front("for the ")) {
        auto [name, what] = message.split(" option: ");
        name = name.ltrim('-');
        std::string opt = (name.size() == 1 ? "-" : "--") + name.str();
        if (what.ends_with(" value invalid for uint argument") && what.starts_with("'"))
          text = fmt::format("{} takes a whole number of 0 or more; got `{}`", opt,
                             what.drop_front().split("' value invalid").first.str());
        else
          text = fmt::format("{}: {}", opt, what.str());
      }
      llvm::errs() << diag::Unlocated(kind, text + " (see " + help.str() + ")");
    }
  }
  if (!any) llvm::errs() << diag::Unlocated(Kind::bad_usage, "cannot read the command line (see " + help.str() + ")");
}

// Parses the command line; on failure returns what the parser said. An option's value
// parser writes to llvm::errs() itself, not to the stream ParseCommandLineOptions takes,
// so standard error goes to a temporary file while it runs.
std::optional<std::string> ParseOptions(int argc, char** argv, const std::string& overview) {
  std::string said;
  llvm::raw_string_ostream os(said);
  std::FILE* tmp = std::tmpfile();
  int saved = tmp ? ::dup(STDERR_FILENO) : -1;
  bool redirected = saved >= 0 && ::dup2(::fileno(tmp), STDERR_FILENO) >= 0;
  bool ok = llvm::cl::ParseCommandLineOptions(argc, argv, overview, &os);
  llvm::errs().flush();
  if (redirected) {
    ::dup2(saved, STDERR_FILENO);
    std::rewind(tmp);
    std::string direct;
    char buf[4096];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, tmp)) > 0;) direct.append(buf, n);
    said = direct + said;
  }
  if (saved >= 0) ::close(saved);
  if (tmp) std::fclose(tmp);
  if (ok) return std::nullopt;
  return said;
}
}  // namespace
}  // namespace rl::driver

int main(int argc, char** argv) {
  using namespace rl::driver;
  llvm::sys::PrintStackTraceOnErrorSignal(argv[0]);
  // Past a file-size limit a write fails with EFBIG instead of killing the process, so the
  // output code can report it and leave the target as it was.
  std::signal(SIGXFSZ, SIG_IGN);
  AddSharedOptions();
  AddSolveOptions();
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
  // Where a command-line mistake points: the subcommand's own help, else the whole.
  std::string help = "`ringline --help`";
  if (argc > 1)
    for (const Sub& sub : kSubs)
      if (llvm::StringRef(argv[1]) == sub.name) {
        overview = llvm::StringRef(sub.usage).ltrim().str();
        help = fmt::format("`ringline {} --help`", sub.name);
      }
  if (std::optional<std::string> errors = ParseOptions(argc, argv, overview)) {
    ReportParseErrors(*errors, help);
    return kUsageError;
  }
  g_stdlib_dir = FindStdlib(argv[0]);
  SetCommandLine(argc, argv);
  int status = kUsageError;
  auto run = [&] {
    for (const Sub& sub : kSubs)
      if (*sub.cmd) {
        // Out of memory anywhere the library does not say so itself: a message, not an
        // abort; an output file is left as it was (its temporary is discarded on the way).
        try {
          status = sub.run();
        } catch (const std::bad_alloc&) {
          status = Fail(Kind::eval_limit, "out of memory; ask for less (fewer points, fewer rows kept)");
        }
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

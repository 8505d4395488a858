// Diagnostics for mistakes in a spec: registered kinds with stable tags, printed as
// `file:line:col: error: message [tag]` with the source line and a caret under the
// offending text (RenderDiagnostic: UTF-8 aware, long lines clipped around the caret).
// The engine dedups repeats (a function instantiated many times fails once), enforces an
// error cap, can hold diagnostics back to print them in source order, and can collect
// them for --verify-diagnostics instead of printing. The command-line driver's own
// messages have kinds too (`ringline: error: message [tag]`, Unlocated); a library's
// failure can carry its kind to the driver as an llvm::Error (MakeError).
#pragma once
#include <llvm/Support/Error.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "base/source.h"

namespace rl::diag {

enum class Kind {
#define RL_DIAG(tag, severity) tag,
#include "compiler/diag/kinds.def"
};
enum class Severity { Error, Warning, Note };

const char* Tag(Kind k);
Severity SeverityOf(Kind k);
std::vector<Kind> AllKinds();

// `message [tag]`: the tag ends the first line, so a message that quotes a tool's output
// on the lines below keeps it apart.
std::string Tagged(llvm::StringRef message, Kind kind);
// A message a spec wrote (`error(...)`, a `require`'s text) as a diagnostic shows it: the
// lines after the first indented by two spaces, so that they read as the message's and
// not as the source line below it.
std::string UserText(llvm::StringRef message);
// A diagnostic without a location, as the engine and the driver print one:
// `ringline: error: message [tag]` (`warning:`, `note:` by the kind's severity) and a newline.
std::string Unlocated(Kind kind, llvm::StringRef message);

// A library's failure that names its kind, for the driver to print under it (compiler/chart:
// a column the result lacks, nothing to draw, gnuplot failing). Its text is the message.
class KindedError : public llvm::ErrorInfo<KindedError> {
 public:
  static char ID;
  KindedError(Kind kind, std::string message) : kind_(kind), message_(std::move(message)) {}
  Kind kind() const { return kind_; }
  void log(llvm::raw_ostream& os) const override { os << message_; }
  std::error_code convertToErrorCode() const override { return llvm::inconvertibleErrorCode(); }

 private:
  Kind kind_;
  std::string message_;
};
llvm::Error MakeError(Kind kind, const std::string& message);

struct Collected {
  unsigned buffer;
  unsigned line;
  Severity severity;
  std::string text;  // message followed by " [tag]"
  SourceRange where = {};  // where it was reported, so a mismatch can point there
};

class Engine {
 public:
  Engine(llvm::SourceMgr& sm, llvm::raw_ostream& os) : sm_(sm), os_(os) {}
  ~Engine() { Flush(); }

  // `message` may end in a suggestion ("; did you mean `x`?", rl::DidYouMean): repeats
  // are recognised without it, since two phases may know different candidates.
  void Report(Kind kind, SourceRange where, const std::string& message);
  unsigned ErrorCount() const { return errors_ + held_errors_; }
  // True once the error cap is reached: phases stop early instead of piling on.
  bool Stopped() const { return max_errors_ != 0 && ErrorCount() >= max_errors_; }

  // A tentative phase (the checker trying a scenario before it knows which params to
  // specialise on): while held, reports are kept, counted, and neither printed nor
  // deduplicated. Release ends the hold and, with `replay`, reports them for real.
  struct Tentative {
    Kind kind;
    SourceRange where;
    std::string message;
  };
  // Holds nest: Release restores the hold (and count) that Hold found, and a replay goes
  // to it.
  struct HoldToken {
    std::vector<Tentative>* prev;
    unsigned prev_errors;
  };
  HoldToken Hold(std::vector<Tentative>* into) {
    HoldToken t{hold_, held_errors_};
    hold_ = into;
    return t;
  }
  void Release(HoldToken t, bool replay);
  // Reports between PauseHold and ResumeHold bypass the hold: a top-level `let`, whose
  // value and errors do not depend on the attempt and are cached.
  std::vector<Tentative>* PauseHold() {
    std::vector<Tentative>* h = hold_;
    hold_ = nullptr;
    return h;
  }
  void ResumeHold(std::vector<Tentative>* h) { hold_ = h; }
  void SetMaxErrors(unsigned n) { max_errors_ = n; }
  void CollectInto(std::vector<Collected>* sink) { collected_ = sink; }
  // Every diagnostic as it is printed, also kept here (the library API hands them out).
  struct Printed {
    SourceRange where;
    Severity severity;
    std::string text;      // message followed by " [tag]"
    std::string rendered;  // as printed: location, text, source line and caret
  };
  void RecordInto(std::vector<Printed>* sink) { printed_ = sink; }
  // Forgets the errors counted and the diagnostics seen so far: a long-lived user (the
  // library API) starts each operation afresh, so a repeated mistake is reported again
  // and an earlier one's cap does not stop it.
  void StartOver() {
    Flush();
    seen_.clear();
    errors_ = 0;
    error_buffers_.clear();
    cap_reported_ = false;
    dropping_ = false;
  }
  // With `on`, diagnostics are held until Flush (or the engine's end) and then printed in
  // source order: per file (files in the order their first diagnostic came), by location,
  // each note after the error it followed. Phases that report in different passes (the
  // resolver's unknown names, the lowering's unit errors) then read top to bottom.
  void SetSorted(bool on) { sorted_ = on; }
  void Flush();
  // The SourceMgr buffers of the errors reported so far, one entry per error (0: none).
  const std::vector<unsigned>& ErrorBuffers() const { return error_buffers_; }
  llvm::SourceMgr& SourceMgr() { return sm_; }
  llvm::SMLoc Loc(SourceRange r) const;

 private:
  void Print(SourceRange where, Severity sev, const std::string& text);

  llvm::SourceMgr& sm_;
  llvm::raw_ostream& os_;
  struct Held {
    SourceRange where;
    Severity severity;
    std::string text;
  };
  std::vector<Collected>* collected_ = nullptr;
  std::vector<Printed>* printed_ = nullptr;
  std::set<std::tuple<unsigned, unsigned, int, std::string>> seen_;
  bool sorted_ = false;
  std::vector<std::vector<Held>> held_;  // an error (or warning) and its notes
  std::vector<unsigned> error_buffers_;
  std::string cap_line_;  // held: printed after the held diagnostics
  unsigned errors_ = 0;
  unsigned held_errors_ = 0;
  std::vector<Tentative>* hold_ = nullptr;
  unsigned max_errors_ = 20;
  bool cap_reported_ = false;
  bool dropping_ = false;  // the last error was dropped (a repeat, or past the cap)
};

// One diagnostic as it is printed: `file:line:col: error: text`, then the source line and
// a caret line (`^` at the location, `~` under the rest of the range). Columns count
// characters, not bytes; a wide character takes two caret columns and a tab expands to
// the next multiple of 8. A line wider than `max_width` columns is shown as a window
// around the caret with `...` where it was cut.
std::string RenderDiagnostic(const llvm::SourceMgr& sm, SourceRange where, Severity severity,
                             llvm::StringRef text, bool colors = false, unsigned max_width = 100);

// Checks collected diagnostics against `// expected-error {{text}}` comments in buffer
// `buffer_id` (also `expected-note`, `expected-warning`, `@+N`/`@-N` line offsets).
// Reports each mismatch through `report` and returns true when everything matched.
bool VerifyExpectations(llvm::SourceMgr& sm, unsigned buffer_id,
                        const std::vector<Collected>& got, Engine& report);

}  // namespace rl::diag

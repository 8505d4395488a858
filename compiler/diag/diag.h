// Diagnostics for mistakes in a spec: registered kinds with stable tags, printed as
// `file:line:col: error: message [tag]` with a caret snippet by llvm::SourceMgr. The
// engine dedups repeats (a function instantiated many times fails once), enforces an
// error cap, and can collect diagnostics for --verify-diagnostics instead of printing.
#pragma once
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "compiler/base/source.h"

namespace rl::diag {

enum class Kind {
#define RL_DIAG(tag, severity) tag,
#include "compiler/diag/kinds.def"
};
enum class Severity { Error, Warning, Note };

const char* Tag(Kind k);
Severity SeverityOf(Kind k);
std::vector<Kind> AllKinds();

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

  void Report(Kind kind, SourceRange where, const std::string& message);
  unsigned ErrorCount() const { return errors_ + held_errors_; }
  // True once the error cap is reached: phases stop early instead of piling on.
  bool Stopped() const { return max_errors_ != 0 && ErrorCount() >= max_errors_; }

  // A tentative phase (the checker trying a scenario before it knows which params to
  // specialise on): while held, reports are kept, counted, and neither printed nor
  // deduplicated. Release ends the hold and, with `replay`, reports them for real.
  struct Held {
    Kind kind;
    SourceRange where;
    std::string message;
  };
  // Holds nest: Release restores the hold (and count) that Hold found, and a replay goes
  // to it.
  struct HoldToken {
    std::vector<Held>* prev;
    unsigned prev_errors;
  };
  HoldToken Hold(std::vector<Held>* into) {
    HoldToken t{hold_, held_errors_};
    hold_ = into;
    return t;
  }
  void Release(HoldToken t, bool replay);
  // Reports between PauseHold and ResumeHold bypass the hold: a top-level `let`, whose
  // value and errors do not depend on the attempt and are cached.
  std::vector<Held>* PauseHold() {
    std::vector<Held>* h = hold_;
    hold_ = nullptr;
    return h;
  }
  void ResumeHold(std::vector<Held>* h) { hold_ = h; }
  void SetMaxErrors(unsigned n) { max_errors_ = n; }
  void CollectInto(std::vector<Collected>* sink) { collected_ = sink; }
  llvm::SourceMgr& SourceMgr() { return sm_; }
  llvm::SMLoc Loc(SourceRange r) const;

 private:
  llvm::SourceMgr& sm_;
  llvm::raw_ostream& os_;
  std::vector<Collected>* collected_ = nullptr;
  std::set<std::tuple<unsigned, unsigned, int, std::string>> seen_;
  unsigned errors_ = 0;
  unsigned held_errors_ = 0;
  std::vector<Held>* hold_ = nullptr;
  unsigned max_errors_ = 20;
  bool cap_reported_ = false;
};

// Checks collected diagnostics against `// expected-error {{text}}` comments in buffer
// `buffer_id` (also `expected-note`, `expected-warning`, `@+N`/`@-N` line offsets).
// Reports each mismatch through `report` and returns true when everything matched.
bool VerifyExpectations(llvm::SourceMgr& sm, unsigned buffer_id,
                        const std::vector<Collected>& got, Engine& report);

}  // namespace rl::diag

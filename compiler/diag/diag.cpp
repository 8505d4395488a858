// Diagnostic engine: kind table, dedup, error cap, console printing (see diag.h).
#include "compiler/diag/diag.h"

namespace rl::diag {

const char* Tag(Kind k) {
  switch (k) {
#define RL_DIAG(tag, severity) \
  case Kind::tag:              \
    return #tag;
#include "compiler/diag/kinds.def"
  }
  return "?";
}

Severity SeverityOf(Kind k) {
  switch (k) {
#define RL_DIAG(tag, severity) \
  case Kind::tag:              \
    return Severity::severity;
#include "compiler/diag/kinds.def"
  }
  return Severity::Error;
}

std::vector<Kind> AllKinds() {
  return {
#define RL_DIAG(tag, severity) Kind::tag,
#include "compiler/diag/kinds.def"
  };
}

llvm::SMLoc Engine::Loc(SourceRange r) const {
  if (!r.Valid()) return {};
  const llvm::MemoryBuffer* buf = sm_.getMemoryBuffer(r.buffer);
  uint32_t off = std::min<uint32_t>(r.begin, buf->getBufferSize());
  return llvm::SMLoc::getFromPointer(buf->getBufferStart() + off);
}

void Engine::Release(HoldToken t, bool replay) {
  std::vector<Held>* held = hold_;
  hold_ = t.prev;
  held_errors_ = t.prev_errors;
  if (replay && held)
    for (const Held& h : *held) Report(h.kind, h.where, h.message);
}

void Engine::Report(Kind kind, SourceRange where, const std::string& message) {
  Severity sev = SeverityOf(kind);
  if (hold_) {
    if (sev == Severity::Error && Stopped()) return;
    hold_->push_back({kind, where, message});
    if (sev == Severity::Error) ++held_errors_;
    return;
  }
  if (sev == Severity::Error && Stopped()) {
    if (!cap_reported_) {
      cap_reported_ = true;
      os_ << "ringline: error: too many errors (" << max_errors_
          << "); stopping [too_many_errors]\n";
      if (collected_) collected_->push_back({0, 0, Severity::Error, "too many errors [too_many_errors]"});
    }
    return;
  }
  if (!seen_.insert({where.buffer, where.begin, static_cast<int>(kind), message}).second) return;
  if (sev == Severity::Error) ++errors_;
  std::string text = message + " [" + Tag(kind) + "]";
  if (collected_) {
    unsigned line = where.Valid() ? sm_.getLineAndColumn(Loc(where), where.buffer).first : 0;
    collected_->push_back({where.buffer, line, sev, text, where});
    return;
  }
  llvm::SourceMgr::DiagKind dk = sev == Severity::Error     ? llvm::SourceMgr::DK_Error
                                 : sev == Severity::Warning ? llvm::SourceMgr::DK_Warning
                                                            : llvm::SourceMgr::DK_Note;
  if (!where.Valid()) {
    os_ << "ringline: " << (sev == Severity::Note ? "note: " : "error: ") << text << "\n";
    return;
  }
  llvm::SMLoc begin = Loc(where);
  llvm::SMLoc end = Loc({where.buffer, where.end, where.end});
  llvm::SmallVector<llvm::SMRange, 1> ranges;
  if (where.end > where.begin + 1) ranges.push_back({begin, end});
  // Rendered whole, then written once: stderr is unbuffered, and SourceMgr writes the
  // snippet piecewise (a million-character line would take millions of writes).
  std::string rendered;
  llvm::raw_string_ostream out(rendered);
  out.enable_colors(os_.has_colors());
  sm_.PrintMessage(out, begin, dk, text, ranges);
  os_ << out.str();
}

}  // namespace rl::diag

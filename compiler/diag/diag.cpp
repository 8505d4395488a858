// Diagnostic engine: kind table, dedup, error cap, console printing (see diag.h).
#include "compiler/diag/diag.h"

#include <llvm/Support/ConvertUTF.h>
#include <llvm/Support/Unicode.h>
#include <llvm/Support/WithColor.h>

#include <algorithm>

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

std::string Tagged(llvm::StringRef message, Kind kind) {
  const size_t eol = std::min(message.find('\n'), message.size());
  std::string out = message.take_front(eol).str();
  out.append(" [").append(Tag(kind)).append("]").append(message.drop_front(eol).str());
  return out;
}

std::string UserText(llvm::StringRef message) {
  std::string out;
  out.reserve(message.size());
  for (char c : message) {
    out += c;
    if (c == '\n') out += "  ";
  }
  return out;
}

namespace {

// `ringline: error: text` and a newline, for a diagnostic without a location.
std::string PlainLine(Severity sev, llvm::StringRef text) {
  const char* word = sev == Severity::Error ? "error: " : sev == Severity::Warning ? "warning: " : "note: ";
  return "ringline: " + std::string(word) + text.str() + "\n";
}

}  // namespace

std::string Unlocated(Kind kind, llvm::StringRef message) { return PlainLine(SeverityOf(kind), Tagged(message, kind)); }

char KindedError::ID = 0;

llvm::Error MakeError(Kind kind, const std::string& message) { return llvm::make_error<KindedError>(kind, message); }

llvm::SMLoc Engine::Loc(SourceRange r) const {
  if (!r.Valid()) return {};
  const llvm::MemoryBuffer* buf = sm_.getMemoryBuffer(r.buffer);
  uint32_t off = std::min<uint32_t>(r.begin, buf->getBufferSize());
  return llvm::SMLoc::getFromPointer(buf->getBufferStart() + off);
}

void Engine::Release(HoldToken t, bool replay) {
  std::vector<Tentative>* held = hold_;
  hold_ = t.prev;
  held_errors_ = t.prev_errors;
  if (replay && held)
    for (const Tentative& h : *held) Report(h.kind, h.where, h.message);
}

namespace {

// One character of the shown line: its bytes, display columns and offset in the line.
struct Cell {
  llvm::StringRef text;
  unsigned width;
  unsigned byte;
  bool tab;
};

// The length of the UTF-8 character that starts with byte `c` (the parser checked the
// encoding; a stray byte counts as one character).
unsigned CharBytes(unsigned char c) { return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4; }
bool IsContinuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

}  // namespace

std::string RenderDiagnostic(const llvm::SourceMgr& sm, SourceRange where, Severity severity, llvm::StringRef text,
                             bool colors, unsigned max_width) {
  std::string rendered;
  llvm::raw_string_ostream out(rendered);
  out.enable_colors(colors);
  const llvm::ColorMode mode = colors ? llvm::ColorMode::Enable : llvm::ColorMode::Disable;
  const llvm::MemoryBuffer* buf = sm.getMemoryBuffer(where.buffer);
  llvm::StringRef data = buf->getBuffer();
  const unsigned off = std::min<unsigned>(where.begin, data.size());
  unsigned line_start = off, line_end = off;
  while (line_start > 0 && data[line_start - 1] != '\n' && data[line_start - 1] != '\r') --line_start;
  while (line_end < data.size() && data[line_end] != '\n' && data[line_end] != '\r') ++line_end;
  const unsigned line_no = sm.FindLineNumber(llvm::SMLoc::getFromPointer(data.data() + off), where.buffer);
  unsigned column_no = 1;  // in characters
  for (unsigned i = line_start; i < off; ++i) column_no += !IsContinuation(data[i]);

  // Only the bytes around the location of a long line are looked at (a character is at
  // most 4 bytes, so this holds a window of max_width columns): a diagnostic on a 10 MB
  // line costs no more than one on a short line.
  const unsigned reach = 4 * std::max(max_width, 8u);
  unsigned from = off - line_start > reach ? off - reach : line_start;
  unsigned to = line_end - off > reach ? off + reach : line_end;
  while (from > line_start && IsContinuation(data[from])) --from;
  while (to < line_end && IsContinuation(data[to])) ++to;
  llvm::StringRef line = data.slice(from, to);
  const bool clipped_front = from > line_start, clipped_back = to < line_end;

  std::vector<Cell> cells;
  unsigned col = 0;  // display columns of the cells so far (tabs stop at multiples of 8)
  for (unsigned i = 0; i < line.size();) {
    unsigned n = std::min<unsigned>(CharBytes(static_cast<unsigned char>(line[i])), line.size() - i);
    Cell c{line.substr(i, n), 1, i, line[i] == '\t'};
    if (c.tab) {
      c.width = 8 - col % 8;
    } else if (n > 1) {
      int w = llvm::sys::unicode::columnWidthUTF8(c.text);
      c.width = w < 0 ? 1 : static_cast<unsigned>(w);
    }
    col += c.width;
    cells.push_back(c);
    i += n;
  }
  // Per byte of `line` (and one past it): ' ', '~' under the range, '^' at the location.
  std::string marks(line.size() + 1, ' ');
  if (where.end > where.begin + 1 && where.begin <= to && where.end >= from) {
    unsigned b = std::max(where.begin, from) - from, e = std::min(where.end, to) - from;
    std::fill(marks.begin() + b, marks.begin() + std::max(b, e), '~');
  }
  marks[off - from] = '^';
  // The caret line cell by cell: a cell wider than one column repeats its mark (after a
  // `^`, the mark of the range that goes on).
  std::vector<std::string> under;
  size_t caret_cell = cells.size();
  unsigned caret_col = col;
  for (size_t i = 0, c = 0; i < cells.size(); c += cells[i].width, ++i) {
    char m = marks[cells[i].byte];
    char fill = m == '^' ? (marks[std::min<size_t>(cells[i].byte + 1, line.size())] == '~' ? '~' : ' ') : m;
    if (m == '^' && caret_cell == cells.size()) {
      caret_cell = i;
      caret_col = static_cast<unsigned>(c);
    }
    std::string u;
    for (unsigned k = 0; k < cells[i].width; ++k) u += k ? fill : m;
    under.push_back(std::move(u));
  }

  // The cells [first, last) shown: all, or a window of about max_width columns that
  // starts a little before the caret; `...` marks where the line was cut.
  size_t first = 0, last = cells.size();
  if (col > max_width || clipped_front || clipped_back) {
    const unsigned room = max_width > 10 ? max_width - 6 : 4;  // less the two `...`
    unsigned start = caret_col > room / 4 ? caret_col - room / 4 : 0;
    if (!clipped_back && start + room > col + 1) start = col + 1 > room ? col + 1 - room : 0;
    for (unsigned c = 0; first < caret_cell && c + cells[first].width <= start;) c += cells[first++].width;
    unsigned used = 0;
    last = first;
    while (last < cells.size() && used + cells[last].width <= room) used += cells[last++].width;
  }
  const bool cut_front = clipped_front || first > 0, cut_back = clipped_back || last < cells.size();

  {
    llvm::WithColor loc(out, llvm::raw_ostream::SAVEDCOLOR, true, false, mode);
    llvm::StringRef name = buf->getBufferIdentifier();
    loc << (name == "-" ? llvm::StringRef("<stdin>") : name) << ':' << line_no << ':' << column_no << ": ";
  }
  switch (severity) {  // the colors of llvm::WithColor::error and friends
    case Severity::Error: llvm::WithColor(out, llvm::raw_ostream::RED, true, false, mode) << "error: "; break;
    case Severity::Warning: llvm::WithColor(out, llvm::raw_ostream::MAGENTA, true, false, mode) << "warning: "; break;
    case Severity::Note: llvm::WithColor(out, llvm::raw_ostream::BLACK, true, false, mode) << "note: "; break;
  }
  llvm::WithColor(out, llvm::raw_ostream::SAVEDCOLOR, true, false, mode) << text << '\n';
  // Bytes that are not UTF-8 are not text to show (nor to send to a terminal): the
  // location alone says where.
  const auto* lb = reinterpret_cast<const llvm::UTF8*>(line.data());
  if (!llvm::isLegalUTF8String(&lb, lb + line.size())) return rendered;
  std::string src = cut_front ? "..." : "", caret = cut_front ? "   " : "";
  for (size_t i = first; i < last; ++i) {
    src += cells[i].tab ? std::string(cells[i].width, ' ') : cells[i].text.str();
    caret += under[i];
  }
  if (cut_back) src += "...";
  else if (marks[line.size()] != ' ') caret += marks[line.size()];  // at the end of the line
  caret.erase(caret.find_last_not_of(' ') + 1);
  out << src << '\n';
  llvm::WithColor(out, llvm::raw_ostream::GREEN, true, false, mode) << caret << '\n';
  return rendered;
}

void Engine::Report(Kind kind, SourceRange where, const std::string& message) {
  Severity sev = SeverityOf(kind);
  if (hold_) {
    if (sev == Severity::Error && Stopped()) return;
    hold_->push_back({kind, where, message});
    if (sev == Severity::Error) ++held_errors_;
    return;
  }
  // A note belongs to the diagnostic before it: dropped with it.
  if (sev == Severity::Note && dropping_) return;
  dropping_ = false;
  if (sev == Severity::Error && Stopped()) {
    dropping_ = true;
    if (!cap_reported_) {
      cap_reported_ = true;
      std::string line =
          Unlocated(Kind::too_many_errors, "too many errors (" + std::to_string(max_errors_) + "); stopping");
      if (sorted_) cap_line_ = line;
      else os_ << line;
      if (collected_) collected_->push_back({0, 0, Severity::Error, "too many errors [too_many_errors]"});
    }
    return;
  }
  const std::string key = message.substr(0, message.find("; did you mean "));
  if (!seen_.insert({where.buffer, where.begin, static_cast<int>(kind), key}).second) {
    dropping_ = sev != Severity::Note;
    return;
  }
  if (sev == Severity::Error) {
    ++errors_;
    error_buffers_.push_back(where.buffer);
  }
  std::string text = Tagged(message, kind);
  if (collected_) {
    unsigned line = where.Valid() ? sm_.getLineAndColumn(Loc(where), where.buffer).first : 0;
    collected_->push_back({where.buffer, line, sev, text, where});
    return;
  }
  if (!sorted_) {
    Print(where, sev, text);
    return;
  }
  if (sev != Severity::Note || held_.empty()) held_.emplace_back();
  held_.back().push_back({where, sev, text});
}

void Engine::Print(SourceRange where, Severity sev, const std::string& text) {
  if (!where.Valid()) {
    std::string line = PlainLine(sev, text);
    if (printed_) printed_->push_back({where, sev, text, line});
    os_ << line;
    return;
  }
  // Rendered whole, then written once: stderr is unbuffered. What is recorded has no colours.
  std::string plain = RenderDiagnostic(sm_, where, sev, text, false);
  os_ << (os_.has_colors() ? RenderDiagnostic(sm_, where, sev, text, true) : plain);
  if (printed_) printed_->push_back({where, sev, text, std::move(plain)});
}

void Engine::Flush() {
  if (held_.empty() && cap_line_.empty()) return;
  std::vector<std::vector<Held>> groups = std::move(held_);
  held_.clear();
  // Files in the order of their first diagnostic; within one, by location (stable, so
  // diagnostics at one place keep their order). Unlocated ones form a file of their own.
  std::vector<unsigned> files;
  for (const auto& g : groups)
    if (std::find(files.begin(), files.end(), g[0].where.buffer) == files.end()) files.push_back(g[0].where.buffer);
  std::vector<size_t> order(groups.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto rank = [&](size_t g) {
    return std::find(files.begin(), files.end(), groups[g][0].where.buffer) - files.begin();
  };
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    auto ra = rank(a), rb = rank(b);
    if (ra != rb) return ra < rb;
    return groups[a][0].where.Valid() && groups[a][0].where.begin < groups[b][0].where.begin;
  });
  for (size_t g : order)
    for (const Held& h : groups[g]) Print(h.where, h.severity, h.text);
  os_ << cap_line_;  // the error cap's line, after the errors it let through
  cap_line_.clear();
}

}  // namespace rl::diag

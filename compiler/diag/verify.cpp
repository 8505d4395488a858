// --verify-diagnostics (MLIR style): the test file states the diagnostics it expects in
// comments, `// expected-error@+1 {{unknown name}}`; each expectation must be matched by a
// diagnostic on that line whose text contains the braces' content, and every diagnostic
// must be expected. Mismatches are themselves diagnostics, so lit sees a plain exit 1.
#include <llvm/ADT/StringRef.h>

#include <regex>

#include "compiler/diag/diag.h"

namespace rl::diag {
namespace {

struct Expectation {
  Severity severity;
  unsigned line;
  std::string text;
  SourceRange where;
  bool matched = false;
};

std::vector<Expectation> ParseExpectations(llvm::SourceMgr& sm, unsigned buffer_id) {
  const llvm::MemoryBuffer* buf = sm.getMemoryBuffer(buffer_id);
  llvm::StringRef text = buf->getBuffer();
  static const std::regex re(R"(expected-(error|warning|note)(@([+-]?)(\d+))?\s*\{\{(.*?)\}\})");
  std::vector<Expectation> out;
  unsigned line = 1;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == llvm::StringRef::npos) nl = text.size();
    std::string l = text.substr(pos, nl - pos).str();
    for (std::sregex_iterator it(l.begin(), l.end(), re), end; it != end; ++it) {
      const std::smatch& m = *it;
      Severity sev = m[1] == "error" ? Severity::Error
                     : m[1] == "warning" ? Severity::Warning : Severity::Note;
      unsigned target = line;
      if (m[2].matched) {
        unsigned n = std::stoul(m[4]);
        target = m[3] == "+" ? line + n : m[3] == "-" ? line - n : n;
      }
      SourceRange where{buffer_id, static_cast<uint32_t>(pos + m.position(0)),
                        static_cast<uint32_t>(pos + m.position(0) + m.length(0))};
      out.push_back({sev, target, m[5], where});
    }
    ++line;
    pos = nl + 1;
  }
  return out;
}

}  // namespace

bool VerifyExpectations(llvm::SourceMgr& sm, unsigned buffer_id,
                        const std::vector<Collected>& got, Engine& report) {
  std::vector<Expectation> expected = ParseExpectations(sm, buffer_id);
  bool ok = true;
  for (const Collected& d : got) {
    bool found = false;
    for (Expectation& e : expected) {
      if (e.matched || e.severity != d.severity) continue;
      if (d.buffer == buffer_id && e.line == d.line && d.text.find(e.text) != std::string::npos) {
        e.matched = found = true;
        break;
      }
    }
    if (!found) {
      ok = false;
      SourceRange at = d.where;
      if (!at.Valid() && d.buffer != 0) {
        const llvm::MemoryBuffer* buf = sm.getMemoryBuffer(d.buffer);
        const char* p = sm.FindLocForLineAndColumn(d.buffer, d.line, 1).getPointer();
        at = {d.buffer, static_cast<uint32_t>(p - buf->getBufferStart()),
              static_cast<uint32_t>(p - buf->getBufferStart())};
      }
      report.Report(Kind::verify_unexpected, at, "unexpected diagnostic: " + d.text);
    }
  }
  for (const Expectation& e : expected)
    if (!e.matched) {
      ok = false;
      report.Report(Kind::verify_missing, e.where,
                    "expected diagnostic not produced on line " + std::to_string(e.line) +
                        ": {{" + e.text + "}}");
    }
  return ok;
}

}  // namespace rl::diag

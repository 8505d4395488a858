// Source locations: byte offsets into a buffer registered with llvm::SourceMgr. Every
// AST node and IR instruction carries one, so diagnostics and runtime errors can point at
// the formula that produced them.
#pragma once
#include <cstdint>

namespace rl {

struct SourceRange {
  uint32_t buffer = 0;  // llvm::SourceMgr buffer id; 0 = no location
  uint32_t begin = 0;   // byte offset of the first character
  uint32_t end = 0;     // byte offset one past the last character

  bool Valid() const { return buffer != 0; }
  static SourceRange Join(SourceRange a, SourceRange b) {
    if (!a.Valid()) return b;
    if (!b.Valid() || a.buffer != b.buffer) return a;
    return {a.buffer, a.begin < b.begin ? a.begin : b.begin, a.end > b.end ? a.end : b.end};
  }
};

}  // namespace rl

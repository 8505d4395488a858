// Shared set-up for the unit tests: in-memory sources registered with an llvm::SourceMgr
// and a diagnostics engine that collects what it reports instead of printing it, so a
// test can assert which kinds (tags) a spec produced.
#pragma once
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <string>
#include <vector>

#include "compiler/diag/diag.h"

namespace rl::test {

struct Harness {
  llvm::SourceMgr sm;
  std::string printed;
  llvm::raw_string_ostream os{printed};
  std::vector<diag::Collected> collected;
  diag::Engine diags{sm, os};

  Harness() { diags.CollectInto(&collected); }

  unsigned Add(const std::string& text, const std::string& name = "test.rl") {
    return sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, name), llvm::SMLoc());
  }

  // The `[tag]` of every collected diagnostic, in order.
  std::vector<std::string> Tags() const {
    std::vector<std::string> tags;
    for (const diag::Collected& c : collected) {
      size_t open = c.text.rfind('[');
      tags.push_back(open == std::string::npos ? c.text : c.text.substr(open + 1, c.text.size() - open - 2));
    }
    return tags;
  }
  bool HasTag(const std::string& tag) const {
    for (const std::string& t : Tags())
      if (t == tag) return true;
    return false;
  }
  std::string AllText() const {
    std::string s;
    for (const diag::Collected& c : collected) s += std::to_string(c.line) + ": " + c.text + "\n";
    return s;
  }
};

}  // namespace rl::test

// Internal to compiler/api: the state a ringline::Spec holds (source buffers, the
// diagnostics engine recording what it prints, the compilation) and the conversion of
// its diagnostics into ringline::Diagnostic and SpecError.
#pragma once
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <memory>
#include <string>
#include <vector>

#include "compiler/check/check.h"
#include "compiler/diag/diag.h"
#include "include/ringline/ringline.h"

namespace rl::api {

struct SpecState {
  explicit SpecState(const ringline::Options& options);

  // Starts an operation: errors counted and deduplicated from here (a long-lived Spec
  // reports a repeated mistake each time, and is never stopped by an earlier one's cap).
  size_t Begin();
  // The diagnostics printed since `mark`, in the command's order (source order per file:
  // the engine holds them until asked).
  std::vector<ringline::Diagnostic> Since(size_t mark);
  // Throws SpecError with the diagnostics since `mark`, or with `fallback` (kind `usage`)
  // when there are none.
  [[noreturn]] void Fail(size_t mark, const std::string& fallback);

  llvm::SourceMgr sm;
  std::vector<diag::Engine::Printed> printed;
  diag::Engine diags;
  std::unique_ptr<check::Compilation> comp;
};

// A diagnostic of the library's own (a usage mistake, a file that cannot be read).
ringline::Diagnostic Plain(const std::string& kind, const std::string& message);

}  // namespace rl::api

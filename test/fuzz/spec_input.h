// What the fuzz targets share: one fuzz input as a spec, in memory, checked the way the
// driver checks a file (stdlib from the source tree, sorted diagnostics, the driver's
// error cap), and a worker thread with the driver's stack (main.cpp), since the checker
// recurses as deep as the parser's caps allow and ASan frames are larger.
//
// The input is registered under a name inside /dev/null, a path that can never be a file
// or a folder: the checker then allows no root folder (Compilation::LoadBuffer), so an
// `import` or `mlp_bundle` reaches only the standard library and everything else is
// [path_not_allowed] before the file is looked at. A fuzz input reads no other file.
#pragma once
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Support/thread.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "compiler/check/check.h"
#include "compiler/diag/diag.h"

namespace rl::fuzz {

inline constexpr const char* kInputName = "/dev/null/input.rl";

struct Spec {
  llvm::SourceMgr sm;
  std::string printed;  // the rendered diagnostics: rendering is exercised, then dropped
  llvm::raw_string_ostream os{printed};
  diag::Engine diags{sm, os};
  unsigned buffer = 0;

  Spec(const uint8_t* data, size_t size) {
    diags.SetMaxErrors(20);  // the driver's --max-errors default
    diags.SetSorted(true);
    buffer = sm.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(reinterpret_cast<const char*>(data), size), kInputName),
        llvm::SMLoc());
  }

  // A tenth of the driver's compile-time step budget: the same limit code, reached sooner,
  // so that no input costs more than a few seconds under the sanitizers and the fuzzer
  // spends its time on many inputs rather than a few large networks.
  check::Options Options() const {
    check::Options opts{RL_STDLIB_DIR};
    opts.max_eval_steps /= 10;
    return opts;
  }
};

// Runs `fn` on a thread with the driver's 512 MiB stack and waits for it.
template <typename Fn>
void OnBigStack(Fn&& fn) {
  llvm::thread worker(std::optional<unsigned>(512u << 20), std::forward<Fn>(fn));
  worker.join();
}

}  // namespace rl::fuzz

// Which evaluator runs a scenario: the JIT or the interpreter. `--backend=auto` (the
// default of `eval` and `sweep`) asks ChooseBackend, which compares the JIT's expected
// compile time plus run time with the interpreter's run time. It takes one IR scenario
// and its number of points, so a sweep made of several separately compiled scenarios can
// choose for each. The constants are measurements (docs/performance.md, "Choosing a
// backend"): the compile estimate is an upper bound and the interpreter's a lower one, so
// that the JIT is chosen only where it should win.
#pragma once
#include <cstdint>

#include "compiler/ir/ir.h"

namespace rl::api {

enum class Backend { Interp, Jit };

// Expected seconds to evaluate `points` points of `sc` (optimised, as the backends get
// it) through the sweep engine on `threads` worker threads.
struct BackendCost {
  double interp_s = 0;       // every point interpreted
  double jit_compile_s = 0;  // codegen and LLVM, on the calling thread
  double jit_run_s = 0;      // every point in the staged compiled code
  double jit_s() const { return jit_compile_s + jit_run_s; }
};
BackendCost EstimateCost(const ir::Scenario& sc, uint64_t points, unsigned threads = 1);

// The JIT when EstimateCost expects it to finish first, else the interpreter.
Backend ChooseBackend(const ir::Scenario& sc, uint64_t points, unsigned threads = 1);

}  // namespace rl::api

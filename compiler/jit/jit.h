// The JIT: compiles one scenario's LLVM module (compiler/codegen) to native code with ORC
// LLJIT for the host CPU (its features; O2 by default, run by an IR transform layer with
// the new pass manager). One process-wide LLJIT; each Evaluator owns a ResourceTracker,
// so destroying it frees its code. JIT'd code may call only the runtime functions listed
// in jit.cpp (libm, mem* and the kernel-time models' rl_kernel_predict and
// rl_kernel_predict_batch), registered as absolute symbols: nothing else in the process
// is visible to it.
#pragma once
#include <llvm/ExecutionEngine/Orc/Core.h>
#include <llvm/Support/Error.h>

#include <memory>
#include <string>
#include <vector>

#include "compiler/codegen/memo.h"
#include "compiler/codegen/segments.h"
#include "compiler/ir/ir.h"
#include "runtime/abi.h"

namespace rl::jit {

struct Options {
  unsigned opt_level = 2;       // 0..3, as -O0..-O3
  std::vector<uint32_t> order;  // sweep loop order, outermost first; empty: declaration order
  bool eval = true;             // compile `eval` (Eval, eval_fn)
  bool sweep = true;            // compile `sweep` (sweep_fn)
  size_t segment_size = codegen::kDefaultSegmentSize;  // the largest function (codegen/segments.h)
  codegen::Memo memo = {};  // a streamed sweep's memo table (codegen/memo.h; sweep only)
  bool skip_infeasible = false;  // codegen::Options::skip_infeasible
};

class Evaluator {
 public:
  ~Evaluator();
  Evaluator(const Evaluator&) = delete;
  Evaluator& operator=(const Evaluator&) = delete;

  // One point (runtime/abi.h): params in SI, reports out; true when feasible. Only
  // when compiled with Options::eval (likewise sweep_fn and Options::sweep).
  bool Eval(const double* params, double* reports) const { return eval_(params, reports); }
  rl_eval_fn eval_fn() const { return eval_; }
  // One box of the product space, staged in `order()` (runtime/abi.h).
  rl_sweep_fn sweep_fn() const { return sweep_; }
  const std::vector<uint32_t>& order() const { return order_; }
  // With Options::memo: what fills its table (a sweep of codegen::MemoFillScenario), which
  // `sweep_fn` reads at axes[num_params]; else null.
  rl_sweep_fn memo_fn() const { return memo_; }
  const codegen::Memo& memo() const { return memo_plan_; }

 private:
  friend llvm::Expected<std::unique_ptr<Evaluator>> Compile(const ir::Scenario&, const Options&);
  Evaluator() = default;
  llvm::orc::ResourceTrackerSP tracker_;
  rl_eval_fn eval_ = nullptr;
  rl_sweep_fn sweep_ = nullptr;
  rl_sweep_fn memo_ = nullptr;
  std::vector<uint32_t> order_;
  codegen::Memo memo_plan_;
  // The scenario's kernel models, alive while the code is; the code reads their addresses
  // from kernel_table_ (codegen::EntryNames::kernels).
  std::vector<ir::KernelUse> kernels_;
  std::vector<const void*> kernel_table_;
};

// Source of errors: the host target cannot be set up, optimisation or linking failed (an
// unresolved runtime symbol). Never a mistake in the spec.
llvm::Expected<std::unique_ptr<Evaluator>> Compile(const ir::Scenario& s, const Options& opts);

// `--emit=llvm`: the module exactly as the JIT compiles it: codegen output after the
// JIT's pipeline at `opts.opt_level` for the host (with -O0, codegen's own output).
llvm::Expected<std::string> PrintModule(const ir::Scenario& s, const Options& opts);

// The functions JIT'd code may call.
std::vector<std::string> RuntimeSymbolNames();

}  // namespace rl::jit

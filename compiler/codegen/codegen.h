// Code generation: cost IR -> LLVM IR. One module per scenario with two entry points
// (C ABI in runtime/abi.h): `eval`, one point straight-line, and `sweep`, a loop nest over
// a box of the product space in which every value is computed in the outermost loop
// where its inputs are known (staging.h). Each IR instruction kind has one handler
// (EmitInst in codegen.cpp) whose semantics match ir::Apply bit for bit: no fast-math
// flags, min/max propagate NaN, `%` is frem (fmod), pow/exp/log via LLVM intrinsics.
// A large scenario's code is split into functions of bounded size (segments.h), so
// compile time stays linear in the scenario's size.
#pragma once
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <memory>
#include <string>
#include <vector>

#include "compiler/codegen/memo.h"
#include "compiler/codegen/segments.h"
#include "compiler/ir/ir.h"

namespace rl::codegen {

struct Options {
  std::vector<uint32_t> order;  // sweep loop order, outermost first; empty: declaration order
  std::string suffix;           // appended to the entry points' names (unique per JIT module)
  bool eval = true;             // which entry points to emit (each costs compile time)
  bool sweep = true;
  size_t segment_size = kDefaultSegmentSize;  // the largest function body (segments.h)
  // A streamed sweep's memo table (memo.h): `sweep` reads its loops [0, depth) from the
  // table at axes[num_params], and a third entry point, `memo`, fills it.
  Memo memo = {};
  // `sweep` checks each require in the loop that computes its condition and skips the
  // loops inside where it fails, writing `feasible` 0 and no reports there: for a sweep
  // that keeps no infeasible rows. Not in the innermost loop (its vectorisation).
  bool skip_infeasible = false;
};

struct EntryNames {
  std::string eval;   // rl_eval_fn; "" when not emitted
  std::string sweep;  // rl_sweep_fn; "" when not emitted
  std::string memo;   // rl_sweep_fn of MemoFillScenario; "" without a memo
  // An external constant `[N x ptr]`: the scenario's kernel models (ir::Scenario::kernels)
  // in order; the JIT defines it. "" when the scenario predicts with none.
  std::string kernels;
};

// The module has no target triple or data layout: the caller (the JIT, --emit=llvm) sets
// them for the machine the code will run on.
std::unique_ptr<llvm::Module> EmitLLVM(const ir::Scenario& s, llvm::LLVMContext& ctx, const Options& opts,
                                       EntryNames* names = nullptr);

}  // namespace rl::codegen

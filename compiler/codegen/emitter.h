// The code generator's state, shared by its source files (internal to compiler/codegen):
// codegen.cpp has the instruction handlers, `eval` and the segment functions, sweep.cpp
// the staged loop nest, kernel_tables.cpp the batched kernel predictions.
#pragma once
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/Module.h>

#include <functional>
#include <string>
#include <vector>

#include "compiler/codegen/memo.h"
#include "compiler/codegen/segments.h"
#include "compiler/ir/ir.h"

namespace rl::codegen {

using llvm::Value;

class Emitter {
 public:
  Emitter(const ir::Scenario& s, llvm::Module& m, size_t segment_size, llvm::GlobalVariable* kernels)
      : s_(s), m_(m), ctx_(m.getContext()), b_(ctx_), f64_(b_.getDoubleTy()), i64_(b_.getInt64Ty()),
        i1_(b_.getInt1Ty()), ptr_(b_.getPtrTy()), segment_size_(segment_size), kernels_(kernels) {}

  llvm::Function* EmitEval(const std::string& name);
  // With an active `memo`, the loops it holds load their values read deeper from the
  // table instead of computing them (memo.h).
  // With `skip_infeasible`, a loop (not the innermost) whose requires fail at its level
  // marks its points infeasible and skips its inner loops (codegen.h, Options).
  llvm::Function* EmitSweep(const std::string& name, const std::vector<uint32_t>& order, const Memo* memo = nullptr,
                            bool skip_infeasible = false);

 private:
  // codegen.cpp: values.
  Value* EmitInst(const ir::Inst& in, Value* a, Value* b, Value* c);
  Value* Unary(llvm::Intrinsic::ID id, Value* a) { return b_.CreateUnaryIntrinsic(id, a); }
  Value* EmitKernel(const ir::Inst& in);
  // The model a kernel instruction predicts with, loaded from the kernel table.
  Value* ModelOf(const ir::Inst& in);
  llvm::FunctionCallee Pure(const char* name, unsigned arity);
  // The value of v in the function being emitted: computed there, a constant, or (in a
  // segment) loaded from the spill area.
  Value* Get(ir::ValueId v);
  // Computes instruction i from its operands (params must already be there).
  void Compute(size_t i);
  Value* AsDouble(Value* v) { return v->getType() == i1_ ? b_.CreateUIToFP(v, f64_) : v; }
  Value* Feasible();

  // codegen.cpp: segments (segments.h).
  void Plan(const std::vector<int>& level, size_t num_levels, const std::vector<bool>& pinned,
            const std::vector<uint32_t>& external_uses);
  // Emits the plan's segments and output segments as `prefix.segK` and `prefix.outK`.
  void EmitSegmentFunctions(const std::string& prefix);
  // Allocates the spill area (`extra_slots` more for the kernel tables' addresses) where
  // the builder is, when anything needs it.
  void AllocateSpill(size_t extra_slots);
  void FreeSpill();
  Value* SlotAddress(Value* base, size_t slot) { return b_.CreateConstInBoundsGEP1_64(f64_, base, slot); }
  void Spill(size_t v);  // stores value v (computed here) in its slot
  // The values of loop depth `level` (-1: outside the loops, and all of eval), given the
  // value of that loop's param (eval: null, params are loaded from its argument): those
  // computed inline, then the level's segments, then the reloads.
  void EmitLevel(int level, Value* param_value);
  Value* LoadParam(size_t v);
  // Calls the output segments, which store the reports at `out[count * r + pos]`;
  // returns whether every require holds.
  Value* CallOutputSegments(Value* out, Value* pos, Value* count);

  // sweep.cpp: the loop nest.
  void EmitLoop(size_t depth, Value* pos_outer);
  void EmitOneLoop(size_t depth, Value* pos_outer);
  std::vector<size_t> InvariantConditions(size_t depth) const;
  void EmitVersions(const std::vector<size_t>& conds, size_t k, size_t depth, Value* pos_outer,
                    llvm::BasicBlock* join);
  std::vector<size_t> GuardedMinMax(size_t depth) const;
  Value* FastMinMax(size_t i);
  void StoreRow(Value* pos);
  Value* EarlyRequires(int depth);
  // `inner` (the loops from depth + 1 in) only where the requires known at `depth` hold
  // (with `early`).
  void EmitUnlessInfeasible(int depth, bool early, const std::function<void()>& inner);
  void SetUpAliasScopes();
  // The memo: whether value v is a loop value the table stands for (loaded or not
  // needed), and the load of a column of it at the current loop indices.
  bool Memoised(size_t v) const {
    return memo_ && level_[v] >= 0 && level_[v] < static_cast<int>(memo_->depth) && s_.insts[v].op != ir::Op::Param;
  }
  Value* LoadMemo(size_t v);

  // kernel_tables.cpp.
  struct TableChunk {
    uint32_t param;
    std::vector<uint32_t> kernels;  // whose predictions it fills
    std::vector<uint32_t> cone;     // the values their features need, recomputed per row
  };
  // Which kernel calls are predicted in batches, in chunks of bounded size; the values
  // at level -1 the fillers read go to `external_uses`.
  std::vector<TableChunk> ChooseTables(std::vector<uint32_t>& external_uses);
  // A filler: `void (spill, axis, lo, rows)` computes the features of its kernels for
  // axis[lo .. lo + rows), predicts each kernel's rows in one batch and passes the table's
  // address back in the spill area.
  llvm::Function* EmitTableFiller(const TableChunk& chunk, const std::string& name);
  // Assigns the tables' slots (after the plan's) and emits every filler.
  std::vector<llvm::Function*> EmitTableFillers(const std::string& prefix);
  // In the sweep function: calls the fillers and loads the tables' addresses.
  void EmitTables(const std::vector<llvm::Function*>& fillers);
  void FreeTables();

  const ir::Scenario& s_;
  llvm::Module& m_;
  llvm::LLVMContext& ctx_;
  llvm::IRBuilder<> b_;
  llvm::Type *f64_, *i64_, *i1_, *ptr_;
  const size_t segment_size_;
  llvm::GlobalVariable* kernels_;  // the kernel table (EntryNames::kernels); null without kernels
  std::vector<Value*> vals_;
  llvm::Function* fn_now_ = nullptr;  // the function being emitted

  // Segments.
  SegmentPlan plan_;
  std::vector<std::vector<uint32_t>> level_values_;  // [level + 1]: its values, in order
  std::vector<llvm::Function*> segment_fns_, output_fns_;
  Value* spill_ = nullptr;   // the spill area in the function being emitted
  bool in_segment_ = false;  // emitting a segment: operands from elsewhere come from spill_
  llvm::BasicBlock* load_block_ = nullptr;  // where such loads go (null: where they are used)
  Value* eval_params_ = nullptr;            // eval's params argument
  std::vector<uint32_t> touched_;  // vals_ entries a segment set, cleared after it

  // Sweep state.
  std::vector<uint32_t> order_;
  bool skip_infeasible_ = false;
  std::vector<int> level_;
  std::vector<bool> fast_;  // min/max to emit as one compare-select (see GuardedMinMax)
  llvm::Function* fn_ = nullptr;
  std::vector<Value*> axis_, lo_, hi_, stride_, report_base_;
  Value* feasible_base_ = nullptr;
  llvm::MDNode *axes_scope_ = nullptr, *axes_noalias_ = nullptr;
  std::vector<llvm::MDNode*> out_scope_, out_noalias_;  // reports..., feasible
  // Batched kernel calls: the chunks, per value the table of its predictions over its
  // one param's axis range (null: computed in place), each loop's index, and the slot in
  // the spill area each table's address is passed back in.
  std::vector<TableChunk> tables_;
  std::vector<Value*> kernel_table_;
  std::vector<int32_t> table_slot_;
  std::vector<Value*> loop_index_;  // per param, while inside its loop
  // The memo (null: none), each value's column in its table (-1: none) and its address.
  const Memo* memo_ = nullptr;
  std::vector<int32_t> memo_column_;
  Value* memo_base_ = nullptr;
};

}  // namespace rl::codegen

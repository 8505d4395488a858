// The staged sweep loop nest (see codegen.h): the loops in the staging order, each
// level's values in its loop body (inline or by calling segments, segments.h), the
// innermost loop's versions and the row stores.
#include <llvm/ADT/DenseMap.h>
#include <llvm/IR/MDBuilder.h>

#include <algorithm>
#include <functional>

#include "compiler/codegen/emitter.h"
#include "compiler/codegen/staging.h"

namespace rl::codegen {

// A min/max whose operand `k` is loop-invariant and known to be neither NaN nor zero:
// `k > x ? k : x` (max) is then exactly ir::Apply's result, bit for bit: a NaN x comes
// through as itself (what x + k gives), and on a tie x and k are the same bits, since
// only zeros compare equal with different bits. One maxpd/minpd instead of three.
Value* Emitter::FastMinMax(size_t i) {
  const ir::Inst& in = s_.insts[i];
  bool a_invariant = level_[in.a.index] < level_[i];
  Value* k = Get(a_invariant ? in.a : in.b);
  Value* x = Get(a_invariant ? in.b : in.a);
  Value* pick = in.op == ir::Op::Max ? b_.CreateFCmpOGT(k, x) : b_.CreateFCmpOLT(k, x);
  return b_.CreateSelect(pick, k, x);
}

// The min/max instructions of the innermost loop with exactly one operand computed
// outside it: a guard checked once per inner loop (every such operand is neither NaN nor
// zero) lets a copy of the loop use FastMinMax for all of them.
std::vector<size_t> Emitter::GuardedMinMax(size_t depth) const {
  std::vector<size_t> out;
  for (uint32_t v : level_values_[depth + 1]) {
    const ir::Inst& in = s_.insts[v];
    if (in.op != ir::Op::Min && in.op != ir::Op::Max) continue;
    bool a_out = level_[in.a.index] < static_cast<int>(depth), b_out = level_[in.b.index] < static_cast<int>(depth);
    if (a_out != b_out) out.push_back(v);
  }
  return out;
}

// The boolean values computed outside the innermost loop that select between values
// computed inside it (`if p == 1 then 0 s else ...` with p an outer param), most used
// first, at most two (each doubles the copies of the loop, and so its compile time).
std::vector<size_t> Emitter::InvariantConditions(size_t depth) const {
  llvm::DenseMap<uint32_t, size_t> index;    // condition -> its entry in `uses`
  std::vector<std::pair<int, size_t>> uses;  // (-count, condition), in order of first use
  for (uint32_t v : level_values_[depth + 1]) {
    const ir::Inst& in = s_.insts[v];
    if (in.op != ir::Op::Select || level_[in.a.index] >= static_cast<int>(depth)) continue;
    auto [it, fresh] = index.try_emplace(in.a.index, uses.size());
    if (fresh) uses.push_back({-1, in.a.index});
    else --uses[it->second].first;
  }
  std::stable_sort(uses.begin(), uses.end());
  std::vector<size_t> out;
  for (size_t k = 0; k < uses.size() && k < 2; ++k) out.push_back(uses[k].second);
  return out;
}

// One copy of the innermost loop per combination of the invariant conditions, each with
// the conditions as constants so its selects fold away: the loop LLVM vectorises is
// straight arithmetic instead of blends (or branches) on a value that never changes.
void Emitter::EmitVersions(const std::vector<size_t>& conds, size_t k, size_t depth, Value* pos_outer,
                           llvm::BasicBlock* join) {
  if (k == conds.size()) {
    EmitOneLoop(depth, pos_outer);
    b_.CreateBr(join);
    return;
  }
  Value* cond = Get({static_cast<uint32_t>(conds[k])});
  llvm::BasicBlock* on = llvm::BasicBlock::Create(ctx_, "version.true", fn_);
  llvm::BasicBlock* off = llvm::BasicBlock::Create(ctx_, "version.false", fn_);
  b_.CreateCondBr(cond, on, off);
  for (bool value : {true, false}) {
    b_.SetInsertPoint(value ? on : off);
    vals_[conds[k]] = b_.getInt1(value);
    EmitVersions(conds, k + 1, depth, pos_outer, join);
  }
  vals_[conds[k]] = cond;
}

// The loop nest. Depth d loops over param order_[d]; values whose deepest input is that
// param are computed in its loop body, before the inner loops. Loops are bottom-tested
// (the runtime never passes an empty range) so LLVM sees them already rotated.
void Emitter::EmitLoop(size_t depth, Value* pos_outer) {
  // Versions pay only in a loop LLVM can vectorise: one without calls to segments.
  if (depth + 1 != order_.size() || !plan_.level_segments[depth + 1].empty() || !output_fns_.empty()) {
    EmitOneLoop(depth, pos_outer);
    return;
  }
  std::vector<size_t> conds = InvariantConditions(depth);
  std::vector<size_t> guarded = GuardedMinMax(depth);
  // Each version is a copy of the loop for LLVM to vectorise: the copies together stay
  // within kVersionBudget segments' worth (the most used conditions kept, then the guard).
  size_t size = 3 * s_.reports.size() + s_.requires_.size();
  for (uint32_t v : level_values_[depth + 1]) size += EmittedSize(s_.insts[v]);
  auto copies = [&] { return (size_t{1} << conds.size()) * (guarded.empty() ? 1 : 2); };
  while (copies() > 1 && copies() * size > kVersionBudget * segment_size_) {
    if (!conds.empty()) conds.pop_back();
    else guarded.clear();
  }
  if (conds.empty() && guarded.empty()) {
    EmitOneLoop(depth, pos_outer);
    return;
  }
  llvm::BasicBlock* join = llvm::BasicBlock::Create(ctx_, "join." + s_.params[order_[depth]].name, fn_);
  if (guarded.empty()) {
    EmitVersions(conds, 0, depth, pos_outer, join);
  } else {
    Value* guard = b_.getTrue();
    for (size_t v : guarded) {
      const ir::Inst& in = s_.insts[v];
      Value* k = Get(level_[in.a.index] < static_cast<int>(depth) ? in.a : in.b);
      guard = b_.CreateAnd(guard, b_.CreateFCmpONE(k, llvm::ConstantFP::get(f64_, 0.0)));
    }
    llvm::BasicBlock* fast = llvm::BasicBlock::Create(ctx_, "guard.fast", fn_);
    llvm::BasicBlock* exact = llvm::BasicBlock::Create(ctx_, "guard.general", fn_);
    b_.CreateCondBr(guard, fast, exact);
    b_.SetInsertPoint(fast);
    fast_.assign(s_.insts.size(), false);
    for (size_t v : guarded) fast_[v] = true;
    EmitVersions(conds, 0, depth, pos_outer, join);
    fast_.clear();
    b_.SetInsertPoint(exact);
    EmitVersions(conds, 0, depth, pos_outer, join);
  }
  b_.SetInsertPoint(join);
}

void Emitter::EmitOneLoop(size_t depth, Value* pos_outer) {
  if (depth == order_.size()) {
    StoreRow(pos_outer);
    return;
  }
  const uint32_t p = order_[depth];
  const std::string& pname = s_.params[p].name;
  llvm::BasicBlock* pre = b_.GetInsertBlock();
  llvm::BasicBlock* body = llvm::BasicBlock::Create(ctx_, "loop." + pname, fn_);
  b_.CreateBr(body);
  b_.SetInsertPoint(body);
  llvm::PHINode* i = b_.CreatePHI(i64_, 2, "i." + pname);
  loop_index_[p] = i;
  llvm::PHINode* pos = b_.CreatePHI(i64_, 2, "pos." + pname);
  i->addIncoming(lo_[p], pre);
  pos->addIncoming(pos_outer, pre);
  llvm::LoadInst* x = b_.CreateLoad(f64_, b_.CreateInBoundsGEP(f64_, axis_[p], i), pname);
  x->setMetadata(llvm::LLVMContext::MD_alias_scope, axes_scope_);
  x->setMetadata(llvm::LLVMContext::MD_noalias, axes_noalias_);
  EmitLevel(static_cast<int>(depth), x);
  // Not in the innermost loop: there it would save nothing but the row's stores, and
  // cost LLVM the loop's vectorisation.
  EmitUnlessInfeasible(static_cast<int>(depth), depth + 1 < order_.size(), [&] { EmitLoop(depth + 1, pos); });
  llvm::BasicBlock* latch = b_.GetInsertBlock();
  Value* i_next = b_.CreateAdd(i, b_.getInt64(1), "i.next." + pname, false, true);
  Value* pos_next = b_.CreateAdd(pos, stride_[p], "pos.next." + pname, false, true);
  i->addIncoming(i_next, latch);
  pos->addIncoming(pos_next, latch);
  llvm::BasicBlock* exit = llvm::BasicBlock::Create(ctx_, "end." + pname, fn_);
  b_.CreateCondBr(b_.CreateICmpSLT(i_next, hi_[p]), body, exit);
  b_.SetInsertPoint(exit);
}

// The requires whose conditions loop depth `depth` computes (-1: before the loops), all
// holding; null when skipping is off or there are none. A condition this function does
// not hold (computed and read only in an output segment) is left to the row.
Value* Emitter::EarlyRequires(int depth) {
  if (!skip_infeasible_) return nullptr;
  Value* ok = nullptr;
  for (const ir::Require& q : s_.requires_) {
    if (level_[q.cond.index] != depth || !vals_[q.cond.index]) continue;
    ok = ok ? b_.CreateAnd(ok, vals_[q.cond.index]) : vals_[q.cond.index];
  }
  return ok;
}

// The box's `feasible` bytes were zeroed on entry (EmitSweep), so a dropped loop writes
// nothing: one small loop nest per function instead of one per check.
void Emitter::EmitUnlessInfeasible(int depth, bool early, const std::function<void()>& inner) {
  Value* ok = early ? EarlyRequires(depth) : nullptr;
  if (!ok) return inner();
  const std::string at = depth < 0 ? "entry" : s_.params[order_[static_cast<size_t>(depth)]].name;
  llvm::BasicBlock* feasible = llvm::BasicBlock::Create(ctx_, "feasible." + at, fn_);
  llvm::BasicBlock* join = llvm::BasicBlock::Create(ctx_, "checked." + at, fn_);
  b_.CreateCondBr(ok, feasible, join);
  b_.SetInsertPoint(feasible);
  inner();
  b_.CreateBr(join);
  b_.SetInsertPoint(join);
}

void Emitter::StoreRow(Value* pos) {
  Value* ok;
  if (!output_fns_.empty()) {
    ok = CallOutputSegments(fn_->getArg(4), pos, fn_->getArg(6));
  } else {
    for (size_t r = 0; r < s_.reports.size(); ++r) {
      llvm::StoreInst* st =
          b_.CreateStore(AsDouble(Get(s_.reports[r].value)), b_.CreateInBoundsGEP(f64_, report_base_[r], pos));
      st->setMetadata(llvm::LLVMContext::MD_alias_scope, out_scope_[r]);
      st->setMetadata(llvm::LLVMContext::MD_noalias, out_noalias_[r]);
    }
    ok = Feasible();
  }
  llvm::StoreInst* st =
      b_.CreateStore(b_.CreateZExt(ok, b_.getInt8Ty()), b_.CreateInBoundsGEP(b_.getInt8Ty(), feasible_base_, pos));
  st->setMetadata(llvm::LLVMContext::MD_alias_scope, out_scope_.back());
  st->setMetadata(llvm::LLVMContext::MD_noalias, out_noalias_.back());
}

// Scoped no-alias metadata: the axis arrays and each output array are disjoint (ABI).
// Reports stored by output segments need none (their loop has calls, so it is not
// vectorised), and naming every other report at each store would be quadratic.
void Emitter::SetUpAliasScopes() {
  const size_t nr = output_fns_.empty() ? s_.reports.size() : 0;
  llvm::MDBuilder md(ctx_);
  llvm::MDNode* domain = md.createAnonymousAliasScopeDomain("rl.sweep");
  llvm::MDNode* axes = md.createAnonymousAliasScope(domain, "axes");
  std::vector<llvm::Metadata*> outs;
  for (size_t r = 0; r <= nr; ++r) outs.push_back(md.createAnonymousAliasScope(domain, r < nr ? "report" : "feasible"));
  axes_scope_ = llvm::MDNode::get(ctx_, {axes});
  axes_noalias_ = llvm::MDNode::get(ctx_, outs);
  out_scope_.clear();
  out_noalias_.clear();
  for (size_t r = 0; r <= nr; ++r) {
    std::vector<llvm::Metadata*> others{axes};
    for (size_t k = 0; k <= nr; ++k)
      if (k != r) others.push_back(outs[k]);
    out_scope_.push_back(llvm::MDNode::get(ctx_, {outs[r]}));
    out_noalias_.push_back(llvm::MDNode::get(ctx_, others));
  }
}

Value* Emitter::LoadMemo(size_t v) {
  Value* row = b_.getInt64(0);
  for (int d = 0; d <= level_[v]; ++d) {
    const uint32_t p = order_[static_cast<size_t>(d)];
    if (memo_->stride[p] != 0) row = b_.CreateAdd(row, b_.CreateMul(loop_index_[p], b_.getInt64(memo_->stride[p])));
  }
  Value* at = b_.CreateAdd(row, b_.getInt64(memo_column_[v] * memo_->rows));
  llvm::LoadInst* x = b_.CreateLoad(f64_, b_.CreateInBoundsGEP(f64_, memo_base_, at), "memo");
  x->setMetadata(llvm::LLVMContext::MD_alias_scope, axes_scope_);
  x->setMetadata(llvm::LLVMContext::MD_noalias, axes_noalias_);
  // The fill stored a Bool as 0 or 1 (a report's double).
  return s_.insts[v].ty == ir::Ty::Bool ? b_.CreateFCmpUNE(x, llvm::ConstantFP::get(f64_, 0.0)) : x;
}

llvm::Function* Emitter::EmitSweep(const std::string& name, const std::vector<uint32_t>& order, const Memo* memo,
                                   bool skip_infeasible) {
  const size_t np = s_.params.size(), nr = s_.reports.size();
  order_ = order;
  skip_infeasible_ = skip_infeasible;
  std::vector<uint64_t> sizes(np, 1);  // only the order matters for the levels
  level_ = Stage(s_, order_, sizes).level;
  memo_ = memo && memo->Active() ? memo : nullptr;
  memo_column_.assign(s_.insts.size(), -1);
  if (memo_)
    for (size_t k = 0; k < memo_->values.size(); ++k) memo_column_[memo_->values[k]] = static_cast<int32_t>(k);
  auto* fty = llvm::FunctionType::get(b_.getVoidTy(), {ptr_, ptr_, ptr_, ptr_, ptr_, ptr_, i64_}, false);
  fn_ = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, name, m_);
  fn_->addFnAttr(llvm::Attribute::NoUnwind);
  const char* arg_names[] = {"axes", "lo", "hi", "stride", "reports", "feasible", "count"};
  for (unsigned k = 0; k < 7; ++k) fn_->getArg(k)->setName(arg_names[k]);
  for (unsigned k = 0; k < 6; ++k) {
    fn_->addParamAttr(k, llvm::Attribute::NoAlias);
    fn_->addParamAttr(k, llvm::Attribute::NoCapture);
    if (k < 4) fn_->addParamAttr(k, llvm::Attribute::ReadOnly);
  }
  b_.SetInsertPoint(llvm::BasicBlock::Create(ctx_, "entry", fn_));
  fn_now_ = fn_;
  vals_.assign(s_.insts.size(), nullptr);
  loop_index_.assign(np, nullptr);

  // Which values go to which function; the segments and table fillers are emitted first,
  // while vals_ holds nothing of this function.
  std::vector<uint32_t> external;
  tables_ = ChooseTables(external);
  std::vector<bool> pinned(s_.insts.size());
  // Memoised values are the caller's too: loads, or nothing.
  for (size_t i = 0; i < s_.insts.size(); ++i) pinned[i] = s_.insts[i].op == ir::Op::Param || Memoised(i);
  for (const TableChunk& t : tables_)
    for (uint32_t v : t.kernels) pinned[v] = true;
  Plan(level_, np, pinned, external);
  EmitSegmentFunctions(name);
  std::vector<llvm::Function*> fillers = EmitTableFillers(name);
  SetUpAliasScopes();

  axis_.assign(np, nullptr);
  lo_.assign(np, nullptr);
  hi_.assign(np, nullptr);
  stride_.assign(np, nullptr);
  for (size_t p = 0; p < np; ++p) {
    const std::string& pname = s_.params[p].name;
    axis_[p] = b_.CreateLoad(ptr_, b_.CreateConstInBoundsGEP1_64(ptr_, fn_->getArg(0), p), "axis." + pname);
    lo_[p] = b_.CreateLoad(i64_, b_.CreateConstInBoundsGEP1_64(i64_, fn_->getArg(1), p), "lo." + pname);
    hi_[p] = b_.CreateLoad(i64_, b_.CreateConstInBoundsGEP1_64(i64_, fn_->getArg(2), p), "hi." + pname);
    stride_[p] = b_.CreateLoad(i64_, b_.CreateConstInBoundsGEP1_64(i64_, fn_->getArg(3), p), "stride." + pname);
  }
  report_base_.assign(nr, nullptr);
  if (output_fns_.empty())
    for (size_t r = 0; r < nr; ++r)
      report_base_[r] = b_.CreateInBoundsGEP(f64_, fn_->getArg(4), b_.CreateMul(fn_->getArg(6), b_.getInt64(r)),
                                             "out." + s_.reports[r].name);
  feasible_base_ = fn_->getArg(5);
  // Skipping needs the dropped points' `feasible` 0: the whole box's, first (a require
  // checked in the innermost loop is the row's own, as without skipping).
  bool early = false;
  for (const ir::Require& q : s_.requires_) early |= level_[q.cond.index] + 1 < static_cast<int>(order_.size());
  skip_infeasible_ &= early;
  if (skip_infeasible_) {
    // One call, not a loop nest per function: a nest over every param is what LLVM's loop
    // passes would spend their time on.
    llvm::FunctionCallee zero = m_.getOrInsertFunction("rl_zero_box", b_.getVoidTy(), ptr_, ptr_, ptr_, ptr_, i64_);
    b_.CreateCall(zero, {fn_->getArg(5), fn_->getArg(1), fn_->getArg(2), fn_->getArg(3), b_.getInt64(np)});
  }
  memo_base_ = memo_ ? b_.CreateLoad(ptr_, b_.CreateConstInBoundsGEP1_64(ptr_, fn_->getArg(0), np), "memo.table")
                     : nullptr;

  size_t table_kernels = 0;
  for (const TableChunk& t : tables_) table_kernels += t.kernels.size();
  AllocateSpill(table_kernels);
  EmitLevel(-1, nullptr);
  EmitTables(fillers);
  EmitUnlessInfeasible(-1, !order_.empty(), [&] { EmitLoop(0, b_.getInt64(0)); });
  FreeTables();
  FreeSpill();
  b_.CreateRetVoid();
  return fn_;
}

}  // namespace rl::codegen

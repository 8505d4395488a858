// Code generation (see codegen.h): the instruction handlers, `eval` and the staged
// `sweep` loop nest.
#include "compiler/codegen/codegen.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Verifier.h>

#include <algorithm>
#include <numeric>

#include "compiler/base/check.h"
#include "compiler/codegen/staging.h"

namespace rl::codegen {
namespace {

using llvm::Value;

class Emitter {
 public:
  Emitter(const ir::Scenario& s, llvm::Module& m)
      : s_(s), m_(m), ctx_(m.getContext()), b_(ctx_), f64_(b_.getDoubleTy()), i64_(b_.getInt64Ty()),
        i1_(b_.getInt1Ty()), ptr_(b_.getPtrTy()) {}

  llvm::Function* EmitEval(const std::string& name);
  llvm::Function* EmitSweep(const std::string& name, const std::vector<uint32_t>& order);

 private:
  Value* EmitInst(const ir::Inst& in, Value* a, Value* b, Value* c);
  Value* Unary(llvm::Intrinsic::ID id, Value* a) { return b_.CreateUnaryIntrinsic(id, a); }
  Value* EmitKernel(const ir::Inst& in);
  void EmitKernelTables();
  void FreeKernelTables();
  // Computes instruction i from vals_ (params must already be there).
  void Compute(size_t i);
  Value* AsDouble(Value* v) { return v->getType() == i1_ ? b_.CreateUIToFP(v, f64_) : v; }
  Value* Feasible();
  void EmitLoop(size_t depth, Value* pos_outer);
  void EmitOneLoop(size_t depth, Value* pos_outer);
  std::vector<size_t> InvariantConditions(size_t depth) const;
  void EmitVersions(const std::vector<size_t>& conds, size_t k, size_t depth, Value* pos_outer,
                    llvm::BasicBlock* join);
  std::vector<size_t> GuardedMinMax(size_t depth) const;
  Value* FastMinMax(size_t i);
  void StoreRow(Value* pos);

  const ir::Scenario& s_;
  llvm::Module& m_;
  llvm::LLVMContext& ctx_;
  llvm::IRBuilder<> b_;
  llvm::Type *f64_, *i64_, *i1_, *ptr_;
  std::vector<Value*> vals_;
  llvm::Function* fn_now_ = nullptr;  // the function being emitted (eval or sweep)

  // Sweep state.
  std::vector<uint32_t> order_;
  std::vector<int> level_;
  std::vector<bool> fast_;  // min/max to emit as one compare-select (see GuardedMinMax)
  llvm::Function* fn_ = nullptr;
  std::vector<Value*> axis_, lo_, hi_, stride_, report_base_;
  Value* feasible_base_ = nullptr;
  llvm::MDNode *axes_scope_ = nullptr, *axes_noalias_ = nullptr;
  std::vector<llvm::MDNode*> out_scope_, out_noalias_;  // reports..., feasible
  // Batched kernel calls (EmitKernelTables): per value, the table of its predictions over
  // its one param's axis range (null: computed in place), and each loop's index.
  std::vector<Value*> kernel_table_;
  std::vector<Value*> loop_index_;  // per param, while inside its loop
  std::vector<Value*> kernel_buffers_;
};

// One handler per instruction kind; the semantics are ir::Apply's (semantics.h).
Value* Emitter::EmitInst(const ir::Inst& in, Value* a, Value* b, Value* c) {
  using llvm::Intrinsic::ID;
  switch (in.op) {
    case ir::Op::Const:
      return in.ty == ir::Ty::Bool ? static_cast<Value*>(b_.getInt1(in.imm != 0))
                                   : static_cast<Value*>(llvm::ConstantFP::get(f64_, in.imm));
    case ir::Op::Param: RL_CHECK(false, "params are bound by the caller"); return nullptr;
    case ir::Op::Add: return b_.CreateFAdd(a, b);
    case ir::Op::Sub: return b_.CreateFSub(a, b);
    case ir::Op::Mul: return b_.CreateFMul(a, b);
    case ir::Op::Div: return b_.CreateFDiv(a, b);
    case ir::Op::Mod: return b_.CreateFRem(a, b);  // frem is fmod: the sign of the dividend
    case ir::Op::Pow: return b_.CreateBinaryIntrinsic(llvm::Intrinsic::pow, a, b);
    // (a != a || b != b) ? a + b : (a < b ? a : b), in two selects: `a < b ? a : b` is
    // already b (NaN) when b is NaN, so only a NaN `a` needs its own test. The result is
    // the same NaN as a + b would give (its payload is the NaN operand's, a's if both).
    // The freeze keeps InstCombine from merging the selects into one on an `or` of the
    // tests, so the inner select stays one minpd/maxpd and the NaN test one blend.
    case ir::Op::Min:
      return b_.CreateSelect(b_.CreateFCmpUNO(a, a), a, b_.CreateFreeze(b_.CreateSelect(b_.CreateFCmpOLT(a, b), a, b)));
    case ir::Op::Max:
      return b_.CreateSelect(b_.CreateFCmpUNO(a, a), a, b_.CreateFreeze(b_.CreateSelect(b_.CreateFCmpOGT(a, b), a, b)));
    case ir::Op::Neg: return b_.CreateFNeg(a);
    case ir::Op::Abs: return Unary(llvm::Intrinsic::fabs, a);
    case ir::Op::Sqrt: return Unary(llvm::Intrinsic::sqrt, a);
    case ir::Op::Exp: return Unary(llvm::Intrinsic::exp, a);
    case ir::Op::Log: return Unary(llvm::Intrinsic::log, a);
    case ir::Op::Log2: return Unary(llvm::Intrinsic::log2, a);
    case ir::Op::Ceil: return Unary(llvm::Intrinsic::ceil, a);
    case ir::Op::Floor: return Unary(llvm::Intrinsic::floor, a);
    // C++ comparisons on doubles are ordered (false on NaN) except `!=`.
    case ir::Op::Lt: return b_.CreateFCmpOLT(a, b);
    case ir::Op::Le: return b_.CreateFCmpOLE(a, b);
    case ir::Op::Gt: return b_.CreateFCmpOGT(a, b);
    case ir::Op::Ge: return b_.CreateFCmpOGE(a, b);
    case ir::Op::Eq: return a->getType() == i1_ ? b_.CreateICmpEQ(a, b) : b_.CreateFCmpOEQ(a, b);
    case ir::Op::Ne: return a->getType() == i1_ ? b_.CreateICmpNE(a, b) : b_.CreateFCmpUNE(a, b);
    case ir::Op::And: return b_.CreateAnd(a, b);
    case ir::Op::Or: return b_.CreateOr(a, b);
    case ir::Op::Not: return b_.CreateNot(a);
    // Both sides are already computed (the IR is eager, like the interpreter).
    case ir::Op::Select: return b_.CreateSelect(a, b, c);
    case ir::Op::Kernel: RL_CHECK(false, "kernel calls are emitted by EmitKernel"); return nullptr;
  }
  RL_CHECK(false, "unknown instruction kind");
  return nullptr;
}

// rl_kernel_predict(id, features): the features go through a stack slot made once in
// the entry block (allocas there are free; one per call site keeps them independent).
Value* Emitter::EmitKernel(const ir::Inst& in) {
  llvm::FunctionCallee predict = m_.getOrInsertFunction("rl_kernel_predict", f64_, i64_, ptr_);
  if (auto* f = llvm::dyn_cast<llvm::Function>(predict.getCallee())) {
    f->setDoesNotThrow();
    f->setOnlyReadsMemory();
    f->setWillReturn();
  }
  llvm::IRBuilder<> entry(&fn_now_->getEntryBlock(), fn_now_->getEntryBlock().begin());
  llvm::Value* slot =
      entry.CreateAlloca(llvm::ArrayType::get(f64_, std::max<size_t>(1, in.args.size())), nullptr, "kernel.feats");
  for (size_t k = 0; k < in.args.size(); ++k)
    b_.CreateStore(AsDouble(vals_[in.args[k].index]), b_.CreateConstInBoundsGEP2_64(
                                                          llvm::ArrayType::get(f64_, in.args.size()), slot, 0, k));
  return b_.CreateCall(predict, {b_.getInt64(static_cast<uint64_t>(in.imm)), slot}, "kernel");
}

// Kernel calls whose features vary with exactly one param (the batch, typically) are
// predicted for the box's whole range of that param in one rl_kernel_predict_batch call
// before the loop nest: one matrix product over all rows instead of a vector product per
// value. Each loop iteration then loads its prediction. The features are recomputed here
// from the axis values by a copy of the instructions they depend on.
void Emitter::EmitKernelTables() {
  std::vector<llvm::SmallBitVector> deps = ParamDeps(s_);
  kernel_table_.assign(s_.insts.size(), nullptr);
  llvm::FunctionCallee batch = m_.getOrInsertFunction("rl_kernel_predict_batch", b_.getVoidTy(), i64_, ptr_, i64_, ptr_);
  llvm::FunctionCallee alloc = m_.getOrInsertFunction("malloc", ptr_, i64_);
  for (size_t v = 0; v < s_.insts.size(); ++v) {
    const ir::Inst& in = s_.insts[v];
    if (in.op != ir::Op::Kernel || deps[v].count() != 1) continue;
    const uint32_t p = static_cast<uint32_t>(deps[v].find_first());
    // The instructions the features need, in order (all depend on p alone, or nothing).
    std::vector<bool> cone(v, false);
    for (ir::ValueId a : in.args) cone[a.index] = true;
    for (size_t u = v; u-- > 0;)
      if (cone[u]) ir::ForEachOperand(s_.insts[u], [&](ir::ValueId w) { cone[w.index] = true; });
    // Features computed from another kernel's time stay per point (rare, and the other
    // table is not filled yet at this point).
    bool nested = false;
    for (size_t u = 0; u < v; ++u) nested |= cone[u] && s_.insts[u].op == ir::Op::Kernel;
    if (nested) continue;
    const std::string& pname = s_.params[p].name;
    const uint64_t nf = in.args.size();
    Value* n = b_.CreateSub(hi_[p], lo_[p], "kernel.rows");
    Value* feats = b_.CreateCall(alloc, {b_.CreateMul(n, b_.getInt64(nf * 8))}, "kernel.feats");
    Value* out = b_.CreateCall(alloc, {b_.CreateMul(n, b_.getInt64(8))}, "kernel.table");
    kernel_buffers_.push_back(feats);
    kernel_buffers_.push_back(out);
    llvm::BasicBlock* pre = b_.GetInsertBlock();
    llvm::BasicBlock* body = llvm::BasicBlock::Create(ctx_, "kernel.rows." + pname, fn_);
    b_.CreateBr(body);
    b_.SetInsertPoint(body);
    llvm::PHINode* i = b_.CreatePHI(i64_, 2, "kernel.i");
    i->addIncoming(b_.getInt64(0), pre);
    std::vector<Value*> saved = vals_;
    for (size_t u = 0; u < v; ++u) {
      if (!cone[u] || level_[u] < 0) continue;  // loop-invariant values are already there
      if (s_.insts[u].op == ir::Op::Param)
        vals_[u] = b_.CreateLoad(f64_, b_.CreateInBoundsGEP(f64_, axis_[p], b_.CreateAdd(i, lo_[p])), pname);
      else
        Compute(u);
    }
    Value* row = b_.CreateInBoundsGEP(f64_, feats, b_.CreateMul(i, b_.getInt64(nf)));
    for (size_t k = 0; k < nf; ++k)
      b_.CreateStore(AsDouble(vals_[in.args[k].index]), b_.CreateConstInBoundsGEP1_64(f64_, row, k));
    vals_ = std::move(saved);
    Value* next = b_.CreateAdd(i, b_.getInt64(1), "kernel.i.next", true, true);
    i->addIncoming(next, b_.GetInsertBlock());
    llvm::BasicBlock* done = llvm::BasicBlock::Create(ctx_, "kernel.predict." + pname, fn_);
    b_.CreateCondBr(b_.CreateICmpSLT(next, n), body, done);
    b_.SetInsertPoint(done);
    b_.CreateCall(batch, {b_.getInt64(static_cast<uint64_t>(in.imm)), feats, n, out});
    kernel_table_[v] = out;
  }
}

void Emitter::FreeKernelTables() {
  llvm::FunctionCallee release = m_.getOrInsertFunction("free", b_.getVoidTy(), ptr_);
  for (Value* buf : kernel_buffers_) b_.CreateCall(release, {buf});
  kernel_buffers_.clear();
}

void Emitter::Compute(size_t i) {
  const ir::Inst& in = s_.insts[i];
  if (in.op == ir::Op::Kernel) {
    if (!kernel_table_.empty() && kernel_table_[i]) {
      const uint32_t p = order_[static_cast<size_t>(level_[i])];
      vals_[i] = b_.CreateLoad(f64_, b_.CreateInBoundsGEP(f64_, kernel_table_[i], b_.CreateSub(loop_index_[p], lo_[p])),
                               "kernel");
      return;
    }
    vals_[i] = EmitKernel(in);
    return;
  }
  if (!fast_.empty() && fast_[i]) {
    vals_[i] = FastMinMax(i);
    return;
  }
  auto operand = [&](ir::ValueId v) { return v.Valid() ? vals_[v.index] : nullptr; };
  vals_[i] = EmitInst(in, operand(in.a), operand(in.b), operand(in.c));
}

// A min/max whose operand `k` is loop-invariant and known to be neither NaN nor zero:
// `k > x ? k : x` (max) is then exactly ir::Apply's result, bit for bit: a NaN x comes
// through as itself (what x + k gives), and on a tie x and k are the same bits, since
// only zeros compare equal with different bits. One maxpd/minpd instead of three.
Value* Emitter::FastMinMax(size_t i) {
  const ir::Inst& in = s_.insts[i];
  bool a_invariant = level_[in.a.index] < level_[i];
  Value* k = vals_[(a_invariant ? in.a : in.b).index];
  Value* x = vals_[(a_invariant ? in.b : in.a).index];
  Value* pick = in.op == ir::Op::Max ? b_.CreateFCmpOGT(k, x) : b_.CreateFCmpOLT(k, x);
  return b_.CreateSelect(pick, k, x);
}

// The min/max instructions of the innermost loop with exactly one operand computed
// outside it: a guard checked once per inner loop (every such operand is neither NaN nor
// zero) lets a copy of the loop use FastMinMax for all of them.
std::vector<size_t> Emitter::GuardedMinMax(size_t depth) const {
  std::vector<size_t> out;
  for (size_t v = 0; v < s_.insts.size(); ++v) {
    const ir::Inst& in = s_.insts[v];
    if (level_[v] != static_cast<int>(depth) || (in.op != ir::Op::Min && in.op != ir::Op::Max)) continue;
    bool a_out = level_[in.a.index] < static_cast<int>(depth), b_out = level_[in.b.index] < static_cast<int>(depth);
    if (a_out != b_out) out.push_back(v);
  }
  return out;
}

Value* Emitter::Feasible() {
  Value* ok = b_.getTrue();
  for (const ir::Require& q : s_.requires_) ok = b_.CreateAnd(ok, vals_[q.cond.index]);
  return ok;
}

llvm::Function* Emitter::EmitEval(const std::string& name) {
  auto* fty = llvm::FunctionType::get(i1_, {ptr_, ptr_}, false);
  auto* fn = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, name, m_);
  fn->addRetAttr(llvm::Attribute::ZExt);
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  for (unsigned k = 0; k < 2; ++k) {
    fn->addParamAttr(k, llvm::Attribute::NoAlias);
    fn->addParamAttr(k, llvm::Attribute::NoCapture);
  }
  fn->addParamAttr(0, llvm::Attribute::ReadOnly);
  llvm::Value* params = fn->getArg(0);
  llvm::Value* reports = fn->getArg(1);
  params->setName("params");
  reports->setName("reports");
  b_.SetInsertPoint(llvm::BasicBlock::Create(ctx_, "entry", fn));
  fn_now_ = fn;
  vals_.assign(s_.insts.size(), nullptr);
  for (size_t i = 0; i < s_.insts.size(); ++i) {
    const ir::Inst& in = s_.insts[i];
    if (in.op == ir::Op::Param) {
      uint64_t p = static_cast<uint64_t>(in.imm);
      vals_[i] = b_.CreateLoad(f64_, b_.CreateConstInBoundsGEP1_64(f64_, params, p), s_.params[p].name);
      continue;
    }
    Compute(i);
  }
  for (size_t r = 0; r < s_.reports.size(); ++r)
    b_.CreateStore(AsDouble(vals_[s_.reports[r].value.index]), b_.CreateConstInBoundsGEP1_64(f64_, reports, r));
  b_.CreateRet(Feasible());
  return fn;
}

// The boolean values computed outside the innermost loop that select between values
// computed inside it (`if p == 1 then 0 s else ...` with p an outer param), most used
// first, at most two (each doubles the copies of the loop, and so its compile time).
std::vector<size_t> Emitter::InvariantConditions(size_t depth) const {
  std::vector<std::pair<int, size_t>> uses;  // (-count, condition)
  for (size_t v = 0; v < s_.insts.size(); ++v) {
    const ir::Inst& in = s_.insts[v];
    if (level_[v] != static_cast<int>(depth) || in.op != ir::Op::Select || level_[in.a.index] >= static_cast<int>(depth))
      continue;
    auto it = std::find_if(uses.begin(), uses.end(), [&](const auto& u) { return u.second == in.a.index; });
    if (it == uses.end()) uses.push_back({-1, in.a.index});
    else --it->first;
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
  Value* cond = vals_[conds[k]];
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
  if (depth + 1 != order_.size()) {
    EmitOneLoop(depth, pos_outer);
    return;
  }
  std::vector<size_t> conds = InvariantConditions(depth);
  std::vector<size_t> guarded = GuardedMinMax(depth);
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
      Value* k = vals_[(level_[in.a.index] < static_cast<int>(depth) ? in.a : in.b).index];
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
  for (size_t v = 0; v < s_.insts.size(); ++v) {
    if (level_[v] != static_cast<int>(depth)) continue;
    if (s_.insts[v].op == ir::Op::Param) vals_[v] = x;
    else Compute(v);
  }
  EmitLoop(depth + 1, pos);
  llvm::BasicBlock* latch = b_.GetInsertBlock();
  Value* i_next = b_.CreateAdd(i, b_.getInt64(1), "i.next." + pname, false, true);
  Value* pos_next = b_.CreateAdd(pos, stride_[p], "pos.next." + pname, false, true);
  i->addIncoming(i_next, latch);
  pos->addIncoming(pos_next, latch);
  llvm::BasicBlock* exit = llvm::BasicBlock::Create(ctx_, "end." + pname, fn_);
  b_.CreateCondBr(b_.CreateICmpSLT(i_next, hi_[p]), body, exit);
  b_.SetInsertPoint(exit);
}

void Emitter::StoreRow(Value* pos) {
  for (size_t r = 0; r < s_.reports.size(); ++r) {
    llvm::StoreInst* st = b_.CreateStore(AsDouble(vals_[s_.reports[r].value.index]),
                                         b_.CreateInBoundsGEP(f64_, report_base_[r], pos));
    st->setMetadata(llvm::LLVMContext::MD_alias_scope, out_scope_[r]);
    st->setMetadata(llvm::LLVMContext::MD_noalias, out_noalias_[r]);
  }
  llvm::StoreInst* st = b_.CreateStore(b_.CreateZExt(Feasible(), b_.getInt8Ty()),
                                       b_.CreateInBoundsGEP(b_.getInt8Ty(), feasible_base_, pos));
  st->setMetadata(llvm::LLVMContext::MD_alias_scope, out_scope_.back());
  st->setMetadata(llvm::LLVMContext::MD_noalias, out_noalias_.back());
}

llvm::Function* Emitter::EmitSweep(const std::string& name, const std::vector<uint32_t>& order) {
  const size_t np = s_.params.size(), nr = s_.reports.size();
  order_ = order;
  std::vector<uint64_t> sizes(np, 1);  // only the order matters for the levels
  level_ = Stage(s_, order_, sizes).level;
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

  // Scoped no-alias metadata: the axis arrays and each output array are disjoint (ABI).
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
  for (size_t r = 0; r < nr; ++r)
    report_base_[r] = b_.CreateInBoundsGEP(f64_, fn_->getArg(4), b_.CreateMul(fn_->getArg(6), b_.getInt64(r)),
                                           "out." + s_.reports[r].name);
  feasible_base_ = fn_->getArg(5);

  vals_.assign(s_.insts.size(), nullptr);
  loop_index_.assign(np, nullptr);
  for (size_t v = 0; v < s_.insts.size(); ++v)
    if (level_[v] < 0) Compute(v);
  EmitKernelTables();
  EmitLoop(0, b_.getInt64(0));
  FreeKernelTables();
  b_.CreateRetVoid();
  return fn_;
}

}  // namespace

std::unique_ptr<llvm::Module> EmitLLVM(const ir::Scenario& s, llvm::LLVMContext& ctx, const Options& opts,
                                       EntryNames* names) {
  auto m = std::make_unique<llvm::Module>("ringline." + s.name, ctx);
  std::vector<uint32_t> order = opts.order;
  if (order.empty()) {
    order.resize(s.params.size());
    std::iota(order.begin(), order.end(), 0u);
  }
  RL_CHECK(order.size() == s.params.size(), "the loop order names every param once");
  EntryNames n{opts.eval ? "rl_eval" + opts.suffix : "", opts.sweep ? "rl_sweep" + opts.suffix : ""};
  Emitter e(s, *m);
  if (opts.eval) e.EmitEval(n.eval);
  if (opts.sweep) e.EmitSweep(n.sweep, order);
  std::string err;
  llvm::raw_string_ostream os(err);
  if (llvm::verifyModule(*m, &os)) {
    llvm::errs() << err << "\n";
    RL_CHECK(false, "codegen produced an invalid LLVM module");
  }
  if (names) *names = n;
  return m;
}

}  // namespace rl::codegen

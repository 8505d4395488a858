// Code generation (see codegen.h): the instruction handlers, `eval`, the segment
// functions (segments.h) and EmitLLVM. The sweep's loop nest is in sweep.cpp, batched
// kernel predictions in kernel_tables.cpp.
#include "compiler/codegen/codegen.h"

#include <llvm/IR/Verifier.h>

#include <numeric>

#include "base/check.h"
#include "compiler/codegen/emitter.h"

namespace rl::codegen {

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
    // The runtime's own functions (runtime/abi.h), which the interpreter calls too.
    case ir::Op::Uniform:
      return b_.CreateCall(Pure("rl_uniform", 3), {a, b, llvm::ConstantFP::get(f64_, in.imm)}, "uniform");
    case ir::Op::Probit: return b_.CreateCall(Pure("rl_probit", 1), {a}, "probit");
    case ir::Op::Kernel:
    case ir::Op::KernelJvp: RL_CHECK(false, "kernel calls are emitted by EmitKernel"); return nullptr;
  }
  RL_CHECK(false, "unknown instruction kind");
  return nullptr;
}

// A runtime function of `arity` doubles returning a double, without side effects.
llvm::FunctionCallee Emitter::Pure(const char* name, unsigned arity) {
  llvm::FunctionCallee f = m_.getOrInsertFunction(name, llvm::FunctionType::get(f64_, std::vector<llvm::Type*>(arity, f64_), false));
  if (auto* fn = llvm::dyn_cast<llvm::Function>(f.getCallee())) {
    fn->setDoesNotThrow();
    fn->setDoesNotAccessMemory();
    fn->setWillReturn();
  }
  return f;
}

Value* Emitter::ModelOf(const ir::Inst& in) {
  RL_CHECK(kernels_ && in.imm >= 0 && in.imm < static_cast<double>(s_.kernels.size()), "a kernel of the table");
  return b_.CreateLoad(ptr_, b_.CreateConstInBoundsGEP2_64(kernels_->getValueType(), kernels_, 0,
                                                           static_cast<uint64_t>(in.imm)),
                       "kernel.model");
}

// rl_kernel_predict(model, features), or rl_kernel_predict_jvp(model, features,
// tangents) for kernel_jvp: the operands go through a stack slot made once in the entry
// block (allocas there are free; one per call site keeps them independent).
Value* Emitter::EmitKernel(const ir::Inst& in) {
  const bool jvp = in.op == ir::Op::KernelJvp;
  llvm::FunctionCallee predict = jvp ? m_.getOrInsertFunction("rl_kernel_predict_jvp", f64_, ptr_, ptr_, ptr_)
                                     : m_.getOrInsertFunction("rl_kernel_predict", f64_, ptr_, ptr_);
  if (auto* f = llvm::dyn_cast<llvm::Function>(predict.getCallee())) {
    f->setDoesNotThrow();
    f->setOnlyReadsMemory();
    f->setWillReturn();
  }
  llvm::IRBuilder<> entry(&fn_now_->getEntryBlock(), fn_now_->getEntryBlock().begin());
  llvm::Value* slot =
      entry.CreateAlloca(llvm::ArrayType::get(f64_, std::max<size_t>(1, in.args.size())), nullptr, "kernel.feats");
  for (size_t k = 0; k < in.args.size(); ++k)
    b_.CreateStore(AsDouble(Get(in.args[k])),
                   b_.CreateConstInBoundsGEP2_64(llvm::ArrayType::get(f64_, in.args.size()), slot, 0, k));
  if (jvp)
    return b_.CreateCall(predict,
                         {ModelOf(in), slot,
                          b_.CreateConstInBoundsGEP2_64(llvm::ArrayType::get(f64_, in.args.size()), slot, 0,
                                                        in.args.size() / 2)},
                         "kernel.jvp");
  return b_.CreateCall(predict, {ModelOf(in), slot}, "kernel");
}

Value* Emitter::Get(ir::ValueId v) {
  if (Value* x = vals_[v.index]) return x;
  const ir::Inst& in = s_.insts[v.index];
  if (in.op == ir::Op::Const) return EmitInst(in, nullptr, nullptr, nullptr);  // no instruction, no caching
  const int32_t slot = plan_.slot[v.index];
  RL_CHECK(in_segment_ && slot >= 0, "an operand is used before it is computed");
  // Loads go to the entry block, so a table filler reads each once, not once per row.
  llvm::IRBuilderBase::InsertPointGuard guard(b_);
  if (load_block_) b_.SetInsertPoint(load_block_->getTerminator());
  Value* x = b_.CreateLoad(in.ty == ir::Ty::Bool ? i1_ : f64_, SlotAddress(spill_, static_cast<size_t>(slot)));
  vals_[v.index] = x;
  touched_.push_back(v.index);
  return x;
}

void Emitter::Compute(size_t i) {
  const ir::Inst& in = s_.insts[i];
  if (ir::Scenario::IsKernel(in.op)) {
    if (in.op == ir::Op::Kernel && !kernel_table_.empty() && kernel_table_[i]) {
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
  auto operand = [&](ir::ValueId v) { return v.Valid() ? Get(v) : nullptr; };
  vals_[i] = EmitInst(in, operand(in.a), operand(in.b), operand(in.c));
}

Value* Emitter::Feasible() {
  Value* ok = b_.getTrue();
  for (const ir::Require& q : s_.requires_) ok = b_.CreateAnd(ok, Get(q.cond));
  return ok;
}

void Emitter::Plan(const std::vector<int>& level, size_t num_levels, const std::vector<bool>& pinned,
                   const std::vector<uint32_t>& external_uses) {
  plan_ = PlanSegments(s_, level, num_levels, pinned, external_uses, segment_size_);
  level_values_.assign(num_levels + 1, {});
  for (uint32_t v = 0; v < s_.insts.size(); ++v) level_values_[static_cast<size_t>(level[v] + 1)].push_back(v);
}

// A segment is one basic block: its values in order, each spilled when another function
// reads it. The output segments store their reports at row `pos` and return whether
// their requires hold.
void Emitter::EmitSegmentFunctions(const std::string& prefix) {
  llvm::IRBuilderBase::InsertPointGuard guard(b_);
  llvm::Function* caller = fn_now_;
  auto begin = [&](llvm::Type* ret, std::vector<llvm::Type*> args, const std::string& name) {
    auto* fn = llvm::Function::Create(llvm::FunctionType::get(ret, args, false), llvm::Function::InternalLinkage,
                                      name, m_);
    // Never inlined: merging the segments back is what this avoids.
    fn->addFnAttr(llvm::Attribute::NoInline);
    fn->addFnAttr(llvm::Attribute::NoUnwind);
    for (unsigned k = 0; k < args.size(); ++k)
      if (args[k] == ptr_) {
        fn->addParamAttr(k, llvm::Attribute::NoAlias);
        fn->addParamAttr(k, llvm::Attribute::NoCapture);
      }
    b_.SetInsertPoint(llvm::BasicBlock::Create(ctx_, "entry", fn));
    fn_now_ = fn;
    spill_ = fn->getArg(0);
    in_segment_ = true;
    return fn;
  };
  auto end = [&] {
    for (uint32_t v : touched_) vals_[v] = nullptr;
    touched_.clear();
    in_segment_ = false;
  };
  segment_fns_.clear();
  for (size_t k = 0; k < plan_.segments.size(); ++k) {
    segment_fns_.push_back(begin(b_.getVoidTy(), {ptr_}, prefix + ".seg" + std::to_string(k)));
    for (uint32_t v : plan_.segments[k].values) {
      Compute(v);
      touched_.push_back(v);
      if (plan_.slot[v] >= 0) Spill(v);
    }
    b_.CreateRetVoid();
    end();
  }
  output_fns_.clear();
  for (size_t k = 0; k < plan_.outputs.size(); ++k) {
    llvm::Function* fn = begin(i1_, {ptr_, ptr_, i64_, i64_}, prefix + ".out" + std::to_string(k));
    output_fns_.push_back(fn);
    const SegmentPlan::OutputSegment& o = plan_.outputs[k];
    Value *out = fn->getArg(1), *pos = fn->getArg(2), *count = fn->getArg(3);
    for (uint32_t r = o.report_begin; r < o.report_end; ++r)
      b_.CreateStore(AsDouble(Get(s_.reports[r].value)),
                     b_.CreateInBoundsGEP(f64_, out, b_.CreateAdd(b_.CreateMul(count, b_.getInt64(r)), pos)));
    Value* ok = b_.getTrue();
    for (uint32_t q = o.require_begin; q < o.require_end; ++q) ok = b_.CreateAnd(ok, Get(s_.requires_[q].cond));
    b_.CreateRet(ok);
    end();
  }
  fn_now_ = caller;
  spill_ = nullptr;
}

void Emitter::AllocateSpill(size_t extra_slots) {
  const size_t slots = plan_.num_slots + extra_slots;
  spill_ = nullptr;
  if (slots == 0 && plan_.segments.empty() && plan_.outputs.empty()) return;
  // On the heap: a large scenario's area would not fit a worker thread's stack.
  llvm::FunctionCallee alloc = m_.getOrInsertFunction("malloc", ptr_, i64_);
  spill_ = b_.CreateCall(alloc, {b_.getInt64(8 * std::max<size_t>(slots, 1))}, "spill");
}

void Emitter::FreeSpill() {
  if (!spill_) return;
  b_.CreateCall(m_.getOrInsertFunction("free", b_.getVoidTy(), ptr_), {spill_});
}

void Emitter::Spill(size_t v) {
  b_.CreateStore(vals_[v], SlotAddress(spill_, static_cast<size_t>(plan_.slot[v])));
}

void Emitter::EmitLevel(int level, Value* param_value) {
  const size_t l = static_cast<size_t>(level + 1);
  for (uint32_t v : level_values_[l]) {
    if (!plan_.Inline(v)) continue;
    const ir::Inst& in = s_.insts[v];
    if (memo_ && Memoised(v)) {
      if (memo_column_[v] < 0) continue;  // read only by other memoised values
      vals_[v] = LoadMemo(v);
    } else if (in.op == ir::Op::Param) {
      vals_[v] = param_value ? param_value : LoadParam(v);
    } else {
      Compute(v);
    }
    if (plan_.slot[v] >= 0) Spill(v);
  }
  for (uint32_t k : plan_.level_segments[l]) b_.CreateCall(segment_fns_[k], {spill_});
  for (uint32_t v : plan_.reloads[l])
    vals_[v] = b_.CreateLoad(s_.insts[v].ty == ir::Ty::Bool ? i1_ : f64_,
                             SlotAddress(spill_, static_cast<size_t>(plan_.slot[v])));
}

Value* Emitter::CallOutputSegments(Value* out, Value* pos, Value* count) {
  Value* ok = b_.getTrue();
  for (llvm::Function* fn : output_fns_) ok = b_.CreateAnd(ok, b_.CreateCall(fn, {spill_, out, pos, count}));
  return ok;
}

Value* Emitter::LoadParam(size_t v) {
  uint64_t p = static_cast<uint64_t>(s_.insts[v].imm);
  return b_.CreateLoad(f64_, b_.CreateConstInBoundsGEP1_64(f64_, eval_params_, p), s_.params[p].name);
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
  eval_params_ = params;
  vals_.assign(s_.insts.size(), nullptr);
  std::vector<bool> pinned(s_.insts.size());
  for (size_t i = 0; i < s_.insts.size(); ++i) pinned[i] = s_.insts[i].op == ir::Op::Param;
  Plan(std::vector<int>(s_.insts.size(), -1), 0, pinned, {});
  EmitSegmentFunctions(name);
  AllocateSpill(0);
  EmitLevel(-1, nullptr);
  Value* ok;
  if (output_fns_.empty()) {
    for (size_t r = 0; r < s_.reports.size(); ++r)
      b_.CreateStore(AsDouble(Get(s_.reports[r].value)), b_.CreateConstInBoundsGEP1_64(f64_, reports, r));
    ok = Feasible();
  } else {
    ok = CallOutputSegments(reports, b_.getInt64(0), b_.getInt64(1));
  }
  FreeSpill();
  b_.CreateRet(ok);
  eval_params_ = nullptr;
  return fn;
}

std::unique_ptr<llvm::Module> EmitLLVM(const ir::Scenario& s, llvm::LLVMContext& ctx, const Options& opts,
                                       EntryNames* names) {
  auto m = std::make_unique<llvm::Module>("ringline." + s.name, ctx);
  std::vector<uint32_t> order = opts.order;
  if (order.empty()) {
    order.resize(s.params.size());
    std::iota(order.begin(), order.end(), 0u);
  }
  RL_CHECK(order.size() == s.params.size(), "the loop order names every param once");
  RL_CHECK(opts.segment_size > 0, "segments hold at least one value");
  EntryNames n{opts.eval ? "rl_eval" + opts.suffix : "", opts.sweep ? "rl_sweep" + opts.suffix : "", "",
               s.kernels.empty() ? "" : "rl_kernels" + opts.suffix};
  // The models are the JIT's to bind (their addresses are not the module's business, so
  // --emit=llvm prints the same module every run); constant, so loads of it hoist.
  llvm::GlobalVariable* table = nullptr;
  if (!s.kernels.empty())
    table = new llvm::GlobalVariable(*m, llvm::ArrayType::get(llvm::PointerType::get(ctx, 0), s.kernels.size()),
                                     /*isConstant=*/true, llvm::GlobalValue::ExternalLinkage, nullptr, n.kernels);
  if (opts.eval) Emitter(s, *m, opts.segment_size, table).EmitEval(n.eval);
  if (opts.sweep) Emitter(s, *m, opts.segment_size, table).EmitSweep(n.sweep, order, &opts.memo, opts.skip_infeasible);
  if (opts.sweep && opts.memo.Active()) {
    n.memo = "rl_memo" + opts.suffix;
    const ir::Scenario fill = MemoFillScenario(s, opts.memo);
    Emitter(fill, *m, opts.segment_size, table).EmitSweep(n.memo, order);
  }
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

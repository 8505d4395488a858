// Batched kernel predictions (see emitter.h). A kernel call whose features vary with
// exactly one param (the batch, typically) is predicted for the box's whole range of that
// param by one rl_kernel_predict_batch call before the loop nest, one matrix product over
// the rows instead of a vector product per value; each loop iteration then loads its
// row. The features are recomputed per row from the axis values by a copy of the
// instructions they depend on. The copies live in filler functions of bounded size, one
// loop per chunk of kernels of one param, so the features shared by a chunk's kernels are
// computed once per row, and no function grows with the number of kernels.
#include <llvm/ADT/SmallBitVector.h>

#include <algorithm>

#include "base/check.h"
#include "compiler/codegen/emitter.h"
#include "compiler/codegen/staging.h"

namespace rl::codegen {

namespace {
constexpr size_t kPerKernel = 10;  // a filler's code per kernel besides its features: buffers, the call
}  // namespace

std::vector<Emitter::TableChunk> Emitter::ChooseTables(std::vector<uint32_t>& external_uses) {
  const size_t n = s_.insts.size();
  std::vector<llvm::SmallBitVector> deps = ParamDeps(s_);
  // Features computed from another kernel's time stay per point (rare; that kernel's
  // table would have to be filled first).
  std::vector<bool> after_kernel(n, false);
  for (size_t i = 0; i < n; ++i) {
    bool k = ir::Scenario::IsKernel(s_.insts[i].op);
    ir::ForEachOperand(s_.insts[i], [&](ir::ValueId v) { k = k || after_kernel[v.index]; });
    after_kernel[i] = k;
  }
  std::vector<TableChunk> chunks;
  std::vector<int32_t> open(s_.params.size(), -1);  // per param: the chunk being filled
  std::vector<size_t> open_size(s_.params.size(), 0);
  std::vector<uint32_t> mark(n, UINT32_MAX);  // the chunk whose cone holds the value
  std::vector<uint32_t> stack, fresh;
  // Adds kernel v's features' cone to `chunk`; returns what that adds to its size.
  auto grow = [&](uint32_t chunk, uint32_t v) {
    fresh.clear();
    auto visit = [&](ir::ValueId w) {
      if (level_[w.index] < 0 || mark[w.index] == chunk) return;  // computed before the loop nest
      mark[w.index] = chunk;
      fresh.push_back(w.index);
      stack.push_back(w.index);
    };
    for (ir::ValueId a : s_.insts[v].args) visit(a);
    while (!stack.empty()) {
      uint32_t u = stack.back();
      stack.pop_back();
      ir::ForEachOperand(s_.insts[u], visit);
    }
    size_t size = kPerKernel + s_.insts[v].args.size();
    for (uint32_t u : fresh) size += EmittedSize(s_.insts[u]);
    return size;
  };
  auto undo = [&] {
    for (uint32_t u : fresh) mark[u] = UINT32_MAX;
  };
  auto open_chunk = [&](uint32_t p) {
    open[p] = static_cast<int32_t>(chunks.size());
    open_size[p] = 0;
    chunks.push_back({p, {}, {}});
  };
  for (uint32_t v = 0; v < n; ++v) {
    const ir::Inst& in = s_.insts[v];
    if (in.op != ir::Op::Kernel || deps[v].count() != 1 || Memoised(v)) continue;
    if (std::any_of(in.args.begin(), in.args.end(), [&](ir::ValueId a) { return after_kernel[a.index]; })) continue;
    const uint32_t p = static_cast<uint32_t>(deps[v].find_first());
    if (open[p] < 0) open_chunk(p);
    size_t size = grow(static_cast<uint32_t>(open[p]), v);
    if (open_size[p] > 0 && open_size[p] + size > segment_size_) {
      undo();
      open_chunk(p);
      size = grow(static_cast<uint32_t>(open[p]), v);
    }
    if (size > segment_size_) {  // features too expensive to copy: predicted per point
      undo();
      continue;
    }
    TableChunk& c = chunks[static_cast<size_t>(open[p])];
    c.kernels.push_back(v);
    c.cone.insert(c.cone.end(), fresh.begin(), fresh.end());
    open_size[p] += size;
  }
  chunks.erase(std::remove_if(chunks.begin(), chunks.end(), [](const TableChunk& c) { return c.kernels.empty(); }),
               chunks.end());
  // The fillers read values computed before the loop nest from the spill area.
  for (TableChunk& c : chunks) {
    std::sort(c.cone.begin(), c.cone.end());
    auto outside = [&](ir::ValueId w) {
      if (level_[w.index] < 0 && s_.insts[w.index].op != ir::Op::Const) external_uses.push_back(w.index);
    };
    for (uint32_t u : c.cone) ir::ForEachOperand(s_.insts[u], outside);
    for (uint32_t k : c.kernels)
      for (ir::ValueId a : s_.insts[k].args) outside(a);
  }
  return chunks;
}

std::vector<llvm::Function*> Emitter::EmitTableFillers(const std::string& prefix) {
  table_slot_.assign(s_.insts.size(), -1);
  int32_t slot = static_cast<int32_t>(plan_.num_slots);
  for (const TableChunk& c : tables_)
    for (uint32_t k : c.kernels) table_slot_[k] = slot++;
  std::vector<llvm::Function*> fillers;
  for (size_t k = 0; k < tables_.size(); ++k)
    fillers.push_back(EmitTableFiller(tables_[k], prefix + ".table" + std::to_string(k)));
  return fillers;
}

llvm::Function* Emitter::EmitTableFiller(const TableChunk& chunk, const std::string& name) {
  llvm::IRBuilderBase::InsertPointGuard guard(b_);
  auto* fty = llvm::FunctionType::get(b_.getVoidTy(), {ptr_, ptr_, i64_, i64_}, false);
  auto* fn = llvm::Function::Create(fty, llvm::Function::InternalLinkage, name, m_);
  fn->addFnAttr(llvm::Attribute::NoInline);
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  for (unsigned k = 0; k < 2; ++k) {
    fn->addParamAttr(k, llvm::Attribute::NoAlias);
    fn->addParamAttr(k, llvm::Attribute::NoCapture);
  }
  fn->addParamAttr(1, llvm::Attribute::ReadOnly);
  Value *spill = fn->getArg(0), *axis = fn->getArg(1), *lo = fn->getArg(2), *rows = fn->getArg(3);
  llvm::Function* caller = fn_now_;
  fn_now_ = fn;
  spill_ = spill;
  in_segment_ = true;
  llvm::FunctionCallee alloc = m_.getOrInsertFunction("malloc", ptr_, i64_);
  llvm::FunctionCallee batch =
      m_.getOrInsertFunction("rl_kernel_predict_batch", b_.getVoidTy(), ptr_, ptr_, i64_, ptr_);
  llvm::FunctionCallee release = m_.getOrInsertFunction("free", b_.getVoidTy(), ptr_);
  const std::string& pname = s_.params[chunk.param].name;

  llvm::BasicBlock* entry = llvm::BasicBlock::Create(ctx_, "entry", fn);
  b_.SetInsertPoint(entry);
  std::vector<Value*> feats, tables;
  for (uint32_t k : chunk.kernels) {
    const uint64_t nf = s_.insts[k].args.size();
    feats.push_back(b_.CreateCall(alloc, {b_.CreateMul(rows, b_.getInt64(nf * 8))}, "kernel.feats"));
    tables.push_back(b_.CreateCall(alloc, {b_.CreateMul(rows, b_.getInt64(8))}, "kernel.table"));
    b_.CreateStore(tables.back(), SlotAddress(spill, static_cast<size_t>(table_slot_[k])));
  }
  llvm::BasicBlock* body = llvm::BasicBlock::Create(ctx_, "kernel.rows." + pname, fn);
  b_.CreateBr(body);
  load_block_ = entry;
  b_.SetInsertPoint(body);
  llvm::PHINode* i = b_.CreatePHI(i64_, 2, "kernel.i");
  i->addIncoming(b_.getInt64(0), entry);
  for (uint32_t u : chunk.cone) {
    if (s_.insts[u].op == ir::Op::Param)
      vals_[u] = b_.CreateLoad(f64_, b_.CreateInBoundsGEP(f64_, axis, b_.CreateAdd(i, lo)), pname);
    else
      Compute(u);
    touched_.push_back(u);
  }
  for (size_t j = 0; j < chunk.kernels.size(); ++j) {
    const ir::Inst& in = s_.insts[chunk.kernels[j]];
    Value* row = b_.CreateInBoundsGEP(f64_, feats[j], b_.CreateMul(i, b_.getInt64(in.args.size())));
    for (size_t k = 0; k < in.args.size(); ++k)
      b_.CreateStore(AsDouble(Get(in.args[k])), b_.CreateConstInBoundsGEP1_64(f64_, row, k));
  }
  Value* next = b_.CreateAdd(i, b_.getInt64(1), "kernel.i.next", true, true);
  i->addIncoming(next, b_.GetInsertBlock());
  llvm::BasicBlock* done = llvm::BasicBlock::Create(ctx_, "kernel.predict." + pname, fn);
  b_.CreateCondBr(b_.CreateICmpSLT(next, rows), body, done);
  b_.SetInsertPoint(done);
  for (size_t j = 0; j < chunk.kernels.size(); ++j) {
    b_.CreateCall(batch, {ModelOf(s_.insts[chunk.kernels[j]]), feats[j], rows, tables[j]});
    b_.CreateCall(release, {feats[j]});
  }
  b_.CreateRetVoid();

  for (uint32_t v : touched_) vals_[v] = nullptr;
  touched_.clear();
  in_segment_ = false;
  load_block_ = nullptr;
  spill_ = nullptr;
  fn_now_ = caller;
  return fn;
}

void Emitter::EmitTables(const std::vector<llvm::Function*>& fillers) {
  kernel_table_.assign(s_.insts.size(), nullptr);
  for (size_t k = 0; k < tables_.size(); ++k) {
    const uint32_t p = tables_[k].param;
    b_.CreateCall(fillers[k], {spill_, axis_[p], lo_[p], b_.CreateSub(hi_[p], lo_[p], "kernel.rows")});
    for (uint32_t v : tables_[k].kernels)
      kernel_table_[v] = b_.CreateLoad(ptr_, SlotAddress(spill_, static_cast<size_t>(table_slot_[v])), "kernel.table");
  }
}

void Emitter::FreeTables() {
  llvm::FunctionCallee release = m_.getOrInsertFunction("free", b_.getVoidTy(), ptr_);
  for (const TableChunk& c : tables_)
    for (uint32_t v : c.kernels) b_.CreateCall(release, {kernel_table_[v]});
}

}  // namespace rl::codegen

// The JIT (see jit.h): the process-wide LLJIT, its optimisation transform and the table
// of runtime symbols.
#include "compiler/jit/jit.h"

#include <fmt/format.h>
#include <llvm/ExecutionEngine/Orc/IRTransformLayer.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/IR/Constants.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <mutex>

#include "compiler/codegen/codegen.h"
#include "runtime/abi.h"

#include <vector>

// glibc has exp10 (LLVM turns pow(10, x) into it); <cmath> declares it only as a GNU
// extension, so declare it here.
extern "C" double exp10(double) noexcept;

// runtime/abi.h: the box's positions are sum (i_p - lo_p) stride_p over its params, walked
// with an odometer in declaration order (every order reaches the same positions).
extern "C" void rl_zero_box(uint8_t* feasible, const int64_t* lo, const int64_t* hi, const int64_t* stride,
                            int64_t num_params) {
  for (int64_t p = 0; p < num_params; ++p)
    if (hi[p] <= lo[p]) return;
  std::vector<int64_t> at(lo, lo + num_params);
  int64_t pos = 0;
  while (true) {
    feasible[pos] = 0;
    int64_t p = num_params;
    while (p > 0) {
      --p;
      if (++at[p] < hi[p]) {
        pos += stride[p];
        break;
      }
      pos -= (hi[p] - 1 - lo[p]) * stride[p];
      at[p] = lo[p];
      if (p == 0) return;
    }
    if (num_params == 0) return;
  }
}

namespace rl::jit {
namespace {

namespace orc = llvm::orc;

struct RuntimeSymbol {
  const char* name;
  void* address;
};

template <typename F>
void* Addr(F* f) {
  return reinterpret_cast<void*>(f);
}

// Everything generated code can call: the libm functions behind the intrinsics codegen
// uses (and those LLVM's library-call simplifier may substitute, like exp2 for pow(2, x)),
// plus the mem* functions loop-idiom recognition may introduce.
const RuntimeSymbol kRuntimeSymbols[] = {
    {"pow", Addr<double(double, double)>(&::pow)},
    {"fmod", Addr<double(double, double)>(&::fmod)},
    {"exp", Addr<double(double)>(&::exp)},
    {"exp2", Addr<double(double)>(&::exp2)},
    {"exp10", Addr<double(double)>(&::exp10)},
    {"log", Addr<double(double)>(&::log)},
    {"log2", Addr<double(double)>(&::log2)},
    {"log10", Addr<double(double)>(&::log10)},
    {"ldexp", Addr<double(double, int)>(&::ldexp)},
    {"sqrt", Addr<double(double)>(&::sqrt)},
    {"fabs", Addr<double(double)>(&::fabs)},
    {"floor", Addr<double(double)>(&::floor)},
    {"ceil", Addr<double(double)>(&::ceil)},
    {"trunc", Addr<double(double)>(&::trunc)},
    {"round", Addr<double(double)>(&::round)},
    {"rint", Addr<double(double)>(&::rint)},
    {"nearbyint", Addr<double(double)>(&::nearbyint)},
    {"memset", Addr<void*(void*, int, size_t)>(&::memset)},
    {"memcpy", Addr<void*(void*, const void*, size_t)>(&::memcpy)},
    {"memmove", Addr<void*(void*, const void*, size_t)>(&::memmove)},
    // Kernel-time models (runtime/kernels/predict_abi.cpp).
    {"rl_kernel_predict", Addr<double(const void*, const double*)>(&::rl_kernel_predict)},
    {"rl_uniform", Addr<double(double, double, double)>(&::rl_uniform)},
    {"rl_probit", Addr<double(double)>(&::rl_probit)},
    {"rl_kernel_predict_jvp",
     Addr<double(const void*, const double*, const double*)>(&::rl_kernel_predict_jvp)},
    {"malloc", Addr<void*(size_t)>(&::malloc)},
    {"free", Addr<void(void*)>(&::free)},
    {"rl_kernel_predict_batch", Addr<void(const void*, const double*, int64_t, double*)>(&::rl_kernel_predict_batch)},
    {"rl_zero_box", Addr<void(uint8_t*, const int64_t*, const int64_t*, const int64_t*, int64_t)>(&::rl_zero_box)},
};

llvm::Error Optimize(llvm::Module& m, unsigned level, orc::JITTargetMachineBuilder jtmb) {
  if (level == 0) return llvm::Error::success();
  auto tm = jtmb.createTargetMachine();
  if (!tm) return tm.takeError();
  llvm::PipelineTuningOptions pto;
  pto.LoopVectorization = true;
  pto.SLPVectorization = true;
  pto.LoopUnrolling = true;
  pto.LoopInterleaving = true;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(tm->get(), pto);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::OptimizationLevel ol = level == 1 ? llvm::OptimizationLevel::O1
                               : level == 2 ? llvm::OptimizationLevel::O2
                                            : llvm::OptimizationLevel::O3;
  llvm::ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(ol);
  mpm.run(m, mam);
  return llvm::Error::success();
}

unsigned OptLevelOf(const llvm::Module& m) {
  if (auto* c = llvm::mdconst::extract_or_null<llvm::ConstantInt>(m.getModuleFlag("rl.opt_level")))
    return static_cast<unsigned>(c->getZExtValue());
  return 2;
}

class Jit {
 public:
  static llvm::Expected<Jit*> Get() {
    static std::once_flag once;
    static Jit* instance = nullptr;
    static std::string error;
    std::call_once(once, [] {
      auto j = std::unique_ptr<Jit>(new Jit);
      if (llvm::Error e = j->Init()) error = llvm::toString(std::move(e));
      else instance = j.release();  // lives for the process: evaluators may outlive statics
    });
    if (!instance) return llvm::createStringError(llvm::inconvertibleErrorCode(), "cannot start the JIT: " + error);
    return instance;
  }

  orc::LLJIT& lljit() { return *lljit_; }
  const orc::JITTargetMachineBuilder& jtmb() const { return *jtmb_; }
  uint64_t NextId() { return next_id_++; }

 private:
  llvm::Error Init() {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    auto jtmb = orc::JITTargetMachineBuilder::detectHost();
    if (!jtmb) return jtmb.takeError();
    jtmb->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
    jtmb_ = *jtmb;
    // No process symbols and no platform: generated code sees only kRuntimeSymbols.
    // Concurrent compilation: a sweep's variants compile on several threads at once
    // (api::MakeVariantFillers), each with a target machine of its own.
    auto j = orc::LLJITBuilder()
                 .setJITTargetMachineBuilder(*jtmb)
                 .setSupportConcurrentCompilation(true)
                 .setLinkProcessSymbolsByDefault(false)
                 .setPlatformSetUp(orc::setUpInactivePlatform)
                 .create();
    if (!j) return j.takeError();
    lljit_ = std::move(*j);
    orc::JITDylib& runtime = lljit_->getExecutionSession().createBareJITDylib("<ringline runtime>");
    orc::SymbolMap symbols;
    for (const RuntimeSymbol& s : kRuntimeSymbols)
      symbols[lljit_->mangleAndIntern(s.name)] = {llvm::orc::ExecutorAddr::fromPtr(s.address),
                                                   llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable};
    if (llvm::Error e = runtime.define(orc::absoluteSymbols(std::move(symbols)))) return e;
    lljit_->getMainJITDylib().addToLinkOrder(runtime);
    orc::JITTargetMachineBuilder builder = *jtmb_;
    lljit_->getIRTransformLayer().setTransform(
        [builder](orc::ThreadSafeModule tsm, orc::MaterializationResponsibility&) -> llvm::Expected<orc::ThreadSafeModule> {
          llvm::Error e = tsm.withModuleDo([&](llvm::Module& m) { return Optimize(m, OptLevelOf(m), builder); });
          if (e) return e;
          return tsm;
        });
    return llvm::Error::success();
  }

  std::unique_ptr<orc::LLJIT> lljit_;
  std::optional<orc::JITTargetMachineBuilder> jtmb_;
  std::atomic<uint64_t> next_id_{0};
};

std::vector<uint32_t> FullOrder(const ir::Scenario& s, const std::vector<uint32_t>& order) {
  if (!order.empty()) return order;
  std::vector<uint32_t> out(s.params.size());
  for (uint32_t i = 0; i < out.size(); ++i) out[i] = i;
  return out;
}

}  // namespace

Evaluator::~Evaluator() {
  if (tracker_)
    if (llvm::Error e = tracker_->remove()) llvm::consumeError(std::move(e));
}

llvm::Expected<std::unique_ptr<Evaluator>> Compile(const ir::Scenario& s, const Options& opts) {
  auto jit = Jit::Get();
  if (!jit) return jit.takeError();
  orc::LLJIT& lljit = (*jit)->lljit();
  auto ctx = std::make_unique<llvm::LLVMContext>();
  codegen::EntryNames names;
  codegen::Options co{FullOrder(s, opts.order), fmt::format("_{}", (*jit)->NextId()), opts.eval, opts.sweep,
                      opts.segment_size, opts.memo, opts.skip_infeasible};
  std::unique_ptr<llvm::Module> m = codegen::EmitLLVM(s, *ctx, co, &names);
  m->setDataLayout(lljit.getDataLayout());
  m->setTargetTriple(lljit.getTargetTriple().str());
  m->addModuleFlag(llvm::Module::Warning, "rl.opt_level", opts.opt_level);

  std::unique_ptr<Evaluator> ev(new Evaluator);
  ev->order_ = co.order;
  ev->tracker_ = lljit.getMainJITDylib().createResourceTracker();
  // The kernel table: the scenario's models, owned (with their bundles) by the evaluator.
  if (!names.kernels.empty()) {
    ev->kernels_ = s.kernels;
    for (const ir::KernelUse& k : s.kernels) ev->kernel_table_.push_back(k.model);
    orc::SymbolMap table;
    table[lljit.mangleAndIntern(names.kernels)] = {orc::ExecutorAddr::fromPtr(ev->kernel_table_.data()),
                                                   llvm::JITSymbolFlags::Exported};
    if (llvm::Error e = lljit.getMainJITDylib().define(orc::absoluteSymbols(std::move(table)), ev->tracker_)) return e;
  }
  if (llvm::Error e = lljit.addIRModule(ev->tracker_, orc::ThreadSafeModule(std::move(m), std::move(ctx))))
    return e;
  if (opts.eval) {
    auto eval = lljit.lookup(names.eval);
    if (!eval) return eval.takeError();
    ev->eval_ = eval->toPtr<rl_eval_fn>();
  }
  if (opts.sweep) {
    auto sweep = lljit.lookup(names.sweep);
    if (!sweep) return sweep.takeError();
    ev->sweep_ = sweep->toPtr<rl_sweep_fn>();
  }
  if (!names.memo.empty()) {
    auto memo = lljit.lookup(names.memo);
    if (!memo) return memo.takeError();
    ev->memo_ = memo->toPtr<rl_sweep_fn>();
    ev->memo_plan_ = opts.memo;
  }
  return ev;
}

llvm::Expected<std::string> PrintModule(const ir::Scenario& s, const Options& opts) {
  auto jit = Jit::Get();
  if (!jit) return jit.takeError();
  llvm::LLVMContext ctx;
  std::unique_ptr<llvm::Module> m =
      codegen::EmitLLVM(s, ctx, codegen::Options{FullOrder(s, opts.order), "", opts.eval, opts.sweep, opts.segment_size,
                                                 opts.memo, opts.skip_infeasible});
  m->setDataLayout((*jit)->lljit().getDataLayout());
  m->setTargetTriple((*jit)->lljit().getTargetTriple().str());
  if (llvm::Error e = Optimize(*m, opts.opt_level, (*jit)->jtmb())) return e;
  std::string out;
  llvm::raw_string_ostream os(out);
  m->print(os, nullptr);
  return out;
}

std::vector<std::string> RuntimeSymbolNames() {
  std::vector<std::string> out;
  for (const RuntimeSymbol& s : kRuntimeSymbols) out.push_back(s.name);
  return out;
}

}  // namespace rl::jit

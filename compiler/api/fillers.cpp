// The sweep engine's fillers for a scenario's variants (fillers.h).
#include "compiler/api/fillers.h"

#include <algorithm>
#include <atomic>
#include <thread>

#include "compiler/api/staged_interp.h"
#include "compiler/codegen/memo.h"
#include "runtime/memo.h"

namespace rl::api {

ChunkShape StreamedChunks(const std::vector<std::vector<double>>& axes, size_t num_reports, uint64_t chunk_points) {
  std::vector<uint32_t> declaration(axes.size());
  for (uint32_t p = 0; p < axes.size(); ++p) declaration[p] = p;
  const runtime::Space space(axes, declaration, num_reports);
  return {runtime::WholeInChunks(space, chunk_points), runtime::ChunkCount(space, chunk_points)};
}

runtime::FillerFactory JitFillers(const jit::Evaluator& e, const std::vector<uint64_t>& sizes) {
  rl_sweep_fn fn = e.sweep_fn();
  if (!e.memo_fn()) return [fn] { return runtime::SweepFnFiller(fn); };
  const codegen::Memo& m = e.memo();
  runtime::MemoTable t{e.memo_fn(), {}, m.stride, m.rows, m.values.size()};
  for (size_t p = 0; p < sizes.size(); ++p) t.extent.push_back(m.stride[p] ? static_cast<int64_t>(sizes[p]) : 1);
  return runtime::MemoFillers(fn, std::move(t), sizes.size());
}

llvm::Expected<VariantFillers> MakeVariantFillers(const check::Variants& vs, const std::vector<uint32_t>& order,
                                                  const std::function<bool(const ir::Scenario&)>& use_jit,
                                                  unsigned opt_level, const ChunkShape* streamed, unsigned threads,
                                                  bool skip_infeasible) {
  const ir::Scenario& first = vs.scenarios[0];
  const size_t np = first.params.size();
  const size_t nv = vs.scenarios.size();
  VariantFillers out;
  std::vector<size_t> on_jit;
  for (size_t i = 0; i < nv; ++i) {
    out.jit.push_back(use_jit(vs.scenarios[i]));
    if (out.jit.back()) on_jit.push_back(i);
  }
  // The JIT's variants compile on up to `threads` threads: each compile is independent
  // (its own LLVM context and resource tracker, and the LLJIT compiles concurrently), and
  // a search of hundreds of variants spends most of its time here.
  std::vector<std::unique_ptr<jit::Evaluator>> compiled(nv);
  std::vector<std::string> errors(nv);
  std::vector<std::vector<uint64_t>> sizes(nv);
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t k; (k = next.fetch_add(1)) < on_jit.size();) {
      const size_t i = on_jit[k];
      const ir::Scenario& v = vs.scenarios[i];
      jit::Options o{opt_level, order, /*eval=*/false, /*sweep=*/true};
      o.skip_infeasible = skip_infeasible;
      for (const ir::Param& p : v.params) sizes[i].push_back(p.values.size());
      if (streamed) o.memo = codegen::PlanMemo(v, order, sizes[i], streamed->whole, streamed->chunks);
      auto ev = jit::Compile(v, o);
      if (ev) compiled[i] = std::move(*ev);
      else errors[i] = llvm::toString(ev.takeError());
    }
  };
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  const size_t workers = std::min<size_t>(threads, on_jit.size());
  if (workers <= 1) {
    work();
  } else {
    std::vector<std::thread> pool;
    for (size_t w = 0; w < workers; ++w) pool.emplace_back(work);
    for (std::thread& t : pool) t.join();
  }
  std::vector<runtime::FillerFactory> each;
  for (size_t i = 0; i < nv; ++i) {
    if (!errors[i].empty()) return llvm::createStringError(llvm::inconvertibleErrorCode(), errors[i]);
    if (out.jit[i]) {
      out.evaluators.push_back(std::move(compiled[i]));
      each.push_back(JitFillers(*out.evaluators.back(), sizes[i]));
    } else {
      each.push_back(StagedInterpFillers(vs.scenarios[i], order, skip_infeasible));
    }
  }
  for (uint32_t p : vs.specialised) out.sizes.push_back(static_cast<int64_t>(first.params[p].values.size()));
  out.make = runtime::VariantFillers(std::move(each), vs.specialised, out.sizes, np);
  return out;
}

size_t VariantOf(const check::Variants& vs, const double* params) {
  const ir::Scenario& first = vs.scenarios[0];
  size_t v = 0;
  for (uint32_t p : vs.specialised) {
    const std::vector<double>& axis = first.params[p].values;
    size_t at = std::find(axis.begin(), axis.end(), params[p]) - axis.begin();
    v = v * axis.size() + std::min(at, axis.size() - 1);
  }
  return v;
}

}  // namespace rl::api

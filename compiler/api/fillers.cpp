// The sweep engine's fillers for a scenario's variants (fillers.h).
#include "compiler/api/fillers.h"

#include <algorithm>

#include "compiler/codegen/memo.h"
#include "compiler/interp/interp.h"
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
                                                  unsigned opt_level, const ChunkShape* streamed) {
  const ir::Scenario& first = vs.scenarios[0];
  const size_t np = first.params.size(), nr = first.reports.size();
  VariantFillers out;
  std::vector<runtime::FillerFactory> each;
  for (const ir::Scenario& v : vs.scenarios) {
    out.jit.push_back(use_jit(v));
    if (out.jit.back()) {
      jit::Options o{opt_level, order, /*eval=*/false, /*sweep=*/true};
      std::vector<uint64_t> sizes;
      for (const ir::Param& p : v.params) sizes.push_back(p.values.size());
      if (streamed) o.memo = codegen::PlanMemo(v, order, sizes, streamed->whole, streamed->chunks);
      auto ev = jit::Compile(v, o);
      if (!ev) return ev.takeError();
      out.evaluators.push_back(std::move(*ev));
      each.push_back(JitFillers(*out.evaluators.back(), sizes));
    } else {
      const ir::Scenario* scp = &v;
      each.push_back([scp, np, nr] {
        auto ev = std::make_shared<interp::Evaluator>(*scp);
        return runtime::PointFiller([ev](const double* p, double* r) { return ev->Run(p, r); }, np, nr);
      });
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

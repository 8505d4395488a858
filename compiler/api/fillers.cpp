// The sweep engine's fillers for a scenario's variants (fillers.h).
#include "compiler/api/fillers.h"

#include <algorithm>

#include "compiler/interp/interp.h"

namespace rl::api {

llvm::Expected<VariantFillers> MakeVariantFillers(const check::Variants& vs, const std::vector<uint32_t>& order,
                                                  const std::function<bool(const ir::Scenario&)>& use_jit,
                                                  unsigned opt_level) {
  const ir::Scenario& first = vs.scenarios[0];
  const size_t np = first.params.size(), nr = first.reports.size();
  VariantFillers out;
  std::vector<runtime::FillerFactory> each;
  for (const ir::Scenario& v : vs.scenarios) {
    out.jit.push_back(use_jit(v));
    if (out.jit.back()) {
      auto ev = jit::Compile(v, jit::Options{opt_level, order, /*eval=*/false, /*sweep=*/true});
      if (!ev) return ev.takeError();
      out.evaluators.push_back(std::move(*ev));
      rl_sweep_fn fn = out.evaluators.back()->sweep_fn();
      each.push_back([fn] { return runtime::SweepFnFiller(fn); });
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

// Fuzz target: check and evaluate, differentially. Each scenario of the input is
// compiled as `ringline eval` compiles it (its lets checked, the default variant lowered,
// the IR pipeline run), then evaluated by the JIT and by the interpreter: `Eval` at the
// default point and at points from the params' value sets, and the JIT's staged sweep
// over a small box of them. Both backends must agree at every point (test/backends_agree.h,
// the unit tests' rule) on every report and on feasibility; a disagreement aborts, which
// the fuzzer reports as a crash with the input that caused it.
#include <llvm/Support/raw_ostream.h>

#include <cstdlib>
#include <vector>

#include "compiler/interp/interp.h"
#include "compiler/jit/jit.h"
#include "compiler/passes/passes.h"
#include "test/backends_agree.h"
#include "test/fuzz/spec_input.h"

namespace rl::fuzz {
namespace {

constexpr size_t kMaxScenarios = 4;  // scenarios of one input evaluated
constexpr int64_t kMaxBox = 64;      // points of the sweep box

[[noreturn]] void Disagree(const ir::Scenario& sc, const std::vector<double>& point, const std::string& what,
                           double jit, double interp) {
  llvm::errs() << "the JIT and the interpreter disagree on " << what << " of scenario `" << sc.name << "`: jit "
               << jit << ", interp " << interp << "\npoint:";
  for (double v : point) llvm::errs() << " " << v;
  llvm::errs() << "\n" << ir::Print(sc);
  std::abort();
}

// The interpreter at `point`, against the JIT's reports and feasibility there.
void Compare(const ir::Scenario& sc, interp::Evaluator& ref, const std::vector<double>& point,
             const double* jit_reports, size_t jit_stride, bool jit_feasible, const char* how) {
  std::vector<double> want(sc.reports.size());
  bool feasible = ref.Run(point.data(), want.data());
  if (feasible != jit_feasible) Disagree(sc, point, std::string("feasibility (") + how + ")", jit_feasible, feasible);
  for (size_t r = 0; r < want.size(); ++r)
    if (!test::BackendsAgree(jit_reports[r * jit_stride], want[r]))
      Disagree(sc, point, "report `" + sc.reports[r].name + "` (" + how + ")", jit_reports[r * jit_stride], want[r]);
}

void EvalBoth(const ir::Scenario& sc) {
  auto compiled = jit::Compile(sc, jit::Options{});
  if (!compiled) {  // never a mistake in the spec (jit.h): a bug
    llvm::errs() << "the JIT failed: " << llvm::toString(compiled.takeError()) << "\n" << ir::Print(sc);
    std::abort();
  }
  const jit::Evaluator& ev = **compiled;
  interp::Evaluator ref(sc);
  const size_t np = sc.params.size(), nr = sc.reports.size();

  // Eval: the defaults, then point k takes value (k + p) of each param p's set.
  std::vector<double> point(np), reports(nr);
  for (size_t p = 0; p < np; ++p) point[p] = sc.params[p].default_value;
  Compare(sc, ref, point, reports.data(), 1, ev.Eval(point.data(), reports.data()), "eval");
  for (size_t k = 0; k < 4; ++k) {
    for (size_t p = 0; p < np; ++p) point[p] = sc.params[p].values[(k + p) % sc.params[p].values.size()];
    Compare(sc, ref, point, reports.data(), 1, ev.Eval(point.data(), reports.data()), "eval");
  }

  // Sweep: the first values of each axis, up to kMaxBox points, in declaration order.
  std::vector<const double*> axes(np + 1);
  std::vector<int64_t> lo(np + 1, 0), hi(np + 1, 1), stride(np + 1, 1);
  int64_t count = 1;
  for (size_t p = 0; p < np; ++p) {
    axes[p] = sc.params[p].values.data();
    const auto n = static_cast<int64_t>(sc.params[p].values.size());
    hi[p] = std::max<int64_t>(1, std::min<int64_t>(n, kMaxBox / count));
    count *= hi[p];
  }
  for (size_t p = np; p-- > 1;) stride[p - 1] = stride[p] * hi[p];
  std::vector<double> out(nr * count + 1);
  std::vector<uint8_t> feasible(count);
  ev.sweep_fn()(axes.data(), lo.data(), hi.data(), stride.data(), out.data(), feasible.data(), count);
  for (int64_t pos = 0; pos < count; ++pos) {
    for (size_t p = 0; p < np; ++p) point[p] = sc.params[p].values[(pos / stride[p]) % hi[p]];
    Compare(sc, ref, point, out.data() + pos, count, feasible[pos] != 0, "sweep");
  }
}

}  // namespace
}  // namespace rl::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace rl;
  fuzz::OnBigStack([&] {
    fuzz::Spec spec(data, size);
    check::Compilation comp(spec.diags, spec.Options());
    if (!comp.LoadBuffer(spec.buffer) || !comp.CheckLets()) return;
    std::vector<std::string> names = comp.ScenarioNames();
    if (names.size() > fuzz::kMaxScenarios) names.resize(fuzz::kMaxScenarios);
    for (const std::string& name : names) {
      std::optional<check::Variants> vs = comp.LowerVariants(name, {}, {}, /*all_values=*/false);
      if (!vs) continue;
      for (ir::Scenario& sc : vs->scenarios) {
        passes::RunPipeline(sc);
        fuzz::EvalBoth(sc);
      }
    }
    spec.diags.Flush();
  });
  return 0;
}

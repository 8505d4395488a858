// The C entry points through which the interpreter, constant folding and JIT code
// predict (runtime/abi.h). The model comes from the scenario's kernel table
// (ir::Scenario::kernels), which owns its bundle for as long as the scenario or code
// compiled from it lives, so a prediction is one indirect call and no lookup.
#include "runtime/abi.h"
#include "runtime/kernels/kernels.h"

extern "C" double rl_kernel_predict(const void* model, const double* feats) {
  return static_cast<const rl::kernels::Model*>(model)->Predict(feats);
}

extern "C" void rl_kernel_predict_batch(const void* model, const double* feats, int64_t n, double* out) {
  static_cast<const rl::kernels::Model*>(model)->PredictBatch(feats, n, out);
}

extern "C" double rl_kernel_predict_jvp(const void* model, const double* feats, const double* tangents) {
  return static_cast<const rl::kernels::Model*>(model)->PredictJvp(feats, tangents);
}

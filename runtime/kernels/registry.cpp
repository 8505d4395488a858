// Kernel model registry (registry.h). Lookups happen once per prediction from JIT code on
// every sweep thread, so they are lock-free: a fixed array of atomic pointers, appended
// to under a mutex. 65,536 distinct models is far beyond any bundle set (a bundle holds
// one model per kind).
#include "runtime/kernels/registry.h"

#include <array>
#include <atomic>
#include <mutex>
#include <vector>

#include "runtime/abi.h"

namespace rl::kernels {
namespace {

constexpr int64_t kMaxModels = 1 << 16;

struct Table {
  std::mutex mu;
  std::vector<std::shared_ptr<const Bundle>> owners;  // keeps every bundle alive
  std::array<std::atomic<const Model*>, kMaxModels> models{};
  std::atomic<int64_t> size{0};
};

Table& Get() {
  static Table* t = new Table;  // never destroyed: JIT code may run during exit
  return *t;
}

}  // namespace

int64_t RegisterModel(std::shared_ptr<const Bundle> bundle, const Model* model) {
  Table& t = Get();
  std::lock_guard<std::mutex> lock(t.mu);
  int64_t n = t.size.load(std::memory_order_relaxed);
  for (int64_t i = 0; i < n; ++i)
    if (t.models[i].load(std::memory_order_relaxed) == model) return i;
  if (n == kMaxModels) return -1;
  t.owners.push_back(std::move(bundle));
  t.models[n].store(model, std::memory_order_release);
  t.size.store(n + 1, std::memory_order_release);
  return n;
}

const Model* ModelById(int64_t id) {
  Table& t = Get();
  if (id < 0 || id >= t.size.load(std::memory_order_acquire)) return nullptr;
  return t.models[id].load(std::memory_order_acquire);
}

std::string ModelLabel(int64_t id) {
  const Model* m = ModelById(id);
  return m ? m->kind() : "?";
}

}  // namespace rl::kernels

extern "C" double rl_kernel_predict(int64_t model, const double* feats) {
  const rl::kernels::Model* m = rl::kernels::ModelById(model);
  // Ids come from the checker, so this cannot miss; NaN would surface as a located
  // run-time error rather than a crash if it ever did.
  return m ? m->Predict(feats) : __builtin_nan("");
}

extern "C" void rl_kernel_predict_batch(int64_t model, const double* feats, int64_t n, double* out) {
  const rl::kernels::Model* m = rl::kernels::ModelById(model);
  if (!m) {
    for (int64_t i = 0; i < n; ++i) out[i] = __builtin_nan("");
    return;
  }
  m->PredictBatch(feats, n, out);
}

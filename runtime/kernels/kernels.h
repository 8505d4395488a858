// Kernel-time models (after Barrachina et al.'s MLP kernel-time model): one small MLP per kernel kind
// (conv forward / backward-data / backward-filter, GEMM, batchnorm, pooling,
// elementwise), trained by `ringline fit` from a profile CSV, stored in a `.rlk` bundle
// (docs/kernel-models.md), and evaluated by the checker (static features), the
// interpreter and JIT code (through rl_kernel_predict in runtime/abi.h).
//
// Feature vectors are per kind (kinds.def); every feature is a count (batch first, the
// element size in bytes last), never negative.
#pragma once
#include <llvm/ADT/ArrayRef.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace rl::kernels {

// ---- kinds -------------------------------------------------------------------------

// Which FLOP/byte formula of docs/kernel-models.md a kind's roofline uses.
enum class Formula { Conv2d, Conv3d, Gemm, BnFwd, BnBwd, Pool, Eltwise };

struct KindInfo {
  llvm::StringRef name;                      // "conv2d_fwd"
  std::vector<llvm::StringRef> features;     // "n", "cin", ..., "dtype"
  llvm::StringRef doc;                       // one line: what the kernel computes
  Formula formula = Formula::Gemm;
};
llvm::ArrayRef<KindInfo> AllKinds();
const KindInfo* FindKind(llvm::StringRef name);  // nullptr when unknown
// FLOPs of one call and bytes it moves at least (inputs + weights + outputs, times the
// `dtype` feature): the roofline inputs of the "util" variant. `feats` has
// kind.features.size() entries.
double KindFlops(const KindInfo& kind, const double* feats);
double KindBytes(const KindInfo& kind, const double* feats);

// ---- models and bundles ------------------------------------------------------------

// The profiled device, as the profile CSV's `# key: value` header lines describe it.
struct DeviceInfo {
  std::vector<std::pair<std::string, std::string>> fields;  // in file order
  double peak_flops = 0;  // FLOP/s measured by the profiler (0: unknown)
  double mem_bw = 0;      // B/s measured by the profiler (0: unknown)
  std::string Get(llvm::StringRef key) const;  // "" when absent
};

// Held-out accuracy of one model, written into the bundle by `fit`.
struct Metrics {
  int64_t train_rows = 0;
  int64_t test_rows = 0;
  double mape = 0;       // mean |pred - meas| / meas on the held-out rows, as a fraction
  double max_err = 0;    // max of the same
  double mape_other = 0; // held-out MAPE of the variant not kept (for the record; -1: none)
};

class Model {
 public:
  const std::string& kind() const;
  const std::string& variant() const;  // "log" or "util"
  double floor() const;                // seconds every prediction includes (0: none)
  const Metrics& metrics() const;
  // The kind's features, then for a generic model (fitted across devices, `FitAcross`
  // below) the device's peak FLOP/s and memory bandwidth in FLOP/s and B/s.
  size_t num_features() const;
  bool generic() const;
  // Seconds for one call. Never traps: any input gives a finite, positive time (features
  // are clamped to >= 0; the output to the range seen in training, widened).
  double Predict(const double* feats) const;
  // `n` rows of num_features() features each (row-major), into out[0..n).
  void PredictBatch(const double* feats, int64_t n, double* out) const;
  // The derivative of Predict along a direction in feature space, d/dε Predict(feats +
  // ε·tangents) at ε = 0 (a Jacobian-vector product: the sum over features of
  // ∂Predict/∂feats[k] · tangents[k]), exact rather than by finite differences. Steps that
  // are piecewise constant (the clamps where they bind, floor and ceil, the 0/1
  // properties of a shape) contribute 0; at a kink it is the derivative of the branch
  // Predict takes there. `tangents` has num_features() entries.
  double PredictJvp(const double* feats, const double* tangents) const;
  // Multiply-adds of one prediction (its networks' layers and the skip path): what
  // `--backend=auto` counts a kernel call as.
  double PredictionMacs() const;
  struct Impl;
  std::shared_ptr<const Impl> impl;
};

class Bundle {
 public:
  DeviceInfo device;
  std::vector<Model> models;  // at most one per kind
  const Model* Find(llvm::StringRef kind) const;
};

// `.rlk` files. Errors (missing file, truncated, bad magic, checksum mismatch, unknown
// version, inconsistent contents) are llvm::Errors with a one-line message naming `path`.
llvm::Expected<Bundle> ReadBundle(llvm::StringRef path);
llvm::Expected<Bundle> ParseBundle(llvm::StringRef bytes, llvm::StringRef name);
std::string SerializeBundle(const Bundle& b);
llvm::Error WriteBundle(const Bundle& b, llvm::StringRef path);

}  // namespace rl::kernels

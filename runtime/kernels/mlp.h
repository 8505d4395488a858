// Internal to rl_kernel_abi and rl_kernels: what a Model holds (Model::Impl) and how it turns features into
// seconds. Shared by mlp.cpp (inference), train.cpp (fitting the weights) and bundle.cpp
// (the .rlk reader and writer). docs/kernel-models.md describes the transforms.
#pragma once
#include <Eigen/Core>

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/kernels/dual.h"
#include "runtime/kernels/kernels.h"

namespace rl::kernels {

// How the network's output becomes a time (docs/kernel-models.md, "Model variants").
enum class Variant : uint8_t { Log = 0, Util = 1 };
llvm::StringRef VariantName(Variant v);

// Features are clamped to [0, kMaxFeature] before anything else, so absurd inputs (1e300,
// NaN, negatives) give finite logs and a finite roofline; 1e15 is far beyond any tensor
// dimension yet keeps the largest product (conv3d FLOPs, nine factors) below 1e136.
inline constexpr double kMaxFeature = 1e15;
inline constexpr size_t kMaxKindFeatures = 16;
// A device-generic model (kernels.h, `Model::generic`) takes the device's peak FLOP/s and
// memory bandwidth as two more features after the kind's; they are clamped to [1, 1e18]
// for the roofline, and to the range the fitting rows span for the network's inputs.
inline constexpr size_t kDeviceFeatures = 2;
inline constexpr double kMaxDeviceFeature = 1e18;
// The network sees every feature's log plus inputs derived from them (kinds.cpp,
// docs/kernel-models.md "Inputs"): log FLOPs, log bytes and per formula a few more.
inline constexpr size_t kMaxDerivedInputs = 19;
size_t NumDerivedInputs(const KindInfo& kind);
// How the profiled software stack picks a kernel's algorithm, as far as the device
// description (the profile's header, kept in the bundle) tells: a known dispatch rule
// becomes an input of the network.
struct Dispatch {
  bool torch_cpu = false;  // torch on CPU (`device: cpu` with a `torch` version)
  int threads = 1;         // `threads`
};
Dispatch DispatchOf(const DeviceInfo& device);
// The derived inputs of one row of clamped features, already transformed (the log1p of a
// size, or 0/1 for a property), into out[0..NumDerivedInputs(kind)).
void DerivedInputs(const KindInfo& kind, const double* feats, double flops, double bytes, const Dispatch& dispatch,
                   double* out);
// The same formulas on a row of dual numbers: their derivatives along the row's tangent,
// for Model::PredictJvp (kinds.cpp templates one source for both).
Dual KindFlops(const KindInfo& kind, const Dual* feats);
Dual KindBytes(const KindInfo& kind, const Dual* feats);
void DerivedInputs(const KindInfo& kind, const Dual* feats, Dual flops, Dual bytes, const Dispatch& dispatch,
                   Dual* out);

// One dense layer: out = w · in + b. In a network, hidden layers apply tanh; the last
// layer has one output and is linear.
struct Layer {
  Eigen::MatrixXd w;  // outputs × inputs
  Eigen::VectorXd b;  // outputs
};
using Net = std::vector<Layer>;

// tanh of every entry, in place, as 1 - 2 / (exp(2z) + 1): the same function to rounding,
// but Eigen vectorises exp for doubles and not tanh, which makes it about twice as fast,
// and activations are most of a prediction's time. Large |z| saturate to ±1 exactly.
inline void TanhInPlace(Eigen::MatrixXd& z) { z = 1 - 2 / ((2 * z.array()).exp() + 1); }

// z = w · h + b (a column per row of h) as a sum of rank-1 updates, input by input, rather
// than one matrix product: Eigen picks a different kernel (and so a different summation
// order) for one column than for many, and a prediction must not depend on how many rows
// were predicted with it. This way every output adds its terms in the same order whatever
// the batch, so Predict, PredictBatch, PredictJvp's value, the interpreter and JIT code
// (which batches over a box's batch values) agree to the last bit; the updates still
// vectorise across rows and columns.
inline void Affine(const Layer& layer, const Eigen::MatrixXd& h, Eigen::MatrixXd& z) {
  const Eigen::MatrixXd& w = layer.w;
  z.resize(w.rows(), h.cols());
  z.colwise() = layer.b;
  for (Eigen::Index k = 0; k < w.cols(); ++k) z.noalias() += w.col(k) * h.row(k);
}

struct Model::Impl {
  const KindInfo* info = nullptr;
  std::string kind;
  std::string variant_name;
  Variant variant = Variant::Log;
  Metrics metrics;

  // Input transform: x = (log1p(clamped feature or derived value) - in_mean) / in_std.
  Eigen::VectorXd in_mean, in_std;
  // The ensemble: the output is the mean of the networks' outputs (fit.cpp trains one per
  // cross-fitting fold), plus the skip path.
  std::vector<Net> nets;
  // A linear path from the inputs straight to the output, added to the MLP's: the fit
  // starts it at the least-squares solution (a power law in the features, FLOPs and
  // bytes), so the MLP learns the correction, and it keeps growing with the problem size
  // where tanh units saturate.
  Eigen::RowVectorXd skip;
  // The network predicts the target standardised: target = out * out_std + out_mean, where
  // the target is log(seconds) ("log") or logit(u) ("util"). The output is clamped to
  // [out_lo, out_hi] first: the training range, widened.
  double out_mean = 0, out_std = 1, out_lo = 0, out_hi = 0;
  // "util": u = roofline_time / (util_scale · time). util_scale >= 1 lifts the roofline
  // when the profile beat it (cache-resident tensors run faster than the measured memory
  // bandwidth), so every training u stays below 0.9 and its logit stays finite. Both
  // variants: no prediction is below roofline_time / util_scale, which keeps the "log"
  // variant, whose output is clamped, physical far beyond the profiled sizes.
  double util_scale = 1;
  double peak_flops = 0, mem_bw = 0;  // the bundle's device; used by "util"
  Dispatch dispatch;                  // the bundle's device; used by DerivedInputs
  double time_lo = 0;                 // floor of every prediction (seconds, > 0)
  // Seconds every call costs whatever its size (the framework's dispatch and the library's
  // setup: about 10 µs for a torch convolution on the CPU), added to the variant's time:
  // time = floor + exp(target) ("log") or floor + roofline / (util_scale · sigmoid(target))
  // ("util"). fit.cpp sets it to kFloorShare of the fastest fitting row, so the network
  // models only the time above it, and tiny kernels are never predicted below what any
  // call costs (docs/kernel-models.md, "Models").
  double floor = 0;
  // A device-generic model (fit from several devices' profiles): its features end with
  // the device's peak_flops and mem_bw (kDeviceFeatures), from which each row's roofline
  // is computed instead of from peak_flops and mem_bw above. Their log inputs are
  // clamped to [device_lo, device_hi] (raw values, the fitting rows' range): beyond the
  // devices it was fitted on, the network answers as for the nearest one, while the
  // roofline still follows the device's own numbers. Its `dtype` input is 0: a precision
  // is the device's peak at it and the bytes it moves. DeepBench's 16-bit rows are tensor
  // cores on two devices and fp32 arithmetic on 16-bit data on the third (P100); with the
  // element size as an input the model learnt "2 bytes = tensor cores" and, fitted without
  // the P100, predicted its 16-bit convolutions at 5.5 times their time (450% MAPE;
  // without the input 34%, docs/kernel-models.md "An unseen GPU").
  bool generic = false;
  Eigen::VectorXd device_lo, device_hi;

  size_t NumKindFeatures() const { return info->features.size(); }
  size_t NumFeatures() const { return NumKindFeatures() + (generic ? kDeviceFeatures : 0); }
  size_t NumInputs() const { return NumFeatures() + NumDerivedInputs(*info); }

  // Raw (unstandardised) inputs of `n` feature rows into the columns of `x`, and each
  // row's roofline time into `roof` (0 when the device is unknown). `clamp_device`: clamp
  // a generic model's device inputs to [device_lo, device_hi] (false while fitting sets
  // that range from the rows).
  void RawInputs(const double* feats, int64_t n, Eigen::MatrixXd& x, Eigen::RowVectorXd& roof,
                 bool clamp_device = true) const;
  // One row of features with a tangent each: its raw inputs (x[0..NumInputs())) and
  // roofline time, with their derivatives along the tangent; the values are RawInputs'
  // to the bit.
  Dual RowInputs(const Dual* feats, Dual* x) const;
  // Buffers Forward reuses, so evaluating many blocks of rows allocates once: freeing and
  // reallocating activation-sized blocks per layer made the allocator return memory to the
  // system and fault it back in, which dominated batch predictions.
  struct Scratch {
    Eigen::MatrixXd a, b;
    Eigen::RowVectorXd out;
  };
  // The network on standardised inputs (one column per row): one output per column, into
  // s.out.
  void Forward(const Eigen::MatrixXd& x, Scratch& s) const;
  // Seconds from a network output and the row's roofline time; finite and >= time_lo.
  double Time(double out, double roof) const;
  Dual Time(Dual out, Dual roof) const;  // and its derivative along out's and roof's tangents
  // The variant's time above the floor for an unclamped, unstandardised target, and its
  // slope d/d(target): what training differentiates.
  double Excess(double target, double roof, double* slope) const;
  Dual Excess(Dual target, Dual roof) const;
  // The prediction for one row and its derivative along `tangents` (Model::PredictJvp):
  // every step of Predict differentiated, the value equal to Predict's to the bit
  // (jvp.cpp).
  Dual PredictDual(const double* feats, const double* tangents) const;
  // Time() of every column of standardised inputs.
  void Times(const Eigen::MatrixXd& x, const Eigen::RowVectorXd& roof, double* out, Scratch& s) const;
  void Times(const Eigen::MatrixXd& x, const Eigen::RowVectorXd& roof, double* out) const {
    Scratch s;
    Times(x, roof, out, s);
  }
};

// max(flops / peak, bytes / bw) in seconds; 0 without a device description.
double RooflineTime(double flops, double bytes, double peak_flops, double mem_bw);
Dual RooflineTime(Dual flops, Dual bytes, Dual peak_flops, Dual mem_bw);

}  // namespace rl::kernels

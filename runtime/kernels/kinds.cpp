// The kernel kinds table (kinds.def) and the FLOP/byte formulas of
// docs/kernel-models.md, which the "util" model variant uses as its roofline and the
// fitter uses as derived inputs. Part of rl_kernel_abi (runtime/kernels), which the
// checker, the JIT'd code and the interpreter share.
#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/StringExtras.h>

#include <algorithm>
#include <cmath>

#include "runtime/kernels/conv_shape.h"
#include "runtime/kernels/dual.h"
#include "runtime/kernels/kernels.h"
#include "runtime/kernels/mlp.h"

namespace rl::kernels {

namespace {

std::vector<KindInfo> BuildKinds() {
  std::vector<KindInfo> kinds;
  auto add = [&](llvm::StringRef name, Formula formula, llvm::StringRef features, llvm::StringRef doc) {
    llvm::SmallVector<llvm::StringRef, 16> parts;
    features.split(parts, ' ', -1, /*KeepEmpty=*/false);
    kinds.push_back(KindInfo{name, std::vector<llvm::StringRef>(parts.begin(), parts.end()), doc, formula});
  };
#define KIND(name, formula, features, doc) add(#name, Formula::formula, features, doc);
#include "runtime/kernels/kinds.def"
  return kinds;
}

// PyTorch's output size floor((i + 2p - k) / s) + 1 with dilation 1. A window larger than
// the padded input gives no output (PyTorch refuses it); a stride below 1 counts as 1 so
// the formula never divides by zero.
//
// The formulas below are templated on the scalar: double for predictions, Dual (dual.h)
// for their derivatives (Model::PredictJvp).
template <class T>
T OutSize(T i, T k, T s, T p) {
  T span = i + 2 * p - k;
  if (!(span >= 0)) return T(0);
  return Floor(span / std::max(s, T(1.0))) + 1;
}

// The share of 16-wide vector lanes that `c` channels fill (c / (16·ceil(c / 16))): CPU
// kernels block channels by 16 floats (AVX-512), GPU tensor cores by 8 or 16 halves, and a
// channel count off the block pays for the padding lanes.
template <class T>
T LaneFill(T c) { return c >= 1 ? c / (16 * Ceil(c / 16)) : T(0); }

template <class T>
BasicConvShape<T> ConvOf(const KindInfo& kind, const T* f) {
  if (kind.formula == Formula::Conv2d) {
    // n cin h w cout kh kw sh sw ph pw groups dtype
    T oh = OutSize(f[2], f[5], f[7], f[9]), ow = OutSize(f[3], f[6], f[8], f[10]);
    bool divides = Fmod(f[2], std::max(f[7], T(1.0))) == 0 && Fmod(f[3], std::max(f[8], T(1.0))) == 0;
    return {f[0], f[1], f[4], std::max(f[11], T(1.0)), f[12], f[2] * f[3], oh * ow, f[5] * f[6],
            /*three_d=*/false, f[7] > 1 || f[8] > 1, f[9] > 0 || f[10] > 0, divides, {f[5], f[6]}, {f[2], f[3]}};
  }
  // n cin d h w cout k s p groups dtype
  T k = f[6], s = f[7], p = f[8], st = std::max(s, T(1.0));
  T out = OutSize(f[2], k, s, p) * OutSize(f[3], k, s, p) * OutSize(f[4], k, s, p);
  bool divides = Fmod(f[2], st) == 0 && Fmod(f[3], st) == 0 && Fmod(f[4], st) == 0;
  return {f[0], f[1], f[5], std::max(f[9], T(1.0)), f[10], f[2] * f[3] * f[4], out, k * k * k,
          /*three_d=*/true, s > 1, p > 0, divides, {k, k}, {f[2], f[3]}};
}

// The shape's values, for the dispatch rules (which only compare): the shape itself for
// doubles, so that T = double copies nothing.
const ConvShape& Values(const ConvShape& c) { return c; }
ConvShape Values(const BasicConvShape<Dual>& c) {
  return {c.n.v, c.cin.v, c.cout.v, c.groups.v, c.dtype.v, c.in_spatial.v, c.out_spatial.v, c.kernel.v,
          c.three_d, c.strided, c.padded, c.stride_divides, {c.k_last2[0].v, c.k_last2[1].v},
          {c.in_first2[0].v, c.in_first2[1].v}};
}

template <class T>
T FlopsOf(const KindInfo& kind, const T* f) {
  switch (kind.formula) {
    case Formula::Conv2d:
    case Formula::Conv3d: {
      BasicConvShape<T> c = ConvOf(kind, f);
      return 2 * c.n * c.cout * c.out_spatial * (c.cin / c.groups) * c.kernel;
    }
    case Formula::Gemm: return 2 * f[0] * f[1] * f[2];
    case Formula::BnFwd: return 5 * f[0] * f[1] * f[2];
    case Formula::BnBwd: return 8 * f[0] * f[1] * f[2];
    case Formula::Pool: return f[0] * f[1] * f[2] * f[3];
    case Formula::Eltwise: return f[0] * f[1];
  }
  return T(0);
}

template <class T>
T BytesOf(const KindInfo& kind, const T* f) {
  switch (kind.formula) {
    case Formula::Conv2d:
    case Formula::Conv3d: {
      BasicConvShape<T> c = ConvOf(kind, f);
      return c.dtype * (c.n * c.cin * c.in_spatial + c.cout * (c.cin / c.groups) * c.kernel +
                        c.n * c.cout * c.out_spatial);
    }
    case Formula::Gemm: return f[3] * (f[0] * f[1] + f[1] * f[2] + f[0] * f[2]);
    case Formula::BnFwd: return f[3] * 2 * f[0] * f[1] * f[2];
    case Formula::BnBwd: return f[3] * 3 * f[0] * f[1] * f[2];
    case Formula::Pool: {
      // n c h w k s p max dtype
      T oh = OutSize(f[2], f[4], f[5], f[6]), ow = OutSize(f[3], f[4], f[5], f[6]);
      return f[8] * (f[0] * f[1] * f[2] * f[3] + f[0] * f[1] * oh * ow);
    }
    case Formula::Eltwise: return f[3] * f[0] * f[1] * (f[2] + 1);
  }
  return T(0);
}

}  // namespace

ConvShape Conv(const KindInfo& kind, const double* f) { return ConvOf(kind, f); }

Dispatch DispatchOf(const DeviceInfo& device) {
  Dispatch d;
  d.torch_cpu = device.Get("device") == "cpu" && !device.Get("torch").empty();
  int threads = 0;
  if (!llvm::StringRef(device.Get("threads")).trim().getAsInteger(10, threads) && threads > 0) d.threads = threads;
  return d;
}

llvm::ArrayRef<KindInfo> AllKinds() {
  static const std::vector<KindInfo> kinds = BuildKinds();
  return kinds;
}

const KindInfo* FindKind(llvm::StringRef name) {
  for (const KindInfo& k : AllKinds())
    if (k.name == name) return &k;
  return nullptr;
}

double KindFlops(const KindInfo& kind, const double* f) { return FlopsOf(kind, f); }
Dual KindFlops(const KindInfo& kind, const Dual* f) { return FlopsOf(kind, f); }
double KindBytes(const KindInfo& kind, const double* f) { return BytesOf(kind, f); }
Dual KindBytes(const KindInfo& kind, const Dual* f) { return BytesOf(kind, f); }

size_t NumDerivedInputs(const KindInfo& kind) {
  switch (kind.formula) {
    case Formula::Conv2d:
    case Formula::Conv3d: return 13 + kNumOneDnnImpls - 1;
    case Formula::Gemm: return 4;
    case Formula::Pool: return 4;
    case Formula::BnFwd:
    case Formula::BnBwd:
    case Formula::Eltwise: return 2;
  }
  return 2;
}

namespace {

// Why these: a kernel's time is not one smooth function of its features. Libraries pick
// an algorithm by shape (oneDNN or an im2col + BLAS fallback on CPU, an algorithm per
// shape in cuDNN), and the choice turns on exactly these properties: a 1x1 kernel, a
// stride, groups, depthwise, and the implicit-GEMM sizes M = n·out_spatial, K =
// cin/groups·kernel, N = cout/groups that every GEMM-based convolution multiplies. With
// them as inputs the network need not carve those boundaries out of the raw logs.
template <class T>
void DerivedInputsOf(const KindInfo& kind, const T* f, T flops, T bytes, const Dispatch& dispatch, T* out) {
  out[0] = Log1p(flops);
  out[1] = Log1p(bytes);
  switch (kind.formula) {
    case Formula::Conv2d:
    case Formula::Conv3d: {
      BasicConvShape<T> c = ConvOf(kind, f);
      out[2] = T(c.kernel == 1 ? 1 : 0);                           // pointwise
      out[3] = T(c.strided ? 1 : 0);
      out[4] = T(c.groups > 1 ? 1 : 0);                            // grouped
      out[5] = T(c.Depthwise() ? 1 : 0);                           // depthwise
      out[6] = Log1p(c.n * c.out_spatial);                         // implicit GEMM M
      out[7] = Log1p(c.cin / c.groups * c.kernel);                 // K
      out[8] = Log1p(c.cout / c.groups);                           // N
      out[9] = Log1p(c.n * c.cin * c.in_spatial);                  // input elements
      // The lanes of the blocked channel dimension: a group's channels, except in a
      // depthwise convolution (one input channel a group), whose kernels (jit_dw) block
      // the channels across groups by 16. With a constant 1/16 there, the held-out
      // depthwise rows with a multiple of 16 channels ran 3 to 6% faster than predicted
      // and the others 2 to 4% slower (the three conv2d kinds of data/kernels/xeon.csv).
      const T lane_groups = c.Depthwise() ? T(1) : c.groups;
      out[10] = LaneFill(c.cin / lane_groups);
      out[11] = LaneFill(c.cout / lane_groups);
      // The profiled stack's own dispatch rules, where the device description names
      // them (torch_cpu_rules.cpp): on torch's CPU fallback a convolution runs 20 to 30
      // times slower than on oneDNN, and within oneDNN the implementation (one input
      // each but the common 16-blocked one) moves a grouped convolution by 5 to 10x.
      const bool fallback = dispatch.torch_cpu && !TorchCpuUsesOneDnn(Values(c), dispatch.threads);
      out[12] = T(fallback ? 1 : 0);
      const int impl = dispatch.torch_cpu && !fallback ? int(TorchCpuConvImpl(kind, Values(c))) : 0;
      for (int i = 1; i < kNumOneDnnImpls; ++i) out[12 + i] = T(impl == i ? 1 : 0);
      return;
    }
    case Formula::Gemm:
      // The smallest dimension tells a matrix-vector-like product (memory bound) from a
      // square one; the largest, how far it spills out of cache.
      out[2] = Log1p(std::min({f[0], f[1], f[2]}));
      out[3] = Log1p(std::max({f[0], f[1], f[2]}));
      return;
    case Formula::Pool: {
      // n c h w k s p max dtype. Pooling's time follows the window elements it visits
      // (outputs · k²), which its nominal FLOPs (one per input) leave out.
      T outs = f[0] * f[1] * OutSize(f[2], f[4], f[5], f[6]) * OutSize(f[3], f[4], f[5], f[6]);
      out[2] = Log1p(outs);
      out[3] = Log1p(outs * f[4] * f[4]);
      return;
    }
    case Formula::BnFwd:
    case Formula::BnBwd:
    case Formula::Eltwise: return;
  }
}

}  // namespace

void DerivedInputs(const KindInfo& kind, const double* f, double flops, double bytes, const Dispatch& dispatch,
                   double* out) {
  DerivedInputsOf(kind, f, flops, bytes, dispatch, out);
}
void DerivedInputs(const KindInfo& kind, const Dual* f, Dual flops, Dual bytes, const Dispatch& dispatch,
                   Dual* out) {
  DerivedInputsOf(kind, f, flops, bytes, dispatch, out);
}

}  // namespace rl::kernels

// Internal to rl_kernels: a convolution row's features as the quantities the FLOP and byte
// formulas, the derived inputs and the dispatch rules need (kinds.cpp builds it,
// torch_cpu_rules.cpp reads it).
#pragma once
#include "runtime/kernels/kernels.h"

namespace rl::kernels {

// Templated on the scalar (dual.h) so that the formulas differentiate (Model::PredictJvp);
// the dispatch rules below read the double one.
template <class T>
struct BasicConvShape {
  T n, cin, cout, groups, dtype;
  T in_spatial, out_spatial, kernel;       // products over the spatial dimensions
  bool three_d;                            // conv3d (cubic kernel, stride and padding)
  bool strided;                            // a stride above 1 in some dimension
  bool padded;                             // a padding above 0 in some dimension
  bool stride_divides;                     // every input size a multiple of its stride
  T k_last2[2];                            // the last two kernel sizes
  T in_first2[2];                          // the first two input spatial sizes
  T KernelMax() const { return k_last2[0] > k_last2[1] ? k_last2[0] : k_last2[1]; }
  bool OneByOne() const { return k_last2[0] == 1 && k_last2[1] == 1; }
  bool Depthwise() const { return groups > 1 && groups == cin; }
};
using ConvShape = BasicConvShape<double>;

// `kind` must have the Conv2d or Conv3d formula; `f` is a row of clamped features.
ConvShape Conv(const KindInfo& kind, const double* f);

// torch 1.13's choice for a float32 CPU convolution: oneDNN, or its im2col + BLAS
// fallback (torch_cpu_rules.cpp).
bool TorchCpuUsesOneDnn(const ConvShape& c, int threads);

// The oneDNN implementation (and the channel blocking of its memory format) that torch
// 1.13 runs a float32 convolution of a kind on, on an AVX-512 CPU: what its verbose log
// (ONEDNN_VERBOSE=1) names. Blocked16 is the common case (jit:avx512_core on 16-channel
// blocks). Meaningful only where TorchCpuUsesOneDnn holds.
enum class OneDnnImpl { Blocked16, Gemm, Depthwise, OneByOne, Plain, Blocked8, Blocked4 };
inline constexpr int kNumOneDnnImpls = 7;
OneDnnImpl TorchCpuConvImpl(const KindInfo& kind, const ConvShape& c);
llvm::StringRef OneDnnImplName(OneDnnImpl impl);

}  // namespace rl::kernels

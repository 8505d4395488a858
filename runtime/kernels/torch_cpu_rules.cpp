// How torch 1.13 on CPU picks a float32 convolution's kernel: oneDNN or torch's own
// im2col + BLAS fallback, and within oneDNN which implementation. A kernel's time turns on
// that choice (a grouped convolution on 4-channel blocks runs 5 to 10 times faster than
// the same one on oneDNN's gemm path), and the boundaries are rules on divisibility that
// a small network cannot find from a few thousand random shapes. So the rules, read off
// the implementations torch ran (tools/research/onednn_impls.py), become inputs of the network
// (kinds.cpp, DerivedInputs). Part of rl_kernels.
//
// Agreement with the verbose log over the 15,688 convolution rows of data/kernels/xeon.csv
// (an AVX-512 Xeon): 99.2 to 99.9% per kind (docs/kernel-models.md, "oneDNN's
// implementations").
#include "runtime/kernels/conv_shape.h"

#include <algorithm>
#include <cmath>

namespace rl::kernels {

namespace {

// The largest of 16, 8 and 4 that divides `c` (1 for none): oneDNN blocks channels by
// 16 floats (one AVX-512 vector), or by 8 or 4 where a grouped convolution's channels per
// group are not a multiple of 16.
int ChannelBlock(double c) {
  for (int b : {16, 8, 4})
    if (std::fmod(c, b) == 0) return b;
  return 1;
}

enum class Pass { Fwd, BwdData, BwdFilter };

Pass PassOf(const KindInfo& kind) {
  if (kind.name.ends_with("bwd_data")) return Pass::BwdData;
  if (kind.name.ends_with("bwd_filter")) return Pass::BwdFilter;
  return Pass::Fwd;
}

}  // namespace

// ConvParams::use_mkldnn in aten/src/ATen/native/Convolution.cpp (dilation 1).
// tools/profiling/profile_kernels.py's cpu_conv_uses_onednn is the same rule.
bool TorchCpuUsesOneDnn(const ConvShape& c, int threads) {
  if (c.OneByOne() && !c.strided && c.n < 16 && threads <= 1) return false;
  bool big_kernel = c.k_last2[0] > 3 && c.k_last2[1] > 3;
  return c.groups > 1 || big_kernel || c.n > 1 || c.n * c.cin * c.in_first2[0] * c.in_first2[1] > 20480;
}

// Read off the verbose log, pass by pass (docs/kernel-models.md lists the counts):
// - depthwise (as many groups as channels in and out): jit_dw in 2-D, except the
//   backward-filter pass of a kernel of 5 or more; gemm in 3-D, which has no jit_dw;
// - other grouped convolutions: blocked by the largest block dividing the channels per
//   group in and out, or gemm if 4 does not; backward-filter has no 4-blocked kernel, and
//   in 3-D no padded 8-blocked one;
// - ungrouped: jit_1x1 for a 1x1 kernel (in 2-D when the stride divides the input, in 3-D
//   unstrided); backward-filter takes 4 to 15 input channels on 8-blocks (gemm in 3-D
//   when padded); fewer than 16 input channels otherwise run on the plain layout (the
//   stem kernels), except backward-data; the rest on 16-blocks.
OneDnnImpl TorchCpuConvImpl(const KindInfo& kind, const ConvShape& c) {
  const Pass pass = PassOf(kind);
  if (c.Depthwise() && c.cout == c.cin) {
    if (c.three_d || (pass == Pass::BwdFilter && c.KernelMax() >= 5)) return OneDnnImpl::Gemm;
    return OneDnnImpl::Depthwise;
  }
  if (c.groups > 1) {
    int b = std::min(ChannelBlock(c.cin / c.groups), ChannelBlock(c.cout / c.groups));
    if (pass == Pass::BwdFilter && (b == 4 || (b == 8 && c.three_d && c.padded))) return OneDnnImpl::Gemm;
    switch (b) {
      case 16: return OneDnnImpl::Blocked16;
      case 8: return OneDnnImpl::Blocked8;
      case 4: return OneDnnImpl::Blocked4;
      default: return OneDnnImpl::Gemm;
    }
  }
  if (c.OneByOne() && (c.three_d ? !c.strided : c.stride_divides)) return OneDnnImpl::OneByOne;
  if (pass == Pass::BwdFilter && c.cin >= 4 && c.cin < 16)
    return c.three_d && c.padded ? OneDnnImpl::Gemm : OneDnnImpl::Blocked8;
  if (c.cin < 16 && pass != Pass::BwdData) return OneDnnImpl::Plain;
  return OneDnnImpl::Blocked16;
}

llvm::StringRef OneDnnImplName(OneDnnImpl impl) {
  switch (impl) {
    case OneDnnImpl::Blocked16: return "blocked16";
    case OneDnnImpl::Gemm: return "gemm";
    case OneDnnImpl::Depthwise: return "depthwise";
    case OneDnnImpl::OneByOne: return "1x1";
    case OneDnnImpl::Plain: return "plain";
    case OneDnnImpl::Blocked8: return "blocked8";
    case OneDnnImpl::Blocked4: return "blocked4";
  }
  return "?";
}

}  // namespace rl::kernels

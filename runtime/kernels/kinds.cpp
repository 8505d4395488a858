// The kernel kinds table (kinds.def) and the FLOP/byte formulas of
// docs/kernel-models.md, which the "util" model variant uses as its roofline and the
// fitter uses as derived inputs. Part of rl_kernels (runtime/kernels).
#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/StringExtras.h>

#include <algorithm>
#include <cmath>

#include "runtime/kernels/kernels.h"

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
double OutSize(double i, double k, double s, double p) {
  double span = i + 2 * p - k;
  if (!(span >= 0)) return 0;
  return std::floor(span / std::max(s, 1.0)) + 1;
}

struct ConvShape {
  double n, cin, cout, groups, dtype;
  double in_spatial, out_spatial, kernel;  // products over the spatial dimensions
};

ConvShape Conv(const KindInfo& kind, const double* f) {
  if (kind.formula == Formula::Conv2d) {
    // n cin h w cout kh kw sh sw ph pw groups dtype
    double oh = OutSize(f[2], f[5], f[7], f[9]), ow = OutSize(f[3], f[6], f[8], f[10]);
    return {f[0], f[1], f[4], std::max(f[11], 1.0), f[12], f[2] * f[3], oh * ow, f[5] * f[6]};
  }
  // n cin d h w cout k s p groups dtype
  double k = f[6], s = f[7], p = f[8];
  double out = OutSize(f[2], k, s, p) * OutSize(f[3], k, s, p) * OutSize(f[4], k, s, p);
  return {f[0], f[1], f[5], std::max(f[9], 1.0), f[10], f[2] * f[3] * f[4], out, k * k * k};
}

}  // namespace

llvm::ArrayRef<KindInfo> AllKinds() {
  static const std::vector<KindInfo> kinds = BuildKinds();
  return kinds;
}

const KindInfo* FindKind(llvm::StringRef name) {
  for (const KindInfo& k : AllKinds())
    if (k.name == name) return &k;
  return nullptr;
}

double KindFlops(const KindInfo& kind, const double* f) {
  switch (kind.formula) {
    case Formula::Conv2d:
    case Formula::Conv3d: {
      ConvShape c = Conv(kind, f);
      return 2 * c.n * c.cout * c.out_spatial * (c.cin / c.groups) * c.kernel;
    }
    case Formula::Gemm: return 2 * f[0] * f[1] * f[2];
    case Formula::BnFwd: return 5 * f[0] * f[1] * f[2];
    case Formula::BnBwd: return 8 * f[0] * f[1] * f[2];
    case Formula::Pool: return f[0] * f[1] * f[2] * f[3];
    case Formula::Eltwise: return f[0] * f[1];
  }
  return 0;
}

double KindBytes(const KindInfo& kind, const double* f) {
  switch (kind.formula) {
    case Formula::Conv2d:
    case Formula::Conv3d: {
      ConvShape c = Conv(kind, f);
      return c.dtype * (c.n * c.cin * c.in_spatial + c.cout * (c.cin / c.groups) * c.kernel +
                        c.n * c.cout * c.out_spatial);
    }
    case Formula::Gemm: return f[3] * (f[0] * f[1] + f[1] * f[2] + f[0] * f[2]);
    case Formula::BnFwd: return f[3] * 2 * f[0] * f[1] * f[2];
    case Formula::BnBwd: return f[3] * 3 * f[0] * f[1] * f[2];
    case Formula::Pool: {
      // n c h w k s p max dtype
      double oh = OutSize(f[2], f[4], f[5], f[6]), ow = OutSize(f[3], f[4], f[5], f[6]);
      return f[8] * (f[0] * f[1] * f[2] * f[3] + f[0] * f[1] * oh * ow);
    }
    case Formula::Eltwise: return f[3] * f[0] * f[1] * (f[2] + 1);
  }
  return 0;
}

}  // namespace rl::kernels

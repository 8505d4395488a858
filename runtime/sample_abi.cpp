// The random draws of `eval --samples` (docs/uncertainty.md), which the interpreter,
// constant folding and JIT code all call (runtime/abi.h), so every backend draws the same
// bits. A draw is a pure function of (sample, seed, stream): counter-based, so samples
// can be evaluated in any order, on any thread or MPI rank, and a run is reproduced by its
// seed.
#include <cmath>
#include <cstdint>

#include "runtime/abi.h"

namespace {

// SplitMix64's finaliser (Steele, Lea and Flood 2014): a bijection of 64-bit words whose
// outputs pass BigCrush for consecutive inputs.
uint64_t Mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// A non-negative whole double as a word; anything else (negative, NaN, past 2^63) as 0.
uint64_t Word(double v) { return v >= 0 && v < 9.2e18 ? static_cast<uint64_t>(v) : 0; }

}  // namespace

extern "C" double rl_uniform(double sample, double seed, double stream) {
  const uint64_t key = Mix(Mix(Word(seed)) ^ (Word(stream) * 0xd1b54a32d192ed03ull));
  // 53 random bits, centred in their interval: strictly inside (0, 1), so every quantile
  // function below is finite.
  return (static_cast<double>(Mix(key ^ Word(sample)) >> 11) + 0.5) * 0x1.0p-53;
}

extern "C" double rl_probit(double p) {
  // Acklam's rational approximation (relative error 1.15e-9), then one Halley step on
  // erfc, which brings it to about machine precision.
  static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                             1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
  static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                             6.680131188771972e+01,  -1.328068155288572e+01};
  static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                             -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
  static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                             3.754408661907416e+00};
  if (!(p > 0 && p < 1)) return p == 0 ? -INFINITY : p == 1 ? INFINITY : NAN;
  const double lo = 0.02425;
  double x;
  if (p < lo) {
    double q = std::sqrt(-2 * std::log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else if (p <= 1 - lo) {
    double q = p - 0.5, r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  } else {
    double q = std::sqrt(-2 * std::log(1 - p));
    x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  const double e = 0.5 * std::erfc(-x / std::sqrt(2.0)) - p;
  const double u = e * std::sqrt(2 * M_PI) * std::exp(x * x / 2);
  return x - u / (1 + x * u / 2);
}

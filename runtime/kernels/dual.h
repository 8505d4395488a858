// Internal to rl_kernel_abi: a dual number (a value and one tangent) and the scalar
// functions the feature-side code of kinds.cpp and mlp.cpp is written against, so that
// one templated source computes a prediction (T = double) and its forward-mode
// derivative (T = Dual, Model::PredictJvp).
//
// Not Eigen's AutoDiffScalar: its operators return expression types, so the templated
// code's `T x = a * b` and std::min/std::max/std::clamp (which need both arguments of one
// type) would need casts everywhere, and it has no log1p, floor, ceil or fmod. Here every
// operation returns a Dual and computes its value with exactly the double operation the
// T = double code performs, so the value of a Dual computation equals the double one to
// the bit (the tests assert it).
//
// Comparisons look at values only: at a kink (a clamp, a max, a floor) the derivative is
// that of the branch the value computation takes.
#pragma once
#include <cmath>

namespace rl::kernels {

struct Dual {
  double v = 0;  // the value
  double d = 0;  // its derivative along the tangent
  Dual() = default;
  // Explicit, so that templated code says T(c) where a constant enters a computation and
  // no double turns into a Dual (with tangent 0) by accident.
  explicit Dual(double value, double tangent = 0) : v(value), d(tangent) {}
};

inline Dual operator-(Dual a) { return Dual(-a.v, -a.d); }
inline Dual operator+(Dual a, Dual b) { return Dual(a.v + b.v, a.d + b.d); }
inline Dual operator-(Dual a, Dual b) { return Dual(a.v - b.v, a.d - b.d); }
inline Dual operator*(Dual a, Dual b) { return Dual(a.v * b.v, a.d * b.v + a.v * b.d); }
// (a' - q·b') / b rather than (a'·b - a·b') / b², which overflows for b beyond 1e154.
inline Dual operator/(Dual a, Dual b) {
  double q = a.v / b.v;
  return Dual(q, (a.d - q * b.d) / b.v);
}
// With a constant: the same value operation, and no product of the constant's zero
// tangent (which would turn an infinite value into a NaN tangent).
inline Dual operator+(Dual a, double c) { return Dual(a.v + c, a.d); }
inline Dual operator+(double c, Dual a) { return Dual(c + a.v, a.d); }
inline Dual operator-(Dual a, double c) { return Dual(a.v - c, a.d); }
inline Dual operator-(double c, Dual a) { return Dual(c - a.v, -a.d); }
inline Dual operator*(Dual a, double c) { return Dual(a.v * c, a.d * c); }
inline Dual operator*(double c, Dual a) { return Dual(c * a.v, c * a.d); }
inline Dual operator/(Dual a, double c) { return Dual(a.v / c, a.d / c); }
inline Dual operator/(double c, Dual a) {
  double q = c / a.v;
  return Dual(q, -q * a.d / a.v);
}

#define RL_DUAL_COMPARE(op)                                                   \
  inline bool operator op(Dual a, Dual b) { return a.v op b.v; }              \
  inline bool operator op(Dual a, double c) { return a.v op c; }              \
  inline bool operator op(double c, Dual a) { return c op a.v; }
RL_DUAL_COMPARE(<)
RL_DUAL_COMPARE(>)
RL_DUAL_COMPARE(<=)
RL_DUAL_COMPARE(>=)
RL_DUAL_COMPARE(==)
RL_DUAL_COMPARE(!=)
#undef RL_DUAL_COMPARE

// The functions templated code calls, for both scalar types: the double ones are the
// <cmath> calls the code made before it was templated, so T = double compiles to the same.
inline double Log1p(double x) { return std::log1p(x); }
inline double Exp(double x) { return std::exp(x); }
inline double Floor(double x) { return std::floor(x); }
inline double Ceil(double x) { return std::ceil(x); }
inline double Fmod(double a, double b) { return std::fmod(a, b); }
inline double Value(double x) { return x; }

inline Dual Log1p(Dual x) { return Dual(std::log1p(x.v), x.d / (1 + x.v)); }
inline Dual Exp(Dual x) {
  double e = std::exp(x.v);
  return Dual(e, e * x.d);
}
// Piecewise constant: derivative 0 (between the integers, and by convention on them).
inline Dual Floor(Dual x) { return Dual(std::floor(x.v)); }
inline Dual Ceil(Dual x) { return Dual(std::ceil(x.v)); }
// a - trunc(a / b) · b, the quotient held constant.
inline Dual Fmod(Dual a, Dual b) { return Dual(std::fmod(a.v, b.v), a.d - std::trunc(a.v / b.v) * b.d); }
inline double Value(Dual x) { return x.v; }

}  // namespace rl::kernels

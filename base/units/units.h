// Physical dimensions and units (used by the parser's literal builder, the checker and
// the driver). A quantity is a double in SI base units (s, B, FLOP); a Unit says how to
// convert a number written in it: value_SI = x * factor * 10^exp10. Keeping the decimal
// exponent apart from the binary factor makes `16 GiB / 12.5 GB/s` exact to the last digit.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rl::units {

enum class BaseDim : uint8_t {
#define RL_DIM(name, symbol) name,
#include "base/units/dims.def"
};
inline constexpr int kNumBaseDims = 0
#define RL_DIM(name, symbol) +1
#include "base/units/dims.def"
    ;

// The largest |exponent| of a base dimension in any unit, and the largest |n| in a unit
// written `word^n`. Exponents are int8_t; every operation that could leave the range is
// checked first (ProductFits, PowFits) and refused with [unit_out_of_range], so none wraps.
inline constexpr int kMaxDimExp = 32;
inline constexpr int kMaxUnitPower = 8;

struct Dim {
  std::array<int8_t, kNumBaseDims> exp{};

  static Dim Of(BaseDim d, int power = 1) {
    Dim r;
    r.exp[static_cast<int>(d)] = static_cast<int8_t>(power);
    return r;
  }
  bool IsNone() const {
    for (int8_t e : exp)
      if (e != 0) return false;
    return true;
  }
  friend bool operator==(const Dim&, const Dim&) = default;
  Dim operator*(const Dim& o) const;
  Dim operator/(const Dim& o) const;
  Dim Pow(int n) const;
  // Whether this · o^sign (sign ±1) and this^n keep every exponent within ±kMaxDimExp.
  bool ProductFits(const Dim& o, int sign) const;
  bool PowFits(int n) const;
  // Halves every exponent; nullopt when one is odd (sqrt of `s`).
  std::optional<Dim> Sqrt() const;
  // Canonical spelling: "B/s", "FLOP/B", "1/s", "s^2"; "1" when dimensionless.
  std::string Str() const;
};

struct Unit {
  Dim dim;
  int exp10 = 0;
  double factor = 1.0;
  std::string name;  // as written ("GB/s"); canonical when built from a Dim

  Unit operator*(const Unit& o) const;
  Unit operator/(const Unit& o) const;
  Unit Pow(int n) const;
  static Unit Canonical(const Dim& d);
};

// One unit word such as `GB`, `us`, `µs`, `Gbit`, `Hz`, `min`; nullopt if unknown.
std::optional<Unit> LookupWord(std::string_view word);
// A hint for a word that is not a unit but looks like one (`Gb`, `sec`, `Gbps`), else the
// unit words closest to it ("did you mean `MHz`?"), or "".
std::string HintFor(std::string_view word);
// Parses a unit string as written on the command line: `ms`, `GB/s`, `1/s`, `FLOP/B`,
// `s^2`. Returns nullopt and sets `bad_word` to the offending word when unknown.
std::optional<Unit> ParseUnitString(std::string_view text, std::string* bad_word);

// The n of a unit power `word^n` from its digits (no sign); nullopt when it is not a
// number or exceeds kMaxUnitPower.
std::optional<int> ParseUnitPower(std::string_view digits);

// Number text (digits, optional fraction/exponent, `_` separators) in unit `u` to SI,
// scaling the decimal exponent exactly before rounding once.
double LiteralToSI(std::string_view text, const Unit& u);
// SI value to a number in unit `u`, shifting decimal exponents exactly.
double FromSI(double si, const Unit& u);
// Shortest round-trip text of a double ("1.37438953472", "25000000000", "inf").
std::string FormatNumber(double v);
// The same text written at `out`, which has room for kMaxNumberChars; returns its end
// (the sinks append cells to a row without a string each).
constexpr size_t kMaxNumberChars = 32;
char* FormatNumberTo(char* out, double v);

}  // namespace rl::units

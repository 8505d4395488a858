// Unit words, dimension algebra and exact decimal conversion (see units.h).
#include "base/units/units.h"

#include "base/suggest.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <fmt/format.h>
#include <string>
#include <vector>

namespace rl::units {
namespace {

const char* const kSymbols[] = {
#define RL_DIM(name, symbol) symbol,
#include "base/units/dims.def"
};

struct Prefix {
  std::string_view text;
  int exp10;
  double factor;
};
// Decimal prefixes, larger than one (on every base unit).
constexpr Prefix kBigPrefixes[] = {{"k", 3, 1}, {"M", 6, 1},  {"G", 9, 1},
                                   {"T", 12, 1}, {"P", 15, 1}, {"E", 18, 1}};
// Sub-unit prefixes: only on seconds (`ms`, `us`, `µs`, `ns`, `ps`).
constexpr Prefix kSmallPrefixes[] = {{"m", -3, 1}, {"u", -6, 1}, {"\u00B5", -6, 1},
                                     {"\u03BC", -6, 1}, {"n", -9, 1}, {"p", -12, 1}};
// Binary prefixes: only on bytes and bits.
constexpr Prefix kBinaryPrefixes[] = {{"Ki", 0, 1024.0},
                                      {"Mi", 0, 1048576.0},
                                      {"Gi", 0, 1073741824.0},
                                      {"Ti", 0, 1099511627776.0},
                                      {"Pi", 0, 1125899906842624.0},
                                      {"Ei", 0, 1152921504606846976.0}};

struct Base {
  std::string_view text;
  Dim dim;
  double factor;
  bool binary_ok;
  bool small_ok;
};

std::vector<Base> Bases() {
  Dim time = Dim::Of(BaseDim::Time), data = Dim::Of(BaseDim::Data), energy = Dim::Of(BaseDim::Energy);
  return {{"s", time, 1, false, true},
          {"J", energy, 1, false, false},
          {"W", energy / time, 1, false, false},
          {"Wh", energy, 3600, false, false},
          {"USD", Dim::Of(BaseDim::Money), 1, false, false},
          {"B", data, 1, true, false},
          {"bit", data, 0.125, true, false},
          {"FLOP", Dim::Of(BaseDim::Work), 1, false, false},
          {"Hz", Dim::Of(BaseDim::Time, -1), 1, false, false}};
}

}  // namespace

Dim Dim::operator*(const Dim& o) const {
  Dim r;
  for (int i = 0; i < kNumBaseDims; ++i) r.exp[i] = static_cast<int8_t>(exp[i] + o.exp[i]);
  return r;
}
Dim Dim::operator/(const Dim& o) const {
  Dim r;
  for (int i = 0; i < kNumBaseDims; ++i) r.exp[i] = static_cast<int8_t>(exp[i] - o.exp[i]);
  return r;
}
Dim Dim::Pow(int n) const {
  Dim r;
  for (int i = 0; i < kNumBaseDims; ++i) r.exp[i] = static_cast<int8_t>(exp[i] * n);
  return r;
}
bool Dim::ProductFits(const Dim& o, int sign) const {
  for (int i = 0; i < kNumBaseDims; ++i)
    if (std::abs(int(exp[i]) + sign * int(o.exp[i])) > kMaxDimExp) return false;
  return true;
}
bool Dim::PowFits(int n) const {
  for (int i = 0; i < kNumBaseDims; ++i)
    if (std::abs(int64_t(exp[i]) * n) > kMaxDimExp) return false;
  return true;
}
std::optional<int> ParseUnitPower(std::string_view digits) {
  if (digits.empty() || digits.size() > 3) return std::nullopt;
  int v = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  if (v > kMaxUnitPower) return std::nullopt;
  return v;
}
std::optional<Dim> Dim::Sqrt() const {
  Dim r;
  for (int i = 0; i < kNumBaseDims; ++i) {
    if (exp[i] % 2 != 0) return std::nullopt;
    r.exp[i] = static_cast<int8_t>(exp[i] / 2);
  }
  return r;
}

std::string Dim::Str() const {
  // Power reads as watts, not `J/s`.
  if (*this == Dim::Of(BaseDim::Energy) / Dim::Of(BaseDim::Time)) return "W";
  std::string num, den;
  for (int i = 0; i < kNumBaseDims; ++i) {
    int e = exp[i];
    if (e == 0) continue;
    std::string& part = e > 0 ? num : den;
    if (!part.empty()) part += "*";
    part += kSymbols[i];
    if (std::abs(e) != 1) part += "^" + std::to_string(std::abs(e));
  }
  if (num.empty() && den.empty()) return "1";
  if (num.empty()) num = "1";
  return den.empty() ? num : num + "/" + den;
}

Unit Unit::operator*(const Unit& o) const {
  return {dim * o.dim, exp10 + o.exp10, factor * o.factor, name + "*" + o.name};
}
Unit Unit::operator/(const Unit& o) const {
  return {dim / o.dim, exp10 - o.exp10, factor / o.factor, name + "/" + o.name};
}
Unit Unit::Pow(int n) const {
  return {dim.Pow(n), exp10 * n, std::pow(factor, n), name + "^" + std::to_string(n)};
}
Unit Unit::Canonical(const Dim& d) { return {d, 0, 1.0, d.Str()}; }

std::optional<Unit> LookupWord(std::string_view w) {
  if (w == "min") return Unit{Dim::Of(BaseDim::Time), 0, 60.0, "min"};
  if (w == "h") return Unit{Dim::Of(BaseDim::Time), 0, 3600.0, "h"};
  for (const Base& b : Bases()) {
    if (w.size() < b.text.size() || w.substr(w.size() - b.text.size()) != b.text) continue;
    std::string_view pre = w.substr(0, w.size() - b.text.size());
    std::string name(w);
    if (pre.empty()) return Unit{b.dim, 0, b.factor, name};
    for (const Prefix& p : kBigPrefixes)
      if (pre == p.text) return Unit{b.dim, p.exp10, b.factor, name};
    if (b.small_ok)
      for (const Prefix& p : kSmallPrefixes)
        if (pre == p.text) return Unit{b.dim, p.exp10, b.factor, name};
    if (b.binary_ok)
      for (const Prefix& p : kBinaryPrefixes)
        if (pre == p.text) return Unit{b.dim, 0, b.factor * p.factor, name};
  }
  return std::nullopt;
}

// Every unit word: each base with each prefix it takes, `min` and `h`.
static const std::vector<std::string>& AllWords() {
  static const std::vector<std::string> words = [] {
    std::vector<std::string> out = {"min", "h"};
    for (const Base& b : Bases()) {
      out.emplace_back(b.text);
      for (const Prefix& p : kBigPrefixes) out.push_back(std::string(p.text) + std::string(b.text));
      if (b.small_ok)
        for (const Prefix& p : kSmallPrefixes) out.push_back(std::string(p.text) + std::string(b.text));
      if (b.binary_ok)
        for (const Prefix& p : kBinaryPrefixes) out.push_back(std::string(p.text) + std::string(b.text));
    }
    return out;
  }();
  return words;
}

// A known prefix on a unit that does not take it (`kh`, `mB`, `KiFLOP`): which prefixes go
// where, rather than the spellings closest to it. "" for any other word.
static std::string PrefixNotTaken(std::string_view w) {
  auto split = [&](const auto& prefixes) -> std::pair<std::string_view, std::string_view> {
    for (const Prefix& p : prefixes)
      if (w.size() > p.text.size() && w.substr(0, p.text.size()) == p.text) return {p.text, w.substr(p.text.size())};
    return {};
  };
  auto is_base = [](std::string_view rest) {
    for (const Base& b : Bases())
      if (rest == b.text) return true;
    return rest == "h" || rest == "min";
  };
  if (auto [pre, rest] = split(kBinaryPrefixes); is_base(rest))
    return fmt::format("`{}` takes no prefix `{}`: binary prefixes go on `B` and `bit` only", rest, pre);
  if (auto [pre, rest] = split(kBigPrefixes); is_base(rest)) {  // only `h` and `min` refuse them
    int exp10 = 0;
    for (const Prefix& p : kBigPrefixes)
      if (p.text == pre) exp10 = p.exp10;
    return fmt::format("`{}` takes no prefix: write `1e{} {}` for 1 {}", rest, exp10, rest, w);
  }
  if (auto [pre, rest] = split(kSmallPrefixes); is_base(rest))
    return fmt::format("`{}` takes no prefix `{}`: m, u, n and p go on `s` only", rest, pre);
  return "";
}

std::string HintFor(std::string_view w) {
  auto ends = [&](std::string_view tail) {
    return w.size() >= tail.size() && w.substr(w.size() - tail.size()) == tail;
  };
  auto head = [&](size_t tail) { return std::string(w.substr(0, w.size() - tail)); };
  if (w.size() >= 2 && w.back() == 'b' && LookupWord(std::string(w.substr(0, w.size() - 1)) + "B"))
    return fmt::format("write `{0}bit` for bits or `{0}B` for bytes", w.substr(0, w.size() - 1));
  if (w == "b") return "write `bit` for bits or `B` for bytes";
  // Rates written the networking way: `Gbps`, `GBps`, `TFLOPS`.
  if (ends("bps") && LookupWord(head(3) + "bit")) return fmt::format("write `{}bit/s`", head(3));
  if (ends("Bps") && LookupWord(head(3) + "B")) return fmt::format("write `{}B/s`", head(3));
  if (ends("FLOPS") && LookupWord(head(5) + "FLOP")) return fmt::format("write `{}FLOP/s` for a rate", head(5));
  if (w == "sec" || w == "secs") return "write `s`";
  if ((ends("sec") || ends("secs")) && LookupWord(head(ends("sec") ? 3 : 4) + "s"))
    return fmt::format("write `{}s`", head(ends("sec") ? 3 : 4));
  if (w == "flop" || w == "FLOPs" || w == "flops") return "write `FLOP` (and `FLOP/s` for a rate)";
  if (w == "MS" || w == "Ms") return "write `ms` for milliseconds";
  if (w.size() >= 2 && w[0] == 'K' && LookupWord("k" + std::string(w.substr(1))))
    return fmt::format("write `k{0}` for 1000 {0} or `Ki{0}` for 1024", w.substr(1));
  if (w == "byte" || w == "bytes") return "write `B`";
  if (w == "bits") return "write `bit`";
  if (w == "hr" || w == "hrs" || w == "hour" || w == "hours") return "write `h`";
  if (w == "mins" || w == "minute" || w == "minutes") return "write `min`";
  if (std::string why = PrefixNotTaken(w); !why.empty()) return why;
  std::vector<std::string> close = ClosestNames(w, AllWords());
  return close.empty() ? "" : "did you mean " + QuotedAlternatives(close) + "?";
}

std::optional<Unit> ParseUnitString(std::string_view text, std::string* bad_word) {
  std::optional<Unit> acc;
  char op = '*';
  size_t i = 0;
  auto fail = [&](std::string_view w) {
    if (bad_word) *bad_word = std::string(w);
    return std::nullopt;
  };
  while (i <= text.size()) {
    size_t j = text.find_first_of("*/", i);
    if (j == std::string_view::npos) j = text.size();
    std::string_view tok = text.substr(i, j - i);
    while (!tok.empty() && tok.front() == ' ') tok.remove_prefix(1);
    while (!tok.empty() && tok.back() == ' ') tok.remove_suffix(1);
    int power = 1;
    if (size_t caret = tok.find('^'); caret != std::string_view::npos) {
      std::string_view p = tok.substr(caret + 1);
      bool neg = !p.empty() && p.front() == '-';
      std::optional<int> v = ParseUnitPower(neg ? p.substr(1) : p);
      if (!v) return fail(tok);
      power = neg ? -*v : *v;
      tok = tok.substr(0, caret);
    }
    std::optional<Unit> u;
    if (tok == "1") u = Unit{Dim{}, 0, 1.0, "1"};
    else u = LookupWord(tok);
    if (!u) return fail(tok);
    if (power != 1) u = u->Pow(power);
    if (acc && !acc->dim.ProductFits(u->dim, op == '*' ? 1 : -1)) return fail(text);
    if (!acc) acc = *u;
    else acc = op == '*' ? *acc * *u : *acc / *u;
    if (j >= text.size()) break;
    op = text[j];
    i = j + 1;
  }
  if (!acc) return fail(text);
  acc->name = std::string(text);
  return acc;
}

double LiteralToSI(std::string_view text, const Unit& u) {
  std::string digits;
  for (char c : text)
    if (c != '_') digits += c;
  // Fold the unit's decimal exponent into the literal's so strtod rounds only once.
  int extra = 0;
  if (size_t e = digits.find_first_of("eE"); e != std::string::npos) {
    // Clamped: any exponent beyond ±100000 is past a double's range either way, and the
    // clamp keeps the sum below from overflowing an int.
    long x = std::strtol(digits.c_str() + e + 1, nullptr, 10);
    extra = static_cast<int>(std::clamp(x, -100000L, 100000L));
    digits.resize(e);
  }
  digits += "e" + std::to_string(extra + u.exp10);
  return std::strtod(digits.c_str(), nullptr) * u.factor;
}

double FromSI(double si, const Unit& u) {
  double v = si / u.factor;
  if (u.exp10 == 0 || !std::isfinite(v) || v == 0) return v;
  // Shift the shortest decimal text of v by the unit's exponent, then round once. In a
  // buffer on the stack and read back with from_chars (correctly rounded, as strtod):
  // sinks convert every cell, and the Python package whole columns.
  char buf[64];
  char* end = FormatNumberTo(buf, v);  // v is finite and not 0: its shortest round-trip digits
  int exp = -u.exp10;
  char* e = std::find_if(buf, end, [](char c) { return c == 'e' || c == 'E'; });
  if (e != end) {
    const char* digits = e + 1 + (e[1] == '+');
    int shift = 0;
    std::from_chars(digits, end, shift);
    exp += shift;
  }
  end = fmt::format_to(e, "e{}", exp);
  double out = 0;
  if (std::from_chars(buf, end, out).ec == std::errc()) return out;
  *end = '\0';  // out of range: strtod's infinity or zero
  return std::strtod(buf, nullptr);
}

}  // namespace rl::units

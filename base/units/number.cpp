// The shortest round-trip text of a double (units.h). Every number cell of the CSV and
// JSON sinks, and every conversion out of SI to a unit with a decimal exponent, formats
// one: into a buffer on the stack, with the format compiled (FMT_COMPILE: parsed once at
// build time, not per call). A file of its own: inlined into units.cpp, it sets off
// GCC 12's -Wrestrict false positives (bug 105329) in unrelated string code there.
#include <fmt/compile.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

#include "base/units/units.h"

namespace rl::units {

char* FormatNumberTo(char* out, double v) {
  auto put = [&](std::string_view text) { return std::copy(text.begin(), text.end(), out); };
  if (std::isnan(v)) return put("nan");
  if (std::isinf(v)) return put(v > 0 ? "inf" : "-inf");
  if (v == 0) return put("0");
  return fmt::format_to(out, FMT_COMPILE("{}"), v);  // at most 24 chars
}

std::string FormatNumber(double v) {
  char buf[kMaxNumberChars];
  return std::string(buf, FormatNumberTo(buf, v));
}

}  // namespace rl::units

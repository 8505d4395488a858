// The bounded JSON reader (json.h).
#include "base/json/json.h"

#include <fmt/format.h>

namespace rl::json {
namespace {

llvm::Error Refuse(const std::string& why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s", why.c_str());
}

}  // namespace

llvm::Expected<llvm::json::Value> Parse(llvm::StringRef text, const Bounds& bounds) {
  if (text.size() > bounds.bytes)
    return Refuse(fmt::format("it holds {} MiB; JSON inputs are read up to {} MiB", text.size() >> 20, bounds.bytes >> 20));
  // Outside strings, each `[`, `{` and `,` starts a value; bracket depth is the nesting.
  size_t depth = 0, line = 1;
  uint64_t values = 1, objects = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') ++line;
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    switch (c) {
      case '"': in_string = true; break;
      case '{':
        if (++objects > bounds.objects)
          return Refuse(fmt::format("line {}: more than {} objects", line, bounds.objects));
        [[fallthrough]];
      case '[':
        if (++depth > bounds.depth)
          return Refuse(fmt::format("line {}: nested deeper than {} levels", line, bounds.depth));
        ++values;
        break;
      case ']':
      case '}':
        if (depth > 0) --depth;
        break;
      case ',':
        if (++values > bounds.values)
          return Refuse(fmt::format("line {}: more than {} values", line, bounds.values));
        break;
      default: break;
    }
  }
  return llvm::json::parse(text);
}

}  // namespace rl::json

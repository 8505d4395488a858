// The CSV reader (csv.h).
#include "base/csv/csv.h"

#include <fmt/format.h>

namespace rl::csv {
namespace {

bool IsBlank(const Record& r) { return r.fields.size() == 1 && llvm::StringRef(r.fields[0]).trim().empty(); }

}  // namespace

llvm::Expected<Document> Parse(llvm::StringRef text, const Options& options) {
  Document doc;
  size_t pos = 0, line = 1;
  uint64_t fields = 0;
  auto refuse = [&](size_t at, const std::string& why) {
    std::string where = options.source.empty() ? fmt::format("line {}", at) : fmt::format("{}:{}", options.source, at);
    // Not the system's error code: the driver takes one of those for a file that cannot be read.
    return llvm::createStringError(llvm::inconvertibleErrorCode(), where + ": " + why);
  };
  if (text.size() > options.max_bytes)
    return refuse(1, fmt::format("it holds {} MiB; CSV inputs are read up to {} MiB", text.size() >> 20, options.max_bytes >> 20));
  while (pos < text.size()) {
    if (options.comments) {
      size_t first = text.find_first_not_of(" \t", pos);
      if (first != llvm::StringRef::npos && text[first] == '#') {
        size_t end = text.find('\n', first);
        llvm::StringRef body = text.slice(first + 1, end == llvm::StringRef::npos ? text.size() : end).rtrim("\r");
        doc.comments.emplace_back(line, body.str());
        pos = end == llvm::StringRef::npos ? text.size() : end + 1;
        ++line;
        continue;
      }
    }
    Record rec;
    rec.line = line;
    rec.fields.emplace_back();
    bool quoted = false, ended = false;
    for (; pos < text.size() && !ended; ++pos) {
      char c = text[pos];
      if (quoted) {
        if (c == '\n') ++line;
        if (c != '"') rec.fields.back() += c;
        else if (pos + 1 < text.size() && text[pos + 1] == '"') rec.fields.back() += '"', ++pos;
        else quoted = false;
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        // The bound holds within a record too: checked only at its end, one line of
        // kMaxBytes of commas would take 17 GB of empty fields before it was refused.
        if (fields + rec.fields.size() >= options.max_fields)
          return refuse(rec.line, fmt::format("more than {} fields", options.max_fields));
        rec.fields.emplace_back();
      } else if (c == '\n' || c == '\r') {
        if (c == '\r' && pos + 1 < text.size() && text[pos + 1] == '\n') ++pos;
        ended = true;
        ++line;
      } else {
        rec.fields.back() += c;
      }
    }
    if (quoted) return refuse(rec.line, "a quoted field does not end");
    if ((fields += rec.fields.size()) > options.max_fields)
      return refuse(rec.line, fmt::format("more than {} fields", options.max_fields));
    if (!IsBlank(rec)) doc.records.push_back(std::move(rec));
  }
  return doc;
}

std::optional<size_t> Find(const Record& header, llvm::StringRef name) {
  for (size_t i = 0; i < header.fields.size(); ++i)
    if (llvm::StringRef(header.fields[i]).trim() == name) return i;
  return std::nullopt;
}

}  // namespace rl::csv

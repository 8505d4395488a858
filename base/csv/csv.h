// Reading CSV: the one reader behind `ringline plot` (results that sweep, advise and
// stats write), `calibrate` (collective measurements) and kernel profiles. RFC 4180
// records: fields split at commas, quoted fields with `""` escapes and line breaks
// inside, LF or CRLF line ends; blank lines are skipped. With `comments`, a line whose
// first character (after spaces) is `#` is a comment, kept with its line number
// (profiles carry `# key: value` device lines). runtime/sinks.cpp writes what this reads.
#pragma once
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/Error.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rl::csv {

struct Record {
  size_t line = 0;  // 1-based line where the record starts
  std::vector<std::string> fields;
};

struct Document {
  std::vector<Record> records;                          // the header first, when there is one
  std::vector<std::pair<size_t, std::string>> comments;  // line, text after `#`
};

// The bounds of what a CSV input may cost: results of big sweeps are hundreds of MB;
// a field takes 32 bytes and more in memory, so 2^26 fields are a few GB at worst.
constexpr uint64_t kMaxBytes = uint64_t{512} << 20;
constexpr uint64_t kMaxFields = uint64_t{1} << 26;

struct Options {
  bool comments = false;
  std::string source;  // errors read `source:line: ...`; without one, `line N: ...`
  uint64_t max_bytes = kMaxBytes;
  uint64_t max_fields = kMaxFields;
};

// The records of `text`; the error names the line of a quoted field that does not end,
// or the bound (kMaxBytes, kMaxFields) the text passes.
llvm::Expected<Document> Parse(llvm::StringRef text, const Options& options = {});

// The index of the field `name` (compared after trimming spaces) in `header`.
std::optional<size_t> Find(const Record& header, llvm::StringRef name);

}  // namespace rl::csv

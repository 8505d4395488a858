// Fuzz target: the CSV reader (base/csv) as its callers use it, without comments (results
// for `ringline plot`) and with them (calibrate's measurements, kernel profiles), and at
// small bounds so that their errors are reached too; then plot's readers of results
// (compiler/chart/results.h), CSV and JSON, on the same bytes. Any input must give records
// or an error; a crash, a leak or a sanitizer report is a bug.
#include "base/csv/csv.h"
#include "compiler/chart/results.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace {

template <typename T>
void Drop(llvm::Expected<T> result) {
  if (!result) llvm::consumeError(result.takeError());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  llvm::Expected<rl::csv::Document> doc = rl::csv::Parse(text);
  if (doc && !doc->records.empty()) (void)rl::csv::Find(doc->records[0], "name");
  Drop(std::move(doc));
  Drop(rl::csv::Parse(text, {.comments = true, .source = "input.csv"}));
  Drop(rl::csv::Parse(text, {.comments = true, .source = "", .max_bytes = 4096, .max_fields = 64}));
  Drop(rl::chart::ParseResultCsv(text));
  Drop(rl::chart::ParseResultJson(text));
  return 0;
}

// Results for charts (see results.h): rows from a sink, CSV through base/csv and JSON
// through llvm::json.
#include "compiler/chart/results.h"
#include "base/json/json.h"

#include <fmt/format.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/JSON.h>

#include <cmath>
#include <limits>

#include "base/csv/csv.h"
#include "compiler/diag/diag.h"
#include "runtime/files.h"

namespace rl::chart {

const ResultColumn* ResultTable::Find(const std::string& name) const {
  for (const ResultColumn& c : columns)
    if (c.name == name) return &c;
  return nullptr;
}

std::vector<std::string> ResultTable::Names() const {
  std::vector<std::string> out;
  for (const ResultColumn& c : columns) out.push_back(c.name);
  return out;
}

std::optional<double> CellNumber(llvm::StringRef cell) {
  if (cell == "true") return 1.0;
  if (cell == "false") return 0.0;
  double v;
  if (cell.empty() || cell.trim().getAsDouble(v)) return std::nullopt;
  return v;
}

namespace {

// A result whose contents are wrong.
llvm::Error Bad(const std::string& msg) { return diag::MakeError(diag::Kind::bad_data, msg); }

// `iter_time[ms]` to name `iter_time`, unit `ms`.
ResultColumn FromHeader(llvm::StringRef h) {
  ResultColumn c;
  h = h.trim();
  size_t open = h.rfind('[');
  if (h.ends_with("]") && open != llvm::StringRef::npos && open > 0) {
    c.name = h.substr(0, open).rtrim().str();
    c.unit = h.substr(open + 1, h.size() - open - 2).trim().str();
  } else {
    c.name = h.str();
  }
  return c;
}

// Marks each column numeric when every cell is a number, and fills `number`.
void Classify(ResultTable& t) {
  for (ResultColumn& c : t.columns) {
    c.numeric = t.rows > 0;
    c.number.clear();
    for (const std::string& cell : c.text) {
      std::optional<double> v = CellNumber(cell);
      if (!v) {
        c.numeric = false;
        c.number.clear();
        break;
      }
      c.number.push_back(*v);
    }
  }
}

class Collector : public runtime::Sink {
 public:
  explicit Collector(ResultTable& t) : t_(t) {}
  void Begin(const std::string&, const std::vector<runtime::Column>& cols) override {
    cols_ = cols;
    t_ = {};
    for (const runtime::Column& c : cols) t_.columns.push_back({c.name, c.unit.name, {}, {}, false});
  }
  void Row(const double* v) override {
    for (size_t i = 0; i < cols_.size(); ++i) t_.columns[i].text.push_back(runtime::FormatCell(cols_[i], v[i]));
    ++t_.rows;
  }
  void End() override { Classify(t_); }

 private:
  ResultTable& t_;
  std::vector<runtime::Column> cols_;
};

}  // namespace

std::unique_ptr<runtime::Sink> CollectInto(ResultTable& table) { return std::make_unique<Collector>(table); }

llvm::Expected<ResultTable> ParseResultCsv(const std::string& text) {
  llvm::Expected<csv::Document> doc = csv::Parse(text);
  if (!doc) return Bad(llvm::toString(doc.takeError()));
  if (doc->records.empty()) return Bad("it is empty (no header line)");
  // A column costs about 120 bytes before its first cell: a header bounds them.
  if (doc->records[0].fields.size() > kMaxColumns)
    return Bad(fmt::format("its header names {} columns; a result has at most {}", doc->records[0].fields.size(),
                           kMaxColumns));
  ResultTable t;
  for (const std::string& h : doc->records[0].fields) t.columns.push_back(FromHeader(h));
  for (size_t r = 1; r < doc->records.size(); ++r) {
    csv::Record& rec = doc->records[r];
    if (rec.fields.size() != t.columns.size())
      return Bad(fmt::format("line {} has {} field{} but the header names {} columns", rec.line, rec.fields.size(),
                             rec.fields.size() == 1 ? "" : "s", t.columns.size()));
    for (size_t i = 0; i < rec.fields.size(); ++i) t.columns[i].text.push_back(std::move(rec.fields[i]));
    ++t.rows;
  }
  Classify(t);
  return t;
}

llvm::Expected<ResultTable> ParseResultJson(const std::string& text) {
  llvm::Expected<llvm::json::Value> root = rl::json::Parse(text);
  if (!root) return Bad("not valid JSON: " + llvm::toString(root.takeError()));
  const llvm::json::Object* obj = root->getAsObject();
  const llvm::json::Array* cols = obj ? obj->getArray("columns") : nullptr;
  const llvm::json::Array* rows = obj ? obj->getArray("rows") : nullptr;
  if (!cols || !rows) return Bad("expected an object with `columns` and `rows` arrays (what `-o out.json` writes)");
  ResultTable t;
  for (const llvm::json::Value& c : *cols) {
    if (std::optional<llvm::StringRef> s = c.getAsString()) {
      t.columns.push_back(FromHeader(*s));
      continue;
    }
    const llvm::json::Object* co = c.getAsObject();
    std::optional<llvm::StringRef> name = co ? co->getString("name") : std::nullopt;
    if (!name) return Bad("a column is neither a name nor a {\"name\", \"unit\"} object");
    ResultColumn rc;
    rc.name = name->str();
    if (std::optional<llvm::StringRef> unit = co->getString("unit")) rc.unit = unit->str();
    t.columns.push_back(std::move(rc));
  }
  for (const llvm::json::Value& r : *rows) {
    const llvm::json::Array* cells = r.getAsArray();
    if (!cells || cells->size() != t.columns.size())
      return Bad(fmt::format("row {} is not an array of {} cells", t.rows + 1, t.columns.size()));
    for (size_t i = 0; i < cells->size(); ++i) {
      const llvm::json::Value& v = (*cells)[i];
      std::string cell;
      if (std::optional<llvm::StringRef> s = v.getAsString()) cell = s->str();
      else if (std::optional<bool> b = v.getAsBoolean()) cell = *b ? "true" : "false";
      else if (std::optional<int64_t> n = v.getAsInteger()) cell = std::to_string(*n);
      else if (std::optional<double> d = v.getAsNumber()) cell = fmt::format("{}", *d);
      else if (v.getAsNull()) cell = "nan";
      else return Bad(fmt::format("row {}, column `{}` is neither a number nor a string", t.rows + 1,
                                  t.columns[i].name));
      t.columns[i].text.push_back(std::move(cell));
    }
    ++t.rows;
  }
  Classify(t);
  return t;
}

llvm::Expected<ResultTable> ReadResultTable(const std::string& path) {
  llvm::StringRef p(path);
  const bool csv = p.ends_with_insensitive(".csv"), json = p.ends_with_insensitive(".json");
  auto file_error = [](const std::string& msg) { return diag::MakeError(diag::Kind::file_error, msg); };
  if (!csv && !json) return file_error("name a .csv or .json result (what `sweep -o` and `advise -o` write)");
  if (!llvm::sys::fs::exists(path)) return file_error("no such file");
  auto buf = ReadRegularFile(path, kMaxBundleBytes, /*text=*/true);
  if (!buf) return file_error(llvm::toString(buf.takeError()));
  std::string text = (*buf)->getBuffer().str();
  return csv ? ParseResultCsv(text) : ParseResultJson(text);
}

}  // namespace rl::chart

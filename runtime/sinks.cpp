// Table, CSV and JSON sinks (see sinks.h). CSV and JSON print the shortest text that reads
// back as the same double; the table rounds reals to 6 significant digits.
#include "runtime/sinks.h"

#include <fmt/format.h>
#include <llvm/Support/Unicode.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>

namespace rl::runtime {

std::string JsonString(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      out += fmt::format("\\u{:04x}", c);
      continue;
    }
    out += c;
  }
  return out + "\"";
}

namespace {

// Quoted when it must be, and when empty (`""` is an empty text, not a missing cell).
std::string CsvField(const std::string& s) {
  if (s.empty()) return "\"\"";
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// A table is read, not parsed: real numbers get `digits` significant digits (6:
// `26.1696`, `5.00856e+06`), so columns stay narrow and aligned. Ints stay exact, as in
// every format.
std::string TableCell(const Column& c, double si, unsigned digits) {
  if (!c.table_spec.empty() && (c.kind == Column::Kind::Real || c.kind == Column::Kind::Int)) {
    double v = units::FromSI(si, c.unit);
    if (v == 0) v = 0;
    return std::isfinite(v) ? fmt::format(fmt::runtime(c.table_spec), v) : units::FormatNumber(v);
  }
  if (c.kind != Column::Kind::Real || digits == 0) return FormatCell(c, si);
  double v = units::FromSI(si, c.unit);
  if (v == 0) v = 0;  // no `-0`
  return std::isfinite(v) ? fmt::format("{:.{}g}", v, std::min(digits, 17u)) : units::FormatNumber(v);
}

// How many columns `s` takes on a terminal: characters, not bytes (`t [µs]`, a label in
// another script), a wide character two, as the diagnostics' carets count.
size_t Width(const std::string& s) {
  int w = llvm::sys::unicode::columnWidthUTF8(s);
  return w < 0 ? s.size() : static_cast<size_t>(w);  // not UTF-8 or not printable: bytes
}

// `s` padded with spaces to `w` columns, on the left (right-aligned) or the right.
std::string Pad(const std::string& s, size_t w, bool left) {
  size_t n = Width(s);
  std::string fill(n < w ? w - n : 0, ' ');
  return left ? s + fill : fill + s;
}

// The streamed table (eval's name = value list, sweep's columns). A column is as wide as
// the widest of: 12 (a real's 6 significant digits, `-1.23457e+06`), its header, every
// label of a label column, the least width its Column asks (sweep: its param's values),
// and its cells in the first kHeld rows, which are held back until that many came (or
// End) so that a long value among them widens its column for every row. A later cell
// wider than its column pushes the next ones right only as far as it must, and the
// columns after it line up again: rows are not held any longer, since a sweep's output
// streams however many points it has.
class TableSink : public Sink {
 public:
  static constexpr size_t kHeld = 100;

  TableSink(std::ostream& out, bool single, unsigned digits) : out_(out), single_(single), digits_(digits) {}
  void Begin(const std::string& scenario, const std::vector<Column>& cols) override {
    cols_ = cols;
    if (single_) {
      out_ << "scenario " << scenario << "\n";
      for (const Column& c : cols_) name_width_ = std::max(name_width_, Width(c.name));
      return;
    }
    for (const Column& c : cols_) {
      heads_.push_back(c.unit.name.empty() ? c.name : c.name + " [" + c.unit.name + "]");
      size_t w = std::max<size_t>({Width(heads_.back()), 12, c.width});
      if (c.kind == Column::Kind::Label && c.labels)
        for (const std::string& l : *c.labels) w = std::max(w, Width(l));
      widths_.push_back(w);
    }
  }
  void Row(const double* v) override {
    if (single_) {
      for (size_t i = 0; i < cols_.size(); ++i) {
        std::string unit = cols_[i].unit.name.empty() ? "" : " " + cols_[i].unit.name;
        out_ << "  " << Pad(cols_[i].name, name_width_, true) << " = " << TableCell(cols_[i], v[i], digits_) << unit
             << "\n";
      }
      return;
    }
    cells_.resize(cols_.size());  // reused: a streamed row allocates nothing it keeps
    for (size_t i = 0; i < cols_.size(); ++i) cells_[i] = TableCell(cols_[i], v[i], digits_);
    if (started_) {
      Write(cells_);
      return;
    }
    for (size_t i = 0; i < cols_.size(); ++i) widths_[i] = std::max(widths_[i], Width(cells_[i]));
    held_.push_back(cells_);
    if (held_.size() == kHeld) Start();
  }
  void End() override {
    if (!single_ && !started_) Start();
    out_.flush();
  }

 private:
  // The header and the rows held so far; the widths are fixed from here on.
  void Start() {
    started_ = true;
    Write(heads_);
    for (const std::vector<std::string>& cells : held_) Write(cells);
    held_.clear();
    held_.shrink_to_fit();
  }
  // Each cell is right-aligned on its column's edge; one wider than its column takes the
  // room it needs and keeps two spaces before it.
  void Write(const std::vector<std::string>& cells) {
    std::string line;
    size_t edge = 0, used = 0;
    for (size_t i = 0; i < cols_.size(); ++i) {
      edge += (i ? 2 : 0) + widths_[i];
      size_t w = Width(cells[i]);
      size_t room = edge > used + w ? edge - used - w : 0;
      room = std::max<size_t>(room, i ? 2 : 0);
      line.append(room, ' ');
      line += cells[i];
      used += room + w;
    }
    out_ << line << "\n";
  }

  std::ostream& out_;
  bool single_;
  unsigned digits_;
  std::vector<Column> cols_;
  std::vector<std::string> heads_;
  std::vector<size_t> widths_;
  std::vector<std::vector<std::string>> held_;
  std::vector<std::string> cells_;
  bool started_ = false;
  size_t name_width_ = 0;
};

// A table held until End and fitted to its cells.
class FittedTableSink : public Sink {
 public:
  FittedTableSink(std::ostream& out, const SinkOptions& o) : out_(out), o_(o) {}
  void Begin(const std::string&, const std::vector<Column>& cols) override {
    cols_ = cols;
    std::vector<std::string> head;
    for (const Column& c : cols_) head.push_back(c.unit.name.empty() ? c.name : c.name + " [" + c.unit.name + "]");
    lines_ = {head};
  }
  void Row(const double* v) override {
    std::vector<std::string> line;
    for (size_t i = 0; i < cols_.size(); ++i) line.push_back(TableCell(cols_[i], v[i], o_.table_digits));
    lines_.push_back(std::move(line));
  }
  void End() override {
    std::vector<size_t> w;
    for (const Column& c : cols_) w.push_back(c.width);
    for (const auto& line : lines_)
      for (size_t i = 0; i < cols_.size(); ++i) w[i] = std::max(w[i], Width(line[i]));
    if (!o_.title.empty()) out_ << o_.title << "\n";
    for (const auto& line : lines_) {
      std::string text;
      for (size_t i = 0; i < cols_.size(); ++i) {
        const bool left = cols_[i].align == Column::Align::Left ||
                          (cols_[i].align == Column::Align::Auto && cols_[i].kind == Column::Kind::Label);
        text += (i ? "  " : "") + Pad(line[i], w[i], left);
      }
      text.erase(text.find_last_not_of(' ') + 1);
      out_ << text << "\n";
    }
    for (const std::string& f : o_.footer) out_ << f << "\n";
    out_.flush();
  }

 private:
  std::ostream& out_;
  SinkOptions o_;
  std::vector<Column> cols_;
  std::vector<std::vector<std::string>> lines_;
};

class CsvSink : public Sink {
 public:
  explicit CsvSink(std::ostream& out) : out_(out) {}
  void Begin(const std::string&, const std::vector<Column>& cols) override {
    cols_ = cols;
    for (size_t i = 0; i < cols.size(); ++i) {
      std::string h = cols[i].unit.name.empty() ? cols[i].name : cols[i].name + "[" + cols[i].unit.name + "]";
      out_ << (i ? "," : "") << CsvField(h);
    }
    out_ << "\n";
  }
  // The line is built in a buffer kept from row to row, each number written into it in
  // place: a row allocates nothing (a million-row sweep formats tens of millions of
  // cells) and reaches the stream in one write.
  void Row(const double* v) override {
    line_.clear();
    for (size_t i = 0; i < cols_.size(); ++i) {
      if (i) line_ += ',';
      if (cols_[i].kind == Column::Kind::Label) line_ += CsvField(FormatCell(cols_[i], v[i]));
      else AppendCell(line_, cols_[i], v[i]);
    }
    line_ += '\n';
    out_.write(line_.data(), static_cast<std::streamsize>(line_.size()));
  }
  void End() override { out_.flush(); }

 private:
  std::ostream& out_;
  std::vector<Column> cols_;
  std::string line_;
};

class JsonSink : public Sink {
 public:
  explicit JsonSink(std::ostream& out, SinkOptions o = {}) : out_(out), o_(std::move(o)) {}
  void Begin(const std::string& scenario, const std::vector<Column>& cols) override {
    cols_ = cols;
    out_ << "{";
    if (!scenario.empty()) out_ << "\"scenario\":" << JsonString(scenario) << ",";
    for (const auto& [key, value] : o_.json_head) out_ << JsonString(key) << ":" << value << ",";
    out_ << "\"columns\":[";
    for (size_t i = 0; i < cols.size(); ++i)
      out_ << (i ? "," : "") << "{\"name\":" << JsonString(cols[i].name) << ",\"unit\":" << JsonString(cols[i].unit.name)
           << "}";
    out_ << "],\"rows\":[";
  }
  // As the CSV sink's: one buffer for every row, numbers written into it in place.
  void Row(const double* v) override {
    line_ = first_ ? "\n[" : ",\n[";
    first_ = false;
    for (size_t i = 0; i < cols_.size(); ++i) {
      if (i) line_ += ',';
      if (cols_[i].kind == Column::Kind::Label) {
        line_ += JsonString(FormatCell(cols_[i], v[i]));
        continue;
      }
      const size_t at = line_.size();
      AppendCell(line_, cols_[i], v[i]);
      // JSON has no inf/nan literals; the evaluators never emit them, but stay valid.
      std::string_view cell(line_.data() + at, line_.size() - at);
      if (cell == "inf" || cell == "-inf" || cell == "nan") line_.replace(at, std::string::npos, "null");
    }
    line_ += ']';
    out_.write(line_.data(), static_cast<std::streamsize>(line_.size()));
  }
  void End() override {
    out_ << "\n]";
    for (const auto& [key, value] : o_.json_tail) out_ << "," << JsonString(key) << ":" << value;
    out_ << "}\n";
    out_.flush();
  }

 private:
  std::ostream& out_;
  SinkOptions o_;
  std::vector<Column> cols_;
  bool first_ = true;
  std::string line_;
};

class TeeSink : public Sink {
 public:
  TeeSink(Sink& a, Sink& b) : a_(a), b_(b) {}
  void Begin(const std::string& scenario, const std::vector<Column>& cols) override {
    a_.Begin(scenario, cols);
    b_.Begin(scenario, cols);
  }
  void Row(const double* v) override {
    a_.Row(v);
    b_.Row(v);
  }
  void End() override {
    a_.End();
    b_.End();
  }

 private:
  Sink& a_;
  Sink& b_;
};

}  // namespace

double Labels::Of(const std::string& text) {
  auto it = std::find(names_->begin(), names_->end(), text);
  if (it == names_->end()) it = names_->insert(names_->end(), text);
  return static_cast<double>(it - names_->begin());
}

size_t TableWidth(const Column& c, const std::vector<double>& values, unsigned digits) {
  if (values.empty()) return 0;
  constexpr size_t kSample = 4096;
  const size_t stride = (values.size() + kSample - 1) / kSample;
  size_t w = 0;
  for (size_t k = 0; k < values.size(); k += stride) w = std::max(w, Width(TableCell(c, values[k], digits)));
  auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  for (double v : {*lo, *hi, values.back()}) w = std::max(w, Width(TableCell(c, v, digits)));
  return w;
}

std::unique_ptr<Sink> MakeTee(Sink& a, Sink& b) { return std::make_unique<TeeSink>(a, b); }

void AppendCell(std::string& out, const Column& c, double si) {
  char buf[units::kMaxNumberChars];
  switch (c.kind) {
    case Column::Kind::Bool: out += si != 0 ? "true" : "false"; return;
    case Column::Kind::Label:
      if (c.labels && si >= 0 && si < static_cast<double>(c.labels->size())) {
        out += (*c.labels)[static_cast<size_t>(si)];
        return;
      }
      break;
    case Column::Kind::Int:
      // An Int is exact: all its digits, never an exponent (`2^60` is 1152921504606846976;
      // below 9.2e18, at most 19 of them).
      if (std::isfinite(si) && si == std::floor(si) && std::fabs(si) < 9.2e18 && si != 0) {
        // Below 2^63 the cast is exact, and an integer's digits are `{:.0f}`'s.
        out.append(buf, std::to_chars(buf, buf + sizeof buf, static_cast<int64_t>(si)).ptr);
        return;
      }
      break;
    case Column::Kind::Real: si = units::FromSI(si, c.unit); break;
  }
  out.append(buf, units::FormatNumberTo(buf, si));
}

std::string FormatCell(const Column& c, double si) {
  std::string out;
  AppendCell(out, c, si);
  return out;
}

std::unique_ptr<Sink> MakeSink(Format f, std::ostream& out, bool single_row, unsigned table_digits) {
  switch (f) {
    case Format::Table: return std::make_unique<TableSink>(out, single_row, table_digits);
    case Format::Csv: return std::make_unique<CsvSink>(out);
    case Format::Json: return std::make_unique<JsonSink>(out);
  }
  return nullptr;
}

std::unique_ptr<Sink> MakeSink(Format f, std::ostream& out, const SinkOptions& o) {
  if (f == Format::Json) return std::make_unique<JsonSink>(out, o);
  if (f == Format::Table && o.fit_table) return std::make_unique<FittedTableSink>(out, o);
  return MakeSink(f, out, o.single_row, o.table_digits);
}

}  // namespace rl::runtime

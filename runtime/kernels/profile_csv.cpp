// Reading tools/profiling/profile_kernels.py's CSV (docs/kernel-models.md, "Profile CSV"): the
// `# key: value` device lines, a header row naming the columns, then one row per
// configuration, read by base/csv. Part of rl_kernels. Every error names path:line.
#include <fmt/format.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/MemoryBuffer.h>

#include <algorithm>
#include <cmath>

#include "base/csv/csv.h"
#include "runtime/kernels/profiles.h"

namespace rl::kernels {

namespace {

std::optional<double> ParseDouble(llvm::StringRef s) {
  double v;
  if (s.trim().getAsDouble(v)) return std::nullopt;  // getAsDouble returns true on failure
  return v;
}

struct Parser {
  std::string path;
  Dataset data;
  int kind_col = -1, features_col = -1, median_col = -1;
  size_t columns = 0;

  llvm::Error Fail(size_t line, const std::string& msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), fmt::format("{}:{}: {}", path, line, msg));
  }

  llvm::Error DeviceLine(size_t line, llvm::StringRef text) {
    auto [key, value] = text.split(':');
    key = key.trim();
    value = value.trim();
    if (!text.contains(':') || key.empty()) return llvm::Error::success();  // a plain comment
    if (key == "peak_flops" || key == "mem_bw") {
      std::optional<double> v = ParseDouble(value);
      if (!v || !std::isfinite(*v) || *v < 0)
        return Fail(line, fmt::format("`{}` must be a non-negative number, got `{}`", key.str(), value.str()));
      (key == "peak_flops" ? data.device.peak_flops : data.device.mem_bw) = *v;
    }
    data.device.fields.emplace_back(key.str(), value.str());
    return llvm::Error::success();
  }

  llvm::Error Header(const csv::Record& r) {
    columns = r.fields.size();
    auto at = [&](const char* name) { return csv::Find(r, name) ? int(*csv::Find(r, name)) : -1; };
    kind_col = at("kind"), features_col = at("features"), median_col = at("median_s");
    if (kind_col < 0 || features_col < 0 || median_col < 0)
      return Fail(r.line, fmt::format("expected a header row with columns `kind`, `features` and `median_s`, got `{}`",
                                      fmt::join(r.fields, ",")));
    return llvm::Error::success();
  }

  llvm::Error Row(const csv::Record& r) {
    const size_t line = r.line;
    std::vector<llvm::StringRef> cells(r.fields.begin(), r.fields.end());
    if (cells.size() != columns)
      return Fail(line, fmt::format("expected {} columns, got {}", columns, cells.size()));
    llvm::StringRef kind_name = cells[size_t(kind_col)].trim();
    const KindInfo* kind = FindKind(kind_name);
    if (!kind) return Fail(line, fmt::format("unknown kernel kind `{}`", kind_name.str()));
    llvm::SmallVector<llvm::StringRef, 16> feats;
    cells[size_t(features_col)].split(feats, ' ', -1, /*KeepEmpty=*/false);
    if (feats.size() != kind->features.size())
      return Fail(line, fmt::format("{} takes {} features ({}), got {}", kind_name.str(), kind->features.size(),
                                    fmt::join(kind->features, " "), feats.size()));
    Sample s;
    s.kind = kind;
    for (size_t i = 0; i < feats.size(); ++i) {
      std::optional<double> v = ParseDouble(feats[i]);
      if (!v || !std::isfinite(*v) || *v < 0)
        return Fail(line, fmt::format("feature `{}` must be a non-negative number, got `{}`",
                                      kind->features[i].str(), feats[i].str()));
      s.feats.push_back(*v);
    }
    std::optional<double> t = ParseDouble(cells[size_t(median_col)]);
    if (!t || !std::isfinite(*t) || *t <= 0)
      return Fail(line, fmt::format("`median_s` must be a positive number of seconds, got `{}`",
                                    cells[size_t(median_col)].trim().str()));
    s.time = *t;
    data.samples.push_back(std::move(s));
    return llvm::Error::success();
  }
};

}  // namespace

llvm::Expected<Dataset> ReadProfileCsv(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buf)
    return llvm::createStringError(buf.getError(), fmt::format("cannot read `{}`: {}", path.str(),
                                                               buf.getError().message()));
  Parser p{path.str(), {}};
  llvm::Expected<csv::Document> doc = csv::Parse((*buf)->getBuffer(), {.comments = true, .source = path.str()});
  if (!doc) return doc.takeError();
  for (const auto& [line, text] : doc->comments)
    if (llvm::Error err = p.DeviceLine(line, llvm::StringRef(text).trim())) return err;
  for (size_t i = 0; i < doc->records.size(); ++i)
    if (llvm::Error err = i == 0 ? p.Header(doc->records[i]) : p.Row(doc->records[i])) return err;
  if (p.data.samples.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(), fmt::format("{}: no profile rows", path.str()));
  return std::move(p.data);
}

llvm::Expected<Dataset> AcrossDevices(std::vector<Dataset> profiles, llvm::ArrayRef<std::string> paths) {
  auto fail = [](const std::string& msg) { return llvm::createStringError(llvm::inconvertibleErrorCode(), msg); };
  Dataset out;
  out.generic = true;
  std::string common;  // the profiles' `device` line when they agree
  for (size_t p = 0; p < profiles.size(); ++p) {
    Dataset& d = profiles[p];
    const std::string path = p < paths.size() ? paths[p] : fmt::format("profile {}", p + 1);
    if (!(d.device.peak_flops > 0 && d.device.mem_bw > 0))
      return fail(fmt::format("`{}` has no `peak_flops` and `mem_bw` lines; a fit across devices takes each "
                              "device's numbers as inputs",
                              path));
    const std::string name = d.device.Get("name");
    if (name.empty()) return fail(fmt::format("`{}` has no `name` line to tell its device from the others", path));
    auto it = std::find(out.groups.begin(), out.groups.end(), name);
    const int group = int(it - out.groups.begin());
    if (it == out.groups.end()) out.groups.push_back(name);
    common = p == 0 || common == d.device.Get("device") ? d.device.Get("device") : "";
    for (Sample& s : d.samples) {
      s.feats.push_back(d.device.peak_flops);
      s.feats.push_back(d.device.mem_bw);
      s.group = group;
      out.samples.push_back(std::move(s));
    }
  }
  if (out.groups.size() < 2) return fail("a fit across devices needs the profiles of at least two devices");
  out.device.fields.emplace_back("name", "generic");
  if (!common.empty()) out.device.fields.emplace_back("device", common);
  out.device.fields.emplace_back("devices", fmt::format("{}", fmt::join(out.groups, ", ")));
  out.device.fields.emplace_back("inputs", "peak_flops mem_bw after each kind's features");
  return out;
}

}  // namespace rl::kernels

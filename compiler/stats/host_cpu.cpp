// Reading /proc/cpuinfo and comparing it with a bundle's profile (host_cpu.h).
#include "compiler/stats/host_cpu.h"

#include <fmt/format.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/StringExtras.h>

#include <cmath>
#include <cstdlib>
#include <set>
#include <vector>

#include "runtime/files.h"

namespace rl::stats {

std::optional<CpuIdentity> ParseCpuInfo(llvm::StringRef text) {
  CpuIdentity c;
  llvm::SmallVector<llvm::StringRef, 0> lines;
  text.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    auto [key, value] = line.split(':');
    key = key.trim();
    value = value.trim();
    if (key.empty()) {
      if (!c.name.empty()) break;  // the end of the first processor's block
      continue;
    }
    if (key == "model name" && c.name.empty()) c.name = value.str();
    else if (key == "cpu family" && c.family.empty()) c.family = value.str();
    else if (key == "model" && c.model.empty()) c.model = value.str();
    else if (key == "cpu MHz" && c.mhz == 0) value.getAsDouble(c.mhz);
    else if (key == "flags" && c.isa.empty()) {
      llvm::SmallVector<llvm::StringRef, 128> flags;
      value.split(flags, ' ', -1, /*KeepEmpty=*/false);
      std::set<llvm::StringRef> f(flags.begin(), flags.end());
      c.isa = f.count("avx512f") ? "avx512" : f.count("avx2") ? "avx2" : f.count("avx") ? "avx" : "sse";
    }
  }
  if (c.name.empty()) return std::nullopt;
  return c;
}

std::optional<CpuIdentity> HostCpu() {
  const char* env = std::getenv("RINGLINE_CPUINFO");
  // /proc files report a size of 0, so they are read as a stream, not as a regular file.
  std::string path = env && *env ? env : "/proc/cpuinfo";
  auto buf = llvm::MemoryBuffer::getFileAsStream(path);
  if (!buf || (*buf)->getBufferSize() > kMaxSourceBytes) return std::nullopt;
  return ParseCpuInfo((*buf)->getBuffer());
}

namespace {

std::string Field(const ringline::Value& b, const char* name) {
  const ringline::Value* f = b.Field(name);
  return f && f->kind == ringline::Value::Kind::String ? f->str : "";
}

std::string Describe(const std::string& name, double mhz, const std::string& family, const std::string& model,
                     const std::string& isa) {
  std::string s = fmt::format("\"{}\"", name);
  if (mhz > 0) s += fmt::format(" at {:.0f} MHz", mhz);
  std::vector<std::string> parts;
  if (!family.empty()) parts.push_back("family " + family);
  if (!model.empty()) parts.push_back("model " + model);
  if (!isa.empty()) parts.push_back(isa);
  if (!parts.empty()) s += fmt::format(" ({})", fmt::join(parts, ", "));
  return s;
}

}  // namespace

std::string CpuMismatch(const ringline::Value& bundle, const CpuIdentity& host) {
  if (Field(bundle, "device") != "cpu") return "";
  const std::string name = Field(bundle, "name"), family = Field(bundle, "cpu_family"),
                    model = Field(bundle, "cpu_model"), isa = Field(bundle, "isa");
  double mhz = 0;
  llvm::StringRef(Field(bundle, "clock_mhz")).getAsDouble(mhz);
  const bool identified = !family.empty() || !model.empty() || !isa.empty();
  bool same = name == host.name && (family.empty() || family == host.family) &&
              (model.empty() || model == host.model) && (isa.empty() || isa == host.isa);
  if (same && !identified && mhz > 0 && host.mhz > 0) same = std::abs(mhz / host.mhz - 1) <= 0.05;
  if (same) return "";
  return fmt::format("it was profiled on {}{}, this machine is {}", Describe(name, mhz, family, model, isa),
                     identified ? "" : " (the bundle records no family, model or ISA)",
                     Describe(host.name, host.mhz, host.family, host.model, host.isa));
}

}  // namespace rl::stats

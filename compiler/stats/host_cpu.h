// The CPU this process runs on, as /proc/cpuinfo describes it, and whether a kernel
// bundle was profiled on the same CPU (`ringline stats --device` warns when not). The
// profiler records the same fields (tools/profiling/profile_kernels.py: name, clock_mhz,
// cpu_family, cpu_model, isa), so the two are read the same way.
#pragma once
#include <llvm/ADT/StringRef.h>

#include <optional>
#include <string>

#include "include/ringline/value.h"

namespace rl::stats {

struct CpuIdentity {
  std::string name;     // "model name"
  std::string family;   // "cpu family"
  std::string model;    // "model"
  std::string isa;      // widest vector ISA of "flags": avx512, avx2, avx or sse
  double mhz = 0;       // "cpu MHz"
};

// The first processor of a /proc/cpuinfo text; nullopt without a model name.
std::optional<CpuIdentity> ParseCpuInfo(llvm::StringRef text);
// This machine's, from $RINGLINE_CPUINFO (a file in /proc/cpuinfo's format, for tests)
// or /proc/cpuinfo; nullopt where neither can be read.
std::optional<CpuIdentity> HostCpu();

// Why the bundle (a `Bundle` record exported by the checker: its profile's device lines)
// does not describe `host`, or "" when it does or is not a CPU bundle. A CPU is the same
// when its name matches and so do the family, model and ISA the bundle records; a bundle
// that records none of those (profiled before the profiler wrote them) is compared by
// name and clock (within 5%).
std::string CpuMismatch(const ringline::Value& bundle, const CpuIdentity& host);

}  // namespace rl::stats

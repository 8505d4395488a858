// Fuzz target: the torch.profiler trace reader of `ringline calibrate --trace`
// (compiler/calibrate/trace.h): bounded JSON (base/json), the events, their nesting by
// time on each thread, kernels joined to launches by correlation, and the steps. Any input
// must give a trace or an error; a crash, a leak or a sanitizer report is a bug.
#include "compiler/calibrate/trace.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char*>(data), size);
  llvm::Expected<rl::calibrate::Trace> trace = rl::calibrate::ParseTrace(text, "input.json");
  if (!trace) llvm::consumeError(trace.takeError());
  return 0;
}

// Fuzz target: parse and check, as `ringline check` does: imports (the standard library
// only, spec_input.h), name resolution, types and units, compile-time evaluation under
// its caps, and lowering every variant of every scenario to IR. Any input must end in
// success or diagnostics.
#include "test/fuzz/spec_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  rl::fuzz::OnBigStack([&] {
    rl::fuzz::Spec spec(data, size);
    rl::check::Compilation comp(spec.diags, spec.Options());
    comp.LoadBuffer(spec.buffer);
    if (comp.Root()) comp.CheckAll();  // as `check` does, also after errors in the module
    spec.diags.Flush();
  });
  return 0;
}

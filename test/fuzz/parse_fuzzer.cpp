// Fuzz target: the parser alone (tokens, ANTLR, the AST conversion and its caps) and the
// rendering of its diagnostics. Any input must give a module or diagnostics; a crash, a
// sanitizer report or an internal error (RL_CHECK) is a bug.
#include "compiler/parse/parse.h"
#include "test/fuzz/spec_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  rl::fuzz::OnBigStack([&] {
    rl::fuzz::Spec spec(data, size);
    std::string tokens;
    rl::parse::DumpTokens(spec.buffer, spec.diags, tokens);
    rl::parse::ParseBuffer(spec.buffer, spec.diags);
    spec.diags.Flush();
  });
  return 0;
}

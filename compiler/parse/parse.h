// Parse phase: source buffer -> AST. The only code that sees ANTLR; its parse tree is
// converted to ast:: nodes at once, its exceptions are caught here, and nesting is capped
// before ANTLR's recursive descent can overflow the stack.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "compiler/ast/ast.h"
#include "compiler/diag/diag.h"

namespace rl::parse {

struct Limits {
  unsigned max_bracket_depth = 256;       // ( [ { nested
  unsigned max_prefix_ops = 1000;         // if / not / unary - / ^ / `fn(` in one declaration
  unsigned max_binary_ops = 20000;        // operators, calls, indexing in one declaration (AST depth)
  // Tokens in one declaration: its parse tree, about 800 bytes a list element, is held
  // whole until the AST is built from it (2^18 tokens: about 100 MB).
  unsigned max_tokens = 1u << 18;
};

// Parses one buffer registered with diags.SourceMgr(). Returns nullptr after reporting
// diagnostics when the text is not a well-formed module.
std::unique_ptr<ast::Module> ParseBuffer(unsigned buffer_id, diag::Engine& diags,
                                         const Limits& limits = {});

// `--emit=tokens`: one line per token, `line:col kind 'text'`.
bool DumpTokens(unsigned buffer_id, diag::Engine& diags, std::string& out);

// A command-line value list (`1,2,4`, `1..64*2`, `12.5GB/s`), parsed into `arena`; the
// buffer's first `skip` bytes (`NAME=`) are not part of it.
bool ParseCliValues(unsigned buffer_id, diag::Engine& diags, ast::Module& arena,
                    std::vector<ast::ValueSet>& out, uint32_t skip = 0);

}  // namespace rl::parse

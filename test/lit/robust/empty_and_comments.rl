// An empty file, a file of only comments or whitespace, and one with only a byte-order
// mark are valid, empty specs: `check` and `emit --emit=ast` exit 0 with no output, and
// `eval` says there is no scenario (exit 2).
// RUN: %python -c "open(r'%t.empty.rl', 'w').close()"
// RUN: %python %S/Inputs/run_limited.py 0 5 %ringline check %t.empty.rl | FileCheck %s --check-prefix=CLEAN --allow-empty
// RUN: %python %S/Inputs/run_limited.py 0 5 %ringline emit --emit=ast %t.empty.rl | FileCheck %s --check-prefix=AST
// RUN: %python %S/Inputs/run_limited.py 2 5 %ringline eval %t.empty.rl | FileCheck %s --check-prefix=EVAL
// CLEAN-NOT: error
// CLEAN: exit 0
// AST-NOT: {{.}}
// AST: {{^}}exit 0
// EVAL: ringline: error: this file has no scenario to evaluate [bad_scenario]
// EVAL: exit 2

// RUN: %python -c "print('// a line comment\n/* a block\n   comment */\n/**/ // and /* nested-looking */ text\n' * 1000)" > %t.comments.rl
// RUN: %python %S/Inputs/run_limited.py 0 5 %ringline check %t.comments.rl | FileCheck %s --check-prefix=CLEAN
// RUN: %python %S/Inputs/run_limited.py 0 5 %ringline emit --emit=ast %t.comments.rl | FileCheck %s --check-prefix=AST
// RUN: %python %S/Inputs/run_limited.py 0 5 %ringline emit --emit=tokens %t.comments.rl | FileCheck %s --check-prefix=TOKENS
// TOKENS: 4002:1 EOF ``
// TOKENS-NEXT: exit 0

// RUN: %python -c "print(' \t\r\n' * 100000)" > %t.blank.rl
// RUN: %python %S/Inputs/run_limited.py 0 5 %ringline check %t.blank.rl | FileCheck %s --check-prefix=CLEAN

// RUN: %python -c "import sys; sys.stdout.buffer.write(b'\xef\xbb\xbf')" > %t.bom.rl
// RUN: %python %S/Inputs/run_limited.py 0 5 %ringline check %t.bom.rl | FileCheck %s --check-prefix=CLEAN

// Nesting past the parser's caps is [nesting_too_deep] at the first token past the cap,
// exit 1, in well under 5 s, and never a stack overflow: 100,000 nested parentheses,
// brackets or braces, 5,000 nested `if`, `not`, unary `-` or `^`. Just under the caps
// the same shapes are evaluated.
// RUN: %python -c "print('let x = ' + '(' * 100000 + '1' + ')' * 100000)" > %t.parens.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.parens.rl | FileCheck %s --check-prefix=PARENS
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline emit --emit=ast %t.parens.rl | FileCheck %s --check-prefix=PARENS
// PARENS: parens.rl:1:265: error: brackets nested more than 256 deep [nesting_too_deep]
// PARENS-NOT: error
// PARENS: exit 1

// RUN: %python -c "print('let x = ' + '[' * 100000 + ']' * 100000)" > %t.lists.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.lists.rl | FileCheck %s --check-prefix=LISTS
// LISTS: lists.rl:1:265: error: brackets nested more than 256 deep [nesting_too_deep]
// LISTS: exit 1

// RUN: %python -c "print('let x = ' + '{ ' * 100000 + '1' + ' }' * 100000)" > %t.blocks.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.blocks.rl | FileCheck %s --check-prefix=BLOCKS
// BLOCKS: blocks.rl:1:521: error: brackets nested more than 256 deep [nesting_too_deep]
// BLOCKS: exit 1

// RUN: %python -c "print('let x = ' + '(' * 256 + '7' + ')' * 256)" > %t.parens_ok.rl
// RUN: %python -c "print('scenario s { report r = x }')" >> %t.parens_ok.rl
// RUN: %python %S/Inputs/run_limited.py 0 5 %ringline eval %t.parens_ok.rl | FileCheck %s --check-prefix=PARENS_OK
// PARENS_OK: r = 7
// PARENS_OK: exit 0

// RUN: %python -c "print('let x = ' + 'if true then ' * 5000 + '1' + ' else 2' * 5000)" > %t.ifs.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.ifs.rl | FileCheck %s --check-prefix=IFS
// IFS: ifs.rl:1:13009: error: more than 1000 `if`, `not`, `^`, unary `-` or `fn(` in one declaration; split it with `let` [nesting_too_deep]
// IFS: exit 1

// RUN: %python -c "print('scenario s {\n param b: Bool = true\n report r = ' + 'if b then ' * 999 + '1 s' + ' else 2 s' * 999 + '\n}')" > %t.ifs_ok.rl
// RUN: %python %S/Inputs/run_limited.py 0 5 %ringline eval %t.ifs_ok.rl | FileCheck %s --check-prefix=IFS_OK
// RUN: %python %S/Inputs/run_limited.py 0 5 %ringline eval %t.ifs_ok.rl --set b=false | FileCheck %s --check-prefix=IFS_OK_FALSE
// IFS_OK: r = 1 s
// IFS_OK: exit 0
// IFS_OK_FALSE: r = 2 s
// IFS_OK_FALSE: exit 0

// RUN: %python -c "print('let x = ' + 'not ' * 5000 + 'true')" > %t.nots.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.nots.rl | FileCheck %s --check-prefix=NOTS
// NOTS: nots.rl:1:4009: error: more than 1000 `
// NOTS: exit 1

// RUN: %python -c "print('let x = ' + '- ' * 5000 + '1')" > %t.negs.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.negs.rl | FileCheck %s --check-prefix=NEGS
// NEGS: negs.rl:1:2009: error: more than 1000 `
// NEGS: exit 1

// RUN: %python -c "print('let x = 1' + ' ^ 1' * 5000)" > %t.pows.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.pows.rl | FileCheck %s --check-prefix=POWS
// POWS: pows.rl:1:4011: error: more than 1000 `
// POWS: exit 1

// RUN: %python -c "print('let x = ' + '-' * 1000 + '3\nscenario s { report r = x }')" > %t.negs_ok.rl
// RUN: %python %S/Inputs/run_limited.py 0 5 %ringline eval %t.negs_ok.rl | FileCheck %s --check-prefix=NEGS_OK
// NEGS_OK: r = 3
// NEGS_OK: exit 0

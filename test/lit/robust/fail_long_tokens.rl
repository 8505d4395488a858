// Tokens of a million characters: a name and a string are fine, a string one longer than
// a `String` may be is [eval_limit]; an `Int` literal of a
// million digits is [domain_error], quoted only in part, and quick (no million-digit
// strtod); a real literal too large for a double is [domain_error], not infinity; a
// misspelt name that long gets its error promptly.
// RUN: %python -c "print('let ' + 'a' * 1000000 + ' = 1\nlet s = \"' + 'b' * 1000000 + '\"\nscenario t { report r = 3 }')" > %t.names.rl
// RUN: %python %S/Inputs/run_limited.py 0 5 %ringline eval %t.names.rl | FileCheck %s --check-prefix=NAMES
// NAMES: r = 3
// NAMES: exit 0

// RUN: %python -c "print('let s = \"' + 'b' * 1000001 + '\"')" > %t.string.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.string.rl | FileCheck %s --check-prefix=STRING
// STRING: string.rl:1:9: error: this string literal is 1000001 characters long; a `String` holds at most 1000000 [eval_limit]
// STRING: exit 1

// RUN: %python -c "print('let x = ' + '7' * 1000000)" > %t.int.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.int.rl | FileCheck %s --check-prefix=INT
// INT: int.rl:1:9: error: `77777777777777777777...` is too large for an exact `Int` (2^53 - 1 at most) [domain_error]
// INT: exit 1

// RUN: %python -c "print('let x = ' + '7' * 1000000 + '.5 GB')" > %t.real.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.real.rl | FileCheck %s --check-prefix=REAL
// REAL: real.rl:1:9: error: `77777777777777777777...` is too large for a number (about 1.8e308 at most) [domain_error]
// REAL: exit 1

// RUN: %python -c "print('let x = 1e' + '9' * 1000)" > %t.exp.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.exp.rl | FileCheck %s --check-prefix=EXP
// EXP: exp.rl:1:9: error: `1e999999999999999999...` is too large for a number (about 1.8e308 at most) [domain_error]
// EXP: exit 1

// RUN: %python -c "print('let x = 1' + '_1' * 500000)" > %t.underscores.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.underscores.rl | FileCheck %s --check-prefix=UNDERSCORES
// UNDERSCORES: underscores.rl:1:9: error: `1_1_1_1_1_1_1_1_1_1_...` is too large for an exact `Int` (2^53 - 1 at most) [domain_error]
// UNDERSCORES: exit 1

// A misspelt name of 200,000 letters is [unknown_name] at once: no edit distance between
// two names that long (quadratic: minutes), only the prefix match.
// RUN: %python -c "print('let ' + 'w' * 200000 + ' = 1\nscenario q { report r = ' + 'w' * 199999 + ' }')" > %t.slip.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.slip.rl | FileCheck %s --check-prefix=SLIP
// SLIP: slip.rl:2:25: error: unknown name `w{{w+}}`; did you mean `w{{w+}}`? [unknown_name]
// SLIP: exit 1

// The inputs are large; the coverage script reads every .rl file under test/.
// RUN: rm -f %t.names.rl %t.int.rl %t.real.rl %t.exp.rl %t.underscores.rl %t.slip.rl

// 10 MB inputs finish with the right answer or a clean error: 382,429 declarations
// (`let xN = N * 2 GB`) evaluate to the last one's value, the same file with a mistake
// appended reports it on its last line (so all of it was read), and 10 MB of random
// printable junk stops at a cap. Parsing is linear: one declaration's parse tree
// and tokens at a time, and no lookahead past the declaration. The limits are CPU seconds:
// the big file takes about 7 s on a loaded 2-core machine and well under that alone (CI's
// machine has run 2.8 times slower); 60 s catches a quadratic slip, which takes minutes.
// RUN: %python -c "print(''.join('let x%%d = %%d * 2 GB\n' %% (i, i) for i in range(382429)) + 'scenario s {\n  report last = x382428 in TB\n}')" > %t.big.rl
// RUN: %python -c "import os; print(os.path.getsize(r'%t.big.rl') >= 10 * 1024 * 1024)" | FileCheck %s --check-prefix=SIZE
// SIZE: True
// RUN: %python %S/Inputs/run_limited.py 0 60 %ringline eval %t.big.rl | FileCheck %s --check-prefix=BIG
// BIG: last = 764.856 TB
// BIG: exit 0

// RUN: cp %t.big.rl %t.bad.rl
// RUN: %python -c "print('let oops = 1 s + 1 B')" >> %t.bad.rl
// RUN: %python %S/Inputs/run_limited.py 1 60 %ringline check %t.bad.rl | FileCheck %s --check-prefix=BAD
// BAD: bad.rl:382433:16: error: left side is `s` but right side is `B`; cannot add them [unit_mismatch]
// BAD-NOT: error
// BAD: exit 1

// RUN: %python -c "import random; r = random.Random(11); print(''.join(r.choice('abcxyz ()+-*/{}[]=:;,.0123456789\n') for _ in range(10 * 1024 * 1024)))" > %t.junk.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.junk.rl | FileCheck %s --check-prefix=JUNK
// Junk with no declaration keyword is skipped as one run, until its unary minus signs
// pass the cap.
// JUNK: junk.rl:1:1: error: unexpected `676` expecting {end of file, `import`, `let`
// JUNK: junk.rl:3578:27: error: more than 1000 `if`{{.*}} [nesting_too_deep]
// JUNK-NOT: error
// JUNK: exit 1

// RUN: %python -c "import random; r = random.Random(12); print(''.join(r.choice('abc xyz()+-*/{}[]=:;,.0123456789\n\"$@') for _ in range(10 * 1024 * 1024)))" > %t.chars.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.chars.rl | FileCheck %s --check-prefix=CHARS
// CHARS-COUNT-20: error: {{.*}} [syntax_error]
// CHARS: ringline: error: too many errors (20); stopping [too_many_errors]
// CHARS: exit 1

// The inputs are large; the coverage script reads every .rl file under test/.
// RUN: rm -f %t.big.rl %t.bad.rl %t.junk.rl %t.chars.rl

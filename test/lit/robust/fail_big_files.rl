// 7.5 MB inputs (under the 8 MiB bound) finish with the right answer or a clean error: 290,000 declarations
// (`let xN = N * 2 GB`) evaluate to the last one's value, the same file with a mistake
// appended reports it on its last line (so all of it was read), and 7 MB of random
// printable junk stops at a cap. Parsing is linear: one declaration's parse tree
// and tokens at a time, and no lookahead past the declaration. The limits are CPU seconds:
// the big file takes about 7 s on a loaded 2-core machine and well under that alone (CI's
// machine has run 2.8 times slower); 60 s catches a quadratic slip, which takes minutes.
// RUN: %python -c "print(''.join('let x%%d = %%d * 2 GB\n' %% (i, i) for i in range(290000)) + 'scenario s {\n  report last = x289999 in TB\n}')" > %t.big.rl
// RUN: %python -c "import os; print(os.path.getsize(r'%t.big.rl') >= 7 * 1024 * 1024)" | FileCheck %s --check-prefix=SIZE
// SIZE: True
// RUN: %python %S/Inputs/run_limited.py 0 60 %ringline eval %t.big.rl | FileCheck %s --check-prefix=BIG
// BIG: last = 579.998 TB
// BIG: exit 0

// RUN: cp %t.big.rl %t.bad.rl
// RUN: %python -c "print('let oops = 1 s + 1 B')" >> %t.bad.rl
// RUN: %python %S/Inputs/run_limited.py 1 60 %ringline check %t.bad.rl | FileCheck %s --check-prefix=BAD
// BAD: bad.rl:290004:16: error: left side is `s` but right side is `B`; cannot add them [unit_mismatch]
// BAD-NOT: error
// BAD: exit 1

// RUN: %python -c "import random; r = random.Random(11); print(''.join(r.choice('abcxyz ()+-*/{}[]=:;,.0123456789\n') for _ in range(7 * 1024 * 1024)))" > %t.junk.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.junk.rl | FileCheck %s --check-prefix=JUNK
// Junk with no declaration keyword is skipped as one run, until its unary minus signs
// pass the cap.
// JUNK: junk.rl:1:1: error: unexpected `676` expecting {end of file, `import`, `let`
// JUNK: junk.rl:3578:27: error: more than 1000 `if`{{.*}} [nesting_too_deep]
// JUNK-NOT: error
// JUNK: exit 1

// RUN: %python -c "import random; r = random.Random(12); print(''.join(r.choice('abc xyz()+-*/{}[]=:;,.0123456789\n\"$@') for _ in range(7 * 1024 * 1024)))" > %t.chars.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.chars.rl | FileCheck %s --check-prefix=CHARS
// CHARS-COUNT-20: error: {{.*}} [syntax_error]
// CHARS: ringline: error: too many errors (20); stopping [too_many_errors]
// CHARS: exit 1

// The inputs are large; the coverage script reads every .rl file under test/.
// RUN: rm -f %t.big.rl %t.bad.rl %t.junk.rl %t.chars.rl

// Past the bounds: a file over 8 MiB, a spec whose imports together pass 8 MiB, and a
// declaration of more than 2^18 tokens (a list of 200,000 numbers), whose parse tree
// would be held whole; each stops at once with its reason.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %python -c "print('let xs = [' + ', '.join(['1'] * 200000) + ']')" > %t.dir/long.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.dir/long.rl | FileCheck %s --check-prefix=LONG
// LONG: long.rl:1:{{[0-9]+}}: error: more than 262144 tokens in one declaration; split it with `let` [nesting_too_deep]
// LONG: exit 1
// RUN: %python -c "print(''.join('let a%%d = %%d\n' %% (i, i) for i in range(400000)))" > %t.dir/a.rl
// RUN: %python -c "print(''.join('let b%%d = %%d\n' %% (i, i) for i in range(400000)))" > %t.dir/b.rl
// RUN: %python -c "print('import a\nimport b\nscenario s {\n  report r = a1 + b1\n}')" > %t.dir/both.rl
// RUN: %python %S/Inputs/run_limited.py 2 30 %ringline check %t.dir/both.rl | FileCheck %s --check-prefix=BOTH
// BOTH: both.rl:2:1: error: cannot read `{{.*}}b.rl`: the spec and its imports together pass 8 MiB [import_not_found]
// BOTH: exit 2
// RUN: cat %t.dir/a.rl %t.dir/b.rl > %t.dir/whole.rl
// RUN: %python %S/Inputs/run_limited.py 2 5 %ringline check %t.dir/whole.rl | FileCheck %s --check-prefix=WHOLE
// WHOLE: ringline: error: cannot read `{{.*}}whole.rl`: larger than 8 MiB [file_error]
// WHOLE: exit 2
// RUN: rm -rf %t.dir

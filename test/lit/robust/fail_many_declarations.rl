// Many declarations and names cost time linear in their number: 100,000 unknown names
// stop at the error cap (20) with [too_many_errors]; a scenario of 50,000 `let`s and a
// block of 100,000, each using the one before and the first, evaluate; 20,000 parameters
// and fields are checked for duplicates. (The interpreter evaluates: the point is the
// checker, not the JIT's compile time.) The limits are 15 CPU seconds: these take 1-2 s on
// the 2-core dev machine and up to 5.2 s on CI's; a quadratic slip at 100,000 takes minutes.
// RUN: %python -c "print(''.join('let x%%d = y%%d\n' %% (i, i) for i in range(100000)))" > %t.errors.rl
// RUN: %python %S/Inputs/run_limited.py 1 15 %ringline check %t.errors.rl | FileCheck %s --check-prefix=ERRORS
// ERRORS-COUNT-20: error: unknown name `y{{[0-9]+}}`; did you mean `x{{[0-9]+}}`? [unknown_name]
// ERRORS: ringline: error: too many errors (20); stopping [too_many_errors]
// ERRORS-NOT: error
// ERRORS: exit 1

// RUN: %python -c "print('scenario s {\n  param p: Int = 1\n  let x0 = p\n' + ''.join('  let x%%d = x%%d + p\n' %% (i, i - 1) for i in range(1, 50000)) + '  report r = x49999\n}')" > %t.scenario.rl
// RUN: %python %S/Inputs/run_limited.py 0 15 %ringline eval --backend=interp %t.scenario.rl | FileCheck %s --check-prefix=SCENARIO
// SCENARIO: r = 50000
// SCENARIO: exit 0

// RUN: %python -c "print('let v = {\n  let x0 = 1\n' + ''.join('  let x%%d = x%%d + x0\n' %% (i, i - 1) for i in range(1, 100000)) + '  x99999\n}\nscenario s { report r = v }')" > %t.block.rl
// RUN: %python %S/Inputs/run_limited.py 0 15 %ringline eval --backend=interp %t.block.rl | FileCheck %s --check-prefix=BLOCK
// BLOCK: r = 100000
// BLOCK: exit 0

// RUN: %python -c "print('fn f(' + ', '.join('a%%d: Int = 1' %% i for i in range(20000)) + ', a7: Int = 2) -> Int = a19999')" > %t.params.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.params.rl | FileCheck %s --check-prefix=PARAMS
// PARAMS: params.rl:1:{{[0-9]+}}: error: `a7` is already a parameter of `f` [duplicate_name]
// PARAMS-NOT: error
// PARAMS: exit 1

// RUN: %python -c "print('record R { ' + ', '.join('a%%d: Int = 1' %% i for i in range(20000)) + ' }\nscenario s { report r = R {}.a19999 }')" > %t.fields.rl
// RUN: %python %S/Inputs/run_limited.py 0 5 %ringline eval --backend=interp %t.fields.rl | FileCheck %s --check-prefix=FIELDS
// FIELDS: r = 1
// FIELDS: exit 0

// The inputs are large; the coverage script reads every .rl file under test/.
// RUN: rm -f %t.errors.rl %t.scenario.rl %t.block.rl %t.params.rl %t.fields.rl

// Very long operator, call, index and field chains: past 20,000 operators in one
// declaration they are [nesting_too_deep], exit 1, in well under 5 s; just under the cap a
// chain is parsed and folded to the right value.
// RUN: %python -c "print('let x = 1' + ' + 1' * 100000)" > %t.plus.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.plus.rl | FileCheck %s --check-prefix=PLUS
// PLUS: plus.rl:1:80011: error: more than 20000 operators in one declaration; split it with `let` [nesting_too_deep]
// PLUS-NOT: error
// PLUS: exit 1

// RUN: %python -c "print('let x = 1' + ' + 1' * 19999 + '\nscenario s { report r = x }')" > %t.plus_ok.rl
// RUN: %python %S/Inputs/run_limited.py 0 5 %ringline eval %t.plus_ok.rl | FileCheck %s --check-prefix=PLUS_OK
// PLUS_OK: r = 20000
// PLUS_OK: exit 0

// RUN: %python -c "print('fn f() -> Int = 1\nlet x = f' + '()' * 100000)" > %t.calls.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.calls.rl | FileCheck %s --check-prefix=CALLS
// CALLS: calls.rl:2:40010: error: more than 20000 operators in one declaration; split it with `let` [nesting_too_deep]
// CALLS: exit 1

// RUN: %python -c "print('let l = [[1]]\nlet x = l' + '[0]' * 100000)" > %t.index.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.index.rl | FileCheck %s --check-prefix=INDEX
// INDEX: index.rl:2:60010: error: more than 20000 operators in one declaration; split it with `let` [nesting_too_deep]
// INDEX: exit 1

// RUN: %python -c "print('record R { a: Int = 1 }\nlet x = R {}' + '.a' * 100000)" > %t.fields.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.fields.rl | FileCheck %s --check-prefix=FIELDS
// FIELDS: fields.rl:2:40011: error: more than 20000 operators in one declaration; split it with `let` [nesting_too_deep]
// FIELDS: exit 1

// RUN: %python -c "print('record R { a: Int = 1 }\nlet x = R {}' + ' with { a = 2 }' * 5000 + '\nscenario s { report r = x.a }')" > %t.with_ok.rl
// RUN: %python %S/Inputs/run_limited.py 0 5 %ringline eval %t.with_ok.rl | FileCheck %s --check-prefix=WITH_OK
// WITH_OK: r = 2
// WITH_OK: exit 0

// One long chain per declaration is fine, however many declarations there are.
// RUN: %python -c "print(''.join('let x%%d = 1%%s\n' %% (i, ' + 1' * 10000) for i in range(10)) + 'scenario s { report r = x9 }')" > %t.many_ok.rl
// RUN: %python %S/Inputs/run_limited.py 0 5 %ringline eval %t.many_ok.rl | FileCheck %s --check-prefix=MANY_OK
// MANY_OK: r = 10001
// MANY_OK: exit 0

// The inputs are large; the coverage script reads every .rl file under test/.
// RUN: rm -f %t.plus.rl %t.plus_ok.rl %t.calls.rl %t.index.rl %t.fields.rl %t.with_ok.rl %t.many_ok.rl

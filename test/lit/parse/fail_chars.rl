// Characters no token starts with, unterminated strings and comments are [syntax_error]
// at the character; every such character in the file is reported, and invisible ones by
// code point.
// RUN: %ringline check --verify-diagnostics --split-input-file %s

// expected-error@+1 {{unexpected character `$` [syntax_error]}}
let x = 1 $ 2

// -----
// expected-error@+1 {{unexpected character `€` (U+20AC) [syntax_error]}}
let price = 3 €

// -----
// Each bad character is reported, in order.
// expected-error@+2 {{unexpected character `@` [syntax_error]}}
// expected-error@+1 {{unexpected character `#` [syntax_error]}}
let x = @1 + #2
// expected-error@+1 {{unexpected character `?` [syntax_error]}}
let y = 3 ?

// -----
// expected-error@+1 {{unterminated string; close it with `"` on the same line [syntax_error]}}
let name = "resnet
let x = 1

// -----
// A zero-width space is named by its code point.
// expected-error@+1 {{unexpected character U+200B [syntax_error]}}
let x = 1​ + 2

// -----
// `µ` and `μ` start names (`µs`), but other Greek letters do not.
// expected-error@+1 {{unexpected character `α` (U+03B1) [syntax_error]}}
let α = 1

// -----
let ok = 1 /* a closed comment */ + 2
// expected-error@+1 {{unterminated comment; `/*` has no `*/` after it [syntax_error]}}
let x = 1 /* never closed
let y = 2

// -----
// A string's escapes are \n, \t, \\ and \"; any other is refused, not its backslash
// silently dropped (`"\q"` read as `q`).
let ok = "tab\there, quote \" and backslash \\"
// expected-error@+1 {{unknown escape `\q` in a string; the escapes are \n, \t, \\ and \" [syntax_error]}}
let bad = "abc\q"

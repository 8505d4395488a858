// Syntax errors are [syntax_error] at the offending token, worded with backticks and
// "end of file"; the parser recovers at the next declaration, so later mistakes are
// reported too.
// RUN: %ringline check --verify-diagnostics --split-input-file %s

// expected-error@+1 {{unexpected `)` expecting {end of file, `import`, `let`}}
let x = 1 )

// -----
// The end of a chunk is the line of the `// -----` after it.
// expected-error@+3 {{unexpected `end of file` expecting {}}
let x = (1 +

// -----
// The next declaration is parsed on its own: one error, not a cascade.
let x = 1 +
// expected-error@+1 {{unexpected `let` expecting {}}
let y = 2

// -----
// expected-error@+1 {{missing ID at `=` [syntax_error]}}
let = 3

// -----
// expected-error@+1 {{unexpected `=` expecting {`,`, `)`, ID} [syntax_error]}}
fn f( = 3

// -----
// expected-error@+1 {{unexpected `}` expecting ID [syntax_error]}}
scenario s { report }

// -----
// expected-error@+1 {{unexpected `}` expecting {`fn`, `(`, `[`, NUMBER, ID} [syntax_error]}}
record R { a: }

// -----
let x = [1, 2
// expected-error@+1 {{unexpected `let` expecting {`,`, `]`} [syntax_error]}}
let y = 3

// -----
// expected-error@+2 {{unexpected `end of file` expecting `else` [syntax_error]}}
let x = if true then 1
// -----
// expected-error@+1 {{unexpected `+` expecting {}}
let x = 1 ++ 2

// -----
// expected-error@+1 {{`foo` cannot start a reduction; write `sum`}}
let x = foo i in [1]: i

// -----
// Junk between declarations is skipped up to the next one, and each run reported.
let a = 1
// expected-error@+1 {{unexpected `}` expecting {end of file, `import`, `let`}}
}
let b = 2
// expected-error@+1 {{unexpected `)` expecting {end of file, `import`, `let`}}
) ] )
let c = 3

// -----
// expected-error@+1 {{unexpected `;` expecting {end of file, `import`, `let`}}
let x = 1;;

// -----
// expected-error@+1 {{unexpected `..` expecting {end of file, `import`, `let`}}
let x = 1 .. 2

// -----
scenario s {
  // expected-error@+1 {{cannot parse `[1..` [syntax_error]}}
  param n: Int = 1 in [1 .. 4]
  report r = n
}

// -----
// expected-error@+2 {{unexpected `end of file` expecting {STRING, ID} [syntax_error]}}
import
// -----
// Two broken declarations, two errors.
// expected-error@+1 {{missing ID at `=` [syntax_error]}}
let = 1
let ok = 2
// expected-error@+1 {{unexpected `)` expecting {}}
let y = )

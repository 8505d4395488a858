// Deliberately wrong expectations for --verify-diagnostics: one expected error that does
// not occur, and one error that is not expected.
// expected-error@+1 {{unknown name `nothing`}}
let a = 1
let b = 1 s + 1 B

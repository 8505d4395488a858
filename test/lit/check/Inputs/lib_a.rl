// A library for the import tests: a value, a function, a record, a private name.
let a = 1
fn twice(x: Int) -> Int = 2 * x
record Link { bw: B/s, lat: s = 0 s }
let _private = 3

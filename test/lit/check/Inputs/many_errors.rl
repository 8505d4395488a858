// Five unknown names, for the error cap (--max-errors).
let a = x1
let b = x2
let c = x3
let d = x4
let e = x5

// Imports a missing file and uses names it would have bound: only the import is an error.
import "no_such_file.rl"
import "no_such_either.rl" as hw
let x = a + twice(2)
let l = hw.Link { bw = 1 GB/s }
scenario s {
  report r = x
}

// Closes the three-module cycle.
import "cycle_c.rl"
let e = 1

// Middle of the three-module cycle.
import "cycle_e.rl"
let d = 1

// The other half of the import cycle.
import "cycle_a.rl"
let b = 2

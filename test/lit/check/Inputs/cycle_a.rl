// Half of an import cycle: cycle_a.rl -> cycle_b.rl -> cycle_a.rl.
import "cycle_b.rl"
let a = 1

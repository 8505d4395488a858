// A three-module cycle: cycle_c.rl -> cycle_d.rl -> cycle_e.rl -> cycle_c.rl.
import "cycle_d.rl"
let c = 1

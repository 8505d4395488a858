// Imports itself.
import "self_import.rl"
let x = 1

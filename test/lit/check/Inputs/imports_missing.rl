// Imports a file that does not exist.
import "no_such_file.rl"
let x = 1

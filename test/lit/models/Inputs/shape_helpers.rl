// Used by fail_shape.rl: the line and column numbers are checked there.
import stdlib.layers

// Conv, then a 2x2 pool: the fourth application meets a 1x1 input.
fn down(c: Int) -> [Block] =
  [conv2d(c, 3, p = 1), relu, maxpool(2)]
fn tower(c: Int) -> [Block] = join_blocks([down(c), down(c), down(c),
  down(c)])

let bad = network("bad", [3, 8, 8], tower(64))

// A layer type of the spec: pairs of features, so it needs an even count.
fn pairs() -> Block = fn(x: [Int]) -> [Layer] = if x[0] % 2 != 0 then
    shape_error("`pairs` needs an even number of features, got `" + str(x) + "`")
  else [elementwise("pairs", [floor(x[0] / 2)], 1, 1)]

let ok = network("ok", [8], [pairs()])
let odd = network("odd", [16], [dense(7), relu, pairs()])

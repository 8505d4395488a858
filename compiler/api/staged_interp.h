// The interpreter as a sweep's box filler, staged like the JIT's loop nest: it walks a
// box in the sweep's loop order and computes each IR value only when a param it depends
// on changes (codegen::Stage's levels), so a value of the outer loops costs once per
// iteration of those loops, not once per point. Values come out bit for bit as
// interp::Evaluator computes them (the same ir::Apply on the same operands, only fewer
// times).
//
// With `skip_infeasible` (a sweep that drops infeasible rows), each `require` is checked
// as soon as its condition is known: first in its loop level, after only the values its
// condition needs (the cheapest require first), then the level's other values. A failed
// require marks the point, and every point of the loops inside it, infeasible and skips
// their work; their reports are left as they were (a dropped row is never read). The walk
// then takes its own loop order, chosen with the values no require needs weighed as
// computed at few points. Without it, every point's reports are computed and `feasible`
// is every require's outcome, as interp::Evaluator::Run gives them.
#pragma once
#include <cstdint>
#include <vector>

#include "compiler/ir/ir.h"
#include "runtime/sweep.h"

namespace rl::api {

// Fillers of `sc`'s sweep, walking each box in `order` (outermost first, every param
// once; skipping, an order of their own). `sc` must outlive them.
runtime::FillerFactory StagedInterpFillers(const ir::Scenario& sc, const std::vector<uint32_t>& order,
                                           bool skip_infeasible);

}  // namespace rl::api

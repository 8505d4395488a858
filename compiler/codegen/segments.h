// Segments: how codegen keeps every LLVM function it emits below a fixed size, so that
// compiling a scenario takes time linear in its size. LLVM's code generator is
// superlinear in the size of one basic block (machine LICM compares each hoisted
// instruction with every one hoisted before it, the machine scheduler and the DAG
// instruction selector pick among all ready instructions), and the loop vectoriser in
// the size of one loop body; a 10,000-term sum in one loop took 7 s to compile, 30,000
// terms a minute (docs/performance.md, "Compile time").
//
// A loop level (or `eval`'s straight line) whose values would emit more than four times
// `max_size` instructions is cut, in value order, into segments of at most `max_size`;
// each becomes a function of its own (internal, never inlined) that the level calls.
// Values crossing from one function to another go through a spill area, one slot per
// such value, which the caller allocates. Reports and requires, when there are more
// than kMaxInlineOutputs of them, are likewise stored and checked by output segments.
// Scenarios with no oversized level are emitted exactly as before: one function, with
// vectorisable loops.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "compiler/ir/ir.h"

namespace rl::codegen {

// The largest segment, in EmittedSize units (a spill-area load or store counts 4).
// Measured with ringline-compile-bench (docs/performance.md, "Compile time"): segments
// of 250 to 500 compile 25-30% faster than of 1000 or 2000, where LLVM's per-block
// analyses of the spill traffic grow; smaller ones pay more per function.
constexpr size_t kDefaultSegmentSize = 500;
// Reports plus requires stored inline; more go to output segments. Each report store in
// a loop carries alias scopes naming every other output (what lets LLVM vectorise the
// stores), which is quadratic in their number.
constexpr size_t kMaxInlineOutputs = 64;
// The copies of the innermost loop that versioning makes (sweep.cpp: invariant
// conditions, guarded min/max; at most 8) hold at most this many segments' worth.
constexpr size_t kVersionBudget = 2;

// About how many LLVM instructions codegen emits for `in`: the unit segments are sized in.
size_t EmittedSize(const ir::Inst& in);

struct SegmentPlan {
  static constexpr int32_t kInline = -1;  // computed by the calling function itself
  struct Segment {
    int level;                     // loop depth (-1: outside the loops)
    std::vector<uint32_t> values;  // in value order
  };
  struct OutputSegment {
    uint32_t report_begin, report_end;    // reports stored
    uint32_t require_begin, require_end;  // requires and-ed into the returned flag
  };
  std::vector<int32_t> home;  // per value: its segment, or kInline (constants: wherever used)
  std::vector<int32_t> slot;  // per value: its index in the spill area, or -1
  uint32_t num_slots = 0;
  size_t memory_ops = 0;  // loads and stores of the spill area (each once per function)
  std::vector<Segment> segments;
  std::vector<OutputSegment> outputs;  // empty: the caller stores reports and checks requires
  // Indexed by level + 1: the segments a level calls, in order, and the values they
  // compute that the caller reads afterwards (loaded from the spill area once, right
  // after the calls).
  std::vector<std::vector<uint32_t>> level_segments, reloads;

  bool Inline(uint32_t v) const { return home[v] == kInline; }
};

// `level`: per value, the loop depth it is computed at (`eval`: all -1); `pinned`: values
// the caller computes itself wherever their level is (params, loads of batched kernel
// predictions); `external_uses`: values read by other functions (kernel-table fillers),
// which need a slot.
SegmentPlan PlanSegments(const ir::Scenario& s, const std::vector<int>& level, size_t num_levels,
                         const std::vector<bool>& pinned, const std::vector<uint32_t>& external_uses,
                         size_t max_size);

// The code of a sweep of `s` in `order` as planned with segments of the default size
// (the kernel tables aside), in EmittedSize units with the outputs' stores and the spill
// traffic (a load or store weighing kMemoryWeight): what the JIT's compile time is
// proportional to (compiler/driver/backend.cpp). Code left in its level's function
// (vectorisable loops and their versions) costs LLVM several times more per unit than
// the straight lines of segments.
struct CodeSize {
  size_t in_levels = 0, in_segments = 0;
  std::vector<bool> level_segmented;  // [level + 1]
};
CodeSize MeasureCode(const ir::Scenario& s, const std::vector<uint32_t>& order);
constexpr size_t kMemoryWeight = 4;  // a spill-area load or store, in EmittedSize units

}  // namespace rl::codegen

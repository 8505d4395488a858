// Reading JSON within bounds: llvm::json::parse behind the checks that keep a hostile
// file from taking the machine's memory. A million nested objects (6 MB of `{"a":`) cost
// llvm::json about 4 KB a level and recurse as deep, so nesting is bounded first, by a
// scan that allocates nothing; then the size and the count of values. The readers of
// torch.profiler traces (calibrate --trace), results (plot) and Hugging Face configs
// (json_get) all read through here.
#pragma once
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/JSON.h>

#include <cstddef>
#include <cstdint>

namespace rl::json {

// Traces, configs and results nest a few levels; 64 leaves room and little stack.
constexpr size_t kMaxDepth = 64;
// torch.profiler traces of a few training steps are tens of MB.
constexpr uint64_t kMaxBytes = uint64_t{512} << 20;
// llvm::json holds a value in about 40 bytes and more, and an object in about 4.3 KB (its
// map's first buckets; 10^6 one-key objects took 4.36 GB): 2^25 values and 2^18 objects
// keep a document near a GB at worst. A torch.profiler trace's events are its objects:
// 262,144 events is a long trace of several steps.
constexpr uint64_t kMaxValues = uint64_t{1} << 25;
constexpr uint64_t kMaxObjects = uint64_t{1} << 18;

struct Bounds {
  size_t depth = kMaxDepth;
  uint64_t bytes = kMaxBytes;
  uint64_t values = kMaxValues;
  uint64_t objects = kMaxObjects;
};

// The document in `text`, or an error that says which bound it passes (and at which
// line) or why it is not JSON.
llvm::Expected<llvm::json::Value> Parse(llvm::StringRef text, const Bounds& bounds = {});

}  // namespace rl::json

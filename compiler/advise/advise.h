// `ringline advise` as a library (rl_advise, on the library API): every parallelization
// strategy of stdlib.strategies (stdlib.advise names them) for a network on a cluster at
// each GPU count, ranked by a goal. Each row is stdlib.advise's `advise_row`, called on
// static values through ringline::Spec::Call, so the numbers are exactly those a spec
// calling the library gets; this library ranks the rows, finds each strategy's scaling
// limit, and writes them through the runtime's sinks. The command (compiler/driver) and
// the Python package (`ringline.advise`) both call Run.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "include/ringline/tools.h"
#include "runtime/sinks.h"

namespace rl::advise {

// The query (ringline/tools.h, the library's public form).
using Query = ringline::AdviseQuery;

// One row: stdlib.advise's AdviseRow, and its rank.
struct Row {
  double gpus = 0;
  double used = 0;  // the GPUs the plan runs on: `gpus`, unless it breaks a constraint saying so
  std::string strategy, bound;
  double iter = 0, epoch = 0, memory = 0, capacity = 0, comm = 0, exposed = 0, efficiency = 0;
  // The run of one epoch (stdlib.run_cost): GPU-hours and days elapsed, J, USD, a count, s, a share.
  double gpu_hours = 0, days = 0, energy = 0, cost = 0, interruptions = 0, checkpoint_interval = 0, goodput = 0;
  double value = 0, limit = 0;
  double throughput = 0;  // samples per second
  bool base_fits = true;  // whether one GPU holds the baseline's samples
  std::string broken;  // the constraint that fails, "" when feasible
  std::string unit;    // value and limit's unit: "B", or "" for a count
  int rank = 0;        // 1-based among the feasible rows of its GPU count; 0 when infeasible
};

struct Result {
  std::string title;  // `resnet50 on abci: 32 samples per GPU, sgd, kernels compute`
  std::vector<Row> rows;  // by GPU count, then feasible rows by the goal, then the others
  // What efficiency is measured against: one GPU, or when one GPU lacks the memory for
  // the baseline's samples, the fastest feasible row at the smallest GPU count that has
  // one (`data_overlap at 32 GPUs`), its throughput per GPU as 100%.
  std::string baseline = "one GPU";
  // Per strategy, in the order they first appear, the largest GPU count at which it is
  // feasible with at least the threshold efficiency (0: none).
  std::vector<std::pair<std::string, double>> limits;
};

// The options that make a run's Setup, evaluated in the spec (a mistake in one is a
// diagnostic pointing into its text): `--device` a `Device` (an unknown name lists the
// devices), `--setup` a `Setup`, `--collectives` `Collectives` or one allreduce schedule,
// which `coll_text` wraps as stdlib.advise's allreduce_with. An empty text leaves its value
// empty (Kind::Other). Throws SpecError (`bad_option`) for a value of another type.
struct SetupOptions {
  ringline::Value device, base, coll;
  std::string coll_text;  // `Collectives` text for coll
};
SetupOptions EvalSetupOptions(ringline::Spec& spec, const std::string& device, const std::string& setup,
                              const std::string& collectives);

// Throws SpecError of kind `interrupted` when `interrupt` is set (a query's).
void StopIfInterrupted(const std::atomic<bool>* interrupt);

// The spec a query names, or the standard library alone when it names none.
std::unique_ptr<ringline::Spec> OpenSpec(const std::string& file, const ringline::Options& options);

// The query's own mistakes (an unknown goal, optimizer or compute source, options that go
// together or exclude each other, GPU counts out of range): a SpecError of `bad_option` or
// `bad_usage` diagnostics, before anything is compiled.
void Validate(const Query& q);

// Validates, compiles the spec (or the standard library alone), evaluates every strategy
// at every GPU count and ranks them. Throws ringline::SpecError: the query's mistakes, and
// names the option's text does not resolve (`--cluster:1:1: error: unknown name ...`).
Result Run(const Query& q, const ringline::Options& options = {});
// The same on a spec already compiled (the command's, which asked transformer.h's
// IsTransformer of it first).
Result Run(ringline::Spec& spec, const Query& q);

// The rows as the command's table shows them (times in ms and s, memory in GB, shares in
// percent, the first broken constraint with its value and limit), with the title and the
// scaling limits around them (runtime::SinkOptions of a fitted table).
void WriteTable(runtime::Sink& sink, const Result& r);
runtime::SinkOptions TableOptions(const Query& q, const Result& r);
// The rows as CSV and JSON carry them, in SI units, as `sweep` writes its columns; JSON's
// `scaling_limits` member comes from DataOptions.
void WriteData(runtime::Sink& sink, const Result& r);
runtime::SinkOptions DataOptions(const Result& r);

}  // namespace rl::advise

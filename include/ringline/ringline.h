// Ringline as a library: compile a spec (a file or text), list its scenarios and their
// params, evaluate a scenario at a point or sweep it into a sink, and call any function of
// the spec or the standard library on static values. The `ringline` command's advise,
// stats and calibrate and the Python package stand on this; docs/architecture.md, "The
// library API", describes it. Everything a spec can get wrong is a ringline::SpecError
// carrying the same diagnostics the command prints; nothing a spec says aborts the caller.
//
//   auto spec = ringline::Spec::Compile("examples/abci_allreduce.rl");
//   auto sc = spec->Lower("abci_resnet50", {{"nodes", "16"}, {"inter", "1.25 GB/s"}});
//   ringline::Row r = sc->Eval();                       // params then reports, SI units
//   ringline::Value plan = spec->Call("stdlib.strategies.serial", {net, setup, ringline::Value::Int(32)});
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "value.h"  // beside this header, in the source tree and installed

namespace ringline {

// One diagnostic, as the command prints it and in parts.
struct Diagnostic {
  std::string file;                  // the buffer's name (a path, `--set`); "" without a location
  unsigned line = 0, column = 0;     // 1-based; 0 without a location
  std::string severity;              // "error", "warning" or "note"
  std::string kind;                  // the stable tag (`unknown_name`, `file_error`;
                                     // docs/diagnostics.md)
  std::string message;               // without the tag
  std::string text;                  // `file:line:col: error: message [tag]`, source line, caret

  // One without a location (`ringline: error: message [kind]`), as the command prints a
  // usage mistake.
  static Diagnostic Plain(std::string kind, std::string message, std::string severity = "error");
};

// A spec, a value or a setting that is wrong: what() is the diagnostics' text.
class SpecError : public std::runtime_error {
 public:
  explicit SpecError(std::vector<Diagnostic> diagnostics);
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

 private:
  std::vector<Diagnostic> diagnostics_;
};

struct Options {
  std::string stdlib_dir;                // "" : $RINGLINE_STDLIB, else the one the library was built with
  std::vector<std::string> allow_paths;  // folders a spec may also read (`--allow-path`)
  unsigned max_errors = 20;              // diagnostics after this many errors are dropped
};

enum class Backend { Auto, Jit, Interp };

// A scenario's param: its values (SI units; for a param over static values, `labels`
// names them and a value is the label's index), the default's index among them.
struct Param {
  std::string name;
  std::string kind;   // "Int", "Real", "Bool" or "label"
  std::string unit;   // the unit it prints in ("" for a plain number)
  double default_value = 0;
  std::vector<double> values;
  std::vector<std::string> labels;
};

// A result column: params, then reports, then `feasible` when asked for.
struct Column {
  enum class Kind { Int, Real, Bool, Label } kind = Kind::Real;
  std::string name;
  std::string unit;                 // the unit its values are shown in ("" for plain numbers)
  std::vector<std::string> labels;  // Label: the names of its values
};

// One evaluated point: every column's value in SI units (FromSI converts), and whether
// every `require` holds. Where one fails, `notes` holds a note ([infeasible]) at each
// require the point fails, as `ringline eval` prints them.
struct Row {
  std::vector<double> values;
  bool feasible = true;
  std::vector<Diagnostic> notes;
};

// A scenario's `require`: how messages name it (its message in quotes,
// `"activations fit"`, else its condition in backticks) and where it is written.
struct Require {
  std::string name;
  std::string file;   // "" without a location
  unsigned line = 0;  // 1-based; 0 without a location
};

// Where sweep rows go. Rows arrive in SI units, in the order the sweep defines (point
// order for full tables); Begin comes before the first row.
class Sink {
 public:
  virtual ~Sink() = default;
  virtual void Begin(const std::string& scenario, const std::vector<Column>& columns) = 0;
  virtual void Row(const double* values) = 0;
  virtual void End() = 0;
};
enum class Format { Table, Csv, Json };
// The command's table, CSV and JSON writers. A table's param columns are as wide as the
// widest of the values a sweep gives them, as the command's; `single_row` asks a table
// for the `name = value` lines `ringline eval` prints one row in.
std::unique_ptr<Sink> MakeSink(Format f, std::ostream& out, unsigned table_digits = 6, bool single_row = false);

// The processes of an MPI job sweeping one space together (docs/mpi.md): every process
// calls Sweep with the same scenario and options, the chunks are dealt out among them, and
// process 0's sink gets the rows one process would write (the others' sinks get none);
// every process's summary is process 0's, the whole sweep's.
class Processes {
 public:
  // The job an MPI launcher (mpirun, srun) started this process in, MPI initialised here
  // (and finalised when the object goes); nullptr when no launcher started it or the
  // library was built without MPI.
  static std::unique_ptr<Processes> Launched();
  // The processes of `comm`, the handle of a communicator of an MPI the caller initialised
  // (mpi4py's `MPI._handleof(comm)`), duplicated; nullptr when MPI is not initialised or
  // the library was built without MPI.
  static std::unique_ptr<Processes> Join(intptr_t comm);
  virtual ~Processes() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // Sends this process's stdout and stderr to /dev/null (what the command does on every
  // process but 0, so that the job prints once).
  virtual void Silence() = 0;
};

struct SweepOptions {
  Backend backend = Backend::Auto;
  unsigned opt_level = 2;          // the JIT's LLVM level, 0 to 3 (`-O`)
  std::string order;               // the loop order's outermost params, `p1,p2` (`--order`); "" chooses
  unsigned threads = 0;            // 0: every core
  bool keep_infeasible = false;    // rows that fail a `require` are rows too (with a `feasible` column)
  // At most one reduction (else SpecError `bad_usage`):
  std::string best;                // a report: keep only the row that minimises it (`-name`: maximises)
  size_t top = 0;                  // with `top_by`: the `top` best rows
  std::string top_by;
  std::string pareto;              // `R1,R2` (`-R` maximises): the rows no other beats in both
  std::string histogram;           // a report: `R_lo`, `R_hi` and `count` columns, one row per bin
  unsigned bins = 20;              // the histogram's most bins
  const std::atomic<bool>* interrupt = nullptr;  // polled between chunks; set it to stop
  bool progress = false;           // a progress line on stderr while it runs, as the command's
  std::atomic<uint64_t>* done = nullptr;  // kept at the points evaluated so far (a caller's progress)
  Processes* processes = nullptr;  // with several: the sweep spread over them (Processes)
  // How the SpecErrors about the options above name them (the command names its flags,
  // `--best`, `--by`).
  struct Names {
    std::string best = "`best`", top_by = "`top_by`", pareto = "`pareto`", histogram = "`histogram`",
                bins = "`bins`", order = "`order`";
  } names;
};
struct SweepSummary {
  uint64_t points = 0;       // evaluated
  uint64_t total = 0;        // in the space
  bool interrupted = false;
  // Without keep_infeasible: the points evaluated that fail a `require`, and per require
  // (its message, in declaration order: Scenario::Requires) the points that fail it (a
  // point that fails several counts in each), as the command's `N of M points dropped`
  // line says. `dropped` is empty where a variant's requires are not the scenario's.
  uint64_t infeasible = 0;
  std::vector<std::pair<std::string, uint64_t>> dropped;
  // Under several processes, interrupted: a process did not end within the grace time
  // (docs/mpi.md), so a reduction's rows never came and the sink got none. A full table
  // holds the rows so far.
  bool abandoned = false;
};

// `si`, a value in SI units, in `unit` (a Column's or Param's: "ms", "GB/s"; "" leaves it),
// converted exactly as the command's sinks print it; throws SpecError (`unknown_unit`) for a
// unit it cannot read. The second converts `n` values in place, reading the unit once.
double FromSI(double si, const std::string& unit);
void FromSI(double* values, size_t n, const std::string& unit);

// A derivative report of a scenario lowered with `sensitivity` (docs/sensitivity.md): the
// column `column` of a row holds d report / d input in SI units (`unit`), where `report`
// is the report's column and the input a `Real` param (`param`, its index) or a `Real`
// field of a record param (`param` -1, `input` is `param.field`, of value `value`).
struct Sensitivity {
  std::string report, input;
  size_t report_column = 0, column = 0;
  int param = -1;
  double value = 0;        // a field's value (SI); a param's is the row's
  std::string input_unit;  // the input's SI unit ("" for plain numbers)
  std::string unit;        // the derivative's
};

// One `Real` report over the samples of Scenario::Uncertainty (SI units): the mean, the
// 5th, 50th and 95th percentiles (linear between order statistics) and the standard
// deviation, over the `feasible` samples of `samples`.
struct Spread {
  std::string report;
  std::string unit;  // SI
  double mean = 0, p5 = 0, p50 = 0, p95 = 0, sd = 0;
  uint64_t samples = 0, feasible = 0;
};

// d ln report / d ln input at `row`: derivative · input / report (the input's value is
// the row's for a param, `s.value` for a field); NaN where the report is 0.
double Elasticity(const Sensitivity& s, const Row& row);

class Scenario {
 public:
  virtual ~Scenario() = default;
  virtual const std::string& Name() const = 0;
  virtual const std::vector<Param>& Params() const = 0;
  // Params, then reports (then `feasible` with `feasible_column`).
  virtual std::vector<Column> Columns(bool feasible_column = false) const = 0;
  // In declaration order.
  virtual const std::vector<Require>& Requires() const = 0;
  // The derivative columns (after every report), report by report within each input.
  virtual const std::vector<Sensitivity>& Sensitivities() const = 0;
  // Every continuous input the derivatives can be taken by, whether or not asked for:
  // the names `sensitivity` takes (Spec::Lower).
  virtual const std::vector<std::string>& Inputs() const = 0;
  // For a scenario from Spec::LowerSampled: its `Real` reports over samples 0 .. samples-1
  // of its distributions, every other param at its default, on `threads` threads (0:
  // every core). The same seed gives the same numbers on either backend. Throws SpecError
  // (`bad_usage`) for a scenario lowered otherwise, and as Eval does for a report that is
  // not finite.
  virtual std::vector<Spread> Uncertainty(uint64_t samples, Backend backend = Backend::Auto,
                                          unsigned threads = 0) = 0;
  // The points of the product of every param's values (UINT64_MAX: 2^64 or more).
  virtual uint64_t Points() const = 0;
  // The point at every param's default (after the settings it was lowered with), on the
  // JIT at `opt_level` (0 to 3) where `backend` runs it there.
  virtual Row Eval(Backend backend = Backend::Auto, unsigned opt_level = 2) = 0;
  // An Eval's row into `sink` as `ringline eval` writes it: Begin, the row (with a
  // `feasible` column when the scenario has requires), End. Derivative columns are left
  // out (Sensitivities() describes them).
  virtual void Write(Sink& sink, const Row& row) const = 0;
  // The product of every param's values into `sink`: all rows, or the reduction asked for.
  // Throws SpecError (`bad_usage`) for a scenario lowered `eval_only`.
  virtual SweepSummary Sweep(Sink& sink, const SweepOptions& options = {}) = 0;
};

class Spec {
 public:
  // Throw SpecError when the spec does not load and check. `path` "-" is standard input,
  // read once per process (named `<stdin>` in diagnostics).
  static std::unique_ptr<Spec> Compile(const std::string& path, const Options& options = {});
  static std::unique_ptr<Spec> CompileString(const std::string& text, const std::string& name = "<string>",
                                             const Options& options = {});
  // The standard library alone (`Call("stdlib.advise.advise_row", ...)`, Import).
  static std::unique_ptr<Spec> Library(const Options& options = {});
  virtual ~Spec() = default;

  virtual std::vector<std::string> Scenarios() const = 0;
  // Checks every declaration and every variant of every scenario of the spec, as `ringline
  // check` does, so that a scenario's mistakes are found before its first Lower; throws
  // SpecError with them.
  virtual void Check() = 0;
  // A scenario (of the spec, or of a module by its qualified name,
  // `stdlib.advise_llm.layout_search`, whose `--set` texts are read in the spec's scope)
  // with settings as `--set NAME=TEXT` takes them (`"1.25 GB/s"`, `"1..64*2"`,
  // `"v100,a100"`) and display units as `--unit NAME=UNIT`; throws SpecError. With
  // `eval_only`, only the variant at the defaults of the params whose values are static
  // is lowered (Eval's; the others may be many, and not every one need lower). With
  // `sensitivity`, each row also holds the derivatives of every `Real` report by the
  // inputs it names (all of the scenario's continuous inputs when empty; Scenario::Inputs),
  // computed exactly in forward mode (docs/sensitivity.md).
  virtual std::unique_ptr<Scenario> Lower(const std::string& scenario,
                                          const std::vector<std::pair<std::string, std::string>>& sets = {},
                                          const std::vector<std::pair<std::string, std::string>>& units = {},
                                          bool eval_only = false,
                                          const std::optional<std::vector<std::string>>& sensitivity = std::nullopt) = 0;
  // The variant at the defaults, lowered to draw each param that carries a distribution
  // (`~ normal(...)` in the spec, or in `vary`: NAME and the distribution's text, NAME a
  // `Real` param or a record param's `Real` field `param.field`) once per sample, from
  // `seed` (docs/uncertainty.md). Its last param is `sample`; Scenario::Uncertainty runs it.
  virtual std::unique_ptr<Scenario> LowerSampled(const std::string& scenario,
                                                 const std::vector<std::pair<std::string, std::string>>& sets,
                                                 const std::vector<std::pair<std::string, std::string>>& units,
                                                 const std::vector<std::pair<std::string, std::string>>& vary,
                                                 uint64_t seed) = 0;
  // The spec's own top-level values (`let`s, without private `_` names), in source order.
  virtual std::vector<std::string> Names() const = 0;
  // Makes a module's public names visible to Get, Call and Eval (`stdlib.models.all`);
  // names the spec binds keep their meaning. Returns the module's own `let`s.
  virtual std::vector<std::string> Import(const std::string& module) = 0;
  // A top-level value, a call of a function (`fn`, or `stdlib.kernel_time.layer_time`),
  // one value written as on the command line (`"10 ms"`, `"abci"`); throw SpecError.
  virtual Value Get(const std::string& name) = 0;
  virtual Value Call(const std::string& fn, const std::vector<Value>& args,
                     const std::vector<std::pair<std::string, Value>>& named = {}) = 0;
  // `label` names the text in diagnostics (an option's name: `--cluster:1:1: error: ...`).
  virtual Value Eval(const std::string& text, const std::string& label = "<value>") = 0;
  // Every diagnostic reported so far (the errors among them were also thrown).
  virtual std::vector<Diagnostic> Diagnostics() const = 0;
};

}  // namespace ringline

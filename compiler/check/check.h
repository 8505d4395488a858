// Check phase: loads a spec and its imports, resolves names, checks types and units, and
// lowers each scenario to cost IR by evaluating everything static (lists, records,
// functions, the network's structure) at compile time. What remains depends on params.
#pragma once
#include <llvm/Support/Error.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/ast/ast.h"
#include "compiler/diag/diag.h"
#include "compiler/ir/ir.h"
#include "base/units/units.h"
#include "include/ringline/value.h"

namespace rl::check {

struct Options {
  std::string stdlib_dir;        // where `import stdlib.x` looks (its parent folder)
  unsigned max_call_depth = 200; // function calls nested deeper are an error
  // Expressions nested deeper (each function body may be deep, and calls nest) are an
  // error before they overflow the stack.
  unsigned max_eval_depth = 100'000;
  // Compile-time evaluation steps (expressions evaluated) in one compilation: a branching
  // recursion like `fib(40)` or nested loops over long lists stop here instead of hanging.
  uint64_t max_eval_steps = 20'000'000;
  // Folders, besides the root spec's own and the standard library, whose files a spec may
  // import or load bundles from (`--allow-path`; docs/language.md, "What a spec may read").
  std::vector<std::string> allowed_dirs = {};
};

// `--set NAME=...` from the command line: value sets parsed from a buffer of their own.
struct Override {
  std::string name;
  std::vector<ast::ValueSet> values;
  SourceRange range;  // NAME in the buffer's `NAME=VALUES` (the whole buffer when it holds only values)
};
// `--unit NAME=ms`.
struct UnitChoice {
  std::string name;
  std::string unit;
  SourceRange range;       // the unit
  SourceRange name_range;  // NAME (`range` when not given)
};

class Program;

// A scenario lowered once per combination of the values of its specialised params (those
// whose values are static: a `Device`, a `String`, an `Int` that shapes structure). Every
// variant has the same params, in declaration order; the combination of variant k is k in
// mixed radix over `specialised` (the first slowest), each digit the index of that
// param's value in its axis. With none, one variant.
struct Variants {
  std::vector<ir::Scenario> scenarios;
  std::vector<uint32_t> specialised;  // param indices
};

// A static value handed in and out of the checker (`ringline stats`, `advise`, the
// library API): the public ringline::Value.
using Exported = ringline::Value;

class Compilation {
 public:
  Compilation(diag::Engine& diags, Options opts);
  ~Compilation();

  // Loads and parses `path` and everything it imports. Returns false on any error;
  // EnvironmentError() then tells a missing/unreadable file (exit 2) from a bad spec.
  bool Load(const std::string& path);
  // Same, for text already registered as a SourceMgr buffer (split-input tests).
  bool LoadBuffer(unsigned buffer_id);
  bool EnvironmentError() const;

  std::vector<std::string> ScenarioNames() const;
  // The scenarios of another module (`stdlib.advise_llm`), loaded if need be (nullopt
  // when it does not load); Lower and LowerVariants take them qualified
  // (`stdlib.advise_llm.layout_search`), and read the `--set` values of their params in the
  // root module's scope.
  std::optional<std::vector<std::string>> ScenarioNames(const std::string& module);
  const ast::Module* Root() const;
  // Lowers one scenario with command-line overrides; nullopt after diagnostics.
  std::optional<ir::Scenario> Lower(const std::string& scenario,
                                    const std::vector<Override>& sets = {},
                                    const std::vector<UnitChoice>& unit_choices = {});
  // Lowers one scenario once per combination of its specialised params' values (all of
  // them with `all_values`, for a sweep; else the defaults, for `eval`); nullopt after
  // diagnostics.
  std::optional<Variants> LowerVariants(const std::string& scenario, const std::vector<Override>& sets,
                                        const std::vector<UnitChoice>& unit_choices, bool all_values);
  // With `on`, the lowerings that follow list each scenario's continuous inputs
  // (ir::Scenario::inputs: its `Real` params and its record params' `Real` fields) and
  // keep what is computed from those fields traceable in the IR, so that
  // passes::Differentiate can take derivatives by them (docs/sensitivity.md).
  void TraceInputs(bool on);
  // With `on`, the lowerings that follow draw each param that carries a distribution
  // (`~ normal(...)`, or one of `vary`: `NAME=DIST` with NAME a param or `param.field`)
  // once per sample: the scenario gains a last param `sample` (the sample's index), and
  // the draws are a pure function of it and `seed` (docs/uncertainty.md).
  void Sample(bool on, uint64_t seed = 0, const std::vector<Override>& vary = {});
  // Checks every declaration and lowers every variant of every scenario of the root module.
  bool CheckAll();
  // Evaluates every top-level `let` of the root module (its values are cached), so `eval`
  // and `sweep` report the same errors in them as `check`; false after diagnostics.
  bool CheckLets();
  // Parses a command-line value list into an Override (buffer named `label`). With
  // `value_offset`, `text` is `NAME=VALUES` and the values start there.
  std::optional<Override> ParseOverride(const std::string& name, const std::string& text,
                                        const std::string& label, size_t value_offset = 0);
  ast::Module& CliArena();
  // Names of the root module's top-level `let`s, in source order.
  std::vector<std::string> GlobalNames() const;
  // Evaluates a top-level name of the root module (or of a module it imports
  // unqualified); nullopt after diagnostics, or when it depends on a param.
  std::optional<Exported> ExportGlobal(const std::string& name);
  // Whether the root module (or what it imports unqualified) binds `name`, and the names
  // it binds (its own and imported, without private `_` names), for suggestions.
  bool Binds(const std::string& name) const;
  std::vector<std::string> VisibleNames() const;

  // The call API (docs/architecture.md, "The call API"). Import makes the public names of
  // a module (`stdlib.advise`, or a path ending in `.rl`) visible unqualified from the root
  // module, as `import` does; names the root already binds keep their meaning. Without a
  // root module (no Load) an empty one is made first. With `contents`, also lists what
  // the imported module defines. False after diagnostics.
  struct ModuleContents {  // what a module defines itself: public names, in source order
    std::vector<std::string> lets, fns, schedules;
  };
  bool Import(const std::string& module, ModuleContents* contents = nullptr);
  // Calls the function (or function-valued `let`) `fn` visible from the root module (or,
  // qualified, `stdlib.kernel_time.layer_time`, that module's own) on
  // positional and then named arguments, all static; the result, or nullopt after
  // diagnostics. Each call has the whole evaluation budget (Options::max_eval_steps).
  std::optional<Exported> Call(const std::string& fn, const std::vector<Exported>& args,
                               const std::vector<std::pair<std::string, Exported>>& named = {});
  // Evaluates one value written on the command line (`10ms`, `abci`, `v100_sxm2_16gb`) in
  // the root module's scope; the text is a buffer of its own named `label` (an option's
  // name), so a diagnostic points into it. Nullopt after diagnostics. The buffer's id is
  // `*buffer` when given.
  std::optional<Exported> EvalText(const std::string& text, const std::string& label, unsigned* buffer = nullptr);
  // A value built by hand (Exported::Record, List, ...) checked and converted once, so
  // that calls passing it again reuse the checker's value (it comes back with a handle).
  std::optional<Exported> Build(const Exported& value);

 private:
  std::unique_ptr<Program> program_;
};

}  // namespace rl::check

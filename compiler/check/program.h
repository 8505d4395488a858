// Internal to compiler/check: the loaded modules and the partial evaluator that checks
// and lowers them. Split by responsibility: modules.cpp (loading, imports, globals),
// resolve.cpp (unknown names in code no scenario reaches), eval_expr.cpp (expressions),
// ops.cpp (arithmetic on static and dynamic scalars), calls.cpp (functions, builtins,
// records), types.cpp (declared types), scenario.cpp (params, reports, --set).
#pragma once
#include <llvm/Support/JSON.h>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "compiler/check/check.h"
#include "compiler/check/value.h"

namespace rl::check {

// The longest String a spec may build (`+`, `str`), so a doubling loop stops.
inline constexpr size_t kMaxString = 1'000'000;
// The longest list `concat` and `flatten` build, as `range` (a Value is ~200 bytes).
inline constexpr size_t kMaxList = 1'000'000;

struct Global {
  enum class Kind { Let, Fn, Record, Type } kind;
  size_t index;
  enum class State { Unevaluated, Busy, Done } state = State::Unevaluated;
  Value value;
};

struct ModuleInfo {
  std::unique_ptr<ast::Module> ast;
  std::string path;  // canonical path, the key of the module table
  std::map<std::string, Global> globals;
  std::map<std::string, ModuleInfo*> unqualified;  // imported name -> its module
  std::map<std::string, ModuleInfo*> aliases;      // `import x as hw`
  bool incomplete = false;  // an import failed: names it may have bound are not reported unknown
  bool resolved = false;    // ResolveModule has run on it
};

// A chain of local bindings (fn params, lets in blocks and scenarios, loop variables).
// Bindings are only ever appended. A scope with many (a scenario or block of thousands of
// `let`s) indexes the older ones, so a lookup does not scan them all.
struct Scope {
  const Scope* parent = nullptr;
  std::vector<std::pair<std::string, Value>> vars;
  // Lookup cache: where each name of vars[0, indexed) was last bound.
  mutable std::unordered_map<std::string, size_t> index = {};
  mutable size_t indexed = 0;

  const Value* Find(const std::string& name) const {
    for (const Scope* s = this; s; s = s->parent)
      if (const Value* v = s->FindHere(name)) return v;
    return nullptr;
  }
  const Value* FindHere(const std::string& name) const {
    if (vars.size() - indexed > 64)
      for (; indexed < vars.size(); ++indexed) index[vars[indexed].first] = indexed;
    for (size_t i = vars.size(); i > indexed; --i)  // the newest, not indexed yet
      if (vars[i - 1].first == name) return &vars[i - 1].second;
    if (indexed == 0) return nullptr;
    auto it = index.find(name);
    return it == index.end() ? nullptr : &vars[it->second].second;
  }
};

// One call (or, with `call` false, the use of a name that produced a function value), in
// a persistent list from the innermost call outwards. Function values keep the list that
// was active when the spec made them (Value::origin), so an error inside a block that the
// library applies much later can still point at the spec's `conv2d(64, 3)`.
struct CallSite {
  SourceRange at;                          // the call expression, or the name
  const std::string* name;                 // the function called (or named)
  bool call;
  bool user;                               // this list reaches a site outside the stdlib
  uint32_t depth;                          // the longest path through parents and origins
  std::shared_ptr<const CallSite> parent;  // the call around this one
  std::shared_ptr<const CallSite> origin;  // the callee's origin, when it has one
};

// Where an expression is evaluated: its module, its locals, and the scenario whose IR
// receives dynamic operations (null at top level, where nothing can be dynamic).
struct Env {
  ModuleInfo* module;
  const Scope* scope;
  ir::Scenario* ir;
};

class Program {
 public:
  Program(diag::Engine& diags, Options opts) : diags_(diags), opts_(std::move(opts)) {}

  // modules.cpp
  // `written`: the import as the spec wrote it (`stdlib.hardwre`), for a did-you-mean.
  ModuleInfo* LoadFile(const std::string& path, SourceRange import_site, const std::string& written = "");
  ModuleInfo* LoadBuffer(unsigned buffer_id, const std::string& key);
  Value LookupGlobal(ModuleInfo* m, const std::string& name, SourceRange use, bool* found);
  const ast::RecordDecl* FindRecord(ModuleInfo* m, const std::string& qualifier,
                                    const std::string& name, ModuleInfo** owner);
  // `type Name = ...` visible from `m` (own or imported unqualified), or null.
  // nullptr also for an alias defined in terms of itself (reported once, when resolved).
  const ast::TypeDecl* FindTypeAlias(ModuleInfo* m, const std::string& name, ModuleInfo** owner);
  // Whether type `t` (in module `m`) names the alias `target`, through any aliases.
  bool AliasReaches(ModuleInfo* m, const ast::Type& t, const ast::TypeDecl* target, int depth);
  // The diagnostic for a `qualifier.name { ... }` that FindRecord did not find.
  void UnknownRecord(ModuleInfo* m, const ast::RecordExpr* e);
  // "; did you mean `x`?" for an unknown `name` used in `m` beside `locals`, or "": the
  // candidates are the locals, the module's own and imported names, its `as` aliases and
  // the built-ins (with `types`, the record and type names visible in `m` instead).
  std::string SuggestName(ModuleInfo* m, const std::string& name, std::vector<std::string> locals,
                          bool types = false);
  ModuleInfo* root = nullptr;
  bool env_error = false;
  // ir::MagnitudeBound's cache for the scenario being lowered (reset by LowerScenario).
  std::vector<double> int_bounds;

  // Whether a spec may read `path` (an import or a bundle): a file inside the root spec's
  // folder tree, the standard library or an --allow-path folder, its symlinks resolved.
  // Otherwise a [path_not_allowed] diagnostic at `use`, before the file is touched.
  bool MayRead(const std::string& path, SourceRange use, const char* what);
  // The root spec's folder (a spec's file, or the file a split-input buffer came from).
  void AllowRootFolder(const std::string& spec);
  std::vector<std::string> allowed_real_;  // canonical folders with a trailing separator
  bool allowed_ready_ = false;            // the stdlib and --allow-path folders are in it

  // resolve.cpp
  void ResolveModule(ModuleInfo* m);

  // eval_expr.cpp
  Value Eval(const ast::Expr* e, const Env& env);
  Value EvalBlock(const ast::BlockExpr* b, const Env& env);
  // A block's `require`: false is an error here when it is constant and no dynamic `if`
  // encloses it, else a require of the scenario (guarded by the enclosing branches).
  bool EvalBlockRequire(const ast::RequireDecl& r, const Env& env);
  // The text of `r` in its buffer (a require's name when it has no message).
  std::string SourceText(SourceRange r) const;

  // schedule.cpp: a `schedule` body, the sum of its steps' times.
  Value EvalSteps(const ast::StepsExpr* e, const Env& env);

  // ops.cpp
  Value Binary(ast::BinaryOp op, const Value& l, const Value& r, SourceRange where,
               SourceRange lrange, SourceRange rrange, const Env& env);
  Value Unary(ast::UnaryOp op, const Value& v, SourceRange where, const Env& env);
  Value Math(ir::Op op, const Value& v, ScalarType result, SourceRange where, const Env& env);
  Value Select(const Value& c, const Value& t, const Value& f, SourceRange where, const Env& env);
  ir::ValueId Materialize(const Value& v, ir::Scenario& s, SourceRange where);
  // `folded` (a constant computed by `op` from a and b) with a shadow when a or b has one
  // and it is a `Real` (value.h, `shadow`).
  Value Shadowed(Value folded, ir::Op op, const Value& a, const Value* b, SourceRange where, const Env& env);
  // The inputs of a param's value while inputs are traced: every `Real` field of a record
  // (nested records too, `p.a.b`) becomes a tagged constant of `out` and its shadow.
  Value TraceFields(const Value& v, const std::string& path, ir::Scenario& out);
  // `v` with `leaf(field, "path.field")` in place of each field that is not a record
  // (nested records walked); `leaf(v, path)` for a value that is not a record.
  Value MapFields(const Value& v, const std::string& path,
                  const std::function<Value(const Value&, const std::string&)>& leaf);
  bool trace_inputs_ = false;  // Compilation::TraceInputs

  // sampling.cpp: distributions and the draws of `eval --samples` (Compilation::Sample).
  struct Distribution {
    std::string family;  // uniform, normal, lognormal, triangular
    std::vector<double> args;
    SourceRange range;
  };
  std::optional<Distribution> CheckDistribution(const ast::Expr* e, const ScalarType& t, const std::string& what,
                                                const Env& env);
  // One draw of `d` per sample, as IR.
  ir::ValueId Draw(const Distribution& d, ir::Scenario& out);
  // A record param's value with each field `--vary` names drawn (its shadow, value.h).
  Value DrawFields(const Value& v, const std::string& path, const Env& env, ir::Scenario& out);
  const ast::Expr* VaryOf(const std::string& name) const;
  struct Sampling {
    bool on = false;
    double seed = 0;
    std::map<std::string, const ast::Expr*> vary;  // --vary NAME=DIST, a param or `param.field`
    std::map<std::string, SourceRange> vary_at;
    // Per lowering: the names --vary named that were found, the sample index's param
    // reference (its index is set once every declared param is lowered) and the streams.
    std::set<std::string> used;
    ir::ValueId sample;
    uint32_t streams = 0;
  } sampling_;

  // calls.cpp
  Value Call(const ast::CallExpr* call, const Env& env);
  // builtins.cpp: dispatches to the built-in's family (builtins.def).
  Value CallBuiltin(Builtin b, const ast::CallExpr* call, std::vector<Value>& args, const Env& env);
  Value CallMathBuiltin(Builtin b, const ast::CallExpr* call, std::vector<Value>& args, const Env& env);
  Value CallListBuiltin(Builtin b, const ast::CallExpr* call, std::vector<Value>& args, const Env& env);
  Value CallTextBuiltin(Builtin b, const ast::CallExpr* call, std::vector<Value>& args, const Env& env);
  // kernels.cpp: mlp_bundle, mlp_has, mlp_predict
  Value CallKernelBuiltin(Builtin b, const ast::CallExpr* call, std::vector<Value>& args, const Env& env);
  // builtins_json.cpp
  Value CallJsonBuiltin(Builtin b, const ast::CallExpr* call, std::vector<Value>& args, const Env& env);
  const llvm::json::Object* JsonFile(const std::string& written, const ast::CallExpr* call);
  Value FromJson(const llvm::json::Value& j, const Value& like, const std::string& key, SourceRange at);
  Value MakeRecord(const ast::RecordExpr* e, const Env& env);
  // A record of `rec` (declared in `owner`) from the fields given (in declaration order;
  // absent ones take their defaults, which see the fields before them); Error after a
  // [missing_field] at `where`.
  Value FinishRecord(const ast::RecordDecl* rec, ModuleInfo* owner, std::vector<std::optional<Value>>& given,
                     SourceRange where, const Env& env);
  // The call API (api.cpp): `fn` called with values that are all static, outside any
  // scenario, with the whole evaluation budget.
  Value CallValue(const Value& fn, std::vector<Value>& args, std::vector<std::string>& names);
  // An expression evaluated at top level of the root module (no scenario), with the whole
  // evaluation budget.
  Value EvalStatic(const ast::Expr* e);
  // Loads `module` (`stdlib.x.y`, or a file path) and makes its public names visible
  // unqualified from `into`, except those `into` binds already; null after diagnostics.
  ModuleInfo* ImportInto(ModuleInfo* into, const std::string& module);
  // Loads `module` (`stdlib.x.y`, or a path ending in `.rl`, relative to `from`'s file).
  ModuleInfo* LoadModule(const std::string& module, ModuleInfo* from);
  // Resolves (resolve.cpp) the loaded modules not resolved yet.
  void ResolveNew();
  Value With(const ast::WithExpr* e, const Env& env);
  Value Field(const Value& base, const std::string& field, SourceRange where, const Env& env);

  // types.cpp
  // Checks `v` against a declared type; returns the (possibly Int->Real converted)
  // value, or Error after a diagnostic naming `what`.
  Value Conform(const Value& v, const ast::Type& t, ModuleInfo* m, SourceRange where,
                const std::string& what);
  std::optional<units::Unit> ResolveUnit(const ast::UnitExpr& u);
  // Type name for messages, e.g. `B/s`, `Int`, `[Link]`.
  std::string TypeText(const ast::Type& t);

  // scenario.cpp
  // Which params a lowering specialises on, and at which of their values.
  struct Specialisation {
    std::set<std::string> scalars;       // Int/Bool params that structure needs as constants
    std::map<std::string, size_t> pick;  // value index of a specialised param; absent: its default
  };
  std::optional<ir::Scenario> LowerScenario(ModuleInfo* m, const ast::ScenarioDecl& s,
                                            const std::vector<Override>& sets,
                                            const std::vector<UnitChoice>& units,
                                            const Specialisation& spec = {});
  // Lowers with diagnostics held; while it fails because an Int or Bool param was needed
  // as a constant (NeedStatic), adds that param to `spec.scalars` and tries again. Then
  // reports the last attempt's diagnostics.
  std::optional<ir::Scenario> TryLower(ModuleInfo* m, const ast::ScenarioDecl& s,
                                       const std::vector<Override>& sets,
                                       const std::vector<UnitChoice>& units, Specialisation& spec);
  // Every variant of a scenario (variants.cpp).
  std::optional<Variants> LowerVariants(ModuleInfo* m, const ast::ScenarioDecl& s,
                                        const std::vector<Override>& sets,
                                        const std::vector<UnitChoice>& units, bool all_values);
  Value LowerParam(const ast::ParamDecl& p, const Override* ov, ModuleInfo* m, const Env& static_env,
                   ir::Scenario& out);
  // A scenario's `require` into `out`: one condition and its name, or a list of conditions
  // with a list of as many names (each pair one require). False when it fails to check.
  bool LowerRequire(const ast::RequireDecl& r, const Env& env, ir::Scenario& out);
  // A param of a type that is not a number (`Device`, `String`, `Network`): its values are
  // static and each is a variant of the scenario.
  Value LowerStaticParam(const ast::ParamDecl& p, const Override* ov, ModuleInfo* m, const Env& static_env,
                         ir::Scenario& out);
  // Records the Int and Bool params that the dynamic scalar `v` (of the scenario being
  // lowered) depends on: structure needed it as a constant, so TryLower specialises them.
  // Whether param `p`, given values by its `in` list or the `--set` override `ov`, got none
  // (`none`): then it is refused, rather than left at its default, and this returns true.
  bool EmptyValues(const ast::ParamDecl& p, const Override* ov, bool none);
  void NeedStatic(const Value& v);
  void NeedStatic(ir::ValueId id);
  bool StaticValues(const ast::ValueSet& vs, const Env& env, const ast::Type& type,
                    ModuleInfo* m, std::vector<double>& out, const std::string& what);

  // error(message) and shape_error(message): a diagnostic of kind `k`, reported where the
  // spec asked for what failed: the innermost call outside the standard library, where
  // the call of a function value the library applies stands for the call that made it.
  // Notes show the raising call (outside the stdlib) and the calls around.
  void RaiseUserError(diag::Kind k, const std::string& message, SourceRange raised,
                      const char* builtin);
  // The active calls as a CallSite list (null at top level).
  std::shared_ptr<const CallSite> CurrentSite();
  bool InStdlib(SourceRange r) const {
    return r.buffer < stdlib_buffers_.size() && stdlib_buffers_[r.buffer];
  }
  std::shared_ptr<const CallSite> MakeSite(SourceRange at, const std::string* name, bool call,
                                           std::shared_ptr<const CallSite> parent,
                                           std::shared_ptr<const CallSite> origin) const;

  void Error(diag::Kind k, SourceRange r, const std::string& msg) {
    if (InOption(r)) ++option_errors_;
    diags_.Report(k, r, msg);
  }
  // Whether `r` is in a command-line option's text (`--set`, `--unit`: buffers named so).
  bool InOption(SourceRange r) const;
  diag::Engine& diags() { return diags_; }
  const Options& opts() const { return opts_; }
  std::map<std::string, std::unique_ptr<ModuleInfo>>& modules() { return modules_; }
  ast::Module cli_arena;

 private:
  // `tag`: a library function value named here remembers the name (Value::origin); not
  // for a name that is called at once (`f(x)`), which is most of them.
  Value EvalName(const ast::NameExpr* e, const Env& env, bool tag = true);
  Value EvalIf(const ast::IfExpr* e, const Env& env);
  Value EvalReduce(const ast::ReduceExpr* e, const Env& env);
  Value EvalNumber(const ast::NumberExpr* e);
  Value EvalNode(const ast::Expr* e, const Env& env);
  // Counts `steps` against the evaluation budget; false (after an [eval_limit] the first
  // time) when it is spent.
  bool Spend(uint64_t steps, SourceRange where);
  Value CallFn(const Value& fn, SourceRange call_range, const std::vector<SourceRange>& arg_ranges,
               std::vector<Value>& args, std::vector<std::string>& names, const Env& env);
  Value MakeLambda(const ast::LambdaExpr* e, const Env& env);

  diag::Engine& diags_;
  Options opts_;
  std::map<std::string, std::unique_ptr<ModuleInfo>> modules_;
  std::vector<std::string> loading_;  // import stack, for cycle reports
  uint64_t loaded_bytes_ = 0;         // the spec's and its imports' text so far (kMaxSourceBytes)
  unsigned call_depth_ = 0;
  // The active calls, innermost last; a top-level `let` evaluated on first use starts
  // afresh at `frames_base_` (its value does not depend on who used it first).
  struct Frame {
    SourceRange at;
    const std::string* name;
    std::shared_ptr<const CallSite> origin;  // the callee's
    std::shared_ptr<const CallSite> site;    // this frame as a CallSite, made on demand
  };
  std::vector<Frame> frames_;
  size_t frames_base_ = 0;
  // The condition of the innermost param-dependent `if` whose branches are being
  // evaluated in the current function body: `error` there is [not_static].
  SourceRange dynamic_cond_;
  ir::ValueId dynamic_cond_value_;
  // The dynamic `if`s around the expression being evaluated, outermost first: each
  // condition and whether this is its `then` branch (a block's require holds elsewhere).
  std::vector<std::pair<ir::ValueId, bool>> guards_;
  // The scenario being lowered, how it is specialised, and the params NeedStatic found.
  ir::Scenario* lowering_ = nullptr;
  const Specialisation* spec_ = nullptr;
  std::set<std::string> want_static_;
  std::set<const ast::TypeDecl*> cyclic_aliases_;  // aliases that name themselves
  std::vector<ir::Param> last_params_;  // the params of the last lowering, also a failed one
  // Errors in the command line's `--set` and `--unit` texts so far: they are the same in
  // every variant (the texts are read in the spec's scope), so no variant note follows.
  unsigned option_errors_ = 0;
  // The primary location of the last error(): the outermost call's note is not repeated
  // there.
  SourceRange blamed_;
  std::vector<char> stdlib_buffers_;  // by SourceMgr buffer id: a file of the stdlib
  std::string stdlib_real_;           // the stdlib folder, canonical, with a trailing `/`
  unsigned eval_depth_ = 0;
  uint64_t eval_steps_ = 0;
  bool gave_up_ = false;  // a resource limit was hit: all further evaluation is cut short
  // Loaded kernel bundles by resolved path (a failed load is cached as null: one error).
  std::map<std::string, std::shared_ptr<const kernels::Bundle>> bundles_;
  // Parsed JSON files by resolved path (a failed one is cached as null: one error).
  std::map<std::string, std::shared_ptr<const llvm::json::Value>> json_files_;
};

// builtins.cpp: false after a [bad_call] ("`name` takes 2 arguments, got 3") unless
// lo <= n <= hi.
bool CheckArgCount(Program& p, const ast::CallExpr* call, size_t n, size_t lo, size_t hi, const char* name);
// Also false after a [type_mismatch] unless every argument is a number.
bool NeedScalars(Program& p, const ast::CallExpr* call, const std::vector<Value>& args, const char* name, size_t lo,
                 size_t hi);

}  // namespace rl::check

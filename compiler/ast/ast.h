// The Ringline AST: what the parser builds (compiler/parse) and the checker consumes
// (compiler/check). Nodes are plain structs owned by a Module's arena; every node has a
// byte-offset SourceRange. Units are kept as written (a list of word^power factors); the
// checker gives them meaning.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/source.h"

namespace rl::ast {

enum class ExprKind {
#define RL_EXPR(k) k,
#include "compiler/ast/exprs.def"
};
const char* KindName(ExprKind k);

// `GB/s` = {GB^1, s^-1}; `1/s` = {s^-1}. Names are resolved by the checker.
struct UnitFactor {
  std::string word;
  int power = 1;
  SourceRange range;
};
struct UnitExpr {
  std::vector<UnitFactor> factors;
  std::string text;  // as written, for printing values in this unit
  SourceRange range;
};

struct Type {
  enum class Kind { Named, Unit, List, Fn } kind = Kind::Named;
  std::string name;             // Named: Int, Real, Bool, String or a record name
  UnitExpr unit;                // Unit
  std::vector<Type> params;     // Fn parameter types; List: element type in params[0]
  std::shared_ptr<Type> result; // Fn result
  SourceRange range;
};

struct Expr {
  ExprKind kind;
  SourceRange range;
  explicit Expr(ExprKind k) : kind(k) {}
  virtual ~Expr() = default;
};

template <ExprKind K>
struct ExprOf : Expr {
  static constexpr ExprKind kKind = K;
  ExprOf() : Expr(K) {}
};

struct NumberExpr : ExprOf<ExprKind::Number> {
  std::string text;  // digits as written
  bool is_int = false;
  std::optional<UnitExpr> unit;
};
struct StringExpr : ExprOf<ExprKind::String> { std::string value; };
struct BoolExpr : ExprOf<ExprKind::Bool> { bool value = false; };
struct NameExpr : ExprOf<ExprKind::Name> { std::string name; };
struct FieldExpr : ExprOf<ExprKind::Field> {
  Expr* base = nullptr;
  std::string field;
  SourceRange field_range;
};
struct Arg {
  std::string name;  // empty for positional
  Expr* value = nullptr;
  SourceRange range;
};
struct CallExpr : ExprOf<ExprKind::Call> {
  Expr* callee = nullptr;
  std::vector<Arg> args;
};
struct IndexExpr : ExprOf<ExprKind::Index> { Expr* base = nullptr; Expr* index = nullptr; };

enum class UnaryOp { Neg, Not };
struct UnaryExpr : ExprOf<ExprKind::Unary> { UnaryOp op; Expr* operand = nullptr; };

enum class BinaryOp { Add, Sub, Mul, Div, Mod, Pow, Lt, Le, Gt, Ge, Eq, Ne, And, Or };
const char* Spelling(BinaryOp op);
struct BinaryExpr : ExprOf<ExprKind::Binary> {
  BinaryOp op;
  Expr* lhs = nullptr;
  Expr* rhs = nullptr;
  SourceRange op_range;
};
struct IfExpr : ExprOf<ExprKind::If> { Expr* cond = nullptr; Expr* then_e = nullptr; Expr* else_e = nullptr; };

enum class Reducer { Sum, Max, Min, Prod };
struct ReduceExpr : ExprOf<ExprKind::Reduce> {
  Reducer reducer;
  std::string var;
  Expr* list = nullptr;
  Expr* body = nullptr;
};
struct ListExpr : ExprOf<ExprKind::List> { std::vector<Expr*> elems; };
struct ListCompExpr : ExprOf<ExprKind::ListComp> {
  Expr* body = nullptr;
  std::string var;
  Expr* list = nullptr;
  Expr* filter = nullptr;  // `[e for x in xs if c]`, or null
};
struct FieldInit {
  std::vector<std::string> path;  // `inter.bw = ...` in `with`; one name in literals
  Expr* value = nullptr;
  SourceRange range;
};
struct RecordExpr : ExprOf<ExprKind::Record> {
  std::string qualifier;  // `hw.Link { }` -> "hw"
  std::string type_name;
  SourceRange type_range;
  std::vector<FieldInit> fields;
};
struct WithExpr : ExprOf<ExprKind::With> {
  Expr* base = nullptr;
  std::vector<FieldInit> updates;
};

struct LetDecl {
  std::string name;
  std::optional<Type> type;
  Expr* value = nullptr;
  SourceRange range;       // whole declaration
  SourceRange name_range;
};
struct RequireDecl {
  Expr* cond = nullptr;
  std::string message;
  // A scenario's message that is not a string literal: a static `String`, or with a list
  // of conditions a list of as many (each pair one require).
  Expr* message_expr = nullptr;
  SourceRange range;
};
struct BlockExpr : ExprOf<ExprKind::Block> {
  std::vector<LetDecl> lets;
  // In source order among the lets: requires_[i] comes after the first require_after[i] lets.
  std::vector<RequireDecl> requires_;
  std::vector<size_t> require_after;
  Expr* result = nullptr;
};
struct FnDecl;
// `fn(x: [Int]) -> [Layer] = ...`: a function value that captures the names in scope.
struct LambdaExpr : ExprOf<ExprKind::Lambda> {
  std::shared_ptr<FnDecl> fn;
};

// The body of a `schedule` (language.md §6): steps whose times add up. `if` steps are
// IfExprs whose branches are StepsExprs, kept as Expr steps.
struct Step {
  enum class Kind { Send, Reduce, Repeat, Phase, Let, Expr } kind = Kind::Expr;
  Expr* a = nullptr;       // Send/Reduce: the amount; Repeat: the count; Expr: the step
  Expr* b = nullptr;       // Send: the link; Reduce: the rate (s/B)
  std::string name;        // Phase: its name
  Expr* body = nullptr;    // Repeat/Phase: a StepsExpr
  std::optional<LetDecl> let;  // Let
  SourceRange range;
};
struct StepsExpr : ExprOf<ExprKind::Steps> { std::vector<Step> steps; };

template <class T>
T* dyn_cast(Expr* e) { return e && e->kind == T::kKind ? static_cast<T*>(e) : nullptr; }
template <class T>
const T* dyn_cast(const Expr* e) { return e && e->kind == T::kKind ? static_cast<const T*>(e) : nullptr; }

// ---- declarations -----------------------------------------------------------------

struct ImportDecl {
  std::string path;    // "stdlib.hardware" or a file path
  bool is_file = false;
  std::string alias;   // `as hw`; empty = names imported unqualified
  SourceRange range;
};
struct FnParam {
  std::string name;
  Type type;
  Expr* default_value = nullptr;
  SourceRange range;
};
struct FnDecl {
  std::string name;
  std::vector<FnParam> params;
  std::optional<Type> result;
  Expr* body = nullptr;
  SourceRange range;
  SourceRange name_range;
  bool schedule = false;  // declared with `schedule`: the body is a StepsExpr, the result `s`
};
struct FieldDecl {
  std::string name;
  Type type;
  Expr* default_value = nullptr;
  SourceRange range;
};
struct RecordDecl {
  std::string name;
  std::vector<FieldDecl> fields;
  SourceRange range;
  SourceRange name_range;
};
struct TypeDecl {
  std::string name;
  Type type;
  SourceRange range;
  SourceRange name_range;
};

struct ValueSet {
  Expr* list_or_lo = nullptr;  // a list, or the range's first value
  Expr* hi = nullptr;          // range end (inclusive) when this is a range
  char step_op = 0;            // '*' or '+'; 0 = step 1
  Expr* step = nullptr;
  SourceRange range;
};
struct ParamDecl {
  std::string name;
  Type type;
  Expr* default_value = nullptr;
  std::optional<ValueSet> values;
  Expr* dist = nullptr;  // `~ normal(...)`: what `eval --samples` draws it from
  SourceRange range;
  SourceRange name_range;
};
struct ReportDecl {
  std::string name;
  Expr* value = nullptr;
  std::optional<UnitExpr> unit;
  SourceRange range;
  SourceRange name_range;
};
struct ScenarioItem {
  enum class Kind { Param, Let, Require, Report } kind;
  size_t index;  // into the scenario's vector of that kind
};
struct ScenarioDecl {
  std::string name;
  std::vector<ParamDecl> params;
  std::vector<LetDecl> lets;
  std::vector<RequireDecl> requires_;
  std::vector<ReportDecl> reports;
  std::vector<ScenarioItem> order;  // items in source order
  SourceRange range;
  SourceRange name_range;
};

struct Module {
  std::string path;
  unsigned buffer = 0;
  std::vector<ImportDecl> imports;
  std::vector<LetDecl> lets;
  std::vector<FnDecl> fns;
  std::vector<RecordDecl> records;
  std::vector<TypeDecl> types;
  std::vector<ScenarioDecl> scenarios;

  template <class T>
  T* Make(SourceRange r) {
    auto node = std::make_unique<T>();
    node->range = r;
    T* raw = node.get();
    arena_.push_back(std::move(node));
    return raw;
  }

 private:
  std::vector<std::unique_ptr<Expr>> arena_;
};

// S-expression dump for `ringline emit --emit=ast` and the parser's lit tests.
std::string Print(const Module& m);

}  // namespace rl::ast

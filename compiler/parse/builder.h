// Internal to compiler/parse: converts ANTLR parse-tree contexts to AST nodes.
#pragma once
#include <unordered_map>
#include <vector>

#include "RinglineParser.h"
#include "compiler/ast/ast.h"
#include "compiler/diag/diag.h"

namespace rl::parse {

class Builder {
 public:
  // `cp_to_byte` maps ANTLR's code-point indices to byte offsets (empty when ASCII).
  Builder(ast::Module& m, unsigned buffer, const std::vector<uint32_t>& cp_to_byte,
          diag::Engine& diags)
      : m_(m), buffer_(buffer), cp_to_byte_(cp_to_byte), diags_(diags) {}

  // One top-level declaration, appended to the module (parse.cpp parses item by item).
  void BuildItem(grammar::RinglineParser::ItemContext* item);
  ast::ValueSet BuildValueSet(grammar::RinglineParser::ValueSetContext* ctx, bool cli);
  SourceRange Range(antlr4::ParserRuleContext* ctx) const;
  SourceRange Range(antlr4::Token* tok) const;
  std::string Unquote(antlr4::tree::TerminalNode* node);

 private:
  using P = grammar::RinglineParser;
  uint32_t Byte(size_t cp) const;
  ast::LetDecl BuildLet(P::LetDeclContext* ctx);
  ast::FnDecl BuildFn(P::FnDeclContext* ctx);
  std::vector<ast::FnParam> BuildParams(const std::vector<P::FnParamContext*>& params);
  ast::FnDecl BuildFnParts(const std::vector<P::FnParamContext*>& params, P::Type_Context* result,
                           P::FnBodyContext* body);
  ast::RecordDecl BuildRecord(P::RecordDeclContext* ctx);
  ast::FnDecl BuildSchedule(P::ScheduleDeclContext* ctx);
  ast::Expr* BuildSteps(P::StepBlockContext* ctx);
  ast::Step BuildStep(P::StepContext* ctx);
  ast::ScenarioDecl BuildScenario(P::ScenarioDeclContext* ctx);
  ast::Type BuildType(P::Type_Context* ctx);
  // Appends the unit's factors to `out`; false (after a diagnostic) when a power is out
  // of range, and the caller poisons the unit so the checker stays quiet about it.
  bool BuildUnit(P::UnitContext* ctx, int sign, ast::UnitExpr& out);
  // [unit_out_of_range] for the unit factor `factor` (`GB^99`), whose power is past
  // units::kMaxUnitPower.
  void ReportUnitPower(antlr4::ParserRuleContext* factor);
  ast::Expr* BuildExpr(P::ExprContext* ctx);
  ast::Expr* BuildPrimary(P::PrimaryContext* ctx);
  ast::Expr* BuildNumber(P::NumberLitContext* ctx);
  ast::Expr* BuildBlock(P::BlockContext* ctx);
  ast::Expr* Binary(ast::BinaryOp op, ast::Expr* l, ast::Expr* r, SourceRange op_range);
  ast::Expr** ChainTail(ast::Expr* base);
  std::vector<ast::FieldInit> BuildInits(const std::vector<P::FieldInitContext*>& inits);

  ast::Module& m_;
  unsigned buffer_;
  const std::vector<uint32_t>& cp_to_byte_;
  diag::Engine& diags_;
  // Literal unit chains re-associated as arithmetic (`16 GiB / l`): top node -> the slot
  // holding its last name, where a following postfix belongs (null after `^`).
  std::unordered_map<ast::Expr*, ast::Expr**> chain_tail_;
};

}  // namespace rl::parse

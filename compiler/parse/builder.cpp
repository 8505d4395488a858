// Parse tree -> AST. Each Build* function quotes the grammar rule it implements.
#include "compiler/parse/builder.h"

#include <fmt/format.h>

#include "base/units/units.h"

namespace rl::parse {

using P = grammar::RinglineParser;

uint32_t Builder::Byte(size_t cp) const {
  if (cp_to_byte_.empty()) return static_cast<uint32_t>(cp);
  return cp < cp_to_byte_.size() ? cp_to_byte_[cp] : cp_to_byte_.back();
}

SourceRange Builder::Range(antlr4::Token* tok) const {
  if (!tok) return {};
  return {buffer_, Byte(tok->getStartIndex()), Byte(tok->getStopIndex() + 1)};
}

SourceRange Builder::Range(antlr4::ParserRuleContext* ctx) const {
  if (!ctx || !ctx->getStart()) return {};
  antlr4::Token* stop = ctx->getStop() ? ctx->getStop() : ctx->getStart();
  size_t b = ctx->getStart()->getStartIndex();
  size_t e = stop->getStopIndex() + 1;
  if (e < b) e = b;  // empty rule
  return {buffer_, Byte(b), Byte(e)};
}

// A string literal's text: `\n`, `\t`, `\\` and `\"` are its escapes; any other (`\q`,
// `\u00e9`) is a [syntax_error] rather than a backslash silently dropped.
std::string Builder::Unquote(antlr4::tree::TerminalNode* node) {
  const std::string s = node->getText();
  std::string out;
  for (size_t i = 1; i + 1 < s.size(); ++i) {
    if (s[i] == '\\' && i + 2 < s.size()) {
      char c = s[++i];
      if (c != 'n' && c != 't' && c != '\\' && c != '"') {
        diags_.Report(diag::Kind::syntax_error, Range(node->getSymbol()),
                      fmt::format("unknown escape `\\{}` in a string; the escapes are \\n, \\t, \\\\ and \\\"",
                                  std::string(1, c)));
        out += '\\';
      }
      out += c == 'n' ? '\n' : c == 't' ? '\t' : c;
    } else {
      out += s[i];
    }
  }
  return out;
}

// item : (importDecl | letDecl | fnDecl | recordDecl | typeDecl | scenarioDecl) ';'? ;
void Builder::BuildItem(P::ItemContext* item) {
  if (auto* i = item->importDecl()) {
    // importDecl : 'import' (modulePath | STRING) ('as' ID)? ;
    ast::ImportDecl d;
    d.range = Range(i);
    if (i->STRING()) {
      d.is_file = true;
      d.path = Unquote(i->STRING());
    } else {
      d.path = i->modulePath()->getText();
    }
    if (i->ID()) d.alias = i->ID()->getText();
    m_.imports.push_back(std::move(d));
  } else if (auto* l = item->letDecl()) {
    m_.lets.push_back(BuildLet(l));
  } else if (auto* f = item->fnDecl()) {
    m_.fns.push_back(BuildFn(f));
  } else if (auto* sd = item->scheduleDecl()) {
    m_.fns.push_back(BuildSchedule(sd));
  } else if (auto* r = item->recordDecl()) {
    m_.records.push_back(BuildRecord(r));
  } else if (auto* t = item->typeDecl()) {
    // typeDecl : 'type' ID '=' type_ ;
    m_.types.push_back({t->ID()->getText(), BuildType(t->type_()), Range(t), Range(t->ID()->getSymbol())});
  } else if (auto* s = item->scenarioDecl()) {
    m_.scenarios.push_back(BuildScenario(s));
  }
}

// letDecl : 'let' ID (':' type_)? '=' expr ;
ast::LetDecl Builder::BuildLet(P::LetDeclContext* ctx) {
  ast::LetDecl d;
  d.name = ctx->ID()->getText();
  d.name_range = Range(ctx->ID()->getSymbol());
  d.range = Range(ctx);
  if (ctx->type_()) d.type = BuildType(ctx->type_());
  d.value = BuildExpr(ctx->expr());
  return d;
}

// fnDecl : 'fn' ID '(' (fnParam (',' fnParam)*)? ','? ')' ('->' type_)? fnBody ;
ast::FnDecl Builder::BuildFn(P::FnDeclContext* ctx) {
  ast::FnDecl f = BuildFnParts(ctx->fnParam(), ctx->type_(), ctx->fnBody());
  f.name = ctx->ID()->getText();
  f.name_range = Range(ctx->ID()->getSymbol());
  f.range = Range(ctx);
  return f;
}

// Shared by named functions and lambdas:
// (fnParam (',' fnParam)*)? ','? ')' ('->' type_)? fnBody
ast::FnDecl Builder::BuildFnParts(const std::vector<P::FnParamContext*>& params,
                                  P::Type_Context* result, P::FnBodyContext* body) {
  ast::FnDecl f;
  f.params = BuildParams(params);
  if (result) f.result = BuildType(result);
  // fnBody : '=' expr | block ;
  f.body = body->expr() ? BuildExpr(body->expr()) : BuildBlock(body->block());
  return f;
}

// fnParam : ID ':' type_ ('=' expr)? ;  (functions, lambdas and schedules)
std::vector<ast::FnParam> Builder::BuildParams(const std::vector<P::FnParamContext*>& params) {
  std::vector<ast::FnParam> out;
  for (P::FnParamContext* p : params) {
    ast::FnParam fp;
    fp.name = p->ID()->getText();
    fp.type = BuildType(p->type_());
    fp.default_value = p->expr() ? BuildExpr(p->expr()) : nullptr;
    fp.range = Range(p);
    out.push_back(std::move(fp));
  }
  return out;
}

// scheduleDecl : 'schedule' ID '(' (fnParam (',' fnParam)*)? ','? ')' ('->' type_)? stepBlock ;
// A schedule is a function returning `s` (unless declared otherwise) whose body is steps.
ast::FnDecl Builder::BuildSchedule(P::ScheduleDeclContext* ctx) {
  ast::FnDecl f;
  f.params = BuildParams(ctx->fnParam());
  f.name = ctx->ID()->getText();
  f.name_range = Range(ctx->ID()->getSymbol());
  f.range = Range(ctx);
  f.schedule = true;
  if (ctx->type_()) {
    f.result = BuildType(ctx->type_());
  } else {
    ast::Type t;
    t.kind = ast::Type::Kind::Unit;
    t.unit.factors.push_back({"s", 1, f.name_range});
    t.unit.text = "s";
    t.unit.range = f.name_range;
    t.range = f.name_range;
    f.result = std::move(t);
  }
  f.body = BuildSteps(ctx->stepBlock());
  return f;
}

// stepBlock : '{' (step ';'?)* '}' ;
ast::Expr* Builder::BuildSteps(P::StepBlockContext* ctx) {
  auto* e = m_.Make<ast::StepsExpr>(Range(ctx));
  for (P::StepContext* st : ctx->step()) e->steps.push_back(BuildStep(st));
  return e;
}

// step : kw=ID name=ID ':' (stepBlock | step) | kw=ID expr stepBlock
//      | kw=ID expr prep=('over' | 'at') expr
//      | 'if' expr 'then' stepBlock ('else' (stepBlock | step))? | letDecl | expr ;
ast::Step Builder::BuildStep(P::StepContext* ctx) {
  ast::Step st;
  st.range = Range(ctx);
  auto bad = [&](antlr4::Token* tok, const std::string& msg) {
    diags_.Report(diag::Kind::syntax_error, Range(tok), msg);
    st.kind = ast::Step::Kind::Expr;
    st.a = m_.Make<ast::StepsExpr>(st.range);  // an empty step: no cost, no second error
  };
  if (auto* c = dynamic_cast<P::PhaseStepContext*>(ctx)) {
    if (c->kw->getText() != "phase") {
      bad(c->kw, fmt::format("`{}` cannot start a named step; write `phase NAME: step`", c->kw->getText()));
      return st;
    }
    st.kind = ast::Step::Kind::Phase;
    st.name = c->name->getText();
    if (c->stepBlock()) {
      st.body = BuildSteps(c->stepBlock());
      return st;
    }
    auto* body = m_.Make<ast::StepsExpr>(Range(c->step()));
    body->steps.push_back(BuildStep(c->step()));
    st.body = body;
    return st;
  }
  if (auto* c = dynamic_cast<P::BlockStepContext*>(ctx)) {
    std::string kw = c->kw->getText();
    if (kw == "repeat") {
      st.kind = ast::Step::Kind::Repeat;
      st.a = BuildExpr(c->expr());
    } else if (kw == "phase" && dynamic_cast<P::PrimaryExprContext*>(c->expr()) &&
               dynamic_cast<P::NameRefContext*>(static_cast<P::PrimaryExprContext*>(c->expr())->primary())) {
      st.kind = ast::Step::Kind::Phase;
      st.name = c->expr()->getText();
    } else {
      bad(c->kw, fmt::format("`{}` cannot start a step with a block; write `repeat COUNT {{ ... }}` "
                             "or `phase NAME {{ ... }}`", kw));
      return st;
    }
    st.body = BuildSteps(c->stepBlock());
    return st;
  }
  if (auto* c = dynamic_cast<P::TransferStepContext*>(ctx)) {
    std::string kw = c->kw->getText(), prep = c->prep->getText();
    if (kw == "send" && prep == "over") {
      st.kind = ast::Step::Kind::Send;
    } else if (kw == "reduce" && prep == "at") {
      st.kind = ast::Step::Kind::Reduce;
    } else {
      bad(c->kw, fmt::format("`{} ... {}` is not a step; write `send BYTES over LINK` or "
                             "`reduce BYTES at RATE`", kw, prep));
      return st;
    }
    st.a = BuildExpr(c->expr(0));
    st.b = BuildExpr(c->expr(1));
    return st;
  }
  if (auto* c = dynamic_cast<P::IfStepContext*>(ctx)) {
    auto* e = m_.Make<ast::IfExpr>(st.range);
    e->cond = BuildExpr(c->expr());
    e->then_e = BuildSteps(c->stepBlock(0));
    if (c->stepBlock().size() > 1) {
      e->else_e = BuildSteps(c->stepBlock(1));
    } else if (c->step()) {
      auto* els = m_.Make<ast::StepsExpr>(Range(c->step()));
      els->steps.push_back(BuildStep(c->step()));
      e->else_e = els;
    } else {
      e->else_e = m_.Make<ast::StepsExpr>(st.range);  // no `else`: no time
    }
    st.a = e;
    return st;
  }
  if (auto* c = dynamic_cast<P::LetStepContext*>(ctx)) {
    st.kind = ast::Step::Kind::Let;
    st.let = BuildLet(c->letDecl());
    return st;
  }
  auto* c = static_cast<P::ExprStepContext*>(ctx);
  st.a = BuildExpr(c->expr());
  return st;
}

// recordDecl : 'record' ID '{' (field (',' | ';')?)* '}' ;
ast::RecordDecl Builder::BuildRecord(P::RecordDeclContext* ctx) {
  ast::RecordDecl r;
  r.name = ctx->ID()->getText();
  r.name_range = Range(ctx->ID()->getSymbol());
  r.range = Range(ctx);
  for (P::FieldContext* f : ctx->field()) {
    // field : ID ':' type_ ('=' expr)? ;
    ast::FieldDecl fd;
    fd.name = f->ID()->getText();
    fd.type = BuildType(f->type_());
    fd.default_value = f->expr() ? BuildExpr(f->expr()) : nullptr;
    fd.range = Range(f);
    r.fields.push_back(std::move(fd));
  }
  return r;
}

// valueSet : expr ('..' expr ('step' stepOp=('*' | '+') expr)?)? ;
// On the command line a range end `64*2` means "up to 64, times 2 each step".
ast::ValueSet Builder::BuildValueSet(P::ValueSetContext* ctx, bool cli) {
  ast::ValueSet v;
  v.range = Range(ctx);
  v.list_or_lo = BuildExpr(ctx->expr(0));
  if (ctx->expr().size() >= 2) v.hi = BuildExpr(ctx->expr(1));
  if (ctx->expr().size() >= 3) {
    v.step = BuildExpr(ctx->expr(2));
    v.step_op = ctx->stepOp->getText()[0];
  } else if (cli && v.hi) {
    if (auto* b = ast::dyn_cast<ast::BinaryExpr>(v.hi);
        b && (b->op == ast::BinaryOp::Mul || b->op == ast::BinaryOp::Add)) {
      v.step_op = b->op == ast::BinaryOp::Mul ? '*' : '+';
      v.step = b->rhs;
      v.hi = b->lhs;
    }
  }
  return v;
}

// scenarioDecl : 'scenario' ID '{' (scenarioItem ';'?)* '}' ;
ast::ScenarioDecl Builder::BuildScenario(P::ScenarioDeclContext* ctx) {
  ast::ScenarioDecl s;
  s.name = ctx->ID()->getText();
  s.name_range = Range(ctx->ID()->getSymbol());
  s.range = Range(ctx);
  for (P::ScenarioItemContext* item : ctx->scenarioItem()) {
    using K = ast::ScenarioItem::Kind;
    if (auto* p = dynamic_cast<P::ParamItemContext*>(item)) {
      ast::ParamDecl d;
      d.name = p->ID()->getText();
      d.name_range = Range(p->ID()->getSymbol());
      d.range = Range(p);
      d.type = BuildType(p->type_());
      d.default_value = p->expr().empty() || p->expr(0) == p->dist ? nullptr : BuildExpr(p->expr(0));
      if (p->dist) d.dist = BuildExpr(p->dist);
      if (p->valueSet()) d.values = BuildValueSet(p->valueSet(), false);
      s.order.push_back({K::Param, s.params.size()});
      s.params.push_back(std::move(d));
    } else if (auto* l = dynamic_cast<P::LetItemContext*>(item)) {
      s.order.push_back({K::Let, s.lets.size()});
      s.lets.push_back(BuildLet(l->letDecl()));
    } else if (auto* r = dynamic_cast<P::RequireItemContext*>(item)) {
      ast::RequireDecl d;
      d.cond = BuildExpr(r->cond);
      d.range = Range(r);
      if (r->msg) {
        ast::Expr* m = BuildExpr(r->msg);
        if (auto* lit = ast::dyn_cast<ast::StringExpr>(m)) d.message = lit->value;
        else d.message_expr = m;
      }
      s.order.push_back({K::Require, s.requires_.size()});
      s.requires_.push_back(std::move(d));
    } else if (auto* r = dynamic_cast<P::ReportItemContext*>(item)) {
      ast::ReportDecl d;
      d.name = r->ID()->getText();
      d.name_range = Range(r->ID()->getSymbol());
      d.range = Range(r);
      d.value = BuildExpr(r->expr());
      if (r->unit()) {
        ast::UnitExpr u;
        bool ok = BuildUnit(r->unit(), 1, u);
        u.range = Range(r->unit());
        u.text = ok ? r->unit()->getText() : "?";
        d.unit = std::move(u);
      }
      s.order.push_back({K::Report, s.reports.size()});
      s.reports.push_back(std::move(d));
    }
  }
  return s;
}

// type_ : '[' type_ ']' | 'fn' '(' (type_ (',' type_)*)? ')' '->' type_ | unit ;
ast::Type Builder::BuildType(P::Type_Context* ctx) {
  ast::Type t;
  t.range = Range(ctx);
  if (auto* l = dynamic_cast<P::ListTypeContext*>(ctx)) {
    t.kind = ast::Type::Kind::List;
    t.params.push_back(BuildType(l->type_()));
  } else if (auto* f = dynamic_cast<P::FnTypeContext*>(ctx)) {
    t.kind = ast::Type::Kind::Fn;
    std::vector<P::Type_Context*> ts = f->type_();
    for (size_t i = 0; i + 1 < ts.size(); ++i) t.params.push_back(BuildType(ts[i]));
    t.result = std::make_shared<ast::Type>(BuildType(ts.back()));
  } else if (auto* u = dynamic_cast<P::UnitTypeContext*>(ctx)) {
    ast::UnitExpr unit;
    bool ok = BuildUnit(u->unit(), 1, unit);
    unit.range = t.range;
    unit.text = ok ? u->unit()->getText() : "?";
    // A single word that is not a unit names a type: Int, Real, Bool, String, a record.
    if (unit.factors.size() == 1 && unit.factors[0].power == 1 &&
        !units::LookupWord(unit.factors[0].word) && unit.factors[0].word != "1") {
      t.kind = ast::Type::Kind::Named;
      t.name = unit.factors[0].word;
    } else {
      t.kind = ast::Type::Kind::Unit;
      t.unit = std::move(unit);
    }
  }
  return t;
}

// unit : unitFactor (unitOp+=('/' | '*') unitFactor)* ;
// unitFactor : (ID | NUMBER) ('^' '-'? NUMBER)? | '(' unit ')' ;
bool Builder::BuildUnit(P::UnitContext* ctx, int sign, ast::UnitExpr& out) {
  bool ok = true;
  std::vector<P::UnitFactorContext*> fs = ctx->unitFactor();
  for (size_t i = 0; i < fs.size(); ++i) {
    int s = (i > 0 && ctx->unitOp[i - 1]->getText() == "/") ? -sign : sign;
    P::UnitFactorContext* f = fs[i];
    if (f->unit()) {
      ok = BuildUnit(f->unit(), s, out) && ok;
      continue;
    }
    std::string word = f->ID() ? f->ID()->getText() : f->NUMBER(0)->getText();
    int power = 1;
    size_t nums = f->NUMBER().size();
    if ((f->ID() && nums == 1) || nums == 2) {
      std::optional<int> p = units::ParseUnitPower(f->NUMBER(nums - 1)->getText());
      if (!p) {
        ReportUnitPower(f);
        ok = false;
        continue;
      }
      power = f->getText().find("^-") != std::string::npos ? -*p : *p;
    }
    if (!f->ID() && word != "1") {
      diags_.Report(diag::Kind::unknown_unit, Range(f),
                    fmt::format("`{}` is not a unit; only `1` may stand for a number in a unit", word));
      continue;
    }
    if (word == "1") continue;  // `1/s`
    out.factors.push_back({word, power * s, Range(f)});
  }
  return ok;
}

void Builder::ReportUnitPower(antlr4::ParserRuleContext* factor) {
  diags_.Report(diag::Kind::unit_out_of_range, Range(factor),
                fmt::format("the power in `{}` must be an integer from -{} to {}", factor->getText(),
                            units::kMaxUnitPower, units::kMaxUnitPower));
}

ast::Expr* Builder::Binary(ast::BinaryOp op, ast::Expr* l, ast::Expr* r, SourceRange op_range) {
  auto* b = m_.Make<ast::BinaryExpr>(SourceRange::Join(l->range, r->range));
  b->op = op;
  b->lhs = l;
  b->rhs = r;
  b->op_range = op_range;
  return b;
}

static ast::BinaryOp BinOp(const std::string& t) {
  using B = ast::BinaryOp;
  if (t == "+") return B::Add;
  if (t == "-") return B::Sub;
  if (t == "*") return B::Mul;
  if (t == "/") return B::Div;
  if (t == "%") return B::Mod;
  if (t == "<") return B::Lt;
  if (t == "<=") return B::Le;
  if (t == ">") return B::Gt;
  if (t == ">=") return B::Ge;
  if (t == "==") return B::Eq;
  return B::Ne;
}

ast::Expr* Builder::BuildExpr(P::ExprContext* ctx) {
  SourceRange r = Range(ctx);
  if (auto* c = dynamic_cast<P::PrimaryExprContext*>(ctx)) return BuildPrimary(c->primary());
  if (auto* c = dynamic_cast<P::FieldExprContext*>(ctx)) {
    ast::Expr* base = BuildExpr(c->expr());
    ast::Expr** tail = ChainTail(base);
    auto* e = m_.Make<ast::FieldExpr>(tail ? SourceRange::Join((*tail)->range, Range(c->ID()->getSymbol())) : r);
    e->base = tail ? *tail : base;
    e->field = c->ID()->getText();
    e->field_range = Range(c->ID()->getSymbol());
    if (!tail) return e;
    *tail = e;
    base->range = SourceRange::Join(base->range, e->range);
    return base;
  }
  if (auto* c = dynamic_cast<P::CallExprContext*>(ctx)) {
    ast::Expr* callee = BuildExpr(c->expr());
    ast::Expr** tail = ChainTail(callee);
    auto* e = m_.Make<ast::CallExpr>(tail ? SourceRange{r.buffer, (*tail)->range.begin, r.end} : r);
    e->callee = tail ? *tail : callee;
    for (P::ArgContext* a : c->arg()) {
      // arg : (ID '=')? expr ;
      ast::Arg arg;
      if (a->ID()) arg.name = a->ID()->getText();
      arg.value = BuildExpr(a->expr());
      arg.range = Range(a);
      e->args.push_back(std::move(arg));
    }
    if (!tail) return e;
    *tail = e;
    callee->range = SourceRange::Join(callee->range, e->range);
    return callee;
  }
  if (auto* c = dynamic_cast<P::IndexExprContext*>(ctx)) {
    ast::Expr* base = BuildExpr(c->expr(0));
    ast::Expr** tail = ChainTail(base);
    auto* e = m_.Make<ast::IndexExpr>(tail ? SourceRange{r.buffer, (*tail)->range.begin, r.end} : r);
    e->base = tail ? *tail : base;
    e->index = BuildExpr(c->expr(1));
    if (!tail) return e;
    *tail = e;
    base->range = SourceRange::Join(base->range, e->range);
    return base;
  }
  if (auto* c = dynamic_cast<P::WithExprContext*>(ctx)) {
    auto* e = m_.Make<ast::WithExpr>(r);
    e->base = BuildExpr(c->expr());
    for (P::UpdateContext* u : c->update()) {
      // update : ID ('.' ID)* '=' expr ;
      ast::FieldInit fi;
      for (auto* id : u->ID()) fi.path.push_back(id->getText());
      fi.value = BuildExpr(u->expr());
      fi.range = Range(u);
      e->updates.push_back(std::move(fi));
    }
    return e;
  }
  if (auto* c = dynamic_cast<P::PowExprContext*>(ctx))
    return Binary(ast::BinaryOp::Pow, BuildExpr(c->expr(0)), BuildExpr(c->expr(1)), r);
  if (auto* c = dynamic_cast<P::UnaryExprContext*>(ctx)) {
    auto* e = m_.Make<ast::UnaryExpr>(r);
    e->op = c->op->getText() == "-" ? ast::UnaryOp::Neg : ast::UnaryOp::Not;
    e->operand = BuildExpr(c->expr());
    return e;
  }
  if (auto* c = dynamic_cast<P::MulExprContext*>(ctx))
    return Binary(BinOp(c->op->getText()), BuildExpr(c->expr(0)), BuildExpr(c->expr(1)), Range(c->op));
  if (auto* c = dynamic_cast<P::AddExprContext*>(ctx))
    return Binary(BinOp(c->op->getText()), BuildExpr(c->expr(0)), BuildExpr(c->expr(1)), Range(c->op));
  if (auto* c = dynamic_cast<P::CmpExprContext*>(ctx))
    return Binary(BinOp(c->op->getText()), BuildExpr(c->expr(0)), BuildExpr(c->expr(1)), Range(c->op));
  if (auto* c = dynamic_cast<P::AndExprContext*>(ctx))
    return Binary(ast::BinaryOp::And, BuildExpr(c->expr(0)), BuildExpr(c->expr(1)), r);
  if (auto* c = dynamic_cast<P::OrExprContext*>(ctx))
    return Binary(ast::BinaryOp::Or, BuildExpr(c->expr(0)), BuildExpr(c->expr(1)), r);
  if (auto* c = dynamic_cast<P::IfExprContext*>(ctx)) {
    auto* e = m_.Make<ast::IfExpr>(r);
    e->cond = BuildExpr(c->expr(0));
    e->then_e = BuildExpr(c->expr(1));
    e->else_e = BuildExpr(c->expr(2));
    return e;
  }
  if (auto* c = dynamic_cast<P::ReduceExprContext*>(ctx)) {
    // reduceExpr : reducer=ID var=ID 'in' expr ':' expr ;
    std::string red = c->reducer->getText();
    auto* e = m_.Make<ast::ReduceExpr>(r);
    if (red == "sum") e->reducer = ast::Reducer::Sum;
    else if (red == "max") e->reducer = ast::Reducer::Max;
    else if (red == "min") e->reducer = ast::Reducer::Min;
    else if (red == "prod") e->reducer = ast::Reducer::Prod;
    else
      diags_.Report(diag::Kind::syntax_error, Range(c->reducer),
                    fmt::format("`{}` cannot start a reduction; write `sum`, `prod`, `max` or `min`", red));
    e->var = c->var->getText();
    e->list = BuildExpr(c->expr(0));
    e->body = BuildExpr(c->expr(1));
    return e;
  }
  // Unreachable for a tree the parser accepted; keep the AST well-formed regardless.
  auto* e = m_.Make<ast::BoolExpr>(r);
  return e;
}

std::vector<ast::FieldInit> Builder::BuildInits(const std::vector<P::FieldInitContext*>& inits) {
  std::vector<ast::FieldInit> out;
  for (P::FieldInitContext* f : inits) {
    // fieldInit : ID '=' expr ;
    out.push_back({{f->ID()->getText()}, BuildExpr(f->expr()), Range(f)});
  }
  return out;
}

// block : '{' (letDecl ';'?)* expr ';'? '}' ;
ast::Expr* Builder::BuildBlock(P::BlockContext* ctx) {
  auto* b = m_.Make<ast::BlockExpr>(Range(ctx));
  for (P::BlockItemContext* item : ctx->blockItem()) {
    if (item->letDecl()) {
      b->lets.push_back(BuildLet(item->letDecl()));
      continue;
    }
    ast::RequireDecl d;
    d.cond = BuildExpr(item->expr());
    d.range = Range(item);
    if (item->STRING()) d.message = Unquote(item->STRING());
    b->requires_.push_back(std::move(d));
    b->require_after.push_back(b->lets.size());
  }
  b->result = BuildExpr(ctx->expr());
  return b;
}

ast::Expr* Builder::BuildPrimary(P::PrimaryContext* ctx) {
  SourceRange r = Range(ctx);
  if (auto* c = dynamic_cast<P::NumberLitContext*>(ctx)) return BuildNumber(c);
  if (auto* c = dynamic_cast<P::StringLitContext*>(ctx)) {
    auto* e = m_.Make<ast::StringExpr>(r);
    e->value = Unquote(c->STRING());
    return e;
  }
  if (auto* c = dynamic_cast<P::BoolLitContext*>(ctx)) {
    auto* e = m_.Make<ast::BoolExpr>(r);
    e->value = c->getText() == "true";
    return e;
  }
  if (auto* c = dynamic_cast<P::RecordLitContext*>(ctx)) {
    // recordLit : ID ('.' ID)? '{' (fieldInit (',' | ';')?)* '}' ;
    auto* e = m_.Make<ast::RecordExpr>(r);
    auto ids = c->ID();
    e->type_name = ids.back()->getText();
    e->type_range = Range(ids.back()->getSymbol());
    if (ids.size() == 2) e->qualifier = ids[0]->getText();
    e->fields = BuildInits(c->fieldInit());
    return e;
  }
  if (auto* c = dynamic_cast<P::NameRefContext*>(ctx)) {
    auto* e = m_.Make<ast::NameExpr>(r);
    e->name = c->ID()->getText();
    return e;
  }
  if (auto* c = dynamic_cast<P::ListCompContext*>(ctx)) {
    // listComp : '[' expr 'for' ID 'in' expr ('if' expr)? ']' ;
    auto* e = m_.Make<ast::ListCompExpr>(r);
    e->body = BuildExpr(c->expr(0));
    e->var = c->ID()->getText();
    e->list = BuildExpr(c->expr(1));
    if (c->expr().size() > 2) e->filter = BuildExpr(c->expr(2));
    return e;
  }
  if (auto* c = dynamic_cast<P::ListLitContext*>(ctx)) {
    auto* e = m_.Make<ast::ListExpr>(r);
    for (P::ExprContext* x : c->expr()) e->elems.push_back(BuildExpr(x));
    return e;
  }
  if (auto* c = dynamic_cast<P::ParenExprContext*>(ctx)) {
    ast::Expr* inner = BuildExpr(c->expr());
    inner->range = r;
    return inner;
  }
  if (auto* c = dynamic_cast<P::BlockExprContext*>(ctx)) return BuildBlock(c->block());
  if (auto* c = dynamic_cast<P::LambdaExprContext*>(ctx)) {
    // lambdaExpr : 'fn' '(' (fnParam (',' fnParam)*)? ','? ')' ('->' type_)? fnBody ;
    auto* e = m_.Make<ast::LambdaExpr>(r);
    e->fn = std::make_shared<ast::FnDecl>(BuildFnParts(c->fnParam(), c->type_(), c->fnBody()));
    e->fn->name = "<lambda>";
    e->fn->range = r;
    e->fn->name_range = Range(c->getStart());
    return e;
  }
  return m_.Make<ast::BoolExpr>(r);
}

// numberLit : NUMBER litUnit? ;  litUnit : litUnitFactor (('/' | '*') litUnitFactor)* ;
// The leading unit words form the literal's unit; the first word that is not a unit
// and everything after it are ordinary names, multiplied or divided left to right, which
// is what the same text means without the literal (`16 GiB / n` = `(16 GiB) / n`).
ast::Expr* Builder::BuildNumber(P::NumberLitContext* ctx) {
  antlr4::Token* num = ctx->NUMBER()->getSymbol();
  auto* lit = m_.Make<ast::NumberExpr>(Range(num));
  lit->text = num->getText();
  lit->is_int = lit->text.find_first_of(".eE") == std::string::npos;
  P::LitUnitContext* lu = ctx->litUnit();
  if (!lu) return lit;
  std::vector<P::LitUnitFactorContext*> fs = lu->litUnitFactor();
  // nullopt: a power past units::kMaxUnitPower (or too long to be a number).
  auto power_of = [](P::LitUnitFactorContext* f) -> std::optional<int> {
    if (!f->NUMBER()) return 1;
    std::optional<int> p = units::ParseUnitPower(f->NUMBER()->getText());
    if (!p) return std::nullopt;
    return f->neg ? -*p : *p;
  };
  // A last word followed by `(` is called, so it is a name even when it spells a unit:
  // `4 s / min(a, b)` divides by the built-in `min`, not by minutes.
  bool called = false;
  if (auto* prim = dynamic_cast<P::PrimaryExprContext*>(ctx->parent))
    if (auto* call = dynamic_cast<P::CallExprContext*>(prim->parent)) called = call->expr() == prim;
  size_t i = 0;
  ast::UnitExpr unit;
  for (; i < fs.size(); ++i) {
    std::string word = fs[i]->ID()->getText();
    bool is_unit = units::LookupWord(word).has_value() &&
                   !(called && i > 0 && i + 1 == fs.size() && !fs[i]->NUMBER());
    if (!is_unit && i == 0) {
      std::string hint = units::HintFor(word);
      diags_.Report(diag::Kind::unknown_unit, Range(fs[i]),
                    fmt::format("unknown unit `{}`{}", word, hint.empty() ? "" : "; " + hint));
      lit->unit = ast::UnitExpr{{}, "?", Range(fs[i])};  // poisoned: the checker stays quiet
      return lit;
    }
    // After the first word only `/ word` continues a unit (`GB/s`); `* name` multiplies,
    // so `4 B * h` is bytes times `h`, not byte-hours.
    if (i > 0 && (!is_unit || lu->unitOp[i - 1]->getText() == "*")) break;
    int sign = (i > 0 && lu->unitOp[i - 1]->getText() == "/") ? -1 : 1;
    std::optional<int> power = power_of(fs[i]);
    if (!power) {
      ReportUnitPower(fs[i]);
      lit->unit = ast::UnitExpr{{}, "?", Range(fs[i])};  // poisoned: the checker stays quiet
      return lit;
    }
    unit.factors.push_back({word, *power * sign, Range(fs[i])});
    if (!unit.text.empty()) unit.text += lu->unitOp[i - 1]->getText();
    unit.text += fs[i]->getText();
  }
  unit.range = SourceRange::Join(Range(fs[0]), Range(fs[i - 1]));
  lit->is_int = false;  // a quantity with a unit is a scalar, never an Int
  lit->unit = std::move(unit);
  lit->range = SourceRange::Join(lit->range, lit->unit->range);
  ast::Expr* acc = lit;
  for (; i < fs.size(); ++i) {
    auto* name = m_.Make<ast::NameExpr>(Range(fs[i]->ID()->getSymbol()));
    name->name = fs[i]->ID()->getText();
    ast::Expr* operand = name;
    if (fs[i]->NUMBER()) {
      auto* n = m_.Make<ast::NumberExpr>(Range(fs[i]->NUMBER()->getSymbol()));
      // The digits as written: the checker bounds a power of a value (|n| <= 8).
      n->text = fs[i]->NUMBER()->getText();
      n->is_int = true;
      ast::Expr* exp = n;
      if (fs[i]->neg) {
        auto* neg = m_.Make<ast::UnaryExpr>(n->range);
        neg->op = ast::UnaryOp::Neg;
        neg->operand = n;
        exp = neg;
      }
      operand = Binary(ast::BinaryOp::Pow, name, exp, Range(fs[i]));
    }
    antlr4::Token* op = lu->unitOp[i - 1];
    acc = Binary(op->getText() == "/" ? ast::BinaryOp::Div : ast::BinaryOp::Mul, acc, operand, Range(op));
    // A postfix after the chain (`.bw`, `(n)`, `[i]`) belongs to this last name.
    chain_tail_[acc] = operand == name ? &static_cast<ast::BinaryExpr*>(acc)->rhs : nullptr;
  }
  return acc;
}

// `16 GiB / l.bw`: the parser saw `(16 GiB / l).bw`; apply the postfix to the chain's last
// name instead. Returns the node to use as the postfix's base, and where to store it.
ast::Expr** Builder::ChainTail(ast::Expr* base) {
  auto it = chain_tail_.find(base);
  return it == chain_tail_.end() ? nullptr : it->second;
}

}  // namespace rl::parse

// AST printer: one S-expression per declaration, used by `--emit=ast` and parse tests.
#include <fmt/format.h>

#include "compiler/ast/ast.h"

namespace rl::ast {

const char* KindName(ExprKind k) {
  switch (k) {
#define RL_EXPR(k) \
  case ExprKind::k: return #k;
#include "compiler/ast/exprs.def"
  }
  return "?";
}

const char* Spelling(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add: return "+";
    case BinaryOp::Sub: return "-";
    case BinaryOp::Mul: return "*";
    case BinaryOp::Div: return "/";
    case BinaryOp::Mod: return "%";
    case BinaryOp::Pow: return "^";
    case BinaryOp::Lt: return "<";
    case BinaryOp::Le: return "<=";
    case BinaryOp::Gt: return ">";
    case BinaryOp::Ge: return ">=";
    case BinaryOp::Eq: return "==";
    case BinaryOp::Ne: return "!=";
    case BinaryOp::And: return "and";
    case BinaryOp::Or: return "or";
  }
  return "?";
}

namespace {

std::string PrintUnit(const UnitExpr& u) {
  std::string s;
  for (const UnitFactor& f : u.factors) {
    if (!s.empty()) s += " ";
    s += f.word;
    if (f.power != 1) s += "^" + std::to_string(f.power);
  }
  return "[" + s + "]";
}

std::string PrintType(const Type& t) {
  switch (t.kind) {
    case Type::Kind::Named: return t.name;
    case Type::Kind::Unit: return PrintUnit(t.unit);
    case Type::Kind::List: return "(list " + PrintType(t.params[0]) + ")";
    case Type::Kind::Fn: {
      std::string s = "(fn";
      for (const Type& p : t.params) s += " " + PrintType(p);
      return s + " -> " + PrintType(*t.result) + ")";
    }
  }
  return "?";
}

std::string P(const Expr* e);

std::string PrintInits(const std::vector<FieldInit>& inits) {
  std::string s;
  for (const FieldInit& f : inits) {
    std::string path;
    for (const std::string& p : f.path) path += (path.empty() ? "" : ".") + p;
    s += fmt::format(" ({} {})", path, P(f.value));
  }
  return s;
}

std::string PrintLet(const LetDecl& l) {
  return fmt::format("(let {}{} {})", l.name, l.type ? " : " + PrintType(*l.type) : "", P(l.value));
}

std::string PrintFnSignature(const FnDecl& f) {
  std::string out = "(";
  for (size_t i = 0; i < f.params.size(); ++i)
    out += fmt::format("{}{} : {}{}", i ? " " : "", f.params[i].name, PrintType(f.params[i].type),
                       f.params[i].default_value ? " = " + P(f.params[i].default_value) : "");
  return out + ")" + (f.result ? " -> " + PrintType(*f.result) : "");
}

std::string P(const Expr* e) {
  if (!e) return "<null>";
  switch (e->kind) {
    case ExprKind::Number: {
      auto* n = static_cast<const NumberExpr*>(e);
      return fmt::format("({} {}{})", n->is_int ? "int" : "num", n->text,
                         n->unit ? " " + PrintUnit(*n->unit) : "");
    }
    case ExprKind::String: return fmt::format("(str \"{}\")", static_cast<const StringExpr*>(e)->value);
    case ExprKind::Bool: return static_cast<const BoolExpr*>(e)->value ? "true" : "false";
    case ExprKind::Name: return static_cast<const NameExpr*>(e)->name;
    case ExprKind::Field: {
      auto* f = static_cast<const FieldExpr*>(e);
      return fmt::format("(. {} {})", P(f->base), f->field);
    }
    case ExprKind::Call: {
      auto* c = static_cast<const CallExpr*>(e);
      std::string s = "(call " + P(c->callee);
      for (const Arg& a : c->args) s += a.name.empty() ? " " + P(a.value) : fmt::format(" ({}= {})", a.name, P(a.value));
      return s + ")";
    }
    case ExprKind::Index: {
      auto* i = static_cast<const IndexExpr*>(e);
      return fmt::format("(index {} {})", P(i->base), P(i->index));
    }
    case ExprKind::Unary: {
      auto* u = static_cast<const UnaryExpr*>(e);
      return fmt::format("({} {})", u->op == UnaryOp::Neg ? "neg" : "not", P(u->operand));
    }
    case ExprKind::Binary: {
      auto* b = static_cast<const BinaryExpr*>(e);
      return fmt::format("({} {} {})", Spelling(b->op), P(b->lhs), P(b->rhs));
    }
    case ExprKind::If: {
      auto* i = static_cast<const IfExpr*>(e);
      return fmt::format("(if {} {} {})", P(i->cond), P(i->then_e), P(i->else_e));
    }
    case ExprKind::Reduce: {
      auto* r = static_cast<const ReduceExpr*>(e);
      const char* k = r->reducer == Reducer::Sum ? "sum" : r->reducer == Reducer::Max ? "max"
                      : r->reducer == Reducer::Min ? "min" : "prod";
      return fmt::format("({} {} {} {})", k, r->var, P(r->list), P(r->body));
    }
    case ExprKind::List: {
      std::string s = "(list";
      for (const Expr* x : static_cast<const ListExpr*>(e)->elems) s += " " + P(x);
      return s + ")";
    }
    case ExprKind::ListComp: {
      auto* c = static_cast<const ListCompExpr*>(e);
      if (c->filter) return fmt::format("(for {} {} (if {}) {})", c->var, P(c->list), P(c->filter), P(c->body));
      return fmt::format("(for {} {} {})", c->var, P(c->list), P(c->body));
    }
    case ExprKind::Record: {
      auto* r = static_cast<const RecordExpr*>(e);
      return fmt::format("(record {}{}{})", r->qualifier.empty() ? "" : r->qualifier + ".",
                         r->type_name, PrintInits(r->fields));
    }
    case ExprKind::With: {
      auto* w = static_cast<const WithExpr*>(e);
      return fmt::format("(with {}{})", P(w->base), PrintInits(w->updates));
    }
    case ExprKind::Lambda: {
      auto* l = static_cast<const LambdaExpr*>(e);
      return fmt::format("(lambda {} {})", PrintFnSignature(*l->fn), P(l->fn->body));
    }
    case ExprKind::Block: {
      auto* b = static_cast<const BlockExpr*>(e);
      std::string s = "(block";
      size_t r = 0;
      for (size_t i = 0; i <= b->lets.size(); ++i) {
        for (; r < b->requires_.size() && b->require_after[r] == i; ++r)
          s += fmt::format(" (require {}{})", P(b->requires_[r].cond),
                           b->requires_[r].message.empty() ? "" : " \"" + b->requires_[r].message + "\"");
        if (i < b->lets.size()) s += " " + PrintLet(b->lets[i]);
      }
      return s + " " + P(b->result) + ")";
    }
    case ExprKind::Steps: {
      std::string s = "(steps";
      for (const Step& st : static_cast<const StepsExpr*>(e)->steps) {
        switch (st.kind) {
          case Step::Kind::Send: s += fmt::format(" (send {} over {})", P(st.a), P(st.b)); break;
          case Step::Kind::Reduce: s += fmt::format(" (reduce {} at {})", P(st.a), P(st.b)); break;
          case Step::Kind::Repeat: s += fmt::format(" (repeat {} {})", P(st.a), P(st.body)); break;
          case Step::Kind::Phase: s += fmt::format(" (phase {} {})", st.name, P(st.body)); break;
          case Step::Kind::Let: s += " " + PrintLet(*st.let); break;
          case Step::Kind::Expr: s += " " + P(st.a); break;
        }
      }
      return s + ")";
    }
  }
  return "?";
}

}  // namespace

std::string Print(const Module& m) {
  std::string out;
  for (const ImportDecl& i : m.imports)
    out += fmt::format("(import {}{}{})\n", i.is_file ? "\"" + i.path + "\"" : i.path,
                       i.alias.empty() ? "" : " as ", i.alias);
  for (const RecordDecl& r : m.records) {
    out += "(record-decl " + r.name;
    for (const FieldDecl& f : r.fields)
      out += fmt::format(" ({} : {}{})", f.name, PrintType(f.type),
                         f.default_value ? " = " + P(f.default_value) : "");
    out += ")\n";
  }
  for (const TypeDecl& t : m.types) out += fmt::format("(type {} {})\n", t.name, PrintType(t.type));
  for (const LetDecl& l : m.lets) out += PrintLet(l) + "\n";
  for (const FnDecl& f : m.fns) {
    out += fmt::format("({} {} {} {})\n", f.schedule ? "schedule" : "fn", f.name, PrintFnSignature(f),
                       P(f.body));
  }
  for (const ScenarioDecl& s : m.scenarios) {
    out += "(scenario " + s.name + "\n";
    for (const ScenarioItem& it : s.order) {
      switch (it.kind) {
        case ScenarioItem::Kind::Param: {
          const ParamDecl& p = s.params[it.index];
          out += fmt::format("  (param {} : {}", p.name, PrintType(p.type));
          if (p.default_value) out += " = " + P(p.default_value);
          if (p.values) {
            out += " in " + P(p.values->list_or_lo);
            if (p.values->hi) out += " .. " + P(p.values->hi);
            if (p.values->step) out += fmt::format(" step {}{}", p.values->step_op, P(p.values->step));
          }
          out += ")\n";
          break;
        }
        case ScenarioItem::Kind::Let: out += "  " + PrintLet(s.lets[it.index]) + "\n"; break;
        case ScenarioItem::Kind::Require: {
          const RequireDecl& r = s.requires_[it.index];
          out += "  (require " + P(r.cond) + (r.message.empty() ? "" : " (str \"" + r.message + "\")") +
                 (r.message_expr ? " " + P(r.message_expr) : "") + ")\n";
          break;
        }
        case ScenarioItem::Kind::Report: {
          const ReportDecl& r = s.reports[it.index];
          out += fmt::format("  (report {} {}{})\n", r.name, P(r.value),
                             r.unit ? " in " + PrintUnit(*r.unit) : "");
          break;
        }
      }
    }
    out += ")\n";
  }
  return out;
}

}  // namespace rl::ast

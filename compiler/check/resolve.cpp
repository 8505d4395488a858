// Name resolution over every declaration, including functions no scenario calls (the
// evaluator only sees code it reaches). Reports unknown names, unknown types and unknown
// unit words with the same wording the evaluator uses, so the engine's dedup keeps one.
#include <fmt/format.h>

#include <unordered_map>

#include "compiler/check/program.h"

namespace rl::check {
namespace {

bool IsBuiltinName(const std::string& n) { return BuiltinNamed(n).has_value(); }

class Resolver {
 public:
  Resolver(Program& p, ModuleInfo* m) : p_(p), m_(m) {}

  void Type(const ast::Type& t) {
    switch (t.kind) {
      case ast::Type::Kind::Named: {
        if (t.name == "Int" || t.name == "Real" || t.name == "Bool" || t.name == "String" || t.name == "Bundle")
          return;
        ModuleInfo* owner = nullptr;
        if (!p_.FindRecord(m_, "", t.name, &owner) && !p_.FindTypeAlias(m_, t.name, &owner) &&
            !m_->incomplete)
        {
          std::string hint = p_.SuggestName(m_, t.name, {}, true);
          p_.Error(diag::Kind::unknown_type, t.range,
                   hint.empty() ? fmt::format("unknown type `{}`; expected `Int`, `Real`, `Bool`, `String`, "
                                              "`Bundle`, a unit or a record", t.name)
                                : fmt::format("unknown type `{}`{}", t.name, hint));
        }
        return;
      }
      case ast::Type::Kind::Unit: p_.ResolveUnit(t.unit); return;
      case ast::Type::Kind::List: Type(t.params[0]); return;
      case ast::Type::Kind::Fn:
        for (const ast::Type& x : t.params) Type(x);
        Type(*t.result);
        return;
    }
  }

  // A param's type is `Int`, `Real`, `Bool`, a unit, a record or a type alias, so an
  // unknown word there is taken for a misspelt unit (`param t: sec`).
  void ParamType(const ast::Type& t) {
    if (t.kind == ast::Type::Kind::Named && t.name != "Int" && t.name != "Real" && t.name != "Bool" &&
        t.name != "String") {
      ModuleInfo* owner = nullptr;
      if (!p_.FindRecord(m_, "", t.name, &owner) && !p_.FindTypeAlias(m_, t.name, &owner) && !m_->incomplete) {
        std::string hint = units::HintFor(t.name);
        p_.Error(diag::Kind::unknown_unit, t.range,
                 fmt::format("unknown unit `{}`{}", t.name, hint.empty() ? "" : "; " + hint));
      }
      return;
    }
    Type(t);
  }

  void Let(const ast::LetDecl& l) {
    if (l.type) Type(*l.type);
    Expr(l.value);
  }

  void Expr(const ast::Expr* e) {
    if (!e) return;
    switch (e->kind) {
      case ast::ExprKind::Number: {
        auto* n = static_cast<const ast::NumberExpr*>(e);
        if (n->unit && !n->unit->factors.empty()) p_.ResolveUnit(*n->unit);
        return;
      }
      case ast::ExprKind::String:
      case ast::ExprKind::Bool: return;
      case ast::ExprKind::Name: {
        auto* n = static_cast<const ast::NameExpr*>(e);
        if (Bound(n->name) || IsBuiltinName(n->name) || m_->incomplete) return;
        p_.Error(diag::Kind::unknown_name, e->range,
                 fmt::format("unknown name `{}`{}", n->name, p_.SuggestName(m_, n->name, Locals())));
        return;
      }
      case ast::ExprKind::Field: Expr(static_cast<const ast::FieldExpr*>(e)->base); return;
      case ast::ExprKind::Call: {
        auto* c = static_cast<const ast::CallExpr*>(e);
        Expr(c->callee);
        for (const ast::Arg& a : c->args) Expr(a.value);
        return;
      }
      case ast::ExprKind::Index: {
        auto* i = static_cast<const ast::IndexExpr*>(e);
        Expr(i->base);
        Expr(i->index);
        return;
      }
      case ast::ExprKind::Unary: Expr(static_cast<const ast::UnaryExpr*>(e)->operand); return;
      case ast::ExprKind::Binary: {
        auto* b = static_cast<const ast::BinaryExpr*>(e);
        Expr(b->lhs);
        Expr(b->rhs);
        return;
      }
      case ast::ExprKind::If: {
        auto* i = static_cast<const ast::IfExpr*>(e);
        Expr(i->cond);
        Expr(i->then_e);
        Expr(i->else_e);
        return;
      }
      case ast::ExprKind::Reduce: {
        auto* r = static_cast<const ast::ReduceExpr*>(e);
        Expr(r->list);
        Push(r->var);
        Expr(r->body);
        Pop(1);
        return;
      }
      case ast::ExprKind::List:
        for (const ast::Expr* x : static_cast<const ast::ListExpr*>(e)->elems) Expr(x);
        return;
      case ast::ExprKind::ListComp: {
        auto* c = static_cast<const ast::ListCompExpr*>(e);
        Expr(c->list);
        Push(c->var);
        if (c->filter) Expr(c->filter);
        Expr(c->body);
        Pop(1);
        return;
      }
      case ast::ExprKind::Record: {
        auto* r = static_cast<const ast::RecordExpr*>(e);
        ModuleInfo* owner = nullptr;
        if (!p_.FindRecord(m_, r->qualifier, r->type_name, &owner)) p_.UnknownRecord(m_, r);
        for (const ast::FieldInit& f : r->fields) Expr(f.value);
        return;
      }
      case ast::ExprKind::With: {
        auto* w = static_cast<const ast::WithExpr*>(e);
        Expr(w->base);
        for (const ast::FieldInit& f : w->updates) Expr(f.value);
        return;
      }
      case ast::ExprKind::Lambda: {
        const ast::FnDecl& f = *static_cast<const ast::LambdaExpr*>(e)->fn;
        Fn(f);
        return;
      }
      case ast::ExprKind::Steps: {
        size_t n = 0;
        for (const ast::Step& st : static_cast<const ast::StepsExpr*>(e)->steps) {
          if (st.kind == ast::Step::Kind::Let) {
            Let(*st.let);
            Push(st.let->name);
            ++n;
            continue;
          }
          Expr(st.a);
          Expr(st.b);
          Expr(st.body);
        }
        Pop(n);
        return;
      }
      case ast::ExprKind::Block: {
        auto* b = static_cast<const ast::BlockExpr*>(e);
        size_t n = 0, r = 0;
        for (const ast::LetDecl& l : b->lets) {
          for (; r < b->requires_.size() && b->require_after[r] == n; ++r) Expr(b->requires_[r].cond);
          if (Declared(l.name, n))
            p_.Error(diag::Kind::duplicate_name, l.name_range,
                     fmt::format("`{}` is already defined in this block", l.name));
          Let(l);
          Push(l.name);
          ++n;
        }
        for (; r < b->requires_.size(); ++r) Expr(b->requires_[r].cond);
        Expr(b->result);
        Pop(n);
        return;
      }
    }
  }

  void Fn(const ast::FnDecl& f) {
    for (size_t i = 0; i < f.params.size(); ++i) {
      const ast::FnParam& p = f.params[i];
      if (Declared(p.name, i))
        p_.Error(diag::Kind::duplicate_name, p.range,
                 fmt::format("`{}` is already a parameter of `{}`", p.name, f.name));
      Type(p.type);
      Expr(p.default_value);
      Push(p.name);
    }
    if (f.result) Type(*f.result);
    Expr(f.body);
    Pop(f.params.size());
  }

  void Push(const std::string& n) {
    at_[n].push_back(locals_.size());
    locals_.push_back(n);
  }
  void Pop(size_t n) {
    for (; n > 0; --n) {
      at_[locals_.back()].pop_back();
      locals_.pop_back();
    }
  }
  std::vector<std::string> Locals() const {
    std::vector<std::string> out;
    for (const auto& [n, at] : at_)
      if (!at.empty()) out.push_back(n);
    return out;
  }
  // Whether one of the last `n` locals pushed (one declaration's own names) is `name`.
  bool Declared(const std::string& name, size_t n) const {
    auto it = at_.find(name);
    return it != at_.end() && !it->second.empty() && it->second.back() + n >= locals_.size();
  }

 private:
  bool Bound(const std::string& n) const {
    if (auto it = at_.find(n); it != at_.end() && !it->second.empty()) return true;
    return m_->globals.count(n) || m_->unqualified.count(n) || m_->aliases.count(n);
  }

  Program& p_;
  ModuleInfo* m_;
  // Locals in scope, innermost last, and where each name is in `locals_` (a scenario or
  // a block may have tens of thousands, so no linear search).
  std::vector<std::string> locals_;
  std::unordered_map<std::string, std::vector<size_t>> at_;
};

}  // namespace

void Program::ResolveModule(ModuleInfo* m) {
  const ast::Module& a = *m->ast;
  Resolver r(*this, m);
  for (const ast::LetDecl& l : a.lets) r.Let(l);
  for (const ast::RecordDecl& rec : a.records) {
    // A field's default sees the fields declared before it.
    for (size_t i = 0; i < rec.fields.size(); ++i) {
      const ast::FieldDecl& f = rec.fields[i];
      if (r.Declared(f.name, i))
        Error(diag::Kind::duplicate_name, f.range,
              fmt::format("`{}` is already a field of `{}`", f.name, rec.name));
      r.Type(f.type);
      r.Expr(f.default_value);
      r.Push(f.name);
    }
    r.Pop(rec.fields.size());
  }
  for (const ast::TypeDecl& t : a.types) r.Type(t.type);
  // An alias that names itself, directly or through others (`type T = [T]`), has no
  // meaning; it is refused here and taken as unknown after.
  std::vector<const ast::TypeDecl*> cyclic;
  for (const ast::TypeDecl& t : a.types)
    if (AliasReaches(m, t.type, &t, 0)) {
      Error(diag::Kind::cyclic_definition, t.name_range,
            fmt::format("type `{}` is defined in terms of itself", t.name));
      cyclic.push_back(&t);
    }
  cyclic_aliases_.insert(cyclic.begin(), cyclic.end());
  for (const ast::FnDecl& f : a.fns) r.Fn(f);

  for (const ast::ScenarioDecl& s : a.scenarios) {
    size_t pushed = 0;
    for (const ast::ScenarioItem& it : s.order) {
      switch (it.kind) {
        case ast::ScenarioItem::Kind::Param: {
          const ast::ParamDecl& p = s.params[it.index];
          r.ParamType(p.type);
          r.Expr(p.default_value);
          if (p.values) {
            r.Expr(p.values->list_or_lo);
            r.Expr(p.values->hi);
            r.Expr(p.values->step);
          }
          r.Push(p.name);
          ++pushed;
          break;
        }
        case ast::ScenarioItem::Kind::Let:
          r.Let(s.lets[it.index]);
          r.Push(s.lets[it.index].name);
          ++pushed;
          break;
        case ast::ScenarioItem::Kind::Require:
          r.Expr(s.requires_[it.index].cond);
          if (s.requires_[it.index].message_expr) r.Expr(s.requires_[it.index].message_expr);
          break;
        case ast::ScenarioItem::Kind::Report:
          r.Expr(s.reports[it.index].value);
          r.Push(s.reports[it.index].name);  // later items may use a report's value
          ++pushed;
          break;
      }
    }
    r.Pop(pushed);
  }
}

}  // namespace rl::check

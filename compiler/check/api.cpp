// The checker's value API: static values handed out (Exported, which `ringline stats`
// reads a Network record as, without knowing the evaluator's Value representation) and
// back in, and functions of the stdlib or a spec called on them (Compilation::Call), which
// is how `advise`, `stats` and `calibrate` use the library instead of generating text.
#include <fmt/format.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>

#include <stdexcept>

#include "base/suggest.h"
#include "compiler/check/program.h"
#include "compiler/parse/parse.h"
#include "runtime/kernels/kernels.h"

namespace ringline {

const Value* Value::Field(const std::string& name) const {
  for (size_t i = 0; i < field_names.size(); ++i)
    if (field_names[i] == name) return &items[i];
  return nullptr;
}

const Value& Value::At(const std::string& name, Kind kind) const {
  const Value* v = Field(name);
  if (!v || v->kind != kind)
    throw std::logic_error(fmt::format("internal error: the `{}` record read has {} field `{}`", str,
                                       v ? "a mistyped" : "no", name));
  return *v;
}

Value Value::Number(double v, std::string unit) {
  Value e;
  e.kind = Kind::Number;
  e.number = v;
  e.unit = std::move(unit);
  return e;
}
Value Value::Int(int64_t v) {
  Value e = Number(static_cast<double>(v));
  e.integer = true;
  return e;
}
Value Value::Bool(bool v) {
  Value e;
  e.kind = Kind::Bool;
  e.number = v ? 1 : 0;
  return e;
}
Value Value::String(std::string s) {
  Value e;
  e.kind = Kind::String;
  e.str = std::move(s);
  return e;
}
Value Value::List(std::vector<Value> items) {
  Value e;
  e.kind = Kind::List;
  e.items = std::move(items);
  return e;
}
Value Value::Record(std::string type, std::vector<std::pair<std::string, Value>> fields) {
  Value e;
  e.kind = Kind::Record;
  e.str = std::move(type);
  for (auto& [name, v] : fields) {
    e.field_names.push_back(std::move(name));
    e.items.push_back(std::move(v));
  }
  return e;
}

}  // namespace ringline

namespace rl::check {

static Exported Export(const Value& v) {
  Exported e;
  switch (v.kind) {
    case Value::Kind::Scalar:
      e.kind = v.type.base == ScalarType::Base::Bool ? Exported::Kind::Bool : Exported::Kind::Number;
      e.number = v.is_const ? v.c : 0;
      e.unit = v.type.dim == units::Dim{} ? "" : units::Unit::Canonical(v.type.dim).name;
      e.integer = v.type.base == ScalarType::Base::Int;
      if (!v.is_const) e.kind = Exported::Kind::Other;
      break;
    case Value::Kind::String:
      e.kind = Exported::Kind::String;
      e.str = v.str;
      break;
    case Value::Kind::List:
      e.kind = Exported::Kind::List;
      for (const Value& x : *v.elems) e.items.push_back(Export(x));
      break;
    case Value::Kind::Record:
      e.kind = Exported::Kind::Record;
      e.str = v.record->name;
      for (size_t i = 0; i < v.record->fields.size(); ++i) {
        e.field_names.push_back(v.record->fields[i].name);
        e.items.push_back(Export((*v.elems)[i]));
      }
      break;
    case Value::Kind::Bundle:
      // A record of strings: `path` (empty for `mlp_bundle()`), then the device lines of
      // the profile it was fitted on (`ringline stats --device` compares them with this CPU).
      e.kind = Exported::Kind::Record;
      e.str = "Bundle";
      e.field_names.push_back("path");
      e.items.push_back(Exported::String(v.str));
      if (v.bundle)
        for (const auto& [key, value] : v.bundle->device.fields) {
          e.field_names.push_back(key);
          e.items.push_back(Exported::String(value));
        }
      break;
    case Value::Kind::Func:
      e.kind = Exported::Kind::Function;
      e.str = v.fn ? v.fn->name : "";
      break;
    case Value::Kind::Error:
    case Value::Kind::Builtin:
    case Value::Kind::Module: break;
  }
  if (v.kind != Value::Kind::Error) e.handle = std::make_shared<const Value>(v);
  return e;
}

// The checker's value of an Exported: its own when it came from the checker, else built
// from the parts (a record looked up by type name from `m`, else from the root module);
// Error after a diagnostic.
static Value ToValue(Program& p, ModuleInfo* m, const Exported& e, const std::string& what) {
  if (e.handle) return *e.handle;
  switch (e.kind) {
    case Exported::Kind::Number: {
      units::Unit u;
      if (!e.unit.empty()) {
        std::string bad;
        std::optional<units::Unit> parsed = units::ParseUnitString(e.unit, &bad);
        if (!parsed) {
          std::string hint = units::HintFor(bad);
          p.Error(diag::Kind::unknown_unit, {},
                  fmt::format("{}: unknown unit `{}`{}", what, bad, hint.empty() ? "" : "; " + hint));
          return Value::Error();
        }
        u = *parsed;
      }
      // Converted as a literal `v unit` is, scaling the decimal exponent exactly.
      const double si = e.unit.empty() ? e.number : units::LiteralToSI(units::FormatNumber(e.number), u);
      return Value::Const(si, {e.integer ? ScalarType::Base::Int : ScalarType::Base::Real, u.dim, false});
    }
    case Exported::Kind::Bool: return Value::Bool(e.number != 0);
    case Exported::Kind::String: {
      Value v;
      v.kind = Value::Kind::String;
      v.str = e.str;
      return v;
    }
    case Exported::Kind::List: {
      auto elems = std::make_shared<std::vector<Value>>();
      for (const Exported& x : e.items) {
        elems->push_back(ToValue(p, m, x, what));
        if (elems->back().IsError()) return Value::Error();
      }
      Value v;
      v.kind = Value::Kind::List;
      v.elems = elems;
      return v;
    }
    case Exported::Kind::Record: {
      ModuleInfo* owner = nullptr;
      const ast::RecordDecl* rec = p.FindRecord(m, "", e.str, &owner);
      if (!rec && m != p.root) rec = p.FindRecord(p.root, "", e.str, &owner);
      if (!rec) {
        p.Error(diag::Kind::unknown_type, {}, fmt::format("{}: unknown record type `{}`", what, e.str));
        return Value::Error();
      }
      std::vector<std::optional<Value>> given(rec->fields.size());
      for (size_t f = 0; f < e.field_names.size(); ++f) {
        size_t i = 0;
        while (i < rec->fields.size() && rec->fields[i].name != e.field_names[f]) ++i;
        if (i == rec->fields.size()) {
          std::vector<std::string> names;
          for (const ast::FieldDecl& fd : rec->fields) names.push_back(fd.name);
          p.Error(diag::Kind::unknown_field, {},
                  fmt::format("{}: `{}` has no field `{}`{}", what, rec->name, e.field_names[f],
                              DidYouMean(e.field_names[f], names)));
          return Value::Error();
        }
        Value v = ToValue(p, m, e.items[f], what);
        if (v.IsError()) return v;
        given[i] = p.Conform(v, rec->fields[i].type, owner, {},
                             fmt::format("{}: field `{}` of `{}`", what, e.field_names[f], rec->name));
        if (given[i]->IsError()) return Value::Error();
      }
      return p.FinishRecord(rec, owner, given, {}, Env{m, nullptr, nullptr});
    }
    case Exported::Kind::Function:
    case Exported::Kind::Other: break;
  }
  p.Error(diag::Kind::type_mismatch, {}, fmt::format("{}: this value cannot be passed back", what));
  return Value::Error();
}

std::vector<std::string> Compilation::GlobalNames() const {
  std::vector<std::string> names;
  if (program_->root)
    for (const ast::LetDecl& l : program_->root->ast->lets) names.push_back(l.name);
  return names;
}

std::optional<Exported> Compilation::ExportGlobal(const std::string& name) {
  if (!program_->root) return std::nullopt;
  unsigned before = program_->diags().ErrorCount();
  bool found = false;
  Value v = program_->LookupGlobal(program_->root, name, {}, &found);
  if (!found || v.IsError() || program_->diags().ErrorCount() > before) return std::nullopt;
  return Export(v);
}

bool Compilation::Binds(const std::string& name) const {
  ModuleInfo* r = program_->root;
  return r && (r->globals.count(name) || r->unqualified.count(name) || r->aliases.count(name));
}

std::vector<std::string> Compilation::VisibleNames() const {
  std::vector<std::string> out;
  if (ModuleInfo* r = program_->root) {
    for (const auto& [n, _] : r->globals)
      if (n[0] != '_') out.push_back(n);
    for (const auto& [n, _] : r->unqualified) out.push_back(n);  // imports skip `_` names
  }
  return out;
}

bool Compilation::Import(const std::string& module, ModuleContents* contents) {
  unsigned before = program_->diags().ErrorCount();
  if (!program_->root) {
    // An empty root module: the scope the API's calls are made in.
    auto& slot = program_->modules()["<ringline>"];
    slot = std::make_unique<ModuleInfo>();
    slot->ast = std::make_unique<ast::Module>();
    slot->path = "<ringline>";
    slot->resolved = true;
    program_->root = slot.get();
  }
  ModuleInfo* m = program_->ImportInto(program_->root, module);
  if (m) program_->ResolveNew();
  if (m && contents) {
    for (const ast::LetDecl& l : m->ast->lets)
      if (l.name[0] != '_') contents->lets.push_back(l.name);
    for (const ast::FnDecl& f : m->ast->fns)
      if (f.name[0] != '_') (f.schedule ? contents->schedules : contents->fns).push_back(f.name);
  }
  return m && program_->diags().ErrorCount() == before;
}

std::optional<Exported> Compilation::Call(const std::string& fn, const std::vector<Exported>& args,
                                          const std::vector<std::pair<std::string, Exported>>& named) {
  Program& p = *program_;
  if (!p.root) return std::nullopt;
  unsigned before = p.diags().ErrorCount();
  // `stdlib.kernel_time.layer_time`: the module's own function, whatever the root binds.
  ModuleInfo* in = p.root;
  std::string name = fn;
  if (size_t dot = fn.rfind('.'); dot != std::string::npos) {
    in = p.LoadModule(fn.substr(0, dot), p.root);
    if (!in) return std::nullopt;
    p.ResolveNew();
    name = fn.substr(dot + 1);
  }
  bool found = false;
  Value f = p.LookupGlobal(in, name, {}, &found);
  if (!found) {
    std::vector<std::string> known;
    for (const auto& [n, _] : in->globals) known.push_back(n);
    for (const auto& [n, _] : in->unqualified) known.push_back(n);
    p.Error(diag::Kind::unknown_name, {}, fmt::format("no function `{}`{}", fn, DidYouMean(name, known)));
    return std::nullopt;
  }
  if (f.IsError() || p.diags().ErrorCount() > before) return std::nullopt;
  if (f.kind != Value::Kind::Func) {
    p.Error(diag::Kind::not_callable, {}, fmt::format("`{}` is `{}`, not a function", fn, Describe(f)));
    return std::nullopt;
  }
  std::vector<Value> values;
  std::vector<std::string> names;
  for (size_t i = 0; i < args.size() + named.size(); ++i) {
    const bool pos = i < args.size();
    const Exported& e = pos ? args[i] : named[i - args.size()].second;
    // A record built by hand is of a type the callee's module sees, else the root's.
    values.push_back(ToValue(p, f.fn_module ? f.fn_module : p.root, e,
                            pos ? fmt::format("argument {} of `{}`", i + 1, fn)
                                : fmt::format("argument `{}` of `{}`", named[i - args.size()].first, fn)));
    if (values.back().IsError()) return std::nullopt;
    names.push_back(pos ? "" : named[i - args.size()].first);
  }
  Value r = p.CallValue(f, values, names);
  if (r.IsError() || p.diags().ErrorCount() > before) return std::nullopt;
  return Export(r);
}

std::optional<Exported> Compilation::Build(const Exported& value) {
  Program& p = *program_;
  if (!p.root) return std::nullopt;
  unsigned before = p.diags().ErrorCount();
  Value v = ToValue(p, p.root, value, "a value");
  if (v.IsError() || p.diags().ErrorCount() > before) return std::nullopt;
  return Export(v);
}

std::optional<Exported> Compilation::EvalText(const std::string& text, const std::string& label, unsigned* buffer) {
  Program& p = *program_;
  if (!p.root) return std::nullopt;
  llvm::SourceMgr& sm = p.diags().SourceMgr();
  unsigned id = sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, label), llvm::SMLoc());
  if (buffer) *buffer = id;
  unsigned before = p.diags().ErrorCount();
  std::vector<ast::ValueSet> sets;
  if (!parse::ParseCliValues(id, p.diags(), p.cli_arena, sets)) return std::nullopt;
  if (sets.size() != 1 || sets[0].hi) {
    p.Error(diag::Kind::bad_option, {id, 0, static_cast<uint32_t>(text.size())},
            fmt::format("`{}` takes one value", label));
    return std::nullopt;
  }
  Value v = p.EvalStatic(sets[0].list_or_lo);
  if (v.IsError() || p.diags().ErrorCount() > before) return std::nullopt;
  return Export(v);
}

}  // namespace rl::check

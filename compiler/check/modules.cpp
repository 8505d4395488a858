// Module loading: files and imports (stdlib found without flags), cycles, the global
// table of each module, and lazy evaluation of top-level `let`s with cycle detection.
#include <algorithm>

#include <fmt/format.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>

#include "base/suggest.h"
#include "compiler/check/program.h"
#include "compiler/parse/parse.h"
#include "runtime/files.h"

namespace rl::check {

static std::string ImportPath(const ast::ImportDecl& imp, const std::string& from_file,
                              const std::string& stdlib_dir) {
  llvm::SmallString<256> p;
  if (imp.is_file) {
    if (llvm::sys::path::is_absolute(imp.path)) return imp.path;
    p = llvm::sys::path::parent_path(from_file);
    llvm::sys::path::append(p, imp.path);
    return std::string(p);
  }
  // `stdlib.models.resnet` -> <stdlib>/models/resnet.rl; `a.b` -> a/b.rl beside the file.
  llvm::SmallVector<llvm::StringRef, 4> parts;
  llvm::StringRef(imp.path).split(parts, '.');
  size_t first = 0;
  if (parts[0] == "stdlib") {
    p = stdlib_dir;
    first = 1;
  } else {
    p = llvm::sys::path::parent_path(from_file);
  }
  for (size_t i = first; i < parts.size(); ++i) llvm::sys::path::append(p, parts[i]);
  p += ".rl";
  return std::string(p);
}

// A folder as a canonical prefix ("/a/b/"), or "" when it does not exist.
static std::string FolderPrefix(const std::string& dir) {
  llvm::SmallString<256> real;
  if (dir.empty() || llvm::sys::fs::real_path(dir, real)) return "";
  return std::string(real) + llvm::sys::path::get_separator().str();
}

void Program::AllowRootFolder(const std::string& spec) {
  llvm::SmallString<256> abs(spec);
  if (llvm::sys::fs::make_absolute(abs)) return;
  std::string dir = FolderPrefix(std::string(llvm::sys::path::parent_path(abs)));
  if (!dir.empty()) allowed_real_.push_back(dir);
}

bool Program::MayRead(const std::string& path, SourceRange use, const char* what) {
  if (!allowed_ready_) {
    allowed_ready_ = true;
    allowed_real_.push_back(FolderPrefix(opts_.stdlib_dir));
    for (const std::string& d : opts_.allowed_dirs) allowed_real_.push_back(FolderPrefix(d));
  }
  // The canonical path when the file exists; else the absolute one without `..`, so that
  // a missing file outside is refused as well (nothing tells whether it exists).
  llvm::SmallString<256> real;
  if (llvm::sys::fs::real_path(path, real)) {
    real = path;
    llvm::sys::fs::make_absolute(real);
    llvm::sys::path::remove_dots(real, /*remove_dot_dot=*/true);
  }
  for (const std::string& dir : allowed_real_)
    if (!dir.empty() && llvm::StringRef(real).starts_with(dir)) return true;
  env_error = true;
  Error(diag::Kind::path_not_allowed, use,
        fmt::format("a spec reads only files in its own folder tree and the standard library; `{}` is outside "
                    "them (to {} it, allow its folder with `--allow-path DIR`)",
                    path, what));
  return false;
}

namespace {

// The modules (`.rl` files) or, with `folders`, the sub-folders of `dir`, without the
// private (`_`) and hidden ones; sorted.
std::vector<std::string> ModulesIn(llvm::StringRef dir, bool folders) {
  std::vector<std::string> names;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (name.starts_with("_") || name.starts_with(".")) continue;
    bool folder = it->type() == llvm::sys::fs::file_type::directory_file;
    if (folders ? folder : !folder && name.ends_with(".rl")) names.push_back(folders ? name.str() : name.drop_back(3).str());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// For an import whose file does not exist (`path`, written as `written`): the module it
// was likely meant to be, each part of the dotted name matched against the folders (or, for
// the last, the modules) that exist where it is looked for, as `; did you mean
// `stdlib.models.resnet`?`; or, where the last part names a folder, the modules in it.
std::string ImportHint(const std::string& path, const std::string& written) {
  if (written.empty() || llvm::sys::fs::exists(path)) return "";
  llvm::SmallVector<llvm::StringRef, 4> parts;
  llvm::StringRef(written).split(parts, '.');
  llvm::SmallString<256> dir(path);  // ROOT/a/b/c.rl: ROOT is where `a` is looked for
  for (size_t i = 0; i < parts.size(); ++i) llvm::sys::path::remove_filename(dir);
  std::string prefix;
  for (size_t i = 0; i + 1 < parts.size(); ++i) {
    std::vector<std::string> folders = ModulesIn(dir, true);
    std::string pick = parts[i].str();
    if (std::find(folders.begin(), folders.end(), pick) == folders.end()) {
      std::vector<std::string> close = ClosestNames(parts[i], folders, 1);
      if (close.empty()) return "";
      pick = close[0];
    }
    prefix += pick + ".";
    llvm::sys::path::append(dir, pick);
  }
  llvm::SmallString<256> folder(dir);
  llvm::sys::path::append(folder, parts.back());
  if (llvm::sys::fs::is_directory(folder)) {
    std::vector<std::string> inside = ModulesIn(folder, false);
    if (inside.empty()) return "";
    std::string list;
    for (size_t i = 0; i < inside.size() && i < 4; ++i)
      list += fmt::format("{}`{}{}.{}`", i ? ", " : "", prefix, parts.back().str(), inside[i]);
    return fmt::format("; `{}{}` is a folder: import a module in it ({}{})", prefix, parts.back().str(), list,
                       inside.size() > 4 ? ", ..." : "");
  }
  std::vector<std::string> modules = ModulesIn(dir, false);
  std::vector<std::string> close;
  if (std::find(modules.begin(), modules.end(), parts.back().str()) != modules.end())
    close.push_back(parts.back().str());  // only a folder was misspelt
  else
    close = ClosestNames(parts.back(), modules);
  for (std::string& c : close) c = prefix + c;
  return close.empty() ? "" : "; did you mean " + QuotedAlternatives(close) + "?";
}

}  // namespace

ModuleInfo* Program::LoadFile(const std::string& path, SourceRange site, const std::string& written) {
  llvm::SmallString<256> real;
  std::string key = path;
  if (!llvm::sys::fs::real_path(path, real)) key = std::string(real);
  if (site.Valid() && !MayRead(path, site, "import")) return nullptr;
  // Only Ringline files are imported: a syntax error echoes the line it is on, and any
  // other file in the tree (data, keys, notes) has no business being shown.
  if (site.Valid() && !llvm::StringRef(path).ends_with(".rl")) {
    env_error = true;
    Error(diag::Kind::path_not_allowed, site,
          fmt::format("an import names a Ringline file (`.rl`); `{}` is not one", llvm::sys::path::filename(path).str()));
    return nullptr;
  }
  if (auto it = modules_.find(key); it != modules_.end()) {
    if (it->second->ast) return it->second.get();
    // Still loading: an import cycle.
    std::string chain;
    bool in = false;
    for (const std::string& l : loading_) {
      if (l == key) in = true;
      if (in) chain += llvm::sys::path::filename(l).str() + " -> ";
    }
    chain += llvm::sys::path::filename(key).str();
    Error(diag::Kind::import_cycle, site, fmt::format("import cycle: {}", chain));
    return nullptr;
  }
  auto buf = ReadRegularFile(path, kMaxSourceBytes, /*text=*/true);
  // The bound is on all the text one compilation parses: its memory grows with it.
  if (buf && (loaded_bytes_ += (*buf)->getBufferSize()) > kMaxSourceBytes)
    buf = llvm::createStringError(llvm::inconvertibleErrorCode(),
                                  fmt::format("the spec and its imports together pass {} MiB", kMaxSourceBytes >> 20));
  if (!buf) {
    env_error = true;
    std::string why = llvm::toString(buf.takeError());
    if (!site.Valid()) {  // the spec named on the command line
      llvm::errs() << diag::Unlocated(diag::Kind::file_error, fmt::format("cannot read `{}`: {}", path, why));
      return nullptr;
    }
    Error(diag::Kind::import_not_found, site, fmt::format("cannot read `{}`: {}{}", path, why, ImportHint(path, written)));
    return nullptr;
  }
  unsigned id = diags_.SourceMgr().AddNewSourceBuffer(std::move(*buf), llvm::SMLoc());
  // Files of the standard library: errors they raise point at the spec instead.
  if (stdlib_real_.empty()) {
    llvm::SmallString<256> dir;
    if (opts_.stdlib_dir.empty())
      stdlib_real_ = "\n";  // no stdlib: matches no path
    else
      stdlib_real_ = (llvm::sys::fs::real_path(opts_.stdlib_dir, dir) ? opts_.stdlib_dir : std::string(dir)) +
                     llvm::sys::path::get_separator().str();
  }
  if (llvm::StringRef(key).starts_with(stdlib_real_)) {
    if (stdlib_buffers_.size() <= id) stdlib_buffers_.resize(id + 1, 0);
    stdlib_buffers_[id] = 1;
  }
  return LoadBuffer(id, key);
}

ModuleInfo* Program::LoadBuffer(unsigned buffer_id, const std::string& key) {
  auto& slot = modules_[key];
  slot = std::make_unique<ModuleInfo>();
  ModuleInfo* m = slot.get();
  m->path = key;
  std::unique_ptr<ast::Module> parsed = parse::ParseBuffer(buffer_id, diags_);
  if (!parsed) {
    modules_.erase(key);
    return nullptr;
  }
  // Register globals before imports so a cycle still finds this module's names.
  // In source order, so a name defined twice is reported at its second definition.
  struct Decl {
    const std::string* name;
    Global::Kind kind;
    size_t index;
    SourceRange range;
  };
  std::vector<Decl> decls;
  for (size_t i = 0; i < parsed->lets.size(); ++i)
    decls.push_back({&parsed->lets[i].name, Global::Kind::Let, i, parsed->lets[i].name_range});
  for (size_t i = 0; i < parsed->fns.size(); ++i)
    decls.push_back({&parsed->fns[i].name, Global::Kind::Fn, i, parsed->fns[i].name_range});
  for (size_t i = 0; i < parsed->records.size(); ++i)
    decls.push_back({&parsed->records[i].name, Global::Kind::Record, i, parsed->records[i].name_range});
  for (size_t i = 0; i < parsed->types.size(); ++i)
    decls.push_back({&parsed->types[i].name, Global::Kind::Type, i, parsed->types[i].name_range});
  std::stable_sort(decls.begin(), decls.end(),
                   [](const Decl& a, const Decl& b) { return a.range.begin < b.range.begin; });
  for (const Decl& d : decls)
    if (!m->globals.emplace(*d.name, Global{d.kind, d.index, Global::State::Unevaluated, Value{}}).second)
      Error(diag::Kind::duplicate_name, d.range, fmt::format("`{}` is already defined in this module", *d.name));
  // Scenarios are named apart from values (`--scenario NAME`), but once per module.
  for (size_t i = 0; i < parsed->scenarios.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (parsed->scenarios[j].name == parsed->scenarios[i].name) {
        Error(diag::Kind::duplicate_name, parsed->scenarios[i].name_range,
              fmt::format("scenario `{}` is already defined in this module", parsed->scenarios[i].name));
        break;
      }

  loading_.push_back(key);
  const ast::Module& a = *parsed;
  std::vector<std::pair<const ast::ImportDecl*, ModuleInfo*>> imported;
  for (const ast::ImportDecl& imp : a.imports) {
    std::string target = ImportPath(imp, a.path, opts_.stdlib_dir);
    ModuleInfo* dep = LoadFile(target, imp.range, imp.is_file ? "" : imp.path);
    if (dep) imported.push_back({&imp, dep});
    else m->incomplete = true;
  }
  loading_.pop_back();
  m->ast = std::move(parsed);
  for (auto [imp, dep] : imported) {
    if (!imp->alias.empty()) {
      auto [it, fresh] = m->aliases.emplace(imp->alias, dep);
      if (m->globals.count(imp->alias))
        Error(diag::Kind::duplicate_name, imp->range,
              fmt::format("`{}` is already defined in this module; import `as` another name", imp->alias));
      else if (!fresh && it->second != dep)
        Error(diag::Kind::duplicate_name, imp->range,
              fmt::format("`{}` already names the import of `{}`", imp->alias,
                          llvm::sys::path::filename(it->second->path).str()));
      continue;
    }
    for (const auto& [name, g] : dep->globals) {
      if (name.empty() || name[0] == '_' || m->globals.count(name)) continue;
      auto [it, fresh] = m->unqualified.emplace(name, dep);
      if (!fresh && it->second != dep)
        Error(diag::Kind::duplicate_name, imp->range,
              fmt::format("`{}` is imported from both `{}` and `{}`; import one `as` a name", name,
                          llvm::sys::path::filename(it->second->path).str(),
                          llvm::sys::path::filename(dep->path).str()));
    }
  }
  return m;
}

ModuleInfo* Program::LoadModule(const std::string& module, ModuleInfo* from) {
  ast::ImportDecl imp;
  imp.path = module;
  imp.is_file = llvm::StringRef(module).ends_with(".rl");
  return LoadFile(ImportPath(imp, from->path, opts_.stdlib_dir), {});
}

ModuleInfo* Program::ImportInto(ModuleInfo* into, const std::string& module) {
  ModuleInfo* dep = LoadModule(module, into);
  if (!dep) return nullptr;
  for (const auto& [name, g] : dep->globals)
    if (!name.empty() && name[0] != '_' && !into->globals.count(name)) into->unqualified.emplace(name, dep);
  return dep;
}

void Program::ResolveNew() {
  for (auto& [_, m] : modules_)
    if (m->ast && !m->resolved) {
      m->resolved = true;
      ResolveModule(m.get());
    }
}

Value Program::LookupGlobal(ModuleInfo* m, const std::string& name, SourceRange use, bool* found) {
  *found = true;
  auto it = m->globals.find(name);
  if (it == m->globals.end()) {
    if (auto u = m->unqualified.find(name); u != m->unqualified.end())
      return LookupGlobal(u->second, name, use, found);
    if (auto a = m->aliases.find(name); a != m->aliases.end()) {
      Value v;
      v.kind = Value::Kind::Module;
      v.module = a->second;
      return v;
    }
    *found = false;
    return Value::Error();
  }
  Global& g = it->second;
  switch (g.kind) {
    case Global::Kind::Fn: {
      Value v;
      v.kind = Value::Kind::Func;
      v.fn = &m->ast->fns[g.index];
      v.fn_module = m;
      return v;
    }
    case Global::Kind::Record:
      Error(diag::Kind::type_mismatch, use,
            fmt::format("`{0}` is a record type, not a value; build one with `{0} {{ ... }}`", name));
      return Value::Error();
    case Global::Kind::Type:
      Error(diag::Kind::type_mismatch, use, fmt::format("`{}` is a type, not a value", name));
      return Value::Error();
    case Global::Kind::Let:
      break;
  }
  if (g.state == Global::State::Done) return g.value;
  const ast::LetDecl& let = m->ast->lets[g.index];
  if (g.state == Global::State::Busy) {
    Error(diag::Kind::cyclic_definition, let.name_range,
          fmt::format("`{}` is defined in terms of itself", name));
    return Value::Error();
  }
  g.state = Global::State::Busy;
  // The value does not depend on who used it first: no calls are active in it.
  size_t base = frames_base_;
  SourceRange cond = dynamic_cond_;
  frames_base_ = frames_.size();
  dynamic_cond_ = {};
  ir::ValueId cond_value = dynamic_cond_value_;
  // Its value is cached, so its diagnostics are reported now even when the scenario
  // being lowered is only an attempt (Program::TryLower).
  std::vector<diag::Engine::Tentative>* hold = diags_.PauseHold();
  Value v = Eval(let.value, Env{m, nullptr, nullptr});
  if (let.type && !v.IsError()) v = Conform(v, *let.type, m, let.value->range, fmt::format("`{}`", name));
  diags_.ResumeHold(hold);
  frames_base_ = base;
  dynamic_cond_ = cond;
  dynamic_cond_value_ = cond_value;
  g.state = Global::State::Done;
  g.value = v;
  return v;
}

const ast::RecordDecl* Program::FindRecord(ModuleInfo* m, const std::string& qualifier,
                                           const std::string& name, ModuleInfo** owner) {
  if (!qualifier.empty()) {
    auto a = m->aliases.find(qualifier);
    if (a == m->aliases.end()) return nullptr;
    return FindRecord(a->second, "", name, owner);
  }
  auto it = m->globals.find(name);
  if (it != m->globals.end()) {
    if (it->second.kind != Global::Kind::Record) return nullptr;
    *owner = m;
    return &m->ast->records[it->second.index];
  }
  if (auto u = m->unqualified.find(name); u != m->unqualified.end())
    return FindRecord(u->second, "", name, owner);
  return nullptr;
}

const ast::TypeDecl* Program::FindTypeAlias(ModuleInfo* m, const std::string& name, ModuleInfo** owner) {
  auto it = m->globals.find(name);
  if (it != m->globals.end()) {
    if (it->second.kind != Global::Kind::Type) return nullptr;
    const ast::TypeDecl* t = &m->ast->types[it->second.index];
    if (cyclic_aliases_.count(t)) return nullptr;
    *owner = m;
    return t;
  }
  if (auto u = m->unqualified.find(name); u != m->unqualified.end()) return FindTypeAlias(u->second, name, owner);
  return nullptr;
}

bool Program::AliasReaches(ModuleInfo* m, const ast::Type& t, const ast::TypeDecl* target, int depth) {
  if (depth > 64) return false;  // a cycle that does not pass `target` (its own alias reports it)
  switch (t.kind) {
    case ast::Type::Kind::Named: {
      ModuleInfo* owner = nullptr;
      const ast::TypeDecl* d = FindTypeAlias(m, t.name, &owner);
      return d && (d == target || AliasReaches(owner, d->type, target, depth + 1));
    }
    case ast::Type::Kind::Unit: return false;
    case ast::Type::Kind::List:
    case ast::Type::Kind::Fn:
      for (const ast::Type& p : t.params)
        if (AliasReaches(m, p, target, depth + 1)) return true;
      return t.result && AliasReaches(m, *t.result, target, depth + 1);
  }
  return false;
}

void Program::UnknownRecord(ModuleInfo* m, const ast::RecordExpr* e) {
  if (m->incomplete) return;  // the name may be the failed import's
  if (!e->qualifier.empty() && !m->aliases.count(e->qualifier)) {
    SourceRange q{e->range.buffer, e->range.begin,
                  e->range.begin + static_cast<uint32_t>(e->qualifier.size())};
    std::vector<std::string> aliases;
    for (const auto& [a, _] : m->aliases) aliases.push_back(a);
    std::string hint = DidYouMean(e->qualifier, aliases);
    Error(diag::Kind::unknown_name, q,
          hint.empty() ? fmt::format("unknown module `{0}`; name one with `import ... as {0}`", e->qualifier)
                       : fmt::format("unknown module `{}`{}", e->qualifier, hint));
    return;
  }
  ModuleInfo* in = m;
  if (!e->qualifier.empty()) in = m->aliases.at(e->qualifier);
  std::string hint = e->qualifier.empty() ? SuggestName(m, e->type_name, {}, true) : [&] {
    std::vector<std::string> records;
    for (const auto& [n, g] : in->globals)
      if (g.kind == Global::Kind::Record && n[0] != '_') records.push_back(n);
    return DidYouMean(e->type_name, records);
  }();
  Error(diag::Kind::unknown_type, e->type_range, fmt::format("unknown record type `{}`{}", e->type_name, hint));
}

std::string Program::SuggestName(ModuleInfo* m, const std::string& name, std::vector<std::string> locals,
                                 bool types) {
  if (diags_.Stopped()) return "";  // the error will not be printed
  std::vector<std::string> known = types ? std::vector<std::string>{} : std::move(locals);
  auto wanted = [&](const Global& g) {
    bool is_type = g.kind == Global::Kind::Record || g.kind == Global::Kind::Type;
    return is_type == types;
  };
  for (const auto& [n, g] : m->globals)
    if (wanted(g)) known.push_back(n);
  for (const auto& [n, from] : m->unqualified)
    if (auto it = from->globals.find(n); it != from->globals.end() && wanted(it->second)) known.push_back(n);
  if (types) {
    for (const char* t : {"Int", "Real", "Bool", "String", "Bundle"}) known.push_back(t);
  } else {
    for (const auto& [a, _] : m->aliases) known.push_back(a);
    for (std::string& b : BuiltinNames()) known.push_back(std::move(b));
  }
  return DidYouMean(name, known);
}

bool Program::InOption(SourceRange r) const {
  if (!r.Valid() || r.buffer > diags_.SourceMgr().getNumBuffers()) return false;
  return diags_.SourceMgr().getMemoryBuffer(r.buffer)->getBufferIdentifier().starts_with("--");
}

}  // namespace rl::check

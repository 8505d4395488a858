// ringline::Spec (include/ringline/ringline.h): loading a spec or the standard library,
// values and calls through the checker's call API, and diagnostics as values.
#include <fmt/format.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>

#include <cstdlib>
#include <optional>

#include "compiler/api/spec_state.h"
#include "runtime/files.h"
#include "compiler/api/scenario.h"
#include "base/suggest.h"

#ifndef RL_STDLIB_DIR
#define RL_STDLIB_DIR "stdlib"
#endif

namespace ringline {

static std::string Joined(const std::vector<Diagnostic>& ds) {
  std::string out;
  for (const Diagnostic& d : ds) out += d.text;
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

Diagnostic Diagnostic::Plain(std::string kind, std::string message, std::string severity) {
  Diagnostic d;
  // Tagged as the command's own errors and warnings are (`[bad_option]`); notes are not.
  d.text = "ringline: " + severity + ": " + message + (severity == "note" ? "" : " [" + kind + "]") + "\n";
  d.severity = std::move(severity);
  d.kind = std::move(kind);
  d.message = std::move(message);
  return d;
}

SpecError::SpecError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(Joined(diagnostics)), diagnostics_(std::move(diagnostics)) {}

}  // namespace ringline

namespace rl::api {

using ringline::Diagnostic;

// The options', else $RINGLINE_STDLIB, else the source tree's the library was built from,
// else (the source tree gone) the one `cmake --install` put beside the library.
static std::string StdlibDir(const ringline::Options& o) {
  if (!o.stdlib_dir.empty()) return o.stdlib_dir;
  if (const char* env = std::getenv("RINGLINE_STDLIB"); env && *env) return env;
#ifdef RL_INSTALLED_STDLIB_DIR
  if (!llvm::sys::fs::is_directory(RL_STDLIB_DIR)) return RL_INSTALLED_STDLIB_DIR;
#endif
  return RL_STDLIB_DIR;
}

SpecState::SpecState(const ringline::Options& options) : diags(sm, llvm::nulls()) {
  diags.SetMaxErrors(options.max_errors);
  diags.RecordInto(&printed);
  diags.SetSorted(true);
  check::Options opts{StdlibDir(options)};
  opts.allowed_dirs = options.allow_paths;
  comp = std::make_unique<check::Compilation>(diags, std::move(opts));
}

size_t SpecState::Begin() {
  diags.StartOver();
  return printed.size();
}

Diagnostic Plain(const std::string& kind, const std::string& message) { return Diagnostic::Plain(kind, message); }

std::vector<Diagnostic> SpecState::Since(size_t mark) {
  diags.Flush();
  std::vector<Diagnostic> out;
  for (size_t i = mark; i < printed.size(); ++i) {
    const diag::Engine::Printed& p = printed[i];
    Diagnostic d;
    d.severity = p.severity == diag::Severity::Error ? "error" : p.severity == diag::Severity::Warning ? "warning" : "note";
    d.message = p.text;
    // "message [tag]"
    if (size_t open = p.text.rfind(" ["); open != std::string::npos && p.text.back() == ']') {
      d.kind = p.text.substr(open + 2, p.text.size() - open - 3);
      d.message = p.text.substr(0, open);
    }
    if (p.where.Valid()) {
      auto [line, col] = sm.getLineAndColumn(diags.Loc(p.where), p.where.buffer);
      d.file = sm.getMemoryBuffer(p.where.buffer)->getBufferIdentifier().str();
      d.line = line;
      d.column = col;
    }
    d.text = p.rendered;
    out.push_back(std::move(d));
  }
  return out;
}

void SpecState::Fail(size_t mark, const std::string& fallback) {
  std::vector<Diagnostic> ds = Since(mark);
  if (ds.empty()) ds.push_back(Plain("bad_usage", fallback));
  throw ringline::SpecError(std::move(ds));
}

namespace {

class SpecImpl final : public ringline::Spec {
 public:
  explicit SpecImpl(const ringline::Options& o) : lib_(std::make_shared<SpecState>(o)) {}

  void LoadFile(const std::string& path) {
    // `-`: standard input, as every command reads it (`generate | ringline stats -`). It
    // is read once; a command that compiles the spec again gets the same text.
    if (path == "-") {
      static const std::optional<std::string> text = []() -> std::optional<std::string> {
        llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> in = llvm::MemoryBuffer::getSTDIN();
        if (!in || (*in)->getBufferSize() > rl::kMaxSourceBytes) return std::nullopt;
        return (*in)->getBuffer().str();
      }();
      if (!text)
        throw ringline::SpecError({Plain("file_error", fmt::format("cannot read standard input (or it is larger "
                                                                   "than {} MiB)", rl::kMaxSourceBytes >> 20))});
      LoadText(*text, "<stdin>");
      return;
    }
    size_t mark = lib_->Begin();
    llvm::sys::fs::file_status st;
    if (std::error_code ec = llvm::sys::fs::status(path, st))
      throw ringline::SpecError({Plain("file_error", fmt::format("cannot open `{}`: {}", path,
                                                                  ec == std::errc::no_such_file_or_directory
                                                                      ? "no such file" : ec.message()))});
    if (llvm::sys::fs::is_directory(path))
      throw ringline::SpecError({Plain("file_error", fmt::format("`{}` is a directory, not a spec", path))});
    if (!lib_->comp->Load(path) || !lib_->comp->CheckLets()) lib_->Fail(mark, fmt::format("cannot load `{}`", path));
  }
  void LoadText(const std::string& text, const std::string& name) {
    if (text.size() > rl::kMaxSourceBytes)
      throw ringline::SpecError({Plain("file_error", fmt::format("`{}` holds {} MiB of text; a spec is at most {} MiB",
                                                                 name, text.size() >> 20, rl::kMaxSourceBytes >> 20))});
    size_t mark = lib_->Begin();
    unsigned id = lib_->sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, name), llvm::SMLoc());
    if (!lib_->comp->LoadBuffer(id) || !lib_->comp->CheckLets()) lib_->Fail(mark, fmt::format("cannot load `{}`", name));
  }

  std::vector<std::string> Scenarios() const override { return lib_->comp->ScenarioNames(); }

  void Check() override {
    size_t mark = lib_->Begin();
    if (lib_->comp->Root() && !lib_->comp->CheckAll()) lib_->Fail(mark, "the spec has errors");
  }

  std::unique_ptr<ringline::Scenario> Lower(const std::string& scenario,
                                            const std::vector<std::pair<std::string, std::string>>& sets,
                                            const std::vector<std::pair<std::string, std::string>>& units,
                                            bool eval_only,
                                            const std::optional<std::vector<std::string>>& sensitivity) override {
    return LowerWith(scenario, sets, units, eval_only, sensitivity, nullptr, 0);
  }

  std::unique_ptr<ringline::Scenario> LowerSampled(const std::string& scenario,
                                                   const std::vector<std::pair<std::string, std::string>>& sets,
                                                   const std::vector<std::pair<std::string, std::string>>& units,
                                                   const std::vector<std::pair<std::string, std::string>>& vary,
                                                   uint64_t seed) override {
    return LowerWith(scenario, sets, units, true, std::nullopt, &vary, seed);
  }

 private:
  std::unique_ptr<ringline::Scenario> LowerWith(const std::string& scenario,
                                                const std::vector<std::pair<std::string, std::string>>& sets,
                                                const std::vector<std::pair<std::string, std::string>>& units,
                                                bool eval_only,
                                                const std::optional<std::vector<std::string>>& sensitivity,
                                                const std::vector<std::pair<std::string, std::string>>* vary,
                                                uint64_t seed) {
    size_t mark = lib_->Begin();
    std::vector<std::string> names = Scenarios();
    std::string own = scenario;
    // `stdlib.advise_llm.layout_search`: a scenario of another module.
    if (size_t dot = scenario.rfind('.');
        std::find(names.begin(), names.end(), scenario) == names.end() && dot != std::string::npos) {
      std::optional<std::vector<std::string>> in = lib_->comp->ScenarioNames(scenario.substr(0, dot));
      if (!in || !lib_->Since(mark).empty())
        lib_->Fail(mark, fmt::format("no scenario `{}`: cannot load module `{}`", scenario, scenario.substr(0, dot)));
      names = std::move(*in);
      own = scenario.substr(dot + 1);
    }
    if (std::find(names.begin(), names.end(), own) == names.end()) {
      std::string hint = DidYouMean(own, names);
      throw ringline::SpecError({Plain("bad_option", fmt::format("no scenario `{}`{}{}", scenario, hint,
                                                            hint.empty() ? "; this spec has: " +
                                                                               (names.empty() ? std::string("none")
                                                                                              : fmt::format("{}", fmt::join(names, ", ")))
                                                                         : ""))});
    }
    // Every setting is read before any failure is reported, so each mistake is named.
    std::vector<check::Override> overrides;
    std::string bad;
    for (const auto& [name, text] : sets) {
      std::optional<check::Override> o = lib_->comp->ParseOverride(name, name + "=" + text, "--set", name.size() + 1);
      if (o) overrides.push_back(std::move(*o));
      else if (bad.empty()) bad = name;
    }
    std::vector<check::Override> varied;
    for (const auto& [name, text] : vary ? *vary : std::vector<std::pair<std::string, std::string>>{}) {
      std::optional<check::Override> o = lib_->comp->ParseOverride(name, name + "=" + text, "--vary", name.size() + 1);
      if (o) varied.push_back(std::move(*o));
      else if (bad.empty()) bad = name;
    }
    if (!bad.empty()) lib_->Fail(mark, fmt::format("bad value for `{}`", bad));
    std::vector<check::UnitChoice> choices;
    for (const auto& [name, unit] : units) {
      std::string text = name + "=" + unit;
      unsigned id = lib_->sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, "--unit"), llvm::SMLoc());
      const auto eq = static_cast<uint32_t>(name.size());
      choices.push_back({name, unit, {id, eq + 1, static_cast<uint32_t>(text.size())}, {id, 0, eq}});
    }
    lib_->comp->TraceInputs(sensitivity.has_value());
    lib_->comp->Sample(vary != nullptr, seed, varied);
    std::optional<check::Variants> vs = lib_->comp->LowerVariants(scenario, overrides, choices, !eval_only);
    lib_->comp->TraceInputs(false);
    lib_->comp->Sample(false);
    if (!vs) lib_->Fail(mark, fmt::format("cannot lower scenario `{}`", scenario));
    if (sensitivity) Differentiate(*vs, *sensitivity);
    return MakeScenario(lib_, std::move(*vs), eval_only, vary != nullptr);
  }

 public:

  std::vector<std::string> Names() const override {
    std::vector<std::string> out;
    for (const std::string& g : lib_->comp->GlobalNames())
      if (g[0] != '_') out.push_back(g);
    return out;
  }

  std::vector<std::string> Import(const std::string& module) override {
    size_t mark = lib_->Begin();
    check::Compilation::ModuleContents contents;
    if (!lib_->comp->Import(module, &contents)) lib_->Fail(mark, fmt::format("cannot import `{}`", module));
    return contents.lets;
  }

  ringline::Value Get(const std::string& name) override {
    size_t mark = lib_->Begin();
    if (!lib_->comp->Binds(name))
      throw ringline::SpecError({Plain("unknown_name", fmt::format("unknown name `{}`{}", name,
                                                                   DidYouMean(name, lib_->comp->VisibleNames())))});
    std::optional<ringline::Value> v = lib_->comp->ExportGlobal(name);
    if (!v) lib_->Fail(mark, fmt::format("`{}` has no static value", name));
    return std::move(*v);
  }

  ringline::Value Call(const std::string& fn, const std::vector<ringline::Value>& args,
                       const std::vector<std::pair<std::string, ringline::Value>>& named) override {
    size_t mark = lib_->Begin();
    std::optional<ringline::Value> v = lib_->comp->Call(fn, args, named);
    if (!v) lib_->Fail(mark, fmt::format("the call of `{}` failed", fn));
    return std::move(*v);
  }

  ringline::Value Eval(const std::string& text, const std::string& label) override {
    size_t mark = lib_->Begin();
    std::optional<ringline::Value> v = lib_->comp->EvalText(text, label);
    if (!v) lib_->Fail(mark, fmt::format("cannot evaluate `{}`", text));
    return std::move(*v);
  }

  std::vector<ringline::Diagnostic> Diagnostics() const override { return lib_->Since(0); }

 private:
  std::shared_ptr<SpecState> lib_;  // shared with the scenarios lowered from it
};

}  // namespace
}  // namespace rl::api

namespace ringline {

std::unique_ptr<Spec> Spec::Compile(const std::string& path, const Options& options) {
  auto s = std::make_unique<rl::api::SpecImpl>(options);
  s->LoadFile(path);
  return s;
}

std::unique_ptr<Spec> Spec::CompileString(const std::string& text, const std::string& name, const Options& options) {
  auto s = std::make_unique<rl::api::SpecImpl>(options);
  s->LoadText(text, name);
  return s;
}

std::unique_ptr<Spec> Spec::Library(const Options& options) {
  auto s = std::make_unique<rl::api::SpecImpl>(options);
  s->Import("stdlib.hardware");
  return s;
}

}  // namespace ringline

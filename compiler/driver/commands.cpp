// The subcommands check and emit (eval: eval_command.cpp, sweep: sweep_command.cpp).
#include "compiler/driver/commands.h"

#include <fmt/format.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>

#include <fstream>
#include <iostream>
#include <thread>

#include "compiler/ast/ast.h"
#include "compiler/api/backend.h"
#include "compiler/api/fillers.h"
#include "compiler/codegen/memo.h"
#include "compiler/codegen/staging.h"
#include "compiler/driver/evaluate.h"
#include "compiler/driver/options.h"
#include "compiler/driver/session.h"
#include "compiler/jit/jit.h"
#include "compiler/parse/parse.h"
#include "compiler/passes/passes.h"

namespace rl::driver {
namespace {

// Splits on lines that are exactly `// -----`, keeping every chunk's line numbers by
// blanking the other chunks' lines.
std::vector<std::string> SplitInput(llvm::StringRef text) {
  llvm::SmallVector<llvm::StringRef, 64> lines;
  text.split(lines, '\n');
  std::vector<std::string> out;
  std::string cur;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].trim() == "// -----") {
      out.push_back(cur);
      cur = std::string(i + 1, '\n');  // the next chunk keeps its line numbers
    } else {
      cur += lines[i].str() + "\n";
    }
  }
  out.push_back(cur);
  return out;
}

Exit CheckOne(const std::string& path) {
  if (!SplitInputFile) {
    Session s(VerifyDiagnostics);
    Exit e = s.Load(path);
    if (s.comp->Root() && !s.comp->CheckAll()) e = std::max(e, kSpecError);
    if (VerifyDiagnostics && s.root_buffer) return s.Verify();
    return e;
  }
  auto buf = llvm::MemoryBuffer::getFileOrSTDIN(path, true);
  if (!buf) return Fail(Kind::file_error, fmt::format("cannot open `{}`: {}", path, buf.getError().message()));
  Exit worst = kOk;
  for (const std::string& chunk : SplitInput((*buf)->getBuffer())) {
    Session s(VerifyDiagnostics);
    Exit e = s.LoadText(chunk, path);
    if (s.comp->Root() && !s.comp->CheckAll()) e = std::max(e, kSpecError);
    if (VerifyDiagnostics) e = s.Verify();
    worst = std::max(worst, e);
  }
  return worst;
}

// --emit=stages and --emit=llvm: the sweep's staging plan, the JIT's module.
Exit EmitBackend(ir::Scenario& sc, const std::string& what) {
  passes::RunPipeline(sc);
  std::vector<uint64_t> sizes;
  for (const ir::Param& p : sc.params) sizes.push_back(p.values.size());
  std::string error;
  std::optional<std::vector<uint32_t>> forced = codegen::ParseOrder(sc, LoopOrder, error);
  if (!forced) return Fail(Kind::bad_option, error);
  std::vector<uint32_t> order = codegen::ChooseOrder(sc, sizes, *forced);
  if (what == "stages") {
    // What a streamed sweep (rows in declaration order) adds: its chunks, and the memo
    // table a JIT'd sweep would compute once for them.
    std::vector<std::vector<double>> axes;
    for (const ir::Param& p : sc.params) axes.push_back(p.values);
    const api::ChunkShape chunks = api::StreamedChunks(axes, sc.reports.size());
    const codegen::Memo memo = codegen::PlanMemo(sc, order, sizes, chunks.whole, chunks.chunks);
    llvm::outs() << codegen::PrintStaging(sc, codegen::Stage(sc, order, sizes), sizes, forced->size(),
                                          codegen::PrintMemo(sc, order, memo, chunks.chunks));
    // What `sweep --backend=auto` would run, and why.
    uint64_t points = 1;
    for (uint64_t n : sizes) points = points > UINT64_MAX / std::max<uint64_t>(n, 1) ? UINT64_MAX : points * n;
    const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    api::BackendCost c = api::EstimateCost(sc, points, threads);
    llvm::outs() << fmt::format("backend auto: {} for {} points (expected: jit {:.3g} s compile + {:.3g} s run, "
                                "interp {:.3g} s)\n",
                                api::ChooseBackend(sc, points, threads) == api::Backend::Jit ? "jit" : "interp", points,
                                c.jit_compile_s, c.jit_run_s, c.interp_s);
    return kOk;
  }
  llvm::Expected<std::string> text = jit::PrintModule(sc, jit::Options{OptLevel, order});
  if (!text) return Fail(Kind::tool_error, "the JIT failed: " + llvm::toString(text.takeError()));
  llvm::outs() << *text;
  return kOk;
}

}  // namespace

int RunCheck() {
  Exit worst = kOk;
  for (const std::string& f : Files) worst = std::max(worst, CheckOne(f));
  return worst;
}

int RunEmit() {
  const std::string what = EmitWhat;
  if (what != "tokens" && what != "ast" && what != "ir" && what != "ir-opt" && what != "stages" && what != "llvm")
    return Fail(Kind::bad_option,
                fmt::format("unknown --emit `{}`; use tokens, ast, ir, ir-opt, stages or llvm", what));
  if (!CheckOptLevel()) return kUsageError;
  Session s;
  if (what == "tokens" || what == "ast") {
    auto buf = llvm::MemoryBuffer::getFileOrSTDIN(Files[0], true);
    if (!buf)
      return Fail(Kind::file_error,
                  fmt::format("cannot open `{}`: {}", std::string(Files[0]), buf.getError().message()));
    unsigned id = s.sm.AddNewSourceBuffer(std::move(*buf), llvm::SMLoc());
    if (what == "tokens") {
      std::string out;
      if (!parse::DumpTokens(id, s.diags, out)) return kSpecError;
      llvm::outs() << out;
      return kOk;
    }
    std::unique_ptr<ast::Module> m = parse::ParseBuffer(id, s.diags);
    if (!m) return kSpecError;
    llvm::outs() << ast::Print(*m);
    return kOk;
  }
  if (!PrintAfter.empty() || PrintAfterAll) {
    bool known = PrintAfter.empty();
    for (const passes::Pass& p : passes::Pipeline()) known |= PrintAfter == p.name;
    if (what != "ir-opt" || !known) {
      std::string names;
      for (const passes::Pass& p : passes::Pipeline()) names += (names.empty() ? "" : ", ") + std::string(p.name);
      if (what != "ir-opt") return Fail(Kind::bad_usage, "--print-after and --print-after-all need --emit=ir-opt");
      return Fail(Kind::bad_option, fmt::format("no pass `{}`; the pipeline is {}", std::string(PrintAfter), names));
    }
  }
  Exit e = s.Load(Files[0]);
  if (e != kOk) return e;
  std::vector<std::string> names = s.comp->ScenarioNames();
  if (!ScenarioName.empty()) {
    std::optional<std::string> n = s.PickScenario(ScenarioName);
    if (!n) return kUsageError;
    names = {*n};
  }
  std::vector<check::Override> sets;
  if (!s.ParseSets(Sets, sets)) return s.FailureExit();
  for (const std::string& n : names) {
    std::optional<ir::Scenario> sc = s.comp->Lower(n, sets);
    if (!sc) return s.FailureExit();
    if (what == "stages" || what == "llvm") {
      if (Exit e = EmitBackend(*sc, what); e != kOk) return e;
      continue;
    }
    if (what == "ir-opt") {
      passes::PipelineOptions po;
      po.print_after_all = PrintAfterAll;
      po.print_after = PrintAfter;
      po.out = &llvm::outs();
      passes::RunPipeline(*sc, po);
    }
    if (!PrintAfterAll && PrintAfter.empty()) llvm::outs() << ir::Print(*sc);
  }
  return kOk;
}

}  // namespace rl::driver

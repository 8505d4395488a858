// Diagnostics (compiler/diag) and suggestions (base/suggest.h): the rendered
// snippet (caret and range, UTF-8 lines, tabs, wide characters, long lines clipped
// around the caret), source order of held diagnostics with notes kept after their
// error, repeats recognised with or without a suggestion, unlocated messages (the
// driver's) with their tag, and which spellings are suggested for a slip.
#include <gtest/gtest.h>
#include <llvm/Support/MemoryBuffer.h>

#include "base/suggest.h"
#include "compiler/diag/diag.h"
#include "base/units/units.h"

namespace rl::diag {
namespace {

struct Source {
  llvm::SourceMgr sm;
  unsigned id;
  explicit Source(const std::string& text) {
    id = sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, "t.rl"), llvm::SMLoc());
  }
  // The range of the `n`-th occurrence of `what`.
  SourceRange At(const std::string& what, int n = 0) const {
    llvm::StringRef buf = sm.getMemoryBuffer(id)->getBuffer();
    size_t at = buf.find(what);
    while (n-- > 0) at = buf.find(what, at + 1);
    return {id, static_cast<uint32_t>(at), static_cast<uint32_t>(at + what.size())};
  }
  std::string Render(SourceRange r, unsigned width = 100) const {
    return RenderDiagnostic(sm, r, Severity::Error, "msg [tag]", false, width);
  }
};

TEST(Diag, AsciiSnippetHasCaretAndRange) {
  Source s("let x = 1 s + 1 B\n");
  EXPECT_EQ(s.Render(s.At("1 B")), "t.rl:1:15: error: msg [tag]\nlet x = 1 s + 1 B\n              ^~~\n");
  EXPECT_EQ(s.Render(s.At("+")), "t.rl:1:13: error: msg [tag]\nlet x = 1 s + 1 B\n            ^\n");
}

TEST(Diag, Utf8LinesKeepTheirCaretAndCountCharacters) {
  Source s("let x = 1 \u00b5s + 1 B // \u00e9t\u00e9\n");
  // `µ` is two bytes but one column: the column and the caret count characters.
  EXPECT_EQ(s.Render(s.At("+")),
            "t.rl:1:14: error: msg [tag]\nlet x = 1 \u00b5s + 1 B // \u00e9t\u00e9\n             ^\n");
  // A wide character takes two columns of the caret line.
  Source w("let \u65e5 = 1\n");
  EXPECT_EQ(w.Render(w.At("\u65e5")), "t.rl:1:5: error: msg [tag]\nlet \u65e5 = 1\n    ^~\n");
  EXPECT_EQ(w.Render(w.At("1")), "t.rl:1:9: error: msg [tag]\nlet \u65e5 = 1\n         ^\n");
}

TEST(Diag, TabsExpandInBothLines) {
  Source s("let\tx = y\n");
  EXPECT_EQ(s.Render(s.At("y")), "t.rl:1:9: error: msg [tag]\nlet     x = y\n            ^\n");
}

TEST(Diag, LongLinesAreClippedAroundTheCaret) {
  std::string text = "let a = [";
  for (int i = 0; i < 5000; ++i) text += std::to_string(i) + ", ";
  text += "x, 1]\n";
  Source s(text);
  std::string out = s.Render(s.At("x"), 60);
  llvm::SmallVector<llvm::StringRef, 4> lines;
  llvm::StringRef(out).split(lines, '\n');
  ASSERT_EQ(lines.size(), 4u);  // header, source, caret, ""
  EXPECT_TRUE(lines[0].starts_with("t.rl:1:")) << out;
  EXPECT_TRUE(lines[1].starts_with("...")) << out;
  EXPECT_TRUE(lines[1].ends_with("x, 1]")) << out;  // the end fits in the window
  EXPECT_LE(lines[1].size(), 60u);
  EXPECT_EQ(lines[2].size(), lines[1].size() - 4);  // the caret under `x`
  EXPECT_EQ(lines[2].back(), '^');
  EXPECT_EQ(lines[1][lines[2].size() - 1], 'x');
  // Near the start, only the end is cut.
  std::string head = s.Render(s.At("let"), 60);
  EXPECT_NE(head.find("\nlet a = [0, 1, 2,"), std::string::npos) << head;
  EXPECT_NE(head.find("...\n^~~\n"), std::string::npos) << head;
}

TEST(Diag, SortedEngineMergesPassesInSourceOrder) {
  Source s("let a = x\nlet b = y\nlet c = 1 s + 1 B\n");
  std::string printed;
  llvm::raw_string_ostream os(printed);
  {
    Engine e(s.sm, os);
    e.SetSorted(true);
    e.Report(Kind::unit_mismatch, s.At("+"), "units");       // a later pass, line 3
    e.Report(Kind::unknown_name, s.At("y"), "name y");        // line 2
    e.Report(Kind::called_from, s.At("let a"), "note of y");  // stays with its error
    e.Report(Kind::unknown_name, s.At("x"), "name x");        // line 1
    EXPECT_EQ(printed, "");  // held until flushed
  }
  size_t x = printed.find("name x"), y = printed.find("name y"), note = printed.find("note of y"),
         units = printed.find("units");
  ASSERT_NE(units, std::string::npos) << printed;
  EXPECT_LT(x, y);
  EXPECT_LT(y, note);
  EXPECT_LT(note, units);
}

TEST(Diag, RepeatsWithDifferentSuggestionsAreOneDiagnostic) {
  Source s("let a = nvlnk2\n");
  std::vector<Collected> got;
  std::string printed;
  llvm::raw_string_ostream os(printed);
  Engine e(s.sm, os);
  e.CollectInto(&got);
  e.Report(Kind::unknown_name, s.At("nvlnk2"), "unknown name `nvlnk2`; did you mean `nvlink2`?");
  e.Report(Kind::unknown_name, s.At("nvlnk2"), "unknown name `nvlnk2`");
  e.Report(Kind::called_from, s.At("let"), "a note of the repeat, dropped with it");
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].text, "unknown name `nvlnk2`; did you mean `nvlink2`? [unknown_name]");
  EXPECT_EQ(e.ErrorCount(), 1u);
}

TEST(Diag, UnlocatedMessagesEndTheirFirstLineWithTheTag) {
  EXPECT_EQ(Unlocated(Kind::bad_usage, "`stats` takes one spec file"),
            "ringline: error: `stats` takes one spec file [bad_usage]\n");
  EXPECT_EQ(Unlocated(Kind::cpu_mismatch, "another CPU"), "ringline: warning: another CPU [cpu_mismatch]\n");
  EXPECT_EQ(Unlocated(Kind::called_from, "here"), "ringline: note: here [called_from]\n");
  // A tool's output quoted below the first line stays apart from the tag.
  EXPECT_EQ(Tagged("gnuplot failed (exit 3):\nline 3: unexpected token", Kind::tool_error),
            "gnuplot failed (exit 3): [tool_error]\nline 3: unexpected token");
}

TEST(Suggest, ClosestNames) {
  std::vector<std::string> links = {"nvlink1", "nvlink2", "nvlink3", "pcie4", "edr"};
  EXPECT_EQ(ClosestNames("nvlnk2", links), (std::vector<std::string>{"nvlink2"}));
  EXPECT_EQ(ClosestNames("EDR", links), (std::vector<std::string>{"edr"}));
  EXPECT_TRUE(ClosestNames("infiniband", links).empty());
  std::vector<std::string> fields = {"name", "peak_fp32", "membw", "memory", "peak"};
  EXPECT_EQ(ClosestNames("mem", fields), (std::vector<std::string>{"membw", "memory"}));
  EXPECT_EQ(ClosestNames("bacth", {"nodes", "batch", "inter"}), (std::vector<std::string>{"batch"}));
  // A near spelling first, then the names the word begins.
  EXPECT_EQ(ClosestNames("iter", {"inter", "iter_time", "nodes"}), (std::vector<std::string>{"inter", "iter_time"}));
  // One letter is no slip for another.
  EXPECT_TRUE(ClosestNames("y", {"x", "f"}).empty());
  EXPECT_EQ(DidYouMean("nvlnk2", links), "; did you mean `nvlink2`?");
  EXPECT_EQ(DidYouMean("zzz", links), "");
  EXPECT_EQ(QuotedAlternatives({"a", "b", "c"}), "`a`, `b` or `c`");
}

TEST(Suggest, UnitHints) {
  EXPECT_EQ(units::HintFor("Gbps"), "write `Gbit/s`");
  EXPECT_EQ(units::HintFor("GBps"), "write `GB/s`");
  EXPECT_EQ(units::HintFor("TFLOPS"), "write `TFLOP/s` for a rate");
  EXPECT_EQ(units::HintFor("msec"), "write `ms`");
  EXPECT_EQ(units::HintFor("KB"), "write `kB` for 1000 B or `KiB` for 1024");
  EXPECT_EQ(units::HintFor("mhz"), "did you mean `MHz`?");
  EXPECT_EQ(units::HintFor("GiBB"), "did you mean `GiB`?");
  EXPECT_EQ(units::HintFor("parsec"), "");
}

}  // namespace
}  // namespace rl::diag

// The parser and AST printer (compiler/parse, compiler/ast): exact S-expressions for
// precedence, units on literals, `with`, records, scenarios, comprehensions and ranges.
#include <gtest/gtest.h>

#include "compiler/ast/ast.h"
#include "compiler/parse/parse.h"
#include "test/unit/harness.h"

namespace rl::parse {
namespace {

// The whole module printed, or "error:" and the diagnostics when it does not parse.
std::string Ast(const std::string& src) {
  test::Harness h;
  std::unique_ptr<ast::Module> m = ParseBuffer(h.Add(src), h.diags);
  if (!m) return "error:\n" + h.AllText();
  if (!h.collected.empty()) return "diagnostics:\n" + h.AllText() + ast::Print(*m);
  return ast::Print(*m);
}

// One expression, printed: `let x = EXPR` with the `(let x ` wrapper removed.
std::string Expr(const std::string& expr) {
  std::string s = Ast("let x = " + expr + "\n");
  const std::string prefix = "(let x ";
  if (s.rfind(prefix, 0) != 0 || s.size() < prefix.size() + 2) return s;
  return s.substr(prefix.size(), s.size() - prefix.size() - 2);
}

TEST(Parse, ArithmeticPrecedenceAndAssociativity) {
  EXPECT_EQ(Expr("1 + 2 * 3"), "(+ (int 1) (* (int 2) (int 3)))");
  EXPECT_EQ(Expr("1 - 2 - 3"), "(- (- (int 1) (int 2)) (int 3))");
  EXPECT_EQ(Expr("8 / 4 / 2"), "(/ (/ (int 8) (int 4)) (int 2))");
  EXPECT_EQ(Expr("2 ^ 3 ^ 2"), "(^ (int 2) (^ (int 3) (int 2)))");  // right-associative
  EXPECT_EQ(Expr("-2 ^ 2"), "(neg (^ (int 2) (int 2)))");            // ^ binds tighter than -
  EXPECT_EQ(Expr("-4 % 3"), "(% (neg (int 4)) (int 3))");
  EXPECT_EQ(Expr("(1 + 2) * 3"), "(* (+ (int 1) (int 2)) (int 3))");
  EXPECT_EQ(Expr("a * b + c * d"), "(+ (* a b) (* c d))");
}

TEST(Parse, LogicAndComparisonPrecedence) {
  EXPECT_EQ(Expr("a or b and c"), "(or a (and b c))");
  EXPECT_EQ(Expr("not a and b"), "(and (not a) b)");
  EXPECT_EQ(Expr("a + 1 < b * 2"), "(< (+ a (int 1)) (* b (int 2)))");
  EXPECT_EQ(Expr("a <= b and c != d"), "(and (<= a b) (!= c d))");
  EXPECT_EQ(Expr("if p == 1 then 0 s else 2 * p"),
            "(if (== p (int 1)) (num 0 [s]) (* (int 2) p))");
  // `else` extends as far as it can.
  EXPECT_EQ(Expr("if c then 1 else 2 + 3"), "(if c (int 1) (+ (int 2) (int 3)))");
}

TEST(Parse, PostfixOperators) {
  EXPECT_EQ(Expr("f(1, b = 2)[0].x"), "(. (index (call f (int 1) (b= (int 2))) (int 0)) x)");
  EXPECT_EQ(Expr("a.b.c"), "(. (. a b) c)");
  EXPECT_EQ(Expr("-a.b"), "(neg (. a b))");
  EXPECT_EQ(Expr("g()"), "(call g)");
}

TEST(Parse, NumbersAndIntness) {
  EXPECT_EQ(Expr("4"), "(int 4)");
  EXPECT_EQ(Expr("1_000"), "(int 1_000)");
  EXPECT_EQ(Expr("2.5"), "(num 2.5)");
  EXPECT_EQ(Expr("1e3"), "(num 1e3)");
  EXPECT_EQ(Expr("4 B"), "(num 4 [B])");  // a quantity is never an Int
}

TEST(Parse, UnitsOnLiterals) {
  EXPECT_EQ(Expr("16 GiB / 12.5 GB/s"), "(/ (num 16 [GiB]) (num 12.5 [GB s^-1]))");
  EXPECT_EQ(Expr("1.5e3 FLOP/s^2"), "(num 1.5e3 [FLOP s^-2])");
  EXPECT_EQ(Expr("3 FLOP/B"), "(num 3 [FLOP B^-1])");
  EXPECT_EQ(Expr("2 s^-1"), "(num 2 [s^-1])");
  EXPECT_EQ(Expr("1.5 \u00B5s"), "(num 1.5 [\u00B5s])");
  EXPECT_EQ(Expr("100 Gbit/s"), "(num 100 [Gbit s^-1])");
  // `*` after a unit multiplies by a name: `4 B * h` is not byte-hours.
  EXPECT_EQ(Expr("1 kFLOP * s"), "(* (num 1 [kFLOP]) s)");
}

TEST(Parse, UnitChainReassociatesPlainNames) {
  // After the first word that is not a unit, names are ordinary operands.
  EXPECT_EQ(Expr("16 GiB / n"), "(/ (num 16 [GiB]) n)");
  EXPECT_EQ(Expr("16 GiB / n * 2"), "(* (/ (num 16 [GiB]) n) (int 2))");
  EXPECT_EQ(Expr("8 GB/s / n / m"), "(/ (/ (num 8 [GB s^-1]) n) m)");
  EXPECT_EQ(Expr("2 GiB * n / p"), "(/ (* (num 2 [GiB]) n) p)");
  EXPECT_EQ(Expr("3 GiB / n^2"), "(/ (num 3 [GiB]) (^ n (int 2)))");
  EXPECT_EQ(Expr("3 GiB / n^-2"), "(/ (num 3 [GiB]) (^ n (neg (int 2))))");
  EXPECT_EQ(Expr("x * 16 GiB / n"), "(* x (/ (num 16 [GiB]) n))");
}

// Disabled until the parser is fixed: a field access, call or index after a re-associated
// name applies to the whole literal (`(100 MB / l).bw`), not to the name. Reported to
// the owner of compiler/parse.
TEST(Parse, UnitChainNameWithPostfix) {
  EXPECT_EQ(Expr("100 MB / l.bw"), "(/ (num 100 [MB]) (. l bw))");
  EXPECT_EQ(Expr("16 GiB / f(n)"), "(/ (num 16 [GiB]) (call f n))");
  EXPECT_EQ(Expr("16 GiB / xs[0]"), "(/ (num 16 [GiB]) (index xs (int 0)))");
}

TEST(Parse, WithAndRecords) {
  EXPECT_EQ(Expr("edr with { bw = 25 GB/s, inner.lat = 1 us }"),
            "(with edr (bw (num 25 [GB s^-1])) (inner.lat (num 1 [us])))");
  EXPECT_EQ(Expr("a with { x = 1 } with { y = 2 }"), "(with (with a (x (int 1))) (y (int 2)))");
  EXPECT_EQ(Expr("2 * a with { x = 1 }"), "(* (int 2) (with a (x (int 1))))");
  EXPECT_EQ(Expr("(a with { x = 1; y = 2 }).x"), "(. (with a (x (int 1)) (y (int 2))) x)");
  EXPECT_EQ(Expr("Link { bw = 1 B/s, lat = 2 s }"), "(record Link (bw (num 1 [B s^-1])) (lat (num 2 [s])))");
  EXPECT_EQ(Expr("hw.Link { bw = 1 B/s }"), "(record hw.Link (bw (num 1 [B s^-1])))");
  EXPECT_EQ(Expr("Empty {}"), "(record Empty)");
  EXPECT_EQ(Ast("record Link { bw: B/s, lat: s = 0 s }\nrecord Pair { a: Link; b: [Int] }\n"),
            "(record-decl Link (bw : [B s^-1]) (lat : [s] = (num 0 [s])))\n"
            "(record-decl Pair (a : Link) (b : (list Int)))\n");
}

TEST(Parse, ListsComprehensionsReductions) {
  EXPECT_EQ(Expr("[1, 2, 3,]"), "(list (int 1) (int 2) (int 3))");
  EXPECT_EQ(Expr("[]"), "(list)");
  EXPECT_EQ(Expr("[x * 2 for x in range(4)]"), "(for x (call range (int 4)) (* x (int 2)))");
  EXPECT_EQ(Expr("sum x in [1, 2]: x * x"), "(sum x (list (int 1) (int 2)) (* x x))");
  EXPECT_EQ(Expr("max l in links: l.bw"), "(max l links (. l bw))");
  EXPECT_EQ(Expr("min i in range(1, n): i + 1"), "(min i (call range (int 1) n) (+ i (int 1)))");
  EXPECT_EQ(Expr("1 + sum x in xs: x"), "(+ (int 1) (sum x xs x))");
  EXPECT_EQ(Expr("{ let y = 2; let z: Int = y; y + z }"),
            "(block (let y (int 2)) (let z : Int y) (+ y z))");
}

TEST(Parse, DeclarationsAndImports) {
  EXPECT_EQ(Ast("import stdlib.hardware\nimport \"other.rl\" as o\nimport a.b as c\n"),
            "(import stdlib.hardware)\n(import \"other.rl\" as o)\n(import a.b as c)\n");
  EXPECT_EQ(Ast("fn r(x: Int, y: B/s = 1 GB/s,) -> [Int] = [x]\n"),
            "(fn r (x : Int y : [B s^-1] = (num 1 [GB s^-1])) -> (list Int) (list x))\n");
  EXPECT_EQ(Ast("fn t(g: fn(Int, Real) -> s) { let z = g(1, 2.0); z }\n"),
            "(fn t (g : (fn Int Real -> [s])) (block (let z (call g (int 1) (num 2.0))) z))\n");
  EXPECT_EQ(Ast("let a: B/s = 1 GB/s\nlet b: 1/s = 2 Hz\n"),
            "(let a : [B s^-1] (num 1 [GB s^-1]))\n(let b : [s^-1] (num 2 [Hz]))\n");
}

TEST(Parse, ScenarioItemsInSourceOrder) {
  const char* src =
      "scenario s {\n"
      "  param nodes: Int = 4 in [1, 2, 4]\n"
      "  param n2: Int in 1 .. 1024 step *2\n"
      "  param bw: B/s = 12.5 GB/s in 10 GB/s .. 40 GB/s step + 10 GB/s\n"
      "  param lin: Int in 1 .. 3\n"
      "  param on: Bool = true\n"
      "  let hw = edr with { bw = bw }\n"
      "  require nodes <= 64, \"at most 64\"\n"
      "  require on\n"
      "  report t = nodes in ms\n"
      "  report u = 16 GiB / nodes\n"
      "}\n";
  EXPECT_EQ(Ast(src),
            "(scenario s\n"
            "  (param nodes : Int = (int 4) in (list (int 1) (int 2) (int 4)))\n"
            "  (param n2 : Int in (int 1) .. (int 1024) step *(int 2))\n"
            "  (param bw : [B s^-1] = (num 12.5 [GB s^-1]) in (num 10 [GB s^-1]) .. (num 40 [GB s^-1]) "
            "step +(num 10 [GB s^-1]))\n"
            "  (param lin : Int in (int 1) .. (int 3))\n"
            "  (param on : Bool = true)\n"
            "  (let hw (with edr (bw bw)))\n"
            "  (require (<= nodes (int 64)) (str \"at most 64\"))\n"
            "  (require on)\n"
            "  (report t nodes in [ms])\n"
            "  (report u (/ (num 16 [GiB]) nodes))\n"
            ")\n");
}

TEST(Parse, SourceRangesCoverTheText) {
  test::Harness h;
  const std::string src = "let x = 16 GiB / n\n";
  unsigned id = h.Add(src);
  std::unique_ptr<ast::Module> m = ParseBuffer(id, h.diags);
  ASSERT_TRUE(m);
  ASSERT_EQ(m->lets.size(), 1u);
  const ast::Expr* e = m->lets[0].value;
  EXPECT_EQ(src.substr(e->range.begin, e->range.end - e->range.begin), "16 GiB / n");
  auto* div = ast::dyn_cast<ast::BinaryExpr>(e);
  ASSERT_TRUE(div);
  EXPECT_EQ(src.substr(div->lhs->range.begin, div->lhs->range.end - div->lhs->range.begin), "16 GiB");
  EXPECT_EQ(src.substr(m->lets[0].name_range.begin, 1), "x");
}

TEST(Parse, SyntaxErrorsReturnNoModule) {
  test::Harness h;
  EXPECT_FALSE(ParseBuffer(h.Add("let x = (1 +\n"), h.diags));
  EXPECT_TRUE(h.HasTag("syntax_error")) << h.AllText();
  test::Harness u;
  std::unique_ptr<ast::Module> m = ParseBuffer(u.Add("let x = 3 Gb\n"), u.diags);
  EXPECT_TRUE(u.HasTag("unknown_unit")) << u.AllText();
}

TEST(Parse, CliValueSets) {
  test::Harness h;
  ast::Module arena;
  std::vector<ast::ValueSet> out;
  ASSERT_TRUE(ParseCliValues(h.Add("1..64*2"), h.diags, arena, out)) << h.AllText();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].step_op, '*');
  ASSERT_TRUE(out[0].hi && out[0].step);
  auto* hi = ast::dyn_cast<ast::NumberExpr>(out[0].hi);
  auto* step = ast::dyn_cast<ast::NumberExpr>(out[0].step);
  ASSERT_TRUE(hi && step);
  EXPECT_EQ(hi->text, "64");
  EXPECT_EQ(step->text, "2");

  out.clear();
  ASSERT_TRUE(ParseCliValues(h.Add("1,2,4"), h.diags, arena, out));
  EXPECT_EQ(out.size(), 3u);
  EXPECT_FALSE(out[2].hi);

  out.clear();
  ASSERT_TRUE(ParseCliValues(h.Add("25GB/s"), h.diags, arena, out));
  ASSERT_EQ(out.size(), 1u);
  auto* bw = ast::dyn_cast<ast::NumberExpr>(out[0].list_or_lo);
  ASSERT_TRUE(bw && bw->unit);
  EXPECT_EQ(bw->unit->text, "GB/s");
  EXPECT_TRUE(h.collected.empty()) << h.AllText();
}

}  // namespace
}  // namespace rl::parse

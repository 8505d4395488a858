// The library API (include/ringline/ringline.h): compile, scenarios and params, eval and
// sweep on both backends into the command's sinks and the caller's, calls of stdlib
// functions on values built by hand and values that came out, and every failure a
// SpecError with the diagnostics the command prints.
#include <gtest/gtest.h>

#include <functional>
#include <sstream>

#include "include/ringline/ringline.h"
#include "include/ringline/tools.h"

namespace {

using ringline::Value;

const std::string kStdlib = RL_STDLIB_DIR;
const std::string kExample = kStdlib + "/../examples/abci_allreduce.rl";

ringline::Options Opts() {
  ringline::Options o;
  o.stdlib_dir = kStdlib;
  return o;
}

size_t ColumnOf(const std::vector<ringline::Column>& cols, const std::string& name) {
  for (size_t i = 0; i < cols.size(); ++i)
    if (cols[i].name == name) return i;
  ADD_FAILURE() << "no column " << name;
  return 0;
}

TEST(Api, ScenariosParamsAndEval) {
  auto spec = ringline::Spec::Compile(kExample, Opts());
  ASSERT_EQ(spec->Scenarios(), std::vector<std::string>{"abci_resnet50"});
  auto sc = spec->Lower("abci_resnet50", {{"nodes", "16"}, {"inter", "1.25 GB/s"}});
  const std::vector<ringline::Param>& ps = sc->Params();
  ASSERT_EQ(ps.size(), 4u);
  EXPECT_EQ(ps[0].name, "nodes");
  EXPECT_EQ(ps[0].kind, "Int");
  EXPECT_EQ(ps[2].name, "inter");
  EXPECT_EQ(ps[2].unit, "GB/s");
  EXPECT_DOUBLE_EQ(ps[2].default_value, 1.25e9);
  for (ringline::Backend b : {ringline::Backend::Interp, ringline::Backend::Jit}) {
    ringline::Row r = sc->Eval(b);
    std::vector<ringline::Column> cols = sc->Columns();
    // `ringline eval ... --set inter=1.25GB/s --set nodes=16 --format csv`: 54.67071464000001 ms.
    EXPECT_EQ(r.values[ColumnOf(cols, "iter_time")], 0.05467071464000001);
    EXPECT_EQ(r.values[ColumnOf(cols, "throughput")], 74921.28147531381);
    EXPECT_TRUE(r.feasible);
  }
}

TEST(Api, SweepIntoTheCommandsCsvOnBothBackends) {
  auto spec = ringline::Spec::Compile(kExample, Opts());
  auto sc = spec->Lower("abci_resnet50", {{"nodes", "1,2"}, {"batch", "32,64"}});
  // `ringline sweep examples/abci_allreduce.rl --set nodes=1,2 --set batch=32,64 --format csv`
  const std::string expected =
      "nodes,batch,inter[GB/s],overlap,iter_time[ms],throughput[1/s],efficiency,comm_time[ms]\n"
      "1,32,12.5,0.5,26.169600000000006,4891.171435558816,1,0.56514064\n"
      "1,64,12.5,0.5,52.33920000000001,4891.171435558816,1,0.56514064\n"
      "2,32,12.5,0.5,26.169600000000006,9782.342871117631,1,1.59042192\n"
      "2,64,12.5,0.5,52.33920000000001,9782.342871117631,1,1.59042192\n";
  for (ringline::Backend b : {ringline::Backend::Interp, ringline::Backend::Jit}) {
    std::ostringstream out;
    auto sink = ringline::MakeSink(ringline::Format::Csv, out);
    ringline::SweepOptions o;
    o.backend = b;
    ringline::SweepSummary s = sc->Sweep(*sink, o);
    EXPECT_EQ(out.str(), expected);
    EXPECT_EQ(s.points, 4u);
    EXPECT_FALSE(s.interrupted);
  }
}

// A sink of the caller's gets the columns with their units and the rows in SI units.
class Collect : public ringline::Sink {
 public:
  void Begin(const std::string& scenario, const std::vector<ringline::Column>& columns) override {
    name = scenario;
    cols = columns;
  }
  void Row(const double* v) override { rows.emplace_back(v, v + cols.size()); }
  void End() override { ended = true; }
  std::string name;
  std::vector<ringline::Column> cols;
  std::vector<std::vector<double>> rows;
  bool ended = false;
};

TEST(Api, SweepIntoACallersSinkAndReduce) {
  auto spec = ringline::Spec::Compile(kExample, Opts());
  auto sc = spec->Lower("abci_resnet50", {{"nodes", "1..64*2"}, {"batch", "64"}});
  Collect all;
  sc->Sweep(all);
  ASSERT_EQ(all.rows.size(), 7u);
  EXPECT_TRUE(all.ended);
  EXPECT_EQ(all.name, "abci_resnet50");
  size_t t = ColumnOf(all.cols, "iter_time");
  EXPECT_EQ(all.cols[t].unit, "ms");
  EXPECT_EQ(all.rows[0][t], 0.05233920000000001);  // SI, not ms
  Collect best;
  ringline::SweepOptions o;
  o.best = "-throughput";
  sc->Sweep(best, o);
  ASSERT_EQ(best.rows.size(), 1u);
  EXPECT_EQ(best.rows[0][0], 64);
  Collect top;
  o.best = "";
  o.top = 2;
  o.top_by = "iter_time";
  sc->Sweep(top, o);
  ASSERT_EQ(top.rows.size(), 2u);
  EXPECT_EQ(top.rows[0][0], 1);
  o.top_by = "iter";
  EXPECT_THROW(sc->Sweep(top, o), ringline::SpecError);
}

TEST(Api, CallsOfTheStandardLibrary) {
  auto lib = ringline::Spec::Library(Opts());
  lib->Import("stdlib.models.all");
  lib->Import("stdlib.strategies");
  Value net = lib->Get("resnet50");
  ASSERT_EQ(net.kind, Value::Kind::Record);
  EXPECT_EQ(net.str, "Network");
  Value setup = lib->Call("stdlib.advise.advise_setup", {lib->Get("abci"), Value::Int(2)},
                          {{"compute", Value::Record("Compute", {{"source", Value::String("roofline")}})}});
  Value row = lib->Call("stdlib.advise.advise_row",
                        {Value::Record("Choice", {{"name", Value::String("data")}, {"kind", Value::String("data")}}),
                         net, setup, Value::Int(2), Value::Int(64), Value::Int(32)});
  // `ringline advise --model resnet50 --gpus 2 --compute roofline --format csv`, the `data` row.
  EXPECT_EQ(row.Field("iter")->number, 0.07744855629958006);
  EXPECT_EQ(row.Field("iter")->unit, "s");
  EXPECT_EQ(row.Field("efficiency")->number, 0.9724389625580203);
  EXPECT_EQ(row.Field("bound")->str, "compute");
  // Numbers built by hand name any unit and are converted exactly; text is evaluated as
  // the command line's values are.
  Value bw = lib->Eval("1.25 GB/s");
  EXPECT_EQ(bw.number, 1.25e9);
  EXPECT_EQ(bw.unit, "B/s");
  Value t = lib->Call("stdlib.collectives.ring_allgather",
                      {Value::Number(1, "MiB"), Value::Int(4),
                       Value::Record("Link", {{"bw", Value::Number(1.25, "GB/s")}, {"lat", Value::Number(0, "s")}})});
  EXPECT_DOUBLE_EQ(t.number, 3 * (1048576.0 / 4) / 1.25e9);
}

TEST(Api, MistakesAreSpecErrorsWithTheCommandsDiagnostics) {
  try {
    ringline::Spec::CompileString("let x = 1 s + y\n", "mine.rl", Opts());
    FAIL() << "no error";
  } catch (const ringline::SpecError& e) {
    ASSERT_EQ(e.diagnostics().size(), 1u);
    const ringline::Diagnostic& d = e.diagnostics()[0];
    EXPECT_EQ(d.kind, "unknown_name");
    EXPECT_EQ(d.file, "mine.rl");
    EXPECT_EQ(d.line, 1u);
    EXPECT_EQ(d.column, 15u);
    EXPECT_EQ(d.message, "unknown name `y`");
    EXPECT_EQ(d.text, "mine.rl:1:15: error: unknown name `y` [unknown_name]\nlet x = 1 s + y\n              ^\n");
  }
  auto lib = ringline::Spec::Library(Opts());
  // The same mistake twice is reported twice (each operation starts afresh).
  for (int i = 0; i < 2; ++i) {
    try {
      lib->Call("stdlib.collectives.ring_allgather", {Value::Number(1, "s"), Value::Int(4)});
      FAIL() << "no error";
    } catch (const ringline::SpecError& e) {
      ASSERT_FALSE(e.diagnostics().empty());
      EXPECT_EQ(e.diagnostics()[0].kind, "unit_mismatch") << e.what();
    }
  }
  EXPECT_THROW(lib->Call("stdlib.collectives.ring_allgater", {}), ringline::SpecError);
  EXPECT_THROW(lib->Get("abcj"), ringline::SpecError);
  EXPECT_THROW(lib->Eval("1 s + 1 B"), ringline::SpecError);
  EXPECT_THROW(ringline::Spec::Compile("/nonexistent/spec.rl", Opts()), ringline::SpecError);
  auto spec = ringline::Spec::Compile(kExample, Opts());
  EXPECT_THROW(spec->Lower("abci"), ringline::SpecError);
  try {
    spec->Lower("abci_resnet50", {{"nodse", "4"}});
    FAIL() << "no error";
  } catch (const ringline::SpecError& e) {
    EXPECT_EQ(e.diagnostics()[0].kind, "unknown_param");
    EXPECT_EQ(e.diagnostics()[0].file, "--set");
  }
}

TEST(Api, ANonFiniteReportIsLocated) {
  auto spec = ringline::Spec::CompileString(
      "scenario z {\n  param n: Int = 0 in [0, 1]\n  report r = 1 / n\n}\n", "z.rl", Opts());
  auto sc = spec->Lower("z");
  for (ringline::Backend b : {ringline::Backend::Interp, ringline::Backend::Jit}) {
    try {
      sc->Eval(b);
      FAIL() << "no error";
    } catch (const ringline::SpecError& e) {
      EXPECT_EQ(e.diagnostics()[0].kind, "non_finite");
      EXPECT_EQ(e.diagnostics()[0].line, 3u);
    }
    Collect rows;
    ringline::SweepOptions o;
    o.backend = b;
    EXPECT_THROW(sc->Sweep(rows, o), ringline::SpecError);
  }
}

// FromSI converts a caller's rows as the CSV sink prints them; `done` counts the points.
TEST(Api, FromSIAndThePointsDone) {
  auto spec = ringline::Spec::Compile(kExample, Opts());
  auto sc = spec->Lower("abci_resnet50", {{"nodes", "1..64*2"}, {"batch", "32..512*2"}});
  Collect rows;
  std::atomic<uint64_t> done{0};
  ringline::SweepOptions o;
  o.done = &done;
  sc->Sweep(rows, o);
  EXPECT_EQ(done.load(), 35u);  // every point evaluated, the 7 dropped ones too
  ASSERT_EQ(rows.rows.size(), 28u);
  const size_t t = ColumnOf(rows.cols, "iter_time");
  EXPECT_EQ(ringline::FromSI(rows.rows[0][t], rows.cols[t].unit), 26.169600000000006);  // the CSV's ms
  std::vector<double> column = {1.25e9, 12.5e9};
  ringline::FromSI(column.data(), column.size(), "GB/s");
  EXPECT_EQ(column, (std::vector<double>{1.25, 12.5}));
  EXPECT_EQ(ringline::FromSI(3, ""), 3);
  try {
    ringline::FromSI(1, "Gb/s");
    FAIL() << "no error";
  } catch (const ringline::SpecError& e) {
    EXPECT_EQ(e.diagnostics()[0].kind, "unknown_unit");
    EXPECT_NE(std::string(e.what()).find("write `Gbit` for bits or `GB` for bytes"), std::string::npos);
  }
}

// The message of the first diagnostic of the SpecError `f` throws.
std::string FirstMessage(const std::function<void()>& f) {
  try {
    f();
  } catch (const ringline::SpecError& e) {
    return e.diagnostics().empty() ? "" : e.diagnostics()[0].message;
  }
  ADD_FAILURE() << "no error";
  return "";
}

// A require is named as the command names it; an infeasible point's row says which fail
// with the notes `ringline eval` prints, and a sweep counts what each dropped.
const std::string kDrops =
    "scenario drops {\n"
    "  param n: Int = 1 in 1 .. 10\n"
    "  param m: Int = 1 in 1 .. 4\n"
    "  require n <= 8, \"n fits\"\n"
    "  require n * m <= 20\n"
    "  report t = n * m\n"
    "}\n";

TEST(Api, RequiresNotesAndDroppedPoints) {
  auto spec = ringline::Spec::CompileString(kDrops, "drops.rl", Opts());
  auto sc = spec->Lower("drops");
  ASSERT_EQ(sc->Requires().size(), 2u);
  EXPECT_EQ(sc->Requires()[0].name, "\"n fits\"");
  EXPECT_EQ(sc->Requires()[1].name, "`n * m <= 20`");
  EXPECT_EQ(sc->Requires()[1].file, "drops.rl");
  EXPECT_EQ(sc->Requires()[1].line, 5u);
  EXPECT_EQ(sc->Points(), 40u);
  EXPECT_TRUE(sc->Eval().notes.empty());
  auto both = spec->Lower("drops", {{"n", "10"}, {"m", "4"}});
  for (ringline::Backend b : {ringline::Backend::Interp, ringline::Backend::Jit}) {
    ringline::Row r = both->Eval(b);
    EXPECT_FALSE(r.feasible);
    ASSERT_EQ(r.notes.size(), 2u);
    EXPECT_EQ(r.notes[0].kind, "infeasible");
    EXPECT_EQ(r.notes[0].severity, "note");
    EXPECT_EQ(r.notes[0].line, 4u);
    EXPECT_EQ(r.notes[1].text,
              "drops.rl:5:3: note: the point is infeasible: `n * m <= 20` does not hold [infeasible]\n"
              "  require n * m <= 20\n  ^~~~~~~~~~~~~~~~~~~\n");
  }
  auto first = spec->Lower("drops", {{"n", "9"}});
  ASSERT_EQ(first->Eval().notes.size(), 1u);
  EXPECT_EQ(first->Eval().notes[0].line, 4u);
  Collect rows;
  ringline::SweepSummary s = sc->Sweep(rows);
  EXPECT_EQ(s.infeasible, 13u);
  ASSERT_EQ(s.dropped.size(), 2u);
  EXPECT_EQ(s.dropped[0].second, 8u);
  EXPECT_EQ(s.dropped[1].second, 9u);
  EXPECT_FALSE(s.abandoned);
}

// Write puts an Eval's row as `ringline eval` does: `feasible` with requires, and the
// table's `name = value` lines with `single_row`.
TEST(Api, WriteAnEvalsRow) {
  auto spec = ringline::Spec::CompileString(kDrops, "drops.rl", Opts());
  auto sc = spec->Lower("drops", {{"n", "10"}, {"m", "4"}}, {}, /*eval_only=*/true);
  ringline::Row r = sc->Eval();
  std::ostringstream csv, table;
  sc->Write(*ringline::MakeSink(ringline::Format::Csv, csv), r);
  EXPECT_EQ(csv.str(), "n,m,t,feasible\n10,4,40,false\n");
  sc->Write(*ringline::MakeSink(ringline::Format::Table, table, 6, /*single_row=*/true), r);
  EXPECT_EQ(table.str(), "scenario drops\n  n        = 10\n  m        = 4\n  t        = 40\n  feasible = false\n");
  Collect mine;
  sc->Write(mine, r);
  ASSERT_EQ(mine.rows.size(), 1u);
  EXPECT_EQ(mine.cols.back().name, "feasible");
  EXPECT_EQ(mine.rows[0], (std::vector<double>{10, 4, 40, 0}));
  EXPECT_TRUE(mine.ended);
  // Lowered for Eval alone, it does not sweep.
  EXPECT_EQ(FirstMessage([&] { sc->Sweep(mine); }), "scenario `drops` was lowered `eval_only`; lower it again to sweep it");
}

// Lowered for Eval alone, a scenario with a param over static values is the one variant
// at its default: the same point as when every variant is lowered.
TEST(Api, EvalOnlyLowersTheDefaultsVariant) {
  auto spec = ringline::Spec::CompileString(
      "scenario s {\n  param algo: String = \"tree\" in [\"ring\", \"tree\"]\n  param n: Int = 4\n"
      "  report r = if algo == \"ring\" then 2 * n else n\n}\n",
      "s.rl", Opts());
  for (bool eval_only : {false, true}) {
    auto sc = spec->Lower("s", {}, {}, eval_only);
    EXPECT_EQ(sc->Params()[0].labels, (std::vector<std::string>{"ring", "tree"}));
    EXPECT_EQ(sc->Eval().values, (std::vector<double>{1, 4, 4}));
  }
  auto ring = spec->Lower("s", {{"algo", "\"ring\""}}, {}, true);
  EXPECT_EQ(ring->Eval().values[2], 8);
}

// A table's param column is as wide as the widest value the sweep will give it, before
// the row that holds it.
TEST(Api, TableParamColumnsFitTheSweepsValues) {
  auto spec = ringline::Spec::CompileString(
      "scenario w {\n  param n: Int = 1 in 1 .. 2\n  param x: Real = 1 in [1, 1.2345678901234e20]\n  report t = n\n}\n",
      "w.rl", Opts());
  auto sc = spec->Lower("w");
  std::ostringstream out;
  sc->Sweep(*ringline::MakeSink(ringline::Format::Table, out, 15));
  EXPECT_EQ(out.str(),
            "           n                    x             t\n"
            "           1                    1             1\n"
            "           1  1.2345678901234e+20             1\n"
            "           2                    1             2\n"
            "           2  1.2345678901234e+20             2\n");
}

// The loop order and the JIT's level are options of the sweep; mistakes name the options
// as the caller spells them.
TEST(Api, LoopOrderOptLevelAndOptionNames) {
  auto spec = ringline::Spec::CompileString(kDrops, "drops.rl", Opts());
  auto sc = spec->Lower("drops");
  ringline::SweepOptions o;
  o.backend = ringline::Backend::Jit;
  o.best = "-t";
  o.order = "m,n";
  o.opt_level = 0;
  Collect best;
  sc->Sweep(best, o);
  ASSERT_EQ(best.rows.size(), 1u);
  EXPECT_EQ(best.rows[0][2], 20);  // n * m <= 20 at most
  o.order = "zz";
  EXPECT_EQ(FirstMessage([&] { sc->Sweep(best, o); }),
            "`order` names `zz`, which is not a param of scenario `drops`; its params are `n`, `m`");
  o.order = "";
  o.best = "tt";
  o.names.best = "--best";
  EXPECT_EQ(FirstMessage([&] { sc->Sweep(best, o); }),
            "--best names `tt`, which is not a report of scenario `drops` (did you mean `t`?); its reports are `t`");
  o.best = "";
  o.opt_level = 4;
  EXPECT_THROW(sc->Sweep(best, o), ringline::SpecError);
  EXPECT_THROW(sc->Eval(ringline::Backend::Jit, 4), ringline::SpecError);
  EXPECT_EQ(sc->Eval(ringline::Backend::Jit, 0).values[2], 1);
}

}  // namespace

// The tools (include/ringline/tools.h): a transformer's layouts and a network's stats as
// Tables whose columns are the command's CSV's.
TEST(Api, ToolsAnswerInTables) {
  auto lib = ringline::Spec::Library(Opts());
  EXPECT_TRUE(ringline::IsTransformer(*lib, "gpt3_175b"));
  EXPECT_FALSE(ringline::IsTransformer(*lib, "resnet50"));
  ringline::LayoutQuery q;
  q.model = "megatron_1_7b", q.cluster = "dgx_a100_pod", q.gpus = {16}, q.global_batch = 64, q.top = 4, q.tp = 2;
  ringline::Table t = ringline::Advise(*lib, q);
  ASSERT_EQ(t.rows.size(), 4u);
  EXPECT_EQ(t.title, "megatron_1_7b on dgx_a100_pod: global batch 64, seq 2048, bf16, fused attention, gradient "
                     "reduction overlapped, TP communication overlapped");
  const size_t tcol = ColumnOf(t.columns, "t"), iter = ColumnOf(t.columns, "iter"), rank = ColumnOf(t.columns, "rank");
  EXPECT_EQ(t.columns[0].name, "gpus");
  EXPECT_EQ(t.columns[iter].unit, "s");
  for (size_t r = 0; r < t.rows.size(); ++r) {
    EXPECT_EQ(t.rows[r][tcol], 2);
    EXPECT_EQ(t.rows[r][rank], double(r + 1));
    if (r) EXPECT_LE(t.rows[r - 1][iter], t.rows[r][iter]);
  }
  ASSERT_EQ(t.members.size(), 1u);
  EXPECT_EQ(t.members[0].first, "searches");
  const ringline::Column& rec = t.columns[ColumnOf(t.columns, "recompute")];
  EXPECT_EQ(rec.kind, ringline::Column::Kind::Label);

  ringline::StatsQuery s;
  s.model = "resnet50", s.batch = 2;
  ringline::Table st = ringline::Stats(s, Opts());
  EXPECT_EQ(st.rows.size(), 174u);
  EXPECT_EQ(st.rows[0][ColumnOf(st.columns, "params")], 9408);  // conv1: 7x7x3x64
  EXPECT_EQ(st.members[0], (std::pair<std::string, std::string>{"model", "\"resnet50\""}));
}

// ringline-compile-bench: compile time against IR size, the JIT beside the interpreter.
// For scenarios of 10^3 to 10^6 IR values in three shapes, built as IR directly (the
// front end is not measured), it prints one row per scenario: the IR passes, codegen
// alone, the whole JIT compile (codegen, LLVM -O2, machine code), the JIT's and the
// interpreter's time per point, and how many points it takes for the JIT to pay for its
// compile; beside the compile time and the interpreter's time per point, what
// `--backend=auto` expects (compiler/api/backend.h; its compile estimate includes
// starting LLVM, which a warm-up compile keeps out of the measurements). CPU times of the
// calling thread (where ORC compiles), so other load on the machine distorts them less.
// Shapes:
//   chain    one param, a sum of N/3 terms x_i * p (`sum x in range(N/3): x * p`)
//   reports  two params, N/5 reports p * a_i + q / b_i
//   mixed    three params, a random DAG of every arithmetic, comparison and select
//            instruction over them, a report every 100 values, a few requires
// Every JIT'd sweep is checked against the interpreter on its points.
//   ringline-compile-bench [--smoke] [--max N] [--shapes chain,reports,mixed]
#include <fmt/format.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "compiler/codegen/codegen.h"
#include "compiler/codegen/staging.h"
#include "compiler/api/backend.h"
#include "compiler/interp/interp.h"
#include "compiler/jit/jit.h"
#include "compiler/passes/passes.h"
#include "test/bench/shared.h"

namespace rl::bench {
namespace {

void AddParam(ir::Scenario& s, const std::string& name, size_t values) {
  ir::Param p;
  p.name = name;
  for (size_t k = 0; k < values; ++k) p.values.push_back(1 + 0.5 * static_cast<double>(k));
  p.default_value = p.values[0];
  s.params.push_back(p);
}

void AddReport(ir::Scenario& s, ir::ValueId v) {
  ir::Report r;
  r.name = fmt::format("r{}", s.reports.size());
  r.value = v;
  s.reports.push_back(r);
}

ir::Scenario Chain(size_t n) {
  ir::Scenario s;
  s.name = "chain";
  AddParam(s, "p", 4096);
  ir::ValueId p = s.ParamRef(0), acc = s.Const(0);
  for (size_t i = 0; i < n / 3; ++i) acc = s.Binary(ir::Op::Add, acc, s.Binary(ir::Op::Mul, s.Const(double(i)), p));
  AddReport(s, acc);
  return s;
}

ir::Scenario Reports(size_t n) {
  ir::Scenario s;
  s.name = "reports";
  AddParam(s, "p", 64);
  AddParam(s, "q", 64);
  ir::ValueId p = s.ParamRef(0), q = s.ParamRef(1);
  for (size_t i = 0; i < std::max<size_t>(1, n / 5); ++i)
    AddReport(s, s.Binary(ir::Op::Add, s.Binary(ir::Op::Mul, p, s.Const(double(i + 1))),
                          s.Binary(ir::Op::Div, q, s.Const(double(i + 2)))));
  return s;
}

ir::Scenario Mixed(size_t n) {
  ir::Scenario s;
  s.name = "mixed";
  std::mt19937_64 rng(n);
  std::vector<ir::ValueId> f64, b1;
  for (const char* name : {"x", "y", "z"}) {
    AddParam(s, name, 16);
    f64.push_back(s.ParamRef(static_cast<uint32_t>(s.params.size() - 1)));
  }
  for (double c : {0.5, 2.0, 3.0, 10.0}) f64.push_back(s.Const(c));
  b1.push_back(s.Binary(ir::Op::Lt, f64[0], f64[1]));
  // Half the operands among the last 16 values, half anywhere: long-lived values and
  // every mix of params.
  auto pick = [&](const std::vector<ir::ValueId>& from) {
    size_t k = rng() % 2 ? from.size() - 1 - rng() % std::min<size_t>(16, from.size()) : rng() % from.size();
    return from[k];
  };
  const ir::Op arith[] = {ir::Op::Add, ir::Op::Sub, ir::Op::Mul, ir::Op::Div, ir::Op::Min, ir::Op::Max,
                          ir::Op::Add, ir::Op::Mul, ir::Op::Sqrt, ir::Op::Abs, ir::Op::Log, ir::Op::Ceil};
  while (s.insts.size() < n) {
    unsigned r = rng() % 16;
    if (r < 12) {
      ir::Op op = arith[r];
      f64.push_back(ir::Arity(op) == 1 ? s.Unary(op, pick(f64)) : s.Binary(op, pick(f64), pick(f64)));
    } else if (r < 14) {
      b1.push_back(s.Binary(r == 12 ? ir::Op::Lt : ir::Op::Ge, pick(f64), pick(f64)));
    } else {
      f64.push_back(s.Select(pick(b1), pick(f64), pick(f64)));
    }
    if (s.insts.size() % 100 == 0) AddReport(s, f64.back());
  }
  AddReport(s, f64.back());
  for (size_t k = 0; k < 3; ++k) s.requires_.push_back({b1[b1.size() * k / 3], "r", {}});
  return s;
}

// The box of every param's values, first param outermost.
struct Box {
  std::vector<const double*> axes;
  std::vector<int64_t> lo, hi, stride;
  int64_t count = 1;
};
Box FullBox(const ir::Scenario& s, int64_t max_points) {
  Box b;
  for (const ir::Param& p : s.params) {
    b.axes.push_back(p.values.data());
    b.lo.push_back(0);
    b.hi.push_back(static_cast<int64_t>(p.values.size()));
  }
  // Shrink the outermost axes until the box is small enough.
  for (size_t k = 0; k < b.hi.size(); ++k) {
    int64_t rest = 1;
    for (size_t j = k + 1; j < b.hi.size(); ++j) rest *= b.hi[j];
    b.hi[k] = std::max<int64_t>(1, std::min(b.hi[k], max_points / std::max<int64_t>(1, rest)));
  }
  b.stride.assign(b.hi.size(), 1);
  for (size_t k = b.hi.size(); k-- > 0;) {
    b.stride[k] = b.count;
    b.count *= b.hi[k];
  }
  return b;
}

// CPU milliseconds per call of `f`, repeated until 50 ms have passed (at least once).
double PerCall(const std::function<void()>& f, double budget_ms) {
  double start = ThreadCpuMs(), now = start;
  int calls = 0;
  do {
    f();
    ++calls;
    now = ThreadCpuMs();
  } while (now - start < budget_ms);
  return (now - start) / calls;
}

struct Row {
  std::string shape;
  size_t values;
  double passes_ms, codegen_ms, jit_ms, jit_wall_ms, jit_us, interp_us, max_diff;
  size_t size;                    // codegen::MeasureCode, both parts
  api::BackendCost estimate;  // what --backend=auto expects for one point
};

Row Measure(const std::string& shape, size_t n, double budget_ms) {
  ir::Scenario s = shape == "chain" ? Chain(n) : shape == "reports" ? Reports(n) : Mixed(n);
  Row row{shape, 0, 0, 0, 0, 0, 0, 0, 0, 0, {}};
  double t = ThreadCpuMs();
  passes::RunPipeline(s);
  row.passes_ms = ThreadCpuMs() - t;
  row.values = s.insts.size();
  row.estimate = api::EstimateCost(s, 1);
  std::vector<uint64_t> sizes;
  for (const ir::Param& p : s.params) sizes.push_back(p.values.size());
  std::vector<uint32_t> order = codegen::ChooseOrder(s, sizes);
  codegen::CodeSize code = codegen::MeasureCode(s, order);
  row.size = code.in_levels + code.in_segments;
  {
    llvm::LLVMContext ctx;
    t = ThreadCpuMs();
    auto m = codegen::EmitLLVM(s, ctx, codegen::Options{order, "", false, true});
    row.codegen_ms = ThreadCpuMs() - t;
  }
  t = ThreadCpuMs();
  auto wall = std::chrono::steady_clock::now();
  auto ev = jit::Compile(s, jit::Options{2, order, false, true});
  row.jit_ms = ThreadCpuMs() - t;
  row.jit_wall_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - wall).count();
  if (!ev) {
    std::cerr << llvm::toString(ev.takeError()) << "\n";
    std::exit(1);
  }
  // The JIT fills a box in the loop order (what the sweep engine passes it).
  ir::Scenario permuted = s;
  for (size_t d = 0; d < order.size(); ++d) permuted.params[d] = s.params[order[d]];
  Box box = FullBox(permuted, 1024);
  std::vector<const double*> axes(s.params.size());
  std::vector<int64_t> lo(s.params.size()), hi(s.params.size()), stride(s.params.size());
  for (size_t d = 0; d < order.size(); ++d) {
    axes[order[d]] = box.axes[d];
    lo[order[d]] = box.lo[d];
    hi[order[d]] = box.hi[d];
    stride[order[d]] = box.stride[d];
  }
  std::vector<double> out(s.reports.size() * static_cast<size_t>(box.count));
  std::vector<uint8_t> feasible(static_cast<size_t>(box.count));
  rl_sweep_fn fn = (*ev)->sweep_fn();
  auto sweep = [&] { fn(axes.data(), lo.data(), hi.data(), stride.data(), out.data(), feasible.data(), box.count); };
  row.jit_us = 1e3 * PerCall(sweep, budget_ms) / static_cast<double>(box.count);
  // The interpreter on the same points, checked against the JIT's rows.
  interp::Evaluator ref(s);
  std::vector<double> params(s.params.size()), reports(s.reports.size());
  int64_t pos = 0;
  auto one = [&] {
    int64_t rest = pos;
    for (size_t d = order.size(); d-- > 0;) {
      params[order[d]] = box.axes[d][rest % box.hi[d]];
      rest /= box.hi[d];
    }
    bool ok = ref.Run(params.data(), reports.data());
    for (size_t r = 0; r < reports.size(); ++r) {
      double a = out[r * static_cast<size_t>(box.count) + static_cast<size_t>(pos)], b = reports[r];
      double d = a == b || (std::isnan(a) && std::isnan(b)) ? 0
                                                            : std::fabs(a - b) / std::max(std::fabs(a), std::fabs(b));
      row.max_diff = std::max(row.max_diff, std::isnan(d) ? INFINITY : d);
    }
    if (ok != (feasible[static_cast<size_t>(pos)] != 0)) row.max_diff = INFINITY;
    pos = (pos + 1) % box.count;
  };
  row.interp_us = 1e3 * PerCall(one, budget_ms);
  return row;
}

int Main(int argc, char** argv) {
  bool smoke = false;
  size_t max = 1000000;
  std::vector<std::string> shapes{"chain", "reports", "mixed"};
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--smoke")) {
      smoke = true;
    } else if (!std::strcmp(argv[i], "--max") && i + 1 < argc) {
      max = std::strtoull(argv[++i], nullptr, 10);
    } else if (!std::strcmp(argv[i], "--shapes") && i + 1 < argc) {
      shapes.clear();
      for (std::string list = argv[++i]; !list.empty();) {
        size_t comma = list.find(',');
        shapes.push_back(list.substr(0, comma));
        list = comma == std::string::npos ? "" : list.substr(comma + 1);
      }
    } else {
      std::cerr << "usage: ringline-compile-bench [--smoke] [--max N] [--shapes chain,reports,mixed]\n";
      return 2;
    }
  }
  if (smoke) max = 3000;
  Measure("chain", 10, 1);  // starts LLVM and the JIT, which the rows should not include
  // est: what --backend=auto expects (compiler/api/backend.h), beside the measurement.
  std::cout << fmt::format("{:<8} {:>8} {:>8} {:>7} {:>8} {:>7} {:>7} {:>8} {:>8} {:>10} {:>8} {:>11} {:>9}\n",
                           "shape", "values", "size", "passes", "codegen", "jit", "est", "jit/1k", "jit/pt",
                           "interp/pt", "est", "break-even", "max_diff");
  std::cout << fmt::format("{:<8} {:>8} {:>8} {:>7} {:>8} {:>7} {:>7} {:>8} {:>8} {:>10} {:>8} {:>11} {:>9}\n", "",
                           "", "", "[ms]", "[ms]", "[ms]", "[ms]", "[ms]", "[us]", "[us]", "[us]", "[points]", "");
  bool agree = true;
  for (const std::string& shape : shapes) {
    for (size_t n = 1000; n <= max; n = n % 3 == 0 ? n / 3 * 10 : n * 3) {
      Row r = Measure(shape, n, smoke ? 1 : 50);
      double gain = r.interp_us - r.jit_us;
      std::string even = gain > 0 ? fmt::format("{:.0f}", 1e3 * r.jit_ms / gain) : "never";
      std::cout << fmt::format("{:<8} {:>8} {:>8} {:>7.1f} {:>8.1f} {:>7.0f} {:>7.0f} {:>8.1f} {:>8.3f} {:>10.3f} "
                               "{:>8.3f} {:>11} {:>9.2g}\n",
                               r.shape, r.values, r.size, r.passes_ms, r.codegen_ms, r.jit_ms, 1e3 * r.estimate.jit_compile_s,
                               r.jit_ms / (static_cast<double>(r.values) / 1000), r.jit_us, r.interp_us,
                               1e6 * r.estimate.interp_s, even, r.max_diff)
                << std::flush;
      agree = agree && r.max_diff <= 1e-12;
    }
  }
  if (!agree) std::cerr << "ringline-compile-bench: the JIT and the interpreter disagree\n";
  return agree ? 0 : 1;
}

}  // namespace
}  // namespace rl::bench

int main(int argc, char** argv) { return rl::bench::Main(argc, argv); }

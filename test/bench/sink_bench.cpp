// ringline-sink-bench: rows and values per second of the streamed sinks alone (CSV, JSON,
// a table), formatting rows shaped like a sweep's into a stream that keeps nothing: two
// Int params, and four reports with every digit of a double (an iteration time in ms, a
// throughput in 1/s, a memory in GB, an efficiency), so that the unit conversions and the
// shortest round-trip text are what is timed (docs/performance.md, "The CSV sink"). The
// rates are per second of the thread's CPU time, so other load on the machine does not
// lower them.
//   ringline-sink-bench [--smoke] [Google Benchmark's flags]
#include <benchmark/benchmark.h>

#include <cstring>
#include <ostream>
#include <random>
#include <streambuf>
#include <vector>

#include "base/units/units.h"
#include "runtime/sinks.h"

namespace rl::bench {
namespace {

// A stream buffer that counts what it is given and keeps none of it, so the figure is the
// sink's formatting and not a disk's or a pipe's.
class CountingBuf : public std::streambuf {
 public:
  uint64_t bytes = 0;

 protected:
  std::streamsize xsputn(const char*, std::streamsize n) override {
    bytes += static_cast<uint64_t>(n);
    return n;
  }
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) ++bytes;
    return traits_type::not_eof(c);
  }
};

units::Unit U(const char* text) {
  std::string bad;
  return *units::ParseUnitString(text, &bad);
}

std::vector<runtime::Column> Columns() {
  using K = runtime::Column::Kind;
  return {{"gpus", K::Int, units::Unit{}}, {"batch", K::Int, units::Unit{}}, {"iter", K::Real, U("ms")},
          {"throughput", K::Real, U("1/s")}, {"mem", K::Real, U("GB")}, {"efficiency", K::Real, units::Unit{}}};
}

// Rows in SI units: counts, and reals of 16-17 significant digits, as a sweep's reports are.
std::vector<double> Rows(size_t n) {
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<double> v;
  v.reserve(n * 6);
  for (size_t i = 0; i < n; ++i) {
    double gpus = static_cast<double>(8 * (1 + i % 128)), batch = static_cast<double>(1 + i / 128 % 256);
    double iter = 0.02 + 0.2 * u(rng);
    v.insert(v.end(), {gpus, batch, iter, gpus * batch / iter, 4e9 + 1e10 * u(rng), 0.5 + 0.5 * u(rng)});
  }
  return v;
}

constexpr size_t kRows = 1 << 16;

void BM_Sink(benchmark::State& state, runtime::Format format) {
  static const std::vector<double> rows = Rows(kRows);
  const std::vector<runtime::Column> cols = Columns();
  uint64_t bytes = 0;
  for (auto _ : state) {
    CountingBuf buf;
    std::ostream out(&buf);
    std::unique_ptr<runtime::Sink> sink = runtime::MakeSink(format, out);
    sink->Begin("bench", cols);
    for (size_t r = 0; r < kRows; ++r) sink->Row(rows.data() + r * cols.size());
    sink->End();
    bytes = buf.bytes;
  }
  const double n = static_cast<double>(state.iterations()) * kRows;
  state.counters["rows_per_s"] = benchmark::Counter(n, benchmark::Counter::kIsRate);
  state.counters["values_per_s"] = benchmark::Counter(n * static_cast<double>(cols.size()), benchmark::Counter::kIsRate);
  state.counters["bytes_per_row"] = static_cast<double>(bytes) / kRows;
}

BENCHMARK_CAPTURE(BM_Sink, csv, runtime::Format::Csv)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Sink, json, runtime::Format::Json)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Sink, table, runtime::Format::Table)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace rl::bench

int main(int argc, char** argv) {
  // --smoke (ctest): a millisecond of each sink, one pass, so the benchmark is known to run.
  std::vector<char*> args(argv, argv + argc);
  static char min_time[] = "--benchmark_min_time=0.001";
  for (char*& a : args)
    if (std::strcmp(a, "--smoke") == 0) a = min_time;
  int n = static_cast<int>(args.size());
  benchmark::Initialize(&n, args.data());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

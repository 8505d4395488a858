// _ringline: the extension module under the Python package `ringline` (python/ringline,
// docs/python.md). A thin layer over the library API (include/ringline/ringline.h and
// tools.h, nothing else of the project's): specs, lowered scenarios, eval, sweeps into
// per-column buffers that NumPy takes over without a copy, and the tools' Tables. The Python files build the public classes on it; nothing here
// is meant to be called by users directly.
//
// Every call that compiles or evaluates releases the GIL and holds its Spec's mutex (one
// operation at a time per Spec; separate Specs run in parallel). A sweep runs on a worker
// thread while the calling thread waits with the GIL released, waking every 50 ms to run
// Python's signal handlers (Ctrl-C) and the caller's progress callback; either can stop
// the sweep through SweepOptions::interrupt.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cctype>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "include/ringline/ringline.h"
#include "include/ringline/tools.h"

namespace py = pybind11;

namespace {

// The Python class SpecErrors are raised as (ringline.SpecError, registered by the package
// at import); ValueError before that. Never released: it outlives the module's statics.
PyObject* g_error_class = nullptr;

void RaiseSpecError(const ringline::SpecError& e) {
  if (g_error_class) {
    try {
      py::list ds;
      for (const ringline::Diagnostic& d : e.diagnostics()) ds.append(py::cast(d));
      py::object exc = py::reinterpret_borrow<py::object>(g_error_class)(ds);
      PyErr_SetObject(g_error_class, exc.ptr());
      return;
    } catch (py::error_already_set& inner) {
      inner.discard_as_unraisable("ringline: building a SpecError");
    }
  }
  PyErr_SetString(PyExc_ValueError, e.what());
}

// Spec holds a ringline::Spec and the mutex its operations take.
struct SpecHandle {
  std::unique_ptr<ringline::Spec> spec;
  std::mutex mu;
  // The thread that waits on a sweep of this Spec (and runs its progress callback), while
  // one runs; another thread waits for the Spec as usual.
  std::atomic<std::thread::id> sweeping{};
};

// The callback of a sweep calling back into the Spec it sweeps would wait for itself
// forever: a SpecError saying so instead.
void NotFromItsSweep(SpecHandle& h) {
  if (h.sweeping.load() == std::this_thread::get_id())
    throw ringline::SpecError({ringline::Diagnostic::Plain(
        "bad_usage", "this Spec is sweeping, and a sweep's progress callback cannot use the Spec it sweeps (it "
                     "would wait for itself); compile another Spec for the callback, or use the sweep's result")});
}

// f(spec) with the GIL released and the Spec's mutex held.
template <typename F>
auto Locked(SpecHandle& h, F&& f) {
  NotFromItsSweep(h);
  py::gil_scoped_release nogil;
  std::lock_guard<std::mutex> lock(h.mu);
  return f(*h.spec);
}

// A scenario lowered with some settings; keeps its Spec alive.
struct Lowered {
  std::shared_ptr<SpecHandle> owner;
  std::unique_ptr<ringline::Scenario> scenario;
};

ringline::Options MakeOptions(const std::string& stdlib_dir, const std::vector<std::string>& allow_paths,
                              unsigned max_errors) {
  ringline::Options o;
  o.stdlib_dir = stdlib_dir;
  o.allow_paths = allow_paths;
  o.max_errors = max_errors;
  return o;
}

ringline::Backend BackendNamed(const std::string& name) {
  if (name == "auto") return ringline::Backend::Auto;
  if (name == "jit") return ringline::Backend::Jit;
  if (name == "interp") return ringline::Backend::Interp;
  throw ringline::SpecError({ringline::Diagnostic::Plain(
      "bad_option", "backend must be \"auto\", \"jit\" or \"interp\", got \"" + name + "\"")});
}

bool IsJsonPath(const std::string& p) {
  return p.size() > 5 && std::equal(p.end() - 5, p.end(), ".json", [](char a, char b) { return std::tolower(a) == b; });
}
std::string AbsolutePath(const std::string& p) {
  if (!p.empty() && p[0] == '/') return p;
  char cwd[4096];
  return getcwd(cwd, sizeof cwd) ? std::string(cwd) + "/" + p : p;
}
std::string ParentFolder(const std::string& p) {
  std::string abs = AbsolutePath(p);
  size_t slash = abs.rfind('/');
  return slash == std::string::npos || slash == 0 ? std::string("/") : abs.substr(0, slash);
}

const char* KindName(ringline::Column::Kind k) {
  switch (k) {
    case ringline::Column::Kind::Int: return "Int";
    case ringline::Column::Kind::Real: return "Real";
    case ringline::Column::Kind::Bool: return "Bool";
    case ringline::Column::Kind::Label: return "Label";
  }
  return "Real";
}

// An Int as the command prints it: exact while it fits an int64, else a float.
bool FitsInt(double v) { return std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 9.2e18; }

// One value in its column's display form: int, float (in the column's unit), bool, str.
py::object DisplayValue(const ringline::Column& c, double si) {
  switch (c.kind) {
    case ringline::Column::Kind::Int:
      if (FitsInt(si)) return py::int_(static_cast<int64_t>(si));
      return py::float_(si);
    case ringline::Column::Kind::Real: return py::float_(ringline::FromSI(si, c.unit));
    case ringline::Column::Kind::Bool: return py::bool_(si != 0);
    case ringline::Column::Kind::Label:
      if (si >= 0 && si < static_cast<double>(c.labels.size())) return py::str(c.labels[static_cast<size_t>(si)]);
      return py::float_(si);
  }
  return py::none();
}

// A param as a column: what its values print as.
ringline::Column ColumnOfParam(const ringline::Param& p) {
  ringline::Column c;
  c.name = p.name;
  c.unit = p.unit;
  c.labels = p.labels;
  c.kind = p.kind == "label" ? ringline::Column::Kind::Label
           : p.kind == "Int" ? ringline::Column::Kind::Int
           : p.kind == "Bool" ? ringline::Column::Kind::Bool
                              : ringline::Column::Kind::Real;
  return c;
}

py::tuple ColumnTuple(const ringline::Column& c) {
  return py::make_tuple(c.name, KindName(c.kind), c.unit, c.labels);
}

// (name, kind, unit, default, values, labels), the default and values in display form.
py::list ParamsOf(const Lowered& l) {
  py::list out;
  for (const ringline::Param& p : l.scenario->Params()) {
    ringline::Column c = ColumnOfParam(p);
    py::list values;
    for (double v : p.values) values.append(DisplayValue(c, v));
    out.append(py::make_tuple(p.name, p.kind, p.unit, DisplayValue(c, p.default_value), values, p.labels));
  }
  return out;
}

uint64_t SpaceSize(const ringline::Scenario& sc) {
  uint64_t n = 1;
  for (const ringline::Param& p : sc.Params()) {
    if (p.values.empty()) return 0;
    if (n > UINT64_MAX / p.values.size()) return UINT64_MAX;
    n *= p.values.size();
  }
  return n;
}

// A sweep's rows as one buffer per column, in SI units until Convert.
class ColumnSink final : public ringline::Sink {
 public:
  explicit ColumnSink(size_t reserve) : reserve_(reserve) {}
  void Begin(const std::string& scenario, const std::vector<ringline::Column>& columns) override {
    cols = columns;
    data.clear();
    for (size_t i = 0; i < cols.size(); ++i) {
      data.push_back(std::make_unique<std::vector<double>>());
      data.back()->reserve(reserve_);
    }
    rows = 0;
  }
  void Row(const double* v) override {
    for (size_t i = 0; i < data.size(); ++i) data[i]->push_back(v[i]);
    ++rows;
  }
  void End() override {}

  std::vector<ringline::Column> cols;
  std::vector<std::unique_ptr<std::vector<double>>> data;
  size_t rows = 0;

 private:
  size_t reserve_;
};

// What each column's buffer holds after Convert.
enum class Stored { Double, Int64, Bool };

// Converts every column in place to what NumPy will see: reals into their display unit
// (units::FromSI, exactly as the CSV sink), Ints and label codes to int64 (where every
// value fits), Bools to one byte each at the buffer's start. Parallel over row ranges.
std::vector<Stored> Convert(ColumnSink& sink, unsigned threads) {
  std::vector<Stored> stored(sink.cols.size(), Stored::Double);
  const size_t n = sink.rows;
  for (size_t c = 0; c < sink.cols.size(); ++c) {
    const ringline::Column& col = sink.cols[c];
    if (col.kind == ringline::Column::Kind::Int || col.kind == ringline::Column::Kind::Label) {
      const std::vector<double>& v = *sink.data[c];
      if (std::all_of(v.begin(), v.end(), FitsInt)) stored[c] = Stored::Int64;
    } else if (col.kind == ringline::Column::Kind::Bool) {
      stored[c] = Stored::Bool;
    }
  }
  // Bools first, sequentially: byte i overwrites part of double i / 8, already read.
  for (size_t c = 0; c < sink.cols.size(); ++c)
    if (stored[c] == Stored::Bool) {
      auto* bytes = reinterpret_cast<unsigned char*>(sink.data[c]->data());
      for (size_t i = 0; i < n; ++i) {
        double v;
        std::memcpy(&v, bytes + i * sizeof(double), sizeof v);
        bytes[i] = v != 0;
      }
    }
  auto work = [&](size_t lo, size_t hi) {
    for (size_t c = 0; c < sink.cols.size(); ++c) {
      double* v = sink.data[c]->data();
      if (stored[c] == Stored::Int64) {
        for (size_t i = lo; i < hi; ++i) {
          const int64_t k = static_cast<int64_t>(v[i]);
          std::memcpy(v + i, &k, sizeof k);
        }
      } else if (stored[c] == Stored::Double && sink.cols[c].kind == ringline::Column::Kind::Real) {
        ringline::FromSI(v + lo, hi - lo, sink.cols[c].unit);
      }
    }
  };
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  const size_t per = std::max<size_t>(65536, (n + threads - 1) / threads);
  std::vector<std::thread> pool;
  std::exception_ptr error;
  std::mutex error_mu;
  for (size_t lo = per; lo < n; lo += per)
    pool.emplace_back([&, lo] {
      try {
        work(lo, std::min(n, lo + per));
      } catch (...) {
        std::lock_guard<std::mutex> l(error_mu);
        error = std::current_exception();
      }
    });
  try {
    work(0, std::min(n, per));
  } catch (...) {
    std::lock_guard<std::mutex> l(error_mu);
    error = std::current_exception();
  }
  for (std::thread& t : pool) t.join();
  if (error) std::rethrow_exception(error);
  return stored;
}

// A NumPy array over column c's buffer, which the array's capsule now owns.
py::array ArrayOf(ColumnSink& sink, size_t c, Stored stored) {
  auto* buffer = sink.data[c].release();
  py::capsule owner(buffer, [](void* p) { delete static_cast<std::vector<double>*>(p); });
  const auto n = static_cast<py::ssize_t>(sink.rows);
  switch (stored) {
    case Stored::Int64: return py::array_t<int64_t>({n}, {8}, reinterpret_cast<int64_t*>(buffer->data()), owner);
    case Stored::Bool:
      return py::array(py::dtype("bool"), {n}, {1}, reinterpret_cast<bool*>(buffer->data()), owner);
    case Stored::Double: break;
  }
  return py::array_t<double>({n}, {8}, buffer->data(), owner);
}

struct SweepArgs {
  std::string backend = "auto";
  unsigned threads = 0;
  bool keep_infeasible = false;
  std::string best;
  size_t top = 0;
  std::string top_by;
  std::string pareto, histogram;
  unsigned bins = 20;
  bool keep_partial = false;
  py::object tick = py::none();  // tick(done, total), every 50 ms while the sweep runs
  py::object comm = py::none();  // an mpi4py communicator (MPI.Comm), or None
};

// A Python exception taken out of the interpreter while it stopped a worker.
struct PyErrorState {
  PyObject *type = nullptr, *value = nullptr, *trace = nullptr;
};

// Runs `work` on a worker thread while this one (the GIL released by the caller) wakes
// every 50 ms to run Python's signal handlers (Ctrl-C) and `tick`; either failing sets
// `interrupt`, which `work` polls, and leaves the exception in `caught`. Exceptions of
// `work` go to `error`.
void RunPolled(const std::function<void()>& work, const std::function<bool()>& tick, std::atomic<bool>& interrupt,
               std::exception_ptr& error, PyErrorState& caught) {
  std::mutex mu;
  std::condition_variable cv;
  bool finished = false;
  std::thread worker([&] {
    try {
      work();
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard<std::mutex> g(mu);
    finished = true;
    cv.notify_all();
  });
  while (true) {
    {
      std::unique_lock<std::mutex> g(mu);
      if (cv.wait_for(g, std::chrono::milliseconds(50), [&] { return finished; })) break;
    }
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0 || !tick()) {
      PyErr_Fetch(&caught.type, &caught.value, &caught.trace);
      interrupt = true;
      break;
    }
  }
  worker.join();
}

// Runs the sweep on a worker thread; returns {columns: [(name, kind, unit, labels, array)],
// points, total, interrupted}.
py::dict Sweep(Lowered& l, const SweepArgs& a) {
  ringline::SweepOptions o;
  o.backend = BackendNamed(a.backend);
  o.threads = a.threads;
  o.keep_infeasible = a.keep_infeasible;
  o.best = a.best;
  o.top = a.top;
  o.top_by = a.top_by;
  o.pareto = a.pareto, o.histogram = a.histogram, o.bins = a.bins;
  std::atomic<bool> interrupt{false};
  std::atomic<uint64_t> done{0};
  o.interrupt = &interrupt;
  o.done = &done;
  // With a communicator, the sweep spread over its processes (docs/mpi.md): rank 0's
  // result holds the rows, the others' none.
  std::unique_ptr<ringline::Processes> processes;
  if (!a.comm.is_none()) {
    // The handle is read here from an mpi4py communicator, never taken as a number: an
    // integer that is no communicator would be dereferenced by MPI.
    py::module_ mpi = py::module_::import("mpi4py.MPI");
    if (!py::isinstance(a.comm, mpi.attr("Comm")))
      throw py::type_error("`comm` must be an mpi4py communicator (MPI.COMM_WORLD), got " +
                           std::string(py::str(py::type::of(a.comm).attr("__name__"))));
    processes = ringline::Processes::Join(mpi.attr("_handleof")(a.comm).cast<intptr_t>());
    if (!processes)
      throw ringline::SpecError({ringline::Diagnostic::Plain(
          "bad_usage", "`comm` needs MPI initialised (import mpi4py.MPI first) and a ringline built with MPI")});
    o.processes = processes.get();
  }
  const uint64_t total = SpaceSize(*l.scenario);
  const bool reduce = !a.best.empty() || a.top > 0 || !a.pareto.empty() || !a.histogram.empty();
  // A full table is reserved whole (up to 2^24 rows; dropped points leave it untouched).
  ColumnSink sink(reduce ? std::min<size_t>(std::max<size_t>(a.top, a.bins), 1024)
                         : static_cast<size_t>(std::min<uint64_t>(total, 1u << 24)));
  ringline::SweepSummary summary;
  std::exception_ptr error;
  PyObject *etype = nullptr, *evalue = nullptr, *etrace = nullptr;  // a Python exception that stopped it
  NotFromItsSweep(*l.owner);
  {
    py::gil_scoped_release nogil;
    std::lock_guard<std::mutex> lock(l.owner->mu);
    // Cleared however the sweep ends.
    struct Mark {
      SpecHandle& h;
      explicit Mark(SpecHandle& x) : h(x) { h.sweeping = std::this_thread::get_id(); }
      ~Mark() { h.sweeping = std::thread::id(); }
    } mark(*l.owner);
    PyErrorState caught;
    RunPolled([&] { summary = l.scenario->Sweep(sink, o); },
              [&] {
                if (a.tick.is_none()) return true;
                PyObject* r = PyObject_CallFunction(a.tick.ptr(), "KK", static_cast<unsigned long long>(done.load()),
                                                    static_cast<unsigned long long>(total));
                Py_XDECREF(r);
                return r != nullptr;
              },
              interrupt, error, caught);
    etype = caught.type, evalue = caught.value, etrace = caught.trace;
  }
  if (etype) {
    const bool keyboard = PyErr_GivenExceptionMatches(etype, PyExc_KeyboardInterrupt);
    if (!(keyboard && a.keep_partial) || error) {
      PyErr_Restore(etype, evalue, etrace);
      throw py::error_already_set();
    }
    Py_XDECREF(etype);
    Py_XDECREF(evalue);
    Py_XDECREF(etrace);
    summary.interrupted = true;
  }
  if (error) std::rethrow_exception(error);
  if (sink.data.empty()) sink.Begin(l.scenario->Name(), l.scenario->Columns(a.keep_infeasible));
  std::vector<Stored> stored;
  {
    py::gil_scoped_release nogil;
    stored = Convert(sink, a.threads);
  }
  py::list columns;
  for (size_t c = 0; c < sink.cols.size(); ++c) {
    const ringline::Column& col = sink.cols[c];
    columns.append(py::make_tuple(col.name, KindName(col.kind), col.unit, col.labels, ArrayOf(sink, c, stored[c])));
  }
  py::dict out;
  out["columns"] = columns;
  out["points"] = summary.points;
  out["total"] = total;
  out["interrupted"] = summary.interrupted;
  return out;
}

// A count given from Python, whose ints have no sign or size limit while the command's
// options are unsigned: SpecError below 1 or above `max`.
int64_t GivenCount(const char* name, int64_t n, int64_t max = std::numeric_limits<int64_t>::max()) {
  if (n < 1 || n > max)
    throw ringline::SpecError({ringline::Diagnostic::Plain(
        "bad_option", std::string("`") + name + "` takes a count of 1 or more" +
                          (n > max ? " and at most " + std::to_string(max) : std::string()) + "; got " +
                          std::to_string(n))});
  return n;
}

// A tool's Table (ringline/tools.h) for _table.py: {title, columns: [(name, kind, unit,
// labels)], rows: [[SI cells]], members: {name: JSON text}}.
py::dict TableDict(const ringline::Table& t) {
  py::list cols, rows;
  for (const ringline::Column& c : t.columns) cols.append(py::make_tuple(c.name, KindName(c.kind), c.unit, c.labels));
  for (const std::vector<double>& r : t.rows) rows.append(py::cast(r));
  py::dict members;
  for (const auto& [name, json] : t.members) members[py::str(name)] = json;
  py::dict out;
  out["title"] = t.title;
  out["columns"] = cols;
  out["rows"] = rows;
  out["members"] = members;
  return out;
}

// A value out of the library as Python's: numbers (in SI units; Ints as int), bools,
// strings, lists, and records as dicts of their fields (functions and others as their
// names).
py::object ToPython(const ringline::Value& v) {
  switch (v.kind) {
    case ringline::Value::Kind::Number:
      return v.integer && FitsInt(v.number) ? py::object(py::int_(static_cast<int64_t>(v.number)))
                                            : py::object(py::float_(v.number));
    case ringline::Value::Kind::Bool: return py::bool_(v.number != 0);
    case ringline::Value::Kind::List: {
      py::list out;
      for (const ringline::Value& x : v.items) out.append(ToPython(x));
      return std::move(out);
    }
    case ringline::Value::Kind::Record: {
      py::dict out;
      for (size_t i = 0; i < v.items.size() && i < v.field_names.size(); ++i) out[py::str(v.field_names[i])] = ToPython(v.items[i]);
      return std::move(out);
    }
    default: return py::str(v.str);
  }
}

// stdlib.hf's Transformer of a config.json (its folder allowed), as a dict of its fields.
py::dict TransformerFromHf(const std::string& path, int64_t seq, const std::string& stdlib_dir,
                           std::vector<std::string> allow_paths) {
  ringline::Value t;
  {
    py::gil_scoped_release nogil;
    allow_paths.push_back(ParentFolder(path));
    std::unique_ptr<ringline::Spec> lib = ringline::Spec::Library(MakeOptions(stdlib_dir, allow_paths, 20));
    lib->Import("stdlib.megatron");
    lib->Import("stdlib.hf");
    t = lib->Call("stdlib.hf.hf_transformer", {ringline::Value::String(AbsolutePath(path)), ringline::Value::Int(seq)});
  }
  return ToPython(t).cast<py::dict>();
}

// A network's strategies or a transformer's layouts, as the command chooses: `gpt:`, a
// transformer of the spec or the standard library, or any layout option given.
ringline::Table AdviseTable(ringline::AdviseQuery net, ringline::LayoutQuery layouts, bool layout_options,
                            const std::string& stdlib_dir, const std::vector<std::string>& allow_paths) {
  std::vector<std::string> allowed = allow_paths;
  // A config.json's folder, which stdlib.hf reads.
  if (IsJsonPath(layouts.model)) allowed.push_back(ParentFolder(layouts.model));
  ringline::Options o = MakeOptions(stdlib_dir, allowed, 20);
  std::unique_ptr<ringline::Spec> spec =
      net.spec.empty() ? ringline::Spec::Library(o) : ringline::Spec::Compile(net.spec, o);
  const bool transformer = layout_options || net.model.rfind("gpt:", 0) == 0 || ringline::IsTransformer(*spec, net.model);
  if (!transformer) return ringline::Advise(*spec, net);
  for (auto [given, name] : {std::pair{net.batch != 0, "batch"}, {net.per_gpu != 0, "per_gpu"},
                             {!net.compute.empty(), "compute"}, {!net.sample_time.empty(), "sample_time"}})
    if (given)
      throw ringline::SpecError({ringline::Diagnostic::Plain(
          "bad_usage", std::string("`") + name + "` is for a network's strategies; `" + net.model +
                                   "` is a transformer (its arguments: global_batch, seq, top, tp, pp, ...)")});
  if (layouts.gpus.empty())
    throw ringline::SpecError(
        {ringline::Diagnostic::Plain("bad_usage", "give a transformer's GPU counts with `gpus=` (`gpus=[1024]`)")});
  return ringline::Advise(*spec, layouts);
}

// A network's strategies or a transformer's layouts, as the command chooses, on a worker
// thread: this one waits with the GIL released and runs Python's signal handlers every
// 50 ms, so Ctrl-C stops the search (between GPU counts, strategies and a search's
// chunks) and raises KeyboardInterrupt, as a sweep does.
py::dict Advise(ringline::AdviseQuery net, ringline::LayoutQuery layouts, bool layout_options,
                const std::string& stdlib_dir, const std::vector<std::string>& allow_paths) {
  std::atomic<bool> interrupt{false};
  net.interrupt = &interrupt, layouts.interrupt = &interrupt;
  ringline::Table t;
  std::exception_ptr error;
  PyErrorState caught;
  {
    py::gil_scoped_release nogil;
    RunPolled([&] { t = AdviseTable(net, layouts, layout_options, stdlib_dir, allow_paths); }, [] { return true; },
              interrupt, error, caught);
  }
  if (caught.type) {
    PyErr_Restore(caught.type, caught.value, caught.trace);
    throw py::error_already_set();
  }
  if (error) std::rethrow_exception(error);
  return TableDict(t);
}

std::shared_ptr<SpecHandle> Compile(bool from_text, const std::string& source, const std::string& name,
                                    const std::string& stdlib_dir, const std::vector<std::string>& allow_paths,
                                    unsigned max_errors) {
  auto h = std::make_shared<SpecHandle>();
  ringline::Options o = MakeOptions(stdlib_dir, allow_paths, max_errors);
  py::gil_scoped_release nogil;
  h->spec = from_text ? ringline::Spec::CompileString(source, name, o) : ringline::Spec::Compile(source, o);
  // Every scenario checked now, as `ringline check` does, not at its first eval.
  h->spec->Check();
  return h;
}

}  // namespace

PYBIND11_MODULE(_ringline, m) {
  m.doc() = "The compiled core of the `ringline` package (internal; use `import ringline`).";

  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ringline::SpecError& e) {
      RaiseSpecError(e);
    }
  });

  py::class_<ringline::Diagnostic>(m, "Diagnostic", "One diagnostic, as the `ringline` command prints it and in parts.")
      .def(py::init([](std::string file, unsigned line, unsigned column, std::string severity, std::string kind,
                       std::string message, std::string text) {
             ringline::Diagnostic d;
             d.file = std::move(file);
             d.line = line;
             d.column = column;
             d.severity = std::move(severity);
             d.kind = std::move(kind);
             d.message = std::move(message);
             d.text = std::move(text);
             return d;
           }),
           py::kw_only(), py::arg("file") = "", py::arg("line") = 0, py::arg("column") = 0,
           py::arg("severity") = "error", py::arg("kind") = "", py::arg("message") = "", py::arg("text") = "")
      .def_static("plain", &ringline::Diagnostic::Plain, py::arg("kind"), py::arg("message"),
                  py::arg("severity") = "error",
                  "One without a location (`ringline: error: message`), as the command prints a usage mistake.")
      .def_readonly("file", &ringline::Diagnostic::file, "The buffer's name (a path, `--set`); '' without a location.")
      .def_readonly("line", &ringline::Diagnostic::line, "1-based; 0 without a location.")
      .def_readonly("column", &ringline::Diagnostic::column, "1-based; 0 without a location.")
      .def_readonly("severity", &ringline::Diagnostic::severity, "'error', 'warning' or 'note'.")
      .def_readonly("kind", &ringline::Diagnostic::kind, "The stable tag (`unknown_name`; docs/diagnostics.md).")
      .def_readonly("message", &ringline::Diagnostic::message, "The message, without the tag.")
      .def_readonly("text", &ringline::Diagnostic::text, "The whole rendering: location, message, source line, caret.")
      .def("__str__", [](const ringline::Diagnostic& d) {
        std::string t = d.text;
        if (!t.empty() && t.back() == '\n') t.pop_back();
        return t;
      })
      .def("__repr__", [](const ringline::Diagnostic& d) {
        std::string where = d.file.empty() ? "" : d.file + ":" + std::to_string(d.line) + ":" + std::to_string(d.column) + ": ";
        return "<Diagnostic " + where + d.severity + ": " + d.message + (d.kind.empty() ? "" : " [" + d.kind + "]") + ">";
      });

  m.def("_set_error_class", [](py::object cls) {
    Py_XINCREF(cls.ptr());
    Py_XDECREF(g_error_class);
    g_error_class = cls.ptr();
  });

  m.def("from_si", [](double si, const std::string& unit) { return ringline::FromSI(si, unit); }, py::arg("si"),
        py::arg("unit"), "`si` (SI units) in `unit`, converted exactly as the command prints it.");

  py::class_<SpecHandle, std::shared_ptr<SpecHandle>>(m, "Spec")
      .def_static("compile",
                  [](const std::string& path, const std::string& stdlib_dir, const std::vector<std::string>& allow,
                     unsigned max_errors) { return Compile(false, path, "", stdlib_dir, allow, max_errors); },
                  py::arg("path"), py::arg("stdlib_dir"), py::arg("allow_paths"), py::arg("max_errors"))
      .def_static("compile_string",
                  [](const std::string& text, const std::string& name, const std::string& stdlib_dir,
                     const std::vector<std::string>& allow,
                     unsigned max_errors) { return Compile(true, text, name, stdlib_dir, allow, max_errors); },
                  py::arg("text"), py::arg("name"), py::arg("stdlib_dir"), py::arg("allow_paths"),
                  py::arg("max_errors"))
      .def("scenarios", [](SpecHandle& h) { return Locked(h, [](ringline::Spec& s) { return s.Scenarios(); }); })
      .def("names", [](SpecHandle& h) { return Locked(h, [](ringline::Spec& s) { return s.Names(); }); })
      .def("diagnostics",
           [](SpecHandle& h) { return Locked(h, [](ringline::Spec& s) { return s.Diagnostics(); }); })
      .def("lower",
           [](const std::shared_ptr<SpecHandle>& h, const std::string& scenario,
              const std::vector<std::pair<std::string, std::string>>& sets,
              const std::vector<std::pair<std::string, std::string>>& units,
              const std::optional<std::vector<std::string>>& sensitivity) {
             auto l = std::make_unique<Lowered>();
             l->owner = h;
             l->scenario =
                 Locked(*h, [&](ringline::Spec& s) { return s.Lower(scenario, sets, units, false, sensitivity); });
             return l;
           },
           py::arg("scenario"), py::arg("sets"), py::arg("units"), py::arg("sensitivity") = py::none())
      .def("lower_sampled",
           [](const std::shared_ptr<SpecHandle>& h, const std::string& scenario,
              const std::vector<std::pair<std::string, std::string>>& sets,
              const std::vector<std::pair<std::string, std::string>>& units,
              const std::vector<std::pair<std::string, std::string>>& vary, uint64_t seed) {
             auto l = std::make_unique<Lowered>();
             l->owner = h;
             l->scenario =
                 Locked(*h, [&](ringline::Spec& s) { return s.LowerSampled(scenario, sets, units, vary, seed); });
             return l;
           },
           py::arg("scenario"), py::arg("sets"), py::arg("units"), py::arg("vary"), py::arg("seed"));

  py::class_<Lowered>(m, "Lowered")
      .def_property_readonly("name", [](const Lowered& l) { return l.scenario->Name(); })
      .def("params", &ParamsOf)
      .def("columns",
           [](const Lowered& l, bool feasible) {
             py::list out;
             for (const ringline::Column& c : l.scenario->Columns(feasible)) out.append(ColumnTuple(c));
             return out;
           },
           py::arg("feasible_column"))
      .def("size", [](const Lowered& l) { return SpaceSize(*l.scenario); })
      .def("eval",
           [](Lowered& l, const std::string& backend) {
             ringline::Backend b = BackendNamed(backend);
             ringline::Row row;
             std::vector<ringline::Column> cols;
             NotFromItsSweep(*l.owner);
             {
               py::gil_scoped_release nogil;
               std::lock_guard<std::mutex> lock(l.owner->mu);
               row = l.scenario->Eval(b);
               cols = l.scenario->Columns(false);
             }
             py::list values;
             for (size_t i = 0; i < cols.size() && i < row.values.size(); ++i)
               values.append(DisplayValue(cols[i], row.values[i]));
             py::list columns;
             for (const ringline::Column& c : cols) columns.append(ColumnTuple(c));
             // The derivatives (SI units): (report, input, derivative, unit, elasticity).
             py::list sensitivity;
             for (const ringline::Sensitivity& s : l.scenario->Sensitivities())
               sensitivity.append(
                   py::make_tuple(s.report, s.input, row.values[s.column], s.unit, ringline::Elasticity(s, row)));
             return py::make_tuple(columns, values, row.feasible, sensitivity);
           },
           py::arg("backend"))
      .def("uncertainty",
           [](Lowered& l, uint64_t samples, const std::string& backend) {
             ringline::Backend b = BackendNamed(backend);
             std::vector<ringline::Spread> spreads;
             NotFromItsSweep(*l.owner);
             {
               py::gil_scoped_release nogil;
               std::lock_guard<std::mutex> lock(l.owner->mu);
               spreads = l.scenario->Uncertainty(samples, b, 0);
             }
             // (report, mean, p5, p50, p95, sd, unit, samples, feasible), SI units.
             py::list out;
             for (const ringline::Spread& s : spreads)
               out.append(py::make_tuple(s.report, s.mean, s.p5, s.p50, s.p95, s.sd, s.unit, s.samples, s.feasible));
             return out;
           },
           py::arg("samples"), py::arg("backend"))
      .def("sweep",
           [](Lowered& l, const std::string& backend, unsigned threads, bool keep_infeasible, const std::string& best,
              size_t top, const std::string& top_by, bool keep_partial, py::object tick, py::object comm,
              const std::string& pareto, const std::string& histogram, unsigned bins) {
             SweepArgs a{backend, threads, keep_infeasible, best, top, top_by, pareto, histogram, bins, keep_partial,
                         std::move(tick), std::move(comm)};
             return Sweep(l, a);
           },
           py::arg("backend"), py::arg("threads"), py::arg("keep_infeasible"), py::arg("best"), py::arg("top"),
           py::arg("top_by"), py::arg("keep_partial"), py::arg("tick"), py::arg("comm") = py::none(),
           py::arg("pareto") = "", py::arg("histogram") = "", py::arg("bins") = 20);

  // The tools' queries (ringline/tools.h), filled by _advise.py and _stats.py.
  py::class_<ringline::AdviseQuery>(m, "AdviseQuery")
      .def(py::init<>())
      .def_readwrite("spec", &ringline::AdviseQuery::spec)
      .def_readwrite("model", &ringline::AdviseQuery::model)
      .def_readwrite("cluster", &ringline::AdviseQuery::cluster)
      .def_readwrite("gpus", &ringline::AdviseQuery::gpus)
      .def_readwrite("batch", &ringline::AdviseQuery::batch)
      .def_readwrite("per_gpu", &ringline::AdviseQuery::per_gpu)
      .def_readwrite("device", &ringline::AdviseQuery::device)
      .def_readwrite("setup", &ringline::AdviseQuery::setup)
      .def_readwrite("collectives", &ringline::AdviseQuery::collectives)
      .def_readwrite("dataset", &ringline::AdviseQuery::dataset)
      .def_readwrite("precision", &ringline::AdviseQuery::precision)
      .def_readwrite("optimizer", &ringline::AdviseQuery::optimizer)
      .def_readwrite("compute", &ringline::AdviseQuery::compute)
      .def_readwrite("sample_time", &ringline::AdviseQuery::sample_time)
      .def_readwrite("goal", &ringline::AdviseQuery::goal)
      .def_readwrite("threshold", &ringline::AdviseQuery::threshold);
  py::class_<ringline::LayoutQuery>(m, "LayoutQuery")
      .def(py::init<>())
      .def_readwrite("spec", &ringline::LayoutQuery::spec)
      .def_readwrite("model", &ringline::LayoutQuery::model)
      .def_readwrite("cluster", &ringline::LayoutQuery::cluster)
      .def_readwrite("device", &ringline::LayoutQuery::device)
      .def_readwrite("setup", &ringline::LayoutQuery::setup)
      .def_readwrite("collectives", &ringline::LayoutQuery::collectives)
      .def_readwrite("optimizer", &ringline::LayoutQuery::optimizer)
      .def_readwrite("gpus", &ringline::LayoutQuery::gpus)
      .def_readwrite("global_batch", &ringline::LayoutQuery::global_batch)
      .def_readwrite("seq", &ringline::LayoutQuery::seq)
      .def_readwrite("tokens", &ringline::LayoutQuery::tokens)
      .def_readwrite("run", &ringline::LayoutQuery::run)
      .def_readwrite("goal", &ringline::LayoutQuery::goal)
      .def_readwrite("top", &ringline::LayoutQuery::top)
      .def_readwrite("precision", &ringline::LayoutQuery::precision)
      .def_readwrite("overlap_grads", &ringline::LayoutQuery::overlap_grads)
      .def_readwrite("overlap_tp", &ringline::LayoutQuery::overlap_tp)
      .def_readwrite("flash", &ringline::LayoutQuery::flash)
      .def_readwrite("cp", &ringline::LayoutQuery::cp)
      .def_readwrite("ep", &ringline::LayoutQuery::ep)
      .def_readwrite("etp", &ringline::LayoutQuery::etp)
      .def_readwrite("dispatcher", &ringline::LayoutQuery::dispatcher)
      .def_readwrite("overlap_a2a", &ringline::LayoutQuery::overlap_a2a)
      .def_readwrite("imbalance", &ringline::LayoutQuery::imbalance)
      .def_readwrite("memory_reserve", &ringline::LayoutQuery::memory_reserve)
      .def_readwrite("schedule", &ringline::LayoutQuery::schedule)
      .def_readwrite("tp", &ringline::LayoutQuery::tp)
      .def_readwrite("pp", &ringline::LayoutQuery::pp)
      .def_readwrite("dp", &ringline::LayoutQuery::dp)
      .def_readwrite("micro", &ringline::LayoutQuery::micro)
      .def_readwrite("interleave", &ringline::LayoutQuery::interleave)
      .def_readwrite("recompute", &ringline::LayoutQuery::recompute)
      .def_readwrite("sequence_parallel", &ringline::LayoutQuery::sequence_parallel)
      .def_readwrite("zero", &ringline::LayoutQuery::zero)
      .def_readwrite("threads", &ringline::LayoutQuery::threads)
      .def_property(
          "backend",
          [](const ringline::LayoutQuery& q) {
            return q.backend == ringline::Backend::Jit ? "jit" : q.backend == ringline::Backend::Interp ? "interp" : "auto";
          },
          [](ringline::LayoutQuery& q, const std::string& name) { q.backend = BackendNamed(name); });
  m.def("transformer_from_hf", &TransformerFromHf, py::arg("path"), py::arg("seq"), py::arg("stdlib_dir"),
        py::arg("allow_paths"));
  m.def("given_count", [](const std::string& name, int64_t n) { return GivenCount(name.c_str(), n); },
        py::arg("name"), py::arg("n"));
  m.def("advise", &Advise, py::arg("network"), py::arg("layouts"), py::arg("layout_options"), py::arg("stdlib_dir"),
        py::arg("allow_paths"));
  m.def(
      "stats",
      [](const std::string& file, const std::string& model, const std::string& device, int64_t batch,
         int64_t element_bytes, const std::string& stdlib_dir, const std::vector<std::string>& allow_paths) {
        constexpr int64_t kMax = std::numeric_limits<unsigned>::max();
        ringline::StatsQuery q{file, model, device, static_cast<unsigned>(GivenCount("batch", batch, kMax)),
                               static_cast<unsigned>(GivenCount("element_bytes", element_bytes, kMax))};
        ringline::Table t;
        {
          py::gil_scoped_release nogil;
          t = ringline::Stats(q, MakeOptions(stdlib_dir, allow_paths, 20));
        }
        return TableDict(t);
      },
      py::arg("file"), py::arg("model"), py::arg("device"), py::arg("batch"), py::arg("element_bytes"),
      py::arg("stdlib_dir"), py::arg("allow_paths"));
}

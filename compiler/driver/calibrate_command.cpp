// `ringline calibrate`: fits each link's α, β and γ from measured collectives and writes a
// Ringline cluster spec (docs/validation.md); with --trace, a device's and a framework's
// constants from a PyTorch profiler trace of training steps (calibrate_trace.h).
//   ringline calibrate COLLECTIVES.csv -o cluster.rl [--schedule op=NAME]... [--above BYTES]
//                      [--fit-above BYTES] [--fit-ops OP,OP]
//   ringline calibrate [SPEC.rl] --trace TRACE.json --model NET --device D [--batch N]
//                      [--framework F] [--precision P] [--profile KERNELS.csv] [-o traced.rl]
// The CSV has a header row naming at least the columns `op`, `p`, `bytes` and
// `measured_s`; `rate` groups the rows into links (one link without it), and rows whose
// `kind` is not `collective` are skipped (tools/validation/validate.py's results.csv reads as is).
// Each op is modelled by a schedule of stdlib.collectives (the algorithms gloo runs by
// default), whose time at α = 1 s, at β = 1 s/B and at γ = 1 s/B the checker computes
// (each schedule called through check::Compilation::Call), so
// the fit is of exactly the formulas the strategies library will evaluate. A malformed
// CSV, an unknown op or schedule, or points that cannot be fitted are a `ringline:
// error: ... [tag]` line and exit status 2, as for `ringline fit`.
#include <fmt/format.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <sstream>
#include <cmath>
#include <iterator>
#include <map>
#include <memory>
#include <set>

#include "base/csv/csv.h"
#include "base/suggest.h"
#include "compiler/calibrate/fit.h"
#include "compiler/driver/calibrate_trace.h"
#include "compiler/driver/commands.h"
#include "compiler/driver/evaluate.h"
#include "compiler/driver/options.h"
#include "compiler/driver/session.h"
#include "runtime/files.h"

namespace rl::driver {

cl::SubCommand CalibrateCmd("calibrate", "Fit links' alpha, beta and gamma from measured collectives into a cluster spec, "
                                         "or a device's and framework's constants from a profiler trace");
static cl::list<std::string> CalFiles(cl::Positional, cl::desc("<collectives.csv> | [spec.rl] with --trace"),
                                      cl::ZeroOrMore, cl::sub(CalibrateCmd), cl::cat(Category));
static cl::opt<std::string> CalOutput("o", cl::desc("Spec to write: the cluster, or with --trace the fitted device and framework"),
                                      cl::value_desc("OUT.rl"), cl::sub(CalibrateCmd), cl::cat(Category));
static cl::opt<std::string> CalTrace("trace",
                                     cl::desc("A PyTorch profiler trace (Chrome trace JSON) of training steps to fit a device's "
                                              "bandwidth and a framework's launch and step times from"),
                                     cl::value_desc("TRACE.json"), cl::sub(CalibrateCmd), cl::cat(Category));
static cl::opt<std::string> CalModel("model", cl::desc("With --trace: the network it trained"), cl::value_desc("NAME"),
                                     cl::sub(CalibrateCmd), cl::cat(Category));
static cl::opt<std::string> CalDevice("device", cl::desc("With --trace: the Device it ran on"), cl::value_desc("NAME"),
                                      cl::sub(CalibrateCmd), cl::cat(Category));
static cl::opt<std::string> CalFramework("framework", cl::desc("With --trace: the Framework (default pytorch)"),
                                         cl::init("pytorch"), cl::value_desc("NAME"), cl::sub(CalibrateCmd),
                                         cl::cat(Category));
static cl::opt<std::string> CalPrecision("precision", cl::desc("With --trace: the Precision (default fp32)"),
                                         cl::init("fp32"), cl::value_desc("NAME"), cl::sub(CalibrateCmd),
                                         cl::cat(Category));
static Count CalBatch("batch", cl::desc("With --trace: samples per step (default: from the trace's shapes)"),
                                  cl::init(0), cl::value_desc("N"), cl::sub(CalibrateCmd), cl::cat(Category));
static cl::opt<std::string> CalProfile("profile",
                                       cl::desc("With --trace: write the matched kernels as kernel-profile rows (`ringline fit`'s input)"),
                                       cl::value_desc("KERNELS.csv"), cl::sub(CalibrateCmd), cl::cat(Category));
static cl::list<std::string> CalSchedules("schedule",
                                          cl::desc("Model an op by another stdlib.collectives schedule: OP=NAME"),
                                          cl::value_desc("OP=NAME"), cl::sub(CalibrateCmd), cl::cat(Category));
static cl::opt<unsigned long long> CalFitAbove(
    "fit-above", cl::desc("Fit only the points above this many bytes (all are still predicted and reported)"),
    cl::init(0), cl::value_desc("BYTES"), cl::sub(CalibrateCmd), cl::cat(Category));
static cl::list<std::string> CalFitOps("fit-ops",
                                       cl::desc("Fit only the points of these ops (all are still predicted and reported)"),
                                       cl::value_desc("OP,OP"), cl::CommaSeparated, cl::sub(CalibrateCmd),
                                       cl::cat(Category));
static cl::opt<unsigned long long> CalAbove("above",
                                            cl::desc("Also summarise the error of the points above this many bytes"),
                                            cl::init(65536), cl::value_desc("BYTES"), cl::sub(CalibrateCmd),
                                            cl::cat(Category));

namespace {

using calibrate::CalibrationPoint;
using calibrate::FitLink;
using calibrate::LinkFit;

// The schedules gloo runs (facebookincubator/gloo: allreduce.cc and allgather.cc are
// rings, broadcast.cc a binomial tree whose senders post all their sends at once).
const std::map<std::string, std::string>& DefaultSchedules() {
  static const std::map<std::string, std::string> m = {{"allreduce", "ring_allreduce"},
                                                       {"allgather", "ring_allgather"},
                                                       {"reduce_scatter", "ring_reduce_scatter"},
                                                       {"broadcast", "binomial_broadcast_shared"}};
  return m;
}
// Ops that reduce pass γ to their schedule.
bool Reduces(const std::string& op) { return op == "allreduce" || op == "reduce_scatter" || op == "reduce"; }

struct Points {
  std::vector<std::string> links;                      // in first-seen order
  std::map<std::string, std::vector<CalibrationPoint>> by_link;
};

llvm::Expected<Points> ReadCsv(const std::string& path, const std::map<std::string, std::string>& schedules) {
  auto fail = [&](size_t line, const std::string& msg, Kind kind = Kind::bad_data) {
    return diag::MakeError(kind, line ? fmt::format("{}:{}: {}", path, line, msg) : fmt::format("{}: {}", path, msg));
  };
  auto buf = ReadRegularFile(path, csv::kMaxBytes, /*text=*/true);
  if (!buf) return diag::MakeError(Kind::file_error, fmt::format("cannot read `{}`: {}", path, llvm::toString(buf.takeError())));
  llvm::Expected<csv::Document> doc = csv::Parse((*buf)->getBuffer(), {.comments = true, .source = path});
  if (!doc) return doc.takeError();
  std::map<std::string, int> col;
  size_t columns = 0;
  Points out;
  for (const csv::Record& rec : doc->records) {
    const size_t line = rec.line;
    if (col.empty()) {
      for (size_t c = 0; c < rec.fields.size(); ++c) col[llvm::StringRef(rec.fields[c]).trim().str()] = int(c);
      columns = rec.fields.size();
      std::vector<std::string> missing;
      for (const char* need : {"op", "p", "bytes", "measured_s"})
        if (!col.count(need)) missing.push_back(fmt::format("`{}`", need));
      if (!missing.empty())
        return fail(line, fmt::format("the header row lacks the column{} {} (it has `{}`)", missing.size() > 1 ? "s" : "",
                                      fmt::join(missing, ", "), fmt::join(rec.fields, ",")));
      continue;
    }
    if (rec.fields.size() != columns)
      return fail(line, fmt::format("expected {} columns, got {}", columns, rec.fields.size()));
    auto cell = [&](const char* name) { return llvm::StringRef(rec.fields[size_t(col[name])]).trim(); };
    if (col.count("kind") && cell("kind") != "collective") continue;
    CalibrationPoint pt;
    pt.line = line;
    pt.op = cell("op").str();
    if (!schedules.count(pt.op)) {
      std::vector<std::string> ops;
      for (const auto& [op, _] : schedules) ops.push_back(op);
      return fail(line, fmt::format("no schedule models op `{}`{}; the ops: {} (or name one with --schedule {}=NAME)",
                                     pt.op, DidYouMeanAside(pt.op, ops), fmt::join(ops, ", "), pt.op));
    }
    double v = 0;
    if (cell("p").getAsDouble(v) || !(v >= 2) || v != std::floor(v) || v > 1e6)
      return fail(line, fmt::format("`p` must be a whole number of processes, at least 2, got `{}`", cell("p").str()));
    pt.p = int(v);
    if (cell("bytes").getAsDouble(pt.bytes) || !(pt.bytes > 0) || !std::isfinite(pt.bytes))
      return fail(line, fmt::format("`bytes` must be a positive number, got `{}`", cell("bytes").str()));
    if (cell("measured_s").getAsDouble(pt.measured) || !(pt.measured > 0) || !std::isfinite(pt.measured))
      return fail(line,
                  fmt::format("`measured_s` must be a positive number of seconds, got `{}`", cell("measured_s").str()));
    std::string link = col.count("rate") ? cell("rate").str() : "link";
    if (link.empty()) return fail(line, "`rate` is empty");
    if (!out.by_link.count(link)) out.links.push_back(link);
    out.by_link[link].push_back(pt);
  }
  if (col.empty()) return fail(0, "no header row (it needs the columns `op`, `p`, `bytes` and `measured_s`)");
  if (out.links.empty()) return fail(0, "no collective measurements");
  return out;
}

// Fills each point's (a, b, c): its schedule's time at α = 1 s (β, γ = 0), at β = 1 s/B
// and at γ = 1 s/B, from calls of the schedule (check::Compilation::Call) that the checker
// folds.
bool Coefficients(Session& s, Points& pts, const std::map<std::string, std::string>& schedules) {
  using check::Exported;
  auto link = [&](double bw, double lat) {
    return s.comp->Build(
        Exported::Record("Link", {{"bw", Exported::Number(bw, "B/s")}, {"lat", Exported::Number(lat, "s")}}));
  };
  std::optional<Exported> alpha = link(1e300, 1), beta = link(1, 0), none = link(1e300, 0);
  if (!alpha || !beta || !none) return false;
  // Built once: a call that passes a built value reuses the checker's.
  std::optional<Exported> zero = s.comp->Build(Exported::Number(0, "s/B")), one = s.comp->Build(Exported::Number(1, "s/B"));
  if (!zero || !one) return false;
  for (const std::string& name : pts.links)
    for (CalibrationPoint& p : pts.by_link[name]) {
      const std::string fn = "stdlib.collectives." + schedules.at(p.op);
      double* out[3] = {&p.a, &p.b, &p.c};
      const Exported* links[3] = {&*alpha, &*beta, &*none};
      for (int k = 0; k < 3; ++k) {
        if (k == 2 && !Reduces(p.op)) {
          p.c = 0;
          continue;
        }
        std::vector<Exported> args = {Exported::Number(p.bytes, "B"), Exported::Int(p.p), *links[k]};
        if (Reduces(p.op)) args.push_back(k == 2 ? *one : *zero);
        std::optional<Exported> t = s.comp->Call(fn, args);
        if (!t || t->kind != Exported::Kind::Number) return false;
        *out[k] = t->number;
      }
    }
  return true;
}

// A Ringline identifier from a rate ("200mbit" -> "200mbit", "1.5 Gbit/s" -> "1_5_gbit_s").
std::string Ident(const std::string& link) {
  std::string out;
  for (char c : link) out += std::isalnum(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : '_';
  return out;
}

// A CSV's text as it may stand in the written spec: in a comment, no line break or other
// control character (a `rate` of several lines would end the comment and write code);
// in a string literal, no quote or backslash either.
std::string Printable(const std::string& text) {
  std::string out;
  for (char c : text) out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? ' ' : c;
  return out;
}
std::string Literal(const std::string& text) {
  std::string out = Printable(text);
  for (char& c : out)
    if (c == '"' || c == '\\') c = '\'';
  return out;
}

// The points a fit was restricted to, for messages: "" when all.
std::string FitScope() {
  std::vector<std::string> parts;
  if (!CalFitOps.empty()) parts.push_back(fmt::format("{}", fmt::join(CalFitOps, ", ")));
  if (CalFitAbove) parts.push_back(fmt::format("above {} B", static_cast<unsigned long long>(CalFitAbove)));
  return parts.empty() ? "" : fmt::format(" ({})", fmt::join(parts, ", "));
}

struct Summary {
  double mape = 0, max = 0;
  size_t n = 0;
};
Summary Summarise(const LinkFit& f, llvm::ArrayRef<CalibrationPoint> pts, double above) {
  Summary s;
  for (size_t i = 0; i < pts.size(); ++i)
    if (pts[i].bytes > above) {
      double e = std::abs(f.Error(i, pts));
      s.mape += e, s.max = std::max(s.max, e), ++s.n;
    }
  if (s.n) s.mape /= double(s.n);
  return s;
}

std::string SummaryText(const Summary& s) {
  return fmt::format("MAPE {:.1f}%, max {:.1f}% over {} points", 100 * s.mape, 100 * s.max, s.n);
}

void WriteSpec(std::ostream& os, const std::string& csv, const Points& pts, const std::map<std::string, LinkFit>& fits,
               const std::map<std::string, std::string>& schedules) {
  std::vector<std::string> used;
  for (const auto& [op, fn] : schedules) used.push_back(fmt::format("{}: {}", op, fn));
  os << fmt::format(
      "// A cluster spec fitted by `ringline calibrate {}`: per link, Hockney's α (`lat`) and\n"
      "// β (1 / `bw`) and the reduction cost γ per byte, by least squares on the relative error\n"
      "// of each measured collective{}, modelled by the stdlib.collectives schedules\n"
      "//   {}\n"
      "// Each link has a function per op (the fitted model), a `Collectives` record of them and\n"
      "// a cluster of one rank per host.\n"
      "import stdlib.hardware\nimport stdlib.collectives\nimport stdlib.strategies\n",
      Printable(csv), FitScope(), fmt::join(used, ", "));
  for (const std::string& link : pts.links) {
    const LinkFit& f = fits.at(link);
    const std::vector<CalibrationPoint>& p = pts.by_link.at(link);
    const std::string id = Ident(link);
    os << fmt::format("\n// {}: {}; {}\n", Printable(link), SummaryText(Summarise(f, p, 0)),
                      f.gamma_fitted ? "γ fitted" : "γ = 0: " + f.gamma_note);
    os << fmt::format("let link_{} = Link {{ bw = {} B/s, lat = {} s }}\n", id, 1 / f.beta, f.alpha);
    os << fmt::format("let gamma_{} = {} s/B\n", id, f.gamma);
    // One function per op, with this link's γ where the op reduces: the model each
    // measured point was fitted with.
    for (const auto& [op, fn] : schedules)
      os << fmt::format("fn {0}_{1}(n: B, p: Int, l: Link) -> s = {2}(n, p, l{3})\n", Ident(op), id, fn,
                        Reduces(op) ? ", gamma_" + id : "");
    os << fmt::format(
        "let coll_{0} = Collectives {{ allreduce = allreduce_{0}, allgather = allgather_{0},\n"
        "  reduce_scatter = reduce_scatter_{0}, hierarchical = false }}\n",
        id);
    os << fmt::format(
        "fn cluster_{0}(nodes: Int, device: Device = epyc_cpu) -> Cluster = Cluster {{ name = \"{1}\", nodes = nodes,\n"
        "  node = Node {{ name = \"{1} host\", device = device, gpus = 1, link = link_{0}, topo = switched,\n"
        "                nics = 1, nic = link_{0} }} }}\n",
        id, Literal(link));
  }
}

// Reads, fits, prints the table and writes the spec to `os`; the exit status.
int Calibrate(std::ostream& os) {
  std::map<std::string, std::string> schedules = DefaultSchedules();
  Session s;
  check::Compilation::ModuleContents collectives;
  if (!s.comp->Import("stdlib.hardware") || !s.comp->Import("stdlib.collectives", &collectives))
    return Fail(Kind::tool_error, "could not load stdlib.collectives (see the diagnostics above)");
  if (!CalSchedules.empty()) {
    const std::vector<std::string>& known = collectives.schedules;
    for (const std::string& opt : CalSchedules) {
      auto [op, name] = llvm::StringRef(opt).split('=');
      if (op.trim().empty() || name.trim().empty())
        return Fail(Kind::bad_option, fmt::format("--schedule takes OP=NAME, got `{}`", opt));
      if (std::find(known.begin(), known.end(), name.trim().str()) == known.end())
        return Fail(Kind::bad_option, fmt::format("stdlib.collectives has no schedule `{}`{}", name.trim().str(),
                                                  DidYouMean(name.trim().str(), known)));
      schedules[op.trim().str()] = name.trim().str();
    }
  }
  for (const std::string& op : CalFitOps)
    if (!schedules.count(op)) {
      std::vector<std::string> ops;
      for (const auto& [known, _] : schedules) ops.push_back(known);
      return Fail(Kind::bad_option, fmt::format("--fit-ops names op `{}`, which no schedule models{}; the ops: {}", op,
                                                DidYouMeanAside(op, ops), fmt::join(ops, ", ")));
    }
  llvm::Expected<Points> pts = ReadCsv(CalFiles[0], schedules);
  if (!pts) return Fail(Kind::bad_data, pts.takeError());
  std::set<std::string> ids;
  for (const std::string& link : pts->links)
    if (!ids.insert(Ident(link)).second)
      return Fail(Kind::bad_data,
                  fmt::format("two rates name the same link `{}`; give them distinct names", Ident(link)));
  if (!Coefficients(s, *pts, schedules))
    return Fail(Kind::tool_error, "could not evaluate the schedules (see the diagnostics above)");
  std::map<std::string, LinkFit> fits;
  for (const std::string& link : pts->links) {
    // The fit sees the points above --fit-above of the --fit-ops; every point gets the
    // fitted model's time.
    const std::vector<CalibrationPoint>& all = pts->by_link[link];
    std::vector<CalibrationPoint> fitted_on;
    std::copy_if(all.begin(), all.end(), std::back_inserter(fitted_on), [](const CalibrationPoint& p) {
      return p.bytes > double(CalFitAbove) &&
             (CalFitOps.empty() || std::find(CalFitOps.begin(), CalFitOps.end(), p.op) != CalFitOps.end());
    });
    llvm::Expected<LinkFit> f = FitLink(link, fitted_on);
    if (!f) return Fail(Kind::fit_error, llvm::toString(f.takeError()) + FitScope());
    f->fitted.clear();
    for (const CalibrationPoint& p : all) f->fitted.push_back(f->Time(p));
    if (!(f->beta > 0))
      return Fail(Kind::fit_error,
                  fmt::format("the fit of link `{}` has no bandwidth term (β = 0): measure larger messages", link));
    fits.emplace(link, std::move(*f));
  }
  llvm::outs() << fmt::format("{:<10} {:<15} {:>3} {:>10} {:>12} {:>12} {:>8}\n", "link", "op", "p", "bytes",
                              "measured[s]", "fitted[s]", "error[%]");
  for (const std::string& link : pts->links) {
    const std::vector<CalibrationPoint>& p = pts->by_link[link];
    const LinkFit& f = fits.at(link);
    for (size_t i = 0; i < p.size(); ++i)
      llvm::outs() << fmt::format("{:<10} {:<15} {:>3} {:>10} {:>12.6g} {:>12.6g} {:>+8.1f}\n", link, p[i].op, p[i].p,
                                  p[i].bytes, p[i].measured, f.fitted[i], 100 * f.Error(i, p));
  }
  for (const std::string& link : pts->links) {
    const LinkFit& f = fits.at(link);
    const std::vector<CalibrationPoint>& p = pts->by_link[link];
    llvm::outs() << fmt::format("{}: alpha = {:.6g} us, beta = 1 / ({:.6g} MB/s), gamma = {:.6g} ns/B{}\n", link,
                                1e6 * f.alpha, 1e-6 / f.beta, 1e9 * f.gamma,
                                f.gamma_fitted ? "" : " (not fitted: " + f.gamma_note + ")");
    llvm::outs() << fmt::format("  error: {}; above {} B: {}\n", SummaryText(Summarise(f, p, 0)),
                                static_cast<unsigned long long>(CalAbove), SummaryText(Summarise(f, p, double(CalAbove))));
    if (!FitScope().empty()) llvm::outs() << fmt::format("  fitted on the points{}\n", FitScope());
  }
  WriteSpec(os, CalFiles[0], *pts, fits, schedules);
  return kOk;
}

// The command line as typed, for the header of the spec --trace writes.
std::string TraceCommand() {
  std::string cmd = "ringline calibrate";
  for (const std::string& f : CalFiles) cmd += " " + f;
  cmd += " --trace " + CalTrace + " --model " + CalModel + " --device " + CalDevice;
  if (CalFramework.getNumOccurrences()) cmd += " --framework " + CalFramework;
  if (CalPrecision.getNumOccurrences()) cmd += " --precision " + CalPrecision;
  if (CalBatch) cmd += fmt::format(" --batch {}", unsigned(CalBatch));
  return cmd;
}

int RunTrace() {
  const cl::Option* collective_only[] = {std::addressof(CalSchedules), &CalFitAbove, std::addressof(CalFitOps), &CalAbove};
  for (const cl::Option* o : collective_only)
    if (o->getNumOccurrences())
      return Fail(Kind::bad_usage, fmt::format("--{} is for collective measurements, not with --trace", o->ArgStr.str()));
  if (CalFiles.size() > 1) return Fail(Kind::bad_usage, "with --trace `calibrate` takes at most one spec");
  if (CalModel.empty()) return Fail(Kind::bad_usage, "name the network the trace trained with --model");
  if (CalDevice.empty()) return Fail(Kind::bad_usage, "name the device the trace ran on with --device");
  if (CalBatch.getNumOccurrences() && CalBatch == 0) return Fail(Kind::bad_option, "--batch must be at least 1");
  TraceCalibration c{CalTrace, CalFiles.empty() ? "" : CalFiles[0], CalModel, CalDevice, CalFramework, CalPrecision,
                     CalBatch, CalProfile, CalOutput, TraceCommand()};
  return CalibrateFromTrace(c);
}

}  // namespace

int RunCalibrate() {
  if (!CalTrace.empty()) return RunTrace();
  const cl::Option* trace_only[] = {&CalModel, &CalDevice, &CalBatch, &CalProfile};
  for (const cl::Option* o : trace_only)
    if (o->getNumOccurrences())
      return Fail(Kind::bad_usage, fmt::format("--{} goes with --trace", o->ArgStr.str()));
  if (CalFiles.size() != 1) return Fail(Kind::bad_usage, "`calibrate` takes one CSV of collective measurements");
  if (CalOutput.empty()) return Fail(Kind::bad_usage, "name the cluster spec to write with -o cluster.rl");
  // Opened before any work, so a target that cannot be written fails at once.
  Output out(CalOutput, {CalFiles[0]});
  if (!out.Open()) return kUsageError;
  std::ostringstream text;
  int status = Calibrate(text);
  if (status != kOk) {
    out.Discard();
    return status;
  }
  // The spec is checked before it is written: what the command reports written compiles.
  try {
    ringline::Spec::CompileString(text.str(), CalOutput, LibraryOptions());
  } catch (const ringline::SpecError& e) {
    out.Discard();
    Fail(Kind::tool_error, "the cluster spec written from `" + Printable(CalFiles[0]) + "` does not compile; it is not written");
    return PrintSpecError(e);
  }
  out.stream() << text.str();
  if (!out.Commit()) return kUsageError;
  llvm::outs() << fmt::format("wrote {}\n", std::string(CalOutput));
  return kOk;
}

}  // namespace rl::driver

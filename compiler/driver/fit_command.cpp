// `ringline fit`: trains the kernel-time models of a profile CSV into a `.rlk` bundle
// (rl_kernels does the work; this file is options and printing), and `--show` prints a
// bundle's device and per-kind accuracy. Several profiles (one or more per device) make a
// device-generic bundle, whose models take the device's peak and bandwidth as inputs.
//   ringline fit PROFILE.csv... -o OUT.rlk [--holdout 0.2 | --cv K] [--seed N] [--epochs N]
//                [--kinds a,b] [--folds N] [--hidden W,W] [--variant log|util] [--held-out ROWS.csv]
//   ringline fit PROFILE.csv... --cv K        k-fold scores beside the roofline's, no bundle
//   ringline fit PROFILE.csv... --lodo        leave-one-device-out scores, no bundle
//   ringline fit --show BUNDLE.rlk [--against PROFILE.csv [--held-out ROWS.csv]]
// Every failure (unreadable or malformed profile, bad bundle, bad option, rows that
// cannot be fitted) is a `ringline: error: ... [tag]` line and exit status 2.
#include <fmt/format.h>
#include <llvm/ADT/ArrayRef.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cmath>

#include "compiler/driver/commands.h"
#include "compiler/driver/options.h"
#include "compiler/driver/messages.h"
#include "runtime/kernels/profiles.h"

namespace rl::driver {

cl::SubCommand FitCmd("fit", "Train kernel-time models from a profile CSV into a .rlk bundle");
static cl::list<std::string> FitFiles(cl::Positional, cl::desc("<profile.csv>"), cl::ZeroOrMore, cl::sub(FitCmd),
                                      cl::cat(Category));
static cl::opt<std::string> FitOutput("o", cl::desc("Bundle to write"), cl::value_desc("OUT.rlk"), cl::sub(FitCmd),
                                      cl::cat(Category));
static cl::opt<double> FitHoldout("holdout", cl::desc("Share of each kind's rows held out to measure accuracy"),
                                  cl::init(0.2), cl::sub(FitCmd), cl::cat(Category));
static cl::opt<unsigned long long> FitSeed("seed", cl::desc("Seed of the splits and initial weights"), cl::init(1),
                                           cl::sub(FitCmd), cl::cat(Category));
static Count FitEpochs("epochs", cl::desc("Training epochs per model (default: the built-in schedule)"),
                                   cl::init(0), cl::value_desc("N"), cl::sub(FitCmd), cl::cat(Category));
static SignedCount FitFolds("folds",
                            cl::desc("Cross-fitting folds, one ensemble network each (default 10; fewer predict "
                                     "faster)"),
                            cl::init(0), cl::value_desc("N"), cl::sub(FitCmd), cl::cat(Category));
static cl::list<int> FitHidden("hidden",
                               cl::desc("Hidden layer widths of each ensemble network (default 32,32)"),
                               cl::CommaSeparated, cl::value_desc("W,W"), cl::sub(FitCmd), cl::cat(Category));
static cl::list<std::string> FitKinds("kinds", cl::desc("Fit only these kernel kinds"), cl::CommaSeparated,
                                      cl::value_desc("a,b"), cl::sub(FitCmd), cl::cat(Category));
static cl::opt<std::string> FitShow("show", cl::desc("Print a bundle's device and per-kind accuracy instead"),
                                    cl::value_desc("BUNDLE.rlk"), cl::sub(FitCmd), cl::cat(Category));
static cl::opt<std::string> FitAgainst("against",
                                       cl::desc("With --show: also score the bundle on every row of this profile CSV"),
                                       cl::value_desc("PROFILE.csv"), cl::sub(FitCmd), cl::cat(Category));
static cl::opt<std::string> FitHeldOut("held-out",
                                       cl::desc("Also write the held-out rows with their predictions to this CSV"),
                                       cl::value_desc("ROWS.csv"), cl::sub(FitCmd), cl::cat(Category));
static SignedCount FitCv("cv",
                          cl::desc("k-fold cross-validation in place of --holdout: score every row by the fit on the "
                                   "other folds, beside the roofline and one fitted efficiency; with -o, then fit "
                                   "the bundle on every row"),
                          cl::init(0), cl::value_desc("K"), cl::sub(FitCmd), cl::cat(Category));
static cl::opt<bool> FitLodo("lodo",
                             cl::desc("Leave one device out: score each device's rows by a fit on the other "
                                      "profiles' devices (no bundle)"),
                             cl::sub(FitCmd), cl::cat(Category));
static cl::opt<std::string> FitVariantOpt("variant", cl::desc("Fit only this model variant: log or util"),
                                          cl::value_desc("log|util"), cl::sub(FitCmd), cl::cat(Category));
static cl::opt<bool> FitQuiet("quiet", cl::desc("No per-kind progress lines on stderr"), cl::sub(FitCmd),
                              cl::cat(Category));

namespace {

std::string Percent(double fraction) { return fraction < 0 ? "-" : fmt::format("{:.1f}", 100 * fraction); }

void PrintDevice(const kernels::DeviceInfo& d, llvm::raw_ostream& os) {
  std::string name = d.Get("name");
  os << fmt::format("device: {}\n", name.empty() ? "(unnamed)" : name);
  for (const auto& [k, v] : d.fields)
    if (k != "name") os << fmt::format("  {}: {}\n", k, v);
}

// The width of the kind column of a per-model table.
size_t KindWidth(const kernels::Bundle& b) {
  size_t w = 4;
  for (const kernels::Model& m : b.models) w = std::max(w, m.kind().size());
  return w;
}

// One line per model: rows used for fitting / held out, the variant kept, its held-out
// MAPE and max relative error, the held-out MAPE of the variant not kept, and the model's
// floor (the fixed cost of a call it adds to every prediction; 0 for none).
void PrintTable(const kernels::Bundle& b, llvm::raw_ostream& os) {
  const size_t w = KindWidth(b);
  os << fmt::format("{:<{}}  {:>6}  {:>5}  {:<7}  {:>7}  {:>7}  {:>8}  {:>9}\n", "kind", w, "train", "test", "variant",
                    "MAPE[%]", "max[%]", "other[%]", "floor[us]");
  for (const kernels::Model& m : b.models) {
    const kernels::Metrics& mt = m.metrics();
    os << fmt::format("{:<{}}  {:>6}  {:>5}  {:<7}  {:>7}  {:>7}  {:>8}  {:>9.2f}\n", m.kind(), w, mt.train_rows,
                      mt.test_rows, m.variant(), Percent(mt.mape), Percent(mt.max_err), Percent(mt.mape_other),
                      1e6 * m.floor());
  }
}

// Opened before any long work, so a path that cannot be written fails in a moment.
llvm::Expected<std::unique_ptr<llvm::raw_fd_ostream>> OpenRows(const std::string& path) {
  if (path.empty()) return nullptr;
  std::error_code ec;
  auto os = std::make_unique<llvm::raw_fd_ostream>(path, ec);
  if (ec) return diag::MakeError(Kind::file_error, fmt::format("cannot write `{}`: {}", path, ec.message()));
  return os;
}

// A row's features as the profile writes them: space-separated.
std::string FeatureText(const kernels::Sample& s) { return fmt::format("{}", fmt::join(s.feats, " ")); }

// The profile's own columns first, so the file reads like the profile it came from.
void WriteRows(llvm::ArrayRef<kernels::HeldOutRow> rows, llvm::raw_ostream& os) {
  os << "kind,features,median_s,predicted_s,rel_err\n";
  for (const kernels::HeldOutRow& r : rows)
    os << fmt::format("{},{},{:.6g},{:.6g},{:.4f}\n", r.sample->kind->name.str(), FeatureText(*r.sample),
                      r.sample->time, r.predicted, r.predicted / r.sample->time - 1);
}

// The rows of --cv and --lodo: the held-out columns, then the baselines' times and the
// row's device.
void WriteScoredRows(llvm::ArrayRef<kernels::OutOfSampleRow> rows, const kernels::Dataset& data,
                     llvm::raw_ostream& os) {
  os << "kind,features,median_s,predicted_s,rel_err,roofline_s,efficiency_s,device\n";
  for (const kernels::OutOfSampleRow& r : rows) {
    std::string device = data.generic ? data.groups[size_t(r.sample->group)] : data.device.Get("name");
    os << fmt::format("{},{},{:.6g},{:.6g},{:.4f},{:.6g},{:.6g},\"{}\"\n", r.sample->kind->name.str(),
                      FeatureText(*r.sample),
                      r.sample->time, r.predicted, r.predicted / r.sample->time - 1, r.roofline, r.efficiency, device);
  }
}

// One line per score: rows scored, the models' MAPE and max relative error, the
// roofline's and the single efficiency's MAPE, that efficiency, and (k-fold) in how many
// folds the util variant was kept.
void PrintScores(llvm::ArrayRef<kernels::Score> scores, bool by_device, llvm::raw_ostream& os) {
  size_t w = 4, dw = 6;
  for (const kernels::Score& sc : scores) {
    w = std::max(w, sc.kind->name.size());
    dw = std::max(dw, sc.group.size());
  }
  const std::string dev = by_device ? fmt::format("{:<{}}  ", "device", dw) : "";
  os << fmt::format("{}{:<{}}  {:>5}  {:>7}  {:>7}  {:>11}  {:>13}  {:>6}  {:>5}\n", dev, "kind", w, "rows", "MAPE[%]",
                    "max[%]", "roofline[%]", "efficiency[%]", "eff", "util");
  for (const kernels::Score& sc : scores)
    os << fmt::format("{}{:<{}}  {:>5}  {:>7}  {:>7}  {:>11}  {:>13}  {:>6.3f}  {:>5}\n",
                      by_device ? fmt::format("{:<{}}  ", sc.group, dw) : "", sc.kind->name.str(), w, sc.rows,
                      Percent(sc.mape), Percent(sc.max_err), Percent(sc.roofline), Percent(sc.efficiency),
                      sc.eff_value, fmt::format("{}/{}", sc.util_folds, sc.folds));
  if (!by_device) return;
  // The mean over the held-out devices, per kind (each device weighs the same).
  os << fmt::format("mean over devices:\n{:<{}}  {:>7}  {:>7}  {:>11}  {:>13}\n", "kind", w, "devices", "MAPE[%]",
                    "roofline[%]", "efficiency[%]");
  for (const kernels::KindInfo& k : kernels::AllKinds()) {
    double n = 0, mape = 0, roof = 0, eff = 0;
    for (const kernels::Score& sc : scores)
      if (sc.kind == &k) n += 1, mape += sc.mape, roof += sc.roofline, eff += sc.efficiency;
    if (n > 0)
      os << fmt::format("{:<{}}  {:>7}  {:>7}  {:>11}  {:>13}\n", k.name.str(), w, n, Percent(mape / n),
                        Percent(roof / n), Percent(eff / n));
  }
}

// --against: the bundle's error on every row of another profile (another run, day or
// machine), per kind. A row the bundle was fitted on scores in-sample, so this measures
// held-out accuracy only for a profile measured apart from the bundle's own.
int Against(const kernels::Bundle& b, const std::string& path, llvm::raw_ostream* rows_out) {
  llvm::Expected<kernels::Dataset> data = kernels::ReadProfileCsv(path);
  if (!data) return Fail(Kind::bad_data, data.takeError());
  // A generic bundle predicts the profile's device from its numbers.
  if (std::any_of(b.models.begin(), b.models.end(), [](const kernels::Model& m) { return m.generic(); })) {
    if (!(data->device.peak_flops > 0 && data->device.mem_bw > 0))
      return Fail(Kind::bad_data,
                  fmt::format("`{}` has no `peak_flops` and `mem_bw` lines, which the generic bundle takes", path));
    for (kernels::Sample& s : data->samples) {
      s.feats.push_back(data->device.peak_flops);
      s.feats.push_back(data->device.mem_bw);
    }
  }
  std::vector<kernels::HeldOutRow> rows;
  const size_t w = KindWidth(b);
  llvm::outs() << fmt::format("against {}:\n{:<{}}  {:>6}  {:>7}  {:>9}  {:>7}\n", path, "kind", w, "rows", "MAPE[%]",
                              "median[%]", "max[%]");
  for (const kernels::Model& m : b.models) {
    std::vector<double> errs;
    for (const kernels::Sample& s : data->samples) {
      if (s.kind->name != m.kind()) continue;
      double p = m.Predict(s.feats.data());
      rows.push_back({&s, p});
      errs.push_back(std::abs(p / s.time - 1));
    }
    if (errs.empty()) continue;
    double sum = 0, max = 0;
    for (double e : errs) sum += e, max = std::max(max, e);
    std::nth_element(errs.begin(), errs.begin() + errs.size() / 2, errs.end());
    llvm::outs() << fmt::format("{:<{}}  {:>6}  {:>7}  {:>9}  {:>7}\n", m.kind(), w, errs.size(),
                                Percent(sum / errs.size()), Percent(errs[errs.size() / 2]), Percent(max));
  }
  if (rows.empty()) return Fail(Kind::bad_data, fmt::format("`{}` has no rows of a kind the bundle models", path));
  if (rows_out) WriteRows(rows, *rows_out);
  return kOk;
}

int Show(const std::string& path) {
  llvm::Expected<std::unique_ptr<llvm::raw_fd_ostream>> rows_out = OpenRows(FitHeldOut);
  if (!rows_out) return Fail(Kind::file_error, rows_out.takeError());
  llvm::Expected<kernels::Bundle> b = kernels::ReadBundle(path);
  if (!b) return Fail(Kind::bad_bundle, b.takeError());
  llvm::outs() << fmt::format("bundle: {} ({} models)\n", path, b->models.size());
  PrintDevice(b->device, llvm::outs());
  PrintTable(*b, llvm::outs());
  return FitAgainst.empty() ? kOk : Against(*b, FitAgainst, rows_out->get());
}

llvm::Expected<kernels::Dataset> ReadProfiles() {
  if (FitFiles.size() == 1) return kernels::ReadProfileCsv(FitFiles[0]);
  std::vector<kernels::Dataset> profiles;
  for (const std::string& f : FitFiles) {
    llvm::Expected<kernels::Dataset> d = kernels::ReadProfileCsv(f);
    if (!d) return d.takeError();
    profiles.push_back(std::move(*d));
  }
  return kernels::AcrossDevices(std::move(profiles), std::vector<std::string>(FitFiles.begin(), FitFiles.end()));
}

// --cv without -o, and --lodo: scores only.
int RunScores(const kernels::Dataset& data, const kernels::FitOptions& opts, llvm::raw_ostream* rows_out) {
  std::vector<kernels::OutOfSampleRow> rows;
  llvm::raw_ostream& log = FitQuiet ? llvm::nulls() : llvm::errs();
  llvm::Expected<std::vector<kernels::Score>> scores =
      FitLodo ? kernels::LeaveOneDeviceOut(data, opts, log, &rows) : kernels::CrossValidate(data, opts, log, &rows);
  if (!scores) return Fail(Kind::fit_error, scores.takeError());
  PrintDevice(data.device, llvm::outs());
  llvm::outs() << (FitLodo ? "leave one device out (each device's rows predicted by a fit on the others):\n"
                           : fmt::format("{}-fold cross-validation (each row predicted by the fit on the other "
                                         "folds):\n",
                                         opts.cv));
  PrintScores(*scores, FitLodo, llvm::outs());
  if (rows_out) WriteScoredRows(rows, data, *rows_out);
  return kOk;
}

}  // namespace

int RunFit() {
  if (!FitShow.empty()) {
    if (!FitFiles.empty() || !FitOutput.empty()) return Fail(Kind::bad_usage, "--show takes no profile and no -o");
    if (!FitHeldOut.empty() && FitAgainst.empty())
      return Fail(Kind::bad_usage, "--show takes --held-out only with --against");
    return Show(FitShow);
  }
  if (!FitAgainst.empty()) return Fail(Kind::bad_usage, "--against goes with --show BUNDLE.rlk");
  if (FitFiles.empty())
    return Fail(Kind::bad_usage,
                "`fit` takes a profile CSV (several for a bundle across devices) or --show BUNDLE.rlk");
  if (FitLodo && !FitOutput.empty())
    return Fail(Kind::bad_usage, "--lodo scores the fit and writes no bundle; leave out -o");
  if (FitLodo && FitCv != 0) return Fail(Kind::bad_usage, "--lodo and --cv are two ways to score a fit; give one");
  if (FitLodo && FitFiles.size() < 2) return Fail(Kind::bad_usage, "--lodo needs the profiles of several devices");
  if (FitCv != 0 && FitHoldout.getNumOccurrences() > 0)
    return Fail(Kind::bad_usage, "--cv scores every row; leave out --holdout");
  if (FitOutput.empty() && FitCv == 0 && !FitLodo)
    return Fail(Kind::bad_usage, "name the bundle to write with -o OUT.rlk");
  llvm::Expected<kernels::Dataset> data = ReadProfiles();
  if (!data) return Fail(Kind::bad_data, data.takeError());
  kernels::FitOptions opts;
  opts.holdout = FitHoldout;
  opts.seed = FitSeed;
  opts.epochs = int(FitEpochs);
  opts.threads = Threads;
  opts.folds = FitFolds;
  opts.cv = FitCv;
  opts.variant = FitVariantOpt;
  opts.hidden.assign(FitHidden.begin(), FitHidden.end());
  opts.only.assign(FitKinds.begin(), FitKinds.end());
  llvm::Expected<std::unique_ptr<llvm::raw_fd_ostream>> rows_out = OpenRows(FitHeldOut);
  if (!rows_out) return Fail(Kind::file_error, rows_out.takeError());
  // The settings first, so that a fit's failure is only ever about the rows.
  if (llvm::Error e = kernels::CheckFitOptions(*data, opts)) return Fail(Kind::bad_option, std::move(e));
  if (FitOutput.empty()) return RunScores(*data, opts, rows_out->get());
  std::vector<kernels::HeldOutRow> held_out;
  std::vector<kernels::Score> scores;
  llvm::Expected<kernels::Bundle> b = kernels::Fit(*data, opts, FitQuiet ? llvm::nulls() : llvm::errs(),
                                                   FitHeldOut.empty() ? nullptr : &held_out, &scores);
  if (!b) return Fail(Kind::fit_error, b.takeError());
  if (llvm::Error e = kernels::WriteBundle(*b, FitOutput)) return Fail(Kind::file_error, std::move(e));
  if (*rows_out) WriteRows(held_out, **rows_out);
  PrintDevice(b->device, llvm::outs());
  PrintTable(*b, llvm::outs());
  if (opts.cv > 0) {
    llvm::outs() << fmt::format("{}-fold cross-validation (the bundle's MAPE and max above):\n", opts.cv);
    PrintScores(scores, false, llvm::outs());
  }
  llvm::outs() << fmt::format("wrote {} ({} models)\n", std::string(FitOutput), b->models.size());
  return kOk;
}

}  // namespace rl::driver

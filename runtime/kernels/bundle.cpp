// The `.rlk` kernel-model bundle: writer and validating reader of the versioned,
// little-endian, checksummed format documented byte by byte in docs/kernel-models.md
// ("Bundle format (.rlk)"). Part of rl_kernels. The reader trusts nothing: every count is
// capped and checked against the bytes that remain before anything is allocated, and
// every number must be finite, so a corrupt file is an llvm::Error, never a crash.
#include <fmt/format.h>
#include <llvm/ADT/bit.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/CRC.h>
#include <llvm/Support/DataExtractor.h>
#include <llvm/Support/EndianStream.h>
#include <llvm/Support/MemoryBuffer.h>

#include <algorithm>
#include <cmath>

#include "runtime/kernels/mlp.h"
#include "runtime/files.h"

namespace rl::kernels {

namespace {

constexpr char kMagic[4] = {'R', 'L', 'K', '\0'};
// 2: the networks take the derived inputs of kinds.cpp (version 1 had log FLOPs and log
// bytes only); 3: each model has a floor (mlp.h) its networks' times are added to; 4: conv
// models take a 14th derived input (blocked groups, kinds.cpp); 5: that input gives way to
// six naming torch's oneDNN implementation (torch_cpu_rules.cpp); 6: a depthwise conv's
// lane-fill inputs count all its channels, not its one channel a group; 7: a model may be
// device-generic (its features end with the device's peak FLOP/s and memory bandwidth,
// mlp.h). A bundle without a generic model is written as version 6, which this reader
// also reads (as models that are not generic), so per-device bundles keep their bytes.
// An older bundle's networks were trained for other inputs or outputs, so it is refused.
constexpr uint32_t kVersion = 7;
constexpr uint32_t kOldestVersion = 6;
constexpr uint64_t kHeaderBytes = 20;  // magic, version, payload length, CRC-32
// Caps far above anything `fit` writes. Every array is also checked against the bytes
// that remain before it is allocated, so a corrupt count never allocates more than the
// file holds.
constexpr uint32_t kMaxFields = 1024, kMaxString = 1 << 16, kMaxNets = 64, kMaxLayers = 8, kMaxWidth = 4096;

// ---- writing -----------------------------------------------------------------------

class PayloadWriter {
 public:
  explicit PayloadWriter(std::string& out) : os_(out), w_(os_, llvm::endianness::little) {}
  void U8(uint8_t v) { w_.write(v); }
  void U32(uint32_t v) { w_.write(v); }
  void I64(int64_t v) { w_.write(v); }
  void F64(double v) { w_.write(llvm::bit_cast<uint64_t>(v)); }
  void Str(llvm::StringRef s) {
    U32(uint32_t(s.size()));
    os_ << s;
  }
  void Vec(const Eigen::VectorXd& v) {
    for (Eigen::Index i = 0; i < v.size(); ++i) F64(v(i));
  }

 private:
  llvm::raw_string_ostream os_;
  llvm::support::endian::Writer w_;
};

void WriteModel(PayloadWriter& w, const Model::Impl& m, uint32_t version) {
  w.Str(m.kind);
  w.U8(uint8_t(m.variant));
  w.U32(uint32_t(m.NumFeatures()));
  if (version >= 7) {
    w.U8(m.generic ? 1 : 0);
    if (m.generic) {
      w.Vec(m.device_lo);
      w.Vec(m.device_hi);
    }
  }
  w.U32(uint32_t(m.NumInputs()));
  w.Vec(m.in_mean);
  w.Vec(m.in_std);
  for (double v : {m.out_mean, m.out_std, m.out_lo, m.out_hi, m.util_scale, m.time_lo, m.floor}) w.F64(v);
  w.U32(uint32_t(m.nets.size()));
  for (const Net& net : m.nets) {
    w.U32(uint32_t(net.size()));
    for (const Layer& l : net) {
      w.U32(uint32_t(l.w.rows()));
      w.U32(uint32_t(l.w.cols()));
      for (Eigen::Index i = 0; i < l.w.rows(); ++i)
        for (Eigen::Index j = 0; j < l.w.cols(); ++j) w.F64(l.w(i, j));
      w.Vec(l.b);
    }
  }
  w.Vec(m.skip.transpose());
  w.I64(m.metrics.train_rows);
  w.I64(m.metrics.test_rows);
  w.F64(m.metrics.mape);
  w.F64(m.metrics.max_err);
  w.F64(m.metrics.mape_other);
}

// ---- reading -----------------------------------------------------------------------

// Reads the payload front to back. Past the end every getter yields 0 and sets
// `truncated`; callers check it before trusting a count.
class PayloadReader {
 public:
  explicit PayloadReader(llvm::StringRef bytes) : de_(bytes, /*IsLittleEndian=*/true, 8) {}
  bool truncated = false;
  bool Has(uint64_t n) const { return !truncated && de_.size() - off_ >= n; }
  uint64_t remaining() const { return de_.size() - off_; }
  uint8_t U8() { return Has(1) ? de_.getU8(&off_) : Short(); }
  uint32_t U32() { return Has(4) ? de_.getU32(&off_) : Short(); }
  int64_t I64() { return Has(8) ? int64_t(de_.getU64(&off_)) : Short(); }
  double F64() { return Has(8) ? llvm::bit_cast<double>(de_.getU64(&off_)) : Short(); }
  std::string Str() {
    uint32_t n = U32();
    if (n > kMaxString || !Has(n)) return Short(), std::string();
    return de_.getBytes(&off_, n).str();
  }

 private:
  uint8_t Short() {
    truncated = true;
    return 0;
  }
  llvm::DataExtractor de_;
  uint64_t off_ = 0;
};

llvm::Error Bad(const std::string& msg) { return llvm::createStringError(llvm::inconvertibleErrorCode(), msg); }

llvm::Expected<Eigen::VectorXd> ReadVec(PayloadReader& r, uint32_t n) {
  if (!r.Has(uint64_t(n) * 8)) return Bad("truncated");
  Eigen::VectorXd v(n);
  for (uint32_t i = 0; i < n; ++i) v(i) = r.F64();
  if (!v.allFinite()) return Bad("a non-finite number");
  return v;
}

llvm::Error ReadNet(PayloadReader& r, uint32_t inputs, Net& net) {
  uint32_t count = r.U32();
  if (r.truncated) return Bad("truncated");
  if (count < 1 || count > kMaxLayers) return Bad(fmt::format("{} layers (1 to {} allowed)", count, kMaxLayers));
  uint32_t in = inputs;
  for (uint32_t l = 0; l < count; ++l) {
    uint32_t rows = r.U32(), cols = r.U32();
    if (r.truncated) return Bad("truncated");
    if (rows < 1 || rows > kMaxWidth || cols < 1 || cols > kMaxWidth)
      return Bad(fmt::format("layer {} is {}x{} (widths 1 to {} allowed)", l + 1, rows, cols, kMaxWidth));
    if (cols != in) return Bad(fmt::format("layer {} takes {} inputs, the layer before gives {}", l + 1, cols, in));
    if (l + 1 == count && rows != 1) return Bad(fmt::format("the last layer has {} outputs, not 1", rows));
    if (!r.Has((uint64_t(rows) * cols + rows) * 8)) return Bad("truncated");
    Layer layer{Eigen::MatrixXd(rows, cols), Eigen::VectorXd(rows)};
    for (uint32_t i = 0; i < rows; ++i)
      for (uint32_t j = 0; j < cols; ++j) layer.w(i, j) = r.F64();
    for (uint32_t i = 0; i < rows; ++i) layer.b(i) = r.F64();
    if (!layer.w.allFinite() || !layer.b.allFinite()) return Bad(fmt::format("layer {} has a non-finite weight", l + 1));
    net.push_back(std::move(layer));
    in = rows;
  }
  return llvm::Error::success();
}

llvm::Expected<std::shared_ptr<Model::Impl>> ReadModel(PayloadReader& r, const DeviceInfo& device, uint32_t version) {
  auto m = std::make_shared<Model::Impl>();
  m->kind = r.Str();
  uint8_t variant = r.U8();
  uint32_t nf = r.U32();
  uint8_t generic = version >= 7 ? r.U8() : 0;
  if (r.truncated) return Bad("truncated");
  m->info = FindKind(m->kind);
  if (!m->info) return Bad(fmt::format("unknown kernel kind `{}`", m->kind));
  if (variant > uint8_t(Variant::Util)) return Bad(fmt::format("`{}` has unknown variant {}", m->kind, variant));
  if (generic > 1) return Bad(fmt::format("`{}` has generic flag {}, not 0 or 1", m->kind, generic));
  m->variant = Variant(variant);
  m->variant_name = VariantName(m->variant).str();
  m->generic = generic == 1;
  if (m->generic) {
    llvm::Expected<Eigen::VectorXd> lo = ReadVec(r, kDeviceFeatures);
    if (!lo) return Bad(fmt::format("`{}` device range: {}", m->kind, llvm::toString(lo.takeError())));
    llvm::Expected<Eigen::VectorXd> hi = ReadVec(r, kDeviceFeatures);
    if (!hi) return Bad(fmt::format("`{}` device range: {}", m->kind, llvm::toString(hi.takeError())));
    if (!(lo->minCoeff() >= 1) || !(hi->maxCoeff() <= kMaxDeviceFeature) || !(lo->array() <= hi->array()).all())
      return Bad(fmt::format("`{}` has an inconsistent device range", m->kind));
    m->device_lo = std::move(*lo);
    m->device_hi = std::move(*hi);
  }
  uint32_t ni = r.U32();
  if (r.truncated) return Bad("truncated");
  if (nf != m->NumFeatures())
    return Bad(fmt::format("`{}` has {} features, the kind has {}{}", m->kind, nf, m->NumFeatures(),
                           m->generic ? " and the device's two" : ""));
  if (ni != m->NumInputs()) return Bad(fmt::format("`{}` has {} inputs, expected {}", m->kind, ni, m->NumInputs()));
  llvm::Expected<Eigen::VectorXd> mean = ReadVec(r, ni);
  if (!mean) return Bad(fmt::format("`{}` input means: {}", m->kind, llvm::toString(mean.takeError())));
  llvm::Expected<Eigen::VectorXd> sd = ReadVec(r, ni);
  if (!sd) return Bad(fmt::format("`{}` input scales: {}", m->kind, llvm::toString(sd.takeError())));
  if (!(sd->minCoeff() > 0)) return Bad(fmt::format("`{}` has a non-positive input scale", m->kind));
  m->in_mean = std::move(*mean);
  m->in_std = std::move(*sd);
  double* outs[] = {&m->out_mean, &m->out_std, &m->out_lo, &m->out_hi, &m->util_scale, &m->time_lo, &m->floor};
  for (double* v : outs) {
    *v = r.F64();
    if (!std::isfinite(*v)) return Bad(fmt::format("`{}` has a non-finite output transform", m->kind));
  }
  if (r.truncated) return Bad("truncated");
  if (!(m->out_std > 0) || !(m->out_lo <= m->out_hi) || !(m->util_scale >= 1) || !(m->time_lo > 0) ||
      !(m->floor >= 0))
    return Bad(fmt::format("`{}` has an inconsistent output transform", m->kind));
  if (m->variant == Variant::Util && !m->generic && !(device.peak_flops > 0 && device.mem_bw > 0))
    return Bad(fmt::format("`{}` is a util model but the device has no peak_flops and mem_bw", m->kind));
  m->peak_flops = device.peak_flops;
  m->mem_bw = device.mem_bw;
  m->dispatch = DispatchOf(device);
  uint32_t nets = r.U32();
  if (r.truncated) return Bad("truncated");
  if (nets < 1 || nets > kMaxNets)
    return Bad(fmt::format("`{}` has {} networks (1 to {} allowed)", m->kind, nets, kMaxNets));
  m->nets.resize(nets);
  for (uint32_t i = 0; i < nets; ++i)
    if (llvm::Error e = ReadNet(r, ni, m->nets[i]))
      return Bad(fmt::format("`{}` network {}: {}", m->kind, i + 1, llvm::toString(std::move(e))));
  llvm::Expected<Eigen::VectorXd> skip = ReadVec(r, ni);
  if (!skip) return Bad(fmt::format("`{}` skip weights: {}", m->kind, llvm::toString(skip.takeError())));
  m->skip = skip->transpose();
  Metrics& mt = m->metrics;
  mt.train_rows = r.I64();
  mt.test_rows = r.I64();
  mt.mape = r.F64();
  mt.max_err = r.F64();
  mt.mape_other = r.F64();
  if (r.truncated) return Bad("truncated");
  if (mt.train_rows < 0 || mt.test_rows < 0 || !std::isfinite(mt.mape) || !std::isfinite(mt.max_err) ||
      !std::isfinite(mt.mape_other))
    return Bad(fmt::format("`{}` has inconsistent metrics", m->kind));
  return m;
}

llvm::Expected<Bundle> ParsePayload(llvm::StringRef payload, uint32_t version) {
  PayloadReader r(payload);
  Bundle b;
  uint32_t fields = r.U32();
  if (fields > kMaxFields) return Bad(fmt::format("{} device fields (at most {})", fields, kMaxFields));
  for (uint32_t i = 0; i < fields && !r.truncated; ++i) {
    std::string key = r.Str(), value = r.Str();
    b.device.fields.emplace_back(std::move(key), std::move(value));
  }
  b.device.peak_flops = r.F64();
  b.device.mem_bw = r.F64();
  uint32_t models = r.U32();
  if (r.truncated) return Bad("truncated device description");
  if (!std::isfinite(b.device.peak_flops) || b.device.peak_flops < 0 || !std::isfinite(b.device.mem_bw) ||
      b.device.mem_bw < 0)
    return Bad("the device's peak_flops or mem_bw is not a non-negative number");
  if (models > AllKinds().size())
    return Bad(fmt::format("{} models, more than the {} kernel kinds", models, AllKinds().size()));
  for (uint32_t i = 0; i < models; ++i) {
    llvm::Expected<std::shared_ptr<Model::Impl>> m = ReadModel(r, b.device, version);
    if (!m) return Bad(fmt::format("model {}: {}", i + 1, llvm::toString(m.takeError())));
    if (b.Find((*m)->kind)) return Bad(fmt::format("model {}: a second model of `{}`", i + 1, (*m)->kind));
    Model model;
    model.impl = std::move(*m);
    b.models.push_back(std::move(model));
  }
  if (r.remaining() != 0) return Bad(fmt::format("{} unread bytes after the last model", r.remaining()));
  return b;
}

uint32_t ReadU32(llvm::StringRef bytes, uint64_t at) {
  return llvm::support::endian::read32le(bytes.data() + at);
}

}  // namespace

std::string DeviceInfo::Get(llvm::StringRef key) const {
  for (const auto& [k, v] : fields)
    if (k == key) return v;
  return "";
}

const Model* Bundle::Find(llvm::StringRef kind) const {
  for (const Model& m : models)
    if (m.kind() == kind) return &m;
  return nullptr;
}

std::string SerializeBundle(const Bundle& b) {
  const bool generic = std::any_of(b.models.begin(), b.models.end(), [](const Model& m) { return m.generic(); });
  const uint32_t version = generic ? kVersion : kOldestVersion;
  std::string payload;
  {
    PayloadWriter w(payload);
    w.U32(uint32_t(b.device.fields.size()));
    for (const auto& [k, v] : b.device.fields) {
      w.Str(k);
      w.Str(v);
    }
    w.F64(b.device.peak_flops);
    w.F64(b.device.mem_bw);
    w.U32(uint32_t(b.models.size()));
    for (const Model& m : b.models) WriteModel(w, *m.impl, version);
  }
  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::support::endian::Writer w(os, llvm::endianness::little);
  os.write(kMagic, sizeof kMagic);
  w.write(version);
  w.write(uint64_t(payload.size()));
  w.write(llvm::crc32(llvm::arrayRefFromStringRef(payload)));
  os << payload;
  return out;
}

llvm::Expected<Bundle> ParseBundle(llvm::StringRef bytes, llvm::StringRef name) {
  auto fail = [&](const std::string& msg) { return Bad(fmt::format("{}: {}", name.str(), msg)); };
  llvm::StringRef magic(kMagic, sizeof kMagic);
  if (!magic.starts_with(bytes.take_front(4))) return fail("not a Ringline kernel bundle");
  if (bytes.size() < kHeaderBytes)
    return fail(fmt::format("truncated: {} bytes, the header alone has {}", bytes.size(), kHeaderBytes));
  uint32_t version = ReadU32(bytes, 4);
  if (version > kVersion)
    return fail(fmt::format("bundle version {} is newer than this ringline ({})", version, kVersion));
  if (version < kOldestVersion)
    return fail(fmt::format("bundle version {} is older than this ringline reads ({}); refit it with `ringline fit`",
                            version, kOldestVersion));
  uint64_t length = llvm::support::endian::read64le(bytes.data() + 8);
  uint64_t have = bytes.size() - kHeaderBytes;
  if (length > have) return fail(fmt::format("truncated: the header promises {} payload bytes, {} follow", length, have));
  if (length < have) return fail(fmt::format("corrupted: {} bytes after the payload", have - length));
  llvm::StringRef payload = bytes.drop_front(kHeaderBytes);
  if (llvm::crc32(llvm::arrayRefFromStringRef(payload)) != ReadU32(bytes, 16))
    return fail("corrupted: checksum mismatch");
  llvm::Expected<Bundle> b = ParsePayload(payload, version);
  if (!b) return fail(llvm::toString(b.takeError()));
  return b;
}

llvm::Expected<Bundle> ReadBundle(llvm::StringRef path) {
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> buf = ReadRegularFile(path.str(), kMaxBundleBytes, false);
  if (!buf) {
    // The system's error code stays with the message, so a missing file reads as one
    // (the driver's `[file_error]`), not as a bad bundle.
    std::error_code ec = llvm::inconvertibleErrorCode();
    std::string why;
    llvm::handleAllErrors(buf.takeError(), [&](const llvm::ErrorInfoBase& e) {
      ec = e.convertToErrorCode();
      why = e.message();
    });
    return llvm::createStringError(ec, fmt::format("cannot read `{}`: {}", path.str(), why));
  }
  return ParseBundle((*buf)->getBuffer(), path);
}

llvm::Error WriteBundle(const Bundle& b, llvm::StringRef path) {
  std::string bytes = SerializeBundle(b);
  // writeToOutput writes a temporary file and renames it: a failed write leaves no half bundle.
  if (llvm::Error e = llvm::writeToOutput(path, [&](llvm::raw_ostream& os) {
        os << bytes;
        return llvm::Error::success();
      }))
    return Bad(fmt::format("cannot write `{}`: {}", path.str(), llvm::toString(std::move(e))));
  return llvm::Error::success();
}

}  // namespace rl::kernels

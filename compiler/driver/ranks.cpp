#include "compiler/driver/ranks.h"

#include <fmt/format.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Support/xxhash.h>

#include <optional>
#include <vector>

#include "compiler/api/processes.h"

namespace rl::driver {
namespace {

std::vector<std::string> g_args;
std::optional<int> g_agreed;

// A rank's diagnostics shown on rank 0: their last bytes, enough for a few errors.
constexpr size_t kSaidBytes = 8 << 10;
// Files the digest reads: specs are at most 8 MiB (rl::kMaxSourceBytes), traces and
// configs more.
constexpr uint64_t kDigestFileBytes = uint64_t{512} << 20;

// The arguments, and the contents of each that names a regular file (or whose value after
// `=` does): ranks in different folders may run the same command on different copies.
std::string Digest() {
  std::string all;
  for (const std::string& a : g_args) {
    all += a;
    all += '\0';
    for (llvm::StringRef path : {llvm::StringRef(a), llvm::StringRef(a).split('=').second}) {
      uint64_t size = 0;
      if (path.empty() || !llvm::sys::fs::is_regular_file(path) || llvm::sys::fs::file_size(path, size) ||
          size > kDigestFileBytes)
        continue;
      if (auto buf = llvm::MemoryBuffer::getFile(path))
        all += fmt::format("{:016x}", llvm::xxh3_64bits((*buf)->getBuffer()));
    }
  }
  return fmt::format("{:016x}", llvm::xxh3_64bits(all));
}

}  // namespace

void SetCommandLine(int argc, char** argv) { g_args.assign(argv + 1, argv + argc); }

int AgreeReady(ringline::Processes* processes, int status) {
  if (g_agreed) return *g_agreed;
  runtime::mpi::Cluster* cluster = api::ClusterOf(processes);
  if (!cluster) return *(g_agreed = status);
  // `STATUS DIGEST SAID`: what a failed rank printed travels with it.
  std::string mine = fmt::format("{} {} ", status, Digest());
  if (status != 0 && cluster->rank() != 0) mine += cluster->Silenced(kSaidBytes);
  std::vector<std::string> all = cluster->Gather(mine);
  int verdict = 0;
  if (cluster->rank() == 0) {
    verdict = status;
    std::string digest0;
    for (size_t r = 0; r < all.size(); ++r) {
      auto [code, rest] = llvm::StringRef(all[r]).split(' ');
      auto [digest, said] = rest.split(' ');
      int c = 0;
      if (code.getAsInteger(10, c)) c = 1;
      if (r == 0) digest0 = digest.str();
      if (c != 0 && r != 0) {
        std::string text;
        for (llvm::StringRef line : llvm::split(said.rtrim('\n'), '\n')) text += fmt::format("  rank {}: {}\n", r, line);
        llvm::errs() << fmt::format("ringline: rank {} of {} failed to start{}\n{}", r, all.size(),
                                    said.empty() ? "" : ":", text);
        if (verdict == 0) verdict = c;
      } else if (c == 0 && status == 0 && digest != digest0) {
        llvm::errs() << fmt::format(
            "ringline: rank {} of {} runs another command than rank 0 (its arguments, or the files they name, "
            "differ); every rank must run the same one\n",
            r, all.size());
        if (verdict == 0) verdict = 1;
      }
    }
  }
  return *(g_agreed = cluster->Broadcast(verdict));
}

}  // namespace rl::driver

// Reading a file a spec names (the spec itself, an import, a kernel bundle): only a regular
// file, and only up to a size, so that nothing a spec names can block (a FIFO), never end
// (/dev/urandom) or exhaust memory (/dev/zero). Header-only: the checker and the kernel
// bundles both read through it.
#pragma once
#include <llvm/Support/Error.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>

#include <cstdint>
#include <memory>
#include <string>

namespace rl {

// The most text of a spec and its imports together, and the largest kernel bundle, read.
// Parsing and checking hold about 190 bytes a byte of text at worst (8 MiB of lists of
// one-digit numbers: 1.5 GB), so 8 MiB keeps a compilation under 2 GB.
inline constexpr uint64_t kMaxSourceBytes = 8ull << 20;
inline constexpr uint64_t kMaxBundleBytes = 256ull << 20;

// The file's contents, or an error whose message says why not ("not a regular file",
// "larger than 64 MiB", or the system's reason).
inline llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> ReadRegularFile(const std::string& path, uint64_t limit,
                                                                         bool text) {
  llvm::sys::fs::file_status st;
  if (std::error_code ec = llvm::sys::fs::status(path, st))
    return llvm::createStringError(ec, ec.message());
  if (st.type() == llvm::sys::fs::file_type::directory_file)
    return llvm::createStringError(std::errc::is_a_directory, "it is a directory");
  if (st.type() != llvm::sys::fs::file_type::regular_file)
    return llvm::createStringError(std::errc::invalid_argument, "not a regular file (a device, FIFO or socket)");
  if (st.getSize() > limit)
    return llvm::createStringError(std::errc::file_too_large, "larger than %llu MiB",
                                   static_cast<unsigned long long>(limit >> 20));
  auto buf = llvm::MemoryBuffer::getFile(path, text, /*RequiresNullTerminator=*/true);
  if (!buf) return llvm::createStringError(buf.getError(), buf.getError().message());
  return std::move(*buf);
}

}  // namespace rl

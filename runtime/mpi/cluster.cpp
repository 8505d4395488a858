// runtime/mpi/cluster.h on MPI. Rank 0's chunk server is a thread that polls for
// requests (MPI_Test and a short sleep, so it does not take a core from the sweep);
// other ranks ask for their next block as one arrives. Only one thread of a rank calls
// MPI at a time (mpi_mu_ on the other ranks, where the engine's claims and a full
// table's sends come from different threads; on rank 0 the server, then the calling
// thread), so MPI_THREAD_SERIALIZED is enough.
//
// A full table's chunk x travels with the tag kDataTag + x % tag_span_ as a synchronous
// send (MPI_Issend, complete once rank 0 has taken it in), so a rank whose chunk lies
// beyond rank 0's window waits with it, and rank 0 receives from each rank only chunks
// that fit in the window: its memory is bounded however uneven the ranks are.
#include "runtime/mpi/cluster.h"

#include "runtime/mpi/chunk_codec.h"

#include <fcntl.h>
#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <mutex>
#include <thread>
#include <type_traits>

namespace rl::runtime::mpi {
namespace {

constexpr int kRequestTag = 71, kReplyTag = 72, kDataTag = 1000;
// A rank's requests: a block of chunks, or that it has swept its last (every rank
// sends kEnd once after its sweep, so rank 0 knows all its chunks have come).
enum : uint64_t { kWant = 0, kEnd = 1 };
// Blocks of a full table: smaller, since every chunk crosses to rank 0 anyway.
constexpr uint64_t kMaxBlock = 256, kMaxTableBlock = 8;
// Rank 0 holds at most this many bytes of a full table's chunks waiting for their turn.
constexpr uint64_t kWindowBytes = uint64_t{256} << 20;

// Polls with a wait that doubles from 20 µs to 640 µs while nothing comes: a fixed
// 20 µs is 50,000 wake-ups a second, which took 15% of the second core from two ranks on
// two cores (parallel efficiency 85%).
class Backoff {
 public:
  void Idle() {
    std::this_thread::sleep_for(wait_);
    wait_ = std::min(2 * wait_, std::chrono::microseconds(640));
  }
  void Busy() { wait_ = std::chrono::microseconds(20); }

 private:
  std::chrono::microseconds wait_{20};
};

// Whether Cluster::kGraceSeconds have passed since the interrupt flag was first seen set.
class Grace {
 public:
  explicit Grace(const std::atomic<bool>* flag) : flag_(flag) {}
  bool Over() {
    if (!flag_ || !flag_->load(std::memory_order_relaxed)) return false;
    const auto now = std::chrono::steady_clock::now();
    if (!seen_) {
      seen_ = true;
      since_ = now;
    }
    return std::chrono::duration<double>(now - since_).count() > Cluster::kGraceSeconds;
  }

 private:
  const std::atomic<bool>* flag_;
  bool seen_ = false;
  std::chrono::steady_clock::time_point since_;
};

int g_err_fd = 2;  // this rank's stderr before Silence

class MpiCluster : public Cluster {
 public:
  // With `comm` (a communicator of an MPI someone else initialised, mpi4py's), its
  // duplicate, and MPI is neither initialised nor finalised here; else MPI_COMM_WORLD.
  explicit MpiCluster(MPI_Comm* comm) {
    int provided = 0, initialised = 0;
    MPI_Initialized(&initialised);
    owner_ = !initialised;
    if (owner_)
      MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided);
    else
      MPI_Query_thread(&provided);
    MPI_Comm_dup(comm ? *comm : MPI_COMM_WORLD, &comm_);
    MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN);
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &size_);
    int* tag_ub = nullptr;
    int has = 0;
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &has);
    const int64_t ub = has && tag_ub ? *tag_ub : 32767;
    tag_span_ = static_cast<uint64_t>(std::min<int64_t>(int64_t{1} << 20, ub - kDataTag));
    if (provided < MPI_THREAD_SERIALIZED) Abort("ringline: this MPI library does not support MPI_THREAD_SERIALIZED", 1);
  }
  ~MpiCluster() override {
    EndChunks();
    MPI_Comm_free(&comm_);
    if (owner_) MPI_Finalize();
  }
  int rank() const override { return rank_; }
  int size() const override { return size_; }

  std::function<std::optional<uint64_t>()> Chunks(uint64_t chunks) override {
    Deal(chunks);
    block_ = {0, 0};
    done_ = false;
    asked_ = false;
    if (rank_ == 0) {
      if (size_ > 1) server_ = std::thread([this] { Serve(); });
      return [this]() -> std::optional<uint64_t> {
        std::lock_guard<std::mutex> lock(mu_);
        if (next_ >= chunks_) return std::nullopt;
        return next_++;
      };
    }
    // The next block is asked for as soon as one arrives, so the round trip (rank 0's
    // server polls at most every 640 µs) overlaps the block's sweep.
    return [this]() -> std::optional<uint64_t> {
      if (block_.first == block_.second) {
        if (done_) return std::nullopt;
        std::lock_guard<std::mutex> lock(mpi_mu_);
        if (!asked_) Ask();
        block_ = Answer();
        if (block_.first == block_.second) {
          done_ = true;
          return std::nullopt;
        }
        Ask();
      }
      return block_.first++;
    };
  }

  void EndChunks() override {
    if (rank_ == 0) {
      if (server_.joinable()) server_.join();
    } else if (chunks_ != UINT64_MAX) {
      // A rank that stopped early (Ctrl-C, a non-finite report) first takes the block it
      // asked for ahead: its chunks follow every chunk this rank swept, so they hold no
      // earlier failure, and rank 0 sees them missing from a full table.
      std::lock_guard<std::mutex> lock(mpi_mu_);
      if (asked_) Answer();
      uint64_t req = kEnd;
      Check(MPI_Send(&req, 1, MPI_UINT64_T, 0, kRequestTag, comm_), "leaving the sweep");
      done_ = true;
    }
    chunks_ = UINT64_MAX;
  }

  void Watch(const std::atomic<bool>* interrupt) override { interrupt_ = interrupt; }
  bool Abandoned() const override { return abandoned_; }
  uint64_t Requests() const override { return requests_.load(); }

  uint64_t PointsElsewhere(double points_per_chunk) const override {
    std::lock_guard<std::mutex> lock(mu_);
    uint64_t chunks = 0;
    for (const Granted& g : granted_) chunks += g.total - g.last - g.before_last;
    return static_cast<uint64_t>(static_cast<double>(chunks) * points_per_chunk);
  }

  std::unique_ptr<Consumer> ChunkSender() override { return std::make_unique<Sender>(*this); }

  SweepResult WriteInOrder(const Space& space, uint64_t chunks, Consumer& writer, const SweepOptions& opts) override;

  std::vector<std::string> Gather(const std::string& mine) override {
    uint64_t n = mine.size();
    std::vector<uint64_t> sizes(rank_ == 0 ? size_ : 0);
    Check(MPI_Gather(&n, 1, MPI_UINT64_T, sizes.data(), 1, MPI_UINT64_T, 0, comm_), "gathering results");
    std::vector<int> counts, displs;
    std::string all;
    if (rank_ == 0) {
      uint64_t total = 0;
      for (uint64_t s : sizes) {
        if (total + s > static_cast<uint64_t>(INT32_MAX)) Abort("ringline: the ranks' results exceed 2 GiB", 1);
        counts.push_back(static_cast<int>(s));
        displs.push_back(static_cast<int>(total));
        total += s;
      }
      all.resize(total);
    }
    Check(MPI_Gatherv(mine.data(), static_cast<int>(n), MPI_BYTE, all.data(), counts.data(), displs.data(), MPI_BYTE,
                      0, comm_),
          "gathering results");
    std::vector<std::string> out;
    if (rank_ == 0)
      for (int r = 0; r < size_; ++r) out.push_back(all.substr(displs[r], counts[r]));
    return out;
  }

  std::string Broadcast(const std::string& bytes) override {
    uint64_t n = bytes.size();
    Check(MPI_Bcast(&n, 1, MPI_UINT64_T, 0, comm_), "sharing results");
    std::string out = rank_ == 0 ? bytes : std::string(n, '\0');
    if (n > static_cast<uint64_t>(INT32_MAX)) Abort("ringline: a result exceeds 2 GiB", 1);
    Check(MPI_Bcast(out.data(), static_cast<int>(n), MPI_BYTE, 0, comm_), "sharing results");
    return out;
  }

  int Broadcast(int value) override {
    Check(MPI_Bcast(&value, 1, MPI_INT, 0, comm_), "sharing the exit status");
    return value;
  }

  [[noreturn]] void Abort(const std::string& message, int code) override {
    std::string line = message + "\n";
    if (write(g_err_fd, line.data(), line.size()) < 0) {
    }
    MPI_Abort(comm_, code);
    std::_Exit(code);
  }

  void Silence() override {
    g_err_fd = dup(2);
    int null = open("/dev/null", O_WRONLY);
    if (null < 0) return;
    std::fflush(stdout);
    std::fflush(stderr);
    dup2(null, 1);
    // stderr into an unlinked file, so that a rank's diagnostics can reach rank 0.
    if (std::FILE* f = std::tmpfile()) {
      said_ = f;
      dup2(fileno(f), 2);
    } else {
      dup2(null, 2);
    }
    close(null);
  }

  std::string Silenced(size_t max) override {
    if (!said_) return "";
    std::fflush(stderr);
    const off_t end = lseek(2, 0, SEEK_END);
    const off_t from = end > static_cast<off_t>(max) ? end - static_cast<off_t>(max) : 0;
    std::string out(static_cast<size_t>(end > 0 ? end - from : 0), '\0');
    const ssize_t n = out.empty() ? 0 : pread(2, out.data(), out.size(), from);
    out.resize(n > 0 ? static_cast<size_t>(n) : 0);
    if (int null = open("/dev/null", O_WRONLY); null >= 0) {
      dup2(null, 2);
      close(null);
    }
    std::fclose(said_);
    said_ = nullptr;
    return out;
  }

 private:
  void Check(int rc, const char* what) {
    if (rc == MPI_SUCCESS) return;
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(rc, text, &len);
    Abort("ringline: rank " + std::to_string(rank_) + ": MPI failed " + what + ": " + std::string(text, len) +
              "; ending the job",
          1);
  }

  // Rank 0 deals chunks 0 .. chunks - 1 from the start.
  void Deal(uint64_t chunks) {
    chunks_ = chunks;
    next_ = 0;
    granted_.assign(size_, Granted{});
  }

  // Answers requests until every other rank has said it has swept its last chunk.
  // Blocks shrink with what is left (a quarter of each rank's share, at most 256 chunks).
  void Serve() {
    int left = size_ - 1;
    Backoff backoff;
    Grace grace(interrupt_);
    while (left > 0) {
      if (grace.Over()) {
        abandoned_ = true;
        return;
      }
      int flag = 0;
      MPI_Status status;
      Check(MPI_Iprobe(MPI_ANY_SOURCE, kRequestTag, comm_, &flag, &status), "serving chunks");
      if (!flag) {
        backoff.Idle();
        continue;
      }
      backoff.Busy();
      if (Request(status.MPI_SOURCE, /*table=*/false, /*granting=*/true) == kEnd) --left;
    }
  }

  // Takes rank `from`'s request; a block is dealt (empty when the chunks are all dealt,
  // or when not `granting`). Returns the request.
  uint64_t Request(int from, bool table, bool granting) {
    uint64_t req = 0;
    Check(MPI_Recv(&req, 1, MPI_UINT64_T, from, kRequestTag, comm_, MPI_STATUS_IGNORE), "serving chunks");
    if (req == kEnd) return req;
    requests_.fetch_add(1, std::memory_order_relaxed);
    uint64_t reply[2];
    {
      std::lock_guard<std::mutex> lock(mu_);
      const uint64_t remaining = granting ? chunks_ - next_ : 0;
      const uint64_t others = static_cast<uint64_t>(table ? size_ - 1 : size_);
      const uint64_t block =
          std::min(std::clamp<uint64_t>(remaining / (4 * others), 1, table ? kMaxTableBlock : kMaxBlock), remaining);
      reply[0] = next_;
      next_ += block;
      reply[1] = next_;
      Granted& g = granted_[from];
      g.total += block;
      g.before_last = g.last;
      g.last = block;
    }
    Check(MPI_Send(reply, 2, MPI_UINT64_T, from, kReplyTag, comm_), "serving chunks");
    return req;
  }

  // Sends a request for the next block; Answer waits for its reply (mpi_mu_ held).
  void Ask() {
    Check(MPI_Isend(&want_, 1, MPI_UINT64_T, 0, kRequestTag, comm_, &ask_send_), "asking rank 0 for chunks");
    Check(MPI_Irecv(reply_, 2, MPI_UINT64_T, 0, kReplyTag, comm_, &ask_recv_), "asking rank 0 for chunks");
    asked_ = true;
  }
  std::pair<uint64_t, uint64_t> Answer() {
    Check(MPI_Wait(&ask_send_, MPI_STATUS_IGNORE), "asking rank 0 for chunks");
    Check(MPI_Wait(&ask_recv_, MPI_STATUS_IGNORE), "asking rank 0 for chunks");
    asked_ = false;
    return {reply_[0], reply_[1]};
  }

  int DataTag(uint64_t chunk) const { return kDataTag + static_cast<int>(chunk % tag_span_); }

  // A full table's consumer on the ranks other than 0: each chunk to rank 0, up to
  // kInFlight sends outstanding (one at a time cost a round trip per chunk: two ranks'
  // tables ran 3.5 times slower than one process), waiting for the oldest only when all
  // are; without mpi_mu_ held while it waits, so this rank's claims go on. Destroyed
  // after the sweep, it waits for them all, so that kEnd follows every chunk.
  class Sender : public Consumer {
   public:
    static constexpr size_t kInFlight = 4;
    explicit Sender(MpiCluster& c) : c_(c) {
      for (MPI_Request& r : req_) r = MPI_REQUEST_NULL;
    }
    ~Sender() override {
      for (size_t i = 0; i < kInFlight; ++i) Wait(i);
    }
    bool Consume(Chunk& chunk) override {
      const size_t slot = next_++ % kInFlight;
      Wait(slot);
      std::string& bytes = bytes_[slot];
      bytes.clear();
      EncodeChunk(chunk, &bytes);
      if (bytes.size() > static_cast<size_t>(INT32_MAX)) c_.Abort("ringline: a chunk exceeds 2 GiB", 1);
      std::lock_guard<std::mutex> lock(c_.mpi_mu_);
      c_.Check(MPI_Issend(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, 0, c_.DataTag(chunk.index),
                          c_.comm_, &req_[slot]),
               "sending rows to rank 0");
      return true;
    }

   private:
    void Wait(size_t slot) {
      while (true) {
        int done = 0;
        {
          std::lock_guard<std::mutex> lock(c_.mpi_mu_);
          if (req_[slot] == MPI_REQUEST_NULL) return;
          c_.Check(MPI_Test(&req_[slot], &done, MPI_STATUS_IGNORE), "sending rows to rank 0");
        }
        if (done) return;
        std::this_thread::sleep_for(std::chrono::microseconds(20));
      }
    }

    MpiCluster& c_;
    std::string bytes_[kInFlight];
    MPI_Request req_[kInFlight];
    size_t next_ = 0;
  };

  // Per rank, the chunks dealt to it: in all, in its last block and in the one before.
  struct Granted {
    uint64_t total = 0, last = 0, before_last = 0;
  };

  int rank_ = 0, size_ = 1;
  MPI_Comm comm_ = MPI_COMM_NULL;
  bool owner_ = true;  // MPI_Init here, so MPI_Finalize here
  std::FILE* said_ = nullptr;  // this rank's stderr from Silence until Silenced
  uint64_t tag_span_ = 1;
  mutable std::mutex mu_;  // next_, granted_ (rank 0)
  std::mutex mpi_mu_;      // MPI calls (ranks other than 0)
  std::vector<Granted> granted_;
  uint64_t chunks_ = UINT64_MAX, next_ = 0;
  std::pair<uint64_t, uint64_t> block_{0, 0};
  bool done_ = true, asked_ = false;
  const std::atomic<bool>* interrupt_ = nullptr;
  std::atomic<bool> abandoned_{false};
  std::atomic<uint64_t> requests_{0};
  const uint64_t want_ = kWant;
  uint64_t reply_[2] = {0, 0};
  MPI_Request ask_send_ = MPI_REQUEST_NULL, ask_recv_ = MPI_REQUEST_NULL;
  std::thread server_;
};

// Rank 0's loop for a full table: requests, then from each rank its next chunk when it
// fits in the window (all of them once nothing more is written), then the rows of every
// chunk whose turn has come. Writing stops at a chunk with a non-finite report and at a
// chunk that can no longer come (its rank has ended without it: Ctrl-C); dealing stops
// then and at this rank's Ctrl-C.
SweepResult MpiCluster::WriteInOrder(const Space& space, uint64_t chunks, Consumer& writer, const SweepOptions& opts) {
  SweepResult res;
  res.failed.assign(opts.num_requires, 0);
  Deal(chunks);
  ProgressLine progress(opts.progress, space.points);
  const uint64_t others = static_cast<uint64_t>(size_ - 1);
  const double chunk_bytes =
      static_cast<double>(space.points) / static_cast<double>(std::max<uint64_t>(chunks, 1)) *
          (8.0 * static_cast<double>(space.num_reports) + 1.0) + 256.0;
  const uint64_t window = std::min<uint64_t>(
      {std::max<uint64_t>(32 * others, 64),
       std::max<uint64_t>(2 * others, static_cast<uint64_t>(static_cast<double>(kWindowBytes) / chunk_bytes)),
       tag_span_ / 2});
  struct Block {
    uint64_t lo, hi;
    int rank;
  };
  std::deque<Block> blocks;           // dealt, not yet all written, in chunk order
  std::map<uint64_t, Chunk> held;     // received, waiting for their turn
  std::vector<bool> ended(size_, false);
  uint64_t ends = 0, written = 0;
  bool granting = true, writing = true;
  std::string bytes;
  Backoff backoff;
  auto stop = [&] { granting = writing = false; };
  // The chunk a tag names: the one at or after `written` (a rank's next chunk is never
  // written yet, and lies within tag_span_ of it).
  auto chunk_of = [&](int tag) {
    const uint64_t mod = static_cast<uint64_t>(tag - kDataTag);
    return written + (mod + tag_span_ - written % tag_span_) % tag_span_;
  };
  Grace grace(interrupt_ ? interrupt_ : opts.interrupt);
  while (ends < others) {
    if (grace.Over()) {
      abandoned_ = true;
      break;
    }
    bool busy = false;
    if (granting && opts.interrupt && opts.interrupt->load(std::memory_order_relaxed)) granting = false;
    int flag = 0;
    MPI_Status status;
    Check(MPI_Iprobe(MPI_ANY_SOURCE, kRequestTag, comm_, &flag, &status), "serving chunks");
    if (flag) {
      busy = true;
      const uint64_t before = next_;
      if (Request(status.MPI_SOURCE, /*table=*/true, granting) == kEnd) {
        ended[status.MPI_SOURCE] = true;
        ++ends;
      } else if (next_ > before) {
        blocks.push_back({before, next_, status.MPI_SOURCE});
      }
    }
    for (int r = 1; r < size_; ++r) {
      Check(MPI_Iprobe(r, MPI_ANY_TAG, comm_, &flag, &status), "taking rows");
      if (!flag || status.MPI_TAG < kDataTag) continue;
      const uint64_t x = chunk_of(status.MPI_TAG);
      if (writing && x >= written + window) continue;
      busy = true;
      int n = 0;
      MPI_Get_count(&status, MPI_BYTE, &n);
      bytes.resize(static_cast<size_t>(n));
      Check(MPI_Recv(bytes.data(), n, MPI_BYTE, r, status.MPI_TAG, comm_, MPI_STATUS_IGNORE), "taking rows");
      if (!writing) continue;
      Chunk& c = held[x];
      if (!DecodeChunk(bytes, space, &c) || c.index != x)
        Abort("ringline: rank 0: rank " + std::to_string(r) + " sent a chunk that is not chunk " + std::to_string(x) +
                  " of this sweep; ending the job",
              1);
    }
    while (writing) {
      auto it = held.find(written);
      if (it == held.end()) break;
      Chunk& c = it->second;
      writer.Prepare(c);
      const bool go = writer.Consume(c);
      const bool whole = AddChunk(c, &res);
      held.erase(it);
      ++written;
      while (!blocks.empty() && blocks.front().hi <= written) blocks.pop_front();
      if (!go || !whole) stop();
      busy = true;
    }
    if (writing && !blocks.empty() && ended[blocks.front().rank] && !held.count(written)) {
      stop();  // its rank stopped without it: the table ends before it
      held.clear();
    }
    if (!writing) held.clear();
    progress.Update(res.points);
    if (busy)
      backoff.Busy();
    else
      backoff.Idle();
  }
  res.interrupted = !res.failure && written < chunks;
  chunks_ = UINT64_MAX;
  return res;
}

// Open MPI's MPI_Comm is a pointer, MPICH's an int: the handle mpi4py gives is either.
template <typename C>
C CommOf(intptr_t handle) {
  if constexpr (std::is_pointer_v<C>)
    return reinterpret_cast<C>(handle);
  else
    return static_cast<C>(handle);
}

}  // namespace

bool Built() { return true; }

bool Launched() {
  for (const char* v : {"Ocomm__SIZE", "PMI_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(v)) return true;
  return false;
}

std::unique_ptr<Cluster> Cluster::Start() {
  if (!Launched()) return nullptr;
  return std::make_unique<MpiCluster>(nullptr);
}

std::unique_ptr<Cluster> Cluster::Join(intptr_t comm) {
  int initialised = 0;
  MPI_Initialized(&initialised);
  if (!initialised) return nullptr;
  MPI_Comm c = CommOf<MPI_Comm>(comm);
  return std::make_unique<MpiCluster>(&c);
}

}  // namespace rl::runtime::mpi

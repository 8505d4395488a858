// Plain values to bytes and back: the states that sweeps under MPI send to rank 0
// (RowConsumer::Save and Merge, the driver's counts). One process reads what another
// wrote on the same build, so no byte order or versioning.
#pragma once
#include <cstring>
#include <string>
#include <vector>

namespace rl::runtime {

template <typename T>
void Put(std::string* out, const T& v) {
  out->append(reinterpret_cast<const char*>(&v), sizeof v);
}
// The value at *at, advancing it; a default value past the end.
template <typename T>
T Take(const std::string& in, size_t* at) {
  T v{};
  if (*at + sizeof v <= in.size()) std::memcpy(&v, in.data() + *at, sizeof v);
  *at += sizeof v;
  return v;
}

// Arrays: the elements' bytes as they lie (PutArray), and back into a vector of `n`.
template <typename T>
void PutArray(std::string* out, const T* v, size_t n) {
  out->append(reinterpret_cast<const char*>(v), n * sizeof(T));
}
template <typename T>
void TakeArray(const std::string& in, size_t* at, size_t n, std::vector<T>* v) {
  v->assign(n, T{});
  if (*at + n * sizeof(T) <= in.size() && n > 0) std::memcpy(v->data(), in.data() + *at, n * sizeof(T));
  *at += n * sizeof(T);
}

}  // namespace rl::runtime

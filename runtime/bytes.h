// Plain values to bytes and back: the states that sweeps under MPI send to rank 0
// (RowConsumer::Save and Merge, the driver's counts). One process reads what another
// wrote on the same build, so no byte order or versioning.
#pragma once
#include <cstring>
#include <string>

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

}  // namespace rl::runtime

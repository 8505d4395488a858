// RL_VECTOR_CLONES: compiles a hot scan loop for AVX-512, AVX2 and baseline x86-64 and
// picks one at load time (GCC function multiversioning), so the default build runs the
// per-row scans of the sweep engine at the host's vector width. Sanitizer builds get the
// plain function: their instrumentation runs inside the ifunc resolver before the
// sanitizer runtime is up, and crashes.
#pragma once

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_THREAD__) && \
    !defined(__SANITIZE_ADDRESS__)
#define RL_VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define RL_VECTOR_CLONES
#endif

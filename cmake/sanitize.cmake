# RINGLINE_SANITIZE=ON (`make test-asan`, docs/robustness.md): every target built with
# AddressSanitizer and UndefinedBehaviorSanitizer by Debian's clang-19, an undefined-
# behaviour report fatal (-fno-sanitize-recover) so that ctest sees it as a failure, and
# every target's code instrumented for libFuzzer's coverage, so the fuzz targets
# (test/fuzz) link against the same libraries as the tests. -O1 keeps the build short and
# the reports readable; NDEBUG stays as in the release build, so the suite tests the
# same code. LLVM, ANTLR's runtime and libstdc++ are not instrumented: ASan sees their
# allocations through its malloc, not their internal overflows.
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "RINGLINE_SANITIZE needs clang (configure with -DCMAKE_CXX_COMPILER=clang++-19)")
endif()
# -fno-sanitize=function: that check reads 8 bytes before the callee of an indirect call
# for its type signature, and a JIT'd entry point (jit::Evaluator) can start a mapped
# page with nothing mapped before it, a SEGV. -Wno-deprecated-declarations: libstdc++
# 12's own headers call std::get_temporary_buffer, which clang 19 flags in every file.
add_compile_options(-fsanitize=address,undefined -fno-sanitize=function -fno-sanitize-recover=undefined
                    -fsanitize=fuzzer-no-link -fno-omit-frame-pointer -O1 -gline-tables-only
                    -Wno-deprecated-declarations)
add_link_options(-fsanitize=address,undefined -fno-sanitize=function)
# Each executable carries the sanitizers' default options (rl_target_options).
set(RL_SANITIZER_DEFAULTS ${CMAKE_CURRENT_LIST_DIR}/sanitizer_defaults.cpp)
# The sanitized code runs several times slower: lit's CPU-time limits (run_limited.py)
# are scaled by this.
set(RL_LIT_TIME_SCALE 8)

// Default options of the sanitizers, compiled into every executable of the sanitizer
// build (cmake/sanitize.cmake), so that ctest, lit and a hand-run binary behave alike;
// ASAN_OPTIONS, UBSAN_OPTIONS and LSAN_OPTIONS in the environment still override them.
extern "C" const char* __asan_default_options() { return ""; }
extern "C" const char* __ubsan_default_options() { return "print_stacktrace=1"; }

// Leaks that are not ours, in libraries we do not build:
// - ANTLR 4.9's C++ runtime leaks the configurations of a full-context (LL) prediction
//   that ends in a syntax error: they form a shared_ptr cycle through the
//   NoViableAltException (antlr/antlr4#2164 upstream, unfixed in 4.9). The parser runs LL only after
//   SLL failed, so only a spec with a syntax error leaks, some kilobytes once.
extern "C" const char* __lsan_default_suppressions() { return "leak:libantlr4-runtime.so\n"; }

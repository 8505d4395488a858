// Bytes that are not UTF-8 are [bad_encoding] at the first bad byte, exit 1, in well
// under 5 s: 64 KiB from a fixed-seed PRNG, and each kind of malformed sequence (a
// stray continuation byte, an overlong encoding, a UTF-16 surrogate, a sequence cut off
// by the end of the file, 0xff); valid but random UTF-8 text is [syntax_error]s up to
// the error cap. Never a crash: run_limited.py wants exactly exit 1.
// RUN: %python -c "import random, sys; r = random.Random(2024); sys.stdout.buffer.write(bytes(r.getrandbits(8) for _ in range(65536)))" > %t.random.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.random.rl | FileCheck %s --check-prefix=RANDOM
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline eval %t.random.rl | FileCheck %s --check-prefix=RANDOM
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline emit --emit=tokens %t.random.rl | FileCheck %s --check-prefix=RANDOM
// RANDOM: random.rl:1:3: error: byte 0xba is not valid UTF-8; specs are UTF-8 text [bad_encoding]
// RANDOM: exit 1

// RUN: %python -c "import sys; sys.stdout.buffer.write(b'let a = 1\nlet b = \x80\n')" > %t.cont.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.cont.rl | FileCheck %s --check-prefix=CONT
// CONT: cont.rl:2:9: error: byte 0x80 is not valid UTF-8; specs are UTF-8 text [bad_encoding]
// CONT: exit 1

// RUN: %python -c "import sys; sys.stdout.buffer.write(b'let a = \"\xc0\xaf\"\n')" > %t.overlong.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.overlong.rl | FileCheck %s --check-prefix=OVERLONG
// OVERLONG: overlong.rl:1:10: error: byte 0xc0 is not valid UTF-8; specs are UTF-8 text [bad_encoding]
// OVERLONG: exit 1

// RUN: %python -c "import sys; sys.stdout.buffer.write(b'// \xed\xa0\x80 a surrogate\nlet a = 1\n')" > %t.surrogate.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.surrogate.rl | FileCheck %s --check-prefix=SURROGATE
// SURROGATE: surrogate.rl:1:4: error: byte 0xed is not valid UTF-8; specs are UTF-8 text [bad_encoding]
// SURROGATE: exit 1

// RUN: %python -c "import sys; sys.stdout.buffer.write(b'let a = 1 // \xe2\x82')" > %t.cut.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.cut.rl | FileCheck %s --check-prefix=CUT
// CUT: cut.rl:1:14: error: byte 0xe2 is not valid UTF-8; specs are UTF-8 text [bad_encoding]
// CUT: exit 1

// RUN: %python -c "import sys; sys.stdout.buffer.write(b'\xff')" > %t.ff.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.ff.rl | FileCheck %s --check-prefix=FF
// FF: ff.rl:1:1: error: byte 0xff is not valid UTF-8; specs are UTF-8 text [bad_encoding]
// FF: exit 1

// RUN: %python -c "import random; r = random.Random(7); cps = [c for c in range(0x20, 0x3000) if not 0xD800 <= c < 0xE000]; print(''.join(chr(r.choice(cps)) if r.random() < 0.5 else r.choice('let fn =()[]{}+-*/1234567890.,;:abc\n ') for _ in range(65536)))" > %t.text.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.text.rl | FileCheck %s --check-prefix=TEXT
// TEXT-COUNT-20: error: {{.*}} [syntax_error]
// TEXT: {{^}}ringline: error: too many errors (20); stopping [too_many_errors]
// TEXT: exit 1

// A diagnostic never echoes what is not Ringline text: an import must name a `.rl` file
// (any other file in the spec's tree, a CSV or a key, is refused before it is read), and
// a line with bytes that are not UTF-8 is located but not shown.
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf 'root:x:0:0:root:/root:/bin/bash\n' > %t/secret.txt
// RUN: printf 'import "secret.txt"\nscenario s { report r = 1 s }\n' > %t/a.rl
// RUN: not %ringline check %t/a.rl 2>&1 | FileCheck %s --check-prefix=TXT --implicit-check-not=root:x
// TXT: a.rl:1:1: error: an import names a Ringline file (`.rl`); `secret.txt` is not one [path_not_allowed]
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'let a = 1\nlet b = \xff\xfe 2 // hidden\n')" > %t/bad.rl
// RUN: not %ringline check %t/bad.rl 2>&1 | FileCheck %s --check-prefix=UTF --implicit-check-not=hidden
// UTF: bad.rl:2:9: error: byte 0xff is not valid UTF-8; specs are UTF-8 text [bad_encoding]
// UTF-NOT: ^

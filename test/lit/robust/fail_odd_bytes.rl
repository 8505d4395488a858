// Bytes editors and other tools put in files: a NUL is [syntax_error] named by its code
// point; CRLF line ends count one line each; a byte-order mark at the start is ignored
// (and reported, by code point, anywhere else); tabs are whitespace.
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'let a = 1\nlet b = 2\x00\n')" > %t.nul.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.nul.rl | FileCheck %s --check-prefix=NUL
// NUL: nul.rl:2:10: error: unexpected character U+0000 [syntax_error]
// NUL: exit 1

// RUN: %python -c "import sys; sys.stdout.buffer.write(b'let a = 1\r\nlet b = a +\r\n  c\r\n')" > %t.crlf.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.crlf.rl | FileCheck %s --check-prefix=CRLF
// CRLF: crlf.rl:3:3: error: unknown name `c` [unknown_name]
// CRLF: exit 1

// RUN: %python -c "import sys; sys.stdout.buffer.write(b'\xef\xbb\xbfscenario s {\n\treport r = 2 s\t*\t3\n}\n')" > %t.bom.rl
// RUN: %python %S/Inputs/run_limited.py 0 5 %ringline eval %t.bom.rl | FileCheck %s --check-prefix=BOM
// BOM: r = 6 s
// BOM: exit 0

// RUN: %python -c "import sys; sys.stdout.buffer.write(b'let a = 1\nlet b = \xef\xbb\xbf2\n')" > %t.midbom.rl
// RUN: %python %S/Inputs/run_limited.py 1 5 %ringline check %t.midbom.rl | FileCheck %s --check-prefix=MIDBOM
// MIDBOM: midbom.rl:2:9: error: unexpected character U+FEFF [syntax_error]
// MIDBOM: exit 1

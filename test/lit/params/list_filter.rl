// `[e for x in xs if c]` keeps the elements whose filter holds; the filter may use an Int
// param, which is then specialised (each variant filters its own list).
// RUN: %ringline sweep %s --format csv | FileCheck %s
// RUN: %ringline emit %s --emit=ast | FileCheck %s --check-prefix=AST
let layers = [64, 128, 256, 512, 1024]
scenario s {
  param min_width: Int in [100, 300]
  let wide = [w * 2 for w in layers if w >= min_width]
  report n = len(wide)
  report first = wide[0]
  report even = len([i for i in range(7) if i % 2 == 0])
}
// CHECK:      min_width,n,first,even
// CHECK-NEXT: 100,4,256,4
// CHECK-NEXT: 300,2,1024,4
// AST: (for w layers (if (>= w min_width)) (* w (int 2)))

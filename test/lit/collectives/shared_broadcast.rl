// binomial_broadcast_shared (stdlib.collectives): gloo's binomial broadcast, whose
// senders post all their sends at once and share their link. With α = 1000 s and
// nβ = 1 s the time reads as (hops, shares), derived by hand from the tree:
//   p = 2: 0 -> 1                                    1 hop, 1 share:  1001 s
//   p = 3: 0 -> {1, 2} at once                        1 hop, 2:        1002 s
//   p = 4: 0 -> {1, 2}; 1 -> 3                        2 hops, 2 + 1:   2003 s
//   p = 5: 0 -> {1, 2, 4}; 1 -> 3                     2 hops, 3 + 1:   2004 s
//   p = 6: 0 -> {1, 2, 4}; 1 -> {3, 5}                2 hops, 3 + 2:   2005 s
//   p = 7: 0 -> {1, 2, 4}; 1 -> {3, 5}; 2 -> 6        2 hops, 3 + 2:   2005 s
//   p = 8: 0 -> {1, 2, 4}; 1 -> {3, 5}; 3 -> 7        3 hops, 3+2+1:   3006 s
//   p = 16: 4 hops, 4+3+2+1 = 10:                                     4010 s
// RUN: %ringline eval %s | FileCheck %s --strict-whitespace
import stdlib.hardware
import stdlib.collectives

let l = Link { bw = 1 B/s, lat = 1000 s }
scenario shared {
  report p1 = binomial_broadcast_shared(1 B, 1, l)
  report p2 = binomial_broadcast_shared(1 B, 2, l)
  report p3 = binomial_broadcast_shared(1 B, 3, l)
  report p4 = binomial_broadcast_shared(1 B, 4, l)
  report p5 = binomial_broadcast_shared(1 B, 5, l)
  report p6 = binomial_broadcast_shared(1 B, 6, l)
  report p7 = binomial_broadcast_shared(1 B, 7, l)
  report p8 = binomial_broadcast_shared(1 B, 8, l)
  report p16 = binomial_broadcast_shared(1 B, 16, l)
  // The unshared tree: one hop and one send per level.
  report plain8 = binomial_broadcast(1 B, 8, l)
}
// CHECK:      p1     = 0 s{{$}}
// CHECK-NEXT: p2     = 1001 s{{$}}
// CHECK-NEXT: p3     = 1002 s{{$}}
// CHECK-NEXT: p4     = 2003 s{{$}}
// CHECK-NEXT: p5     = 2004 s{{$}}
// CHECK-NEXT: p6     = 2005 s{{$}}
// CHECK-NEXT: p7     = 2005 s{{$}}
// CHECK-NEXT: p8     = 3006 s{{$}}
// CHECK-NEXT: p16    = 4010 s{{$}}
// CHECK-NEXT: plain8 = 3003 s{{$}}

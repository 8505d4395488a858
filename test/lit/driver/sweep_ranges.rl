// `sweep --set` value lists on the command line: `1..64*2` doubles up to 64, `A..B+S`
// steps by S (with units: `10GB/s..40GB/s+10GB/s`), `V1,V2` lists mix units of one
// dimension, and a `step *2` range; params without `--set` keep their default.
// RUN: %ringline sweep %s --set n=1..64*2 | FileCheck %s --check-prefix=POW2 --strict-whitespace
// RUN: %ringline sweep %s --set n=3,5 --set bw=10GB/s..40GB/s+10GB/s | FileCheck %s --check-prefix=LIN
// RUN: %ringline sweep %s --set n=1..10+4 --set "bw=100Gbit/s,25 GB/s" | FileCheck %s --check-prefix=MIX
// RUN: %ringline sweep %s --set "bw=12.5GB/s..100GB/s step *2" | FileCheck %s --check-prefix=STEP
scenario ranges {
  param n: Int = 1
  param bw: B/s = 12.5 GB/s
  report per = 1 GiB / n in MiB
  report t = 1 GB / bw in ms
}
// POW2:      n,bw[GB/s],per[MiB],t[ms]
// POW2-NEXT: 1,12.5,1024,80
// POW2-NEXT: 2,12.5,512,80
// POW2-NEXT: 4,12.5,256,80
// POW2-NEXT: 8,12.5,128,80
// POW2-NEXT: 16,12.5,64,80
// POW2-NEXT: 32,12.5,32,80
// POW2-NEXT: 64,12.5,16,80
// POW2-EMPTY:

// LIN:      n,bw[GB/s],per[MiB],t[ms]
// LIN-NEXT: 3,10,341.3333333333333,100
// LIN-NEXT: 3,20,341.3333333333333,50
// LIN-NEXT: 3,30,341.3333333333333,33.33333333333333
// LIN-NEXT: 3,40,341.3333333333333,25
// LIN-NEXT: 5,10,204.8,100
// LIN-NEXT: 5,20,204.8,50
// LIN-NEXT: 5,30,204.8,33.33333333333333
// LIN-NEXT: 5,40,204.8,25
// LIN-EMPTY:

// MIX:      n,bw[GB/s],per[MiB],t[ms]
// MIX-NEXT: 1,12.5,1024,80
// MIX-NEXT: 1,25,1024,40
// MIX-NEXT: 5,12.5,204.8,80
// MIX-NEXT: 5,25,204.8,40
// MIX-NEXT: 9,12.5,113.77777777777777,80
// MIX-NEXT: 9,25,113.77777777777777,40
// MIX-EMPTY:

// STEP:      n,bw[GB/s],per[MiB],t[ms]
// STEP-NEXT: 1,12.5,1024,80
// STEP-NEXT: 1,25,1024,40
// STEP-NEXT: 1,50,1024,20
// STEP-NEXT: 1,100,1024,10
// STEP-EMPTY:

// CosmoFlow (stdlib.models.cosmoflow, the MLPerf HPC reference): parameters, MACs and
// shapes at 4 x 128^3, and at 4 x 256^3 to show the input size is a parameter; all
// derived by hand below.
// RUN: %ringline eval %s | FileCheck %s --strict-whitespace
import stdlib.layers
import stdlib.models.cosmoflow

// Conv i (i = 0..4): 3x3x3, "same" padding, C_in -> 32*2^i, then a 2x2x2 max pool.
// params = 27*C_in*C_out + C_out; MACs = 27*C_in*C_out * (output side)^3.
//   conv  C_in->C_out  side  params                     MACs
//   1     4->32        128   27*4*32+32 = 3,488         3,456*128^3   = 7,247,757,312
//   2     32->64       64    27*32*64+64 = 55,360       55,296*64^3   = 14,495,514,624
//   3     64->128      32    27*64*128+128 = 221,312    221,184*32^3  = 7,247,757,312
//   4     128->256     16    27*128*256+256 = 884,992   884,736*16^3  = 3,623,878,656
//   5     256->512     8     27*256*512+512 = 3,539,456 3,538,944*8^3 = 1,811,939,328
// After the fifth pool: 512 x 4^3 = 32,768 features.
//   dense 32,768->128: 4,194,432 params, 4,194,304 MACs
//   dense 128->64:         8,256 params,     8,192 MACs
//   dense 64->4:             260 params,       256 MACs
// total: 8,907,556 params (the MLPerf HPC figure); 34,431,049,984 MACs (34.43 G).
// At 256^3 every conv MAC count grows 8x (275,414,777,856) and the first dense layer
// reads 512 x 8^3 = 262,144 features: 33,554,560 params and 33,554,432 MACs, so
// 38,267,684 params and 275,448,340,736 MACs.
scenario cosmoflow128 {
  report params = total_params(cosmoflow)
  report macs = total_macs(cosmoflow)
  report conv1_c = cosmoflow.layers[0].out[0]
  report conv1_d = cosmoflow.layers[0].out[3]
  report conv1_macs = cosmoflow.layers[0].macs
  report pool5_c = cosmoflow.layers[14].out[0]
  report pool5_d = cosmoflow.layers[14].out[1]
  report features = cosmoflow.layers[15].out[0]
  report out = cosmoflow.layers[len(cosmoflow.layers) - 1].out[0]
  report params_256 = total_params(cosmoflow_net(size = 256))
  report macs_256 = total_macs(cosmoflow_net(size = 256))
}
// CHECK:      scenario cosmoflow128
// CHECK-NEXT:   params     = 8907556{{$}}
// CHECK-NEXT:   macs       = 34431049984{{$}}
// CHECK-NEXT:   conv1_c    = 32{{$}}
// CHECK-NEXT:   conv1_d    = 128{{$}}
// CHECK-NEXT:   conv1_macs = 7247757312{{$}}
// CHECK-NEXT:   pool5_c    = 512{{$}}
// CHECK-NEXT:   pool5_d    = 4{{$}}
// CHECK-NEXT:   features   = 32768{{$}}
// CHECK-NEXT:   out        = 4{{$}}
// CHECK-NEXT:   params_256 = 38267684{{$}}
// CHECK-NEXT:   macs_256   = 275448340736{{$}}

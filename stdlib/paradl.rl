// stdlib.paradl: ParaDL's oracle (Kahira et al., HPDC 2021; parallel_analysis.py of
// TruongThaoNguyen/paraDL-analysis) as Ringline functions over its own layer records, so
// that its published projections can be reproduced number for number and compared with
// Ringline's own strategies (stdlib.strategies), which return the same `Plan` record.
// docs/paradl.md specifies every formula (its sections are cited below); docs/strategies.md
// says where Ringline's defaults differ. All times are per epoch, as ParaDL prints them.
//   import stdlib.paradl
//   import "nets/resnet50.rl"
//   let m = paradl_model(resnet50_layers, resnet50_dataset)
//   let row = paradl_data(m, paradl_options(64), 16)
import stdlib.hardware
import stdlib.strategies
import stdlib.paradl_net

let _delta = 4                  // bytes per item
let _gpn = 4                    // GPU_PER_NODE of ABCI.plat: P2 of the hybrids

// One run's options: the samples per GPU (`--cBon`), the mini-batch cap (`--cmaxB`), the
// latency of a GPU to its PLX switch, and the code revisions of docs/paradl.md §10 that
// some published logs need.
record POptions {
  b: Int                        // --cBon
  cmaxb: Int = 262144           // --cmaxB
  plx: s = 20 us                // PLX_CABLE_LAT: 20 us committed, 15 us in the scaling logs
  df_weights: String = "all"    // df's gradient allreduce: "all" (Σw, committed) or "split" (W, df-split)
  df_contention: Int = 2        // df's inter-node bandwidth divided by this x P2 (df-split: 1; df-undivided: 0)
  ds_gather_split: Bool = true  // ds's split allgather divided by P2 (false: ds-ag)
  ds_contention: Int = 2        // ds's global bandwidth divided by this x P2 (ds-g2: bandwidth / 2, write 0)
  // ds-W (docs/paradl.md §10): the halo of every split-side layer with a kernel, one
  // W-column of its output and of its input as in spatial, and the split allgather, on
  // this link (bw 0 B/s: the committed halo and links)
  ds_halo_link: Link = Link { bw = 0 B/s, lat = 0 s }
}
fn paradl_options(b: Int) -> POptions = POptions { b = b }

// A model as ParaDL sees it (docs/paradl.md §2-3): its layers, the dataset size, the
// measured per-sample time T, the totals, and each layer's share c_l of T.
record PModel {
  layers: [PLayer]
  dataset: Int
  t: s                          // T: the measured per-sample training time
  sx: Int                       // Σ|x| without ReLU and BN layers
  sy: Int                       // Σ|y| likewise
  sw: Int                       // Σ|w|
  c: [s]                        // c_l = FLOP_l T / F
}

fn _numel(xs: [Int]) -> Int = prod x in xs: x
fn _in_place(l: PLayer) -> Bool = l.kind == "RELU" or l.kind == "BNORM"

// Training FLOPs of a layer per sample (§3): twice the forward count plus |w|.
fn paradl_flops(l: PLayer) -> Int = {
  let spatial = prod i in range(2, len(l.w)): l.w[i] * l.y[i - 1]
  let fwd = if l.kind == "CONV" then 2 * l.w[0] * l.w[1] * spatial
            else if l.kind == "MPOOL" or l.kind == "APOOL" then l.x[0] * l.y[0] * spatial
            else if l.kind == "RELU" or l.kind == "ADD" then _numel(l.y)
            else if l.kind == "FC" then _numel(l.w)
            else if l.kind == "BNORM" then 4 * _numel(l.x)
            else 0
  2 * fwd + _numel(l.w)
}

fn paradl_model(layers: [PLayer], dataset: Int) -> PModel = {
  let t = sum l in layers: l.t
  let f = sum l in layers: paradl_flops(l)
  PModel { layers = layers, dataset = dataset, t = t,
           sx = sum l in layers: if _in_place(l) then 0 else _numel(l.x),
           sy = sum l in layers: if _in_place(l) then 0 else _numel(l.y),
           sw = sum l in layers: _numel(l.w),
           c = [paradl_flops(l) * t / f for l in layers] }
}

// ABCI's network as the oracle models it (§4): the link a ring over q GPUs sees, by the
// tier q reaches (one node, a leaf switch of 68 GPUs, a rack of 136, the spine), with or
// without GPUDirect.
fn paradl_link(q: Int, gpudirect: Bool, plx: s) -> Link = {
  let hop = 2 * (plx + 110 ns)
  if q <= 4 then (if gpudirect then Link { bw = 50 GB/s, lat = 9 us } else Link { bw = 16 GB/s, lat = 3 ms + 110 ns })
  else if q <= 68 then Link { bw = 12.5 GB/s, lat = if gpudirect then max(9 us, hop + 90 ns)
                                                   else max(18 us, 2 * hop + 90 ns) }
  else if q <= 136 then Link { bw = 12.5 GB/s, lat = max(9 us, hop + 90 ns + 180 ns) }
  else Link { bw = 12.5 GB/s, lat = max(9 us, hop + 400 ns + 180 ns + 180 ns) }
}
// A ring step's cost in the oracle, n messages of `bytes` in all: n α + bytes β.
fn _step(l: Link, n: Int, bytes: B) -> s = n * l.lat + bytes / l.bw

// The most samples one GPU holds with weights divided `w_div` ways (§5, §9.2).
fn paradl_max_samples(m: PModel, w_div: Int) -> Real = (4e9 / 2 - m.sw / w_div) / (m.sx + m.sy)

// What every strategy returns: ParaDL's columns in a `Plan` (fwd holds Tcomp, exposed
// holds Tcomm, both per epoch) with the oracle's feasibility as constraints.
fn _row(name: String, m: PModel, p: Int, batch: Int, mem: B, tcomp: s, tcomm: s, limits: [Constraint]) -> Plan =
  Plan { strategy = name, gpus = p, batch = batch, fwd = tcomp, bwd = 0 s, update = 0 s,
         comms = [Comm { name = "paradl_comm", time = tcomm, bytes = 0 B }], comm = tcomm, exposed = tcomm,
         iter = (tcomp + tcomm) / ceil(m.dataset / batch), dataset = m.dataset, epoch = tcomp + tcomm,
         memory = Memory { weights = 0 B, grads = 0 B, optimizer = 0 B, activations = mem },
         capacity = 16 GB, constraints = limits,
         feasible = (sum c in limits: if holds(c) then 0 else 1) == 0 }
// ParaDL's cost column: GPU-minutes, p x ceil(time / 1 min).
fn paradl_cost(r: Plan) -> Int = r.gpus * ceil(r.epoch / 1 min)
fn _cap(o: POptions, batch: Int) -> Constraint = Constraint { name = "B <= cmaxB", value = batch, limit = o.cmaxb }

// Serial (§6).
fn paradl_serial(m: PModel, o: POptions) -> Plan =
  _row("single", m, 1, o.b, 2 * _delta * (o.b * (m.sy + m.sx) + m.sw) * 1 B, m.dataset * m.t, 0 s,
       [Constraint { name = "one sample fits", value = 1, limit = paradl_max_samples(m, 1) }])

// Data parallelism (§7): B = b p, a ring allreduce of the gradients per iteration.
fn paradl_data(m: PModel, o: POptions, p: Int) -> Plan = {
  let batch = o.b * p
  let l = paradl_link(p, true, o.plx)
  let iters = ceil(m.dataset / batch)
  _row("data", m, p, batch, 2 * (o.b * (m.sx + m.sy) + m.sw) * _delta * 1 B, ceil(m.dataset / p) * m.t,
       2 * iters * (p - 1) * (l.lat + m.sw * _delta * 1 B / l.bw / p),
       [_cap(o, batch), Constraint { name = "one sample fits", value = 1, limit = paradl_max_samples(m, 1) }])
}

// Filter (`mirror` false) or channel (true) parallelism (§8); `weak`: B = b p (case 1),
// else B = b (case 3). `active`: the .lc flags.
fn paradl_model_parallel(m: PModel, o: POptions, p: Int, active: [Bool], mirror: Bool, weak: Bool) -> Plan = {
  let g = len(m.layers)
  let batch = if weak then o.b * p else o.b
  let iters = ceil(m.dataset / batch)
  let last = if active[g - 1] then 1 else 0
  let n = (sum i in range(g): if active[i] then 1 else 0) - last
  let ya = (sum i in range(g): if active[i] then _numel(m.layers[i].y) else 0) - last * _numel(m.layers[g - 1].y)
  let wp = sum i in range(g): if active[i] then _numel(m.layers[i].w) / p else _numel(m.layers[i].w)
  let cp = sum i in range(g): if active[i] then m.c[i] / p else m.c[i]
  let mem = 2 * (batch * (m.sx + m.sy) + wp / p) * _delta * 1 B
  let l = paradl_link(p, true, o.plx)
  let u = (p - 1) * (n * l.lat + batch * ya * _delta * 1 B / l.bw / p)
  let smallest = if mirror then min i in range(1, g): if active[i] then m.layers[i].x[0] else 1000000000
                 else min i in range(g): if active[i] then m.layers[i].y[0] else 1000000000
  _row((if mirror then "chan" else "filter") + (if weak then "1" else "3"), m, p, batch, mem, iters * batch * cp,
       3 * iters * u,
       [_cap(o, batch), Constraint { name = "memory", value = mem / 1 B, limit = 16e9 },
        Constraint { name = if mirror then "p <= smallest channel count" else "p <= smallest filter count",
                     value = p, limit = smallest }])
}
fn paradl_filter(m: PModel, o: POptions, p: Int, active: [Bool], weak: Bool = true) -> Plan =
  paradl_model_parallel(m, o, p, active, false, weak)
fn paradl_channel(m: PModel, o: POptions, p: Int, active: [Bool], weak: Bool = true) -> Plan =
  paradl_model_parallel(m, o, p, active, true, weak)

// Data + filter (§9.2): filter inside a node of P2 = 4 GPUs, data across p / P2 nodes.
fn paradl_data_filter(m: PModel, o: POptions, p: Int, active: [Bool]) -> Plan = {
  let g = len(m.layers)
  let p1 = floor(p / _gpn)
  let batch = o.b * p1
  let iters = ceil(m.dataset / batch)
  let last = if active[g - 1] then 1 else 0
  let n = (sum i in range(g): if active[i] then 1 else 0) - last
  let ya = (sum i in range(g): if active[i] then _numel(m.layers[i].y) else 0) - last * _numel(m.layers[g - 1].y)
  let w = sum i in range(g): if active[i] then _numel(m.layers[i].w) / _gpn else _numel(m.layers[i].w)
  let c = sum i in range(g): if active[i] then m.c[i] / _gpn else m.c[i]
  let l1 = paradl_link(_gpn, true, o.plx)
  let l2 = paradl_link(p, true, o.plx)
  let bw2 = if o.df_contention == 0 then l2.bw else l2.bw / (o.df_contention * _gpn)
  let moved = if o.df_weights == "split" then w else m.sw
  let tfilter = 3 * iters * (_gpn - 1) * (n * l1.lat + o.b * ya * _delta * 1 B / l1.bw / _gpn)
  let tdata = 2 * iters * (p1 - 1) * (l2.lat + moved * _delta * 1 B / bw2 / p1)
  _row("df", m, p, batch, 2 * (o.b * (m.sx + m.sy) + w) * _delta * 1 B, iters * o.b * c, tfilter + tdata,
       [_cap(o, batch), Constraint { name = "one sample fits", value = 1, limit = paradl_max_samples(m, _gpn) },
        Constraint { name = "p >= P2", value = _gpn, limit = p }])
}

// Data + spatial (§9.3): spatial inside a node of P2 = 4 GPUs over the layers up to the
// split layer S (the last active one), data across p / P2 nodes.
fn paradl_data_spatial(m: PModel, o: POptions, p: Int, active: [Bool]) -> Plan = {
  let g = len(m.layers)
  let split = max i in range(g): if active[i] then i else 0
  let p1 = floor(p / _gpn)
  let batch = o.b * p1
  let iters = ceil(m.dataset / batch)
  let x = sum i in range(split + 1): if active[i] then ceil(_numel(m.layers[i].x) / _gpn) else _numel(m.layers[i].x)
  let y = sum i in range(split + 1): if active[i] then ceil(_numel(m.layers[i].y) / _gpn) else _numel(m.layers[i].y)
  let c = sum i in range(split + 1): if active[i] then m.c[i] / _gpn else m.c[i]
  let w_style = o.ds_halo_link.bw > 0 B/s
  let lh = paradl_link(_gpn, false, o.plx)
  let bh = lh.bw / (2 * _gpn)
  let halo = iters * (sum i in range(split + 1): if w_style and m.layers[i].w[2] > 1 then {
    let l = m.layers[i]
    let k = floor((l.w[2] - 1) / 2)
    let hl = o.ds_halo_link
    2 * (hl.lat + l.y[1] * k * o.b * _delta * 1 B / hl.bw) + 2 * (hl.lat + l.x[1] * k * o.b * _delta * 1 B / hl.bw)
  } else if not w_style and active[i] and m.layers[i].w[2] > 1 then {
    let l = m.layers[i]
    let k = floor((l.w[2] - 1) / 2)
    let face = l.x[0] * k * (prod d in range(2, len(l.x)): l.x[d])
    4 * (lh.lat + face * o.b * _delta * 1 B / bh)
  } else 0 s)
  let lg = if w_style then o.ds_halo_link else paradl_link(_gpn, false, o.plx)
  let bg = if w_style then lg.bw else lg.bw / 2
  let gathered = o.b * _numel(m.layers[split].y) * _delta * 1 B
  let gather = 2 * (_gpn - 1) * (lg.lat + gathered / bg / (if o.ds_gather_split then _gpn else 1)) * iters
  let ll = paradl_link(_gpn, true, o.plx)
  let lx = paradl_link(p, true, o.plx)
  let bx = if o.ds_contention == 0 then lx.bw / 2 else lx.bw / (o.ds_contention * _gpn)
  let grads = m.sw * _delta * 1 B
  let tloc = 2 * (_gpn - 1) * (ll.lat + grads / ll.bw / _gpn)
  let tglob = 2 * (p1 - 1) * (lx.lat + grads / bx / p1)
  _row("ds", m, p, batch, 2 * (batch * (x + y) / p1 + m.sw) * _delta * 1 B, ceil(m.dataset / p1) * c,
       halo + gather + (tloc + tglob) * iters,
       [_cap(o, batch), Constraint { name = "p >= P2", value = _gpn, limit = p }])
}

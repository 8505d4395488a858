// stdlib.collectives: collective communication algorithms as `schedule`s, which the
// compiler reduces to closed-form α-β-γ times (language.md §6; docs/adding-a-collective.md).
//   import stdlib.hardware        // Link, Cluster
//   import stdlib.collectives     // ring_allreduce(n, p, l), ...
//
// Conventions (Hockney's α-β model with γ per reduced byte, as in Thakur, Rabenseifner
// & Gropp, "Optimization of Collective Communication Operations in MPICH", IJHPCA
// 19(1), 2005, and Chan et al., "Collective communication: theory, practice, and
// experience", CCPE 19(13), 2007): p processes, n bytes, a link `l` with α = l.lat and
// β = 1 / l.bw, and γ = `gamma`, the reduction time per byte (default 0). As in MPICH,
// n is the whole vector for allreduce, reduce-scatter and allgather (each process holds
// n / p of it before an allgather and after a reduce-scatter), the whole message for
// broadcast, reduce, gather and scatter, and for all-to-all the bytes one process sends
// to all the others. Each schedule's comment quotes the textbook cost it reduces to;
// test/lit/collectives/ checks them. Where an algorithm's steps carry geometrically
// growing pieces (recursive doubling, halving, Bruck, binomial scatter), a schedule
// sends their average size in each of its lg p steps: the same total, in closed form
// for a `p` that is a scenario param.
import stdlib.hardware

// ⌈lg p⌉ and ⌊lg p⌋ as `Int`s (exact for powers of two).
fn lg(p: Int) -> Int = ceil(log2(p))
fn flg(p: Int) -> Int = floor(log2(p))
// The largest power of two not above p.
fn pow2_floor(p: Int) -> Int = floor(2 ^ flg(p))
fn is_pow2(p: Int) -> Bool = pow2_floor(p) == p

// ---- point to point ---------------------------------------------------------------
// Hockney: α + nβ.
schedule sendrecv(n: B, l: Link) { send n over l }

// ---- ring (bucket) algorithms: Patarasuk & Yuan 2009; Chan et al. 2007 -------------
// (p-1)α + ((p-1)/p)nβ + ((p-1)/p)nγ
schedule ring_reduce_scatter(n: B, p: Int, l: Link, gamma: s/B = 0 s/B) {
  repeat p - 1 { send n / p over l; reduce n / p at gamma }
}
// (p-1)α + ((p-1)/p)nβ
schedule ring_allgather(n: B, p: Int, l: Link) {
  repeat p - 1 { send n / p over l }
}
// 2(p-1)α + 2((p-1)/p)nβ + ((p-1)/p)nγ
schedule ring_allreduce(n: B, p: Int, l: Link, gamma: s/B = 0 s/B) {
  phase reduce_scatter: ring_reduce_scatter(n, p, l, gamma)
  phase allgather: ring_allgather(n, p, l)
}
// NVLink SHARP's allreduce inside one NVSwitch domain (NCCL's NVLS algorithm, NCCL 2.17
// and later on third-generation NVSwitch): the switches reduce. For its own 1/p of the
// vector a GPU's multimem load has the switch read that chunk from every GPU, reduce it
// and return it (each GPU sends n in all, receives n/p); its multimem store then sends its
// reduced chunk to the switch, which multicasts it to every GPU (each sends n/p, receives
// n). The phases pipeline over chunks, so each direction of a GPU's links carries
// n (1 + 1/p): 2α + (1 + 1/p)nβ, where the ring's carries 2 (p - 1)/p n.
schedule nvls_allreduce(n: B, p: Int, l: Link) {
  phase reduce_scatter: { send n / p over l }
  phase allgather: { send n over l }
}
// Pipelined chain broadcast (NCCL's ring broadcast) in `chunks` pieces:
// (p - 2 + chunks)(α + (n/chunks)β); one chunk is (p-1)(α + nβ).
schedule ring_broadcast(n: B, p: Int, l: Link, chunks: Int = 1) {
  if p > 1 then { repeat p - 2 + chunks { send n / chunks over l } }
}
// Pipelined chain reduce: (p - 2 + chunks)(α + (n/chunks)(β + γ)).
schedule ring_reduce(n: B, p: Int, l: Link, gamma: s/B = 0 s/B, chunks: Int = 1) {
  if p > 1 then { repeat p - 2 + chunks { send n / chunks over l; reduce n / chunks at gamma } }
}

// ---- pairwise exchange (MPICH) --------------------------------------------------------
// Reduce-scatter, long messages: (p-1)α + ((p-1)/p)nβ + ((p-1)/p)nγ
schedule pairwise_reduce_scatter(n: B, p: Int, l: Link, gamma: s/B = 0 s/B) {
  repeat p - 1 { send n / p over l; reduce n / p at gamma }
}
// All-to-all: (p-1)α + nβ, n = the bytes a process sends to the others.
schedule pairwise_alltoall(n: B, p: Int, l: Link) {
  repeat p - 1 { send n / max(p - 1, 1) over l }
}

// ---- recursive doubling / halving (MPICH; Thakur, Rabenseifner & Gropp 2005) ----------
// Allreduce. p = 2^k: lg p(α + nβ + nγ). Otherwise (MPICH) the r = p - 2^⌊lg p⌋ extra
// processes first fold their vector into a partner and get the result back at the end:
// (⌊lg p⌋ + 2)α + (⌊lg p⌋ + 2)nβ + (⌊lg p⌋ + 1)nγ.
schedule rd_allreduce(n: B, p: Int, l: Link, gamma: s/B = 0 s/B) {
  if not is_pow2(p) then { phase fold_in: { send n over l; reduce n at gamma } }
  repeat flg(p) { send n over l; reduce n at gamma }
  if not is_pow2(p) then { phase fold_out: send n over l }
}
// Allgather, p = 2^k: lg p α + ((p-1)/p)nβ (step k carries n 2^k / p). For other p,
// MPICH uses Bruck, whose cost has the same form with ⌈lg p⌉: see bruck_allgather.
schedule rd_allgather(n: B, p: Int, l: Link) {
  repeat lg(p) { send n * (p - 1) / p / max(lg(p), 1) over l }
}
// Reduce-scatter by recursive halving (commutative op), p = 2^k (other p are charged
// ⌈lg p⌉ halving steps, not MPICH's fold-in variant):
// lg p α + ((p-1)/p)nβ + ((p-1)/p)nγ (step k carries n / 2^(k+1)).
schedule rh_reduce_scatter(n: B, p: Int, l: Link, gamma: s/B = 0 s/B) {
  let piece = n * (p - 1) / p / max(lg(p), 1)
  repeat lg(p) { send piece over l; reduce piece at gamma }
}
// Rabenseifner's allreduce = recursive-halving reduce-scatter + recursive-doubling
// allgather. p = 2^k: 2 lg p α + 2((p-1)/p)nβ + ((p-1)/p)nγ. Otherwise (MPICH) the extra
// processes fold in and out as in rd_allreduce, around Rabenseifner on p' = 2^⌊lg p⌋:
// (2⌊lg p⌋ + 2)α + (2(p'-1)/p' + 2)nβ + (1 + (p'-1)/p')nγ. (MPICH's comment writes
// (p-1)/p for (p'-1)/p'.)
schedule rabenseifner_allreduce(n: B, p: Int, l: Link, gamma: s/B = 0 s/B) {
  let q = pow2_floor(p)
  if q != p then { phase fold_in: { send n over l; reduce n at gamma } }
  phase reduce_scatter: rh_reduce_scatter(n, q, l, gamma)
  phase allgather: rd_allgather(n, q, l)
  if q != p then { phase fold_out: send n over l }
}

// ---- Bruck (MPICH) --------------------------------------------------------------------
// Allgather, any p: ⌈lg p⌉α + ((p-1)/p)nβ.
schedule bruck_allgather(n: B, p: Int, l: Link) {
  repeat lg(p) { send n * (p - 1) / p / max(lg(p), 1) over l }
}
// All-to-all: ⌈lg p⌉α + (n/2)⌈lg p⌉β, n = the bytes a process sends to the others.
schedule bruck_alltoall(n: B, p: Int, l: Link) {
  repeat lg(p) { send n / 2 over l }
}

// ---- binomial / binary trees (MPICH; Chan et al. MST) -------------------------------
// Broadcast: ⌈lg p⌉(α + nβ)
schedule binomial_broadcast(n: B, p: Int, l: Link) {
  repeat lg(p) { send n over l }
}
// Reduce: ⌈lg p⌉(α + nβ + nγ)
schedule binomial_reduce(n: B, p: Int, l: Link, gamma: s/B = 0 s/B) {
  repeat lg(p) { send n over l; reduce n at gamma }
}
// Gather and scatter, n = the whole data: ⌈lg p⌉α + ((p-1)/p)nβ
schedule binomial_gather(n: B, p: Int, l: Link) {
  repeat lg(p) { send n * (p - 1) / p / max(lg(p), 1) over l }
}
schedule binomial_scatter(n: B, p: Int, l: Link) { binomial_gather(n, p, l) }
// Binomial broadcast whose senders post all their sends at once (gloo's broadcast.cc,
// facebookincubator/gloo): process v (numbered from the root) receives from
// v - 2^⌊lg v⌋, then sends to v + 2^i for every i above ⌊lg v⌋ (every i for the root)
// with v + 2^i < p, and those sends share its link, so they all end after k·nβ for k of
// them. The time is the latest arrival: one α per hop, nβ times the sends sharing each
// sender's link along the path. p = 2^d: the chain 0, 1, 3, 7, ...: dα + d(d+1)/2·nβ;
// p = 3: α + 2nβ; p = 5, 6, 7: 2α + 4nβ, 2α + 5nβ, 2α + 5nβ. `p` must be a constant.
schedule binomial_broadcast_shared(n: B, p: Int, l: Link) {
  let key = _shared_tree_key(p)
  let shares = floor(key / 1024)
  repeat key - 1024 * shares { send n over l }
  repeat shares - (key - 1024 * shares) { send n over l with { lat = 0 s } }
}
fn _top_bit(v: Int) -> Int = if v == 0 then -1 else flg(v)
fn _tree_parent(v: Int) -> Int = v - floor(2 ^ flg(v))
fn _tree_sends(v: Int, p: Int) -> Int = sum i in range(lg(p)): if i > _top_bit(v) and v + floor(2 ^ i) < p then 1 else 0
// 1024 x (the sends sharing a link along the path to the latest process) + its hops, the
// largest over the processes (hops < 1024 for any p a machine has).
fn _shared_tree_key(p: Int) -> Int = {
  let shares = fold(fn(acc: [Int], v: Int) -> [Int] =
                      concat(acc, [acc[_tree_parent(v)] + _tree_sends(_tree_parent(v), p)]), [0], range(1, p))
  let hops = fold(fn(acc: [Int], v: Int) -> [Int] = concat(acc, [acc[_tree_parent(v)] + 1]), [0], range(1, p))
  max v in range(p): 1024 * shares[v] + hops[v]
}
// Binary-tree allreduce (reduce, then broadcast; not pipelined):
// 2⌈lg p⌉(α + nβ) + ⌈lg p⌉nγ
schedule tree_allreduce(n: B, p: Int, l: Link, gamma: s/B = 0 s/B) {
  phase reduce: binomial_reduce(n, p, l, gamma)
  phase broadcast: binomial_broadcast(n, p, l)
}
// Double binary tree (Sanders, Speck & Träff 2009; NCCL's Tree): two trees each carry
// half the vector, pipelined in `chunks` pieces; every process is interior (two
// children) in one tree and a leaf in the other, so each pipeline step moves one chunk's
// worth of both halves through its link. With depth D = ⌊lg p⌋ and k chunks:
// 2(D + k - 1)(α + (n/k)β) + (D + k - 1)(n/k)γ; as k grows the bandwidth term tends to
// 2nβ (ring's) while the latency stays logarithmic.
schedule double_tree_allreduce(n: B, p: Int, l: Link, gamma: s/B = 0 s/B, chunks: Int = 1) {
  if p > 1 then {
    phase reduce: repeat flg(p) + chunks - 1 { send n / chunks over l; reduce n / chunks at gamma }
    phase broadcast: repeat flg(p) + chunks - 1 { send n / chunks over l }
  }
}

// ---- composed (MPICH long-message algorithms) ---------------------------------------
// Broadcast = binomial scatter + ring allgather (van de Geijn):
// (⌈lg p⌉ + p - 1)α + 2((p-1)/p)nβ
schedule scatter_ring_broadcast(n: B, p: Int, l: Link) {
  phase scatter: binomial_scatter(n, p, l)
  phase allgather: ring_allgather(n, p, l)
}
// Broadcast = binomial scatter + recursive-doubling allgather, p = 2^k:
// 2 lg p α + 2((p-1)/p)nβ
schedule scatter_rd_broadcast(n: B, p: Int, l: Link) {
  phase scatter: binomial_scatter(n, p, l)
  phase allgather: rd_allgather(n, p, l)
}
// Reduce = recursive-halving reduce-scatter + binomial gather (Rabenseifner), p = 2^k:
// 2 lg p α + 2((p-1)/p)nβ + ((p-1)/p)nγ
schedule rabenseifner_reduce(n: B, p: Int, l: Link, gamma: s/B = 0 s/B) {
  phase reduce_scatter: rh_reduce_scatter(n, p, l, gamma)
  phase gather: binomial_gather(n, p, l)
}

// ---- direct (every message posted at once; one latency, injection-bandwidth bound) ----
// All-to-all: α + nβ (n = bytes to the others). Allgather: α + ((p-1)/p)nβ.
// Allreduce = direct reduce-scatter + direct allgather: 2α + 2((p-1)/p)nβ + ((p-1)/p)nγ.
schedule direct_alltoall(n: B, p: Int, l: Link) { if p > 1 then { send n over l } }
schedule direct_allgather(n: B, p: Int, l: Link) { if p > 1 then { send n * (p - 1) / p over l } }
schedule direct_reduce_scatter(n: B, p: Int, l: Link, gamma: s/B = 0 s/B) {
  if p > 1 then { send n * (p - 1) / p over l; reduce n * (p - 1) / p at gamma }
}
schedule direct_allreduce(n: B, p: Int, l: Link, gamma: s/B = 0 s/B) {
  direct_reduce_scatter(n, p, l, gamma)
  direct_allgather(n, p, l)
}

// ---- hierarchical (two levels: g GPUs per node, m nodes) ----------------------------
// Reduce-scatter inside the node, allreduce of the n/g shard across nodes, allgather
// inside the node (Horovod hierarchical allreduce; Mikami et al. 2018). With rings:
// 2(g-1)α_intra + 2((g-1)/g)nβ_intra + 2(m-1)α_inter + 2((m-1)/m)(n/g)β_inter
//   + ((g-1)/g + (m-1)/(mg))nγ
schedule hier_allreduce(n: B, g: Int, m: Int, intra: Link, inter: Link, gamma: s/B = 0 s/B) {
  phase node_reduce_scatter: ring_reduce_scatter(n, g, intra, gamma)
  phase across_nodes: ring_allreduce(n / g, m, inter, gamma)
  phase node_allgather: ring_allgather(n, g, intra)
}
// Three levels (g GPUs per node, r nodes per rack, m racks): reduce-scatter in the node,
// reduce-scatter of the n/g shard across the rack, allreduce of the n/(gr) shard across
// racks, then the allgathers back out. With rings:
// 2(g-1)α_n + 2((g-1)/g)nβ_n + 2(r-1)α_r + 2((r-1)/r)(n/g)β_r + 2(m-1)α_s
//   + 2((m-1)/m)(n/(gr))β_s + ((g-1)/g + (r-1)/(rg) + (m-1)/(mrg))nγ
schedule hier3_allreduce(n: B, g: Int, r: Int, m: Int, node: Link, rack: Link, spine: Link,
                         gamma: s/B = 0 s/B) {
  phase node_reduce_scatter: ring_reduce_scatter(n, g, node, gamma)
  phase rack_reduce_scatter: ring_reduce_scatter(n / g, r, rack, gamma)
  phase across_racks: ring_allreduce(n / (g * r), m, spine, gamma)
  phase rack_allgather: ring_allgather(n / g, r, rack)
  phase node_allgather: ring_allgather(n, g, node)
}
// The same over a cluster (stdlib.hardware), with the network link the job's span sees.
schedule cluster_allreduce(n: B, c: Cluster, gamma: s/B = 0 s/B) {
  hier_allreduce(n, c.gpus_per_node, c.nodes, c.intra, inter_link(c, c.nodes), gamma)
}
// Any inner / outer allreduce algorithm: `outer` runs across nodes on the n/g shard.
schedule hier_allreduce_with(n: B, g: Int, m: Int, intra: Link, inter: Link,
                             outer: fn(B, Int, Link) -> s) {
  ring_reduce_scatter(n, g, intra)
  outer(n / g, m, inter)
  ring_allgather(n, g, intra)
}

// ---- nccl-tests bus bandwidth (NVIDIA/nccl-tests doc/PERFORMANCE.md) ----------------
// algbw = S / t; busbw = algbw x factor: allreduce 2(p-1)/p; reduce-scatter, allgather
// and all-to-all (p-1)/p (S = the whole vector); broadcast, reduce, sendrecv 1.
fn algbw(n: B, t: s) -> B/s = n / t
fn allreduce_busbw(n: B, p: Int, t: s) -> B/s = n / t * 2 * (p - 1) / p
fn reduce_scatter_busbw(n: B, p: Int, t: s) -> B/s = n / t * (p - 1) / p
fn allgather_busbw(n: B, p: Int, t: s) -> B/s = n / t * (p - 1) / p
fn alltoall_busbw(n: B, p: Int, t: s) -> B/s = n / t * (p - 1) / p
fn broadcast_busbw(n: B, t: s) -> B/s = n / t
fn reduce_busbw(n: B, t: s) -> B/s = n / t
fn sendrecv_busbw(n: B, t: s) -> B/s = n / t

// ---- NCCL-style model (NVIDIA/nccl v2.30.7 src/graph/tuning.cc; reference §3.6) -------
// Not a schedule of messages but NCCL's own predictor: a base latency plus a latency per
// pipeline step (NVLink inside a node, the network between nodes), and the bus bandwidth
// `busbw` converted to an algorithm bandwidth. `busbw` is the bottleneck link's speed
// times the channels NCCL uses, after the protocol's cap (LL: min(llMaxBw, 0.5 busBw);
// LL128: min(0.92 busBw, nCh x perChMaxRingLL128Bw); tree: min(0.92 busBw, nCh x
// perChMaxTreeBw)). Choose it per scenario, e.g.
//   report t = if nccl then nccl_ring_allreduce(n, p, nodes, 20 GB/s) else ring_allreduce(n, p, l)
record NcclProto { base: s, intra: s, inter: s }
// Default constants, µs (baseLat; hwLat NVLINK; hwLat NET).
let nccl_ring_ll = NcclProto { base = 6.6 us, intra = 0.6 us, inter = 2.7 us }
let nccl_ring_ll128 = NcclProto { base = 14.0 us, intra = 1.9 us, inter = 4.0 us }
let nccl_ring_simple = NcclProto { base = 8.4 us, intra = 3.4 us, inter = 14.0 us }
let nccl_tree_ll = NcclProto { base = 6.8 us, intra = 0.6 us, inter = 5.0 us }
let nccl_tree_ll128 = NcclProto { base = 14.0 us, intra = 1.25 us, inter = 8.5 us }
let nccl_tree_simple = NcclProto { base = 8.4 us, intra = 4.0 us, inter = 14.0 us }
// NCCL's "plateau effect" factor on the latency of a multi-node Ring/Simple allreduce.
let nccl_plateau_volta = 1.9
let nccl_plateau_ampere = 1.4

// Ring: latency base + (nsteps - nInterSteps)·intra + nInterSteps·inter; time = latency
// + n / (busbw · ranks / nsteps). `nsteps` and `ninter` per collective below.
fn nccl_ring(n: B, ranks: Int, nsteps: Int, ninter: Int, busbw: B/s, proto: NcclProto,
             plateau: Real = 1.0) -> s =
  if ranks == 1 then 0 s
  else plateau * (proto.base + (nsteps - ninter) * proto.intra + ninter * proto.inter)
       + n / (busbw * ranks / max(nsteps, 1))
// Allreduce: nsteps = 2(ranks-1), nInterSteps = 2(nodes-1).
fn nccl_ring_allreduce(n: B, ranks: Int, nodes: Int, busbw: B/s,
                       proto: NcclProto = nccl_ring_simple, plateau: Real = 1.0) -> s =
  nccl_ring(n, ranks, 2 * (ranks - 1), 2 * (nodes - 1), busbw, proto,
            if nodes > 1 then plateau else 1.0)
// Reduce-scatter and allgather (n = the whole vector): nsteps = ranks-1, nInterSteps = nodes-1.
fn nccl_ring_reduce_scatter(n: B, ranks: Int, nodes: Int, busbw: B/s,
                            proto: NcclProto = nccl_ring_simple) -> s =
  nccl_ring(n, ranks, ranks - 1, nodes - 1, busbw, proto)
fn nccl_ring_allgather(n: B, ranks: Int, nodes: Int, busbw: B/s,
                       proto: NcclProto = nccl_ring_simple) -> s =
  nccl_ring(n, ranks, ranks - 1, nodes - 1, busbw, proto)
// Broadcast and reduce: nsteps = ranks, nInterSteps = nodes-1.
fn nccl_ring_broadcast(n: B, ranks: Int, nodes: Int, busbw: B/s,
                       proto: NcclProto = nccl_ring_simple) -> s =
  nccl_ring(n, ranks, ranks, nodes - 1, busbw, proto)
// Tree allreduce: latency base + 2((ranks/nodes - 1)·intra + ⌊lg nodes⌋·inter); algbw =
// 0.5 · busbw.
fn nccl_tree_allreduce(n: B, ranks: Int, nodes: Int, busbw: B/s,
                       proto: NcclProto = nccl_tree_simple) -> s =
  if ranks == 1 then 0 s
  else proto.base + 2 * ((ranks / nodes - 1) * proto.intra + flg(nodes) * proto.inter)
       + n / (0.5 * busbw)

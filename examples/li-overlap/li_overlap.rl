// Overlap and stragglers in synchronous data-parallel training, after Li, Nicolae,
// Wozniak and Bosilca ("Understanding Scalability and Fine-Grain Parallelism of Synchronous
// Data Parallel Training", MLHPC 2019), who find that pipelining the backward pass, the
// gradient allreduce and the update hides stragglers only partly. Here: ResNet-50 and VGG16
// on ABCI (4 V100 per node, NVLink inside, InfiniBand EDR between; stdlib.hardware's
// `abci`), one allreduce after the backward pass (`mode = "blocking"`) against allreduces
// of gradient buckets overlapped with it (`"overlap"`, PyTorch DDP's 25 MB buckets;
// Horovod fuses up to 64 MB), the bucket size, and a spread of per-GPU compute times whose
// slowest GPU sets the pace (`cv`, the coefficient of variation). Weak scaling against one
// GPU with the same batch.
//   ringline sweep examples/li-overlap/li_overlap.rl --set nodes=1..256*2 -o nodes.csv
//   ringline sweep examples/li-overlap/li_overlap.rl --set 'mode="overlap"' --set bucket_mb=0,1,5,25,100 -o buckets.csv
import stdlib.hardware
import stdlib.layers
import stdlib.strategies
import stdlib.models.resnet
import stdlib.models.vgg

// A training job: the network, samples per GPU, and one sample's measured forward and
// backward time on a V100 (ParaDL's profiles, Kahira et al., HPDC 2021: the per-GPU batch
// and times of its ABCI validation runs), spread over the layers by FLOPs.
record Job { net: Network, per_gpu: Int, sample_time: s }
let resnet50_v100 = Job { net = resnet50, per_gpu = 64, sample_time = 3.119502 ms }
let vgg16_v100 = Job { net = vgg16, per_gpu = 32, sample_time = 8.245589 ms }

fn job_plan(j: Job, nodes: Int, overlap: Bool, bucket: B, cv: Real) -> Plan =
  data_parallel(j.net, setup(abci(nodes)) with {
                  compute = measured_source with { sample_time = j.sample_time },
                  overlap = overlap, bucket = bucket, straggler_cv = cv },
                4 * nodes, j.per_gpu)

scenario overlap {
  param job: Job = resnet50_v100 in [resnet50_v100, vgg16_v100]
  param mode: String = "blocking" in ["blocking", "overlap"]
  param nodes: Int = 16              // 4 GPUs each
  param bucket_mb: Int = 25          // gradient bucket cap in MB; 0: one bucket per layer
  param cv: Real = 0                 // spread of a GPU's compute time
  let bucket = bucket_mb * 1 MB
  let plan = job_plan(job, nodes, mode == "overlap", bucket, cv)
  let single = data_parallel(job.net, setup(abci(1)) with {
                               compute = measured_source with { sample_time = job.sample_time } },
                             1, job.per_gpu)
  let steady = job_plan(job, nodes, mode == "overlap", bucket, 0)
  report gpus = 4 * nodes
  report buckets = len(buckets(job.net, setup(abci(nodes)) with { bucket = bucket }))
  report compute = plan.fwd + plan.bwd + plan.update in ms
  report comm = plan.comm in ms
  report exposed = plan.exposed in ms
  report iter = plan.iter in ms
  // What the spread costs: the slowest GPU's extra compute and what it adds to the iteration.
  report straggler_delay = (plan.fwd + plan.bwd) - (steady.fwd + steady.bwd) in ms
  report straggler_cost = plan.iter - steady.iter in ms
  report efficiency = efficiency(single, plan)
}

"""Kernel profiles (docs/kernel-models.md): profile_kernels times the kernel kinds with
PyTorch and writes the profile CSV `ringline fit` reads; merge_profiles combines runs;
trace_step records a torch.profiler trace for `ringline calibrate --trace`. The scripts
that compare runs, measure drift, split held-out rows and record oneDNN's implementations
are in tools.research."""

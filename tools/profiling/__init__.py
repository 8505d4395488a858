"""Kernel profiles (docs/kernel-models.md): profile_kernels times the kernel kinds with
PyTorch and writes the profile CSV `ringline fit` reads; merge_profiles and compare_profiles
combine and compare runs; probe_drift measures how much of a machine's drift the probe
takes out; held_out_by_class and held_out_by_layer split `ringline fit --held-out` rows;
onednn_impls records which oneDNN implementation torch runs per convolution."""

"""Ringline's predictions against measurements. validate runs the validation on an
emulated cluster (emulated_cluster; the ranks are bench_collectives and bench_ddp;
validate_predict predicts, validate_report renders docs/validation.md). torchvision_reference,
torch_twins and torch_memory count what PyTorch counts for the stdlib models and memory
categories. The one-off probes (probe_duplex, measure_step) are in tools.research."""

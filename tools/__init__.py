"""Ringline's helper scripts, run from the repository root as `python3 -m tools.PACKAGE.MODULE`.

  tools.profiling   kernel profiles: measuring them with PyTorch, merging runs, tracing steps
  tools.validation  predictions against measurements: the emulated cluster and its benchmarks
                    (tools/validation/validate.py), and PyTorch's own counts of the models
  tools.data        public data sets turned into Ringline inputs (DeepBench, ParaDL)
  tools.calibration published training steps (Megatron-Bridge) against `ringline advise`
  tools.research    one-off research scripts behind documented findings: comparing profile
                    runs, the probe's drift, held-out splits, oneDNN's implementations, a
                    whole training step, gloo's duplex; not part of the product's workflow
  tools.common      what they share: the repository's paths, the ringline binary, the
                    interpreter with torch, and the `# key: value` CSV headers

docs/architecture.md ("Tools") and tools/README.md describe the layout.
"""

"""Ringline's helper scripts, run from the repository root as `python3 -m tools.PACKAGE.MODULE`.

  tools.profiling   kernel profiles: measuring them with PyTorch, merging and comparing runs,
                    splitting `ringline fit --held-out` rows, oneDNN's implementations
  tools.validation  predictions against measurements: the emulated cluster and its benchmarks
                    (tools/validation/validate.py), and PyTorch's own counts of the models
  tools.data        public data sets turned into Ringline inputs (DeepBench, ParaDL)
  tools.common      what they share: the repository's paths, the ringline binary, the
                    interpreter with torch, and the `# key: value` CSV headers

docs/architecture.md ("Tools") describes the layout.
"""

"""One-off research scripts: the measurements and splits behind the findings of
docs/notes/kernel-models-experiments.md and docs/validation-findings.md. They are not part
of the product's workflow (profiling, fitting, validating); each answers one question.

  compare_profiles   run-to-run differences of two profiles, raw or probe-normalised
  probe_drift        how a machine's speed drifts, and how much of it the probe takes out
  held_out_by_class  `ringline fit --held-out` rows split by convolution class
  held_out_by_layer  `ringline fit --held-out` rows split into model layers and the grid
  onednn_impls       which oneDNN implementation torch runs per convolution of a profile
                     (the facts runtime/kernels/torch_cpu_rules.cpp is checked against)
  measure_step       one whole training step of a torchvision model, for end-to-end checks
  probe_duplex       whether gloo sends both ways at once on the emulated cluster
"""

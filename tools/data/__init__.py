"""Public data sets turned into Ringline inputs: deepbench_import (DeepBench's NVIDIA kernel
times as profiles), deepbench_eval (the GPU bundles fitted and scored on them) and
paradl_import (ParaDL's model descriptions and published projections, docs/paradl.md)."""

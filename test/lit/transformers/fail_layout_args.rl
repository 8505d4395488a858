// A layout's strings are checked when the spec is: an unknown recomputation, precision or
// pipeline schedule is a diagnostic at the spec's call, once, not a row.
// RUN: %ringline check --verify-diagnostics --split-input-file %s
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron
let gpt = gpt_config("gpt", 24, 2304, 24)
// expected-error@+1 {{recompute is "none", "selective" or "full", not "partial" [user_error]}}
let p = transformer_plan(gpt, llm_setup(selene(1)), Layout { tensor = 8, recompute = "partial" })

// -----
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron
let gpt = gpt_config("gpt", 24, 2304, 24)
// expected-error@+1 {{precision is "fp16", "bf16", "fp8", "fp8_block", "mxfp8", "nvfp4" or "fp32", not "fp4" [user_error]}}
let p = transformer_plan(gpt, llm_setup(selene(1)), Layout { tensor = 8, precision = "fp4" })

// -----
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron
let gpt = gpt_config("gpt", 24, 2304, 24)
// Selene's A100s have no FP8 tensor cores.
// expected-error@+1 {{A100-SXM4-80GB has no FP8 tensor cores (its peak_fp8 is 0); use bf16 [user_error]}}
let p = transformer_plan(gpt, llm_setup(selene(1)), Layout { tensor = 8, precision = "fp8" })

// -----
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron
let gpt = gpt_config("gpt", 24, 2304, 24)
// Microscaled formats need Blackwell's block-scaled tensor cores: an H100 has none.
// expected-error@+1 {{H100-SXM5-80GB has no block-scaled tensor cores (its peak_fp4 is 0): mxfp8 needs Blackwell; use fp8 or bf16 [user_error]}}
let p = transformer_plan(gpt, llm_setup(dgx_h100_pod(1)), Layout { tensor = 8, precision = "mxfp8" })

// -----
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron
let gpt = gpt_config("gpt", 24, 2304, 24)
// expected-error@+1 {{H100-SXM5-80GB has no block-scaled tensor cores (its peak_fp4 is 0): nvfp4 needs Blackwell; use fp8 or bf16 [user_error]}}
let p = transformer_plan(gpt, llm_setup(dgx_h100_pod(1)), Layout { tensor = 8, precision = "nvfp4" })

// -----
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron
let gpt = gpt_config("gpt", 24, 2304, 24)
// expected-error@+1 {{the pipeline schedule is "1f1b", "gpipe", "zb_h1" or "dualpipe", not "zb" [user_error]}}
let p = transformer_plan(gpt, llm_setup(selene(1)), Layout { tensor = 8, order = "zb" })

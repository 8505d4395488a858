import stdlib.megatron

let negative = gpt_config("t", 4, 256, 4, 128, 1000) with { heads = -4 }

// A list of devices in another module (test/lit/params/list_name_labels.rl).
import stdlib.hardware
let imported = [a100_sxm4_80gb, v100_sxm2_16gb]

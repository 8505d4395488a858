// A spec naming its own device and network, for `calibrate SPEC --trace`.
import stdlib.models.all
import stdlib.hardware
let my_v100 = v100_sxm2_16gb with { stream = 0.9 }
let my_vgg = vgg11_bn_cifar

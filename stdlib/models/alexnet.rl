// stdlib.models.alexnet: torchvision's AlexNet (the one-GPU variant of Krizhevsky's
// "one weird trick" paper: 64-192-384-256-256 channels) at 224x224. Matches torchvision
// 0.14's num_params (61,100,840) and conv+linear MACs exactly (test/lit/models/).
import stdlib.layers

fn alexnet_net(size: Int = 224, classes: Int = 1000) -> Network =
  network("alexnet", [3, size, size], [
    conv2d(64, k = 11, s = 4, p = 2), relu, maxpool(3, s = 2),
    conv2d(192, k = 5, p = 2), relu, maxpool(3, s = 2),
    conv2d(384, k = 3, p = 1), relu,
    conv2d(256, k = 3, p = 1), relu,
    conv2d(256, k = 3, p = 1), relu, maxpool(3, s = 2),
    adaptive_avgpool(6), flatten,
    dropout(), dense(4096), relu, dropout(), dense(4096), relu, dense(classes)])

let alexnet = alexnet_net()

"""PyTorch twins of the stdlib CNNs the validation trains (validate.py): the same
layers in the same order, so that `ringline` counts what torch runs.

  lenet5          stdlib.models.lenet: LeNet-5 on 1x32x32 (tanh, average pooling)
  resnet18_cifar  stdlib.models.resnet: ResNet-18 on 3x32x32 (3x3 stem, no max pooling)
  vgg11_bn_cifar  stdlib.models.vgg: VGG-11 with batchnorm on 3x32x32, one linear classifier

The CIFAR forms are those of kuangliu/pytorch-cifar (models/resnet.py ResNet18(),
models/vgg.py VGG('VGG11')), written here from their layer lists; torchvision has neither.
Every other name is a torchvision model that stdlib/models has (torchvision_reference.py's
MODELS: densenet121, squeezenet1_0, resnet50, ...), built by torchvision (Debian's
python3-torchvision) at its own input side or another (`input_shape(name, size)`; the
stdlib network at that side is stdlib.models.all's `at_size(name, size)`).

  python3 -m tools.validation.torch_twins [MODEL...]     counts as JSON (num_params, MACs)
  python3 -m tools.validation.torch_twins --compare BUILD/bin/ringline [--stdlib DIR]
      totals and every conv, linear and batchnorm layer against `ringline`'s model
      (torchvision_reference.py's comparison); "OK: ..." or "MISMATCH ..." lines,
      "SKIPPED: torch not installed" (exit 0) when no python can import torch.
"""
import argparse
import json
import os
import sys

from ..common import STDLIB, importable_or_rerun
from . import torchvision_reference as tvr  # imports torch only when counting

INPUTS = {"lenet5": [1, 32, 32], "resnet18_cifar": [3, 32, 32], "vgg11_bn_cifar": [3, 32, 32]}
VGG11 = [64, 0, 128, 0, 256, 256, 0, 512, 512, 0, 512, 512, 0]  # 0: a 2x2 max pool


def build(name):
    import torch.nn as nn

    if name == "lenet5":
        return nn.Sequential(
            nn.Conv2d(1, 6, 5), nn.Tanh(), nn.AvgPool2d(2),
            nn.Conv2d(6, 16, 5), nn.Tanh(), nn.AvgPool2d(2),
            nn.Conv2d(16, 120, 5), nn.Tanh(), nn.Flatten(),
            nn.Linear(120, 84), nn.Tanh(), nn.Linear(84, 10))

    if name == "vgg11_bn_cifar":
        layers, c_in = [], 3
        for c in VGG11:
            if c == 0:
                layers.append(nn.MaxPool2d(2, 2))
            else:
                layers += [nn.Conv2d(c_in, c, 3, padding=1), nn.BatchNorm2d(c), nn.ReLU(inplace=True)]
                c_in = c
        return nn.Sequential(*layers, nn.Flatten(), nn.Linear(512, 10))

    if name == "resnet18_cifar":
        class BasicBlock(nn.Module):
            def __init__(self, c_in, planes, stride):
                super().__init__()
                self.main = nn.Sequential(
                    nn.Conv2d(c_in, planes, 3, stride, 1, bias=False), nn.BatchNorm2d(planes), nn.ReLU(inplace=True),
                    nn.Conv2d(planes, planes, 3, 1, 1, bias=False), nn.BatchNorm2d(planes))
                self.shortcut = nn.Sequential()
                if stride != 1 or c_in != planes:
                    self.shortcut = nn.Sequential(nn.Conv2d(c_in, planes, 1, stride, bias=False),
                                                  nn.BatchNorm2d(planes))
                self.relu = nn.ReLU(inplace=True)

            def forward(self, x):
                y = self.main(x)  # the main branch first, as stdlib.layers.residual lists it
                return self.relu(y + self.shortcut(x))

        blocks, c_in = [], 64
        for planes, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
            blocks += [BasicBlock(c_in, planes, stride), BasicBlock(planes, planes, 1)]
            c_in = planes
        return nn.Sequential(
            nn.Conv2d(3, 64, 3, 1, 1, bias=False), nn.BatchNorm2d(64), nn.ReLU(inplace=True),
            *blocks, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(512, 10))

    if name in tvr.MODELS:
        import torchvision.models as tvm
        builder, kwargs, _, _ = tvr.MODELS[name]
        return getattr(tvm, builder)(weights=None, **kwargs)
    raise KeyError(f"unknown twin `{name}`; the twins: {', '.join(known())}")


def known():
    """Every name build() takes: the CIFAR twins, then torchvision's models."""
    return list(INPUTS) + list(tvr.MODELS)


def input_shape(name, size=None):
    """One sample's shape: a CIFAR twin's own (it has no other), or [3, size, size] for a
    torchvision model (its own side when `size` is None)."""
    if name in INPUTS:
        if size and size != INPUTS[name][1]:
            raise ValueError(f"`{name}` takes {INPUTS[name][1]}x{INPUTS[name][2]} inputs only, not {size}")
        return INPUTS[name]
    if name not in tvr.MODELS:
        raise KeyError(f"unknown twin `{name}`; the twins: {', '.join(known())}")
    side = size or tvr.MODELS[name][2]
    return [3, side, side]


def train_mode(name):
    """Whether the model runs in training mode when counted (torchvision's `_aux` variants)."""
    return name in tvr.MODELS and tvr.MODELS[name][3]


def measure(name, with_layers, device="meta", size=None):
    return tvr.count(build(name), input_shape(name, size), train_mode(name), with_layers, device)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("models", nargs="*", help="twins to count (default: all)")
    ap.add_argument("--compare", metavar="RINGLINE", help="compare with this ringline binary")
    ap.add_argument("--stdlib", default=STDLIB)
    args = ap.parse_args()
    names = args.models or list(INPUTS)
    for n in names:
        if n not in known():
            ap.error(f"unknown twin {n}; the twins: {', '.join(known())}")
    if not importable_or_rerun(__spec__.name, "torch"):
        print("SKIPPED: torch not installed (apt-get install python3-torch)")
        return 0
    if args.compare:
        return tvr.compare(os.path.abspath(args.compare), os.path.abspath(args.stdlib), names, "meta",
                           measure_fn=measure, reference="the torch twin")
    json.dump({"models": {n: measure(n, False) for n in names}}, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())

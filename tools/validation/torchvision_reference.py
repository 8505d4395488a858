"""torchvision's own counts for the models of stdlib/models, and a layer-by-layer comparison.

Builds each model with torchvision (Debian's python3-torchvision: torch 1.13, torchvision
0.14), runs the forward pass of one sample (on PyTorch's meta device unless --device says
otherwise: shapes without data, so it takes seconds) and counts, with forward hooks on
every Conv*d and Linear module, MACs = out.numel() * in_channels/groups * prod(kernel) for
a conv and in_features * out_features * rows for a linear layer: the quantity torchvision
>= 0.15 publishes, rounded, as `_ops` (0.14 has no `_ops`). num_params is sum(p.numel()),
as in `_meta["num_params"]`.

  python3 -m tools.validation.torchvision_reference [MODEL...] [--layers]
      prints {"models": {name: {"input", "num_params", "macs"[, "layers"]}}} as JSON
  python3 -m tools.validation.torchvision_reference --compare BUILD/bin/ringline [--stdlib DIR] [MODEL...]
      evaluates each stdlib model with ringline and compares totals, then every conv, linear
      and batchnorm layer in execution order (kind, params, MACs, output shape); prints
      "OK: ..." and exits 0 when all match, "MISMATCH ..." lines and exits 1 otherwise, and
      "SKIPPED: torchvision not installed" (exit 0) when no python can import torchvision.

Only `/usr/bin/python3` has the Debian packages; run with another interpreter, the module
re-runs itself under /usr/bin/python3 (RINGLINE_TORCH_PYTHON overrides it) when that one
can import torchvision.
"""
import argparse
import json
import os
import sys

from ..common import STDLIB, eval_text, importable_or_rerun, weights_uninitialised

# name -> (torchvision builder, keyword arguments, input side, run in training mode).
# Training mode only for the `_aux` variants: their auxiliary classifiers run only then.
MODELS = {
    "alexnet": ("alexnet", {}, 224, False),
    "vgg11": ("vgg11", {}, 224, False),
    "vgg13": ("vgg13", {}, 224, False),
    "vgg16": ("vgg16", {}, 224, False),
    "vgg19": ("vgg19", {}, 224, False),
    "vgg11_bn": ("vgg11_bn", {}, 224, False),
    "vgg13_bn": ("vgg13_bn", {}, 224, False),
    "vgg16_bn": ("vgg16_bn", {}, 224, False),
    "vgg19_bn": ("vgg19_bn", {}, 224, False),
    "resnet18": ("resnet18", {}, 224, False),
    "resnet34": ("resnet34", {}, 224, False),
    "resnet50": ("resnet50", {}, 224, False),
    "resnet101": ("resnet101", {}, 224, False),
    "resnet152": ("resnet152", {}, 224, False),
    "wide_resnet50_2": ("wide_resnet50_2", {}, 224, False),
    "resnext50_32x4d": ("resnext50_32x4d", {}, 224, False),
    "googlenet": ("googlenet", {"aux_logits": False, "init_weights": False}, 224, False),
    "googlenet_aux": ("googlenet", {"aux_logits": True, "init_weights": False}, 224, True),
    "inception_v3": ("inception_v3", {"aux_logits": False, "init_weights": False}, 299, False),
    "inception_v3_aux": ("inception_v3", {"aux_logits": True, "init_weights": False}, 299, True),
    "densenet121": ("densenet121", {}, 224, False),
    "mobilenet_v2": ("mobilenet_v2", {}, 224, False),
    "squeezenet1_0": ("squeezenet1_0", {}, 224, False),
    "squeezenet1_1": ("squeezenet1_1", {}, 224, False),
}

# Measured only, not in stdlib/models: the worked example of docs/adding-a-layer.md
# (test/lit/models/custom_layer.rl) builds this one in its own file.
EXTRA = {
    "mobilenet_v3_small": ("mobilenet_v3_small", {}, 224, False),
}

# Layer kinds compared one by one; ringline's `kind` strings map to the same codes.
CODES = {"conv": 1, "linear": 2, "batchnorm": 3}


def measure(name, with_layers, device="meta"):
    import torch
    import torchvision.models as tvm

    builder, kwargs, side, train = MODELS[name] if name in MODELS else EXTRA[name]
    # Counting needs shapes, not values.
    with weights_uninitialised(torch):
        model = getattr(tvm, builder)(weights=None, **kwargs)
    return count(model, [3, side, side], train, with_layers, device)


def count(model, input_shape, train, with_layers, device="meta"):
    """num_params, conv+linear MACs of one sample and (with_layers) each conv, linear and
    batchnorm module's kind, own params, MACs and output shape, of any torch module."""
    import torch
    # On the meta device tensors have shapes but no data: the forward pass costs nothing.
    model = model.to(device).train(train)
    layers = []

    def hook(module, inputs, output):
        shape = list(output.shape[1:])
        own = sum(p.numel() for p in module.parameters(recurse=False))
        if isinstance(module, (torch.nn.Conv1d, torch.nn.Conv2d, torch.nn.Conv3d)):
            k = 1
            for d in module.kernel_size:
                k *= d
            macs = output[0].numel() * (module.in_channels // module.groups) * k
            kind = "conv"
        elif isinstance(module, torch.nn.Linear):
            rows = output[0].numel() // module.out_features
            macs = rows * module.in_features * module.out_features
            kind = "linear"
        else:
            macs = 0
            kind = "batchnorm"
        layers.append({"module": module._name, "kind": kind, "out": shape, "params": own, "macs": macs})

    watched = (torch.nn.Conv1d, torch.nn.Conv2d, torch.nn.Conv3d, torch.nn.Linear,
               torch.nn.BatchNorm1d, torch.nn.BatchNorm2d, torch.nn.BatchNorm3d)
    for mname, module in model.named_modules():
        if isinstance(module, watched):
            module._name = mname
            module.register_forward_hook(hook)
    # Hooks count per sample; training mode needs two samples (batchnorm of a 1x1 map).
    with torch.no_grad():
        model(torch.zeros(2 if train else 1, *input_shape, device=device))
    result = {
        "input": list(input_shape),
        "num_params": sum(p.numel() for p in model.parameters()),
        "macs": sum(l["macs"] for l in layers),
    }
    if with_layers:
        result["layers"] = layers
    return result


def _ringline_eval(ringline, stdlib, text):
    """The reports of a one-scenario spec `text`, evaluated by `ringline eval`, by name."""
    return eval_text(ringline, text, env=dict(os.environ, RINGLINE_STDLIB=stdlib))


def ringline_layers(ringline, stdlib, names):
    """{name: (params, macs, [(code, params, macs, output shape)] of its conv, dense and
    batchnorm layers)} for stdlib models `names`, from two runs of `ringline eval`."""
    # A report is one number and an index must be a constant, so the first run reads each
    # layer's kind code, the second the fields of the layers that have one.
    head = ("import stdlib.layers\nimport stdlib.models.all\n"
            "fn _code(k: String) -> Int = if k == \"conv1d\" or k == \"conv2d\" or k == \"conv3d\" then 1 "
            "else if k == \"dense\" then 2 else if k == \"batchnorm\" then 3 else 0\n")
    first = [head, "scenario kinds {\n"]
    for m, name in enumerate(names):
        first.append(f"  report n{m} = len({name}.layers)\n  report p{m} = total_params({name})\n"
                     f"  report m{m} = total_macs({name})\n")
    v = _ringline_eval(ringline, stdlib, "".join(first) + "}\n")
    second = [head, "scenario kinds {\n"]
    for m, name in enumerate(names):
        second.extend(f"  report k{m}_{i} = _code({name}.layers[{i}].kind)\n" for i in range(int(v[f"n{m}"])))
    k = _ringline_eval(ringline, stdlib, "".join(second) + "}\n")
    third = [head, "scenario fields {\n"]
    for m, name in enumerate(names):
        for i in range(int(v[f"n{m}"])):
            if k[f"k{m}_{i}"]:
                l = f"{name}.layers[{i}]"
                # The shape packed into one exact number: 16 bits per axis, at most 3 axes.
                third.append(f"  report p{m}_{i} = {l}.params\n  report m{m}_{i} = {l}.macs\n"
                             f"  report s{m}_{i} = sum j in range(min(len({l}.out), 3)): "
                             f"min({l}.out[j], 65535) * 65536 ^ j\n")
    f = _ringline_eval(ringline, stdlib, "".join(third) + "}\n")
    result = {}
    for m, name in enumerate(names):
        layers = []
        for i in range(int(v[f"n{m}"])):
            code = int(k[f"k{m}_{i}"])
            if code:
                packed, shape = int(f[f"s{m}_{i}"]), []
                while packed:
                    shape.append(packed % 65536)
                    packed //= 65536
                layers.append((code, int(f[f"p{m}_{i}"]), int(f[f"m{m}_{i}"]), shape))
        result[name] = (int(v[f"p{m}"]), int(v[f"m{m}"]), layers)
    return result


def compare(ringline, stdlib, names, device, measure_fn=measure, reference="torchvision"):
    """Totals and every conv, linear and batchnorm layer of stdlib models `names` against
    `measure_fn(name, True, device)` (torchvision's models, or torch_twins.py's)."""
    bad = 0
    checked = 0
    ringline_counts = ringline_layers(ringline, stdlib, names)
    for name in names:
        ref = measure_fn(name, True, device)
        params, macs, ours = ringline_counts[name]
        theirs = [(CODES[l["kind"]], l["params"], l["macs"], l["out"], l["module"]) for l in ref["layers"]]
        if (params, macs) != (ref["num_params"], ref["macs"]):
            print(f"MISMATCH {name}: ringline params {params} macs {macs}, "
                  f"{reference} params {ref['num_params']} macs {ref['macs']}")
            bad += 1
        if len(ours) != len(theirs):
            print(f"MISMATCH {name}: {len(ours)} conv/linear/batchnorm layers in ringline, "
                  f"{len(theirs)} in {reference}")
            bad += 1
        for i, (a, b) in enumerate(zip(ours, theirs)):
            if a != b[:4]:
                print(f"MISMATCH {name} layer {i} ({b[4]}): ringline (kind, params, macs, out) = {a}, "
                      f"{reference} = {b[:4]}")
                bad += 1
                break
        print(f"{name}: params {params} macs {macs} ({reference} {ref['num_params']} {ref['macs']}); "
              f"{len(theirs)} conv/linear/batchnorm layers compared")
        checked += 1
    if bad:
        print(f"FAILED: {bad} mismatches")
        return 1
    print(f"OK: {checked} models match {reference} layer by layer")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("models", nargs="*", help="models to measure (default: all)")
    ap.add_argument("--layers", action="store_true", help="include per-layer records")
    ap.add_argument("--device", default="meta",
                    help="torch device for the forward pass (default meta: shapes only; cpu runs it)")
    ap.add_argument("--compare", metavar="RINGLINE", help="compare with this ringline binary")
    ap.add_argument("--stdlib", default=STDLIB,
                    help="the stdlib directory ringline reads (default: the source tree's)")
    args = ap.parse_args()
    names = args.models or list(MODELS)
    for n in names:
        if n not in MODELS and (n not in EXTRA or args.compare):
            ap.error(f"unknown model {n}; known: {', '.join(MODELS)} (and, without --compare, "
                     f"{', '.join(EXTRA)})")

    if not importable_or_rerun(__spec__.name, "torchvision"):
        print("SKIPPED: torchvision not installed (apt-get install python3-torchvision)")
        return 0

    if args.compare:
        return compare(os.path.abspath(args.compare), os.path.abspath(args.stdlib), names, args.device)
    out = {"models": {n: measure(n, args.layers, args.device) for n in names}}
    json.dump(out, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())

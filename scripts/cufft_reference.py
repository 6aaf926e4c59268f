#!/usr/bin/env python3
"""cuFFT through torch.fft on the same cases as `spectrascope-bench`, measured the same way: 2^25 complex
values per call, median of 7 repetitions of 10 back-to-back calls, wall clock around them; relative L2 error
against cuFFT in double precision. One JSON object per line, the bench's record format."""
import argparse
import json
import math

import torch

ELEMENTS = 1 << 25


def anchor_cases():
    cases = [("c2c", (n,)) for n in (64, 256, 1024, 4096, 8192, 16384, 65536, 1 << 20, 1 << 24)]
    cases += [("c2c", (n, n)) for n in (256, 1024, 4096, 8192)]
    cases += [("r2c", (n, n)) for n in (1024, 4096)]
    cases += [("c2c", (1920, 1080)), ("c2c", (4000, 3000)), ("c2c", (44100,)), ("c2c", (1000,))]
    cases += [(kind, (n, n, n)) for kind in ("c2c", "r2c") for n in (64, 128, 256)]
    cases += [("r2c", (n,)) for n in (1 << 10, 1 << 16, 1 << 20)]
    cases += [("c2c", (n,)) for n in (1009, 65537)]
    return cases


def parse_sizes(text, kind):
    return [(kind, tuple(int(x) for x in item.split("x"))) for item in text.split(",")]


def transform(kind, rank, x):
    dims = tuple(range(-rank, 0))
    return torch.fft.rfftn(x, dim=dims) if kind == "r2c" else torch.fft.fftn(x, dim=dims)


def measure(kind, extents, reps=7, calls=10):
    elements = math.prod(extents)
    batch = max(1, ELEMENTS // elements)
    shape = (batch,) + tuple(reversed(extents))  # fastest dimension last in torch
    gen = torch.Generator(device="cuda").manual_seed(20261121)
    real = torch.rand(shape, generator=gen, device="cuda") - 0.5
    x = real if kind == "r2c" else torch.complex(real, torch.rand(shape, generator=gen, device="cuda") - 0.5)
    rank = len(extents)
    for _ in range(3):
        y = transform(kind, rank, x)
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(calls):
            y = transform(kind, rank, x)
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end) / calls)
    ms = sorted(times)[reps // 2]
    expected = transform(kind, rank, x.double() if kind == "r2c" else x.to(torch.complex128))
    err = (torch.linalg.vector_norm(y.to(torch.complex128) - expected) / torch.linalg.vector_norm(expected)).item()
    out_elements = elements if kind == "c2c" else elements // extents[0] * (extents[0] // 2 + 1)
    in_bytes = batch * elements * (8 if kind == "c2c" else 4)
    out_bytes = batch * out_elements * 8
    flops = 5 * elements * math.log2(elements) * batch / (1 if kind == "c2c" else 2)
    ext = list(extents) + [1] * (3 - len(extents))
    del x, y, expected
    torch.cuda.empty_cache()
    return {"lib": "cufft", "backend": "torch.fft", "device": torch.cuda.get_device_name(), "kind": kind,
            "nx": ext[0], "ny": ext[1], "nz": ext[2], "batch": batch, "ms": ms,
            "gbps": (in_bytes + out_bytes) / (ms * 1e6), "gflops": flops / (ms * 1e6), "rel_err": err}


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--suite", choices=["anchors"])
    p.add_argument("--sizes")
    p.add_argument("--kind", default="c2c")
    args, _ = p.parse_known_args()
    cases = anchor_cases() if args.suite or not args.sizes else parse_sizes(args.sizes, args.kind)
    for kind, extents in cases:
        print(json.dumps(measure(kind, extents)), flush=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Our time against the fastest peer per case, from one run of scripts/gpu-peers.sh.
Usage: peer_table.py OURS.jsonl PEERS.jsonl
Both files hold one JSON object per line with lib, kind, nx, ny, nz, batch, ms and rel_err (rel_err < 0:
the peer's harness did not check that case)."""
import json
import math
import sys

PEERS = ["cufft", "vkfft-opencl", "vkfft134-opencl", "clfft"]
SHORT = {"cufft": "cuFFT", "vkfft-opencl": "VkFFT 1.2.26", "vkfft134-opencl": "VkFFT 1.3.4", "clfft": "clFFT"}


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip().startswith("{")]


def key(r):
    return (r["kind"], int(r["nx"]), int(r.get("ny", 1)), int(r.get("nz", 1)))


def name(k):
    kind, *dims = k
    dims = [d for i, d in enumerate(dims) if i == 0 or d > 1]
    return f"{len(dims)}D {kind} " + "x".join(map(str, dims))


def err(r):
    return f"{r['rel_err']:.1e}" if r.get("rel_err", -1) >= 0 else "-"


def main():
    ours = [r for r in load(sys.argv[1]) if r.get("lib") == "spectrascope"]
    peers = {}
    copy = [r["gbps"] for r in load(sys.argv[2]) if r.get("lib") == "copy"]
    for r in load(sys.argv[2]):
        if r.get("lib") in PEERS and r.get("ms", 0) > 0:
            peers.setdefault(key(r), {})[r["lib"]] = r
    head = "| case | batch | ours ms | " + " | ".join(SHORT[p] + " ms" for p in PEERS)
    head += " | ours / fastest | our err | " + " | ".join(SHORT[p] + " err" for p in PEERS) + " |"
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    ratios = []
    for r in ours:
        k = key(r)
        theirs = peers.get(k, {})
        cells = [f"{theirs[p]['ms']:.3f}" if p in theirs else "-" for p in PEERS]
        errs = [err(theirs[p]) if p in theirs else "-" for p in PEERS]
        if "skipped" in r:
            print(f"| {name(k)} | {r['batch']} | skipped: {r['skipped']} | " + " | ".join(cells) + " | - | - | "
                  + " | ".join(errs) + " |")
            continue
        fastest = min((t["ms"], p) for p, t in theirs.items()) if theirs else None
        ratio = r["ms"] / fastest[0] if fastest else None
        if ratio:
            ratios.append(ratio)
        mark = "" if ratio is None or ratio <= 1.05 else " *"
        against = f"{ratio:.2f}{mark} ({SHORT[fastest[1]]})" if ratio else "-"
        print(f"| {name(k)} | {r['batch']} | {r['ms']:.3f} | " + " | ".join(cells) + f" | {against} | {err(r)} | "
              + " | ".join(errs) + " |")
    if ratios:
        geo = math.exp(sum(map(math.log, ratios)) / len(ratios))
        within = sum(1 for x in ratios if x <= 1.05)
        ours_copy = next((r["copy_gbps"] for r in ours if "copy_gbps" in r), 0)
        print(f"\n{len(ratios)} cases: {within} within 1.05x of the fastest peer, geometric mean of ours / fastest "
              f"= {geo:.3f}; * = above 1.05x. Copy bandwidth: ours {ours_copy:.0f} GB/s, peers' harness "
              + ", ".join(f"{c:.0f}" for c in copy) + " GB/s.")


if __name__ == "__main__":
    main()

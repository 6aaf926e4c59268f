#!/usr/bin/env python3
"""Side-by-side table of spectrascope-bench --json and cufft_reference.py output from the same run.
Usage: compare_bench.py SPECTRASCOPE.jsonl CUFFT.jsonl"""
import json
import sys


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip().startswith("{")]


def key(r):
    return (r["kind"], r["nx"], r["ny"], r["nz"])


def name(r):
    dims = [r["nx"]] + [d for d in (r["ny"], r["nz"]) if d > 1]
    rank = len(dims)
    return f"{rank}D {r['kind']} " + ("N=" + str(dims[0]) if rank == 1 else "x".join(map(str, dims)))


def main():
    ours, theirs = load(sys.argv[1]), {key(r): r for r in load(sys.argv[2])}
    print("| case | batch | Spectrascope ms | cuFFT ms | cuFFT/ours | our % of copy | our rel err | cuFFT rel err |")
    print("|---|---|---|---|---|---|---|---|")
    for r in ours:
        c = theirs.get(key(r))
        cu_ms = f"{c['ms']:.3f}" if c else "-"
        cu_err = f"{c['rel_err']:.2e}" if c else "-"
        if "skipped" in r:
            print(f"| {name(r)} | {r['batch']} | not on device: {r['skipped']} | {cu_ms} | - | - | - | {cu_err} |")
            continue
        ratio = f"{c['ms'] / r['ms']:.2f}" if c else "-"
        print(f"| {name(r)} | {r['batch']} | {r['ms']:.3f} | {cu_ms} | {ratio} | "
              f"{100 * r['copy_fraction']:.1f}% | {r['rel_err']:.2e} | {cu_err} |")


if __name__ == "__main__":
    main()

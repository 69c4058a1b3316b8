#!/usr/bin/env python3
"""Times `vedl check FILE` and `vedl fmt FILE` on generated edits and prints a table.

    measure.py --vedl BIN --dir DIR [--sizes 1000,10000,100000] [--runs 3]
               [--sources media|generated]

For each size it writes DIR/clips-N.vedl with generate.py, runs each command --runs times,
and keeps the best (smallest) wall time, the best CPU time and the largest peak RSS (from
wait4, so only the `vedl` process is counted). A command that exits non-zero makes the whole measurement fail:
the generated files are valid, so a failure is a bug, not a data point. `vedl fmt` is skipped,
with a message, when the binary has no `fmt` command yet. `run.sh` is the usual way in.
"""

import argparse
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402  (the sibling generator)


def run_once(argv):
    """Runs argv with output discarded; returns (wall seconds, CPU seconds, peak RSS in MiB,
    exit status, stderr)."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    stderr = process.stderr.read().decode("utf-8", "replace")
    process.stderr.close()
    process.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0, process.returncode, stderr


def best_of(argv, runs):
    """Best wall time, best CPU time and peak RSS over `runs` runs; exits when a run fails.

    CPU time (user + system) is printed beside wall time because the machines this runs on
    are shared: other work slows the wall clock but hardly changes the CPU time."""
    walls, cpus, peak = [], [], 0.0
    for _ in range(runs):
        wall, cpu, rss, code, stderr = run_once(argv)
        if code != 0:
            sys.exit(f"measure: `{' '.join(argv)}` exited {code}:\n{stderr[:3000]}")
        walls.append(wall)
        cpus.append(cpu)
        peak = max(peak, rss)
    return min(walls), min(cpus), peak


def has_fmt(vedl):
    """Whether this `vedl` has the `fmt` command."""
    result = subprocess.run([vedl, "fmt", "--help"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return result.returncode == 0


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vedl", required=True, help="the vedl binary to time")
    parser.add_argument("--dir", required=True, help="scratch folder for the generated files")
    parser.add_argument("--sizes", default="1000,10000,100000", help="comma-separated clip counts")
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement (the best is kept)")
    parser.add_argument("--sources", choices=["media", "generated"], default="media")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    os.makedirs(args.dir, exist_ok=True)

    commands = [("check", ["check"])]
    if has_fmt(args.vedl):
        commands.append(("fmt", ["fmt"]))
    else:
        print("measure: this vedl has no `fmt` command yet; timing `check` only", file=sys.stderr)

    # Fixed cost of each command: process start, loading the binary, (check) probing the media.
    small = os.path.join(args.dir, "clips-1.vedl")
    with open(small, "w", encoding="utf-8") as f:
        f.write(generate.generate(1, args.sources))
    fixed = {}
    for name, sub in commands:
        wall, cpu, _ = best_of([args.vedl, *sub, small], args.runs)
        fixed[name] = wall
        print(f"fixed cost: `vedl {name}` of a 1-clip file takes {wall:.3f} s wall, {cpu:.3f} s CPU "
              f"(best of {args.runs})")
    print()

    rows = []
    for n in sizes:
        path = os.path.join(args.dir, f"clips-{n}.vedl")
        text = generate.generate(n, args.sources)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        size_mb = len(text.encode("utf-8")) / 1e6
        lines = text.count("\n")
        for name, sub in commands:
            seconds, cpu, rss = best_of([args.vedl, *sub, path], args.runs)
            rows.append((name, n, lines, size_mb, seconds, cpu, rss))

    header = (f"{'command':<8} {'clips':>7} {'lines':>8} {'MB':>6} {'seconds':>8} {'MB/s':>7} {'lines/s':>10} "
              f"{'CPU s':>7} {'peak RSS MiB':>13}")
    print(header)
    print("-" * len(header))
    for name, n, lines, size_mb, seconds, cpu, rss in rows:
        print(f"{name:<8} {n:>7} {lines:>8} {size_mb:>6.2f} {seconds:>8.3f} {size_mb / seconds:>7.2f} "
              f"{lines / seconds:>10.0f} {cpu:>7.3f} {rss:>13.1f}")
    print()
    for name, _ in commands:
        startup = fixed[name]
        timings = [(n, s) for c, n, _, _, s, _, _ in rows if c == name]
        ratios = []
        for a, b in zip(timings, timings[1:]):
            ratio = f"{b[0] / a[0]:g}x clips → {b[1] / a[1]:.1f}x time"
            # The same ratio once the fixed cost of a run is taken off both sides (shown only when
            # the fixed cost is under half of the smaller time, or noise would swamp it).
            if a[1] > 2 * startup:
                ratio += f" ({(b[1] - startup) / (a[1] - startup):.1f}x without the fixed cost)"
            ratios.append(f"{ratio} [{b[0]}/{a[0]}]")
        if ratios:
            print(f"growth, {name}: " + "; ".join(ratios))
    print("(linear growth is 10x time per 10x clips; the target is at most ~11x)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

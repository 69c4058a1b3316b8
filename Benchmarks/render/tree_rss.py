"""Runs a command and reports the peak of the summed resident memory of its whole process tree.

    python3 tree_rss.py REPORT -- COMMAND [ARG]...

`/usr/bin/time -v` reports the largest single process only; MoviePy (and any wrapper) runs
ffmpeg children beside itself, so the benchmark also samples the tree: every 50 ms the VmRSS
of the command and all its descendants is summed from /proc. REPORT gets the peak in KiB.
The command's exit status is passed on.
"""
import os
import subprocess
import sys
import time


def children_of():
  """Maps each pid to the pids of its children, from /proc/*/stat."""
  tree = {}
  for name in os.listdir("/proc"):
    if not name.isdigit():
      continue
    try:
      with open(f"/proc/{name}/stat") as f:
        stat = f.read()
    except OSError:
      continue
    parent = int(stat.rsplit(")", 1)[1].split()[1])
    tree.setdefault(parent, []).append(int(name))
  return tree


def rss_kib(pid):
  try:
    with open(f"/proc/{pid}/status") as f:
      for line in f:
        if line.startswith("VmRSS:"):
          return int(line.split()[1])
  except OSError:
    pass
  return 0


def main():
  report, command = sys.argv[1], sys.argv[sys.argv.index("--") + 1:]
  process = subprocess.Popen(command)
  peak = 0
  while process.poll() is None:
    tree, pending, total = children_of(), [process.pid], 0
    while pending:
      pid = pending.pop()
      total += rss_kib(pid)
      pending.extend(tree.get(pid, []))
    peak = max(peak, total)
    time.sleep(0.05)
  with open(report, "w") as f:
    f.write(f"{peak}\n")
  sys.exit(process.returncode)


if __name__ == "__main__":
  main()

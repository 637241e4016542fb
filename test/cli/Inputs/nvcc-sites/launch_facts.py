"""Prints, per kernel of a gpa-report/1 file, the launch values the nvcc
route's tests check: each listed assumption's value and kind."""
import json
import sys

NAMES = ("block_size", "block_dims", "grid_size", "shared_bytes_per_block",
         "registers_per_thread", "launch_sites")

for kernel in json.load(open(sys.argv[1]))["kernels"]:
    a = kernel["assumptions"]
    facts = [f"{n}={a[n]['value']}:{a[n]['kind']}" for n in NAMES if n in a]
    guards = [f"guard={v['value']}:{v['kind']}" for n, v in a.items()
              if n.startswith("bounds_guard_in_bounds")]
    print(kernel["demangled"].split("(")[0], *facts, *guards)

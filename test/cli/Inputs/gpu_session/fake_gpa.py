"""A stand-in for `gpa analyze --format json` in gpu-session-table.test:
prints a gpa-report/1 document with fixed predictions per kernel, one set
for PTX inputs and one for .cu inputs; kernel b has no PTX prediction."""
import json
import sys

PTX = any(a.endswith(".ptx") for a in sys.argv)
# name: (exec_time_s, total_power_w, energy_j)
CU = {"_Z1av": (2e-3, 250.0, 0.5), "_Z1bv": (1e-3, 100.0, 0.1)}
PTX_PRED = {"_Z1av": (1.2e-3, 180.0, 0.216)}
kernels = [{"name": name, "timing": {"exec_time_s": t},
            "power": {"total_power_w": p}, "efficiency": {"energy_j": e}}
           for name, (t, p, e) in sorted((PTX_PRED if PTX else CU).items())]
json.dump({"schema": "gpa-report/1", "gpu": "h100", "kernels": kernels},
          sys.stdout)

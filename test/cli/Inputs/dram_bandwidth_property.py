"""Property (issue 24): no prediction implies more DRAM bandwidth than the
GPU's sustained bandwidth. For each kernel of gpa-report/1 files, the DRAM
bytes the model charges over the launch, at the sustained bandwidth, take
timing.memory_levels.dram_bound_cycles per wave x rep waves (full waves plus
timing.last_wave.dram_bound_cycles when the last wave is partial); the predicted
time is exec_cycles. Their ratio is the share of the sustained bandwidth the
prediction implies and must not exceed 1. Prints one line per kernel above
the limit and a summary; exits 1 when any is."""
import json
import sys

checked = bad = 0
worst = 0.0
for path in sys.argv[1:]:
    for k in json.load(open(path))["kernels"]:
        t = k["timing"]
        levels = t.get("memory_levels")
        if not levels or not t["exec_cycles"] > 0:
            continue
        # A partial last wave moves its own bytes (docs/models.md "Partial
        # last waves"): full waves x a full wave's bytes, plus the last's.
        last = t.get("last_wave")
        dram = (levels["dram_bound_cycles"] * last["full_waves"] +
                last["dram_bound_cycles"]) if last else \
            levels["dram_bound_cycles"] * t["rep"]
        share = dram / t["exec_cycles"]
        checked += 1
        worst = max(worst, share)
        if share > 1 + 1e-9:
            bad += 1
            print("%s: %s implies %.3f of the sustained DRAM bandwidth" % (path, k["name"], share))
print("%d kernels checked, %d above the sustained bandwidth, worst %.3f" % (checked, bad, worst))
sys.exit(1 if bad else 0)

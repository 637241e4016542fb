# Prints the clock_advice of a -gpa-report file, of gpa analyze's JSON
# and of gpa analyze's CSV, one line each, with the figures rounded as the text
# renderers round them (clock-advice-renderers.ll compares them with the rest).
import json
import sys


def mhz(v):
    return "none" if v is None else "%.0f" % v


for label, path in zip(("report", "analyze"), sys.argv[1:3]):
    with open(path) as f:
        c = json.load(f)["kernels"][0]["clock_advice"]
    if not c["available"]:
        print("%s: not available: %s" % (label, c["reason"]))
        continue
    ch, ref = c["chosen"], c["reference"]
    line = "%s: available %s core=%s mem=%s saving=%.1f slowdown=%.1f ref=%s/%s basis=%s" % (
        label, "change" if c["change"] else "keep", mhz(ch["core_mhz"]),
        mhz(ch.get("mem_mhz")), c["energy_saving_pct"], c["slowdown_pct"],
        mhz(ref["core_mhz"]), mhz(ref.get("mem_mhz")), c["basis"])
    if not c["change"]:
        line += " fastest=%s/%s" % (mhz(c["fastest"]["core_mhz"]), mhz(c["fastest"].get("mem_mhz")))
    print(line)

# gpa analyze's CSV: the clock fields of its one kernel row, rounded alike.
if len(sys.argv) > 3:
    import csv
    with open(sys.argv[3]) as f:
        row = next(csv.DictReader(f))
    mem = row["clock_mem_mhz"]
    print("csv: core=%s mem=%s saving=%.1f" % (
        row["clock_core_mhz"], mem if mem else "none",
        float(row["clock_energy_saving_pct"])))

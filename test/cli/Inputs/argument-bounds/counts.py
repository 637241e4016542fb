"""Per kernel of a gpa-report/1, in the order of bounds.cu: global accesses
per thread (argument-trip-bounds.test)."""
import json
import sys

ORDER = ["ltFrom0", "ltFrom1", "ltFromS", "leFromS", "neFromS", "ltStep2",
         "leStep2", "gtDown", "geDown"]
kernels = {k["name"]: k for k in json.load(open(sys.argv[1]))["kernels"]}
for name in ORDER:
    print("%s global_mem=%.6g" % (name, kernels[name]["counts_per_thread"]["global_mem"]))

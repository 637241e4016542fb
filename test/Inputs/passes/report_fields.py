"""Print selected fields of a gpa-report/1 file, one line per leaf, for FileCheck.

usage: report_fields.py REPORT.json FIELD...   (FIELD: a top-level kernel key,
e.g. counts_per_thread, memory, assumptions, location, launch)
Lines look like `kernel_name memory.bytes_per_access=4`. Zero counts are
skipped so CHECK-NOT can assert a unit is absent.
"""
import json
import sys


def leaves(prefix, value):
    if isinstance(value, dict):
        for key in sorted(value):
            yield from leaves(prefix + "." + key if prefix else key, value[key])
    else:
        yield prefix, value


def fmt(value):
    if isinstance(value, float):
        text = "%.4f" % value
        text = text.rstrip("0").rstrip(".")
        return text
    return json.dumps(value)


def main():
    with open(sys.argv[1]) as f:
        report = json.load(f)
    print("schema=%s gpu=%s" % (report["schema"], report["gpu"]))
    for kernel in report["kernels"]:
        for field in sys.argv[2:]:
            for path, value in leaves(field, kernel.get(field)):
                if field == "counts_per_thread" and value == 0:
                    continue
                print("%s %s=%s" % (kernel["name"], path, fmt(value)))


main()

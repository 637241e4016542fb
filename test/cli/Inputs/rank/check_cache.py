"""Reads a gpa rank cache file as Kernel Tuner does. With the PyPI
kernel_tuner package installed, through its own reader
(kernel_tuner.util.read_cache); otherwise against the format that reader
and its simulation runner document (util.process_cache, correct_open_cache,
store_cache, runners/simulation.py): a JSON object with device_name,
kernel_name, problem_size, tune_params_keys, tune_params, objective and
cache; each cache key the configuration's values joined by ","; each entry
naming every tunable, a "time" in ms (or an error name) and the timing
fields the simulation runner adds up."""
import json
import sys

ERRORS = ("ErrorConfig", "InvalidConfig", "CompilationFailedConfig",
          "RuntimeFailedConfig")


def check(path):
    try:
        from kernel_tuner import util
        doc = util.read_cache(path, open_cache=False)
        reader = "kernel_tuner.util.read_cache"
    except ImportError:
        with open(path) as f:
            text = f.read().strip()
        # correct_open_cache: a closed file ends in "}\n}" or "}}}".
        if text[-3:] not in ("}\n}", "}}}"):
            sys.exit("%s: not closed as Kernel Tuner expects" % path)
        doc = json.loads(text)
        reader = "the documented format"
    for key in ("device_name", "kernel_name", "problem_size",
                "tune_params_keys", "tune_params", "objective", "cache"):
        if key not in doc:
            sys.exit("%s: no %s" % (path, key))
    keys = doc["tune_params_keys"]
    if list(doc["tune_params"]) != keys:
        sys.exit("%s: tune_params not in tune_params_keys' order" % path)
    for ckey, entry in doc["cache"].items():
        if ckey != ",".join(str(entry[k]) for k in keys):
            sys.exit("%s: key %s does not name its values" % (path, ckey))
        t = entry["time"]
        if not (isinstance(t, (int, float)) or t in ERRORS):
            sys.exit("%s: %s: time %r" % (path, ckey, t))
        for f in ("compile_time", "verification_time", "benchmark_time"):
            if not isinstance(entry[f], (int, float)):
                sys.exit("%s: %s: no %s" % (path, ckey, f))
    print("cache file ok (%s): %d entries" % (reader, len(doc["cache"])))


check(sys.argv[1])

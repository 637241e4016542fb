"""Validates JSON documents against a JSON Schema (draft-07) file.
usage: validate_schema.py SCHEMA FILE..."""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
jsonschema.Draft7Validator.check_schema(schema)
validator = jsonschema.Draft7Validator(schema)
bad = 0
for path in sys.argv[2:]:
    errors = sorted(validator.iter_errors(json.load(open(path))), key=str)
    for e in errors[:3]:
        print("%s: %s: %s" % (path.rsplit("/", 1)[-1], "/".join(map(str, e.absolute_path)), e.message))
    bad += bool(errors)
print("schema %s: %d valid, %d invalid" % (sys.argv[1].rsplit("/", 1)[-1], len(sys.argv) - 2 - bad, bad))
sys.exit(1 if bad else 0)

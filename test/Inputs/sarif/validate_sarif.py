"""Validate a SARIF log against the SARIF 2.1.0 subset schema, and check
what the schema cannot say: every result's ruleId is declared in rules[],
every uriBaseId is declared in originalUriBaseIds, no URI is absolute, and
every helpUri anchor exists in the document it names.

usage: validate_sarif.py SCHEMA LOG SRC_ROOT
"""
import json
import os
import re
import sys

import jsonschema

schema, log = (json.load(open(p)) for p in sys.argv[1:3])
root = sys.argv[3]
jsonschema.validate(log, schema)
for run in log["runs"]:
    rules = {r["id"]: r for r in run["tool"]["driver"].get("rules", [])}
    bases = set(run.get("originalUriBaseIds", {}))
    for res in run.get("results", []):
        assert res["ruleId"] in rules, "undeclared rule " + res["ruleId"]
        for loc in res.get("locations", []):
            art = loc["physicalLocation"]["artifactLocation"]
            assert not os.path.isabs(art["uri"]) and "://" not in art["uri"], art["uri"]
            assert art.get("uriBaseId") in bases, "undeclared uriBaseId"
    for rule in rules.values():
        if "helpUri" not in rule:
            continue
        doc, _, anchor = rule["helpUri"].partition("#")
        text = open(os.path.join(root, doc)).read()
        anchors = {re.sub(r"[^a-z0-9 -]", "", h.strip().lower()).replace(" ", "-")
                   for h in re.findall(r"^#+ (.*)$", text, re.M)}
        assert anchor in anchors, "no heading for #%s in %s" % (anchor, doc)
    print("sarif 2.1.0 valid: %d rules, %d results" % (len(rules), len(run.get("results", []))))

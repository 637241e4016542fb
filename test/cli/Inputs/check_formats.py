"""Structural checks of `gpa check` outputs: SARIF 2.1.0 required properties
and JUnit XML. usage: check_formats.py sarif|junit FILE"""
import json
import sys
import xml.etree.ElementTree as ET

kind, path = sys.argv[1], sys.argv[2]
if kind == "sarif":
    log = json.load(open(path))
    assert log["version"] == "2.1.0", "version"
    assert isinstance(log["runs"], list) and log["runs"], "runs"
    for run in log["runs"]:
        driver = run["tool"]["driver"]
        assert isinstance(driver["name"], str) and driver["name"], "tool.driver.name"
        rule_ids = {r["id"] for r in driver.get("rules", [])}
        for res in run["results"]:
            assert isinstance(res["message"]["text"], str), "result.message.text"
            assert res["ruleId"] in rule_ids, "ruleId %s declared" % res["ruleId"]
            assert res["level"] in ("none", "note", "warning", "error"), "level"
            for loc in res.get("locations", []):
                phys = loc["physicalLocation"]
                assert phys["artifactLocation"]["uri"], "artifactLocation.uri"
                if "region" in phys:
                    assert phys["region"]["startLine"] >= 1, "startLine"
        print("sarif ok: %d results" % len(run["results"]))
elif kind == "junit":
    root = ET.parse(path).getroot()
    assert root.tag == "testsuites", root.tag
    cases = root.findall("./testsuite/testcase")
    failures = [c for c in cases if c.find("failure") is not None]
    assert int(root.get("tests")) == len(cases)
    assert int(root.get("failures")) == len(failures)
    print("junit ok: %d tests, %d failures" % (len(cases), len(failures)))

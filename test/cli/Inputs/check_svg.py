"""Checks a `gpa sweep --plot` SVG: well-formed XML, three panels with axes
labels and units, one series per kernel in each, the Eq. 34 optimum marked.
usage: check_svg.py FILE.svg KERNELS"""
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
kernels = int(sys.argv[2])
assert root.tag == NS + "svg", root.tag
panels = root.findall(NS + "g")
assert len(panels) == 3, "panels: %d" % len(panels)
texts = " | ".join(t.text or "" for t in root.iter(NS + "text"))
for label in ("GIPS", "total GPU power (W)", "GIPS/W", "active SMs"):
    assert label in texts, label
for p in panels:
    assert len(p.findall(NS + "polyline")) == kernels, "series per panel"
    dashed = [l for l in p.findall(NS + "line") if l.get("stroke-dasharray")]
    assert len(dashed) == kernels, "optimum markers"
print("svg ok: 3 panels, %d series each" % kernels)

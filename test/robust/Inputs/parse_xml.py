"""Parses an XML file (SVG or JUnit) with the standard library's strict
parser and prints the text of every element and attribute holding NEEDLE,
with control characters shown as \\uXXXX."""
import sys
import xml.dom.minidom

needle = sys.argv[2]
doc = xml.dom.minidom.parse(sys.argv[1])


def show(s):
    return "".join(f"\\u{ord(c):04X}" if ord(c) < 0x20 else c for c in s)


for node in doc.getElementsByTagName("*"):
    for name, value in node.attributes.items():
        if needle in value:
            print(f"{node.tagName}@{name}: {show(value)}")
    for child in node.childNodes:
        if child.nodeType == child.TEXT_NODE and needle in child.data:
            print(f"{node.tagName}: {show(child.data)}")

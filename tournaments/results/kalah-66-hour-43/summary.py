#!/usr/bin/env python3
"""summary.py LOG: the (6,6) window log in brief: the database's layers, when the proven window
on the margin changed, each probe's outcome (the solver's debug lines), the answer."""
import re, sys

lines = open(sys.argv[1]).read().splitlines()
window = None
for line in lines:
    m = re.match(r"\[\s*([\d.]+) s\] (.*)", line)
    text = m.group(2) if m else line
    t = float(m.group(1)) if m else None
    if "endgame database" in text and ("seeds," in text or "built" in text or "cached" in text):
        print(line)
    elif text.startswith("kalah solve:"):
        w = re.search(r"margin in (\[[^]]*\])", text).group(1)
        if w != window:
            print(line)
            window = w
    elif "probe value" in text or "first guess" in text or "estimate" in text:
        print(line)
    elif text.startswith(("solve ->", "start", "end")) or " wall " in text:
        print(line)
for line in reversed(lines):
    if "kalah solve:" in line:
        print("last progress:", line)
        break

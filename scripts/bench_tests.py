#!/usr/bin/env python3
"""Wall time of `make test` (lint, the ingest check and every test on two workers) from the tree as
it is, with a warm `.venv` and `node_modules`, and where the workers' time goes.

Usage: python scripts/bench_tests.py [--runs N]

The target (≤ 5 minutes) is for a machine with nothing else running, so the load average before
and after each run is printed beside it: a figure taken on a busy machine says so. The workers'
time is summed per layer (tests/unit, tests/integration, tests/e2e) from pytest's JUnit report,
setup and teardown included, so a slow fixture shows in the layer that uses it.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 300.0


def layer_times(report: Path) -> tuple[dict[str, float], int]:
    """Seconds per test layer and the number of test cases in a JUnit report."""
    per: dict[str, float] = defaultdict(float)
    cases = 0
    for case in ET.parse(report).getroot().iter("testcase"):
        cases += 1
        name = case.get("classname", "")  # tests.e2e.test_palette
        parts = name.split(".")
        layer = parts[1] if len(parts) > 2 and parts[0] == "tests" else "other"
        per[layer] += float(case.get("time", 0) or 0)
    return dict(per), cases


def run_once() -> tuple[float, int, dict[str, float], int]:
    with tempfile.TemporaryDirectory(prefix="rulebook-tests-") as tmp:
        report = Path(tmp) / "junit.xml"
        env = dict(os.environ, PYTEST_ADDOPTS=f"--junitxml={report} -q")
        t = time.perf_counter()
        proc = subprocess.run(["make", "test"], cwd=ROOT, env=env, capture_output=True, text=True)
        wall = time.perf_counter() - t
        per, cases = layer_times(report) if report.exists() else ({}, 0)
        if proc.returncode:
            sys.stderr.write(proc.stdout[-3000:] + proc.stderr[-2000:])
        return wall, proc.returncode, per, cases


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1)
    args = ap.parse_args()
    worst = 0
    for i in range(args.runs):
        before = os.getloadavg()[0]
        wall, rc, per, cases = run_once()
        after = os.getloadavg()[0]
        total = sum(per.values()) or 1.0
        ranked = sorted(per.items(), key=lambda kv: -kv[1])
        shares = ", ".join(f"{k} {v:.0f} s ({v / total:.0%})" for k, v in ranked)
        verdict = "ok" if wall <= TARGET_S else "over"
        print(
            f"run {i + 1}: make test {wall:.0f} s wall ({verdict}, target {TARGET_S:.0f} s), exit {rc}, "
            f"{cases} tests; load average {before:.1f} before, {after:.1f} after"
        )
        print(f"  workers' time: {total:.0f} s — {shares}")
        worst = max(worst, rc)
    return worst


if __name__ == "__main__":
    sys.exit(main())

"""The installed `rulebook` script starts and answers (every other CLI test runs in-process,
through tests/support/cli.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

RULEBOOK = Path(sys.executable).with_name("rulebook")


def test_the_installed_script_runs_a_calculator_and_fails_cleanly_on_bad_input() -> None:
    inputs = '{"success_die": 8, "bonus": 1, "difficulty_die": 6}'
    proc = subprocess.run([str(RULEBOOK), "calc", "check", "--input", inputs], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["p_success"] == "19/24"
    bad = subprocess.run([str(RULEBOOK), "calc", "nosuch"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.strip().splitlines() == [
        "rulebook calc: error: unknown calculator 'nosuch' (known: check, attack, damage, sheet)"
    ]

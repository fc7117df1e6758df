"""The test schedule keeps a module on one worker: under `make test`'s options (its pytest
command line plus pyproject.toml's addopts) a module's fixture is set up once, however the
tests are spread over the workers. The pinned pytest-xdist ignores groups under some modes, so
this runs the real thing on a small suite instead of trusting the flags."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

MODULE = """
import os, time
import pytest

@pytest.fixture(scope="module")
def expensive():
    with open({log!r}, "a") as f:
        f.write(f"{{__name__}} {{os.getpid()}}\\n")

@pytest.mark.parametrize("n", range(8))
def test_uses_it(expensive, n):
    time.sleep(0.02)
"""


def make_test_options() -> list[str]:
    """The options `make test` passes to pytest."""
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8").split("\ntest:", 1)[1]
    line = re.search(r"-m pytest([^;&|\n]*)", recipe)  # up to the end of the shell command
    assert line, "Makefile: no pytest command in the test target"
    return shlex.split(line.group(1))


def test_each_modules_fixture_is_set_up_once_on_one_worker(tmp_path: Path) -> None:
    options = make_test_options()
    assert any(o.startswith(("-n", "--numprocesses")) for o in options), options
    log = tmp_path / "setups.log"
    suite = tmp_path / "suite"
    suite.mkdir()
    for name in ("test_a", "test_b", "test_c"):
        (suite / f"{name}.py").write_text(MODULE.format(log=str(log)), encoding="utf-8")
    command = [sys.executable, "-m", "pytest", *options, "-c", str(ROOT / "pyproject.toml")]
    command += ["-p", "no:cacheprovider", "--rootdir", str(suite), "-q", str(suite)]
    # the options are make test's alone: none the caller put in the environment (a benchmark's
    # report file, say)
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"}
    proc = subprocess.run(command, capture_output=True, text=True, cwd=suite, check=False, env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "24 passed" in proc.stdout, proc.stdout
    setups = log.read_text(encoding="utf-8").split()
    modules, pids = setups[0::2], setups[1::2]
    assert sorted(modules) == ["test_a", "test_b", "test_c"], setups  # once each
    assert len(set(pids)) == 2, setups  # and the run really was spread over two workers

"""`rulebook ...` run in the test process: what a command prints and its exit code, without the
seconds a new interpreter takes to start (one subprocess smoke test checks the installed script)."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass

from rulebook.cli import main


@dataclass(frozen=True)
class Ran:
    returncode: int
    stdout: str
    stderr: str


def rulebook(*argv: str) -> Ran:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exit_:  # argparse's usage errors
            code = exit_.code if isinstance(exit_.code, int) else int(exit_.code is not None)
    return Ran(code, out.getvalue(), err.getvalue())

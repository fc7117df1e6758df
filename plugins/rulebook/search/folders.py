"""Writing an index folder so that a reader never sees half of one.

Both the per-book whoosh index and the exported browser index are folders written in full and
then swapped in for the old one: a build that fails or is interrupted leaves the old folder as
it was and no temporary folder behind.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def replacing(target: Path) -> Iterator[Path]:
    """A new empty folder next to `target`; when the block ends it takes `target`'s place. When the
    block raises, the new folder is removed and `target` is left untouched."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    old = target.with_name(target.name + ".old")
    try:
        yield tmp
        if target.exists():
            shutil.rmtree(old, ignore_errors=True)
            target.rename(old)
        tmp.rename(target)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise

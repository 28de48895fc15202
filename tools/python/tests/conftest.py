"""Shared fixtures: the `ncbg` engine binary (located, never built here) and
the fake engines of fake_engine.py."""

import os
import shutil
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
FAKE = HERE / "fake_engine.py"


def find_ncbg():
    """The ncbg binary: $NCBG_BIN, else target/{release,debug}/ncbg under
    $CARGO_TARGET_DIR or the repository, else `ncbg` on PATH."""
    env = os.environ.get("NCBG_BIN")
    if env:
        return env if Path(env).is_file() else None
    roots = [Path(os.environ["CARGO_TARGET_DIR"])] if os.environ.get("CARGO_TARGET_DIR") else []
    roots.append(REPO / "target")
    for root in roots:
        for profile in ("release", "debug"):
            p = root / profile / "ncbg"
            if p.is_file() and os.access(p, os.X_OK):
                return str(p)
    return shutil.which("ncbg")


@pytest.fixture(scope="session")
def ncbg_bin():
    path = find_ncbg()
    if path is None:
        pytest.skip(
            "no ncbg engine binary: build it with `cargo build --release --bin ncbg` "
            "at the repository root, or set NCBG_BIN"
        )
    return path


@pytest.fixture
def fake_engine():
    """The command of a fake NCBP engine in a given mode."""

    def command(mode):
        return [sys.executable, str(FAKE), mode]

    return command

"""Trusted probe files for the isolated re-check, one per assignment: ``<assignment>.py``.

A probe file defines ``SETUP`` (code run first in the sandbox) and ``PROBES``: for each grade_id
of an autograded test cell, the solution cells to run (``cells``), the ``probe`` code that sets
``result``, and optionally ``forbid`` (names the solution may not use), ``rtol``/``atol`` and
``timeout``. The loader reads probe files only from the instructor's probe directory (this
folder by default), never from a student's submission folder.
"""
from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
_ID = re.compile(r"^[A-Za-z0-9_]+$")


class ProbeError(ValueError):
    """A probe file is missing or malformed."""


@dataclass(frozen=True)
class Probe:
    """One re-check: run ``cells`` (solution grade_ids) then ``code``; compare ``result``."""

    test_id: str
    cells: tuple[str, ...]
    code: str
    forbid: tuple[str, ...] = ()
    rtol: float = 1e-6
    atol: float = 1e-8
    timeout: float | None = None


@dataclass(frozen=True)
class ProbeSet:
    """All probes of one assignment."""

    assignment: str
    setup: str
    probes: dict[str, Probe] = field(default_factory=dict)
    path: Path | None = None


def probe_path(assignment: str, probes_dir: Path | str | None = None) -> Path:
    """Path of the probe file for ``assignment`` inside the trusted probe directory."""
    if not _ID.match(assignment):
        raise ProbeError(f"bad assignment id {assignment!r}")
    return Path(probes_dir or HERE).resolve() / f"{assignment}.py"


def load(assignment: str, probes_dir: Path | str | None = None) -> ProbeSet:
    """Load and validate ``<probes_dir>/<assignment>.py``.

    Raises:
        ProbeError: the file does not exist or does not follow the probe contract.
    """
    path = probe_path(assignment, probes_dir)
    if not path.is_file():
        raise ProbeError(f"no probe file {path}")
    # Loaded under a private name so it never shadows or is shadowed by another module.
    spec = importlib.util.spec_from_file_location(f"_autograd_probes_{assignment}", path)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as e:  # noqa: BLE001
        raise ProbeError(f"{path}: {type(e).__name__}: {e}") from e
    setup = getattr(module, "SETUP", "")
    raw = getattr(module, "PROBES", None)
    if not isinstance(setup, str) or not isinstance(raw, dict):
        raise ProbeError(f"{path}: needs SETUP (str) and PROBES (dict)")
    probes = {}
    for test_id, spec_ in raw.items():
        where = f"{path.name}: PROBES[{test_id!r}]"
        if not isinstance(spec_, dict):
            raise ProbeError(f"{where} must be a dict")
        unknown = set(spec_) - {"cells", "probe", "forbid", "rtol", "atol", "timeout"}
        if unknown:
            raise ProbeError(f"{where}: unknown keys {sorted(unknown)}")
        cells, code = spec_.get("cells"), spec_.get("probe")
        if not isinstance(cells, (list, tuple)) or not cells or not all(isinstance(c, str) for c in cells):
            raise ProbeError(f"{where}: 'cells' must be a non-empty list of grade_ids")
        if not isinstance(code, str) or "result" not in code:
            raise ProbeError(f"{where}: 'probe' must be code that sets `result`")
        try:
            compile(code, where, "exec")
        except SyntaxError as e:
            raise ProbeError(f"{where}: probe does not compile: {e}") from e
        forbid = spec_.get("forbid", ())
        if isinstance(forbid, str) or not all(isinstance(f, str) for f in forbid):
            raise ProbeError(f"{where}: 'forbid' must be a list of names")
        probes[test_id] = Probe(test_id, tuple(cells), code, tuple(forbid),
                                float(spec_.get("rtol", 1e-6)), float(spec_.get("atol", 1e-8)),
                                spec_.get("timeout"))
    return ProbeSet(assignment, setup, probes, path)

"""Helpers shared by the grading tests (a module of its own: `conftest` is ambiguous when
several test folders have one)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import fixture_course

HERE = Path(__file__).parent
REPO = HERE.parent.parent
PY = sys.executable

# Short limits keep the infinite-loop and memory-bomb cases quick.
TEST_ENV = {"AUTOGRAD_CELL_TIMEOUT": "10", "AUTOGRAD_RECHECK_TIMEOUT": "12", "AUTOGRAD_NOTEBOOK_TIMEOUT": "60",
            "AUTOGRAD_KERNEL_MEMORY": str(2 << 30), "AUTOGRAD_RECHECK_MEMORY": str(1 << 30)}


def grading_cli(*args, course=None, env=None, check=True, timeout=900) -> subprocess.CompletedProcess:
    """Run ``python -m grading ARGS`` for a fixture course; returns the finished process."""
    e = {**os.environ, **TEST_ENV, **(env or {})}
    e["PATH"] = f"{Path(PY).parent}{os.pathsep}{e.get('PATH', '')}"
    extra = [] if course is None else ["--workspace", str(course["workspace"]), "--course-root",
                                       str(course["root"])]
    p = subprocess.run([PY, "-m", "grading", *args, *extra], cwd=REPO, env=e, capture_output=True,
                       text=True, timeout=timeout)
    if check and p.returncode != 0:
        raise AssertionError(f"python -m grading {' '.join(args)} exited {p.returncode}\n"
                             f"stdout:\n{p.stdout[-4000:]}\nstderr:\n{p.stderr[-4000:]}")
    return p


def make_course(base: Path) -> dict:
    """A fixture course tree, released, with an empty workspace."""
    root, ws = base / "course-root", base / "workspace"
    fixture_course.build(root)
    course = {"root": root, "workspace": ws}
    grading_cli("release", course=course)
    return course

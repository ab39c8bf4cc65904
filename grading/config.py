"""Where things live: the course tree, the grading workspace and the environment for nbgrader.

Everything is resolved from arguments first, then environment variables, then defaults, so
tests and the demo can grade in a temporary workspace without touching course/ or
grading/workspace/.
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent


def ensure_venv_on_path() -> None:
    """nbgrader's Gradebook shells out to ``alembic``: find the one next to this interpreter."""
    parts = os.environ.get("PATH", "").split(os.pathsep)
    if str(VENV_BIN) not in parts:
        os.environ["PATH"] = os.pathsep.join([str(VENV_BIN)] + [p for p in parts if p])


@dataclass(frozen=True)
class Course:
    """A course tree (``solutions/`` and ``course/``), a workspace and its gradebook.

    Args:
        root: directory holding ``solutions/`` (nbgrader source) and ``course/`` (release).
        workspace: directory for submitted/, autograded/, feedback/, the gradebook and the
            re-check records.
        db_url: SQLAlchemy URL of the gradebook; defaults to SQLite inside the workspace.
        cell_timeout: seconds each notebook cell may run during nbgrader's autograde.
    """

    root: Path
    workspace: Path
    db_url: str
    cell_timeout: int = 120

    @classmethod
    def from_env(cls, workspace: str | os.PathLike | None = None, db_url: str | None = None,
                 root: str | os.PathLike | None = None,
                 cell_timeout: int | None = None) -> "Course":
        """Build from explicit values, falling back to AUTOGRAD_* variables and defaults."""
        root = Path(root or os.environ.get("AUTOGRAD_COURSE_ROOT") or REPO).resolve()
        ws = Path(workspace or os.environ.get("AUTOGRAD_WORKSPACE") or REPO / "grading" / "workspace").resolve()
        db = db_url or os.environ.get("AUTOGRAD_DB_URL") or "sqlite:///" + str(ws / "gradebook.db")
        timeout = int(cell_timeout or os.environ.get("AUTOGRAD_CELL_TIMEOUT") or 120)
        return cls(root, ws, db, timeout)

    # -- layout -------------------------------------------------------------------------------
    @property
    def source(self) -> Path:
        return self.root / "solutions"

    @property
    def release(self) -> Path:
        return self.root / "course"

    @property
    def submitted(self) -> Path:
        return self.workspace / "submitted"

    @property
    def autograded(self) -> Path:
        return self.workspace / "autograded"

    @property
    def feedback(self) -> Path:
        return self.workspace / "feedback"

    @property
    def records(self) -> Path:
        """Re-check results and collect issues, one JSON file per submission."""
        return self.workspace / "recheck"

    @property
    def internal_release(self) -> Path:
        """Where the grader regenerates assignments to register them in the gradebook."""
        return self.workspace / "release"

    def assignments(self) -> list[str]:
        """Assignment ids that have a source notebook ``solutions/<id>/<id>.ipynb``."""
        if not self.source.is_dir():
            return []
        return sorted(p.name for p in self.source.iterdir() if (p / f"{p.name}.ipynb").is_file())

    def env(self, release_dir: Path | None = None) -> dict[str, str]:
        """Environment for nbgrader processes: venv first on PATH (nbgrader shells out to
        alembic), the AUTOGRAD_* variables nbgrader_config.py reads, a kernel spec with limits."""
        env = dict(os.environ)
        env["PATH"] = f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}"
        env["AUTOGRAD_COURSE_ROOT"] = str(self.root)
        env["AUTOGRAD_WORKSPACE"] = str(self.workspace)
        env["AUTOGRAD_DB_URL"] = self.db_url
        env["AUTOGRAD_CELL_TIMEOUT"] = str(self.cell_timeout)
        if release_dir is not None:
            env["AUTOGRAD_RELEASE_DIR"] = str(release_dir)
        env["JUPYTER_PATH"] = os.pathsep.join(
            [str(self.workspace / "jupyter")] + ([env["JUPYTER_PATH"]] if env.get("JUPYTER_PATH") else []))
        env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
        from grading import jail  # whether the jail works, found once here, not in every kernel launch
        env["AUTOGRAD_JAIL_WORKS"] = "1" if jail.works() else "0"
        env["AUTOGRAD_MPL_CACHE"] = str(self.workspace / "jupyter" / "matplotlib")
        env["OPENBLAS_NUM_THREADS"] = env["OMP_NUM_THREADS"] = env["MKL_NUM_THREADS"] = "1"
        return env

    def cli_args(self) -> list[str]:
        """Arguments that make a child ``python -m grading`` use this same course."""
        return ["--workspace", str(self.workspace), "--db-url", self.db_url,
                "--course-root", str(self.root),
                "--cell-timeout", str(self.cell_timeout)]

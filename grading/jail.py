"""One way to start untrusted code: a bubblewrap jail built from an allow-list.

Both places that run student code use it: the re-check's child (grading.sandbox) and the kernel
nbgrader's autograde executes notebooks in (grading._kernel_jail). Inside the jail:

- the file system holds only what Python needs, read-only: ``/usr`` (with the merged-usr
  links), a few files of ``/etc``, the interpreter's prefixes, the virtual environment and the
  ``autograd_core`` package; nothing of the workspace, the repository, ``/home``, ``/root``,
  ``/srv``, ``/run``, ``/var``, ``/mnt`` or the host's ``/tmp`` is there;
- the only writable place is a size-limited tmpfs at ``/tmp`` (plus, for a kernel, the one
  directory its connection sockets live in);
- no network, and no unix sockets but the ones bound in: new network, PID, IPC, UTS and cgroup
  namespaces; the process tree dies with its PID 1 (``--die-with-parent``, own session);
- an environment built from :data:`ENV` only, given to bwrap itself too (so ``/proc/1/environ``
  inside holds nothing of the grader's);
- as root, the code runs as an unprivileged uid with no capabilities and ``no_new_privs``
  (``setpriv``), so ``RLIMIT_NPROC`` counts only its own processes; as another user, bwrap's
  user namespace drops every capability;
- limits: CPU time, address space, file size, open files, processes, tmpfs size.

Without a working bwrap the same command runs as a plain subprocess with the same environment
and limits in an empty temporary directory (``isolation() == "subprocess"``): it can then read
what the grading user can read, and every report row says so.
"""
from __future__ import annotations

import functools
import importlib.util
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

# The whole environment of jailed code (nothing is inherited from the grader's).
ENV = {"PATH": "/usr/bin:/bin", "HOME": "/tmp/home", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
       "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
       "MPLBACKEND": "Agg", "MPLCONFIGDIR": "/tmp/home/.matplotlib", "IPYTHONDIR": "/tmp/home/.ipython",
       "JUPYTER_PLATFORM_DIRS": "1", "PYTHONDONTWRITEBYTECODE": "1", "PYDEVD_DISABLE_FILE_VALIDATION": "1"}
ETC = ("ld.so.cache", "fonts", "alternatives", "localtime", "mime.types")
PACKAGES = ("autograd_core", "autograd_checks")
WORKDIR = "/tmp/work"


@dataclass(frozen=True)
class Limits:
    """Resource limits for one jailed run (seconds, bytes, counts)."""

    wall: float = 60.0
    cpu: int = 30
    memory: int = 3 << 30
    file_size: int = 64 << 20
    tmpfs: int = 256 << 20
    processes: int = 64
    open_files: int = 256


@dataclass
class Launch:
    """What :func:`command` builds: pass ``argv``, ``env``, ``cwd``, ``pass_fds`` and
    ``preexec_fn`` to :class:`subprocess.Popen` (and call :meth:`close` afterwards)."""

    argv: list[str]
    env: dict[str, str]
    cwd: str
    preexec_fn: object
    pass_fds: tuple = ()
    isolation: str = "bwrap"
    _cleanup: list = field(default_factory=list)

    def close(self) -> None:
        for fn in self._cleanup:
            fn()
        self._cleanup.clear()


def which_bwrap() -> str | None:
    return shutil.which("bwrap") or ("/usr/bin/bwrap" if os.access("/usr/bin/bwrap", os.X_OK) else None)


def _setpriv() -> str | None:
    return shutil.which("setpriv") or ("/usr/bin/setpriv" if os.access("/usr/bin/setpriv", os.X_OK) else None)


def jail_uid() -> int | None:
    """The uid jailed code runs as when the grader is root (``AUTOGRAD_JAIL_UID``, default a
    uid no account uses); None when the grader is not root (bwrap's user namespace then)."""
    if os.geteuid() != 0 or not _setpriv():
        return None
    # One uid per launching process, so two jails running side by side do not share a count.
    return int(os.environ.get("AUTOGRAD_JAIL_UID") or 60000 + os.getpid() % 4096)


@functools.lru_cache(maxsize=1)
def works() -> bool:
    """bwrap may be installed yet unusable (no user namespaces in a container): try it once."""
    if os.environ.get("AUTOGRAD_NO_BWRAP"):
        return False
    if not which_bwrap():
        return False
    if os.environ.get("AUTOGRAD_JAIL_WORKS") in ("0", "1"):  # the grader tried it already
        return os.environ["AUTOGRAD_JAIL_WORKS"] == "1"
    launch = _bwrap([sys.executable, "-I", "-c", "pass"], Limits(wall=30, cpu=30), {}, (), dict(ENV), WORKDIR)
    try:
        r = subprocess.run(launch.argv, env=launch.env, cwd=launch.cwd, preexec_fn=launch.preexec_fn,
                           capture_output=True, timeout=60)
        return r.returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False
    finally:
        launch.close()


def isolation() -> str:
    """``"bwrap"`` when student code runs jailed, else ``"subprocess"``."""
    return "bwrap" if works() else "subprocess"


def _package_dir(name: str) -> Path | None:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.origin:
        return None
    origin = Path(spec.origin)
    return origin.parent if origin.name == "__init__.py" else origin


def read_only_paths() -> list[Path]:
    """Host paths bound read-only: the interpreter, the venv, the engine package, the checks and
    their translations."""
    paths = [Path(sys.base_prefix).resolve(), Path(sys.prefix).resolve(), Path(sys.executable).resolve().parent]
    paths += [d.resolve() for d in map(_package_dir, PACKAGES) if d is not None]
    # the translations the checks' messages use (autograd_checks.i18n.CATALOGUES, not imported here:
    # that would import the engine into every kernel launcher)
    paths.append(Path(os.environ.get("AUTOGRAD_I18N_DIR") or Path(__file__).resolve().parent.parent / "i18n").resolve())
    out: list[Path] = []
    for p in sorted(set(paths), key=lambda p: len(p.parts)):
        if p.exists() and p != Path("/") and not any(p.is_relative_to(q) for q in out) \
                and not p.is_relative_to("/usr"):
            out.append(p)
    return out


def _parents(paths) -> list[str]:
    """Every directory above ``paths``, shallowest first (bwrap would make them 0700)."""
    seen: list[str] = []
    for p in paths:
        for parent in reversed(Path(p).parents):
            s = str(parent)
            if s != "/" and s not in seen and not s.startswith("/usr"):
                seen.append(s)
    return seen


def _preexec(limits: Limits, fixed_uid: bool):
    def preexec():
        for res, value in ((resource.RLIMIT_CPU, (limits.cpu, limits.cpu + 2)),
                           (resource.RLIMIT_AS, (limits.memory, limits.memory)),
                           (resource.RLIMIT_FSIZE, (limits.file_size, limits.file_size)),
                           (resource.RLIMIT_NOFILE, (limits.open_files, limits.open_files)),
                           (resource.RLIMIT_CORE, (0, 0))):
            resource.setrlimit(res, value)
        if fixed_uid:  # counted per uid: only meaningful where the jail has a uid of its own
            resource.setrlimit(resource.RLIMIT_NPROC, (limits.processes, limits.processes))
    return preexec


def _memfd(data: bytes) -> int:
    fd = os.memfd_create("jail-file", 0)
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.lseek(fd, 0, os.SEEK_SET)
    return fd


def build_font_cache(folder: Path) -> None:
    """matplotlib's font list, built once in ``folder``: each jailed kernel or re-check gets a
    copy (:func:`font_files`) instead of scanning the fonts again in its empty HOME."""
    if any(folder.glob("fontlist-*.json")):
        return
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-c", "import matplotlib.font_manager"],
                   env={**os.environ, "MPLCONFIGDIR": str(folder)}, capture_output=True, timeout=300)


def font_files(folder) -> dict[str, bytes]:
    """matplotlib's font list built by :func:`build_font_cache` in ``folder``, as
    files for :func:`command`: a jail that imports pyplot then reads it instead of scanning every
    font again in its empty HOME (half a second per run)."""
    folder = Path(folder) if folder else None
    if folder is None or not folder.is_dir():
        return {}
    return {f"{ENV['MPLCONFIGDIR']}/{p.name}": p.read_bytes() for p in folder.glob("fontlist-*.json") if p.is_file()}


def command(argv: list[str], limits: Limits, *, files: dict[str, bytes] | None = None,
            writable: tuple[str, ...] = (), env: dict[str, str] | None = None,
            cwd: str = WORKDIR, scratch: str | None = None) -> Launch:
    """Build the jailed (or, without bwrap, the plain) launch of ``argv``.

    Args:
        argv: the program and its arguments, as seen inside the jail.
        limits: resource limits.
        files: path inside the jail -> content, copied into the tmpfs (read-only copies).
        writable: host directories bound read-write at the same path (a kernel's sockets).
        env: extra variables on top of :data:`ENV` (never the grader's own environment).
        cwd: working directory inside the jail (created in the tmpfs).
        scratch: without bwrap, the host directory to make the private /tmp in (default: a
            new temporary directory, removed by :meth:`Launch.close`).
    """
    full_env = {**ENV, **(env or {})}
    if not works():
        return _plain(argv, limits, files or {}, full_env, scratch)
    return _bwrap(argv, limits, files or {}, writable, full_env, cwd)


def _bwrap(argv, limits: Limits, files: dict[str, bytes], writable, full_env: dict[str, str], cwd: str) -> Launch:
    uid = jail_uid()
    fds: list[int] = []
    ro = read_only_paths()
    a = [which_bwrap()]
    a += ["--ro-bind", "/usr", "/usr"]
    for link in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        host = Path("/" + link)
        if host.is_symlink():
            a += ["--symlink", os.readlink(host), str(host)]
        elif host.is_dir():
            a += ["--ro-bind", str(host), str(host)]
    a += ["--perms", "0755", "--dir", "/etc"]
    for name in ETC:
        if Path("/etc", name).exists():
            a += ["--ro-bind", f"/etc/{name}", f"/etc/{name}"]
    a += ["--dev", "/dev", "--proc", "/proc", "--size", str(limits.tmpfs), "--perms", "1777", "--tmpfs", "/tmp"]
    for d in _parents([*ro, *writable]):  # after the tmpfs: a venv under /tmp needs its parents too
        if d != "/tmp":
            a += ["--perms", "0755", "--dir", d]
    for p in ro:
        a += ["--ro-bind", str(p), str(p)]
    for w in writable:
        a += ["--bind", str(w), str(w)]
    for d in ("/tmp/home", cwd):
        a += ["--perms", "0777", "--dir", d]
    for dest, data in files.items():
        for d in _parents([dest]):
            if d.startswith("/tmp/") and d not in ("/tmp/home", cwd):
                a += ["--perms", "0777", "--dir", d]
        fd = _memfd(data)
        fds.append(fd)
        a += ["--perms", "0444", "--file", str(fd), dest]
    a += ["--chdir", cwd, "--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts",
          "--unshare-cgroup-try", "--hostname", "jail", "--die-with-parent", "--new-session", "--clearenv"]
    for k, v in full_env.items():
        a += ["--setenv", k, v]
    if uid is None:
        a += ["--unshare-user", "--cap-drop", "ALL", "--"]
    else:
        a += ["--", _setpriv(), f"--reuid={uid}", f"--regid={uid}", "--clear-groups",
              "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs"]
    launch = Launch(a + list(argv), {"PATH": ENV["PATH"]}, "/", _preexec(limits, uid is not None),
                    tuple(fds), "bwrap")
    launch._cleanup.extend(lambda fd=fd: os.close(fd) for fd in fds)
    return launch


def _plain(argv, limits: Limits, files: dict[str, bytes], env: dict[str, str], scratch: str | None) -> Launch:
    """No bwrap: a plain subprocess in a fresh temporary directory, same environment and limits.
    Paths under /tmp (HOME, the work directory, copied files) move into that directory."""
    tmp = tempfile.TemporaryDirectory(prefix="jail-", dir=scratch)
    root = Path(tmp.name)

    def move(p: str) -> str:
        return str(root / Path(p).relative_to("/tmp")) if p == "/tmp" or p.startswith("/tmp/") else p

    env = {k: move(v) if v.startswith("/tmp") else v for k, v in env.items()}
    for d in (move("/tmp/home"), move(WORKDIR)):
        Path(d).mkdir(parents=True, exist_ok=True)
    for dest, data in files.items():
        target = Path(move(dest))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    argv = [move(x) if x.startswith("/tmp/") else x for x in argv]
    launch = Launch(argv, env, move(WORKDIR), _preexec(limits, False), (), "subprocess")
    launch._cleanup.append(tmp.cleanup)
    return launch

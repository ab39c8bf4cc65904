"""Kernel launcher for nbgrader's autograde: ipykernel inside the jail of grading.jail.

The grading workspace installs a ``python3`` kernel spec that runs this file with the path of
the connection file. jupyter_client talks to the kernel over unix sockets (``transport = "ipc"``)
in a directory of the kernel's own (grading._kernel_manager, which grading._nbworker configures
as nbgrader's kernel manager), so the jail needs no network: that one directory is bound in read-write,
the connection file and the notebook's folder are copied into the jail's tmpfs, and nothing
else of the grader's is visible. The launcher replaces itself with bwrap, so jupyter_client's
kill ends the jail's PID 1 and with it every process the notebook started.

AUTOGRAD_KERNEL_MEMORY (bytes), AUTOGRAD_KERNEL_CPU (seconds), AUTOGRAD_KERNEL_TMPFS (bytes) and
AUTOGRAD_KERNEL_PROCESSES set the limits.
"""
import json
import os
import stat
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from grading import jail  # noqa: E402

MAX_FILE = 64 << 20
# IPython runs its profile's startup files before the first cell: matplotlib waits for a use
STARTUP = f"{jail.ENV['IPYTHONDIR']}/profile_default/startup/00-defer-matplotlib.py"


def _limits() -> jail.Limits:
    env = os.environ.get
    cpu = int(env("AUTOGRAD_KERNEL_CPU") or 3600)
    return jail.Limits(wall=float(cpu), cpu=cpu, memory=int(env("AUTOGRAD_KERNEL_MEMORY") or 4 << 30),
                       tmpfs=int(env("AUTOGRAD_KERNEL_TMPFS") or 512 << 20),
                       processes=int(env("AUTOGRAD_KERNEL_PROCESSES") or 128), open_files=1024)


def _folder_copy() -> dict[str, bytes]:
    """The regular files of the notebook's folder (where jupyter_client started us), never
    following a link: they become the jail's working directory."""
    out = {}
    with os.scandir(".") as it:
        for e in it:
            st = e.stat(follow_symlinks=False)
            if stat.S_ISREG(st.st_mode) and st.st_size <= MAX_FILE and "/" not in e.name:
                with open(e.name, "rb") as f:
                    out[f"{jail.WORKDIR}/{e.name}"] = f.read(MAX_FILE)
    return out


def main() -> None:
    args = sys.argv[1:]  # "-f {connection_file}" plus whatever jupyter_client adds (passed on)
    i = args.index("-f")
    conn, extra = Path(args[i + 1]).resolve(), args[:i] + args[i + 2:]
    info = json.loads(conn.read_text())
    runtime = conn.parent
    if info.get("transport") != "ipc":
        sys.exit("grading kernel: the connection must use transport 'ipc' "
                 "(grading._kernel_manager.JailedKernelManager sets it)")
    strangers = [p.name for p in runtime.iterdir() if not p.name.startswith(conn.stem)]
    if strangers:  # the jail may write this directory: it must hold nothing but this kernel's files
        sys.exit(f"grading kernel: runtime directory {runtime} is shared ({strangers[:3]}); "
                 "grading._kernel_manager gives every kernel its own")
    if not str(info.get("ip", "")).startswith(str(runtime)):
        sys.exit(f"grading kernel: ipc sockets must live in {runtime}, not {info.get('ip')!r}")
    uid = jail.jail_uid()
    if uid is not None and jail.works():
        os.chown(runtime, uid, uid)
        os.chmod(runtime, 0o700)
    files = {"/tmp/kernel.json": conn.read_bytes(), **_folder_copy(), **jail.font_files(os.environ.get("AUTOGRAD_MPL_CACHE")),
             STARTUP: (Path(__file__).parent / "_defer_matplotlib.py").read_bytes()}
    launch = jail.command([sys.executable, "-I", "-m", "ipykernel_launcher", "-f", "/tmp/kernel.json", *extra],
                          _limits(), files=files, writable=(str(runtime),), scratch=str(runtime))
    for fd in launch.pass_fds:
        os.set_inheritable(fd, True)
    os.chdir(launch.cwd)
    launch.preexec_fn()
    os.execve(launch.argv[0], launch.argv, launch.env)


if __name__ == "__main__":
    main()

"""Run one seed program with real torch or with a stand-in library as ``torch``.

    python tests/seed_programs/_runner.py torch s000_01_grad_fn.py
    python tests/seed_programs/_runner.py autograd_core s000_01_grad_fn.py
    python tests/seed_programs/_runner.py --out DIR autograd_core s000_*.py   # a batch

A batch imports the library once and runs each program in a forked child (a fresh process state
for each, without paying the import again), writing DIR/<program>.out, .err and .rc.

For a stand-in, every module of the package is imported and put in ``sys.modules`` under the
``torch`` name as well (``autograd_core.nn`` as ``torch.nn``, ...), so that ``import torch.nn as
nn`` and ``from torch.utils.checkpoint import checkpoint`` find the stand-in's modules, not a second
copy of them; then the program runs as ``__main__``.
"""

import importlib
import os
import pkgutil
import runpy
import sys


def install(lib):
    """Make ``import torch`` (and ``import torch.<sub>``) give ``lib``'s modules."""
    pkg = importlib.import_module(lib)
    for info in pkgutil.walk_packages(pkg.__path__, lib + "."):
        importlib.import_module(info.name)
    for name, mod in list(sys.modules.items()):
        if name == lib or name.startswith(lib + "."):
            sys.modules["torch" + name[len(lib) :]] = mod


def run(path):
    sys.argv = [path]
    runpy.run_path(path, run_name="__main__")


def batch(out, paths):
    for path in paths:
        name = os.path.join(out, os.path.basename(path))
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the child: its own stdout and stderr files
            code = 1
            try:
                for fd, suffix in ((1, ".out"), (2, ".err")):
                    f = os.open(name + suffix, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                    os.dup2(f, fd)
                run(path)
                code = 0
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else 1
            except BaseException:
                import traceback  # noqa: PLC0415 - only in a failing child

                traceback.print_exc()
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        with open(name + ".rc", "w") as f:
            f.write(str(os.waitstatus_to_exitcode(status)))


if __name__ == "__main__":
    args = sys.argv[1:]
    out = None
    if args[0] == "--out":
        out, args = args[1], args[2:]
    lib, paths = args[0], args[1:]
    if lib != "torch":
        install(lib)
    else:
        importlib.import_module("torch")
    if out is None:
        run(paths[0])
    else:
        batch(out, paths)

"""Run one seed program with real torch or with a stand-in library as ``torch``.

    python tests/seed_programs/_runner.py torch s000_01_grad_fn.py
    python tests/seed_programs/_runner.py autograd_core s000_01_grad_fn.py
    python tests/seed_programs/_runner.py --out DIR autograd_core s000_*.py   # a batch

A batch imports the library once and runs each program in a forked child (a fresh process state
for each, without paying the import again), writing DIR/<program>.out, .err and .rc.

For a stand-in, every module of the package is imported and put in ``sys.modules`` under the
``torch`` name as well (``autograd_core.nn`` as ``torch.nn``, ...: ``programs.install``, shared with
the notebooks' claims runner), so that ``import torch.nn as nn`` and ``from torch.utils.checkpoint
import checkpoint`` find the stand-in's modules, not a second copy of them; then the program runs as
``__main__``.
"""

import importlib
import os
import runpy
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from programs import forked, install  # noqa: E402 - tests/programs.py, shared with test_claims


def run(path):
    sys.argv = [path]
    runpy.run_path(path, run_name="__main__")


def batch(out, paths):
    for path in paths:
        forked(lambda path=path: run(path), os.path.join(out, os.path.basename(path)))


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

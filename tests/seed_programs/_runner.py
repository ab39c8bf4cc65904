"""Run one seed program with real torch or with a stand-in library as ``torch``.

    python tests/seed_programs/_runner.py torch s000_01_grad_fn.py
    python tests/seed_programs/_runner.py autograd_core s000_01_grad_fn.py

For a stand-in, every module of the package is imported and put in ``sys.modules`` under the
``torch`` name as well (``autograd_core.nn`` as ``torch.nn``, ...), so that ``import torch.nn as
nn`` and ``from torch.utils.checkpoint import checkpoint`` find the stand-in's modules, not a second
copy of them; then the program runs as ``__main__``.
"""

import importlib
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


if __name__ == "__main__":
    lib, path = sys.argv[1], sys.argv[2]
    if lib != "torch":
        install(lib)
    sys.argv = [path]
    runpy.run_path(path, run_name="__main__")

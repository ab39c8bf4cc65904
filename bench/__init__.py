"""Benchmark suite for autograd_core (issue 6).

Run it with ``python -m bench`` (``make bench``); ``python -m bench --help`` lists the options and
``bench/gpu.py`` runs the GPU variant. Importing this package has no side effects: the single-thread
BLAS settings are made by ``bench/__main__.py`` before numpy is imported, so importing ``bench``
from a test never changes the test process's environment.
"""

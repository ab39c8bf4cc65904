"""Each notebook's own test helpers (``nbNN.py``), imported by its locked helpers cell in one line.

They are the visible tests' vocabulary for one lesson (for example 02's ``node_name``), kept here so
that a notebook opens with its lesson, not with fifty lines of checking code. The grader hashes
these files with ``autograd_checks`` itself: a change here recomputes the reference records.
"""

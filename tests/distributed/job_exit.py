"""For the launcher's test: print torchrun's variables and exit with this rank's code from the
arguments (``job_exit.py MARKER CODE0 CODE1 ...``)."""

import os
import sys

names = ("RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "GROUP_RANK")
line = " ".join(f"{n}={os.environ[n]}" for n in names)
sys.stdout.write(line + "\n")  # one write: the ranks' lines must not interleave
sys.stdout.flush()
sys.exit(int(sys.argv[2 + int(os.environ["RANK"])]))

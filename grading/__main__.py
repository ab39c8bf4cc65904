"""``python -m grading``: the instructor command line (see grading.cli)."""
import sys

from grading.cli import main

sys.exit(main())

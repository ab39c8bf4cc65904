"""``python -m bench``: single-threaded BLAS first (before numpy loads), then the benchmark run."""
import sys

from bench import _env

_env.pin_threads()

from bench.run import main  # noqa: E402  (numpy must load after pin_threads)

sys.exit(main())

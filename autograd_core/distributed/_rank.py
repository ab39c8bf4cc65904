"""One rank of ``autograd_core.distributed.run``: set torchrun's environment from MPI's, run the
script as ``__main__``, and leave the exit status in the launcher's folder (the launcher exits
with the worst). Run as ``python .../distributed/_rank.py CODES (-f|-m) TARGET ARGS``, a script
(importing nothing of autograd_core: the target imports what it needs).

The rank is read from the environment mpiexec gives each process (MPICH's ``PMI_RANK``, Open
MPI's ``OMPI_COMM_WORLD_RANK``), so MPI itself is started only if the script asks for it.
"""

import os
import runpy
import sys
import traceback

# (torchrun's variable, the variables MPICH and Open MPI set, default)
_ENV = [
    ("RANK", ("PMI_RANK", "OMPI_COMM_WORLD_RANK", "PMIX_RANK"), "0"),
    ("WORLD_SIZE", ("PMI_SIZE", "OMPI_COMM_WORLD_SIZE"), "1"),
    ("LOCAL_RANK", ("MPI_LOCALRANKID", "OMPI_COMM_WORLD_LOCAL_RANK"), None),
    ("LOCAL_WORLD_SIZE", ("MPI_LOCALNRANKS", "OMPI_COMM_WORLD_LOCAL_SIZE"), None),
]


def set_env():
    for name, sources, default in _ENV:
        value = next((os.environ[s] for s in sources if s in os.environ), default)
        os.environ[name] = value if value is not None else os.environ[name.replace("LOCAL_", "")]
    os.environ["GROUP_RANK"] = "0"  # one node


def main():
    codes, how, target, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    set_env()
    code = 1
    try:
        sys.argv = [target, *args]
        if how == "-m":  # as `python -m`: the working folder first on the path
            sys.path[0] = os.getcwd()
            runpy.run_module(target, run_name="__main__", alter_sys=True)
        else:  # as `python script.py`: the script's folder first
            sys.path[0] = os.path.dirname(os.path.abspath(target))
            runpy.run_path(target, run_name="__main__")
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        if not isinstance(e.code, (int, type(None))):
            print(e.code, file=sys.stderr)
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    with open(os.path.join(codes, os.environ["RANK"]), "w") as f:
        f.write(str(code))
    sys.exit(code)


if __name__ == "__main__":
    main()

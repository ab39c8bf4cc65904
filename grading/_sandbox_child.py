"""The code that runs INSIDE the sandbox (passed to ``python -c``; imports nothing from grading).

One job is one exercise's test cell: {"id", "setup_cells": [[grade_id, source], ...] (the
instructor's locked cells), "cells": [[grade_id, source], ...] (solution cells), "test" (the
instructor's test cell, hidden cases included), "forbid_modules", "forbid_calls"}. The child runs
the setup cells, then each solution cell (an error there is noted and the next cell runs, as in
a kernel), puts back every name the setup cells bound and the attributes of their modules and
classes (a solution that redefines a check or a helper changes nothing), starts recording and
runs the test in a copy of the namespace (the solution's functions cannot read its values).
It writes one JSON object to file descriptor ``fd``: {"status": "ok"|"error", "phase", "error",
"records": [every check the test made, as data, encoded the moment it was made], "cell_errors",
"forbidden", "tampered" (parts of autograd_checks found changed after the test)}. Arrays travel as
{"__ndarray__": {"dtype", "shape", "data"}}.

Batch mode ({"setup", "jobs": [job + "wall", "cpu"], "fd"}): runs ``setup`` once to import the
modules, then forks one child per job (a fresh copy of the pristine process, its own CPU limit,
killed at its wall time) and writes one JSON line per job to ``fd``: the child's object plus
"id", or {"id", "status": "timeout"|"crash", "returncode"}. Student code runs only in the
children. Nothing here is trusted by the parent: it compares the records itself.
"""
import builtins
import json
import linecache
import os
import sys
import traceback

_dumps, _write, _close, _getframe = json.dumps, os.write, os.close, sys._getframe
job = json.loads(sys.stdin.read())
FD = job["fd"]
import numpy as _np  # noqa: E402  (before student code, so the encoder keeps the real numpy)

_asarray, _ndarray, _generic = _np.asarray, _np.ndarray, _np.generic


HITS = []


def _student_on_stack():
    f = _getframe(2)
    while f is not None:
        if f.f_code.co_filename.startswith("<student"):
            return True
        f = f.f_back
    return False


_real_import = builtins.__import__
_forbid_modules = tuple(job.get("forbid_modules") or ())


def _guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
    if level == 0 and _forbid_modules:
        root = name.split(".")[0]
        if root in _forbid_modules and _student_on_stack():
            HITS.append("import " + root)
            raise ImportError(f"importing {root} is not allowed in this exercise")
    return _real_import(name, globals, locals, fromlist, level)


builtins.__import__ = _guarded_import


class _Recorder:
    """Stands in for a forbidden callable: notes calls from student frames, forwards everything
    (attributes too, so a test cell can still use ``np.logaddexp.reduce``)."""

    def __init__(self, label, fn):
        self.__wrapped__, self._label = fn, label

    def __call__(self, *a, **k):
        if _student_on_stack():
            HITS.append(self._label)
        return self.__wrapped__(*a, **k)

    def __get__(self, obj, owner=None):  # a method stays a method: t.backward() binds t
        return self if obj is None else type(self.__get__)(self, obj)

    def __getattr__(self, name):
        attr = getattr(self.__wrapped__, name)
        if callable(attr) and _student_on_stack():
            HITS.append(f"{self._label}.{name}")
        return attr


def _install_call_guards(ns):
    """Wrap each forbidden callable reachable from the setup namespace with a recorder."""
    modules = [v for v in ns.values() if type(v).__name__ == "module"]
    for entry in job.get("forbid_calls") or ():
        parts = entry.split(".")
        starts = []
        if parts[0] in ns:
            starts.append((ns, parts))
        for m in modules:
            starts.append((m, parts))
            if len(parts) == 1 and hasattr(m, "Tensor"):
                starts.append((m.Tensor, parts))
        for start, path in starts:
            obj, owner = start, None
            try:
                for p in path:
                    owner = obj
                    obj = obj[p] if isinstance(obj, dict) else getattr(obj, p)
            except (AttributeError, KeyError, TypeError):
                continue
            if not callable(obj) or getattr(obj, "__wrapped__", None) is not None:
                continue
            try:
                wrapped = _Recorder(entry, obj)
                if isinstance(owner, dict):
                    owner[path[-1]] = wrapped
                else:
                    setattr(owner, path[-1], wrapped)
            except (AttributeError, TypeError):
                pass  # a C type; the parent's source check still covers it


def encode(x, depth=0):
    if depth > 20:
        raise ValueError("result nested too deeply")
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    if isinstance(x, dict):
        return {str(k): encode(v, depth + 1) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [encode(v, depth + 1) for v in x]
    if isinstance(x, _generic):
        return x.item()
    if not isinstance(x, _ndarray):
        if hasattr(x, "detach"):  # a tensor: its data, never the object
            x = x.detach()
        if hasattr(x, "cpu"):
            x = x.cpu()
        if hasattr(x, "numpy"):
            x = x.numpy()
        x = _asarray(x)
    if x.dtype == object:
        raise TypeError("result arrays must be numeric or bool")
    return {"__ndarray__": {"dtype": str(x.dtype), "shape": list(x.shape), "data": x.ravel().tolist()}}


def send(obj):
    data = _dumps(obj, allow_nan=True).encode()
    while data:
        n = _write(FD, data)
        data = data[n:]
    _close(FD)




def _snapshot(ns):
    """What the setup cells bound: their names, and the attributes of the modules and classes
    among them (autograd_checks included), so a solution cell's rebinding can be undone."""
    names = {k: v for k, v in ns.items() if not k.startswith("__")}
    owners = {}
    for v in [*names.values(), sys.modules.get("autograd_checks")]:
        if isinstance(v, (type(sys), type)) and id(v) not in owners:
            try:
                owners[id(v)] = (v, dict(vars(v)))
            except TypeError:
                pass
    return names, list(owners.values())


def _restore(ns, snap):
    """Put back every name, module attribute and class attribute the setup cells bound."""
    names, owners = snap
    ns.update(names)
    for obj, attrs in owners:
        current = vars(obj)
        for k, v in attrs.items():
            if current.get(k, _restore) is not v:
                try:
                    if isinstance(obj, type(sys)):
                        current[k] = v
                    else:
                        setattr(obj, k, v)
                except (AttributeError, TypeError):
                    pass


_FUNCTION = type(_snapshot)


def _parts(mod):
    """What the checks' module binds, and each function's code, defaults, globals and closure
    contents: compared by identity after the test, a change means the checks were tampered with."""
    out = {}
    for k, v in list(vars(mod).items()) if mod is not None else ():
        out[k] = v
        f = getattr(v, "__func__", v)
        if isinstance(f, _FUNCTION):
            out.update({f"{k}.code": f.__code__, f"{k}.defaults": f.__defaults__,
                        f"{k}.kwdefaults": f.__kwdefaults__, f"{k}.globals": f.__globals__})
            for i, cell in enumerate(f.__closure__ or ()):
                try:
                    out[f"{k}.cell{i}"] = cell.cell_contents
                except ValueError:
                    pass
    return out


def _log(private):
    """The list the checks append their records to; each record is encoded the moment it is
    made into ``private`` (held here), so changing the list or a record later changes nothing."""
    class Log(list):
        def append(self, item):
            private.append(encode(item))
            list.append(self, item)
    return Log()


def run_one(piece, fd):
    """Run ``piece``'s setup, solution cells and test here and send the answer to ``fd``; never returns."""
    global FD, _forbid_modules
    FD = fd
    _forbid_modules = tuple(piece.get("forbid_modules") or ())
    job.update(forbid_calls=piece.get("forbid_calls") or [])
    phase = "setup"
    out = {"status": "ok", "phase": None, "error": None, "records": [], "cell_errors": []}
    records = []   # encoded as they are made (see _log)
    try:
        ns = {"__name__": "__main__", "__builtins__": builtins}
        for gid, src in piece.get("setup_cells") or ():
            phase = "setup:" + gid
            exec(compile(src, f"<setup:{gid}>", "exec"), ns)
        _install_call_guards(ns)
        snap = _snapshot(ns)
        checks = sys.modules.get("autograd_checks")
        for gid, src in piece["cells"]:
            phase = "cell:" + gid
            name = f"<student:{gid}>"   # in linecache, as a kernel has it: source checks work alike
            linecache.cache[name] = (len(src), None, src.splitlines(True), name)
            try:
                exec(compile(src, name, "exec"), ns)
            except BaseException as e:  # noqa: BLE001  (a kernel goes on to the next cell too)
                out["cell_errors"].append([gid, type(e).__name__, str(e)[:300]])
        phase = "test"
        _restore(ns, snap)
        if checks is not None:
            vars(checks)["_recording"] = log = _log(records)
            log_append = type(log).append
        before = _parts(checks)
        try:
            # The test runs in a copy of the namespace: the solution's functions, whose globals
            # are ``ns``, cannot read the test's expected values with ``globals()``.
            exec(compile(piece["test"], "<test>", "exec"), dict(ns))
        finally:
            after = _parts(checks)
            changed = [k for k in before if after.get(k, _parts) is not before[k]]
            if changed or (checks is not None and type(log).append is not log_append):
                out["tampered"] = changed[:10] or ["the record list"]
    except BaseException as e:  # noqa: BLE001  (SystemExit and KeyboardInterrupt are answers too)
        out.update(status="error", phase=phase, error=(type(e).__name__, str(e)[:1500],
                   "".join(traceback.format_exception(e))[-3000:]))
    out["records"] = records
    out["forbidden"] = sorted(set(HITS))
    try:
        sys.stdout.flush()
    except BaseException:  # noqa: BLE001
        pass
    send(out)
    os._exit(0)  # skip atexit hooks a student may have registered


def run_batch():
    import ctypes
    import resource
    import select
    import signal
    import time

    try:  # others (the forked children) may not open this process's /proc/<pid>/fd
        ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE = 4
    except Exception:  # noqa: BLE001
        pass
    exec(compile(job.get("setup", ""), "<setup>", "exec"), {"__name__": "__warmup__"})
    for piece in job["jobs"]:
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            os.close(job["fd"])
            cpu = int(piece.get("cpu", 30))
            resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
            run_one(piece, w)
        os.close(w)
        data, deadline, timed_out = b"", time.monotonic() + float(piece.get("wall", 60)), False
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                timed_out = True
                break
            ready, _, _ = select.select([r], [], [], left)
            if not ready:
                continue
            chunk = os.read(r, 1 << 16)
            if not chunk:
                break
            data += chunk
            if len(data) > (32 << 20):
                data = b""
                break
        os.close(r)
        if timed_out:
            os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(status)
        msg = None
        if not timed_out and data:
            try:
                msg = json.loads(data)
                msg = msg if isinstance(msg, dict) else None
            except ValueError:
                msg = None
        if msg is None:
            msg = {"status": "timeout" if timed_out else "crash", "returncode": code}
        msg["id"] = piece["id"]
        line = (_dumps(msg, allow_nan=True) + "\n").encode()
        while line:
            line = line[_write(job["fd"], line):]
    _close(job["fd"])
    os._exit(0)


if "jobs" in job:
    run_batch()
run_one(job, FD)

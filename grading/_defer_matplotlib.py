"""matplotlib and pyplot stand in until something uses them (source run inside the jail).

Both jailed runs of student code start with this: the re-check's sandbox child (prepended to
grading._sandbox_child) and the feedback kernel (an IPython startup file, grading._kernel_jail).
The notebooks import pyplot in their first cell, the tests never draw, and the jail's kernel
shows no figures (its backend is Agg), while importing pyplot costs more than most exercises
(0.6 s here). The first attribute asked of either stand-in, or an import of another matplotlib
module, imports the real modules into them.
Imports nothing from grading and leaves no name behind.
"""


def _defer_matplotlib():
    import builtins
    import importlib
    import importlib.util
    import sys

    spec = importlib.util.find_spec("matplotlib")   # finds it without importing it
    if spec is None or "matplotlib" in sys.modules:
        return
    deferred = {}

    def undefer():
        pending = dict(deferred)
        deferred.clear()   # first: matplotlib's own imports below must not undefer again
        for name, stand_in in pending.items():
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
        for name, stand_in in pending.items():
            vars(stand_in).update(vars(importlib.import_module(name)))
            stand_in.__class__ = type(sys)   # a plain module from now on, holding the real names

    class Deferred(type(sys)):
        def __getattr__(self, attr):
            undefer()
            return getattr(sys.modules[self.__name__], attr)

    real_import = builtins.__import__

    def import_(name, globals=None, locals=None, fromlist=(), level=0):
        # a submodule (``from matplotlib.ticker import ...``) needs the real package first:
        # importing it under a stand-in would run matplotlib's __init__ halfway through
        if deferred and level == 0 and name.startswith("matplotlib.") and name != "matplotlib.pyplot":
            undefer()
        return real_import(name, globals, locals, fromlist, level)

    builtins.__import__ = import_   # a plain pass-through once undeferred (others may wrap it)
    top, pyplot = Deferred("matplotlib"), Deferred("matplotlib.pyplot")
    vars(top).update(__path__=list(spec.submodule_search_locations or []), pyplot=pyplot)
    deferred.update({"matplotlib": top, "matplotlib.pyplot": pyplot})
    sys.modules.update(deferred)


_defer_matplotlib()
del _defer_matplotlib

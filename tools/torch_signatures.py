"""Write autograd_core/_signatures.py: torch's Python signatures of every name autograd_core exports.

Run by hand after a torch upgrade (tests/engine/test_parity_arguments.py checks the table is in
sync with the installed torch):

    .venv/bin/python tools/torch_signatures.py

The signatures come from torch itself: torch's wheel ships torchgen, the generator that writes the
C++ bindings of ``torch.<fn>`` and ``Tensor.<method>``; this script asks it for the very strings
it compiles into each binding's PythonArgParser (``"sum(Tensor input, IntArrayRef[1]? dim, bool
keepdim=False, *, ScalarType? dtype=None, Tensor out=None)"``), in torch's order. Functions torch
writes in Python (torch.functional: einsum, split, ...) have no such parser and are not listed.

A method's signatures are mostly its function's without ``Tensor input`` and ``out=``, or its
out-of-place method's (autograd_core._arguments.derive); the table's METHODS holds only the names
where that derivation does not give torch's list.
"""

import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
TARGET = ROOT / "autograd_core" / "_signatures.py"


def torch_parsers():
    """{'function'|'method': {name: [parser string, ...]}} for every binding torch generates."""
    import torchgen
    from torchgen.gen import parse_native_yaml
    from torchgen.packaged.autograd import gen_python_functions as gen

    base = os.path.dirname(torchgen.__file__) + "/packaged"
    natives = parse_native_yaml(
        base + "/ATen/native/native_functions.yaml", base + "/ATen/native/tags.yaml"
    ).native_functions
    natives = [f for f in natives if gen.should_generate_py_binding(f)]
    out = {}
    for kind, method, pred in (
        ("function", False, gen.is_py_torch_function),
        ("method", True, gen.is_py_variable_method),
    ):
        pairs = gen.load_signatures(natives, base + "/autograd/deprecated.yaml", method=method)
        grouped = gen.group_filter_overloads(pairs, pred)
        out[kind] = {
            str(name): [
                o.signature.signature_str(symint=True) for o in gen.group_overloads(ov, symint=True)
            ]
            for name, ov in grouped.items()
        }
    return out


def table(torch_module=None, tensor_class=None):
    """(functions, methods): {name: (params, ...)} for the names autograd_core exports that torch
    binds in C++; methods only where `derive` misses torch's list (an empty one: a method torch
    writes in Python, or has not)."""
    import torch

    if torch_module is None:
        sys.path.insert(0, str(ROOT))
        import autograd_core as torch_module

        tensor_class = torch_module.Tensor
    parsers = torch_parsers()
    builtin = type(torch.exp)  # a binding written in C++ (torch.functional's are Python functions)
    ours = lambda owner, name: not name.startswith("_") and callable(getattr(owner, name, None))  # noqa: E731
    strip = lambda sigs: tuple(s[s.index("(") :] for s in sigs)  # noqa: E731
    functions = {
        name: strip(sigs)
        for name, sigs in sorted(parsers["function"].items())
        if ours(torch_module, name) and isinstance(getattr(torch, name, None), builtin)
    }
    from autograd_core._arguments import derive

    methods = {}
    for name in sorted(n for n in dir(tensor_class) if ours(tensor_class, n)):
        bound = vars(torch.Tensor).get(name, getattr(torch._C.TensorBase, name, None))
        in_c = name in parsers["method"] and "method" in type(bound).__name__
        sigs = strip(parsers["method"][name]) if in_c else ()  # () : torch's is Python's
        if derive(name, functions, methods) != sigs:
            methods[name] = sigs
    return functions, methods


# The modules autograd_core mirrors whose missing names get torch's AttributeError (_messages).
NAMESPACES = ("torch", "torch.nn.functional")


def torch_names():
    """{module: the public names torch's module has}: autograd_core answers a name it lacks
    as torch does where torch lacks it too, and says it is not covered where torch has it."""
    import importlib

    return {
        m: sorted(n for n in dir(importlib.import_module(m)) if not n.startswith("_"))
        for m in NAMESPACES
    }


def render(functions, methods, names=None):
    lines = [
        '"""torch\'s signatures of the names autograd_core exports, as torch\'s PythonArgParser reads',
        "them; written by tools/torch_signatures.py (do not edit by hand). A method's signatures are",
        "its function's without ``Tensor input`` and ``out=``, or its out-of-place method's, unless",
        'METHODS lists them."""',
        "",
    ]
    for title, entries in (("FUNCTIONS", functions), ("METHODS", methods)):
        lines.append(f"{title} = {{")
        for name, sigs in entries.items():
            sigs = [s.replace('"', '\\"') for s in sigs]
            one = f'    "{name}": (' + ", ".join(f'"{s}"' for s in sigs) + ",),"
            if len(sigs) == 1 and len(one) <= 100:
                lines.append(one)
                continue
            lines.append(f'    "{name}": (')
            for s in sigs:
                while len(s) > 88:  # implicit concatenation keeps the lines within ruff's 100
                    cut = s.rindex(", ", 0, 88) + 2
                    lines.append(f'        "{s[:cut]}"')
                    s = s[cut:]
                lines.append(f'        "{s}",')
            lines.append("    ),")
        lines.append("}")
    lines.append("TORCH_NAMES = {")
    for module, public in (names or torch_names()).items():
        lines.append(f'    "{module}": frozenset(')
        lines.append('        """')
        line = "       "
        for n in public:
            if len(line) + len(n) + 1 > 96:
                lines.append(line)
                line = "       "
            line += " " + n
        lines.append(line)
        lines.append('        """.split()')
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    TARGET.write_text(render(*table()))
    subprocess.run([sys.executable, "-m", "ruff", "format", "-q", str(TARGET)], check=False)
    print(f"wrote {TARGET}")

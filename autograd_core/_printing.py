"""Printing tensors exactly as torch does (torch/_tensor_str.py): ``tensor([5., 5.])``,
``tensor(14., grad_fn=<AddBackward0>)``, 4 decimals, scientific notation when the range is wide."""

import math

import numpy as np
from . import _backend
from ._backend import bool_, int64, move

PRECISION, THRESHOLD, EDGEITEMS, LINEWIDTH = 4, 1000, 3, 80


class _Formatter:
    def __init__(self, values, floating):
        self.floating = floating
        self.int_mode = True
        self.sci_mode = False
        self.max_width = 1
        if not floating:
            for v in values.reshape(-1).tolist():
                self.max_width = max(self.max_width, len(str(v)))
            return
        finite = values[np.isfinite(values) & (values != 0)].astype(np.float64)
        if finite.size == 0:
            return  # only 0, nan, inf: no padding at all (torch's rule)
        absv = np.abs(finite)
        lo, hi = absv.min(), absv.max()
        self.int_mode = bool(np.all(finite == np.ceil(finite)))
        if self.int_mode:
            if hi / lo > 1000.0 or hi > 1.0e8:
                self.sci_mode = True
                widths = [len(f"{v:.{PRECISION}e}") for v in finite.tolist()]
            else:
                widths = [len(f"{v:.0f}") + 1 for v in finite.tolist()]
        else:
            if hi / lo > 1000.0 or hi > 1.0e8 or lo < 1.0e-4:
                self.sci_mode = True
                widths = [len(f"{v:.{PRECISION}e}") for v in finite.tolist()]
            else:
                widths = [len(f"{v:.{PRECISION}f}") for v in finite.tolist()]
        self.max_width = max([self.max_width] + widths)  # from nonzero finite values only, as torch

    def format(self, v):
        if self.floating:
            if self.sci_mode:
                s = f"{v:{self.max_width}.{PRECISION}e}"
            elif self.int_mode:
                s = f"{v:.0f}" + ("" if math.isnan(v) or math.isinf(v) else ".")
            else:
                s = f"{v:.{PRECISION}f}"
        else:
            s = str(v)
        return " " * (self.max_width - len(s)) + s


def _vector(values, indent, summarize, fmt):
    width = fmt.max_width + 2
    per_line = max(1, int(math.floor((LINEWIDTH - indent) / width)))
    if summarize and values.shape[0] > 2 * EDGEITEMS:
        data = (
            [fmt.format(v) for v in values[:EDGEITEMS].tolist()]
            + [" ..."]
            + [fmt.format(v) for v in values[-EDGEITEMS:].tolist()]
        )
    else:
        data = [fmt.format(v) for v in values.tolist()]
    lines = [", ".join(data[i : i + per_line]) for i in range(0, len(data), per_line)]
    return "[" + ("," + "\n" + " " * (indent + 1)).join(lines) + "]"


def _nested(values, indent, summarize, fmt):
    if values.ndim == 0:
        return fmt.format(values.item())
    if values.ndim == 1:
        return _vector(values, indent, summarize, fmt)
    if summarize and values.shape[0] > 2 * EDGEITEMS:
        parts = (
            [_nested(values[i], indent + 1, summarize, fmt) for i in range(EDGEITEMS)]
            + ["..."]
            + [
                _nested(values[i], indent + 1, summarize, fmt)
                for i in range(values.shape[0] - EDGEITEMS, values.shape[0])
            ]
        )
    else:
        parts = [_nested(values[i], indent + 1, summarize, fmt) for i in range(values.shape[0])]
    return "[" + ("," + "\n" * (values.ndim - 1) + " " * (indent + 1)).join(parts) + "]"


def _summary_values(values):
    """The elements that will be shown (torch formats widths from these only)."""
    if values.ndim == 0:
        return values
    if values.shape[0] > 2 * EDGEITEMS:
        idx = list(range(EDGEITEMS)) + list(range(values.shape[0] - EDGEITEMS, values.shape[0]))
        values = values[idx]
    if values.ndim == 1:
        return values
    return np.stack([_summary_values(v) for v in values])


def tensor_repr(t, prefix="tensor(", indent=None):
    host = t._data
    if not isinstance(host, np.ndarray):
        host = np.asarray(move(host, "cpu"))
    indent = len(prefix) if indent is None else indent
    suffixes = [f"device='{t.device}'"] if t.device.type != "cpu" else []
    dt, default = t.dtype, _backend.default_float[0]
    if host.size == 0:  # torch names the dtype of an empty tensor unless it is the default float
        body = "[]"
        if host.shape != (0,):
            suffixes.append(f"size={tuple(host.shape)}")
        if dt is not default:
            suffixes.append(f"dtype={dt!r}")
    else:
        floating = dt.is_floating_point
        values = host.astype(np.float64) if floating else host
        summarize = host.size > THRESHOLD
        shown = _summary_values(values) if summarize else values
        fmt = _Formatter(shown, floating)
        body = _nested(values, indent, summarize, fmt)
    if host.size and dt not in (default, int64, bool_):
        suffixes.append(f"dtype={dt!r}")
    try:
        fn = t.grad_fn
    except RuntimeError:  # a view that may not be used since its base changed: torch's text
        suffixes.append("grad_fn=<Invalid>")
        fn = False
    if fn:
        suffixes.append(f"grad_fn=<{type(fn).__name__}>")
    elif fn is None and t.requires_grad:
        suffixes.append("requires_grad=True")
    if t._fw is not None:  # a dual tensor (autograd.forward_ad)
        tangent = t._fw[1]
        suffixes.append(f"tangent={tangent.item() if tangent.ndim == 0 else tangent!r}")
    text = prefix + body
    last_len = len(text) - text.rfind("\n") + 1
    out = [text]
    for s in suffixes:
        if last_len + len(s) + 2 > LINEWIDTH:
            out.append(",\n" + " " * indent + s)
            last_len = indent + len(s)
        else:
            out.append(", " + s)
            last_len += len(s) + 2
    out.append(")")
    return "".join(out)

"""torch.save and torch.load in a safe format: a zip of one JSON structure and .npy arrays.

``save`` stores tensors (their dtype, shape, values, device, ``requires_grad`` and whether they
are ``nn.Parameter`` s), Python numbers, strings, None, dtypes, devices, ``Size`` s, and dicts
(any of those as keys, order and ``OrderedDict`` kept, with a state dict's ``_metadata``),
lists and tuples of them: module and optimizer state dicts, checkpoints. Anything else is
refused when saving.

``load`` reads that zip only: the structure is JSON and each array is read with
``numpy.load(allow_pickle=False)``, so loading never runs code from the file. A pickle (what
torch.save writes, or anything else) is refused with ``pickle.UnpicklingError``, whatever
``weights_only`` says. A tensor saved twice in one object comes back as one tensor; views are
not kept as views of a shared storage.
"""

import io
import json
import os
import pickle
import zipfile
from collections import OrderedDict

import numpy as np

from . import _backend, cuda
from ._creation import as_tensor
from ._tensor import Size, Tensor
from .nn import Parameter

__all__ = ["save", "load"]

_FORMAT = "autograd_core/format"
_VERSION = "autograd_core-safe-1"
_STRUCTURE = "autograd_core/structure.json"


def _encode(obj, arrays, memo):
    """``obj`` as JSON-able data; tensors go to ``arrays`` and are referenced by index."""
    if isinstance(obj, Tensor):
        if id(obj) not in memo:
            memo[id(obj)] = len(arrays)
            arrays.append(np.asarray(obj.detach().cpu()._data))  # bfloat16 too (numpy() refuses)
        return {
            "T": memo[id(obj)],
            "dtype": str(obj.dtype).rsplit(".", 1)[-1],
            "device": str(obj.device),
            "requires_grad": bool(obj.requires_grad),
            "parameter": isinstance(obj, Parameter),
        }
    if isinstance(obj, _backend.dtype):
        return {"dtype": str(obj).rsplit(".", 1)[-1]}
    if isinstance(obj, _backend.device):
        return {"device": str(obj)}
    if isinstance(obj, Size):
        return {"size": list(obj)}
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj if not isinstance(obj, float) else {"f": repr(obj)}  # keeps inf/nan exact
    if isinstance(obj, dict):
        items = [[_encode(k, arrays, memo), _encode(v, arrays, memo)] for k, v in obj.items()]
        out = {"dict": items, "ordered": isinstance(obj, OrderedDict)}
        if hasattr(obj, "_metadata"):  # Module.state_dict's per-module versions
            out["metadata"] = _encode(obj._metadata, arrays, memo)
        return out
    if isinstance(obj, (list, tuple)):
        kind = "list" if isinstance(obj, list) else "tuple"
        return {kind: [_encode(v, arrays, memo) for v in obj]}
    raise TypeError(
        f"autograd_core.save cannot store an object of type {type(obj).__name__}: it saves "
        "tensors, numbers, strings, None and dicts/lists/tuples of them (state dicts), in a "
        "safe format that never pickles"
    )


def save(obj, f, pickle_module=None, pickle_protocol=2, _use_new_zipfile_serialization=True):
    """Save ``obj`` (tensors, numbers, strings, None and containers of them) to ``f``, a path
    or a writable binary file object, as a zip of JSON and ``.npy`` arrays.

    ``pickle_module`` and ``pickle_protocol`` are accepted for torch's signature and ignored:
    nothing is pickled.
    """
    arrays = []
    structure = _encode(obj, arrays, {})
    if isinstance(f, (str, os.PathLike)):
        # A temporary file beside the target, renamed over it: never a half-written file.
        tmp = f"{os.fspath(f)}.{os.getpid()}.tmp"
        try:
            with open(tmp, "wb") as fh:
                _write(fh, structure, arrays)
            os.replace(tmp, f)
        finally:
            if os.path.exists(tmp):
                os.remove(tmp)
    else:
        _write(f, structure, arrays)


def _write(fh, structure, arrays):
    with zipfile.ZipFile(fh, "w", compression=zipfile.ZIP_STORED) as zf:
        zf.writestr(_FORMAT, _VERSION)
        zf.writestr(_STRUCTURE, json.dumps(structure))
        for i, arr in enumerate(arrays):
            buf = io.BytesIO()
            arr = np.asarray(arr, order="C")
            if _backend.is_bfloat16(arr.dtype):
                arr = arr.view(np.uint16)
            np.save(buf, arr, allow_pickle=False)  # keeps 0-d
            zf.writestr(f"autograd_core/tensors/{i}.npy", buf.getvalue())


def _refuse(why):
    raise pickle.UnpicklingError(
        "Weights only load failed: autograd_core.load reads only files written by "
        f"autograd_core.save (a zip of JSON and .npy arrays) and never unpickles; {why}"
    )


def _target_device(saved, map_location):
    """The device a tensor saved on ``saved`` is loaded to."""
    if map_location is None:
        target = saved
    elif isinstance(map_location, dict):
        target = map_location.get(saved, saved)
    else:
        target = map_location
    target = _backend.device(target) if isinstance(target, str) else target
    if target.type == "cuda" and not cuda.is_available():
        raise RuntimeError(
            "Attempting to deserialize object on a CUDA device but torch.cuda.is_available() "
            "is False. If you are running on a CPU-only machine, please use torch.load with "
            "map_location=torch.device('cpu') to map your storages to the CPU."
        )
    return target


def _decode(data, arrays, map_location, memo):
    if not isinstance(data, dict):
        return data
    if "T" in data:
        index = data["T"]
        if index not in memo:
            t = as_tensor(arrays(index, data.get("dtype")))
            if callable(map_location) and not isinstance(map_location, _backend.device):
                t = map_location(t, data["device"])
            else:
                t = t.to(_target_device(data["device"], map_location))
            if data["parameter"]:
                t = Parameter(t, requires_grad=data["requires_grad"])
            elif data["requires_grad"]:
                t.requires_grad_(True)
            memo[index] = t
        return memo[index]
    if "f" in data:
        return float(data["f"])
    if "dtype" in data:
        name = data["dtype"]
        found = getattr(_backend, "bool_" if name == "bool" else name, None)
        if not isinstance(found, _backend.dtype):
            _refuse(f"unknown dtype {name!r}")
        return found
    if "device" in data:
        return _backend.device(data["device"])
    if "size" in data:
        return Size(data["size"])
    if "dict" in data:
        out = OrderedDict() if data["ordered"] else {}
        for k, v in data["dict"]:
            out[_decode(k, arrays, map_location, memo)] = _decode(v, arrays, map_location, memo)
        if "metadata" in data:
            out._metadata = _decode(data["metadata"], arrays, map_location, memo)
        return out
    if "list" in data:
        return [_decode(v, arrays, map_location, memo) for v in data["list"]]
    if "tuple" in data:
        return tuple(_decode(v, arrays, map_location, memo) for v in data["tuple"])
    _refuse(f"unknown entry {sorted(data)!r} in the structure")


def load(f, map_location=None, pickle_module=None, *, weights_only=True, mmap=None, **kwargs):
    """Load an object written by :func:`save` from a path or a readable binary file object.

    ``map_location``: None (each tensor to the device it was saved from), a device or device
    string (all tensors there), a dict ``{saved device: device}``, or a callable
    ``fn(tensor, saved_device_str)`` returning the tensor to use (torch passes a storage).
    ``weights_only`` is accepted; loading is always weights-only. A file that is not this
    format, e.g. any pickle, raises ``pickle.UnpicklingError`` without being unpickled.
    """
    if isinstance(f, (str, os.PathLike)):
        with open(f, "rb") as fh:
            return _load(fh, map_location)
    return _load(f, map_location)


def _load(fh, map_location):
    try:
        zf = zipfile.ZipFile(fh)
    except zipfile.BadZipFile:
        _refuse("this file is not such a zip (a pickle, or torch.save's format, is refused)")
    with zf:
        names = set(zf.namelist())
        if _FORMAT not in names or zf.read(_FORMAT).decode() != _VERSION:
            _refuse(
                "this zip was not written by autograd_core.save (torch.save's zip holds a "
                "pickle, which is refused)"
            )
        structure = json.loads(zf.read(_STRUCTURE))

        def array(i, dtype_name=None):
            with zf.open(f"autograd_core/tensors/{int(i)}.npy") as member:
                a = np.load(io.BytesIO(member.read()), allow_pickle=False)
            if dtype_name == "bfloat16":  # numpy's .npy header knows no bfloat16: stored as bits
                a = a.view(_backend.bfloat16_array_dtype())
            return a

        return _decode(structure, array, map_location, {})

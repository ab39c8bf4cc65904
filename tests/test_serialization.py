"""autograd_core.save / load: a safe format (zip of JSON + .npy) that round-trips state dicts
and never unpickles (issue 12, helper H5)."""
import collections
import io
import math
import os
import pickle
import zipfile

import numpy as np
import pytest

ac = pytest.importorskip("autograd_core", reason="autograd_core is not importable")


def round_trip(obj, **kw):
    buf = io.BytesIO()
    ac.save(obj, buf)
    buf.seek(0)
    return ac.load(buf, **kw)


DTYPES = ["float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "bool"]


@pytest.mark.parametrize("dtype", DTYPES)
def test_tensor_round_trip_keeps_dtype_shape_values(dtype):
    rng = np.random.default_rng(0)
    arr = (rng.normal(size=(3, 4, 2)) * 50).astype(np.dtype(dtype if dtype != "bool" else "?"))
    t = ac.tensor(arr)
    assert t.dtype == getattr(ac, dtype)
    back = round_trip(t)
    assert back.dtype == t.dtype and tuple(back.shape) == (3, 4, 2)
    np.testing.assert_array_equal(back.numpy(), arr)
    assert back is not t
    assert round_trip(ac.tensor(7, dtype=getattr(ac, dtype))).shape == ()


def test_large_int64_and_noncontiguous_tensors_are_exact():
    t = ac.tensor([2**62 + 1, -(2**63), 2**63 - 1])
    assert round_trip(t).tolist() == t.tolist()
    x = ac.arange(12.0).reshape(3, 4).t()
    back = round_trip(x)
    assert back.tolist() == x.tolist() and back.is_contiguous()


def test_nested_containers_numbers_and_strings():
    obj = {"a": [1, 2.5, -0.0, math.inf, True, None, "text", (3, "x")],
           7: {"nested": (ac.ones(2), [ac.zeros(1, dtype=ac.int64)])},
           "od": collections.OrderedDict([("z", 1), ("a", 2)]), (1, 2): "tuple key",
           2.5: "float key", "big": 10**30}
    back = round_trip(obj)
    assert list(back) == list(obj)
    assert back["a"][:5] == [1, 2.5, -0.0, math.inf, True] and back["a"][5:] == [None, "text",
                                                                                 (3, "x")]
    assert math.copysign(1, back["a"][2]) == -1 and isinstance(back["a"][0], int)
    assert isinstance(back["a"][4], bool) and isinstance(back["a"][7], tuple)
    assert isinstance(back["od"], collections.OrderedDict) and list(back["od"]) == ["z", "a"]
    assert type(back[7]) is dict and isinstance(back[7]["nested"], tuple)
    assert back[7]["nested"][1][0].dtype == ac.int64
    assert back[(1, 2)] == "tuple key" and back[2.5] == "float key" and back["big"] == 10**30
    assert math.isnan(round_trip(float("nan")))
    meta = round_trip([ac.float16, ac.bool, ac.int64, ac.device("cpu"), ac.Size([2, 3])])
    assert meta[:3] == [ac.float16, ac.bool, ac.int64] and meta[3] == ac.device("cpu")
    assert isinstance(meta[4], ac.Size) and meta[4] == (2, 3)
    assert round_trip("just a string") == "just a string" and round_trip(None) is None


def test_requires_grad_and_parameters_and_identity():
    p = ac.nn.Parameter(ac.ones(2))
    t = ac.ones(3, requires_grad=True)
    plain = ac.zeros(2)
    back = round_trip([p, t, plain, p])
    assert isinstance(back[0], ac.nn.Parameter) and back[0].requires_grad
    assert back[1].requires_grad and back[1].is_leaf and not isinstance(back[1], ac.nn.Parameter)
    assert not back[2].requires_grad
    assert back[3] is back[0]  # the same tensor twice is one tensor after loading


def make_model():
    return ac.nn.Sequential(ac.nn.Linear(3, 5), ac.nn.ReLU(), ac.nn.Linear(5, 2))


def test_trained_model_saved_and_loaded_gives_the_same_outputs(tmp_path):
    ac.manual_seed(0)
    model = make_model()
    opt = ac.optim.Adam(model.parameters(), lr=0.05)
    x, y = ac.randn(16, 3), ac.randn(16, 2)
    for _ in range(5):
        opt.zero_grad()
        ac.nn.functional.mse_loss(model(x), y).backward()
        opt.step()
    path = tmp_path / "ckpt.pt"
    ac.save({"model": model.state_dict(), "optim": opt.state_dict(), "epoch": 5}, path)
    assert zipfile.is_zipfile(path)
    ckpt = ac.load(str(path), weights_only=True)
    fresh = make_model()
    assert not np.allclose(fresh(x).detach().numpy(), model(x).detach().numpy())
    fresh.load_state_dict(ckpt["model"])
    np.testing.assert_array_equal(fresh(x).detach().numpy(), model(x).detach().numpy())
    assert isinstance(ckpt["model"], collections.OrderedDict)
    assert ckpt["model"]._metadata == model.state_dict()._metadata
    opt2 = ac.optim.Adam(fresh.parameters(), lr=0.05)
    opt2.load_state_dict(ckpt["optim"])
    assert list(ckpt["optim"]["state"]) == [0, 1, 2, 3] and ckpt["epoch"] == 5
    for step in range(3):  # both continue identically
        for m, o in ((model, opt), (fresh, opt2)):
            o.zero_grad()
            ac.nn.functional.mse_loss(m(x), y).backward()
            o.step()
    for a, b in zip(model.parameters(), fresh.parameters()):
        np.testing.assert_array_equal(a.detach().numpy(), b.detach().numpy())


def test_path_like_and_file_objects(tmp_path):
    t = ac.arange(5)
    ac.save(t, os.fspath(tmp_path / "a.pt"))
    with open(tmp_path / "b.pt", "wb") as fh:
        ac.save(t, fh)
    assert ac.load(tmp_path / "a.pt").tolist() == [0, 1, 2, 3, 4]
    with open(tmp_path / "b.pt", "rb") as fh:
        assert ac.load(fh).tolist() == [0, 1, 2, 3, 4]


def test_map_location_forms():
    t = ac.arange(3.0)
    for loc in ["cpu", ac.device("cpu"), {"cpu": "cpu"}]:
        back = round_trip({"t": t}, map_location=loc)
        assert back["t"].device.type == "cpu" and back["t"].tolist() == [0.0, 1.0, 2.0]
    seen = []
    back = round_trip(t, map_location=lambda x, loc: seen.append(loc) or x * 2)
    assert seen == ["cpu"] and back.tolist() == [0.0, 2.0, 4.0]
    if not ac.cuda.is_available():
        with pytest.raises(RuntimeError, match="Attempting to deserialize object on a CUDA"):
            round_trip(t, map_location="cuda")


class Evil:
    def __reduce__(self):
        return (os.system, ("echo pwned > /tmp/h5_pwned",))


def test_a_malicious_pickle_is_refused_without_running(tmp_path):
    marker = "/tmp/h5_pwned"
    if os.path.exists(marker):
        os.remove(marker)
    evil = tmp_path / "evil.pt"
    evil.write_bytes(pickle.dumps(Evil()))
    with pytest.raises(pickle.UnpicklingError, match="Weights only load failed"):
        ac.load(evil)
    with pytest.raises(pickle.UnpicklingError, match="never unpickles"):
        ac.load(evil, weights_only=False)
    # a zip that looks like torch.save's (data.pkl inside) is refused too
    with zipfile.ZipFile(tmp_path / "torchlike.pt", "w") as zf:
        zf.writestr("archive/data.pkl", pickle.dumps(Evil()))
    with pytest.raises(pickle.UnpicklingError, match="not written by autograd_core.save"):
        ac.load(tmp_path / "torchlike.pt")
    # and an object array smuggled into one of our .npy members is refused by numpy
    buf = io.BytesIO()
    ac.save(ac.ones(1), buf)
    with zipfile.ZipFile(buf) as zf:
        members = {n: zf.read(n) for n in zf.namelist()}
    bad = io.BytesIO()
    np.save(bad, np.array([Evil()], dtype=object), allow_pickle=True)
    members["autograd_core/tensors/0.npy"] = bad.getvalue()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for n, data in members.items():
            zf.writestr(n, data)
    out.seek(0)
    with pytest.raises(ValueError, match="allow_pickle=False"):
        ac.load(out)
    assert not os.path.exists(marker)


def test_unsupported_objects_are_refused_when_saving():
    with pytest.raises(TypeError, match="cannot store an object of type Evil"):
        round_trip({"x": Evil()})
    with pytest.raises(TypeError, match="cannot store an object of type set"):
        round_trip({1, 2})


def test_a_file_written_by_torch_save_is_refused():
    """The format is ours (documented), not torch's: a torch file is refused, not misread."""
    torch = pytest.importorskip("torch")
    buf = io.BytesIO()
    torch.save({"w": torch.ones(2)}, buf)
    buf.seek(0)
    with pytest.raises(pickle.UnpicklingError, match="Weights only load failed"):
        ac.load(buf)

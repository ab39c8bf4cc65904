"""autograd_core.utils.data against torch.utils.data: batching, collation, samplers, splits
(shuffled orders are only required to be reproducible: they come from autograd_core's RNG)."""
import collections
import re
import warnings

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="these differential tests compare against PyTorch")
ac = pytest.importorskip("autograd_core", reason="autograd_core is not importable")
D = ac.utils.data
TD = torch.utils.data


def to_py(obj):
    """Tensors -> (dtype name, shape, values) so batches of both libraries compare with ==."""
    if isinstance(obj, (ac.Tensor, torch.Tensor)):
        return (str(obj.dtype).rsplit(".", 1)[-1], tuple(obj.shape), obj.tolist())
    if isinstance(obj, dict):
        return {k: to_py(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return type(obj)(to_py(v) for v in obj) if not hasattr(obj, "_fields") else \
            (type(obj).__name__, [to_py(v) for v in obj])
    return obj


def tensors(lib):
    x = np.arange(21, dtype=np.float64).reshape(7, 3)
    return lib.tensor(x), lib.arange(7), lib.tensor([True, False] * 3 + [True])


@pytest.mark.parametrize("kw", [dict(), dict(batch_size=3), dict(batch_size=3, drop_last=True),
                                dict(batch_size=7), dict(batch_size=10), dict(batch_size=None)])
def test_tensor_dataset_batches_match_torch(kw):
    la = D.DataLoader(D.TensorDataset(*tensors(ac)), **kw)
    lt = TD.DataLoader(TD.TensorDataset(*tensors(torch)), **kw)
    assert len(la) == len(lt)
    assert to_py(list(la)) == to_py(list(lt))
    assert isinstance(next(iter(la)), type(next(iter(lt))))


class Pairs:
    """A plain map-style dataset (no base class) of mixed Python/numpy samples."""

    def __init__(self, kind):
        self.kind = kind

    def __len__(self):
        return 5

    def __getitem__(self, i):
        if self.kind == "dict":
            return {"x": np.full(2, i, dtype=np.float32), "y": i, "name": f"s{i}", "w": i / 2}
        if self.kind == "tuple":
            return (float(i), i % 2 == 0, [i, i + 1])
        if self.kind == "namedtuple":
            return Point(np.float64(i), np.int32(i))
        return np.eye(3)[i % 3]


Point = collections.namedtuple("Point", "a b")


@pytest.mark.parametrize("kind", ["dict", "tuple", "namedtuple", "array"])
def test_default_collate_of_numbers_dicts_tuples_matches_torch(kind):
    la = D.DataLoader(Pairs(kind), batch_size=2)
    lt = TD.DataLoader(Pairs(kind), batch_size=2)
    assert to_py(list(la)) == to_py(list(lt))


def test_default_collate_errors_match_torch():
    for lib in (torch, ac):
        with pytest.raises(TypeError, match="default_collate: batch must contain tensors"):
            lib.utils.data.default_collate([object(), object()])
        with pytest.raises(RuntimeError, match="each element in list of batch should be of equal"):
            lib.utils.data.default_collate([[1, 2], [1]])


def test_custom_collate_fn_and_len_of_plain_dataset():
    seen = []
    loader = D.DataLoader(range(10), batch_size=4, collate_fn=lambda b: seen.append(b) or sum(b))
    assert list(loader) == [6, 22, 17] and seen == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
    assert len(loader) == 3


def test_shuffle_is_a_reproducible_permutation_per_epoch():
    ds = D.TensorDataset(ac.arange(20))
    g = ac.Generator().manual_seed(0)
    loader = D.DataLoader(ds, batch_size=6, shuffle=True, generator=g)
    epoch1 = [b[0].tolist() for b in loader]
    epoch2 = [b[0].tolist() for b in loader]
    assert [len(b) for b in epoch1] == [6, 6, 6, 2]
    flat1 = sum(epoch1, [])
    assert sorted(flat1) == list(range(20)) and flat1 != list(range(20))
    assert sum(epoch2, []) != flat1  # a new order each epoch
    g.manual_seed(0)
    assert [b[0].tolist() for b in loader] == epoch1
    ac.manual_seed(3)
    a = [b[0].tolist() for b in D.DataLoader(ds, batch_size=5, shuffle=True)]
    ac.manual_seed(3)
    assert [b[0].tolist() for b in D.DataLoader(ds, batch_size=5, shuffle=True)] == a


def test_samplers_match_torch():
    ds = list(range(10))
    assert list(D.SequentialSampler(ds)) == list(TD.SequentialSampler(ds))
    for kw in [dict(batch_size=3, drop_last=False), dict(batch_size=3, drop_last=True)]:
        ba = D.BatchSampler(D.SequentialSampler(ds), **kw)
        bt = TD.BatchSampler(TD.SequentialSampler(ds), **kw)
        assert list(ba) == list(bt) and len(ba) == len(bt)
    rs = D.RandomSampler(ds, generator=ac.Generator().manual_seed(1))
    assert len(rs) == 10 and sorted(rs) == ds
    rs = D.RandomSampler(ds, num_samples=25, generator=ac.Generator().manual_seed(1))
    out = list(rs)
    assert len(out) == len(rs) == 25 and sorted(out[:20]) == sorted(ds * 2)
    rs = D.RandomSampler(ds, replacement=True, num_samples=40,
                         generator=ac.Generator().manual_seed(1))
    out = list(rs)
    assert len(out) == 40 and set(out) <= set(ds) and len(set(out)) < len(out)  # repeats
    sub = D.SubsetRandomSampler([3, 5, 7], generator=ac.Generator().manual_seed(2))
    assert sorted(sub) == [3, 5, 7] and len(sub) == 3
    bs = D.BatchSampler(D.SequentialSampler(ds), 4, False)
    loader = D.DataLoader(ds, batch_sampler=bs)
    assert [b.tolist() for b in loader] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
    assert len(loader) == 3
    loader = D.DataLoader(ds, sampler=[9, 8, 7], batch_size=2)
    assert [b.tolist() for b in loader] == [[9, 8], [7]]


@pytest.mark.parametrize("make, exc, msg", [
    (lambda L, T: L.DataLoader([1], sampler=[0], shuffle=True), ValueError,
     "sampler option is mutually exclusive with shuffle"),
    (lambda L, T: L.DataLoader([1], batch_sampler=[[0]], batch_size=2), ValueError,
     "batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last"),
    (lambda L, T: L.DataLoader([1], batch_size=None, drop_last=True), ValueError,
     "batch_size=None option disables auto-batching"),
    (lambda L, T: L.DataLoader([1], num_workers=-1), ValueError,
     "num_workers option should be non-negative"),
    (lambda L, T: L.DataLoader([1], persistent_workers=True), ValueError,
     "persistent_workers option needs num_workers > 0"),
    (lambda L, T: L.BatchSampler([0], 0, False), ValueError,
     "batch_size should be a positive integer value, but got batch_size=0"),
    (lambda L, T: L.BatchSampler([0], 2, 1), ValueError,
     "drop_last should be a boolean value, but got drop_last=1"),
    (lambda L, T: L.RandomSampler([0], replacement=1), TypeError,
     "replacement should be a boolean value"),
    (lambda L, T: L.RandomSampler([0], num_samples=0), ValueError,
     "num_samples should be a positive integer value, but got num_samples=0"),
    (lambda L, T: L.random_split(range(5), [2, 2]), ValueError,
     "Sum of input lengths does not equal the length of the input dataset!"),
    (lambda L, T: L.TensorDataset(T.zeros(2), T.zeros(3)), AssertionError,
     "Size mismatch between tensors"),
])
def test_argument_errors_match_torch(make, exc, msg):
    for lib in (torch, ac):
        mod = lib.utils.data
        with pytest.raises(exc, match=re.escape(msg)):
            make(mod, lib)


def test_random_split_and_subset():
    parts = D.random_split(range(10), [3, 7], generator=ac.Generator().manual_seed(0))
    assert [len(p) for p in parts] == [3, 7]
    assert isinstance(parts[0], D.Subset)
    assert sorted(list(parts[0]) + list(parts[1])) == list(range(10))
    again = D.random_split(range(10), [3, 7], generator=ac.Generator().manual_seed(0))
    assert [list(p) for p in again] == [list(p) for p in parts]
    fr = D.random_split(range(11), [0.3, 0.3, 0.4], generator=ac.Generator().manual_seed(0))
    ft = TD.random_split(range(11), [0.3, 0.3, 0.4], generator=torch.Generator().manual_seed(0))
    assert [len(p) for p in fr] == [len(p) for p in ft] == [4, 3, 4]
    for lib in (torch, ac):
        with pytest.warns(UserWarning, match="Length of split at index 1 is 0"):
            lib.utils.data.random_split(range(1), [0.5, 0.5])
    sub = D.Subset(D.TensorDataset(ac.arange(10) * 2), [4, 1])
    assert len(sub) == 2 and sub[0][0].item() == 8 and sub[1][0].item() == 2
    loader = D.DataLoader(sub, batch_size=2)
    assert to_py(list(loader)) == to_py(list(TD.DataLoader(
        TD.Subset(TD.TensorDataset(torch.arange(10) * 2), [4, 1]), batch_size=2)))


class Stream:
    def make(self, lib):
        class S(lib.utils.data.IterableDataset):
            def __iter__(self):
                return iter(range(7))

            def __len__(self):
                return 7
        return S()


@pytest.mark.parametrize("kw", [dict(batch_size=3), dict(batch_size=3, drop_last=True),
                                dict(batch_size=None)])
def test_iterable_dataset_matches_torch(kw):
    la = D.DataLoader(Stream().make(ac), **kw)
    lt = TD.DataLoader(Stream().make(torch), **kw)
    assert to_py(list(la)) == to_py(list(lt))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert len(la) == len(lt)


def test_num_workers_runs_in_process_and_concat():
    ds = D.TensorDataset(ac.arange(6.0))
    loader = D.DataLoader(ds, batch_size=4, num_workers=2)
    assert [b[0].tolist() for b in loader] == [[0.0, 1.0, 2.0, 3.0], [4.0, 5.0]]
    assert D.get_worker_info() is None
    cat = ds + D.TensorDataset(ac.arange(3.0) + 10)
    assert len(cat) == 9 and cat[7][0].item() == 11.0 and cat[-1][0].item() == 12.0


def test_training_with_a_dataloader_matches_torch():
    """An epoch of minibatch SGD over a TensorDataset gives torch's parameters."""
    rng = np.random.default_rng(0)
    x, y = rng.normal(size=(10, 3)), rng.normal(size=(10, 1))
    w0 = rng.normal(size=(3, 1))
    out = []
    for lib in (ac, torch):
        w = lib.tensor(w0, requires_grad=True)
        opt = lib.optim.SGD([w], lr=0.1)
        loader = lib.utils.data.DataLoader(
            lib.utils.data.TensorDataset(lib.tensor(x), lib.tensor(y)), batch_size=4)
        for xb, yb in loader:
            opt.zero_grad()
            ((xb @ w - yb) ** 2).mean().backward()
            opt.step()
        out.append(w.detach().numpy().copy())
    np.testing.assert_allclose(out[0], out[1], rtol=1e-13)

"""Shared by the test_semantics_*.py files: torch's long messages and two small helpers."""




SECOND_TIME = (
    "Trying to backward through the graph a second time (or directly access saved tensors after "
    "they have already been freed). Saved intermediate values of the graph are freed when you call "
    ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the "
    "graph a second time or if you need to access saved tensors after calling backward.")
NONLEAF_GRAD = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad field to "
    "be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you access "
    "the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. See "
    "github.com/pytorch/pytorch/pull/30531 for more information.")
CREATE_GRAPH_CYCLE = (
    "Using backward() with create_graph=True will create a reference cycle between the parameter "
    "and its gradient which can cause a memory leak. We recommend using autograd.grad when creating "
    "the graph to avoid this. If you have to use this function, make sure to reset the .grad fields "
    "of your parameters to None after use to break the cycle and avoid the leak.")
INPLACE_HINT = ("Hint: enable anomaly detection to find the operation that failed to compute its "
                "gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).")


def f64(lib, data, rg=True):
    return lib.tensor(data, dtype=lib.float64, requires_grad=rg)


def F(lib):
    return lib.nn.functional


def _make_fn(lib, name, backward, n_inputs=1):
    def forward(ctx, *args):
        return args[0] * 2

    return type(name, (lib.autograd.Function,),
                {"forward": staticmethod(forward), "backward": staticmethod(backward)})

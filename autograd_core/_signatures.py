"""torch's signatures of the names autograd_core exports, as torch's PythonArgParser reads
them; written by tools/torch_signatures.py (do not edit by hand). A method's signatures are
its function's without ``Tensor input`` and ``out=``, or its out-of-place method's, unless
METHODS lists them."""

FUNCTIONS = {
    "abs": ("(Tensor input, *, Tensor out=None)",),
    "abs_": ("(Tensor input)",),
    "absolute": ("(Tensor input, *, Tensor out=None)",),
    "acos": ("(Tensor input, *, Tensor out=None)",),
    "acos_": ("(Tensor input)",),
    "acosh": ("(Tensor input, *, Tensor out=None)",),
    "acosh_": ("(Tensor input)",),
    "add": (
        "(Tensor input, Scalar alpha, Tensor other, *, Tensor out=None)|deprecated",
        "(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)",
    ),
    "addbmm": (
        "(Scalar beta, Tensor input, Scalar alpha, Tensor batch1, Tensor batch2, *, "
        "Tensor out=None)|deprecated",
        "(Scalar beta, Tensor input, Tensor batch1, Tensor batch2, *, Tensor out=None)|deprecated",
        "(Tensor input, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1, "
        "Tensor out=None)",
    ),
    "addcdiv": (
        "(Tensor input, Scalar value, Tensor tensor1, Tensor tensor2, *, "
        "Tensor out=None)|deprecated",
        "(Tensor input, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor out=None)",
    ),
    "addcmul": (
        "(Tensor input, Scalar value, Tensor tensor1, Tensor tensor2, *, "
        "Tensor out=None)|deprecated",
        "(Tensor input, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor out=None)",
    ),
    "addmm": (
        "(Scalar beta, Tensor input, Scalar alpha, Tensor mat1, Tensor mat2, *, "
        "Tensor out=None)|deprecated",
        "(Scalar beta, Tensor input, Tensor mat1, Tensor mat2, *, Tensor out=None)|deprecated",
        "(Tensor input, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, "
        "Tensor out=None)",
        "(Tensor input, Tensor mat1, Tensor mat2, ScalarType out_dtype, *, Scalar beta=1, "
        "Scalar alpha=1, Tensor out=None)",
    ),
    "addmv": (
        "(Scalar beta, Tensor input, Scalar alpha, Tensor mat, Tensor vec, *, "
        "Tensor out=None)|deprecated",
        "(Scalar beta, Tensor input, Tensor mat, Tensor vec, *, Tensor out=None)|deprecated",
        "(Tensor input, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1, Tensor out=None)",
    ),
    "addmv_": (
        "(Scalar beta, Tensor input, Scalar alpha, Tensor mat, Tensor vec)|deprecated",
        "(Scalar beta, Tensor input, Tensor mat, Tensor vec)|deprecated",
        "(Tensor input, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1)",
    ),
    "addr": (
        "(Scalar beta, Tensor input, Scalar alpha, Tensor vec1, Tensor vec2, *, "
        "Tensor out=None)|deprecated",
        "(Scalar beta, Tensor input, Tensor vec1, Tensor vec2, *, Tensor out=None)|deprecated",
        "(Tensor input, Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1, "
        "Tensor out=None)",
    ),
    "adjoint": ("(Tensor input)",),
    "all": (
        "(Tensor input, *, Tensor out=None)",
        "(Tensor input, IntArrayRef? dim=None, bool keepdim=False, *, Tensor out=None)",
        "(Tensor input, int64_t dim, bool keepdim=False, *, Tensor out=None)",
    ),
    "allclose": (
        "(Tensor input, Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)",
    ),
    "amax": ("(Tensor input, IntArrayRef[1] dim=None, bool keepdim=False, *, Tensor out=None)",),
    "amin": ("(Tensor input, IntArrayRef[1] dim=None, bool keepdim=False, *, Tensor out=None)",),
    "aminmax": (
        "(Tensor input, *, int64_t? dim=None, bool keepdim=False, TensorList[2] out=None)",
    ),
    "angle": ("(Tensor input, *, Tensor out=None)",),
    "any": (
        "(Tensor input, *, Tensor out=None)",
        "(Tensor input, IntArrayRef? dim=None, bool keepdim=False, *, Tensor out=None)",
        "(Tensor input, int64_t dim, bool keepdim=False, *, Tensor out=None)",
    ),
    "arange": (
        "(Scalar end, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
        "(Scalar start, Scalar end, *, ScalarType? dtype=None, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
        "(Scalar start, Scalar end, Scalar step=1, *, Tensor out=None, ScalarType? dtype=None, "
        "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
        "bool? requires_grad=False)",
    ),
    "arccos": ("(Tensor input, *, Tensor out=None)",),
    "arccos_": ("(Tensor input)",),
    "arccosh": ("(Tensor input, *, Tensor out=None)",),
    "arccosh_": ("(Tensor input)",),
    "arcsin": ("(Tensor input, *, Tensor out=None)",),
    "arcsin_": ("(Tensor input)",),
    "arcsinh": ("(Tensor input, *, Tensor out=None)",),
    "arcsinh_": ("(Tensor input)",),
    "arctan": ("(Tensor input, *, Tensor out=None)",),
    "arctan2": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "arctan_": ("(Tensor input)",),
    "arctanh": ("(Tensor input, *, Tensor out=None)",),
    "arctanh_": ("(Tensor input)",),
    "argmax": ("(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)",),
    "argmin": ("(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)",),
    "argsort": (
        "(Tensor input, *, bool stable, int64_t dim=-1, bool descending=False, Tensor out=None)",
        "(Tensor input, int64_t dim=-1, bool descending=False)",
    ),
    "argwhere": ("(Tensor input)",),
    "as_strided": (
        "(Tensor input, SymIntArrayRef size, SymIntArrayRef stride, SymInt? storage_offset=None)",
    ),
    "asin": ("(Tensor input, *, Tensor out=None)",),
    "asin_": ("(Tensor input)",),
    "asinh": ("(Tensor input, *, Tensor out=None)",),
    "asinh_": ("(Tensor input)",),
    "atan": ("(Tensor input, *, Tensor out=None)",),
    "atan2": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "atan_": ("(Tensor input)",),
    "atanh": ("(Tensor input, *, Tensor out=None)",),
    "atanh_": ("(Tensor input)",),
    "baddbmm": (
        "(Scalar beta, Tensor input, Scalar alpha, Tensor batch1, Tensor batch2, *, "
        "Tensor out=None)|deprecated",
        "(Scalar beta, Tensor input, Tensor batch1, Tensor batch2, *, Tensor out=None)|deprecated",
        "(Tensor input, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1, "
        "Tensor out=None)",
        "(Tensor input, Tensor batch1, Tensor batch2, ScalarType out_dtype, *, Scalar beta=1, "
        "Scalar alpha=1, Tensor out=None)",
    ),
    "batch_norm": (
        "(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, "
        "bool training, double momentum, double eps, bool cudnn_enabled)",
    ),
    "bernoulli": (
        "(Tensor input, *, Generator? generator=None, Tensor out=None)",
        "(Tensor input, double p, *, Generator? generator=None)",
    ),
    "bilinear": ("(Tensor input1, Tensor input2, Tensor weight, Tensor? bias=None)",),
    "binary_cross_entropy_with_logits": (
        "(Tensor input, Tensor target, Tensor? weight=None, Tensor? pos_weight=None, "
        "int64_t reduction=at::Reduction::Mean)",
    ),
    "bincount": ("(Tensor input, Tensor? weights=None, SymInt minlength=0)",),
    "bitwise_and": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Scalar self, Tensor other)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "bitwise_left_shift": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Scalar self, Tensor other)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "bitwise_not": ("(Tensor input, *, Tensor out=None)",),
    "bitwise_or": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Scalar self, Tensor other)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "bitwise_right_shift": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Scalar self, Tensor other)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "bitwise_xor": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Scalar self, Tensor other)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "bmm": (
        "(Tensor input, Tensor mat2, *, Tensor out=None)",
        "(Tensor input, Tensor mat2, ScalarType out_dtype, *, Tensor out=None)",
    ),
    "broadcast_to": ("(Tensor input, SymIntArrayRef size)",),
    "bucketize": (
        "(Tensor input, Tensor boundaries, *, bool out_int32=False, bool right=False, "
        "Tensor out=None)",
        "(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False)",
    ),
    "cat": ("(TensorList tensors, int64_t dim=0, *, Tensor out=None)",),
    "ceil": ("(Tensor input, *, Tensor out=None)",),
    "ceil_": ("(Tensor input)",),
    "celu": ("(Tensor input, Scalar alpha=1.0)",),
    "channel_shuffle": ("(Tensor input, SymInt groups)",),
    "cholesky": ("(Tensor input, bool upper=False, *, Tensor out=None)",),
    "cholesky_inverse": ("(Tensor input, bool upper=False, *, Tensor out=None)",),
    "cholesky_solve": ("(Tensor input, Tensor input2, bool upper=False, *, Tensor out=None)",),
    "chunk": ("(Tensor input, int64_t chunks, int64_t dim=0)",),
    "clamp": (
        "(Tensor input, Tensor? min=None, Tensor? max=None, *, Tensor out=None)",
        "(Tensor input, Scalar? min=None, Scalar? max=None, *, Tensor out=None)",
    ),
    "clamp_": (
        "(Tensor input, Tensor? min=None, Tensor? max=None)",
        "(Tensor input, Scalar? min=None, Scalar? max=None)",
    ),
    "clamp_max": (
        "(Tensor input, Tensor max, *, Tensor out=None)",
        "(Tensor input, Scalar max, *, Tensor out=None)",
    ),
    "clamp_max_": (
        "(Tensor input, Tensor max)",
        "(Tensor input, Scalar max)",
    ),
    "clamp_min": (
        "(Tensor input, Tensor min, *, Tensor out=None)",
        "(Tensor input, Scalar min, *, Tensor out=None)",
    ),
    "clamp_min_": (
        "(Tensor input, Tensor min)",
        "(Tensor input, Scalar min)",
    ),
    "clip": (
        "(Tensor input, Tensor? min=None, Tensor? max=None, *, Tensor out=None)",
        "(Tensor input, Scalar? min=None, Scalar? max=None, *, Tensor out=None)",
    ),
    "clip_": (
        "(Tensor input, Tensor? min=None, Tensor? max=None)",
        "(Tensor input, Scalar? min=None, Scalar? max=None)",
    ),
    "clone": ("(Tensor input, *, MemoryFormat? memory_format=None)",),
    "column_stack": ("(TensorList tensors, *, Tensor out=None)",),
    "combinations": ("(Tensor input, int64_t r=2, bool with_replacement=False)",),
    "concat": ("(TensorList tensors, int64_t dim=0, *, Tensor out=None)",),
    "concatenate": ("(TensorList tensors, int64_t dim=0, *, Tensor out=None)",),
    "conj": ("(Tensor input)",),
    "constant_pad_nd": ("(Tensor input, SymIntArrayRef pad, Scalar value=0)",),
    "conv1d": (
        "(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[1] stride=1, "
        "SymIntArrayRef[1] padding=0, SymIntArrayRef[1] dilation=1, SymInt groups=1)",
        "(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[1] stride=1, "
        'c10::string_view padding="valid", SymIntArrayRef[1] dilation=1, SymInt groups=1)',
    ),
    "conv2d": (
        "(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[2] stride=1, "
        "SymIntArrayRef[2] padding=0, SymIntArrayRef[2] dilation=1, SymInt groups=1)",
        "(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[2] stride=1, "
        'c10::string_view padding="valid", SymIntArrayRef[2] dilation=1, SymInt groups=1)',
    ),
    "conv_transpose1d": (
        "(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[1] stride=1, "
        "SymIntArrayRef[1] padding=0, SymIntArrayRef[1] output_padding=0, SymInt groups=1, "
        "SymIntArrayRef[1] dilation=1)",
    ),
    "conv_transpose2d": (
        "(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[2] stride=1, "
        "SymIntArrayRef[2] padding=0, SymIntArrayRef[2] output_padding=0, SymInt groups=1, "
        "SymIntArrayRef[2] dilation=1)",
    ),
    "copysign": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "corrcoef": ("(Tensor input)",),
    "cos": ("(Tensor input, *, Tensor out=None)",),
    "cos_": ("(Tensor input)",),
    "cosh": ("(Tensor input, *, Tensor out=None)",),
    "cosh_": ("(Tensor input)",),
    "cosine_embedding_loss": (
        "(Tensor input1, Tensor input2, Tensor target, double margin=0.0, "
        "int64_t reduction=at::Reduction::Mean)",
    ),
    "count_nonzero": (
        "(Tensor input, int64_t? dim=None)",
        "(Tensor input, IntArrayRef dim)",
    ),
    "cov": (
        "(Tensor input, *, int64_t correction=1, Tensor? fweights=None, Tensor? aweights=None)",
    ),
    "cross": ("(Tensor input, Tensor other, int64_t? dim=None, *, Tensor out=None)",),
    "cummax": ("(Tensor input, int64_t dim, *, TensorList[2] out=None)",),
    "cummin": ("(Tensor input, int64_t dim, *, TensorList[2] out=None)",),
    "cumprod": ("(Tensor input, int64_t dim, *, ScalarType? dtype=None, Tensor out=None)",),
    "cumsum": ("(Tensor input, int64_t dim, *, ScalarType? dtype=None, Tensor out=None)",),
    "cumulative_trapezoid": (
        "(Tensor y, Tensor x, *, int64_t dim=-1)",
        "(Tensor y, *, Scalar dx=1, int64_t dim=-1)",
    ),
    "deg2rad": ("(Tensor input, *, Tensor out=None)",),
    "deg2rad_": ("(Tensor input)",),
    "det": ("(Tensor input)",),
    "detach": ("(Tensor input)",),
    "diag": ("(Tensor input, int64_t diagonal=0, *, Tensor out=None)",),
    "diag_embed": ("(Tensor input, int64_t offset=0, int64_t dim1=-2, int64_t dim2=-1)",),
    "diagflat": ("(Tensor input, int64_t offset=0)",),
    "diagonal": ("(Tensor input, int64_t offset=0, int64_t dim1=0, int64_t dim2=1)",),
    "diagonal_scatter": (
        "(Tensor input, Tensor src, int64_t offset=0, int64_t dim1=0, int64_t dim2=1)",
    ),
    "diff": (
        "(Tensor input, int64_t n=1, int64_t dim=-1, Tensor? prepend=None, Tensor? append=None, "
        "*, Tensor out=None)",
    ),
    "digamma": ("(Tensor input, *, Tensor out=None)",),
    "dist": ("(Tensor input, Tensor other, Scalar p=2)",),
    "div": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, Tensor other, *, c10::string_view? rounding_mode, Tensor out=None)",
        "(Tensor input, Scalar other, *, c10::string_view? rounding_mode)",
    ),
    "divide": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, Tensor other, *, c10::string_view? rounding_mode, Tensor out=None)",
        "(Tensor input, Scalar other)",
        "(Tensor input, Scalar other, *, c10::string_view? rounding_mode)",
    ),
    "dot": ("(Tensor input, Tensor tensor, *, Tensor out=None)",),
    "dropout": ("(Tensor input, double p, bool train)",),
    "dsplit": (
        "(Tensor input, int64_t sections)",
        "(Tensor input, IntArrayRef indices)",
    ),
    "dstack": ("(TensorList tensors, *, Tensor out=None)",),
    "embedding": (
        "(Tensor weight, Tensor indices, SymInt padding_idx=-1, bool scale_grad_by_freq=False, "
        "bool sparse=False)",
    ),
    "embedding_renorm_": ("(Tensor input, Tensor indices, double max_norm, double norm_type)",),
    "empty": (
        "(SymIntArrayRef size, *, MemoryFormat? memory_format=None, Tensor out=None, "
        "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=False, bool? requires_grad=False)",
    ),
    "empty_like": (
        "(Tensor input, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, "
        "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
        "bool? requires_grad=False)",
    ),
    "eq": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "equal": ("(Tensor input, Tensor other)",),
    "erf": ("(Tensor input, *, Tensor out=None)",),
    "erf_": ("(Tensor input)",),
    "erfc": ("(Tensor input, *, Tensor out=None)",),
    "erfc_": ("(Tensor input)",),
    "erfinv": ("(Tensor input, *, Tensor out=None)",),
    "exp": ("(Tensor input, *, Tensor out=None)",),
    "exp2": ("(Tensor input, *, Tensor out=None)",),
    "exp2_": ("(Tensor input)",),
    "exp_": ("(Tensor input)",),
    "expm1": ("(Tensor input, *, Tensor out=None)",),
    "expm1_": ("(Tensor input)",),
    "eye": (
        "(SymInt n, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
        "(SymInt n, SymInt m, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
    ),
    "fill_": (
        "(Tensor input, Tensor value)",
        "(Tensor input, Scalar value)",
    ),
    "fix": ("(Tensor input, *, Tensor out=None)",),
    "fix_": ("(Tensor input)",),
    "flatten": ("(Tensor input, int64_t start_dim=0, int64_t end_dim=-1)",),
    "flip": ("(Tensor input, IntArrayRef dims)",),
    "fliplr": ("(Tensor input)",),
    "flipud": ("(Tensor input)",),
    "float_power": (
        "(Tensor input, Tensor exponent, *, Tensor out=None)",
        "(Scalar self, Tensor exponent, *, Tensor out=None)",
        "(Tensor input, Scalar exponent, *, Tensor out=None)",
    ),
    "floor": ("(Tensor input, *, Tensor out=None)",),
    "floor_": ("(Tensor input)",),
    "floor_divide": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, Scalar other)",
    ),
    "fmax": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "fmin": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "fmod": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "frac": ("(Tensor input, *, Tensor out=None)",),
    "frac_": ("(Tensor input)",),
    "frexp": ("(Tensor input, *, TensorList[2] out=None)",),
    "full": (
        "(SymIntArrayRef size, Scalar fill_value, *, Tensor out=None, ScalarType? dtype=None, "
        "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
        "bool? requires_grad=False)",
    ),
    "full_like": (
        "(Tensor input, Scalar fill_value, *, MemoryFormat? memory_format=None, "
        "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=False, bool? requires_grad=False)",
    ),
    "gather": (
        "(Tensor input, int64_t dim, Tensor index, *, bool sparse_grad=False, Tensor out=None)",
    ),
    "gcd": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "gcd_": ("(Tensor input, Tensor other)",),
    "ge": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "ger": ("(Tensor input, Tensor vec2, *, Tensor out=None)",),
    "gradient": (
        "(Tensor input, *, IntArrayRef dim, int64_t edge_order=1)",
        "(Tensor input, *, Scalar spacing, IntArrayRef dim, int64_t edge_order=1)",
        "(Tensor input, *, Scalar? spacing=None, int64_t? dim=None, int64_t edge_order=1)",
        "(Tensor input, *, ScalarList spacing, int64_t? dim=None, int64_t edge_order=1)",
        "(Tensor input, *, ScalarList spacing, IntArrayRef dim, int64_t edge_order=1)",
        "(Tensor input, *, TensorList spacing, int64_t? dim=None, int64_t edge_order=1)",
        "(Tensor input, *, TensorList spacing, IntArrayRef dim, int64_t edge_order=1)",
    ),
    "greater": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "greater_equal": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "group_norm": (
        "(Tensor input, int64_t num_groups, Tensor? weight=None, Tensor? bias=None, "
        "double eps=1e-05, bool cudnn_enabled=True)",
    ),
    "gt": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "hardshrink": ("(Tensor input, Scalar lambd=0.5, *, Tensor out=None)",),
    "heaviside": ("(Tensor input, Tensor values, *, Tensor out=None)",),
    "hinge_embedding_loss": (
        "(Tensor input, Tensor target, double margin=1.0, int64_t reduction=at::Reduction::Mean)",
    ),
    "histc": ("(Tensor input, int64_t bins=100, Scalar min=0, Scalar max=0, *, Tensor out=None)",),
    "histogram": (
        "(Tensor input, Tensor bins, *, Tensor? weight=None, bool density=False, "
        "TensorList[2] out=None)",
        "(Tensor input, int64_t bins=100, *, ArrayRef<double>? range=None, Tensor? weight=None, "
        "bool density=False, TensorList[2] out=None)",
    ),
    "hsplit": (
        "(Tensor input, int64_t sections)",
        "(Tensor input, IntArrayRef indices)",
    ),
    "hstack": ("(TensorList tensors, *, Tensor out=None)",),
    "hypot": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "i0": ("(Tensor input, *, Tensor out=None)",),
    "i0_": ("(Tensor input)",),
    "igamma": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "igammac": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "index_add": (
        "(Tensor input, int64_t dim, Tensor index, Tensor source, *, Scalar alpha=1, "
        "Tensor out=None)",
    ),
    "index_copy": ("(Tensor input, int64_t dim, Tensor index, Tensor source, *, Tensor out=None)",),
    "index_fill": (
        "(Tensor input, int64_t dim, Tensor index, Tensor value)",
        "(Tensor input, int64_t dim, Tensor index, Scalar value)",
    ),
    "index_put": (
        "(Tensor input, c10::List<::std::optional<Tensor>> indices, Tensor values, "
        "bool accumulate=False)",
    ),
    "index_put_": (
        "(Tensor input, c10::List<::std::optional<Tensor>> indices, Tensor values, "
        "bool accumulate=False)",
    ),
    "index_reduce": (
        "(Tensor input, int64_t dim, Tensor index, Tensor source, c10::string_view reduce, *, "
        "bool include_self=True, Tensor out=None)",
    ),
    "index_select": ("(Tensor input, int64_t dim, Tensor index, *, Tensor out=None)",),
    "inner": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "instance_norm": (
        "(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, "
        "bool use_input_stats, double momentum, double eps, bool cudnn_enabled)",
    ),
    "inverse": ("(Tensor input, *, Tensor out=None)",),
    "is_complex": ("(Tensor input)",),
    "is_conj": ("(Tensor input)",),
    "is_floating_point": ("(Tensor input)",),
    "is_neg": ("(Tensor input)",),
    "is_nonzero": ("(Tensor input)",),
    "is_same_size": ("(Tensor input, Tensor other)",),
    "is_signed": ("(Tensor input)",),
    "isclose": (
        "(Tensor input, Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)",
    ),
    "isfinite": ("(Tensor input)",),
    "isin": (
        "(Tensor elements, Tensor test_elements, *, bool assume_unique=False, bool invert=False, "
        "Tensor out=None)",
        "(Scalar element, Tensor test_elements, *, bool assume_unique=False, bool invert=False, "
        "Tensor out=None)",
        "(Tensor elements, Scalar test_element, *, bool assume_unique=False, bool invert=False, "
        "Tensor out=None)",
    ),
    "isinf": ("(Tensor input)",),
    "isnan": ("(Tensor input)",),
    "isneginf": ("(Tensor input, *, Tensor out=None)",),
    "isposinf": ("(Tensor input, *, Tensor out=None)",),
    "isreal": ("(Tensor input)",),
    "kron": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "kthvalue": (
        "(Tensor input, SymInt k, int64_t dim=-1, bool keepdim=False, *, TensorList[2] out=None)",
    ),
    "layer_norm": (
        "(Tensor input, SymIntArrayRef normalized_shape, Tensor? weight=None, Tensor? bias=None, "
        "double eps=1e-05, bool cudnn_enable=True)",
    ),
    "lcm": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "lcm_": ("(Tensor input, Tensor other)",),
    "ldexp": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "ldexp_": ("(Tensor input, Tensor other)",),
    "le": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "lerp": (
        "(Tensor input, Tensor end, Tensor weight, *, Tensor out=None)",
        "(Tensor input, Tensor end, Scalar weight, *, Tensor out=None)",
    ),
    "less": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "less_equal": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "lgamma": ("(Tensor input, *, Tensor out=None)",),
    "linspace": (
        "(Tensor start, Tensor end, int64_t steps, *, Tensor out=None, ScalarType? dtype=None, "
        "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
        "bool? requires_grad=False)",
        "(Scalar start, Tensor end, int64_t steps, *, Tensor out=None, ScalarType? dtype=None, "
        "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
        "bool? requires_grad=False)",
        "(Tensor start, Scalar end, int64_t steps, *, Tensor out=None, ScalarType? dtype=None, "
        "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
        "bool? requires_grad=False)",
        "(Scalar start, Scalar end, int64_t steps, *, Tensor out=None, ScalarType? dtype=None, "
        "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
        "bool? requires_grad=False)",
    ),
    "log": ("(Tensor input, *, Tensor out=None)",),
    "log10": ("(Tensor input, *, Tensor out=None)",),
    "log10_": ("(Tensor input)",),
    "log1p": ("(Tensor input, *, Tensor out=None)",),
    "log1p_": ("(Tensor input)",),
    "log2": ("(Tensor input, *, Tensor out=None)",),
    "log2_": ("(Tensor input)",),
    "log_": ("(Tensor input)",),
    "log_softmax": ("(Tensor input, int64_t dim, ScalarType? dtype=None, *, Tensor out=None)",),
    "logaddexp": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "logaddexp2": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "logcumsumexp": ("(Tensor input, int64_t dim, *, Tensor out=None)",),
    "logdet": ("(Tensor input)",),
    "logical_and": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "logical_not": ("(Tensor input, *, Tensor out=None)",),
    "logical_or": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "logical_xor": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "logit": ("(Tensor input, double? eps=None, *, Tensor out=None)",),
    "logit_": ("(Tensor input, double? eps=None)",),
    "logspace": (
        "(Tensor start, Tensor end, int64_t steps, double base=10.0, *, Tensor out=None, "
        "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=False, bool? requires_grad=False)",
        "(Scalar start, Tensor end, int64_t steps, double base=10.0, *, Tensor out=None, "
        "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=False, bool? requires_grad=False)",
        "(Tensor start, Scalar end, int64_t steps, double base=10.0, *, Tensor out=None, "
        "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=False, bool? requires_grad=False)",
        "(Scalar start, Scalar end, int64_t steps, double base=10.0, *, Tensor out=None, "
        "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=False, bool? requires_grad=False)",
    ),
    "logsumexp": ("(Tensor input, IntArrayRef[1] dim, bool keepdim=False, *, Tensor out=None)",),
    "lt": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "lu_solve": ("(Tensor input, Tensor LU_data, Tensor LU_pivots, *, Tensor out=None)",),
    "lu_unpack": (
        "(Tensor LU_data, Tensor LU_pivots, bool unpack_data=True, bool unpack_pivots=True, *, "
        "TensorList[3] out=None)",
    ),
    "margin_ranking_loss": (
        "(Tensor input1, Tensor input2, Tensor target, double margin=0.0, "
        "int64_t reduction=at::Reduction::Mean)",
    ),
    "masked_fill": (
        "(Tensor input, Tensor mask, Tensor value)",
        "(Tensor input, Tensor mask, Scalar value)",
    ),
    "masked_scatter": ("(Tensor input, Tensor mask, Tensor source)",),
    "masked_select": ("(Tensor input, Tensor mask, *, Tensor out=None)",),
    "matmul": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "matrix_exp": ("(Tensor input)",),
    "matrix_power": ("(Tensor input, int64_t n, *, Tensor out=None)",),
    "max": (
        "(Tensor input, *, Tensor out=None)",
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)",
    ),
    "max_pool2d": (
        "(Tensor input, IntArrayRef[2] kernel_size, IntArrayRef[2] stride=None, "
        "IntArrayRef[2] padding=0, IntArrayRef[2] dilation=1, bool ceil_mode=False)",
    ),
    "maximum": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "mean": (
        "(Tensor input, *, ScalarType? dtype=None, Tensor out=None)",
        "(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, "
        "Tensor out=None)",
    ),
    "median": (
        "(Tensor input)",
        "(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)",
    ),
    "min": (
        "(Tensor input, *, Tensor out=None)",
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)",
    ),
    "minimum": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "mm": (
        "(Tensor input, Tensor mat2, *, Tensor out=None)",
        "(Tensor input, Tensor mat2, ScalarType out_dtype, *, Tensor out=None)",
    ),
    "mode": ("(Tensor input, int64_t dim=-1, bool keepdim=False, *, TensorList[2] out=None)",),
    "moveaxis": (
        "(Tensor input, int64_t source, int64_t destination)",
        "(Tensor input, IntArrayRef source, IntArrayRef destination)",
    ),
    "movedim": (
        "(Tensor input, int64_t source, int64_t destination)",
        "(Tensor input, IntArrayRef source, IntArrayRef destination)",
    ),
    "msort": ("(Tensor input, *, Tensor out=None)",),
    "mul": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "multinomial": (
        "(Tensor input, SymInt num_samples, bool replacement=False, *, "
        "Generator? generator=None, Tensor out=None)",
    ),
    "multiply": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, Scalar other)",
    ),
    "mv": ("(Tensor input, Tensor vec, *, Tensor out=None)",),
    "mvlgamma": ("(Tensor input, int64_t p, *, Tensor out=None)",),
    "nan_to_num": (
        "(Tensor input, double? nan=None, double? posinf=None, double? neginf=None, *, "
        "Tensor out=None)",
    ),
    "nan_to_num_": ("(Tensor input, double? nan=None, double? posinf=None, double? neginf=None)",),
    "nanmean": (
        "(Tensor input, IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, "
        "Tensor out=None)",
    ),
    "nanmedian": (
        "(Tensor input)",
        "(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)",
    ),
    "nanquantile": (
        "(Tensor input, Tensor q, int64_t? dim=None, bool keepdim=False, *, "
        'c10::string_view interpolation="linear", Tensor out=None)',
        "(Tensor input, double q, int64_t? dim=None, bool keepdim=False, *, "
        'c10::string_view interpolation="linear", Tensor out=None)',
    ),
    "nansum": (
        "(Tensor input, IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, "
        "Tensor out=None)",
    ),
    "narrow": (
        "(Tensor input, int64_t dim, Tensor start, SymInt length)",
        "(Tensor input, int64_t dim, SymInt start, SymInt length)",
    ),
    "native_channel_shuffle": ("(Tensor input, SymInt groups)",),
    "ne": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "neg": ("(Tensor input, *, Tensor out=None)",),
    "neg_": ("(Tensor input)",),
    "negative": ("(Tensor input, *, Tensor out=None)",),
    "negative_": ("(Tensor input)",),
    "nextafter": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "normal": (
        "(Tensor mean, Tensor std, *, Generator? generator=None, Tensor out=None)",
        "(Tensor mean, double std=1, *, Generator? generator=None, Tensor out=None)",
        "(double mean, Tensor std, *, Generator? generator=None, Tensor out=None)",
        "(double mean, double std, SymIntArrayRef size, *, Generator? generator=None, "
        "Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=False, bool? requires_grad=False)",
    ),
    "not_equal": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "ones": (
        "(SymIntArrayRef size, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
    ),
    "ones_like": (
        "(Tensor input, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, "
        "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
        "bool? requires_grad=False)",
    ),
    "outer": ("(Tensor input, Tensor vec2, *, Tensor out=None)",),
    "pdist": ("(Tensor input, double p=2)",),
    "permute": ("(Tensor input, IntArrayRef dims)",),
    "pinverse": ("(Tensor input, double rcond=1e-15)",),
    "pixel_shuffle": ("(Tensor input, int64_t upscale_factor)",),
    "pixel_unshuffle": ("(Tensor input, int64_t downscale_factor)",),
    "poisson": ("(Tensor input, Generator? generator=None)",),
    "poisson_nll_loss": (
        "(Tensor input, Tensor target, bool log_input, bool full, double eps, int64_t reduction)",
    ),
    "polygamma": ("(int64_t n, Tensor input, *, Tensor out=None)",),
    "positive": ("(Tensor input)",),
    "pow": (
        "(Tensor input, Tensor exponent, *, Tensor out=None)",
        "(Scalar self, Tensor exponent, *, Tensor out=None)",
        "(Tensor input, Scalar exponent, *, Tensor out=None)",
    ),
    "prelu": ("(Tensor input, Tensor weight)",),
    "prod": (
        "(Tensor input, *, ScalarType? dtype=None)",
        "(Tensor input, int64_t dim, bool keepdim=False, *, ScalarType? dtype=None, "
        "Tensor out=None)",
    ),
    "promote_types": ("(ScalarType type1, ScalarType type2)",),
    "put": ("(Tensor input, Tensor index, Tensor source, bool accumulate=False)",),
    "qr": ("(Tensor input, bool some=True, *, TensorList[2] out=None)",),
    "quantile": (
        "(Tensor input, Tensor q, int64_t? dim=None, bool keepdim=False, *, "
        'c10::string_view interpolation="linear", Tensor out=None)',
        "(Tensor input, double q, int64_t? dim=None, bool keepdim=False, *, "
        'c10::string_view interpolation="linear", Tensor out=None)',
    ),
    "rad2deg": ("(Tensor input, *, Tensor out=None)",),
    "rad2deg_": ("(Tensor input)",),
    "rand": (
        "(SymIntArrayRef size, *, Generator? generator, Tensor out=None, ScalarType? dtype=None, "
        "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
        "bool? requires_grad=False)",
        "(SymIntArrayRef size, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
    ),
    "rand_like": (
        "(Tensor input, *, Generator? generator, MemoryFormat? memory_format=None, "
        "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=False, bool? requires_grad=False)",
        "(Tensor input, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, "
        "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
        "bool? requires_grad=False)",
    ),
    "randint": (
        "(SymInt high, SymIntArrayRef size, *, Generator? generator, Tensor out=None, "
        "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=False, bool? requires_grad=False)",
        "(SymInt high, SymIntArrayRef size, *, Tensor out=None, ScalarType? dtype=None, "
        "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
        "bool? requires_grad=False)",
        "(SymInt low, SymInt high, SymIntArrayRef size, *, Generator? generator, "
        "Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=False, bool? requires_grad=False)",
        "(SymInt low, SymInt high, SymIntArrayRef size, *, Tensor out=None, "
        "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=False, bool? requires_grad=False)",
    ),
    "randint_like": (
        "(Tensor input, SymInt low, SymInt high, *, Generator? generator, "
        "MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
        "(Tensor input, SymInt low, SymInt high, *, MemoryFormat? memory_format=None, "
        "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=False, bool? requires_grad=False)",
        "(Tensor input, Tensor high, *, Generator? generator, MemoryFormat? memory_format=None, "
        "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=False, bool? requires_grad=False)",
        "(Tensor input, Tensor high, *, MemoryFormat? memory_format=None, "
        "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=False, bool? requires_grad=False)",
        "(Tensor input, SymInt high, *, Generator? generator, MemoryFormat? memory_format=None, "
        "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=False, bool? requires_grad=False)",
        "(Tensor input, SymInt high, *, MemoryFormat? memory_format=None, "
        "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=False, bool? requires_grad=False)",
    ),
    "randn": (
        "(SymIntArrayRef size, *, Generator? generator, Tensor out=None, ScalarType? dtype=None, "
        "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
        "bool? requires_grad=False)",
        "(SymIntArrayRef size, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
    ),
    "randn_like": (
        "(Tensor input, *, Generator? generator, MemoryFormat? memory_format=None, "
        "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=False, bool? requires_grad=False)",
        "(Tensor input, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, "
        "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
        "bool? requires_grad=False)",
    ),
    "randperm": (
        "(SymInt n, *, Generator? generator, Tensor out=None, ScalarType? dtype=None, "
        "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
        "bool? requires_grad=False)",
        "(SymInt n, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
    ),
    "ravel": ("(Tensor input)",),
    "real": ("(Tensor input)",),
    "reciprocal": ("(Tensor input, *, Tensor out=None)",),
    "reciprocal_": ("(Tensor input)",),
    "relu": ("(Tensor input)",),
    "relu_": ("(Tensor input)",),
    "remainder": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Scalar self, Tensor other)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "renorm": ("(Tensor input, Scalar p, int64_t dim, Scalar maxnorm, *, Tensor out=None)",),
    "repeat_interleave": (
        "(Tensor input, Tensor repeats, int64_t? dim=None, *, SymInt? output_size=None)",
        "(Tensor repeats, *, SymInt? output_size=None)",
        "(Tensor input, SymInt repeats, int64_t? dim=None, *, SymInt? output_size=None)",
    ),
    "reshape": ("(Tensor input, SymIntArrayRef shape)",),
    "resolve_conj": ("(Tensor input)",),
    "resolve_neg": ("(Tensor input)",),
    "result_type": (
        "(Tensor tensor, Tensor other)",
        "(Scalar scalar, Tensor tensor)",
        "(Tensor tensor, Scalar other)",
        "(Scalar scalar1, Scalar scalar2)",
    ),
    "rms_norm": (
        "(Tensor input, SymIntArrayRef normalized_shape, Tensor? weight=None, double? eps=None)",
    ),
    "roll": ("(Tensor input, SymIntArrayRef[1] shifts, IntArrayRef[1] dims=None)",),
    "rot90": ("(Tensor input, int64_t k=1, IntArrayRef dims={0,1})",),
    "round": (
        "(Tensor input, *, Tensor out=None)",
        "(Tensor input, *, int64_t decimals, Tensor out=None)",
    ),
    "round_": (
        "(Tensor input)",
        "(Tensor input, *, int64_t decimals)",
    ),
    "row_stack": ("(TensorList tensors, *, Tensor out=None)",),
    "rsqrt": ("(Tensor input, *, Tensor out=None)",),
    "rsqrt_": ("(Tensor input)",),
    "rsub": (
        "(Tensor input, Tensor other, *, Scalar alpha=1)",
        "(Tensor input, Scalar other, Scalar alpha=1)",
    ),
    "scatter": (
        "(Tensor input, int64_t dim, Tensor index, Tensor src, *, Tensor out=None)",
        "(Tensor input, int64_t dim, Tensor index, Tensor src, *, c10::string_view reduce, "
        "Tensor out=None)",
        "(Tensor input, int64_t dim, Tensor index, Scalar value, *, Tensor out=None)",
        "(Tensor input, int64_t dim, Tensor index, Scalar value, *, c10::string_view reduce, "
        "Tensor out=None)",
    ),
    "scatter_add": ("(Tensor input, int64_t dim, Tensor index, Tensor src, *, Tensor out=None)",),
    "scatter_reduce": (
        "(Tensor input, int64_t dim, Tensor index, Tensor src, c10::string_view reduce, *, "
        "bool include_self=True, Tensor out=None)",
    ),
    "searchsorted": (
        "(Tensor sorted_sequence, Tensor input, *, bool out_int32=False, bool right=False, "
        "c10::string_view? side=None, Tensor? sorter=None, Tensor out=None)",
        "(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool right=False, "
        "c10::string_view? side=None, Tensor? sorter=None, Tensor out=None)",
    ),
    "select": ("(Tensor input, int64_t dim, SymInt index)",),
    "select_scatter": ("(Tensor input, Tensor src, int64_t dim, SymInt index)",),
    "selu": ("(Tensor input)",),
    "sgn": ("(Tensor input, *, Tensor out=None)",),
    "sigmoid": ("(Tensor input, *, Tensor out=None)",),
    "sigmoid_": ("(Tensor input)",),
    "sign": ("(Tensor input, *, Tensor out=None)",),
    "signbit": ("(Tensor input, *, Tensor out=None)",),
    "sin": ("(Tensor input, *, Tensor out=None)",),
    "sin_": ("(Tensor input)",),
    "sinc": ("(Tensor input, *, Tensor out=None)",),
    "sinc_": ("(Tensor input)",),
    "sinh": ("(Tensor input, *, Tensor out=None)",),
    "sinh_": ("(Tensor input)",),
    "slice_scatter": (
        "(Tensor input, Tensor src, int64_t dim=0, SymInt? start=None, SymInt? end=None, "
        "SymInt step=1, *, Tensor out=None)",
    ),
    "slogdet": ("(Tensor input, *, TensorList[2] out=None)",),
    "softmax": ("(Tensor input, int64_t dim, ScalarType? dtype=None, *, Tensor out=None)",),
    "sort": (
        "(Tensor input, *, bool? stable, int64_t dim=-1, bool descending=False, "
        "TensorList[2] out=None)",
        "(Tensor input, int64_t dim=-1, bool descending=False, *, TensorList[2] out=None)",
    ),
    "split_with_sizes": ("(Tensor input, SymIntArrayRef split_sizes, int64_t dim=0)",),
    "sqrt": ("(Tensor input, *, Tensor out=None)",),
    "sqrt_": ("(Tensor input)",),
    "square": ("(Tensor input, *, Tensor out=None)",),
    "square_": ("(Tensor input)",),
    "squeeze": (
        "(Tensor input)",
        "(Tensor input, int64_t dim)",
        "(Tensor input, IntArrayRef dim)",
    ),
    "stack": ("(TensorList tensors, int64_t dim=0, *, Tensor out=None)",),
    "std": (
        "(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False, *, "
        "Tensor out=None)",
        "(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, "
        "bool keepdim=False, Tensor out=None)",
        "(Tensor input, bool unbiased=True)",
    ),
    "std_mean": (
        "(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)",
        "(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False)",
        "(Tensor input, bool unbiased=True)",
    ),
    "sub": (
        "(Tensor input, Scalar alpha, Tensor other, *, Tensor out=None)|deprecated",
        "(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)",
    ),
    "subtract": (
        "(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)",
        "(Tensor input, Scalar other, Scalar alpha=1)",
    ),
    "sum": (
        "(Tensor input, *, ScalarType? dtype=None)",
        "(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, "
        "Tensor out=None)",
    ),
    "svd": ("(Tensor input, bool some=True, bool compute_uv=True, *, TensorList[3] out=None)",),
    "swapaxes": ("(Tensor input, int64_t axis0, int64_t axis1)",),
    "swapdims": ("(Tensor input, int64_t dim0, int64_t dim1)",),
    "t": ("(Tensor input)",),
    "take": ("(Tensor input, Tensor index, *, Tensor out=None)",),
    "take_along_dim": ("(Tensor input, Tensor indices, int64_t? dim=None, *, Tensor out=None)",),
    "tan": ("(Tensor input, *, Tensor out=None)",),
    "tan_": ("(Tensor input)",),
    "tanh": ("(Tensor input, *, Tensor out=None)",),
    "tanh_": ("(Tensor input)",),
    "tensor_split": (
        "(Tensor input, SymIntArrayRef indices, int64_t dim=0)",
        "(Tensor input, Tensor tensor_indices_or_sections, int64_t dim=0)",
        "(Tensor input, SymInt sections, int64_t dim=0)",
    ),
    "threshold": ("(Tensor input, Scalar threshold, Scalar value, *, Tensor out=None)",),
    "threshold_": ("(Tensor input, Scalar threshold, Scalar value)",),
    "tile": ("(Tensor input, SymIntArrayRef dims)",),
    "topk": (
        "(Tensor input, SymInt k, int64_t dim=-1, bool largest=True, bool sorted=True, *, "
        "TensorList[2] out=None)",
    ),
    "trace": ("(Tensor input)",),
    "transpose": ("(Tensor input, int64_t dim0, int64_t dim1)",),
    "trapezoid": (
        "(Tensor y, Tensor x, *, int64_t dim=-1)",
        "(Tensor y, *, Scalar dx=1, int64_t dim=-1)",
    ),
    "trapz": (
        "(Tensor y, *, double dx=1, int64_t dim=-1)",
        "(Tensor y, Tensor x, *, int64_t dim=-1)",
    ),
    "triangular_solve": (
        "(Tensor input, Tensor A, bool upper=True, bool transpose=False, "
        "bool unitriangular=False, *, TensorList[2] out=None)",
    ),
    "tril": ("(Tensor input, SymInt diagonal=0, *, Tensor out=None)",),
    "tril_indices": (
        "(int64_t row, int64_t col, int64_t offset=0, *, ScalarType? dtype=None, "
        "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
        "bool? requires_grad=False)",
    ),
    "triplet_margin_loss": (
        "(Tensor anchor, Tensor positive, Tensor negative, double margin=1.0, double p=2, "
        "double eps=1e-06, bool swap=False, int64_t reduction=at::Reduction::Mean)",
    ),
    "triu": ("(Tensor input, SymInt diagonal=0, *, Tensor out=None)",),
    "triu_indices": (
        "(int64_t row, int64_t col, int64_t offset=0, *, ScalarType? dtype=None, "
        "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
        "bool? requires_grad=False)",
    ),
    "true_divide": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor input, Scalar other)",
    ),
    "trunc": ("(Tensor input, *, Tensor out=None)",),
    "trunc_": ("(Tensor input)",),
    "unbind": ("(Tensor input, int64_t dim=0)",),
    "unflatten": ("(Tensor input, int64_t dim, SymIntArrayRef sizes)",),
    "unsafe_chunk": ("(Tensor input, int64_t chunks, int64_t dim=0)",),
    "unsafe_split": ("(Tensor input, SymInt split_size, int64_t dim=0)",),
    "unsafe_split_with_sizes": ("(Tensor input, SymIntArrayRef split_sizes, int64_t dim=0)",),
    "unsqueeze": ("(Tensor input, int64_t dim)",),
    "vander": ("(Tensor x, int64_t? N=None, bool increasing=False)",),
    "var": (
        "(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False, *, "
        "Tensor out=None)",
        "(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, "
        "bool keepdim=False, Tensor out=None)",
        "(Tensor input, bool unbiased=True)",
    ),
    "var_mean": (
        "(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)",
        "(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False)",
        "(Tensor input, bool unbiased=True)",
    ),
    "vdot": ("(Tensor input, Tensor other, *, Tensor out=None)",),
    "vsplit": (
        "(Tensor input, int64_t sections)",
        "(Tensor input, IntArrayRef indices)",
    ),
    "vstack": ("(TensorList tensors, *, Tensor out=None)",),
    "where": (
        "(Tensor condition)",
        "(Tensor condition, Tensor input, Tensor other, *, Tensor out=None)",
        "(Tensor condition, Scalar self, Tensor other)",
        "(Tensor condition, Tensor input, Scalar other)",
        "(Tensor condition, Scalar self, Scalar other)",
    ),
    "xlogy": (
        "(Tensor input, Tensor other, *, Tensor out=None)",
        "(Scalar self, Tensor other, *, Tensor out=None)",
        "(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "xlogy_": (
        "(Tensor input, Tensor other)",
        "(Tensor input, Scalar other)",
    ),
    "zero_": ("(Tensor input)",),
    "zeros": (
        "(SymIntArrayRef size, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
    ),
    "zeros_like": (
        "(Tensor input, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, "
        "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
        "bool? requires_grad=False)",
    ),
}
METHODS = {
    "addbmm": (
        "(Scalar beta, Scalar alpha, Tensor batch1, Tensor batch2)|deprecated",
        "(Scalar beta, Tensor batch1, Tensor batch2)|deprecated",
        "(Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1)",
    ),
    "addmm": (
        "(Scalar beta, Scalar alpha, Tensor mat1, Tensor mat2)|deprecated",
        "(Scalar beta, Tensor mat1, Tensor mat2)|deprecated",
        "(Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1)",
    ),
    "addmv": (
        "(Scalar beta, Scalar alpha, Tensor mat, Tensor vec)|deprecated",
        "(Scalar beta, Tensor mat, Tensor vec)|deprecated",
        "(Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1)",
    ),
    "addr": (
        "(Scalar beta, Scalar alpha, Tensor vec1, Tensor vec2)|deprecated",
        "(Scalar beta, Tensor vec1, Tensor vec2)|deprecated",
        "(Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1)",
    ),
    "baddbmm": (
        "(Scalar beta, Scalar alpha, Tensor batch1, Tensor batch2)|deprecated",
        "(Scalar beta, Tensor batch1, Tensor batch2)|deprecated",
        "(Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1)",
    ),
    "bernoulli_": (
        "(Tensor p, *, Generator? generator=None)",
        "(double p=0.5, *, Generator? generator=None)",
    ),
    "bitwise_and": (
        "(Tensor other)",
        "(Scalar other)",
    ),
    "bitwise_left_shift": (
        "(Tensor other)",
        "(Scalar other)",
    ),
    "bitwise_or": (
        "(Tensor other)",
        "(Scalar other)",
    ),
    "bitwise_right_shift": (
        "(Tensor other)",
        "(Scalar other)",
    ),
    "bitwise_xor": (
        "(Tensor other)",
        "(Scalar other)",
    ),
    "bmm": ("(Tensor mat2)",),
    "cauchy_": ("(double median=0, double sigma=1, *, Generator? generator=None)",),
    "expand": ("(SymIntArrayRef size, *, bool implicit=False)",),
    "expand_as": ("(Tensor other)",),
    "exponential_": ("(double lambd=1, *, Generator? generator=None)",),
    "fill_": (
        "(Tensor value)",
        "(Scalar value)",
    ),
    "fill_diagonal_": ("(Scalar fill_value, bool wrap=False)",),
    "float_power": (
        "(Tensor exponent)",
        "(Scalar exponent)",
    ),
    "geometric_": ("(double p, *, Generator? generator=None)",),
    "is_inference": ("()",),
    "log_normal_": ("(double mean=1, double std=2, *, Generator? generator=None)",),
    "mm": ("(Tensor mat2)",),
    "new_empty": (
        "(SymIntArrayRef size, *, ScalarType? dtype=None, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
    ),
    "new_full": (
        "(SymIntArrayRef size, Scalar fill_value, *, ScalarType? dtype=None, "
        "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
        "bool? requires_grad=False)",
    ),
    "new_ones": (
        "(SymIntArrayRef size, *, ScalarType? dtype=None, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
    ),
    "new_zeros": (
        "(SymIntArrayRef size, *, ScalarType? dtype=None, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
    ),
    "normal_": ("(double mean=0, double std=1, *, Generator? generator=None)",),
    "polygamma": ("(int64_t n)",),
    "pow": (
        "(Tensor exponent)",
        "(Scalar exponent)",
    ),
    "random_": (
        "(*, Generator? generator=None)",
        "(int64_t from, int64_t? to, *, Generator? generator=None)",
        "(int64_t to, *, Generator? generator=None)",
    ),
    "remainder": (
        "(Tensor other)",
        "(Scalar other)",
    ),
    "repeat": ("(SymIntArrayRef repeats)",),
    "repeat_interleave": (
        "(Tensor repeats, int64_t? dim=None, *, SymInt? output_size=None)",
        "(SymInt repeats, int64_t? dim=None, *, SymInt? output_size=None)",
    ),
    "reshape_as": ("(Tensor other)",),
    "retain_grad": ("()",),
    "sum_to_size": ("(SymIntArrayRef size)",),
    "type_as": ("(Tensor other)",),
    "unflatten": (),
    "unfold": ("(int64_t dimension, int64_t size, int64_t step)",),
    "uniform_": ("(double from=0, double to=1, *, Generator? generator=None)",),
    "view": (
        "(ScalarType dtype)",
        "(SymIntArrayRef size)",
    ),
    "view_as": ("(Tensor other)",),
    "where": (
        "(Tensor condition, Tensor other)",
        "(Tensor condition, Scalar other)",
    ),
    "xlogy": (
        "(Tensor other)",
        "(Scalar other)",
    ),
    "zero_": ("()",),
}
TORCH_NAMES = {
    "torch": frozenset(
        """
        AVG AcceleratorError AggregationType AliasDb AnyType Argument ArgumentSpec AwaitType
        BFloat16Storage BFloat16Tensor BenchmarkConfig BenchmarkExecutionStats Block BoolStorage
        BoolTensor BoolType BufferDict ByteStorage ByteTensor CallStack Capsule CharStorage
        CharTensor ClassType Code CompilationUnit CompleteArgumentSpec ComplexDoubleStorage
        ComplexFloatStorage ComplexType ConcreteModuleType ConcreteModuleTypeBuilder
        DeepCopyMemoTable DeserializationStorageContext DeviceObjType DictType
        DisableTorchFunction DisableTorchFunctionSubclass DispatchKey DispatchKeySet
        DoubleStorage DoubleTensor EnumType ErrorReport Event ExcludeDispatchKeyGuard
        ExecutionPlan FatalError FileCheck FloatStorage FloatTensor FloatType FunctionSchema
        Future FutureType Generator GradScaler Gradient Graph GraphExecutorState HalfStorage
        HalfTensor IODescriptor InferredType IntStorage IntTensor IntType InterfaceType
        JITException ListType LiteScriptModule LockingLogger LoggerBase LongStorage LongTensor
        ModuleDict Node NoneType NoopLogger NumberType OperatorInfo OptionalType
        OutOfMemoryError PRIVATE_OPS ParameterDict PyObjectType PyTorchFileReader
        PyTorchFileWriter QInt32Storage QInt8Storage QUInt2x4Storage QUInt4x2Storage
        QUInt8Storage RRefType SUM ScriptClass ScriptClassFunction ScriptDict ScriptDictIterator
        ScriptDictKeyIterator ScriptFunction ScriptList ScriptListIterator ScriptMethod
        ScriptModule ScriptModuleSerializer ScriptObject ScriptObjectProperty
        SerializationStorageContext ShortStorage ShortTensor Size StaticModule Storage
        StorageBase Stream StreamObjType StringType SymBool SymBoolType SymFloat SymInt
        SymIntType TYPE_CHECKING Tag Tensor TensorType ThroughputBenchmark TracingState
        TupleType Type TypedStorage USE_GLOBAL_DEPS USE_RTLD_GLOBAL_WITH_LIBTORCH UnionType
        UntypedStorage Use Value abs abs_ absolute accelerator acos acos_ acosh acosh_
        adaptive_avg_pool1d adaptive_max_pool1d add addbmm addcdiv addcmul addmm addmv addmv_
        addr adjoint affine_grid_generator alias_copy all allclose alpha_dropout alpha_dropout_
        amax amin aminmax amp angle any ao arange arccos arccos_ arccosh arccosh_ arcsin arcsin_
        arcsinh arcsinh_ arctan arctan2 arctan_ arctanh arctanh_
        are_deterministic_algorithms_enabled argmax argmin argsort argwhere as_strided
        as_strided_ as_strided_copy as_strided_scatter as_tensor asarray asin asin_ asinh asinh_
        atan atan2 atan_ atanh atanh_ atleast_1d atleast_2d atleast_3d autocast
        autocast_decrement_nesting autocast_increment_nesting autograd avg_pool1d backends
        baddbmm bartlett_window batch_norm batch_norm_backward_elemt batch_norm_backward_reduce
        batch_norm_elemt batch_norm_gather_stats batch_norm_gather_stats_with_counts
        batch_norm_stats batch_norm_update_stats bernoulli bfloat16 bilinear
        binary_cross_entropy_with_logits bincount binomial bit bits16 bits1x8 bits2x4 bits4x2
        bits8 bitwise_and bitwise_left_shift bitwise_not bitwise_or bitwise_right_shift
        bitwise_xor blackman_window block_diag bmm bool broadcast_shapes broadcast_tensors
        broadcast_to bucketize builtins can_cast cartesian_prod cat ccol_indices_copy cdist
        cdouble ceil ceil_ celu celu_ cfloat chain_matmul chalf channel_shuffle channels_last
        channels_last_3d cholesky cholesky_inverse cholesky_solve choose_qparams_optimized chunk
        clamp clamp_ clamp_max clamp_max_ clamp_min clamp_min_ classes classproperty
        clear_autocast_cache clip clip_ clone col_indices_copy column_stack combinations compile
        compiled_with_cxx11_abi compiler complex complex128 complex32 complex64 concat
        concatenate cond conj conj_physical conj_physical_ constant_pad_nd contiguous_format
        conv1d conv2d conv3d conv_tbc conv_transpose1d conv_transpose2d conv_transpose3d
        convolution copysign corrcoef cos cos_ cosh cosh_ cosine_embedding_loss
        cosine_similarity count_nonzero cov cpp cpu cross crow_indices_copy ctc_loss ctypes cuda
        cudnn_affine_grid_generator cudnn_batch_norm cudnn_convolution
        cudnn_convolution_add_relu cudnn_convolution_relu cudnn_convolution_transpose
        cudnn_grid_sampler cudnn_is_acceptable cummax cummin cumprod cumsum cumulative_trapezoid
        default_generator deg2rad deg2rad_ dequantize det detach detach_ detach_copy device diag
        diag_embed diagflat diagonal diagonal_copy diagonal_scatter diff digamma dist
        distributed distributions div divide dot double dropout dropout_ dsmm dsplit dstack
        dtype e eig einsum embedding embedding_bag embedding_renorm_ empty empty_like
        empty_permuted empty_quantized empty_strided enable_grad eq equal erf erf_ erfc erfc_
        erfinv exp exp2 exp2_ exp_ expand_copy expm1 expm1_ export eye
        fake_quantize_per_channel_affine fake_quantize_per_tensor_affine
        fbgemm_linear_fp16_weight fbgemm_linear_fp16_weight_fp32_activation
        fbgemm_linear_int8_weight fbgemm_linear_int8_weight_fp32_activation
        fbgemm_linear_quantize_weight fbgemm_pack_gemm_matrix_fp16 fbgemm_pack_quantized_matrix
        feature_alpha_dropout feature_alpha_dropout_ feature_dropout feature_dropout_ fft fill
        fill_ finfo fix fix_ flatten flip fliplr flipud float float16 float32 float4_e2m1fn_x2
        float64 float8_e4m3fn float8_e4m3fnuz float8_e5m2 float8_e5m2fnuz float8_e8m0fnu
        float_power floor floor_ floor_divide fmax fmin fmod fork frac frac_ frexp
        frobenius_norm from_dlpack from_file from_numpy frombuffer full full_like func
        functional functools fused_moving_avg_obs_fake_quant futures fx gather gcd gcd_ ge geqrf
        ger get_autocast_cpu_dtype get_autocast_dtype get_autocast_gpu_dtype
        get_autocast_ipu_dtype get_autocast_xla_dtype get_default_device get_default_dtype
        get_deterministic_debug_mode get_device get_device_module get_file_path
        get_float32_matmul_precision get_num_interop_threads get_num_threads get_rng_state glob
        gradient greater greater_equal grid_sampler grid_sampler_2d grid_sampler_3d group_norm
        gru gru_cell gt half hamming_window hann_window hardshrink has_lapack has_mkl has_openmp
        has_spectral hash_tensor heaviside hinge_embedding_loss histc histogram histogramdd hsmm
        hsplit hspmm hstack hub hypot i0 i0_ igamma igammac iinfo imag import_ir_module
        import_ir_module_from_buffer importlib index_add index_copy index_fill index_put
        index_put_ index_reduce index_select indices_copy inf inference_mode init_num_threads
        initial_seed inner inspect instance_norm int int1 int16 int2 int3 int32 int4 int5 int6
        int64 int7 int8 int_repr inverse is_anomaly_check_nan_enabled is_anomaly_enabled
        is_autocast_cache_enabled is_autocast_cpu_enabled is_autocast_enabled
        is_autocast_ipu_enabled is_autocast_xla_enabled is_complex is_conj
        is_deterministic_algorithms_warn_only_enabled is_distributed is_floating_point
        is_grad_enabled is_inference is_inference_mode_enabled is_neg is_nonzero is_same_size
        is_signed is_storage is_tensor is_vulkan_available is_warn_always_enabled isclose
        isfinite isin isinf isnan isneginf isposinf isreal istft jagged jit kaiser_window kl_div
        kron kthvalue layer_norm layout lcm lcm_ ldexp ldexp_ le legacy_contiguous_format lerp
        less less_equal lgamma library linalg linspace load lobpcg log log10 log10_ log1p log1p_
        log2 log2_ log_ log_softmax logaddexp logaddexp2 logcumsumexp logdet logical_and
        logical_not logical_or logical_xor logit logit_ logspace logsumexp long lstm lstm_cell
        lstsq lt lu lu_solve lu_unpack manual_seed margin_ranking_loss masked masked_fill
        masked_scatter masked_select math matmul matrix_exp matrix_power matrix_rank max
        max_pool1d max_pool1d_with_indices max_pool2d max_pool3d maximum mean median
        memory_format merge_type_from_type_comment meshgrid min minimum miopen_batch_norm
        miopen_convolution miopen_convolution_add_relu miopen_convolution_relu
        miopen_convolution_transpose miopen_ctc_loss miopen_depthwise_convolution miopen_rnn
        mkldnn_adaptive_avg_pool2d mkldnn_convolution mkldnn_linear_backward_weights
        mkldnn_max_pool2d mkldnn_max_pool3d mkldnn_rnn_layer mm mode monitor moveaxis movedim
        mps msort mtia mul multinomial multiply multiprocessing mv mvlgamma nan nan_to_num
        nan_to_num_ nanmean nanmedian nanquantile nansum narrow narrow_copy native_batch_norm
        native_channel_shuffle native_dropout native_group_norm native_layer_norm native_norm ne
        neg neg_ negative negative_ nested newaxis nextafter nn no_grad nonzero nonzero_static
        norm norm_except_dim normal not_equal nuclear_norm numel ones ones_like ops optim orgqr
        ormqr os outer overrides package pairwise_distance parse_ir parse_schema
        parse_type_comment pca_lowrank pdist per_channel_affine per_channel_affine_float_qparams
        per_channel_symmetric per_tensor_affine per_tensor_symmetric permute permute_copy pi
        pinverse pixel_shuffle pixel_unshuffle platform poisson poisson_nll_loss polar polygamma
        positive pow prelu prepare_multiprocessing_environment preserve_format prod profiler
        profiler_allow_cudagraph_cupti_lazy_reinit_cuda12 promote_types put q_per_channel_axis
        q_per_channel_scales q_per_channel_zero_points q_scale q_zero_point qint32 qint8 qr
        qscheme quantile quantization quantize_per_channel quantize_per_tensor
        quantize_per_tensor_dynamic quantized_batch_norm quantized_gru quantized_gru_cell
        quantized_lstm quantized_lstm_cell quantized_max_pool1d quantized_max_pool2d
        quantized_max_pool3d quantized_rnn_relu_cell quantized_rnn_tanh_cell quasirandom
        quint2x4 quint4x2 quint8 rad2deg rad2deg_ rand rand_like randint randint_like randn
        randn_like random randperm range ravel real reciprocal reciprocal_ relu relu_ remainder
        renorm repeat_interleave reshape resize_as_ resize_as_sparse_ resolve_conj resolve_neg
        result_type return_types rms_norm rnn_relu rnn_relu_cell rnn_tanh rnn_tanh_cell roll
        rot90 round round_ row_indices_copy row_stack rrelu rrelu_ rsqrt rsqrt_ rsub saddmm save
        scalar_tensor scatter scatter_add scatter_reduce searchsorted seed segment_reduce select
        select_copy select_scatter selu selu_ serialization set_anomaly_enabled
        set_autocast_cache_enabled set_autocast_cpu_dtype set_autocast_cpu_enabled
        set_autocast_dtype set_autocast_enabled set_autocast_gpu_dtype set_autocast_ipu_dtype
        set_autocast_ipu_enabled set_autocast_xla_dtype set_autocast_xla_enabled
        set_default_device set_default_dtype set_default_tensor_type
        set_deterministic_debug_mode set_float32_matmul_precision set_flush_denormal
        set_grad_enabled set_num_interop_threads set_num_threads set_printoptions set_rng_state
        set_warn_always sgn short sigmoid sigmoid_ sign signal signbit sin sin_ sinc sinc_ sinh
        sinh_ slice_copy slice_inverse slice_scatter slogdet smm softmax solve sort sparse
        sparse_bsc sparse_bsc_tensor sparse_bsr sparse_bsr_tensor sparse_compressed_tensor
        sparse_coo sparse_coo_tensor sparse_csc sparse_csc_tensor sparse_csr sparse_csr_tensor
        special split split_copy split_with_sizes split_with_sizes_copy spmm sqrt sqrt_ square
        square_ squeeze squeeze_copy sspaddmm stack std std_mean stft storage strided sub
        subtract sum svd svd_lowrank swapaxes swapdims sym_constrain_range
        sym_constrain_range_for_size sym_float sym_fresh_size sym_int sym_ite sym_max sym_min
        sym_not sym_sqrt sym_sum symeig sys t t_copy take take_along_dim tan tan_ tanh tanh_
        tensor tensor_split tensordot testing textwrap thread_safe_generator threading threshold
        threshold_ tile to_dlpack topk torch torch_version trace transpose transpose_copy
        trapezoid trapz triangular_solve tril tril_indices triplet_margin_loss triu triu_indices
        true_divide trunc trunc_ typename types uint1 uint16 uint2 uint3 uint32 uint4 uint5
        uint6 uint64 uint7 uint8 unbind unbind_copy unflatten unfold_copy unify_type_list unique
        unique_consecutive unravel_index unsafe_chunk unsafe_split unsafe_split_with_sizes
        unsqueeze unsqueeze_copy use_deterministic_algorithms utils values_copy vander var
        var_mean vdot version view_as_complex view_as_complex_copy view_as_real
        view_as_real_copy view_copy vmap vsplit vstack wait warnings where while_loop windows
        xlogy xlogy_ xpu zero_ zeros zeros_like
        """.split()
    ),
    "torch.nn.functional": frozenset(
        """
        BroadcastingList1 BroadcastingList2 BroadcastingList3 Callable DType
        GRID_SAMPLE_INTERPOLATION_MODES GRID_SAMPLE_PADDING_MODES Optional ScalingType
        SwizzleType TYPE_CHECKING Tensor adaptive_avg_pool1d adaptive_avg_pool2d
        adaptive_avg_pool3d adaptive_max_pool1d adaptive_max_pool1d_with_indices
        adaptive_max_pool2d adaptive_max_pool2d_with_indices adaptive_max_pool3d
        adaptive_max_pool3d_with_indices affine_grid alpha_dropout assert_int_or_pair avg_pool1d
        avg_pool2d avg_pool3d batch_norm bilinear binary_cross_entropy
        binary_cross_entropy_with_logits boolean_dispatch celu celu_ channel_shuffle conv1d
        conv2d conv3d conv_tbc conv_transpose1d conv_transpose2d conv_transpose3d
        cosine_embedding_loss cosine_similarity cross_entropy ctc_loss dataclasses dropout
        dropout1d dropout2d dropout3d elu elu_ embedding embedding_bag feature_alpha_dropout
        fold fractional_max_pool2d fractional_max_pool2d_with_indices fractional_max_pool3d
        fractional_max_pool3d_with_indices gaussian_nll_loss gelu glu grad grid_sample
        group_norm grouped_mm gumbel_softmax handle_torch_function hardshrink hardsigmoid
        hardswish hardtanh hardtanh_ has_torch_function has_torch_function_unary
        has_torch_function_variadic hinge_embedding_loss huber_loss importlib instance_norm
        interpolate kl_div l1_loss layer_norm leaky_relu leaky_relu_ linear linear_cross_entropy
        local_response_norm log_softmax logsigmoid lp_pool1d lp_pool2d lp_pool3d
        margin_ranking_loss math max_pool1d max_pool1d_with_indices max_pool2d
        max_pool2d_with_indices max_pool3d max_pool3d_with_indices max_unpool1d max_unpool2d
        max_unpool3d mish mse_loss multi_head_attention_forward multi_margin_loss
        multilabel_margin_loss multilabel_soft_margin_loss native_channel_shuffle nll_loss
        normalize np one_hot pad pairwise_distance pdist pixel_shuffle pixel_unshuffle
        poisson_nll_loss prelu relu relu6 relu_ reproducibility_notes rms_norm rrelu rrelu_
        scaled_dot_product_attention scaled_grouped_mm scaled_mm selu selu_ sigmoid silu
        smooth_l1_loss soft_margin_loss softmax softmin softplus softshrink softsign
        sparse_support_notes tanh tanhshrink tf32_notes threshold threshold_ torch
        triplet_margin_loss triplet_margin_with_distance_loss unfold upsample upsample_bilinear
        upsample_nearest warnings
        """.split()
    ),
}

"""einsum, composed of other ops exactly as torch's is (ATen's einsum and sumproduct_pair in
Linear.cpp), so that its graph, dtypes, layouts and errors are theirs: a diagonal per repeated
subscript, unsqueeze and permute to line the operands up, then sums, muls and bmms, two operands
at a time. It has no backward rule of its own: the ops it is made of have theirs.
"""

import builtins
import importlib
import math
import operator

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _parse_einsum(equation, operands):
    """The equation with every '...' spelt out and the output explicit: (input subscripts,
    output subscripts), after torch's checks."""
    eq = equation.replace(" ", "")
    lhs, arrow, rhs = eq.partition("->")
    subs = lhs.split(",")
    if len(subs) < len(operands):
        raise RuntimeError("einsum(): more operands were provided than specified in the equation")
    if len(subs) > len(operands):
        raise RuntimeError("einsum(): fewer operands were provided than specified in the equation")
    used = set(c for c in eq if c.isalpha())
    free = [c for c in _LETTERS if c not in used]
    ell = builtins.max(
        [t.ndim - len(s.replace("...", "")) for s, t in zip(subs, operands) if "..." in s] + [0]
    )
    ell_letters = "".join(free[:ell])
    out_subs = []
    for i, (s, t) in enumerate(zip(subs, operands)):
        n = len(s.replace("...", ""))
        if "..." in s:
            k = t.ndim - n
            s = s.replace("...", ell_letters[ell - k :] if k > 0 else "")
        elif n != t.ndim:
            raise RuntimeError(
                f"einsum(): the number of subscripts in the equation ({n}) does not match the "
                f"number of dimensions ({t.ndim}) for operand {i} and no ellipsis was given"
            )
        out_subs.append(s)
    if arrow:
        out = rhs.replace("...", ell_letters)
        for c in out:
            if c not in "".join(out_subs):
                raise RuntimeError(
                    f"einsum(): output subscript {c} does not appear in the equation for any "
                    "input operand"
                )
    else:
        counts = {}
        for c in lhs:
            if c.isalpha():
                counts[c] = counts.get(c, 0) + 1
        out = ell_letters + "".join(sorted(c for c, k in counts.items() if k == 1))
    sizes = {}
    for i, (s, t) in enumerate(zip(out_subs, operands)):
        seen = {}
        for c, n in zip(s, t.shape):
            if c in seen and seen[c] != n:
                raise RuntimeError(
                    f"einsum(): subscript {c} is repeated for operand {i} but the sizes don't "
                    f"match, {n} != {seen[c]}"
                )
            seen[c] = n
            if c in sizes and n != sizes[c] and 1 not in (n, sizes[c]):
                raise RuntimeError(
                    f"einsum(): subscript {c} has size {n} for operand {i} which does not "
                    f"broadcast with previously seen size {sizes[c]}"
                )
            if n != 1 or c not in sizes:
                sizes[c] = n
    return tuple(out_subs), out


_EINSUM_ARGS = (
    "einsum(): must specify the equation string and at least one operand, or at least one operand "
    "and its subscripts list"
)


def _sublist_equation(args):
    """torch's sublist form as (equation, operands): op, subscripts, ..., [output subscripts];
    integers 0-25 name 'A'-'Z', 26-51 'a'-'z', and ... stands for Ellipsis."""
    name = lambda s: "..." if s is Ellipsis else chr(65 + s if s < 26 else 71 + s)  # noqa: E731
    operands, subs = list(args[0::2]), list(args[1::2])
    out = operands.pop() if len(args) % 2 else None
    parts = ["".join(name(operator.index(s) if s is not Ellipsis else s) for s in sub)
             for sub in subs]  # fmt: skip
    arrow = "" if out is None else "->" + "".join(name(s) for s in out)
    return ",".join(parts) + arrow, operands


def einsum(*args):
    """Einstein summation (repeated indices, '...', implicit output), of an equation and its
    operands or in torch's sublist form (op, [0, 1], op, [1, 2], [0, 2]).

    Composed of other ops exactly as torch's (ATen's einsum and sumproduct_pair), so its graph,
    dtypes, layouts and errors are theirs: each operand's repeated subscripts become a diagonal,
    missing ones an unsqueeze, and a permute lines its dims up as [output..., summed...]; then
    the operands are contracted left to right, two at a time: a dim held by one side only is
    summed away first, and the shared ones by a bmm of the two reshaped to (batch, rows, summed)
    and (batch, summed, cols)."""
    if len(args) < 2:
        raise ValueError(_EINSUM_ARGS)
    equation, *operands = args
    if not isinstance(equation, str):
        equation, operands = _sublist_equation(args)
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    if not operands:
        raise ValueError(_EINSUM_ARGS)
    path = _contraction_path(equation, operands)
    subs, out = _parse_einsum(equation, operands)
    # each subscript's place: the output's in order, then the summed ones ('...' first, then in
    # torch's label order, A-Z before a-z)
    ell = [c for c in "".join(subs) if c not in equation]
    summed = [c for c in dict.fromkeys(ell) if c not in out]
    summed += sorted(c for c in set("".join(subs)) if c not in out and c not in summed)
    place = {c: i for i, c in enumerate(out + "".join(summed))}
    counts = [0] * len(place)  # per place: how many operands hold it with a size other than 1
    ops = []
    for s, op in zip(subs, operands):
        perm = [-1] * len(place)
        d = 0
        for c in s:
            p = place[c]
            if perm[p] == -1:
                counts[p] += op.shape[d] != 1
                perm[p], d = d, d + 1
            else:  # a repeated subscript: its diagonal, in the first one's place
                op = op.diagonal(0, perm[p], d).movedim(-1, perm[p])
        for p in range(len(place)):
            if perm[p] == -1:
                op, perm[p], d = op.unsqueeze(d), d, d + 1
        ops.append(op.permute(perm))
    while len(ops) > 1:
        if path is None:
            a, b = ops.pop(0), ops.pop(0)
        else:  # (torch's: each pair in opt_einsum's order, the product appended)
            i, j = sorted(path[:2])
            del path[:2]
            b, a = ops.pop(j), ops.pop(i)
        both, a_only, b_only = [], [], []
        for p in range(len(out), len(place)):
            if a.shape[p] != 1 and b.shape[p] != 1:
                counts[p] -= 1
                if counts[p] == 1:  # no later operand holds it
                    both.append(p)
                    counts[p] = 0
            elif counts[p] == 1 and (a.shape[p] != 1 or b.shape[p] != 1):
                (a_only if a.shape[p] != 1 else b_only).append(p)
                counts[p] = 0
        a = a.sum(a_only, True) if a_only else a
        b = b.sum(b_only, True) if b_only else b
        ops.insert(0 if path is None else len(ops), _sumproduct_pair(a, b, both))
    if len(place) == len(out):
        return ops[0]
    if len(operands) > 1:  # the summed dims are all 1 now
        return ops[0].view(ops[0].shape[: len(out)])
    return ops[0].sum(list(range(len(out), len(place))))


_OPT_EINSUM = []  # the opt_einsum module, or None where it is not installed (on first use)


def _contraction_path(equation, operands):
    """The pairs torch contracts 3+ operands in, flat: opt_einsum's path (its 'auto' strategy,
    torch.backends.opt_einsum's default) where that package is installed, else None (left to
    right). torch asks for it before its own checks, so opt_einsum's errors come first."""
    if len(operands) < 3:
        return None
    if not _OPT_EINSUM:  # (~50 ms to import: loaded late, as torch's)
        try:
            _OPT_EINSUM.append(importlib.import_module("opt_einsum"))
        except ImportError:
            _OPT_EINSUM.append(None)
    if _OPT_EINSUM[0] is None:
        return None
    path = _OPT_EINSUM[0].contract_path(equation, *operands, optimize="auto")[0]
    path = [i for pair in path for i in pair]
    if len(path) != (len(operands) - 1) * 2:
        raise RuntimeError(
            "einsum(): expected contraction path given in path parameter to have size "
            f"{(len(operands) - 1) * 2} but got {len(path)}"
        )
    return path


def _sumproduct_pair(left, right, sum_dims):
    """(left * right).sum(sum_dims, keepdim=True) of two operands of the same rank, as torch's:
    by a bmm of the two permuted to (both, left only, summed) and (both, summed, right only)."""
    if not sum_dims:
        return left * right
    both, lo, ro, sum_size = [], [], [], 1
    for i in range(left.ndim):
        sl, sr = left.shape[i] != 1, right.shape[i] != 1
        if i in sum_dims:
            if sl and sr:
                sum_size *= left.shape[i]
            elif sl:
                left = left.sum(i, True)
            elif sr:
                right = right.sum(i, True)
        else:
            (both if sl and sr else lo if sl else ro).append(i)
    if lo and ro and ro[-1] < lo[0]:  # (right's dims all come first: swapped, so that the bmm
        left, right, lo, ro = right, left, ro, lo  # writes the result in its order)
    n_both, n_lo, n_ro = (math.prod(t.shape[d] for d in ds) for t, ds in
                          ((left, both), (left, lo), (right, ro)))  # fmt: skip
    out_size = [left.shape[d] for d in both + lo] + [1] * len(sum_dims)
    out_size += [right.shape[d] for d in ro]
    lperm = both + lo + sum_dims + ro
    left = left.permute(lperm).reshape(n_both, n_lo, sum_size)
    right = right.permute(both + sum_dims + ro + lo).reshape(n_both, sum_size, n_ro)
    operm = [0] * len(lperm)
    for i, d in enumerate(lperm):
        operm[d] = i
    return left.bmm(right).view(out_size).permute(operm)


FUNCTIONS = ["einsum"]  # torch.<name>
METHODS = []  # Tensor.<name>
INPLACE = []  # Tensor.<name>_

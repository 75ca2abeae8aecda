# SPDX-License-Identifier: GPL-2.0-only
"""What fio's tools/hist/fiologparser_hist.py uses of numpy, in plain Python,
for machines without numpy (test/analysis/test_report_timeline.sh runs the
script on it to hold ssdq-report's hist-log percentiles against the
script's). Only that subset: 1-D and 2-D arrays, elementwise arithmetic and
comparisons with arrays or scalars, index arrays and tuples from where(),
row and column slices, cumsum/sum/argsort, and interp() with numpy's rule
(the last xp at or below x, linear between it and the next). Sums add in
order, where numpy adds pairwise: results may differ in the last bits.
Used only when the real numpy cannot be imported (the test puts this folder
on PYTHONPATH only then)."""
import bisect
import math
import operator

nan = float('nan')


class _F(float):
    def astype(self, t):
        return _F(t(self))


def _is(x):
    return isinstance(x, ndarray)


class ndarray:
    def __init__(self, d, ndim):
        self.d = d
        self.ndim = ndim

    # shape and size
    @property
    def shape(self):
        if self.ndim == 1:
            return (len(self.d),)
        return (len(self.d), len(self.d[0]) if self.d else getattr(self, 'ncols', 0))

    @property
    def size(self):
        s = 1
        for x in self.shape:
            s *= x
        return s

    def __len__(self):
        return len(self.d)

    def __iter__(self):
        for x in self.d:
            yield ndarray(list(x), 1) if self.ndim == 2 else x

    def tolist(self):
        return [list(r) for r in self.d] if self.ndim == 2 else list(self.d)

    def __repr__(self):
        return 'array(%r)' % (self.tolist(),)

    def astype(self, t):
        if self.ndim == 2:
            return ndarray([[t(v) for v in r] for r in self.d], 2)
        return ndarray([t(v) for v in self.d], 1)

    def reshape(self, shape):
        assert self.ndim == 1 and shape[0] == 1
        return ndarray([list(self.d)], 2)

    # indexing
    def _rows(self, key):
        if isinstance(key, tuple) and len(key) == 1:
            key = key[0]
        if _is(key):
            if key.d and isinstance(key.d[0], bool):
                return [i for i, b in enumerate(key.d) if b]
            return list(key.d)
        return None

    def __getitem__(self, key):
        if isinstance(key, tuple) and len(key) == 2 and self.ndim == 2:
            rows, col = key
            assert rows == slice(None)
            if isinstance(col, slice):
                return ndarray([r[col] for r in self.d], 2)
            return ndarray([r[col] for r in self.d], 1)
        idx = self._rows(key)
        if idx is not None:
            if self.ndim == 2:
                out = ndarray([list(self.d[i]) for i in idx], 2)
                out.ncols = self.shape[1]
                return out
            return ndarray([self.d[i] for i in idx], 1)
        if isinstance(key, slice):
            out = ndarray(self.d[key], self.ndim)
            if self.ndim == 2:
                out.ncols = self.shape[1]
            return out
        v = self.d[key]
        return ndarray(list(v), 1) if self.ndim == 2 else v

    def __setitem__(self, key, val):
        idx = self._rows(key)
        assert idx is not None and self.ndim == 1
        vals = val.d if _is(val) else [val] * len(idx)
        for i, v in zip(idx, vals):
            self.d[i] = v

    # arithmetic
    def _op(self, other, f):
        assert self.ndim == 1
        if _is(other):
            return ndarray([f(a, b) for a, b in zip(self.d, other.d)], 1)
        return ndarray([f(a, other) for a in self.d], 1)

    def __add__(self, o):
        return self._op(o, operator.add)

    def __radd__(self, o):
        return self._op(o, lambda a, b: b + a)

    def __iadd__(self, o):
        return self._op(o, operator.add)

    def __sub__(self, o):
        return self._op(o, operator.sub)

    def __rsub__(self, o):
        return self._op(o, lambda a, b: b - a)

    def __mul__(self, o):
        return self._op(o, operator.mul)

    def __rmul__(self, o):
        return self._op(o, lambda a, b: b * a)

    def __truediv__(self, o):
        def div(a, b):
            if b == 0:
                return nan if a == 0 or a != a else math.copysign(math.inf, a)
            return a / b
        return self._op(o, div)

    def __rtruediv__(self, o):
        return self._op(o, lambda a, b: b / a)

    def __lt__(self, o):
        return self._cmp(o, operator.lt)

    def __gt__(self, o):
        return self._cmp(o, operator.gt)

    def __eq__(self, o):
        return self._cmp(o, operator.eq)

    def __ne__(self, o):
        return self._cmp(o, operator.ne)

    def _cmp(self, o, f):
        if self.ndim == 2:
            return ndarray([[bool(f(v, o)) for v in r] for r in self.d], 2)
        return self._op(o, lambda a, b: bool(f(a, b)))

    def cumsum(self):
        out, s = [], 0
        for v in self.d:
            s = s + v
            out.append(s)
        return ndarray(out, 1)

    def sum(self):
        s = 0
        for v in self.d:
            s = s + v
        return s


def array(x, dtype=None):
    if _is(x):
        return x
    x = list(x)
    if x and isinstance(x[0], (list, tuple, ndarray)):
        rows = [list(r.d if _is(r) else r) for r in x]
        if dtype:
            rows = [[dtype(v) for v in r] for r in rows]
        return ndarray(rows, 2)
    return ndarray([dtype(v) for v in x] if dtype else x, 1)


def empty(shape, dtype=float):
    out = ndarray([], 2)
    out.ncols = shape[1]
    return out


def zeros(shape, dtype=float):
    return ndarray([dtype(0)] * shape, 1)


def arange(n):
    return ndarray(list(range(n)), 1)


def append(a, b, axis=0):
    out = ndarray([list(r) for r in a.d] + [list(r) for r in b.d], 2)
    out.ncols = b.shape[1]
    return out


def insert(a, pos, val):
    d = list(a.d)
    d.insert(pos, val)
    return ndarray(d, 1)


def where(cond):
    if cond.ndim == 2:
        rs, cs = [], []
        for i, r in enumerate(cond.d):
            for j, v in enumerate(r):
                if v:
                    rs.append(i)
                    cs.append(j)
        return (ndarray(rs, 1), ndarray(cs, 1))
    return (ndarray([i for i, v in enumerate(cond.d) if v], 1),)


def transpose(x):
    return ndarray([list(c) for c in zip(*x)], 2)


def _elem(f, a, b):
    if _is(a):
        return a._op(b, f)
    if _is(b):
        return b._op(a, lambda x, y: f(y, x))
    return _F(f(a, b))


def maximum(a, b):
    return _elem(max, a, b)


def minimum(a, b):
    return _elem(min, a, b)


def isnan(a):
    return ndarray([v != v for v in a.d], 1)


def any(a):
    return True in a.d


def sum(a):
    return a.sum() if _is(a) else a


def nonzero(a):
    return where(a != 0)


def argsort(a):
    return ndarray(sorted(range(len(a.d)), key=lambda i: a.d[i]), 1)


def log2(x):
    return math.log2(x)


def interp(x, xp, fp):
    xs, ys = list(xp.d), list(fp.d)
    out = []
    for v in x:
        if v < xs[0]:
            out.append(ys[0])
        elif v >= xs[-1]:
            out.append(ys[-1])
        else:
            j = bisect.bisect_right(xs, v) - 1
            slope = (ys[j + 1] - ys[j]) / (xs[j + 1] - xs[j])
            out.append(slope * (v - xs[j]) + ys[j])
    return ndarray(out, 1)

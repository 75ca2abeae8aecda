# SPDX-License-Identifier: GPL-2.0-only
"""The one call of pandas that fio's tools/hist/fiologparser_hist.py makes,
read_csv(path, dtype=int, header=None, chunksize=N).read().values, on the
numpy of this folder: the script runs where neither is installed
(test/analysis/test_report_timeline.sh)."""
import numpy as np


class _Chunks:
    def __init__(self, fp, chunksize):
        self.fp = fp
        self.chunksize = chunksize

    def read(self):
        rows = []
        for line in self.fp:
            if line.strip():
                rows.append([int(x) for x in line.replace(' ', '').split(',')])
            if len(rows) == self.chunksize:
                break
        if not rows:
            raise StopIteration
        return _Frame(np.array(rows, dtype=int))


class _Frame:
    def __init__(self, values):
        self.values = values


def read_csv(fp, dtype=int, header=None, chunksize=10000):
    if isinstance(fp, str):
        fp = open(fp)
    return _Chunks(fp, chunksize)

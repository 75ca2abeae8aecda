"""The drive model's own account of a job, read from its events sidecar.

The engine writes a model_regime event each time what sets the model's write
speed changes (cache, direct, fold-hi, fold-lo, random, "+throttled"), with the
job's write bytes before that write and the time it was submitted, and a
job_end with the job's bytes and end time. From them this module gives
ground truth that holds however busy the host is: where the cache ran out
and the speed the host actually got in each regime (bytes over the time
the model spent in it, stalls included), in the full drive's units.

usage: from model_truth import Truth; t = Truth(events_path, scale)
"""
import json
import os

# The scale a test's fills ran at (env SSDQ_TRUTH_SCALE), and the GB of the
# full drive a whole fill of a 1 TB preset writes there: the scaled
# capacity is rounded down to whole MiB.
S = int(os.environ.get("SSDQ_TRUTH_SCALE", "1000"))
FULL = int(1e12 / S / 1048576) * 1048576 * S / 1e9


class Truth:
    def __init__(self, events, scale=1.0, job=None, kind="write", killed=False):
        """KIND: "write" reads the write regimes (cache, direct, fold-*),
        "read" the read ones (read-seq, read-frag, read-rand). KILLED: the
        job may have been killed (no job_end): its last regime then ends
        where it began, so only the regimes' starts are known."""
        self.scale = scale
        self.spans = []          # (regime, b0, b1, t0_us, t1_us), bytes of the scaled drive
        marks, end, io_end = [], None, None
        for line in open(events):
            line = line.strip()
            if not (line.startswith("{") and line.endswith("}")):
                continue
            e = json.loads(line)
            if job is not None and e.get("job") != job:
                continue
            if e["event"] == "model_regime":
                if e["regime"].startswith("read") != (kind == "read"):
                    continue
                marks.append((e["regime"], e["bytes"], e["time_us"]))
            elif e["event"] == "job_end":
                end = (e["bytes"], e["time_us"])
            elif e["event"] == "model_energy" and "io_end_us" in e:
                io_end = e["io_end_us"]
        if killed and marks and end is None:
            end = marks[-1][1:]
        # the drive's work ended at the job's last completion (model_energy),
        # not at job_end, which waits for fio to write its logs
        if end is not None and io_end is not None and marks and marks[-1][2] <= io_end < end[1]:
            end = (end[0], io_end)
        if not marks or end is None:
            raise ValueError("%s: no model_regime or job_end event" % events)
        for (r, b0, t0), (_, b1, t1) in zip(marks, marks[1:] + [(None,) + end]):
            self.spans.append((r, b0, b1, t0, t1))
        self.bytes = end[0]
        self.regimes = set(r.split("+")[0] for r, _, _ in marks)

    def gb(self, b):
        """Bytes of the scaled drive in GB of the full one."""
        return b * self.scale / 1e9

    def cache_end_gb(self):
        """GB written when a write first missed the cache, or None."""
        for r, b0, _, _, _ in self.spans:
            if not r.startswith("cache"):
                return self.gb(b0)
        return None

    def mbps(self, regime, from_gb=0.0, upto_gb=None):
        """MB/s the host got while the model was in REGIME (a prefix:
        "fold" is both halves), over the bytes from from_gb to upto_gb
        (time within a span taken as even over its bytes); None if none."""
        by = us = 0.0
        for r, b0, b1, t0, t1 in self.spans:
            if not r.startswith(regime) or b1 <= b0:
                continue
            lo = max(self.gb(b0), from_gb)
            hi = min(self.gb(b1), upto_gb) if upto_gb is not None else self.gb(b1)
            if hi <= lo:
                continue
            share = (hi - lo) / (self.gb(b1) - self.gb(b0))
            by += (b1 - b0) * share
            us += (t1 - t0) * share
        return by / us if us > 0 else None

    def stall_free_mbps(self, regime, bw_log, avg_ms):
        """As mbps(REGIME), less the time the host stalled in it: where
        fio's averaged bw log BW_LOG (unix ms, log_avg_msec AVG_MS) went
        more than two intervals without a line, all but one interval of
        the gap. A drive model runs in real time: a stalled host stalls
        it, which the report's median speeds leave out and mbps() keeps."""
        ts = []
        for line in open(bw_log):
            f = line.split(",")
            if len(f) >= 2 and f[0].strip():
                ts.append(float(f[0]))
        by = us = 0.0
        for r, b0, b1, t0, t1 in self.spans:
            if not r.startswith(regime) or b1 <= b0:
                continue
            stall = sum(b - a - avg_ms for a, b in zip(ts, ts[1:])
                        if b - a > 2 * avg_ms and t0 / 1e3 <= a and b <= t1 / 1e3)
            by += b1 - b0
            us += (t1 - t0) - stall * 1e3
        return by / us if us > 0 else None

    def first_gb(self, regime):
        """GB written when REGIME (a prefix) first set the speed, or None."""
        for r, b0, _, _, _ in self.spans:
            if r.startswith(regime):
                return self.gb(b0)
        return None


class HostAccount:
    """The drive model's own account of a QD1 job's I/Os, from the engine's
    host sidecar (<prefix>_host.<N>.jsonl, docs/host.md) and, when the job
    ran with ssdq_host_log=1, its per-I/O intended times
    (<prefix>_intended.<N>.log): what fio's figures would be had the host
    added nothing. Shares as ssdq-report's host verdict computes them
    (analysis/compute/host_verdict.h), in %.

    usage: a = HostAccount(host_path, intended_path=None, qd=1)
    """

    def __init__(self, host, intended=None, qd=1):
        lines = [json.loads(x) for x in open(host) if x.strip()]
        head, iv = lines[0], lines[1:]
        if head.get("kind") != "host_start" or head.get("version") != 1:
            raise ValueError("%s: not a version 1 host sidecar" % host)
        self.model = head.get("model", False)
        self.schedstat = head.get("source") == "schedstat"
        self.qd = qd
        s = lambda k: sum(x.get(k, 0) for x in iv)
        # the job's planned idle (bursts' duty cycle, thinktime) is left out, as
        # analysis/compute/host_verdict.c does
        self.t_us = s("interval_us") - s("planned_idle_us")
        self.delay_us, self.ios = s("run_delay_us"), s("ios")
        self.intended_us, self.added_us = s("intended_us"), s("host_added_us")
        self.late, self.idle_us = s("late_ios"), s("drive_idle_us")
        self.intended = None
        if intended and os.path.exists(intended):
            self.intended = sorted(float(x.split(",")[1]) / 1e3 for x in open(intended)
                                   if x.strip())

    def wait_pct(self):
        return 100 * self.delay_us / self.t_us if self.schedstat else None

    def added_pct(self):
        return 100 * self.added_us / (self.intended_us + self.added_us)

    def late_pct(self):
        return 100 * self.late / self.ios

    def time_pct(self):
        idle = self.idle_us / self.t_us
        return 100 * (idle + (1 - idle) * self.added_pct() / 100)

    def iops(self):
        """I/Os a second had the host added nothing (QD1: one after another)."""
        return self.ios / (self.intended_us / self.qd) * 1e6

    def mean_us(self):
        return self.intended_us / self.ios

    def pct_us(self, p):
        """The intended time's percentile P (needs the intended log), or None."""
        if not self.intended:
            return None
        return self.intended[min(len(self.intended) - 1, int(len(self.intended) * p / 100))]

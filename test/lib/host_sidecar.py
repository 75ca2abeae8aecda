"""The host-interference sidecar (docs/host.md), read and checked.

usage: from host_sidecar import Host; h = Host(path)   # raises ValueError
       h.header, h.lines, h.total("run_delay_us"), h.run_delay_share()
       python3 host_sidecar.py PATH  -> prints the job's totals as JSON

Host() checks the format as docs/host.md states it: a header line of kind
host_start with its keys, then interval lines whose keys are those the
header promises (run_delay_us exactly when source is schedstat, the
model's account exactly when model is true), non-negative integers, times
increasing and each interval the time since the line before.
"""
import json
import sys

HEADER = {"version", "kind", "time_us", "tid", "source", "ncpu", "cpus_allowed",
          "model", "interval_ms"}
ALWAYS = {"time_us", "interval_us", "cpu_us"}
SWITCHES = {"nivcsw", "nvcsw"}
MODEL = {"ios", "intended_us", "host_added_us", "host_added_max_us", "late_ios",
         "drive_idle_us", "planned_idle_us", "drain_ios", "drain_added_us", "drain_late_ios"}


class Host:
    def __init__(self, path, killed=False):
        """KILLED: the job may have died mid-write; a last line without its
        newline is then left out (one write(2) a line: there is none)."""
        text = open(path).read()
        rows = text.split("\n")
        if rows[-1] != "":
            if not killed:
                raise ValueError("%s: the last line has no newline" % path)
        rows = [r for r in rows[:-1]]
        if not rows:
            raise ValueError("%s: empty" % path)
        self.header = json.loads(rows[0])
        h = self.header
        if set(h) != HEADER or h["kind"] != "host_start" or h["version"] != 1:
            raise ValueError("%s: header %s" % (path, rows[0]))
        if h["source"] not in ("schedstat", "none"):
            raise ValueError("%s: source %r" % (path, h["source"]))
        if not (1 <= h["cpus_allowed"] <= max(h["ncpu"], 1) and h["interval_ms"] >= 1):
            raise ValueError("%s: header %s" % (path, rows[0]))
        want = set(ALWAYS)
        if h["source"] == "schedstat":
            want.add("run_delay_us")
        if h["model"]:
            want |= MODEL
        self.lines = []
        t = h["time_us"]
        for n, r in enumerate(rows[1:], 2):
            e = json.loads(r)
            keys = set(e) - SWITCHES
            if keys != want or len(set(e) & SWITCHES) not in (0, 2):
                raise ValueError("%s:%d: keys %s, wanted %s" % (path, n, sorted(e), sorted(want)))
            if any(not isinstance(v, int) or v < 0 for v in e.values()):
                raise ValueError("%s:%d: a value not a count: %s" % (path, n, r))
            if e["time_us"] <= t or e["interval_us"] != e["time_us"] - t:
                raise ValueError("%s:%d: time %d after %d, interval %d" %
                                 (path, n, e["time_us"], t, e["interval_us"]))
            if h["model"] and e["ios"] and e["host_added_max_us"] * e["ios"] < e["host_added_us"] - e["ios"]:
                raise ValueError("%s:%d: a maximum below the mean: %s" % (path, n, r))
            t = e["time_us"]
            self.lines.append(e)

    def total(self, key):
        return sum(e.get(key, 0) for e in self.lines)

    def drain_share(self):
        """The share of the I/Os' observed time fio's end-of-job drain added
        (docs/host.md): drain / (intended + host-added + drain), or None."""
        obs = self.total("intended_us") + self.total("host_added_us") + self.total("drain_added_us")
        return self.total("drain_added_us") / obs if self.header["model"] and obs else None

    def run_delay_share(self):
        """The share of the job's time its thread waited for a CPU, or None."""
        if self.header["source"] != "schedstat":
            return None
        span = self.total("interval_us")
        return self.total("run_delay_us") / span if span else None

    def totals(self):
        keys = ["interval_us", "run_delay_us", "cpu_us", "nivcsw", "nvcsw"]
        if self.header["model"]:
            keys += ["ios", "intended_us", "host_added_us", "late_ios", "drive_idle_us",
                     "planned_idle_us", "drain_ios", "drain_added_us", "drain_late_ios"]
        t = {k: self.total(k) for k in keys}
        t["lines"] = len(self.lines)
        t["run_delay_share"] = self.run_delay_share()
        if self.header["model"]:
            t["host_added_max_us"] = max((e["host_added_max_us"] for e in self.lines), default=0)
        return t


if __name__ == "__main__":
    print(json.dumps(Host(sys.argv[1], killed="--killed" in sys.argv).totals()))

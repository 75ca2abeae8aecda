"""The report's SLC cache end against the drive model's own account.

usage: python3 slc_cell.py REPORT_JSON EVENTS SCALE [TEST]
REPORT_JSON: ssdq-report --format json of a run; EVENTS: the fill job's
events sidecar (its model_regime events); TEST: the test whose fill to take
(default: the first fill). Exit 0, with a line saying why, when the figure is
within 2 % of the model's cache end or its stated range holds it, or null
with a reason naming the log_avg_msec (or model scale) that resolves it (and a range that
holds it, if any), or the fill's speeds carry the host mark or the job's
verdict gives its throughput to the host (the host, not the drive, shaped
the curve); a drive with no cache must get no figure."""
import json
import sys

from model_truth import Truth


def check(report, events, scale, test=None):
    """(ok, line) for the fill of TEST (or the first) in REPORT (a dict)"""
    truth = Truth(events, scale).cache_end_gb()
    jobs = [j for t in report["tests"] for j in t["jobs"]
            if j.get("fill") and (test is None or t["test"] == test)]
    fills = [j["fill"] for j in jobs]
    if not fills:
        # a job shorter than its first log tick: no curve, and the report says
        # what would give one
        why = [j.get("null_reasons", {}).get("fill", "") for t in report["tests"] for j in t["jobs"]
               if test is None or t["test"] == test]
        ok = any("log_avg_msec=0" in w for w in why)
        return ok, "no fill: %s" % (why[0][:160] if why else "no job")
    f = fills[0]
    v, rng = f["slc_cache_gb"], f.get("slc_cache_range_gb")
    # the host's distortion of the curve (issue 34): a fill whose speeds
    # carry the host mark may miss the cache's end, and says why; with no
    # cache figure there is no in-cache speed to mark, and the job's verdict
    # (its throughput the host's) says it
    marks = f.get("marks") or {}
    host = any("host" in marks.get(k, []) for k in ("in_cache_mbps", "post_cache_mbps", "overall_mbps")) \
        or (jobs[0].get("host") or {}).get("throughput_marked", False)
    why = (f.get("null_reasons") or {}).get("slc_cache_gb", "")
    if not truth:
        return v is None, "no cache: %s" % ("none reported" if v is None else "reported %.1f GB" % v)
    inside = rng is not None and rng[0] <= truth <= rng[1]
    if v is not None:
        err = abs(v - truth) / truth
        return err <= 0.02 or inside or host, "%.1f GB, range %s, model %.1f GB (%.1f %%)%s" % (
            v, rng, truth, 100 * err, " (speeds host-marked)" if host else "")
    return (("log_avg_msec" in why or "ssdq_model_scale" in why) and (rng is None or inside) or host,
            "null, range %s, model %.1f GB: %s%s" % (rng, truth, why[:160],
                                                     " (speeds host-marked)" if host else ""))


def main():
    report = json.load(open(sys.argv[1]))
    ok, line = check(report, sys.argv[2], float(sys.argv[3]),
                     sys.argv[4] if len(sys.argv) > 4 else None)
    print(line)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()

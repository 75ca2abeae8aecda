"""The fill curves of the SLC cache rule's cases (docs/report.md), as the
results directories fio and ssdq leave: a fio JSON and a bw log averaged over
log_avg_msec (and a SMART sidecar where the case needs one), one directory a
case under OUT. Seeded, so every run writes the same files. OUT/CASE.truth.json
gives the cache's end in GB (null for none) and what the report
must say of it.

usage: python3 slc_cases.py OUT"""
import json
import os
import random
import sys

GB = 1e9
T0_MS = 1795990000000


def levels(steps, speeds):
    """speed(b) of a drive at speeds[i] MB/s until steps[i] bytes"""
    def f(b, rnd):
        for s, v in zip(steps, speeds):
            if b < s:
                return v
        return speeds[-1]
    return f


# name: (title, speed(b, rnd) in MB/s before noise, noise, total GB,
#        log_avg_msec, truth GB or None, SMART T1 second or None)
def cases():
    def transient(b, rnd):
        if b < 1 * GB:
            return 4063
        if b < 155 * GB:
            return 1700
        # the P1's recoveries: 4 GB at cache speed every 100 GB
        return 1700 if (b - 155 * GB) % (100 * GB) < 4 * GB and b > 200 * GB else 100

    def gradual(b, rnd):
        if b < 40 * GB:
            return 2000
        if b < 80 * GB:
            return 2000 - 1500 * (b - 40 * GB) / (40 * GB)
        return 500

    return {
        "clean": ("88 GB of cache at 2800 MB/s, then 650", levels([88 * GB], [2800, 650]),
                  0.03, 300, 500, 88, None),
        "start-transient": ("a faster first GB (DRAM), 155 GB of cache, 100 MB/s with recoveries",
                            transient, 0.05, 600, 500, 155, None),
        "wandering": ("an in-cache speed that wanders and steps down by a sixth at 40 GB",
                      levels([40 * GB, 87.5 * GB], [2400, 2000, 630]), 0.3, 300, 100, 87.5, None),
        "small-fall": ("a SATA drive: 510 to 420 MB/s, a 17.6 % fall", levels([12 * GB], [510, 420]),
                       0.03, 120, 500, 12, None),
        "small-cache": ("a cache of 1 % of the drive", levels([10 * GB], [3000, 900]),
                        0.05, 1000, 500, 10, None),
        "gradual": ("a gradual fall from 2000 to 500 MB/s over 40-80 GB", gradual,
                    0.03, 300, 500, (40, 80), None),
        "no-cache": ("no cache: 1600 MB/s throughout", levels([], [1600]), 0.05, 400, 500, None, None),
        "coarse-log": ("a 6 GB cache under 5 s log samples (14 GB each)", levels([6 * GB], [2800, 650]),
                       0.02, 200, 5000, 6, None),
        "throttled": ("the speed falls at 60 GB as thermal management starts",
                      levels([60 * GB], [2000, 800]), 0.02, 200, 500, None, 31),
    }


def write_case(out, name, case):
    title, speed, noise, total_gb, avg, truth, t1_at = case
    rnd = random.Random(name)
    d = os.path.join(out, name)
    os.makedirs(d, exist_ok=True)
    b = t = 0.0
    total = total_gb * GB
    with open(os.path.join(d, "fill_bw.1.log"), "w") as f:
        while b < total:
            k = 1 + noise * (2 * rnd.random() - 1)
            win = 0.0
            for _ in range(avg):      # 1 ms steps
                if b >= total:
                    break
                step = min(speed(b, rnd) * k * 1000, total - b)
                b += step
                win += step
                t += 1
            f.write("%d, %.0f, 1, 0, 0\n" % (T0_MS + t, win / (avg / 1000.0) / 1024))
    with open(os.path.join(d, "fill.json"), "w") as f:
        json.dump({"fio version": "fio-3.33", "jobs": [{
            "jobname": "fill", "groupid": 0,
            "job options": {"rw": "write", "bs": "128k", "write_bw_log": "fill",
                            "log_avg_msec": str(avg), "log_unix_epoch": "1"},
            "read": {"io_bytes": 0, "total_ios": 0, "runtime": 0},
            "write": {"io_bytes": int(b), "total_ios": int(b / 131072), "runtime": int(t)}}]}, f)
    if t1_at is not None:
        with open(os.path.join(d, "fill_smart.1.jsonl"), "w") as f:
            for i in range(int(t / 1000) + 2):
                f.write(json.dumps({"time_us": (T0_MS + i * 1000) * 1000, "critical_warning": 0,
                                    "composite_temp_c": 60 + i // 2,
                                    "thermal_mgmt_t1_transitions": int(i >= t1_at),
                                    "thermal_mgmt_t1_time_s": max(0, i - t1_at)}) + "\n")
    with open(os.path.join(out, name + ".truth.json"), "w") as f:
        json.dump({"title": title, "cache_gb": truth, "log_avg_msec": avg,
                   "throttled_gb": 60 if t1_at else None}, f)


def main():
    out = sys.argv[1]
    for name, case in cases().items():
        write_case(out, name, case)


if __name__ == "__main__":
    main()

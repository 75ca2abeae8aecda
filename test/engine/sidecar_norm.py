#!/usr/bin/env python3
"""What a results directory's sidecars say, with what time decides masked.

usage: sidecar_norm.py DIR

Prints, file by file (sorted), the sidecars ssdq writes (*_events.*.jsonl,
*_smart.*.jsonl, *_power.*.log, *_progress_*.log, device.json), each line
reduced to what does not depend on when and how fast it ran on a busy host:
no time stamps; DIR and the engine's path as names; the figures time decides
as '#' (every digit run of the SMART, power and progress lines, of fio_stats,
model_energy and sampler_stop, a job_end's bytes, and its stop "bytes" or
"time" as one: which of size= and runtime= ends a job is the host's speed;
a JSON object keyed by numbers (fio's latency bins) as one member);
the model_regime lines (where the drive model's speed changed: timing
decides which regime and when) as one line per run of them; and a run of
lines that read the same after all that as one line. Everything else is
kept as written, key order too: two writers that differ in a key, its
order or a deterministic value differ here.
"""
import json
import os
import re
import sys

DIGITS = re.compile(r"\d+")


def mask(v, root):
    if isinstance(v, dict):
        if v and all(k.isdigit() for k in v):
            return {"#": "#"}
        return {mask_str(k, root): mask(x, root) for k, x in v.items()}
    if isinstance(v, list):
        out = []
        for x in (mask(x, root) for x in v):
            if not out or out[-1] != x:
                out.append(x)
        return out
    if isinstance(v, bool) or v is None:
        return v
    if isinstance(v, (int, float)):
        return "#"
    return mask_str(v, root)


def mask_str(s, root):
    s = s.replace(root, "DIR")
    s = re.sub(r"external:\S*ssdq[^\"/]*\.so", "external:SO", s)
    s = re.sub(r"/\S*/ssdq\.so", "SO", s)
    return DIGITS.sub("#", s)


def paths(v, root):
    if isinstance(v, dict):
        return {k: paths(x, root) for k, x in v.items()}
    if isinstance(v, list):
        return [paths(x, root) for x in v]
    if isinstance(v, str):
        v = v.replace(root, "DIR")
        return re.sub(r"\S*/ssdq\.so", "SO", v)
    return v


# events whose figures are the run's timing, member by member
TIMED = {"fio_stats": ("job_runtime", "stats"),
         "model_energy": ("truth", "io_start_us", "io_end_us"),
         "sampler_stop": ("msg",), "stalled": ("silent_s",), "idle_end": ("bytes",)}


def norm_event(obj, root):
    obj.pop("time_us", None)
    ev = obj.get("event")
    if ev == "model_regime":
        return "model_regime ..."
    for k in TIMED.get(ev, ()):
        if k in obj:
            obj[k] = mask(obj[k], root)
    if ev == "job_end" and obj.get("stop") in ("bytes", "time"):
        # runtime= and size= both set: which came first is the host's speed
        obj["stop"] = "bytes|time"
        obj["bytes"] = "#"
    elif ev == "job_end" and "bytes" in obj:
        obj["bytes"] = "#"
    return json.dumps(paths(obj, root), separators=(",", ":"))


def norm_json_line(line, root, smart):
    try:
        obj = json.loads(line)
    except ValueError:
        return "UNPARSED " + mask_str(line.rstrip("\n"), root)
    if smart or not isinstance(obj, dict):
        if isinstance(obj, dict):
            obj.pop("time_us", None)
        return json.dumps(mask(obj, root), separators=(",", ":"))
    return norm_event(obj, root)


def norm_file(path, root):
    name = os.path.basename(path)
    out = []
    with open(path, encoding="utf-8", errors="replace") as f:
        if name == "device.json":
            obj = json.load(f)
            obj.pop("time_us", None)
            obj.pop("ssdq_version", None)
            return [json.dumps(paths(obj, root), indent=1)]
        for line in f:
            if name.endswith(".jsonl"):
                n = norm_json_line(line, root, "_smart." in name)
            else:
                n = mask_str(line.rstrip("\n"), root)
            if not out or out[-1] != n:
                out.append(n)
    return out


SIDECAR = re.compile(r"(_events\.|_smart\.|_power\.|_progress_).*|device\.json$")


def main():
    root = os.path.abspath(sys.argv[1])
    files = []
    for d, _, names in os.walk(root):
        for n in names:
            if SIDECAR.search(n):
                files.append(os.path.join(d, n))
    for p in sorted(files):
        print("== " + os.path.relpath(p, root))
        for line in norm_file(p, root):
            print(line)


if __name__ == "__main__":
    main()

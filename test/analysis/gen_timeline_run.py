#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""A synthetic fio run whose series over time are known, for ssdq-report's
time charts (test_report_timeline.sh) and their benchmark (bench_timeline.sh):

  gen_timeline_run.py DIR [--jobs N] [--seconds S] [--avg-ms MS]
                      [--hist-ms MS] [--coarse C] [--rw rw|write|randread]
                      [--no-sidecars] [--seed N] [--groups 29|19] [--kibps K]

DIR/timeline.json (fio 3.33 JSON, N jobs of one group, log_unix_epoch=1) and
per job i (fio thread i+1): timeline_bw.i.log, _iops.i.log, _clat.i.log
(log_avg_msec, each direction), _clat_hist.i.log (log_hist_msec,
log_hist_coarseness C; --groups 19: fio before 2.99's layout, 1216 >> C
counts of µs buckets, the JSON still fio 3.33's) and, for the first job, the engine's events (job
start, an erase before the I/O, an idle in the middle), power and SMART
sidecars. The truth, for the tests:

  job i, direction d (0 read, 1 write), second s of I/O (1-based):
    KiB/s = K * (i + 1) * (d + 1) * (2 if 10 <= (s - 1) % 40 < 20 else 1), K = 1000
            unless --kibps gives it
    IOPS  = KiB/s / 4
    clat  = 10000 * (d + 1) + 100 * i ns
  power: 5000 mW + 100 * (s % 7); SMART: 40 + (s // 60) °C, every 10 s
  hist: each line's counts drawn from the seed (several buckets), so
    fiologparser_hist.py gives the percentiles to compare with.

Memory stays flat: lines are written as they are made."""
import argparse
import json
import os
import random

T0 = 1767225600000          # 2026-01-01 00:00:00 UTC, ms
ERASE_MS = 2000             # the erase before the I/O


KIBPS = [1000]              # K of the truth, --kibps


def bw(i, d, s):
    return KIBPS[0] * (i + 1) * (d + 1) * (2 if 10 <= (s - 1) % 40 < 20 else 1)


def main():
    p = argparse.ArgumentParser()
    p.add_argument('dir')
    p.add_argument('--jobs', type=int, default=2)
    p.add_argument('--seconds', type=int, default=60)
    p.add_argument('--avg-ms', type=int, default=1000)
    p.add_argument('--hist-ms', type=int, default=1000)
    p.add_argument('--coarse', type=int, default=0)
    p.add_argument('--rw', default='rw')
    p.add_argument('--no-sidecars', action='store_true')
    p.add_argument('--seed', type=int, default=1)
    p.add_argument('--groups', type=int, default=29, choices=(29, 19))
    p.add_argument('--kibps', type=int, default=1000)
    a = p.parse_args()
    KIBPS[0] = a.kibps
    os.makedirs(a.dir, exist_ok=True)
    rnd = random.Random(a.seed)
    dirs = [0, 1] if a.rw == 'rw' else [1] if a.rw == 'write' else [0]
    k = (a.groups * 64) >> a.coarse
    io0 = T0 + ERASE_MS
    steps = a.seconds * 1000 // a.avg_ms
    per_s = a.avg_ms / 1000.0
    for i in range(a.jobs):
        n = i + 1
        with open('%s/timeline_bw.%d.log' % (a.dir, n), 'w') as fb, \
             open('%s/timeline_iops.%d.log' % (a.dir, n), 'w') as fi, \
             open('%s/timeline_clat.%d.log' % (a.dir, n), 'w') as fc:
            for st in range(1, steps + 1):
                t = io0 + st * a.avg_ms
                s = int((st * a.avg_ms - 1) // 1000) + 1
                for d in dirs:
                    v = bw(i, d, s)
                    fb.write('%d, %d, %d, 4096, 0\n' % (t, v, d))
                    fi.write('%d, %d, %d, 4096, 0\n' % (t, v // 4, d))
                    fc.write('%d, %d, %d, 4096, 0\n' % (t, 10000 * (d + 1) + 100 * i, d))
        with open('%s/timeline_clat_hist.%d.log' % (a.dir, n), 'w') as fh:
            for st in range(1, a.seconds * 1000 // a.hist_ms + 1):
                # fio's hist ticks wander a few ms
                t = io0 + st * a.hist_ms + rnd.randint(0, 12)
                for d in dirs:
                    cnt = {}
                    base = (k * (5 + 2 * d + i)) // a.groups
                    for _ in range(rnd.randint(2, 6)):
                        b = min(k - 1, base + int(rnd.expovariate(1.0) * k / 40))
                        cnt[b] = cnt.get(b, 0) + rnd.randint(1, int(200 * per_s) + 1)
                    fh.write('%d, %d, 4096, %s\n' % (t, d, ', '.join(str(cnt.get(b, 0)) for b in range(k))))
    if not a.no_sidecars:
        end = io0 + a.seconds * 1000
        with open('%s/timeline_events.1.jsonl' % a.dir, 'w') as f:
            def ev(t, e, **kw):
                kw.update({'time_us': t * 1000, 'event': e, 'job': 'timeline'})
                f.write(json.dumps(kw) + '\n')
            ev(T0, 'job_start', thread=1, groupid=0, fio='fio-3.33')
            ev(T0 + 10, 'erase_start', file='model')
            ev(io0 - 10, 'erase_end', method='model')
            mid = io0 + a.seconds * 500
            ev(mid, 'idle_start')
            ev(mid + 1000, 'idle_end')
            ev(end, 'job_end', bytes=0, stop='time')
        with open('%s/timeline_power.1.log' % a.dir, 'w') as f:
            for s in range(0, a.seconds + 3):
                f.write('%d, %d, 0, 0, 0\n' % (T0 + s * 1000, 5000 + 100 * (s % 7)))
        with open('%s/timeline_smart.1.jsonl' % a.dir, 'w') as f:
            for s in range(0, a.seconds + 3, 10):
                f.write(json.dumps({'version': 2, 'time_us': (T0 + s * 1000) * 1000,
                                    'composite_temp_c': 40 + s // 60,
                                    'temperature': 313 + s // 60, 'critical_warning': 0}) + '\n')
    jobs = []
    for i in range(a.jobs):
        st = {}
        for d, name in enumerate(('read', 'write', 'trim')):
            kib = sum(bw(i, d, s) for s in range(1, a.seconds + 1)) if d in dirs else 0
            ios = kib // 4
            st[name] = {'io_bytes': kib * 1024, 'io_kbytes': kib, 'bw_bytes': kib * 1024 // max(a.seconds, 1),
                        'bw': kib // max(a.seconds, 1), 'iops': ios / max(a.seconds, 1),
                        'runtime': a.seconds * 1000 if ios else 0, 'total_ios': ios,
                        'short_ios': 0, 'drop_ios': 0,
                        'clat_ns': {'min': 10000, 'max': 30000, 'mean': 10000.0 * (d + 1) + 100 * i,
                                    'stddev': 0.0, 'N': ios}}
        opts = {'rw': a.rw, 'bs': '4k', 'write_bw_log': 'timeline', 'write_iops_log': 'timeline',
                'write_lat_log': 'timeline', 'write_hist_log': 'timeline',
                'log_avg_msec': str(a.avg_ms), 'log_hist_msec': str(a.hist_ms),
                'log_hist_coarseness': str(a.coarse), 'log_unix_epoch': '1'}
        jobs.append({'jobname': 'timeline', 'groupid': 0, 'error': 0, 'job options': opts,
                     'read': st['read'], 'write': st['write'], 'trim': st['trim'],
                     'job_runtime': a.seconds * 1000})
    doc = {'fio version': 'fio-3.33', 'timestamp': T0 // 1000, 'timestamp_ms': T0,
           'global options': {'ioengine': 'external:ssdq.so', 'iodepth': '1'}, 'jobs': jobs}
    with open('%s/timeline.json' % a.dir, 'w') as f:
        json.dump(doc, f, indent=1)


if __name__ == '__main__':
    main()

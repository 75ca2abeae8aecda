#!/usr/bin/env python3
"""Where a QD1 I/O's time goes, per engine, from QEMU's NVMe trace.

usage: nvme-phases.py TRACE RESULTS

TRACE: QEMU's log of the pci_nvme_mmio_doorbell_sq, pci_nvme_enqueue_req_completion
and pci_nvme_mmio_doorbell_cq events (`-trace events=F -D TRACE -msg
timestamp=on`, host clock); RESULTS: test/vm/bench/bench-qd1.sh's results
(pairs.txt: "round engine engine_cpu anchor_cpu uptime", queues.txt: "queue Q
cpus C[, C...]", the default queues first, then the poll queue all vCPUs share). Each pair ran two QD1 jobs at once, pinned to the two vCPUs, so
each I/O queue carries one job's I/Os, one at a time. Per I/O on a queue:

  device     SQ doorbell -> completion queued by the controller (QEMU's
             emulation of the command, the image file's read)
  interrupt  completion queued -> the guest writes the CQ head doorbell
             (interrupt delivery, the driver's handler)
  guest      CQ head doorbell -> the next SQ doorbell (waking the task, the
             engine and fio, the next submission: all the guest's)

Pairs are told apart by the quiet between them (> 0.5 s without a doorbell):
the stretches with I/O on two queues are the pairs, in order (the precondition
runs on one queue; the results' writes at the end, on another controller whose
events the trace does not tell apart, barely touch a second). Prints a Markdown
table: per engine, the medians over its pairs of each phase's median, for
the engine and for the io_uring_cmd job beside it.
"""
import re
import statistics
import sys

LINE = re.compile(r"^\d+@(\d+\.\d+):(pci_nvme_\w+) (.*)$")


def events(path):
    out = []
    with open(path, errors="replace") as f:
        for line in f:
            m = LINE.match(line)
            if not m:
                continue
            t, name, a = float(m.group(1)), m.group(2), m.group(3).split()
            if name == "pci_nvme_mmio_doorbell_sq" and len(a) > 1:
                out.append((t, "db", int(a[1])))
            elif name == "pci_nvme_enqueue_req_completion" and len(a) > 3:
                out.append((t, "enq", int(a[3])))
            elif name == "pci_nvme_mmio_doorbell_cq" and len(a) > 1:
                out.append((t, "cqdb", int(a[1])))
    return [e for e in out if e[2] != 0]


def stretches(evs, gap=0.5):
    out, cur = [], []
    for e in evs:
        if cur and e[0] - cur[-1][0] > gap:
            out.append(cur)
            cur = []
        cur.append(e)
    if cur:
        out.append(cur)
    return out


def phases(evs, q):
    dev, irq, guest, last = [], [], [], {}
    for t, kind, n in evs:
        if n != q:
            continue
        if kind == "db":
            if "cqdb" in last:
                guest.append(t - last["cqdb"])
            last = {"db": t}
        elif kind == "enq" and "db" in last and "enq" not in last:
            last["enq"] = t
            dev.append(t - last["db"])
        elif kind == "cqdb" and "enq" in last and "cqdb" not in last:
            last["cqdb"] = t
            irq.append(t - last["enq"])
    med = lambda v: statistics.median(v) * 1e6 if v else float("nan")
    return med(dev), med(irq), med(guest), len(dev)


def main():
    trace, res = sys.argv[1], sys.argv[2]
    pairs = [l.split() for l in open(res + "/pairs.txt") if l.strip()]
    queue = {}
    for l in open(res + "/queues.txt"):
        p = l.replace(",", " ").split()
        for c in p[3:]:
            queue.setdefault(c, int(p[1]))  # a vCPU's default queue comes first
    qs = sorted(set(queue.values()))
    st = []
    for s in stretches(events(trace)):
        n = {q: 0 for q in qs}
        for _, kind, q in s:
            if kind == "db" and q in n:
                n[q] += 1
        if sum(1 for q in qs if n[q] >= 100) >= 2:
            st.append(s)
    if len(st) != len(pairs):
        sys.exit("nvme-phases.py: %d stretches of I/O on two queues in %s for %d pairs"
                 % (len(st), trace, len(pairs)))
    by = {}
    for (r, eng, ce, ca, _), s in zip(pairs, st):
        if ce not in queue or ca not in queue:
            sys.exit("nvme-phases.py: no queue for vCPU %s or %s in queues.txt" % (ce, ca))
        by.setdefault(eng, []).append((phases(s, queue[ce]), phases(s, queue[ca])))
    print("| engine | pairs | device µs (engine / io_uring_cmd) | interrupt µs | guest µs | I/Os traced |")
    print("|---|---:|---|---|---|---|")
    for eng, rows in by.items():
        cell = []
        for i in range(3):
            e = statistics.median(x[0][i] for x in rows)
            a = statistics.median(x[1][i] for x in rows)
            cell.append("%.0f / %.0f" % (e, a))
        n = "%d / %d" % (sum(x[0][3] for x in rows), sum(x[1][3] for x in rows))
        print("| %s | %d | %s | %s | %s | %s |" % (eng, len(rows), cell[0], cell[1], cell[2], n))


if __name__ == "__main__":
    main()

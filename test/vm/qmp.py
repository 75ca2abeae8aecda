#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host side of fault injection in the test VM, over QEMU's QMP socket.

The guest cannot reach QMP, so a scenario asks the host by printing a marker
line on the serial console (echo ... >/dev/console), which QEMU writes to
OUT/console.log as the VM runs:

    ssdq-qmp: critical_warning N [DEVICE]     qom-set /machine/peripheral/DEVICE
                                              smart_critical_warning N (DEVICE:
                                              nvme4k when not given)
    ssdq-qmp: qom-set PATH PROPERTY VALUE     VALUE as JSON when it parses, else
                                              a string

Each marker line is acted on once, in order. What was done is appended to
OUT/qmp-hook.log ("<unix time> <marker> -> <QMP reply or error>"), which the
host checks read. The guest learns the result from the device itself (e.g.
the SMART log), never from this program.

usage:
    qmp.py watch OUT [--max-seconds S]   follow OUT/console.log, send to
                                         OUT/qmp.sock; ends at "ssdq-vm: done",
                                         when its parent goes, or after S s
    qmp.py send SOCK JSON...             send QMP commands, print the replies
"""

import json
import os
import re
import socket
import sys
import time

MARKER = re.compile(r"ssdq-qmp:\s*(.*?)\s*$")


class QmpError(Exception):
    pass


def qmp_session(path, commands, timeout=5.0):
    """Connect, negotiate capabilities, send each command; return the replies."""
    deadline = time.monotonic() + timeout
    while True:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(timeout)
        try:
            s.connect(path)
            break
        except OSError as e:
            s.close()
            if time.monotonic() > deadline:
                raise QmpError("cannot connect to %s: %s" % (path, e))
            time.sleep(0.1)
    buf = b""

    def message():
        nonlocal buf
        while True:
            nl = buf.find(b"\n")
            if nl >= 0:
                line, buf = buf[:nl], buf[nl + 1:]
                if line.strip():
                    return json.loads(line)
                continue
            chunk = s.recv(65536)
            if not chunk:
                raise QmpError("QMP closed the connection")
            buf += chunk

    def reply():
        while True:  # asynchronous events may come first
            m = message()
            if "return" in m or "error" in m:
                return m

    try:
        greeting = message()
        if "QMP" not in greeting:
            raise QmpError("not a QMP greeting: %r" % greeting)
        s.sendall(b'{"execute": "qmp_capabilities"}\n')
        r = reply()
        if "error" in r:
            raise QmpError("qmp_capabilities: %r" % r["error"])
        out = []
        for c in commands:
            s.sendall((json.dumps(c) + "\n").encode())
            out.append(reply())
        return out
    finally:
        s.close()


def command_of(marker):
    """The QMP command a marker asks for; ValueError when it is not one."""
    w = marker.split()
    if len(w) in (2, 3) and w[0] == "critical_warning":
        dev = w[2] if len(w) == 3 else "nvme4k"
        return {"execute": "qom-set",
                "arguments": {"path": "/machine/peripheral/" + dev,
                              "property": "smart_critical_warning",
                              "value": int(w[1], 0)}}
    if len(w) == 4 and w[0] == "qom-set":
        try:
            value = json.loads(w[3])
        except ValueError:
            value = w[3]
        return {"execute": "qom-set",
                "arguments": {"path": w[1], "property": w[2], "value": value}}
    raise ValueError("unknown marker")


def watch(out, max_seconds):
    console = os.path.join(out, "console.log")
    sock = os.path.join(out, "qmp.sock")
    log = open(os.path.join(out, "qmp-hook.log"), "a", buffering=1)
    parent = os.getppid()
    end = time.monotonic() + max_seconds
    log.write("%.3f watching %s\n" % (time.time(), console))
    f = None
    pending = b""
    while time.monotonic() < end and os.getppid() == parent:
        if f is None:
            try:
                f = open(console, "rb")
            except OSError:
                time.sleep(0.1)
                continue
        chunk = f.read()
        if not chunk:
            time.sleep(0.05)
            continue
        pending += chunk
        *lines, pending = pending.split(b"\n")
        for raw in lines:
            line = raw.decode("utf-8", "replace").replace("\r", "")
            if "ssdq-vm: done" in line:
                log.write("%.3f the guest is done\n" % time.time())
                return 0
            m = MARKER.search(line)
            if not m:
                continue
            marker = m.group(1)
            try:
                r = qmp_session(sock, [command_of(marker)])[0]
                result = json.dumps(r, sort_keys=True)
            except (ValueError, QmpError, OSError) as e:
                result = "error: %s" % e
            log.write("%.3f %s -> %s\n" % (time.time(), marker, result))
    log.write("%.3f stopped watching\n" % time.time())
    return 0


def main(argv):
    if len(argv) >= 3 and argv[1] == "watch":
        max_s = 3600.0
        if len(argv) == 5 and argv[3] == "--max-seconds":
            max_s = float(argv[4])
        elif len(argv) != 3:
            print(__doc__, file=sys.stderr)
            return 2
        return watch(argv[2], max_s)
    if len(argv) >= 4 and argv[1] == "send":
        try:
            for r in qmp_session(argv[2], [json.loads(a) for a in argv[3:]]):
                print(json.dumps(r, sort_keys=True))
        except (ValueError, QmpError, OSError) as e:
            print("qmp.py: %s" % e, file=sys.stderr)
            return 1
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))

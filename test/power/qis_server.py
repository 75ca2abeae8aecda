#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""A small stand-in for Quarch Instrument Server, for ssdq's qis: tests.

Speaks the text protocol as quarchpy's QisInterface uses it: commands end in
"\\r\\n", every response ends with a "\\r\\n>" prompt; commands to a module are
prefixed with its id. "rec stream" starts a stream of one stripe per PERIOD_US
(time in µs, then 12V current mA, 12V voltage mV, 12V power mW, 3.3V current,
3.3V voltage, 3.3V power, Tot power mW); "stream text all" returns the stripes
buffered so far (at most BLOCK), followed by "eof" when fewer than BLOCK were
there; "stream?" answers Running, Stopped or Overrun.

usage: qis_server.py [--scenario normal|overrun|drop|nodevice] [--lifetime S]
Listens on 127.0.0.1 on a free port and prints the port on stdout first.
    overrun: after the 3rd "stream text all" the stream overruns; "rec stop"
             then "rec stream" starts it afresh
    drop:    the 3rd "stream text all" closes the connection; a reconnect works
"""
import argparse
import socket
import sys
import time

MODULE = "USB:QTL1999-05-005"
PERIOD_US = 1000
BLOCK = 400
HEADER = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<header>
<version>V3</version>
<mode>Single Rate</mode>
<devicePeriod>4us</devicePeriod>
<mainPeriod>{period}us</mainPeriod>
<channels>
<channel><name>12V</name><group>current</group><units>mA</units><maxTValue>0</maxTValue><dataPosition>1</dataPosition></channel>
<channel><name>12V</name><group>voltage</group><units>mV</units><maxTValue>0</maxTValue><dataPosition>2</dataPosition></channel>
<channel><name>12V</name><group>power</group><units>mW</units><maxTValue>0</maxTValue><dataPosition>3</dataPosition></channel>
<channel><name>3.3V</name><group>current</group><units>mA</units><maxTValue>0</maxTValue><dataPosition>4</dataPosition></channel>
<channel><name>3.3V</name><group>voltage</group><units>mV</units><maxTValue>0</maxTValue><dataPosition>5</dataPosition></channel>
<channel><name>3.3V</name><group>power</group><units>mW</units><maxTValue>0</maxTValue><dataPosition>6</dataPosition></channel>
<channel><name>Tot</name><group>power</group><units>mW</units><maxTValue>0</maxTValue><dataPosition>7</dataPosition></channel>
</channels>
</header>"""


class Stream:
    def __init__(self):
        self.state = "Stopped"
        self.t0 = None
        self.sent = 0          # stripes handed out
        self.polls = 0

    def start(self):
        self.state = "Running"
        self.t0 = time.monotonic()
        self.sent = 0

    def available(self):
        if self.t0 is None:
            return 0
        return int((time.monotonic() - self.t0) * 1e6 / PERIOD_US) - self.sent

    def stripes(self, n):
        out = []
        for i in range(self.sent, self.sent + n):
            out.append("%d 500 12000 6000 1000 3300 3300 9300" % (i * PERIOD_US))
        self.sent += n
        return out


def serve(conn, args, st, counters):
    conn.settimeout(1.0)
    conn.sendall(b"QIS v1.99 (ssdq test server)\r\n>")
    buf = b""
    deadline = time.monotonic() + args.lifetime
    while time.monotonic() < deadline:
        try:
            data = conn.recv(4096)
        except socket.timeout:
            continue
        if not data:
            return
        buf += data
        while b"\r\n" in buf:
            line, buf = buf.split(b"\r\n", 1)
            cmd = line.decode().strip()
            if cmd.startswith(MODULE + " "):
                cmd = cmd[len(MODULE) + 1:]
            if cmd == "$list":
                body = "No Devices Found" if args.scenario == "nodevice" else "1) " + MODULE
            elif cmd in ("stream mode header v3", "stream mode power enable") \
                    or cmd.startswith("record:averaging"):
                body = "OK"
            elif cmd == "rec stream":
                st.start()
                body = "OK"
            elif cmd == "rec stop":
                st.state = "Stopped"
                st.t0 = None
                body = "OK"
            elif cmd == "stream text header":
                body = HEADER.format(period=PERIOD_US) if st.t0 is not None \
                    else "Header Not Available"
            elif cmd == "stream?":
                body = "%s\r\nStripes Buffered: %d" % (st.state, max(st.available(), 0))
            elif cmd == "stream text all":
                counters["polls"] += 1
                if args.scenario == "drop" and counters["polls"] == 3:
                    conn.close()
                    return
                if args.scenario == "overrun" and counters["polls"] == 3:
                    st.state = "Overrun"
                if st.state != "Running":
                    body = "eof"
                else:
                    n = min(st.available(), BLOCK)
                    lines = st.stripes(n)
                    if n < BLOCK:
                        lines.append("eof")
                    body = "\r\n".join(lines)
            else:
                body = "FAIL: 0x40 -Bad command"
            conn.sendall((body + "\r\n>").encode())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenario", default="normal",
                    choices=["normal", "overrun", "drop", "nodevice"])
    ap.add_argument("--lifetime", type=float, default=20.0)
    args = ap.parse_args()
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", 0))
    srv.listen(4)
    srv.settimeout(0.5)
    print(srv.getsockname()[1], flush=True)
    counters = {"polls": 0}
    st = Stream()
    deadline = time.monotonic() + args.lifetime
    while time.monotonic() < deadline:
        try:
            conn, _ = srv.accept()
        except socket.timeout:
            continue
        try:
            serve(conn, args, st, counters)
        except OSError:
            pass
        finally:
            conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Soak test of ecs-host on loopback: honest clients doing action round trips beside hostile
peers (silent sockets, half-sent headers, garbage, mute upgrades, refused floods, unmasked
frames, actions that stall their worlds), for a bounded time.

Usage: scripts/soak.py [--seconds 60] [--clients 8] [--hostile 64] [--binary .build/debug/ecs-host]

The binary must be built with the RemoteHost trait (`swift build --traits RemoteHost --product
ecs-host`, or the README's test command, which enables every trait).

Prints round trips per second, p50/p99/max latency of the honest clients, how many hostile
sockets the host closed, and the host's RSS and open file descriptors before and after.
Exits 1 when an honest round trip failed, p99 passed 100 ms, a stalled world's action was not
answered action_timeout, or the host kept memory or file descriptors after all peers left (more
than 64 MB or 4 descriptors over the start). CI runs a 10-second form.
"""
import argparse, base64, os, random, socket, struct, subprocess, sys, threading, time

def ws_connect(port):
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(("GET /default HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(4096)
        if not chunk: raise ConnectionError("closed during the upgrade")
        head += chunk
    if b" 101 " not in head.split(b"\r\n")[0]: raise ConnectionError(head.split(b"\r\n")[0].decode())
    return s, head.split(b"\r\n\r\n", 1)[1]

def ws_send(s, text, masked=True):
    data, mask = text.encode(), os.urandom(4)
    n = len(data)
    bit = 0x80 if masked else 0
    header = bytes([0x81]) + (bytes([bit | n]) if n < 126 else bytes([bit | 126]) + struct.pack(">H", n))
    s.sendall(header + (mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)) if masked else data))

class Reader:
    def __init__(self, s, rest): self.s, self.buf = s, rest
    def need(self, n):
        while len(self.buf) < n:
            chunk = self.s.recv(65536)
            if not chunk: raise ConnectionError("closed")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out
    def text(self):
        """The next text frame; answers pings with pongs on the way, as WebSocket clients do."""
        while True:
            b0, b1 = self.need(2)
            n = b1 & 0x7F
            if n == 126: n = struct.unpack(">H", self.need(2))[0]
            elif n == 127: n = struct.unpack(">Q", self.need(8))[0]
            payload = self.need(n)
            opcode = b0 & 0x0F
            if opcode == 8: raise ConnectionError("close frame")
            if opcode == 9:
                mask = os.urandom(4)
                self.s.sendall(bytes([0x8A, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
                continue
            return payload.decode(errors="replace")

def host_stats(pid):
    rss = 0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"): rss = int(line.split()[1]) // 1024
    return rss, len(os.listdir(f"/proc/{pid}/fd"))

def honest(port, key, stop, latencies, failures):
    try:
        s, rest = ws_connect(port)
        r = Reader(s, rest)
        ws_send(s, '{"type":"connect","name":"counter","key":["%s"],"subscriptions":[]}' % key)
        r.text()  # init
        i = 0
        while not stop.is_set():
            i += 1
            t = time.perf_counter()
            ws_send(s, '{"type":"action","id":%d,"name":"add","args":[1]}' % i)
            while True:
                frame = r.text()
                if '"id":%d' % i in frame: break
            latencies.append(time.perf_counter() - t)
        s.close()
    except Exception as e:
        failures.append(f"{key}: {e}")

def hostile(port, kind, closed, sockets, stop, stalls):
    try:
        if kind in ("silent", "half", "garbage"):
            s = socket.create_connection(("127.0.0.1", port), timeout=30)
            if kind == "half": s.sendall(b"GET /default HTTP/1.1\r\nHost: x\r\n")
            if kind == "garbage": s.sendall(b"GARBAGE\r\n\r\n")
            sockets.append(s)
        else:
            s, _ = ws_connect(port)
            sockets.append(s)
            s.settimeout(30)
            if kind == "flood":
                ws_send(s, '{"type":"connect","name":"counter","key":["flood"],"subscriptions":["blob"]}')
                ws_send(s, '{"type":"action","id":1,"name":"flood","args":[15000000,0]}')
            if kind == "unmasked":
                ws_send(s, '{"type":"connect","name":"counter","key":["unmasked"],"subscriptions":[]}', masked=False)
            if kind == "stall":
                # Holds a world of its own 2 s per action, again and again: only that world waits.
                ws_send(s, '{"type":"connect","name":"counter","key":["stall-%d"],"subscriptions":[]}' % id(s))
                r = Reader(s, _)
                r.text()  # init
                i = 0
                while not stop.is_set():
                    i += 1
                    ws_send(s, '{"type":"action","id":%d,"name":"stall","args":[2000]}' % i)
                    while True:
                        frame = r.text()
                        if '"id":%d' % i in frame: break
                    stalls.append("action_timeout" in frame)
                return
        while s.recv(65536): pass  # drains until the host closes (or 30 s pass)
        closed.append(kind)
    except socket.timeout:
        pass  # still open after 30 s: the host did not close it
    except OSError:
        closed.append(kind)

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--hostile", type=int, default=64)
    parser.add_argument("--binary", default=".build/debug/ecs-host")
    args = parser.parse_args()
    if not (1 <= args.seconds <= 600): sys.exit("soak: --seconds must be 1...600")
    host = subprocess.Popen([args.binary, "--port", "0", "--handshake-timeout", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        line = host.stdout.readline()
        if not line.strip():  # it exited: built without the RemoteHost trait, or a bad option
            sys.exit("soak: ecs-host did not start: " + host.stderr.read().decode(errors="replace").strip())
        port = int(line)
        stop, latencies, failures, closed, sockets, stalls = threading.Event(), [], [], [], [], []
        threads = [threading.Thread(target=honest, args=(port, f"c{i}", stop, latencies, failures)) for i in range(args.clients)]
        kinds = ["silent", "half", "garbage", "mute", "flood", "unmasked", "stall"]
        threads += [threading.Thread(target=hostile, args=(port, kinds[i % len(kinds)], closed, sockets, stop, stalls), daemon=True)
                    for i in range(args.hostile)]
        # The honest clients' worlds exist before the baseline: a world keeps its own
        # descriptors for as long as it lives, which is not a leak.
        for t in threads[:args.clients]: t.start()
        time.sleep(1)
        before = host_stats(host.pid)
        for t in threads[args.clients:]: t.start()
        time.sleep(args.seconds)
        stop.set()
        for t in threads[:args.clients]: t.join(10)
        closed_by_host = len(closed)
        for sock in sockets:  # the peers leave: whatever the host kept must go with them
            try: sock.close()
            except OSError: pass
        time.sleep(3)
        after = host_stats(host.pid)
        latencies.sort()
        count = len(latencies)
        p = lambda q: latencies[min(count - 1, int(q * count))] * 1000 if count else float("nan")
        print(f"soak: {args.seconds:.0f} s, {args.clients} honest clients, {args.hostile} hostile peers")
        print(f"soak: {count} round trips, {count / args.seconds:.0f}/s; latency p50 {p(0.5):.2f} ms, p99 {p(0.99):.2f} ms, max {p(1.0):.2f} ms")
        print(f"soak: hostile sockets the host closed itself: {closed_by_host} of {args.hostile} (a flood is refused and its socket stays connected; a staller keeps its socket)")
        print(f"soak: stalled actions answered action_timeout: {sum(stalls)} of {len(stalls)}")
        print(f"soak: host RSS {before[0]} MB -> {after[0]} MB, file descriptors {before[1]} -> {after[1]}")
        bad = []
        if failures: bad.append(f"{len(failures)} honest clients failed: {failures[0]}")
        if count == 0 or p(0.99) > 100: bad.append(f"p99 latency {p(0.99):.1f} ms over 100 ms")
        if not all(stalls): bad.append(f"{len(stalls) - sum(stalls)} stalled actions not answered action_timeout")
        if after[0] - before[0] > 64: bad.append(f"RSS grew by {after[0] - before[0]} MB")
        if after[1] - before[1] > 4: bad.append(f"{after[1] - before[1]} file descriptors kept")
        for line in bad: print("soak: FAIL " + line)
        return 1 if bad else 0
    finally:
        host.terminate()
        try: host.wait(10)
        except subprocess.TimeoutExpired: host.kill()

if __name__ == "__main__":
    sys.exit(main())

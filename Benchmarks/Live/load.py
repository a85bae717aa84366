#!/usr/bin/env python3
"""Riders and followers of the club's live tracking, over raw HTTP/1.1 with asyncio (standard library only).

    load.py --servers URL_A,URL_B --token T --riders R --followers F --seconds S [--memory PID_A,PID_B]

Each rider is a live session sending a fix a second to one server (riders alternate between them), two fixes a
point every 2 s as `workout record --live-to` sends them, with the time the point was sent; each follower follows one session (follower i session i mod R) on the *other* server from
the start, so every point crosses PostgreSQL's LISTEN/NOTIFY. Reports the post-to-follower latency (p50, p99,
max), points lost, repeated or out of order, and, with --memory, each server's resident memory before the
followers connect and while they are all connected.
"""
import argparse, asyncio, json, random, time, uuid
from urllib.parse import urlparse

parser = argparse.ArgumentParser()
parser.add_argument("--servers", required=True)
parser.add_argument("--token", required=True)
parser.add_argument("--riders", type=int, required=True)
parser.add_argument("--followers", type=int, required=True)
parser.add_argument("--seconds", type=float, required=True)
parser.add_argument("--memory", default="")
args = parser.parse_args()
servers = [urlparse(u) for u in args.servers.split(",")]
sessions = [str(uuid.uuid4()) for _ in range(args.riders)]
latencies, post_times, problems = [], [], []
deliveries = []  # (sent at, latency): the latency through the run, 10 s at a time
sent = [0] * args.riders
received = [[] for _ in range(args.followers)]
connected = 0


def rss(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def open_connection(server):
    return await asyncio.open_connection(server.hostname, server.port)


async def read_answer(reader):
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    if length:
        await reader.readexactly(length)
    return status


async def rider(index, start, stop):
    server = servers[index % len(servers)]
    reader, writer = await open_connection(server)
    await asyncio.sleep(start - time.time() + random.random())
    sequence = 0
    lat, lon = 52.37 + index * 0.001, 4.89
    while True:
        sequence += 1
        ended = time.time() >= stop
        fixes = []
        for _ in range(2):
            lat += 0.00005
            fixes.append([lat, lon])
        body = json.dumps({"sequence": sequence, "ended": ended,
                           "snapshot": {"status": {"state": "ended" if ended else "running"}, "points": fixes, "sentAt": time.time()}}).encode()
        request = (f"POST /api/live/{sessions[index]} HTTP/1.1\r\nHost: {server.netloc}\r\nAuthorization: Bearer {args.token}\r\n"
                   f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body
        began = time.time()
        for attempt in range(5):
            try:
                writer.write(request)
                await writer.drain()
                status = await read_answer(reader)
                break
            except (ConnectionError, asyncio.IncompleteReadError):
                reader, writer = await open_connection(server)
        else:
            problems.append(f"rider {index}: point {sequence} not sent")
            status = 0
        post_times.append(time.time() - began)
        if status not in (200, 201):
            problems.append(f"rider {index}: point {sequence} answered {status}")
        sent[index] = sequence
        if ended:
            writer.close()
            return
        await asyncio.sleep(max(0.0, began + 2 - time.time()))


async def follower(index, ready):
    global connected
    session = index % args.riders
    server = servers[(session + 1) % len(servers)]
    reader, writer = await open_connection(server)
    writer.write((f"GET /api/live/{sessions[session]}/events HTTP/1.1\r\nHost: {server.netloc}\r\n"
                  f"Authorization: Bearer {args.token}\r\nAccept: text/event-stream\r\n\r\n").encode())
    await writer.drain()
    # Points sent before the follower asked come as its backlog: their wait is not the live path's.
    since = time.time()
    connected += 1
    if connected == args.followers:
        ready.set()
    got = received[index]
    while True:
        try:
            line = await asyncio.wait_for(reader.readline(), timeout=args.seconds + 60)
        except asyncio.TimeoutError:
            problems.append(f"follower {index}: the stream stalled")
            break
        if not line:
            break
        text = line.decode(errors="replace").strip()
        if text.startswith("id: "):
            got.append(int(text[4:]))
        elif text.startswith("data: ") and '"sentAt"' in text:
            sent_at = json.loads(text[6:])["sentAt"]
            if sent_at > since:
                latencies.append(time.time() - sent_at)
                deliveries.append((sent_at, latencies[-1]))
        elif text.startswith("0") and got and text == "0":
            break  # the chunked body's end
    writer.close()


async def main():
    pids = [int(p) for p in args.memory.split(",") if p]
    before = [rss(p) for p in pids]
    ready = asyncio.Event()
    start = time.time() + 2
    stop = start + args.seconds
    # The sessions exist before followers ask for them: each rider's first point, sent now.
    followers = []
    riders = [asyncio.create_task(rider(i, start, stop)) for i in range(args.riders)]
    await asyncio.sleep(3.5)
    followers = [asyncio.create_task(follower(i, ready)) for i in range(args.followers)]
    await asyncio.wait_for(ready.wait(), timeout=60)
    await asyncio.sleep(max(0.0, (stop - time.time()) / 2))
    during = [rss(p) for p in pids]
    await asyncio.gather(*riders)
    await asyncio.wait_for(asyncio.gather(*followers), timeout=120)
    lost = repeated = disordered = 0
    for index, got in enumerate(received):
        expected = sent[index % args.riders]
        lost += len(set(range(1, expected + 1)) - set(got))
        repeated += len(got) - len(set(got))
        disordered += sum(1 for a, b in zip(got, got[1:]) if b <= a)
    ordered = sorted(latencies)
    def percentile(p):
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000 if ordered else float("nan")
    posts = sorted(post_times)
    print(f"riders {args.riders} (a fix a second each, two a point every 2 s: {sum(sent)} points), followers {args.followers} on the other server, {args.seconds:.0f} s")
    print(f"post answered: p50 {posts[len(posts) // 2] * 1000:.1f} ms, p99 {posts[int(0.99 * (len(posts) - 1))] * 1000:.1f} ms")
    print(f"post to follower (points sent after it followed): p50 {percentile(0.5):.1f} ms, p99 {percentile(0.99):.1f} ms, max {ordered[-1] * 1000 if ordered else 0:.1f} ms over {len(ordered)} deliveries")
    windows = {}
    for sent_at, latency in deliveries:
        windows.setdefault(int((sent_at - start) // 10), []).append(latency)
    print("post to follower p99 by 10 s of the ride: " + ", ".join(
        f"{w * 10}–{w * 10 + 10} s {sorted(v)[int(0.99 * (len(v) - 1))] * 1000:.0f} ms" for w, v in sorted(windows.items()) if w >= 0))
    print(f"points lost {lost}, repeated {repeated}, out of order {disordered}")
    for pid, b, d in zip(pids, before, during):
        per = (d - b) * 1024 / max(1, args.followers / len(pids))
        print(f"server {pid}: {b:.1f} MB before followers, {d:.1f} MB with {args.followers // len(pids)} of them: {per:.1f} KB a follower")
    for problem in problems[:10]:
        print("problem:", problem)
    return 0 if lost == 0 and repeated == 0 and disordered == 0 and not problems else 1


raise SystemExit(asyncio.run(main()))

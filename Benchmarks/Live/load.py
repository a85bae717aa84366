#!/usr/bin/env python3
"""Riders and followers of the club's live tracking, over raw HTTP/1.1 with asyncio (standard library only).

    load.py --servers URL_A,URL_B --tokens FILE --riders R --followers F --seconds S [--processes P] [--memory PID_A,PID_B]

Each rider (its own token, a line of FILE) is a live session sending a fix a second to one server (riders alternate between them), two fixes a
point every 2 s as `workout record --live-to` sends them, with the time the point was sent; before the ride each rider sends its first point and makes a share link, and
each follower follows one session through its link (follower i session i mod R, as family and friends do) on the
*other* server from the start, so every point crosses PostgreSQL's LISTEN/NOTIFY. Reports the post-to-follower latency (p50, p99,
max), points lost, repeated or out of order, and, with --memory, each server's resident memory before the
followers connect and while they are all connected.

The followers are shared among P processes of their own (default 2), the riders run in this one: one Python
event loop reading 2,000 streams falls behind on its own and would count its lag as the servers'.
"""
import argparse, asyncio, http.client, json, multiprocessing, random, time, uuid
from urllib.parse import urlparse

parser = argparse.ArgumentParser()
parser.add_argument("--servers", required=True)
parser.add_argument("--tokens", required=True)
parser.add_argument("--riders", type=int, required=True)
parser.add_argument("--followers", type=int, required=True)
parser.add_argument("--seconds", type=float, required=True)
parser.add_argument("--processes", type=int, default=2)
parser.add_argument("--join-over", type=float, default=10.0, help="seconds over which followers open their streams, evenly (0: all at once)")
parser.add_argument("--memory", default="")
parser.add_argument("--deliveries", default="", help="a file to write each delivery to: sent at, latency (s), as CSV")
args = parser.parse_args()
servers = [urlparse(u) for u in args.servers.split(",")]
sessions = [str(uuid.uuid4()) for _ in range(args.riders)]
tokens = [line.strip() for line in open(args.tokens) if line.strip()]
links = []  # each session's share link's events
latencies, post_times, problems = [], [], []
deliveries = []  # (sent at, latency): the latency through the run, 10 s at a time
answered = {}  # (rider, sequence): when the club answered the post
arrivals = []  # (rider, sequence, when a follower read it): the way from the club's answer to a follower
opened = []  # how long each follower waited for its stream's answer
sent = [0] * args.riders
received = {}  # follower index: the sequence numbers it got, in order
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
    # Riders start at any moment of their first 2 s: points come evenly, not all in every other second.
    await asyncio.sleep(start - time.time() + 2 * random.random())
    sequence = 1  # sent before the ride, with the share link
    lat, lon = 52.37 + index * 0.001 + 0.0001, 4.89
    while True:
        sequence += 1
        ended = time.time() >= stop
        fixes = []
        for _ in range(2):
            lat += 0.00005
            fixes.append([lat, lon])
        body = point(index, sequence, fixes, ended)
        request = (f"POST /api/live/{sessions[index]} HTTP/1.1\r\nHost: {server.netloc}\r\nAuthorization: Bearer {tokens[index % len(tokens)]}\r\n"
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
        answered[(index, sequence)] = time.time()
        if status not in (200, 201):
            problems.append(f"rider {index}: point {sequence} answered {status}")
        sent[index] = sequence
        if ended:
            writer.close()
            return
        await asyncio.sleep(max(0.0, began + 2 - time.time()))


async def follower(index, count, ready, at):
    global connected
    await asyncio.sleep(max(0.0, at - time.time()))
    session = index % args.riders
    server = servers[(session + 1) % len(servers)]
    reader, writer = await open_connection(server)
    writer.write((f"GET {links[session]} HTTP/1.1\r\nHost: {server.netloc}\r\nAccept: text/event-stream\r\n\r\n").encode())
    await writer.drain()
    # Points sent before the follower asked come as its backlog: their wait is not the live path's.
    since = time.time()
    connected += 1
    if connected == count:
        ready.set()
    got = received.setdefault(index, [])
    head = await reader.readuntil(b"\r\n\r\n")
    opened.append(time.time() - since)
    status_line = head.split(b"\r\n", 1)[0].decode(errors="replace")
    if " 200 " not in status_line:
        problems.append(f"follower {index}: {status_line}")
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
                arrivals.append((session, got[-1] if got else 0, time.time()))
                deliveries.append((sent_at, latencies[-1]))
        elif text.startswith("0") and got and text == "0":
            break  # the chunked body's end
    writer.close()


async def followers_of(indices, connect_at, pipe):
    """One follower process: connects its followers from `connect_at` on, evenly over --join-over seconds, says
    when all are connected, and at the end sends back what they received."""
    ready = asyncio.Event()
    await asyncio.sleep(max(0.0, connect_at - time.time()))
    tasks = [asyncio.create_task(follower(i, len(indices), ready, connect_at + args.join_over * k / len(indices))) for k, i in enumerate(indices)]
    await asyncio.wait_for(ready.wait(), timeout=60 + args.join_over)
    pipe.send("connected")
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=args.seconds + 120)
    except asyncio.TimeoutError:
        problems.append(f"{sum(1 for t in tasks if not t.done())} followers never saw their rider's end")
    pipe.send((received, latencies, deliveries, arrivals, opened, problems))


def follower_process(indices, connect_at, pipe):
    asyncio.run(followers_of(indices, connect_at, pipe))


def point(index, sequence, fixes, ended=False):
    return json.dumps({"sequence": sequence, "ended": ended, "snapshot": {
        "status": {"state": "ended" if ended else "running"}, "points": fixes, "sentAt": time.time()}}).encode()


def prepare():
    """Before the ride, on one connection a server: each rider's first point, then a share link to its session."""
    connections = [http.client.HTTPConnection(server.hostname, server.port, timeout=60) for server in servers]
    for index in range(args.riders):
        connection = connections[index % len(connections)]
        headers = {"Authorization": f"Bearer {tokens[index % len(tokens)]}", "Content-Type": "application/json"}
        connection.request("POST", f"/api/live/{sessions[index]}", point(index, 1, [[52.37 + index * 0.001, 4.89]]), headers)
        answer = connection.getresponse()
        answer.read()
        if answer.status != 201:
            raise SystemExit(f"rider {index}: the first point was answered {answer.status}")
        connection.request("POST", f"/api/live/{sessions[index]}/share?hours=2", b"", headers)
        answer = connection.getresponse()
        body = answer.read()
        if answer.status != 201:
            raise SystemExit(f"rider {index}: the share link was answered {answer.status}: {body[:200]!r}")
        links.append(json.loads(body)["events"])
    for connection in connections:
        connection.close()
    sent[:] = [1] * args.riders


def start_followers(start):
    """The follower processes, started before this process's event loop; they connect 1.5 s into the ride."""
    workers = []
    for part in range(max(1, args.processes)):
        mine, theirs = multiprocessing.Pipe(duplex=False)
        indices = range(part, args.followers, max(1, args.processes))
        process = multiprocessing.Process(target=follower_process, args=(indices, start + 1.5, theirs))
        process.start()
        workers.append((process, mine))
    return workers


async def main(start, workers, before):
    pids = [int(p) for p in args.memory.split(",") if p]
    stop = start + args.seconds
    loop = asyncio.get_running_loop()
    riders = [asyncio.create_task(rider(i, start, stop)) for i in range(args.riders)]
    for _, pipe in workers:
        message = await loop.run_in_executor(None, lambda: pipe.recv() if pipe.poll(90 + args.join_over) else None)
        if message != "connected":
            problems.append("a follower process did not connect its followers in time")
    await asyncio.sleep(max(0.0, (stop - time.time()) / 2))
    during = [rss(p) for p in pids]
    await asyncio.gather(*riders)
    for process, pipe in workers:
        result = await loop.run_in_executor(None, lambda: pipe.recv() if pipe.poll(args.seconds + 180) else None)
        if result is None:
            problems.append("a follower process sent no result")
            continue
        their_received, their_latencies, their_deliveries, their_arrivals, their_opened, their_problems = result
        opened.extend(their_opened)
        arrivals.extend(their_arrivals)
        received.update(their_received)
        latencies.extend(their_latencies)
        deliveries.extend(their_deliveries)
        problems.extend(their_problems)
        process.join()
    lost = repeated = disordered = 0
    for index in range(args.followers):
        got = received.get(index, [])
        expected = sent[index % args.riders]
        lost += len(set(range(1, expected + 1)) - set(got))
        repeated += len(got) - len(set(got))
        disordered += sum(1 for a, b in zip(got, got[1:]) if b <= a)
    ordered = sorted(latencies)
    def percentile(p):
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000 if ordered else float("nan")
    posts = sorted(post_times)
    joining = f"joining over {args.join_over:.0f} s" if args.join_over > 0 else "all joining at once"
    print(f"riders {args.riders} (a fix a second each, two a point every 2 s: {sum(sent)} points), followers {args.followers} on the other server "
          f"({joining}), {args.seconds:.0f} s")
    print(f"post answered: p50 {posts[len(posts) // 2] * 1000:.1f} ms, p99 {posts[int(0.99 * (len(posts) - 1))] * 1000:.1f} ms")
    print(f"post to follower (points sent after it followed): p50 {percentile(0.5):.1f} ms, p99 {percentile(0.99):.1f} ms, max {ordered[-1] * 1000 if ordered else 0:.1f} ms over {len(ordered)} deliveries")
    if args.deliveries:
        with open(args.deliveries, "w") as file:
            file.writelines(f"{sent_at - start:.3f},{latency:.4f}\n" for sent_at, latency in sorted(deliveries))
    windows = {}
    for sent_at, latency in deliveries:
        windows.setdefault(int((sent_at - start) // 10), []).append(latency)
    print("post to follower p99 by 10 s of the ride: " + ", ".join(
        f"{w * 10}–{w * 10 + 10} s {sorted(v)[int(0.99 * (len(v) - 1))] * 1000:.0f} ms" for w, v in sorted(windows.items()) if w >= 0))
    onward = sorted(at - answered[(rider, sequence)] for rider, sequence, at in arrivals if (rider, sequence) in answered)
    if onward:
        print(f"of which from the post's answer to the follower: p50 {onward[len(onward) // 2] * 1000:.1f} ms, "
              f"p99 {onward[int(0.99 * (len(onward) - 1))] * 1000:.1f} ms")
    waits = sorted(opened)
    if waits:
        print(f"a follower's stream answered: p50 {waits[len(waits) // 2] * 1000:.1f} ms, p99 {waits[int(0.99 * (len(waits) - 1))] * 1000:.1f} ms, "
              f"max {waits[-1] * 1000:.1f} ms")
    print(f"points lost {lost}, repeated {repeated}, out of order {disordered}")
    for pid, b, d in zip(pids, before, during):
        per = (d - b) * 1024 / max(1, args.followers / len(pids))
        print(f"server {pid}: {b:.1f} MB before followers, {d:.1f} MB with {args.followers // len(pids)} of them: {per:.1f} KB a follower")
    for problem in problems[:10]:
        print("problem:", problem)
    return 0 if lost == 0 and repeated == 0 and disordered == 0 and not problems else 1


if __name__ == "__main__":
    multiprocessing.set_start_method("fork")
    prepare()
    before = [rss(int(p)) for p in args.memory.split(",") if p]
    start = time.time() + 2
    raise SystemExit(asyncio.run(main(start, start_followers(start), before)))

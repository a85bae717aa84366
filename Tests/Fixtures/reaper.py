#!/usr/bin/env python3
"""Ends what a test run started once the run is gone, however it ended (a CI time limit, Ctrl-C, a runner killed
by its harness): gpsd and gpsfake, socat pairs, D-Bus daemons, fake BlueZ servers, PostgreSQL clusters, browsers,
workout processes.

    reaper.py MARK RUNNER_PID

Started by TestSupport in a session of its own, so that what kills the run's process group does not kill it. While
the runner lives, it notes the runner's descendants every half second; once the runner is gone, it kills with
SIGKILL every process it noted that is still the same process, and every process whose environment carries
OPENHEALTHKIT_TEST_RUN=MARK (the run sets it in its own environment, and a daemon that left its parent keeps it),
then exits. The runner's children inherit its blocked SIGTERM, so SIGKILL it is.
"""
import os, signal, sys, time

mark, runner = sys.argv[1], int(sys.argv[2])
needle = f"OPENHEALTHKIT_TEST_RUN={mark}".encode()
me = os.getpid()


def alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


def processes():
    """pid -> (parent, start time), for every process now."""
    table = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
            table[int(name)] = (int(fields[1]), int(fields[19]))
        except (OSError, IndexError, ValueError):
            pass
    return table


def marked(pid):
    try:
        with open(f"/proc/{pid}/environ", "rb") as environ:
            return needle in environ.read().split(b"\0")
    except OSError:
        return False


noted = {}
while alive(runner):
    table = processes()
    children = {}
    for pid, (parent, _) in table.items():
        children.setdefault(parent, []).append(pid)
    todo = list(children.get(runner, []))
    while todo:
        pid = todo.pop()
        if pid != me and pid in table:
            noted[pid] = table[pid][1]
            todo.extend(children.get(pid, []))
    time.sleep(0.5)

for _ in range(5):
    table = processes()
    victims = {pid for pid, start in noted.items() if pid in table and table[pid][1] == start}
    victims |= {pid for pid in table if marked(pid)}
    victims.discard(me)
    if not victims:
        break
    for pid in victims:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    time.sleep(0.3)

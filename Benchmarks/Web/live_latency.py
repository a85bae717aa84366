#!/usr/bin/env python3
"""Fix-to-browser latency of the live page, end to end on real parts.

A ride simulated as NMEA is played by gpsfake through a real gpsd. A watcher
connected to the same gpsd notes when each fix leaves it (the moment the
recorder gets it too); `workout record --serve` records the ride; headless
Chromium keeps the live page open and notes when each fix's update arrives.
The latency of a fix is its first update's arrival in the page less its time
out of gpsd, both on this machine's clock.

    live_latency.py WORKOUT-BINARY [--seconds N]
"""
import argparse
import datetime
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

RIDE = """name: live latency ride
activity: running
seed: 3
route:
  loop: {{center: [52.37, 4.89], length: 3km}}
sensors:
  gps: {{noise: 0, accuracy: 4}}
  heartRate: off
timeline:
  - start
  - move: {{duration: {seconds}s, speed: 4}}
  - stop
"""


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def watch(port, arrivals, stop):
    """Notes the wall-clock time (ms) each TPV with a time leaves gpsd, by its fix time (ms)."""
    with socket.create_connection(('127.0.0.1', port)) as s:
        s.sendall(b'?WATCH={"enable":true,"json":true};\n')
        buffer = b''
        s.settimeout(0.5)
        while not stop.is_set():
            try:
                chunk = s.recv(65536)
            except socket.timeout:
                continue
            if not chunk:
                return
            now = time.time() * 1000
            buffer += chunk
            while b'\n' in buffer:
                line, buffer = buffer.split(b'\n', 1)
                try:
                    message = json.loads(line)
                except ValueError:
                    continue
                if message.get('class') == 'TPV' and 'time' in message and 'lat' in message:
                    fix = datetime.datetime.fromisoformat(message['time'].replace('Z', '+00:00')).timestamp() * 1000
                    arrivals.setdefault(round(fix), now)


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('workout')
    parser.add_argument('--seconds', type=int, default=120)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix='ohk-live-')
    scenario, nmea = os.path.join(folder, 'ride.yaml'), os.path.join(folder, 'ride.nmea')
    with open(scenario, 'w') as out:
        out.write(RIDE.format(seconds=args.seconds + 10))
    subprocess.run([args.workout, 'simulate', scenario, '--nmea', nmea, '--start', 'now'], check=True, stdout=subprocess.DEVNULL)
    port = free_port()
    gpsfake = subprocess.Popen(['gpsfake', '-n', '-q', '-1', '-P', str(port), '-c', '0.25', nmea], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    recorder = None
    driver = None
    stop = threading.Event()
    try:
        for _ in range(250):
            try:
                socket.create_connection(('127.0.0.1', port)).close()
                break
            except OSError:
                time.sleep(0.02)
        arrivals = {}
        threading.Thread(target=watch, args=(port, arrivals, stop), daemon=True).start()
        recorder = subprocess.Popen([args.workout, 'record', '--plain', '--gpsd', f'127.0.0.1:{port}', '--duration', str(args.seconds), '--fix-wait', '10',
                                     '--serve', '127.0.0.1:0', '--store', os.path.join(folder, 'health.sqlite')],
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        url = None
        for line in recorder.stdout:
            found = re.search(r'live page on (http://\S+)', line)
            if found:
                url = found.group(1)
                break
        if not url:
            sys.exit('error: workout record printed no live page address')
        threading.Thread(target=lambda: [None for _ in recorder.stdout], daemon=True).start()
        options = Options()
        for argument in ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage']:
            options.add_argument(argument)
        options.binary_location = '/usr/bin/chromium'
        driver = webdriver.Chrome(service=Service('/usr/bin/chromedriver'), options=options)
        driver.get(url)
        deadline = time.time() + args.seconds + 60
        while driver.execute_script("return document.getElementById('live-state').textContent") != 'ended':
            if time.time() > deadline:
                sys.exit('error: the live page never showed the end of the recording')
            time.sleep(0.5)
        updates = driver.execute_script('return window.liveLatencies')
    finally:
        stop.set()
        if driver:
            driver.quit()
        if recorder and recorder.poll() is None:
            recorder.terminate()
        gpsfake.terminate()
    first = {}
    for update in updates:
        fix = update.get('fixTime')
        if fix is not None and round(fix) not in first:
            first[round(fix)] = update
    latencies, serving = [], []
    for fix, update in first.items():
        if fix in arrivals:
            latencies.append(update['receivedAt'] - arrivals[fix])
            serving.append(update['sentAt'] - arrivals[fix])
    if not latencies:
        sys.exit('error: no fix could be matched between gpsd and the page')
    print(f'fixes out of gpsd {len(arrivals)}, seen on the page {len(first)}, matched {len(latencies)}')
    print(f'fix to browser: p50 {percentile(latencies, 50):.1f} ms, p99 {percentile(latencies, 99):.1f} ms, max {max(latencies):.1f} ms (goal: p99 under 100 ms)')
    print(f'  of which fix to the server sending it: p50 {percentile(serving, 50):.1f} ms, p99 {percentile(serving, 99):.1f} ms')


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""Writes N small GPX activities (20 points each, running, cycling, walking and
hiking in turn, nine hours apart) into a folder, for filling a store with many
workouts: Benchmarks/web imports them to measure the web app's list page.

    activities.py COUNT FOLDER
"""
import datetime
import os
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    count, folder = int(sys.argv[1]), sys.argv[2]
    os.makedirs(folder, exist_ok=True)
    kinds = ['running', 'cycling', 'walking', 'hiking']
    for i in range(count):
        start = datetime.datetime(2020, 1, 1, 6, 0, 0) + datetime.timedelta(hours=9 * i)
        points = []
        for k in range(20):
            time = (start + datetime.timedelta(seconds=30 * k)).strftime('%Y-%m-%dT%H:%M:%SZ')
            points.append(f'<trkpt lat="{52 + 0.0005 * k + 0.0001 * (i % 7):.6f}" lon="{4.9 + 0.0003 * k * (1 + i % 3):.6f}">'
                          f'<ele>{5 + k % 3}</ele><time>{time}</time></trkpt>')
        with open(os.path.join(folder, f'w{i:05d}.gpx'), 'w') as out:
            out.write('<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="benchmark" xmlns="http://www.topografix.com/GPX/1/1">'
                      f'<trk><type>{kinds[i % 4]}</type><trkseg>{"".join(points)}</trkseg></trk></gpx>')


if __name__ == '__main__':
    main()

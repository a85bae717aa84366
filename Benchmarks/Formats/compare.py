#!/usr/bin/env python3
"""FIT decoding and GPX→TCX conversion against the reference tools, in one run.

Goals (issue: FIT, TCX and GPX): `workout` decodes FIT at least 20× faster
than Garmin's Python FIT SDK (`garmin-fit-sdk`, Decoder.read), and converts
GPX to TCX at least as fast as gpsbabel, on a 10-hour 1 Hz ride and on the
largest real files in ../shared/data.

    python3 Benchmarks/Formats/compare.py            # the figures
    python3 Benchmarks/Formats/compare.py --smoke    # once, on a 10-minute ride, no goals (CI)

Needs: a release build of `workout` (built here if missing), garmin-fit-sdk
(pip), gpsbabel (apt). Each figure is the median of 5 runs. `workout` is timed
as a whole process (start-up included); the SDK is timed inside Python (its
start-up and import excluded), which favours the SDK.
"""
import os, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "data", "activity-files")
WORKOUT = os.path.join(ROOT, ".build", "release", "workout")
SMOKE = "--smoke" in sys.argv[1:]
RUNS = 1 if SMOKE else 5

TEN_HOURS = """\
name: 10-hour ride (benchmark)
activity: cycling
start: 2026-06-21T04:00:00Z
seed: 10
athlete: {age: 40, sex: female, mass: 62, height: 168, maxHeartRate: 182, restingHeartRate: 50}
route:
  loop: {center: [46.5197, 6.6323, 380], length: 25000, climb: 40}
sensors:
  gps: {rate: 1, noise: 2, accuracy: 5}
  heartRate: {rr: false}
timeline:
  - start
  - move: {duration: DURATION, speed: 27 km/h}
  - stop
  - end
"""


def median_seconds(action):
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run(arguments):
    subprocess.run(arguments, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main():
    try:
        from garmin_fit_sdk import Decoder, Stream
    except ImportError:
        sys.exit("garmin-fit-sdk is missing: python3 -m pip install garmin-fit-sdk")
    if shutil.which("gpsbabel") is None:
        sys.exit("gpsbabel is missing: sudo apt-get install gpsbabel")
    if not os.path.exists(WORKOUT):
        run(["swift", "build", "-c", "release", "--product", "workout", "--package-path", ROOT])

    work = tempfile.mkdtemp(prefix="ohk-formats-")
    scenario = os.path.join(work, "ten-hours.yaml")
    with open(scenario, "w") as f:
        f.write(TEN_HOURS.replace("DURATION", "10m" if SMOKE else "10h"))
    ride_fit, ride_gpx = os.path.join(work, "ten-hours.fit"), os.path.join(work, "ten-hours.gpx")
    # An in-memory store: the workout is exported, and nothing is kept.
    run([WORKOUT, "replay", scenario, "--store", ":memory:", "--export", ride_fit])
    run([WORKOUT, "export", ride_fit, "--output", ride_gpx])

    ride = "10-minute 1 Hz ride" if SMOKE else "10-hour 1 Hz ride"
    fits = [(ride, ride_fit), ("Edge 500 ride (real)", os.path.join(SHARED, "fitparse__garmin-edge-500-ride.fit"))]
    gpxs = [(ride, ride_gpx), ("Urban Biker ride (real)", os.path.join(SHARED, "gc__urbanbiker-ride-hr-2019-04-18.gpx"))]

    print(f"FIT decoding (median of {RUNS})")
    print(f"  {'file':26} {'size':>9} {'garmin-fit-sdk':>15} {'workout info':>13} {'speed-up':>9}  goal ≥ 20×")
    for name, path in fits:
        if not os.path.exists(path):
            print(f"  {name:26} skipped: {path} is absent")
            continue
        sdk = median_seconds(lambda: Decoder(Stream.from_file(path)).read())
        ours = median_seconds(lambda: run([WORKOUT, "info", path]))
        print(f"  {name:26} {os.path.getsize(path) / 1e6:7.2f} MB {sdk * 1000:12.0f} ms {ours * 1000:10.0f} ms {sdk / ours:8.1f}×  {'(smoke)' if SMOKE else 'met' if sdk / ours >= 20 else 'NOT met'}")

    print(f"GPX → TCX conversion (median of {RUNS})")
    print(f"  {'file':26} {'size':>9} {'gpsbabel':>15} {'workout export':>15} {'ratio':>7}  goal ≥ 1×")
    for name, path in gpxs:
        if not os.path.exists(path):
            print(f"  {name:26} skipped: {path} is absent")
            continue
        out_babel, out_ours = os.path.join(work, "babel.tcx"), os.path.join(work, "ours.tcx")
        babel = median_seconds(lambda: run(["gpsbabel", "-i", "gpx", "-f", path, "-o", "gtrnctr,course=0,sport=Biking", "-F", out_babel]))
        ours = median_seconds(lambda: run([WORKOUT, "export", path, "--output", out_ours]))
        print(f"  {name:26} {os.path.getsize(path) / 1e6:7.2f} MB {babel * 1000:12.0f} ms {ours * 1000:12.0f} ms {babel / ours:6.1f}×  {'(smoke)' if SMOKE else 'met' if babel / ours >= 1 else 'NOT met'}")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()

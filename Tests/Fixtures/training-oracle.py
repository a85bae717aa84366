"""GoldenCheetah's algorithms (sweat 0.25.0) on a ride's power, for TrainingMetrics' oracle tests.

    training-oracle.py FILE.tcx FTP CP WPRIME

Reads the TCX file's trackpoints itself (time, power), builds the one-a-second series of
moving time by the rule TrainingMetrics states (linear between readings at most 25 s apart,
zero across longer gaps except within one second of a reading; from the first reading's second, the clock
starting at the activity's start), then prints sweat's figures as JSON: weighted average power (NP), the
mean-max curve (monotonic; item t - 1 is t seconds), the 2-parameter CP fit on 120-1200 s, the stress score, and
W' balance by Froncioni-Skiba-Clarke.
"""
import json
import sys
import xml.etree.ElementTree as ET
from datetime import datetime

import numpy as np
import pandas as pd
from sweat.metrics.core import mean_max, weighted_average_power
from sweat.metrics.power import relative_intensity, stress_score
from sweat.pdm.regressors import PowerDurationRegressor
from sweat.pdm.w_prime_balance import w_prime_balance

NS = {"t": "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2",
      "x": "http://www.garmin.com/xmlschemas/ActivityExtension/v2"}


def when(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def readings(path):
    root = ET.parse(path).getroot()
    lap = root.find(".//t:Lap", NS)
    start = when(lap.get("StartTime"))
    times, watts = [], []
    for point in root.iterfind(".//t:Trackpoint", NS):
        power = point.find(".//x:Watts", NS)
        if power is None:
            continue
        times.append(when(point.find("t:Time", NS).text) - start)
        watts.append(float(power.text))
    return np.array(times), np.array(watts)


def per_second(times, values):
    # From the second of the first reading (no reading is not a reading of zero) to the last one's.
    grid = np.arange(int(np.floor(times[0])), int(np.floor(times[-1])) + 1, dtype=float)
    after = np.searchsorted(times, grid, side="right")
    series = np.zeros(len(grid))
    for k, nxt in enumerate(after):
        if nxt == 0:
            series[k] = values[0]
            continue
        before = nxt - 1
        hold = values[before] if grid[k] - times[before] < 1 else 0.0
        if times[before] == grid[k] or nxt == len(times):
            series[k] = hold
            continue
        gap = times[nxt] - times[before]
        if gap <= 25:
            series[k] = values[before] + (values[nxt] - values[before]) * (grid[k] - times[before]) / gap
        else:
            series[k] = hold
    return series


def main():
    path, ftp, cp, w_prime = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
    times, watts = readings(path)
    series = per_second(times, watts)
    # sweat skips the windows that start at the series' first second: a 0 W second before it (a second
    # that cannot raise any window) lets it see them. curve[t - 1] is t seconds.
    curve = mean_max(np.concatenate([[0.0], series]), monotonic=True)
    durations = np.arange(120, 1201)
    model = PowerDurationRegressor(model="2 param").fit(durations.reshape(-1, 1), curve[durations - 1])
    wap = weighted_average_power(series)
    balance = w_prime_balance(series, cp, w_prime, algorithm="froncioni-skiba-clarke").values
    print(json.dumps({
        "seconds": len(series),
        "sum": float(series.sum()),
        "np": float(wap),
        # Coggan's rule as TrainingMetrics takes it, by pandas: the rolling mean once its window is full.
        "np_full_window": float(np.mean(pd.Series(series).rolling(30).mean().dropna().values ** 4) ** 0.25),
        "if": float(relative_intensity(wap, ftp)),
        "tss": float(stress_score(wap, ftp, len(series))),
        "curve": [float(value) for value in curve],
        "cp": float(model.cp_),
        "w_prime": float(model.w_prime_),
        "balance": [float(b) for b in balance],
    }))


main()

#!/usr/bin/env python3
"""Judges a soak's memory by its whole series, not by its last sample.

Usage: judge.py SAMPLES TIME_COLUMN VALUE_COLUMN [--from ROW] [--limit-mib MIB] [--windows N]

SAMPLES has one sample a line, whitespace-separated columns (numbered from
1): the time (any unit) and the RSS in KiB. Rows before ROW (from 1) are
left out (the warm-up). The samples are cut into N windows of equal time;
each window's floor is its lowest RSS, which a decode in flight, a frame
being written or any other passing peak does not raise, while a leak raises
every floor after it. The growth is the Theil-Sen slope of the floors (the
median of the slopes between every two of them, so one odd window does not
sway it) times the run's length. One line says the growth and the verdict;
the exit status is 0 when it is under the limit, 1 when not, 2 for too few
samples to judge.
"""
import sys


def floors(series, windows):
    """The lowest value of each of `windows` equal spans of time: (middle time, floor) pairs."""
    start, end = series[0][0], series[-1][0]
    span = (end - start) / windows or 1
    lowest = {}
    for t, v in series:
        k = min(int((t - start) / span), windows - 1)
        lowest[k] = min(v, lowest.get(k, v))
    return [(start + (k + 0.5) * span, lowest[k]) for k in sorted(lowest)]


def median(values):
    s = sorted(values)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def growth(series, windows=10):
    """The series' growth over its length, from the trend of its windows' floors; None with too few samples."""
    points = floors(series, windows)
    if len(points) < 3:
        return None
    slopes = [(b[1] - a[1]) / (b[0] - a[0]) for i, a in enumerate(points) for b in points[i + 1:] if b[0] > a[0]]
    return median(slopes) * (series[-1][0] - series[0][0])


def read(path, time_column, value_column, first_row):
    series = []
    with open(path) as lines:
        for row, line in enumerate(lines, start=1):
            fields = line.split()
            if row >= first_row and len(fields) >= max(time_column, value_column):
                series.append((float(fields[time_column - 1]), float(fields[value_column - 1])))
    return series


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    path, time_column, value_column = argv[1], int(argv[2]), int(argv[3])
    options = dict(zip(argv[4::2], argv[5::2]))
    first_row = int(options.get("--from", 1))
    limit = float(options.get("--limit-mib", 5))
    windows = int(options.get("--windows", 10))
    series = read(path, time_column, value_column, first_row)
    mib = growth(series, windows) if len(series) >= windows else None
    if mib is None:
        print("  RSS trend: %d samples, too few to judge: FAILED" % len(series))
        return 2
    mib /= 1024
    verdict = "ok" if mib < limit else "OVER"
    print("  RSS trend over the run (the floors of %d windows, their Theil-Sen slope): %+.2f MiB (target < %g): %s"
          % (windows, mib, limit, verdict))
    return 0 if mib < limit else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))

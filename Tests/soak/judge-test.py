#!/usr/bin/env python3
"""Tests of judge.py on made-up series (run by `make unit`)."""
import importlib.util
import io
import os
import random
import tempfile
import unittest
from contextlib import redirect_stdout

spec = importlib.util.spec_from_file_location("soak_judge", os.path.join(os.path.dirname(__file__), "judge.py"))
judge = importlib.util.module_from_spec(spec)
spec.loader.exec_module(judge)

MIB = 1024  # the samples are in KiB


def series(climb_mib, spikes=True, n=2000, seed=1):
    """n samples 50 ms apart around 200 MiB: a climb of `climb_mib` over the run, noise of ±0.5 MiB,
    and (with `spikes`) a decode's 40 MiB held for 10 samples every 150, and in the last sample."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        rss = 200 * MIB + climb_mib * MIB * i / (n - 1) + rng.uniform(-0.5, 0.5) * MIB
        if spikes and (70 <= i % 150 < 80 or i == n - 1):
            rss += 40 * MIB
        out.append((i * 50.0, rss))
    return out


class SoakJudgeTests(unittest.TestCase):
    def test_a_flat_series_with_spikes_passes_though_its_last_sample_is_a_spike(self):
        s = series(0)
        self.assertGreater((s[-1][1] - s[0][1]) / MIB, 30, "the last sample alone reads as a leak")
        self.assertLess(abs(judge.growth(s) / MIB), 1)

    def test_a_slow_climb_fails_under_its_spikes(self):
        self.assertGreater(judge.growth(series(8)) / MIB, 6)
        self.assertGreater(judge.growth(series(8, spikes=False)) / MIB, 6)

    def test_one_odd_window_does_not_sway_the_trend(self):
        s = series(0, spikes=False)
        s = [(t, v + (60 * MIB if 1000 <= i < 1200 else 0)) for i, (t, v) in enumerate(s)]
        self.assertLess(abs(judge.growth(s) / MIB), 1)

    def test_the_command_reads_columns_leaves_out_the_warm_up_and_exits_by_its_verdict(self):
        def run(rows, *options):
            with tempfile.TemporaryDirectory() as folder:
                path = os.path.join(folder, "rss.samples")
                with open(path, "w") as f:
                    f.write("".join("%d 0 %d 12 1\n" % (t, v) for t, v in rows))
                out = io.StringIO()
                with redirect_stdout(out):
                    status = judge.main(["judge.py", path, "1", "3"] + list(options))
            return status, out.getvalue()

        status, line = run(series(8))
        self.assertEqual(status, 1)
        self.assertIn("OVER", line)
        self.assertEqual(run(series(8), "--from", "1001")[0], 0, "the second half climbs 4 MiB")
        self.assertEqual(run(series(8), "--limit-mib", "20")[0], 0)
        self.assertEqual(run(series(0)[:5])[0], 2, "five samples are too few")


if __name__ == "__main__":
    unittest.main()

#!/usr/bin/env python3
"""Random gestures as a `trips --replay` script, at 1280 x 800 points.

    Benchmarks/gen_gestures.py SEED EVENTS [HOURS] [STATE_EVERY] [--tame] > script.txt

SEED is a decimal or 0x number, EVENTS the number of input events (taps,
drags, pinches, mouse, wheel, keys, the Playground and Back buttons, and a
few deliberately bad ones: an up for a finger never down, moves at extreme
coordinates), at least that many: the last gesture is finished. HOURS, when
given and above 0, spreads the gestures over that much virtual time (the
soak); without it they come as in the fuzz, 2-10 ms apart within a gesture.
A `state` line follows every STATE_EVERY events (default 5000); at the end
every finger still down is lifted, and `state` lines come 1 s and 1.5 s later.
--tame (the soak's) moves a finger a little where the fuzz sends it to
extreme coordinates (1e40, -99999999...): the soak measures memory over
ordinary use, the fuzz hunts crashes.

The same generator, line for line, is FuzzGenerator in
Tests/TripsAppTests/FuzzTests.swift: a seed prints the same script from
either (integer arithmetic only; FuzzTests checks the two agree), so a
fuzz failure's seed is reproduced with this script.
"""
import sys

MASK = (1 << 64) - 1
W, H = 1280, 800
KEYS = ["Escape", "Return", "Space", "Tab", "Left", "Right", "Up", "Down",
        "+", "-", "0", "ctrl+Left", "ctrl+Right"]
EXTREMES = ["1e40", "-1e40", "1e30", "-99999999", "99999999", "3e38", "-3e38", "0", "-0.001", "1279.999"]
# Directions every 30 degrees, times 1000.
DIRS = [(1000, 0), (866, 500), (500, 866), (0, 1000), (-500, 866), (-866, 500),
        (-1000, 0), (-866, -500), (-500, -866), (0, -1000), (500, -866), (866, -500)]


def tdiv(a, b):
    """Integer division truncating toward zero, as Swift's `/` (b > 0)."""
    q = abs(a) // b
    return q if a >= 0 else -q


class Rng:
    """SplitMix64."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def range(self, a, b):
        """a...b, both included."""
        return a + self.below(b - a + 1)

    def chance(self, percent):
        return self.below(100) < percent


class Generator:
    def __init__(self, seed, events, hours=0.0, state_every=5000, tame=False):
        self.tame = tame
        self.rng = Rng(seed)
        self.target_events = events
        self.target_ms = int(hours * 3600000)
        self.state_every = state_every
        self.lines = ["size 1280 800"]
        self.t = 0
        self.events = 0
        self.states = 0
        self.down = {}  # finger -> (x, y), in order of going down
        self.mouse_down = False
        self.pointer = (640, 400)

    # -- output ---------------------------------------------------------------
    def emit(self, command):
        self.lines.append("at %d %s" % (self.t, command))
        self.events += 1
        if self.state_every > 0 and self.events % self.state_every == 0:
            self.lines.append("at %d state" % self.t)
            self.states += 1

    def step(self):
        self.t += self.rng.range(2, 10)

    # -- fingers --------------------------------------------------------------
    def free_finger(self):
        f = 1
        while f in self.down:
            f += 1
        return f

    def finger_down(self, f, x, y):
        self.emit("down %d %d %d" % (f, x, y))
        self.down[f] = (x, y)

    def finger_move(self, f, x, y):
        self.emit("move %d %d %d" % (f, x, y))
        self.down[f] = (x, y)

    def finger_up(self, f):
        r = self.rng
        if r.chance(8):
            self.emit("cancel %d" % f)
        elif r.chance(20):
            x, y = self.down[f]
            self.emit("up %d %d %d" % (f, x, y))
        else:
            self.emit("up %d" % f)
        del self.down[f]

    def point(self):
        r = self.rng
        k = r.below(100)
        if k < 30:
            return (r.range(0, W - 1), r.range(604, 784))          # the strip
        if k < 55:
            return (r.range(16, 906), r.range(68, 592))            # the big photo
        if k < 70:
            return (r.range(922, 1264), r.range(16, 432))          # the list
        if k < 90:
            return (r.range(0, W - 1), r.range(0, H - 1))          # anywhere
        return self.playground_point()

    def playground_point(self):
        r = self.rng
        k = r.below(3)
        if k == 0:
            return (r.range(580, 700), r.range(72, 112))           # Reset
        if k == 1:
            return (r.range(565, 715), r.range(325, 475))          # the square
        return (r.range(595, 685), r.range(535, 625))              # the circle

    def walk(self, x, y, dx, dy, lo, hi):
        """A few ms later, lo..hi points further along the direction (dx, dy)."""
        self.step()
        d = self.rng.range(lo, hi)
        return x + tdiv(dx * d, 1000), y + tdiv(dy * d, 1000)

    # -- gestures -------------------------------------------------------------
    def tap(self, x, y):
        r = self.rng
        f = self.free_finger()
        self.finger_down(f, x, y)
        for _ in range(r.range(0, 2)):
            self.t += r.range(2, 30)
            self.finger_move(f, x + r.range(-3, 3), y + r.range(-3, 3))
        self.t += r.range(20, 120)
        self.finger_up(f)

    def double_tap(self):
        x, y = self.point()
        self.tap(x, y)
        self.t += self.rng.range(40, 220)
        self.tap(x + self.rng.range(-5, 5), y + self.rng.range(-5, 5))

    def drag(self, steps, lo, hi):
        r = self.rng
        f = self.free_finger()
        x, y = self.point()
        self.finger_down(f, x, y)
        k = r.below(10)
        if k < 4:
            dx, dy = 0, 1000                   # a pull down
        elif k < 7:
            dx, dy = (1000 if r.chance(50) else -1000), 0   # a swipe
        else:
            dx, dy = DIRS[r.below(len(DIRS))]
        for _ in range(steps):
            x, y = self.walk(x, y, dx, dy, lo, hi)
            x += r.range(-2, 2)
            y += r.range(-2, 2)
            self.finger_move(f, x, y)
        self.step()
        self.finger_up(f)

    def long_press_drag(self, x, y):
        r = self.rng
        f = self.free_finger()
        self.finger_down(f, x, y)
        self.t += r.range(320, 800)
        dx = 1 if r.chance(50) else -1
        for _ in range(r.range(5, 40)):
            self.step()
            x += dx * r.range(3, 30)
            y += r.range(-3, 3)
            self.finger_move(f, x, y)
        self.t += r.range(2, 200)
        self.finger_up(f)

    def pinch(self, cx, cy):
        r = self.rng
        f1 = self.free_finger()
        self.down[f1] = (cx, cy)  # reserved until it really goes down
        f2 = self.free_finger()
        del self.down[f1]
        v0 = DIRS[r.below(len(DIRS))]
        v1 = DIRS[r.below(len(DIRS))] if r.chance(40) else v0
        g0, g1 = r.range(40, 400), r.range(40, 500)
        steps = r.range(4, 24)

        def at(i):
            g = g0 + tdiv((g1 - g0) * i, steps)
            vx = v0[0] + tdiv((v1[0] - v0[0]) * i, steps)
            vy = v0[1] + tdiv((v1[1] - v0[1]) * i, steps)
            ox, oy = tdiv(vx * g, 2000), tdiv(vy * g, 2000)
            return (cx - ox, cy - oy), (cx + ox, cy + oy)

        a, b = at(0)
        self.finger_down(f1, a[0], a[1])
        if r.chance(70):
            self.step()
        self.finger_down(f2, b[0], b[1])
        for i in range(1, steps + 1):
            self.step()
            a, b = at(i)
            self.finger_move(f1, a[0], a[1])
            self.finger_move(f2, b[0], b[1])
        self.step()
        first, second = (f1, f2) if r.chance(50) else (f2, f1)
        self.finger_up(first)
        if r.chance(50):
            self.step()
        self.finger_up(second)

    def three_fingers(self):
        r = self.rng
        fingers = []
        for _ in range(3):
            f = self.free_finger()
            x, y = self.point()
            self.finger_down(f, x, y)
            fingers.append(f)
            self.step()
        for _ in range(r.range(3, 15)):
            for f in fingers:
                x, y = self.down[f]
                self.finger_move(f, x + r.range(-20, 20), y + r.range(-20, 20))
            self.step()
        while fingers:
            f = fingers.pop(r.below(len(fingers)))
            self.finger_up(f)
            self.step()

    def mouse(self):
        r = self.rng
        x, y = self.point()
        k = r.below(10)
        if k < 1:                                   # hovering
            for _ in range(r.range(1, 8)):
                self.emit("mouse move %d %d" % (x, y))
                self.step()
                x += r.range(-40, 40)
                y += r.range(-40, 40)
            self.pointer = (x, y)
            return
        self.emit("mouse down %d %d" % (x, y))
        self.mouse_down = True
        if k < 5:                                   # a click
            self.t += r.range(30, 150)
        else:                                       # a drag
            dx, dy = DIRS[r.below(len(DIRS))]
            for _ in range(r.range(2, 30)):
                x, y = self.walk(x, y, dx, dy, 2, 30)
                self.emit("mouse move %d %d" % (x, y))
            self.step()
        self.emit("mouse up %d %d" % (x, y))
        self.mouse_down = False
        self.pointer = (x, y)

    def wheel(self):
        r = self.rng
        if r.chance(60):
            x, y = r.range(0, W - 1), r.range(604, 784)
        else:
            x, y = self.point()
        ctrl = " ctrl" if r.chance(35) else ""
        for _ in range(r.range(1, 6)):
            dx, dy = (r.range(-3, 3), 0) if r.chance(30) else (0, r.range(-3, 3))
            where = " %d %d" % (x, y) if r.chance(70) else ""
            self.emit("wheel %d %d%s%s" % (dx, dy, ctrl, where))
            self.step()

    def keys(self):
        r = self.rng
        for _ in range(r.range(1, 3)):
            self.emit("key " + KEYS[r.below(len(KEYS))])
            self.t += r.range(2, 60)

    def playground_play(self):
        r = self.rng
        k = r.below(4)
        if k == 0:
            self.tap(r.range(580, 700), r.range(72, 112))          # Reset
        elif k == 1:                                             # drag the square
            f = self.free_finger()
            x, y = r.range(565, 715), r.range(325, 475)
            self.finger_down(f, x, y)
            dx, dy = DIRS[r.below(len(DIRS))]
            for _ in range(r.range(3, 40)):
                x, y = self.walk(x, y, dx, dy, 2, 40)
                self.finger_move(f, x, y)
            self.finger_up(f)
        elif k == 2:                                             # hold the circle, drag it
            self.long_press_drag(r.range(595, 685), r.range(535, 625))
        else:                                                    # pinch and turn the square
            self.pinch(r.range(600, 680), r.range(360, 440))

    def bad(self):
        r = self.rng
        k = r.below(8)
        ghost = r.range(4, 9)
        while ghost in self.down:
            ghost += 1
        if k == 0:
            self.emit("up %d" % ghost)                     # up for a finger never down
        elif k == 1:
            self.emit("move %d %d %d" % (ghost, r.range(0, W), r.range(0, H)))
        elif k == 2:
            self.emit("cancel %d" % ghost)
        elif k == 3:                                       # moves at extreme coordinates
            f = self.free_finger()
            x, y = self.point()
            self.finger_down(f, x, y)
            for _ in range(r.range(1, 4)):
                self.step()
                ex = EXTREMES[r.below(len(EXTREMES))]
                ey = EXTREMES[r.below(len(EXTREMES))]
                if self.tame:                              # a small move instead
                    ex, ey = str(x + r.range(-40, 40)), str(y + r.range(-40, 40))
                self.emit("move %d %s %s" % (f, ex, ey))
            self.step()
            self.finger_up(f)
        elif k == 4:                                       # down twice, up once
            f = self.free_finger()
            x, y = self.point()
            self.finger_down(f, x, y)
            self.step()
            self.finger_down(f, x + 10, y + 10)
            self.step()
            self.finger_up(f)
        elif k == 5:                                       # mouse up and moves with no press
            self.emit("mouse up %d %d" % (r.range(0, W), r.range(0, H)))
            self.step()
            self.emit("mouse move %d %d" % (r.range(-100, W + 100), r.range(-100, H + 100)))
        elif k == 6:                                       # a finger left down across gestures
            f = self.free_finger()
            x, y = self.point()
            self.finger_down(f, x, y)
        else:                                              # keys that do nothing, wheel far off
            self.emit("key " + ["F13", "A", "Q", "Home", "Backspace"][r.below(5)])
            self.step()
            self.emit("wheel %d %d %d %d" % (r.range(-50, 50), r.range(-50, 50), r.range(-5000, 5000), r.range(-5000, 5000)))

    def gesture(self):
        r = self.rng
        # A finger left down by a bad gesture is lifted some time later.
        if self.down and r.chance(10):
            self.finger_up(list(self.down)[0])
            self.step()
        k = r.below(100)
        if k < 16:
            x, y = self.point()
            self.tap(x, y)
        elif k < 24:
            self.double_tap()
        elif k < 36:
            self.drag(r.range(3, 60), 2, 25)
        elif k < 41:
            self.drag(r.range(2, 5), 30, 80)                # a flick
        elif k < 48:
            self.long_press_drag(r.range(0, W - 1), r.range(604, 784))
        elif k < 58:
            x, y = self.point()
            self.pinch(x, y)
        elif k < 61:
            self.three_fingers()
        elif k < 69:
            self.mouse()
        elif k < 77:
            self.wheel()
        elif k < 85:
            self.keys()
        elif k < 89:
            self.tap(r.range(776, 906), r.range(18, 54))        # the Playground button
        elif k < 92:
            self.tap(r.range(16, 126), r.range(16, 56))         # the playground's Back
        elif k < 96:
            self.playground_play()
        else:
            self.bad()

    def pause(self, gesture_events, gesture_ms):
        r = self.rng
        left = self.target_ms - self.t
        if self.target_ms > 0 and left > 0:
            # The gesture's share of the time left, less what it took itself.
            remaining = max(1, self.target_events - self.events + gesture_events)
            mean = left * gesture_events // remaining - gesture_ms
            self.t += r.range(0, 2 * max(0, mean))
            return
        k = r.below(100)
        if k < 50:
            self.t += r.range(10, 120)
        elif k < 85:
            self.t += r.range(120, 400)
        else:
            self.t += r.range(400, 1200)

    def run(self):
        while self.events < self.target_events:
            before, start = self.events, self.t
            self.gesture()
            self.pause(self.events - before, self.t - start)
        # All fingers lifted, the mouse let go, then 1 s and 1.5 s of quiet.
        for f in sorted(self.down):
            self.step()
            self.emit("up %d" % f)
        self.down.clear()
        if self.mouse_down:
            self.step()
            self.emit("mouse up %d %d" % self.pointer)
        self.lines.append("at %d state" % (self.t + 1000))
        self.lines.append("at %d state" % (self.t + 1500))
        self.states += 2
        return "\n".join(self.lines) + "\n"


def main(argv):
    tame = "--tame" in argv
    argv = [a for a in argv if a != "--tame"]
    if len(argv) < 3 or len(argv) > 5:
        sys.stderr.write("usage: gen_gestures.py SEED EVENTS [HOURS] [STATE_EVERY] [--tame]\n")
        return 2
    seed = int(argv[1], 0)
    events = int(argv[2])
    hours = float(argv[3]) if len(argv) > 3 else 0.0
    every = int(argv[4]) if len(argv) > 4 else 5000
    sys.stdout.write(Generator(seed, events, hours, every, tame).run())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

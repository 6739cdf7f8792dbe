#!/usr/bin/env bash
# End-to-end test of a clip's sound (issue #38's `M`), live on Xvfb through
# SDL's disk audio driver, which writes what the app plays to a file: a
# 4 s clip (testsrc2; a 440 Hz sine, then 880 Hz from 2 s; AAC in MP4)
# opened big plays muted (no sound written), `M` turns its sound on (the
# file holds the tone, which turns to 880 Hz and back at the clip's loop
# 2.0 s later), `K` pauses it (silence), a scrub to 3 s and `K` play it
# on from there (880 Hz), `M` mutes it, and closing the photo stops it; a clip without sound says so
# and plays on, nothing but silence written; without an audio device the
# log says so once and the clip plays on.
# Usage: Tests/e2e/sound.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-sound "sound" "${1:-}"

# 440 Hz for its first 2 s, 880 Hz for the next 2: where the sound is tells where in the clip it is.
ffmpeg -y -loglevel error -f lavfi -i testsrc2=s=640x360:r=30:d=4 -f lavfi -i sine=frequency=440:sample_rate=44100:d=2 \
    -f lavfi -i sine=frequency=880:sample_rate=44100:d=2 -filter_complex "[1:a][2:a]concat=n=2:v=0:a=1[a]" -map 0:v -map "[a]" \
    -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -shortest "$OUT/tone.mp4"
ffmpeg -y -loglevel error -f lavfi -i testsrc2=s=640x360:r=30:d=4 -c:v libx264 -preset ultrafast -pix_fmt yuv420p "$OUT/mute.mp4"
start_xvfb 1280x800 >/dev/null || { bad "Xvfb starts"; e2e_end; }

# The disk driver's FILE (48 kHz stereo S16): its left channel, read by
# plain Python (no numpy in Debian's test packages here), from FROM to TO s.
analyse() {
    python3 - "$@" <<'PY'
import array, math, os, sys
what, path, start, end = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
samples = array.array("h")
if os.path.exists(path):
    with open(path, "rb") as f: samples.frombytes(f.read())
left = samples[0::2][int(start * 48000):int(end * 48000)]
def rms(part): return math.sqrt(sum(x * x for x in part) / len(part)) / 32768 if part else 0
def hz(part):
    # By upward zero crossings over its sounding 10 ms blocks (a gap is no lower tone); 0 when mostly silent.
    blocks = [part[i:i + 480] for i in range(0, len(part) - 479, 480)]
    sounding = [b for b in blocks if rms(b) > 0.01]
    if len(sounding) * 2 < len(blocks) or not sounding: return 0
    return sum(sum(1 for a, b in zip(x, x[1:]) if a < 0 <= b) for x in sounding) * 100 / len(sounding)
if what == "tone":
    # The loudness (0..1) and the frequency in Hz.
    print("0 0" if len(left) < 4800 else "%.4f %.0f" % (rms(left), hz(left)))
else:
    # Where (s into the file) the tone turns from 440 to 880 Hz or back: "up 0.62 down 2.61".
    # Each whole 10 ms block (no gap in it) is one or the other; a turn holds for 3 blocks.
    last, run, out = None, [], []
    for i in range(0, len(left) - 479, 480):
        block = left[i:i + 480]
        if rms(block) < 0.05: continue
        high = sum(1 for a, b in zip(block, block[1:]) if a < 0 <= b) > 6
        run = run + [i] if run and high != last and len(run) < 3 else ([i] if high != last else [])
        if len(run) == 3:
            if last is not None: out.append("%s %.3f" % ("up" if high else "down", start + run[0] / 48000))
            last, run = high, []
    print(" ".join(out))
PY
}
tone() { analyse tone "$@"; }         # tone FILE FROM TO: "RMS HZ"
switches() { analyse switches "$@"; } # switches FILE FROM TO: "up T down T..."
bytes() { stat -c %s "$1" 2>/dev/null || echo 0; }

# play NAME: opens the clip NAME, alone in a library, big (a click on its
# strip photo), with SDL's disk audio writing to $OUT/NAME.raw; it stays
# open (PID in PLAYER).
play() {
    mkdir -p "$OUT/$1.d" && mv "$OUT/$1" "$OUT/$1.d/"
    DISPLAY=$X_DISPLAY SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE="$OUT/$1.raw" "$TRIPS" --photos "$OUT/$1.d" 2>"$OUT/$1.err" &
    PLAYER=$!; track "$PLAYER"
    shoot_until_drawn "$OUT/$1-start.png"
    DISPLAY=$X_DISPLAY xdotool mousemove 100 300 click 1
    sleep 1.5
}

at() { awk -v b="$1" -v d="$2" 'BEGIN { print b / 192000 + d }'; } # a byte count of the file, in seconds, moved by D
play tone.mp4
expect "opened big, a clip plays muted: no sound written ($(bytes "$OUT/tone.mp4.raw") bytes)" [ "$(bytes "$OUT/tone.mp4.raw")" = 0 ]
DISPLAY=$X_DISPLAY xdotool key m
sleep 0.4
DISPLAY=$X_DISPLAY import -window root "$OUT/tone-controls.png" 2>/dev/null
sleep 2.8
on=$(bytes "$OUT/tone.mp4.raw")
DISPLAY=$X_DISPLAY xdotool key k # pause
sleep 0.5
# A tap on the scrubber at three quarters (it spans 94 to 828): 3 s in, 880 Hz.
DISPLAY=$X_DISPLAY xdotool mousemove 645 516 click 1
sleep 0.5
paused=$(bytes "$OUT/tone.mp4.raw")
DISPLAY=$X_DISPLAY xdotool key k # play on
sleep 0.8
again=$(bytes "$OUT/tone.mp4.raw")
DISPLAY=$X_DISPLAY xdotool key m
sleep 1
off=$(bytes "$OUT/tone.mp4.raw")
DISPLAY=$X_DISPLAY xdotool key m
sleep 1
on2=$(bytes "$OUT/tone.mp4.raw")
DISPLAY=$X_DISPLAY xdotool key Escape # closed
sleep 1
closed=$(bytes "$OUT/tone.mp4.raw")
stop "$PLAYER"
read -r rms hz <<<"$(tone "$OUT/tone.mp4.raw" 0 0.3)"
echo "sound: after M, ${on} bytes written; its first 0.3 s: RMS $rms, strongest at $hz Hz"
expect "M: the clip's sound is written, a 440 Hz tone (${hz} Hz, RMS $rms)" awk -v h="$hz" -v r="$rms" 'BEGIN { exit !(h >= 430 && h <= 450 && r > 0.05) }'
turns=$(switches "$OUT/tone.mp4.raw" 0 "$(at "$on" 0)")
echo "sound: the tone's turns between 440 and 880 Hz (s into the file): $turns"
# The disk driver's clock is its sleeps: on a loaded machine it falls behind, and each restart
# (at most 80 ms behind) skips what it fell behind by, so the file may hold a little under 2 s.
expect "the tone turns to 880 Hz at the clip's 2 s, and back about 2 s later at its loop ($turns)" \
    awk -v t="$turns" 'BEGIN { n = split(t, a, " "); exit !(n >= 4 && a[1] == "up" && a[3] == "down" && a[4] - a[2] > 1.7 && a[4] - a[2] < 2.1) }'
read -r rms _ <<<"$(tone "$OUT/tone.mp4.raw" "$(at "$on" 0.3)" "$(at "$paused" -0.1)")"
expect "K pauses it: silence (RMS $rms)" awk -v r="$rms" 'BEGIN { exit !(r < 0.001) }'
read -r rms hz <<<"$(tone "$OUT/tone.mp4.raw" "$(at "$paused" 0.15)" "$(at "$paused" 0.6)")"
expect "scrubbed to 3 s, K plays it on from there: 880 Hz (${hz} Hz, RMS $rms)" awk -v h="$hz" -v r="$rms" 'BEGIN { exit !(h >= 860 && h <= 900 && r > 0.05) }'
read -r rms _ <<<"$(tone "$OUT/tone.mp4.raw" "$(at "$again" 0.3)" "$(at "$off" 0)")"
expect "M again mutes it: silence (RMS $rms)" awk -v r="$rms" 'BEGIN { exit !(r < 0.001) }'
read -r rms hz <<<"$(tone "$OUT/tone.mp4.raw" "$(at "$off" 0.3)" "$(at "$on2" -0.1)")"
read -r rms_closed _ <<<"$(tone "$OUT/tone.mp4.raw" "$(at "$on2" 0.3)" "$(at "$closed" 0)")"
expect "on again, then closed: the tone (${hz} Hz), then silence (RMS $rms_closed)" \
    awk -v h="$hz" -v r="$rms_closed" 'BEGIN { exit !((h >= 430 && h <= 450 || h >= 860 && h <= 900) && r < 0.001) }'
check "the log says nothing of sound failing" '! grep -qi "no sound\|cannot be played" "$OUT/tone.mp4.err"'
check "the log says how far off the clip's position the sound was: under 150 ms (p99), what the 80 ms restarts hold it to" \
    'grep "sound queued" "$OUT/tone.mp4.err" | sed "s/.*ms (p50), \([0-9.]*\) ms (p99).*/\1/" | xargs -I{} awk -v v={} "BEGIN { exit !(v < 150) }"'
grep -h "sound queued" "$OUT/tone.mp4.err" | sed 's/^/sound: /'

play mute.mp4
DISPLAY=$X_DISPLAY xdotool key m
sleep 1
DISPLAY=$X_DISPLAY import -window root "$OUT/mute-toast.png" 2>/dev/null
read -r rms_mute _ <<<"$(tone "$OUT/mute.mp4.raw" 0 10)"
expect "a clip without sound: M writes no sound (RMS $rms_mute)" awk -v r="$rms_mute" 'BEGIN { exit !(r < 0.001) }'
expect "and it plays on" kill -0 "$PLAYER"
check "its toast says so (drawn at the window's foot)" 'at_least "$(non_background "$OUT/mute-toast.png" 440 750 400 20)" 0.5'
# Closed and opened again, it opens muted, and M says so again.
DISPLAY=$X_DISPLAY xdotool key Escape
sleep 1
DISPLAY=$X_DISPLAY xdotool mousemove 100 300 click 1
sleep 1.2
DISPLAY=$X_DISPLAY import -window root "$OUT/mute-again.png" 2>/dev/null
DISPLAY=$X_DISPLAY xdotool key m
sleep 0.6
DISPLAY=$X_DISPLAY import -window root "$OUT/mute-toast-again.png" 2>/dev/null
check "opened again: no toast until M, then the toast again" \
    'at_most "$(non_background "$OUT/mute-again.png" 440 750 400 20)" 0.01 && at_least "$(non_background "$OUT/mute-toast-again.png" 440 750 400 20)" 0.5'
stop "$PLAYER"

# No audio device: one line in the log, and the clip plays on, muted.
mkdir -p "$OUT/none" && cp "$OUT/tone.mp4.d/tone.mp4" "$OUT/none/"
DISPLAY=$X_DISPLAY SDL_AUDIODRIVER=none-such "$TRIPS" --photos "$OUT/none" 2>"$OUT/none.err" &
PLAYER=$!; track "$PLAYER"
shoot_until_drawn "$OUT/none-start.png"
DISPLAY=$X_DISPLAY xdotool mousemove 100 300 click 1
sleep 1
DISPLAY=$X_DISPLAY xdotool key m
sleep 1
expect "no audio device: the clip plays on" kill -0 "$PLAYER"
stop "$PLAYER"
check "and the log says so once" '[ "$(grep -c "no sound" "$OUT/none.err")" = 1 ]'
grep -h "no sound" "$OUT/none.err" | sed 's/^/sound: /'
e2e_end

#!/usr/bin/env bash
# End-to-end test of a clip's sound (issue #38's `M`), live on Xvfb through
# SDL's disk audio driver, which writes what the app plays to a file: a
# 4 s clip (testsrc2 and a 440 Hz sine, AAC in MP4) opened big plays
# muted (no sound written), `M` turns its sound on (the file holds a
# 440 Hz tone), `M` again mutes it (silence follows); a clip without sound
# says so and plays on, nothing but silence written.
# Usage: Tests/e2e/sound.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-sound "sound" "${1:-}"

ffmpeg -y -loglevel error -f lavfi -i testsrc2=s=640x360:r=30:d=4 -f lavfi -i sine=frequency=440:sample_rate=44100:d=4 \
    -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -shortest "$OUT/tone.mp4"
ffmpeg -y -loglevel error -f lavfi -i testsrc2=s=640x360:r=30:d=4 -c:v libx264 -preset ultrafast -pix_fmt yuv420p "$OUT/mute.mp4"
start_xvfb 1280x800 >/dev/null || { bad "Xvfb starts"; e2e_end; }

# tone FILE FROM TO: "RMS FREQUENCY" of the disk driver's FILE (48 kHz
# stereo S16) between FROM and TO seconds: the left channel's loudness
# (0..1) and its strongest frequency in Hz.
tone() {
    python3 - "$@" <<'PY'
import sys, numpy
raw = numpy.fromfile(sys.argv[1], dtype="<i2") if __import__("os").path.exists(sys.argv[1]) else numpy.zeros(0, "<i2")
left = raw[0::2][int(float(sys.argv[2]) * 48000):int(float(sys.argv[3]) * 48000)].astype(float) / 32768
if len(left) < 4800: print("0 0"); sys.exit()
rms = float(numpy.sqrt(numpy.mean(left ** 2)))
spectrum = numpy.abs(numpy.fft.rfft(left * numpy.hanning(len(left))))
print("%.4f %.0f" % (rms, numpy.argmax(spectrum) * 48000 / len(left)))
PY
}
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

play tone.mp4
expect "opened big, a clip plays muted: no sound written ($(bytes "$OUT/tone.mp4.raw") bytes)" [ "$(bytes "$OUT/tone.mp4.raw")" = 0 ]
DISPLAY=$X_DISPLAY xdotool key m
sleep 0.4
DISPLAY=$X_DISPLAY import -window root "$OUT/tone-controls.png" 2>/dev/null
sleep 2.6
on=$(bytes "$OUT/tone.mp4.raw")
DISPLAY=$X_DISPLAY xdotool key m
sleep 1.5
off=$(bytes "$OUT/tone.mp4.raw")
stop "$PLAYER"
read -r rms hz <<<"$(tone "$OUT/tone.mp4.raw" 0.5 2.5)"
echo "sound: after M, ${on} bytes written; its 0.5-2.5 s: RMS $rms, strongest at $hz Hz"
expect "M: the clip's sound is written, a 440 Hz tone (${hz} Hz, RMS $rms)" awk -v h="$hz" -v r="$rms" 'BEGIN { exit !(h >= 430 && h <= 450 && r > 0.05) }'
quiet_from=$(awk -v b="$on" 'BEGIN { print b / 192000 + 0.3 }')
read -r rms_off _ <<<"$(tone "$OUT/tone.mp4.raw" "$quiet_from" "$(awk -v b="$off" 'BEGIN { print b / 192000 }')")"
expect "M again: silence follows (RMS $rms_off after ${quiet_from} s)" awk -v r="$rms_off" 'BEGIN { exit !(r < 0.001) }'
check "the log says nothing of sound failing" '! grep -qi "no sound\|cannot be played" "$OUT/tone.mp4.err"'
check "the log counts the sound queued" 'grep -q "s of sound queued" "$OUT/tone.mp4.err"'
grep -h "sound queued" "$OUT/tone.mp4.err" | sed 's/^/sound: /'

play mute.mp4
DISPLAY=$X_DISPLAY xdotool key m
sleep 1
DISPLAY=$X_DISPLAY import -window root "$OUT/mute-toast.png" 2>/dev/null
read -r rms_mute _ <<<"$(tone "$OUT/mute.mp4.raw" 0 10)"
expect "a clip without sound: M writes no sound (RMS $rms_mute)" awk -v r="$rms_mute" 'BEGIN { exit !(r < 0.001) }'
expect "and it plays on" kill -0 "$PLAYER"
stop "$PLAYER"
e2e_end

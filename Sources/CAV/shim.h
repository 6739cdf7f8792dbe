#ifndef TRIPS_CAV_SHIM_H
#define TRIPS_CAV_SHIM_H
// FFmpeg 5.1's libraries (Debian's libavformat-dev, libavcodec-dev,
// libswscale-dev, libswresample-dev, libavutil-dev): GIF, APNG and video
// clips demuxed, decoded and converted to RGBA, and a clip's sound to
// 48 kHz stereo S16, on the decode workers. The error macros
// Swift cannot import are given as functions.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <errno.h>

static inline int trips_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int trips_averror_eof(void) { return AVERROR_EOF; }
static inline int64_t trips_av_nopts(void) { return AV_NOPTS_VALUE; }
#endif

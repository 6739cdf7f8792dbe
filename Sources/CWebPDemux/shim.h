#ifndef TRIPS_CWEBPDEMUX_SHIM_H
#define TRIPS_CWEBPDEMUX_SHIM_H
// libwebp's demuxer (Debian's libwebp-dev): WebPAnimDecoder plays animated
// WebP, which FFmpeg 5.1 cannot decode. Its options' initialiser is a macro
// over a versioned function, given here as a function.
#include <webp/demux.h>

static inline int trips_webp_anim_options(WebPAnimDecoderOptions *options) { return WebPAnimDecoderOptionsInit(options); }
static inline WebPAnimDecoder *trips_webp_anim_decoder(const WebPData *data, const WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderNew(data, options);
}
#endif

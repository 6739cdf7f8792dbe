#ifndef TRIPS_CJPEG_SHIM_H
#define TRIPS_CJPEG_SHIM_H
// libjpeg-turbo's libjpeg API (Debian's libjpeg62-turbo-dev): decodes a
// region of a JPEG at 1/1 to 1/8 of its size (jpeg_crop_scanline,
// jpeg_skip_scanlines), for the detail tiles of a zoomed photo. libjpeg
// reports errors by calling error_exit, which must not return: Swift
// cannot setjmp, so the whole decode is this one C function.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>

struct trips_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void trips_jpeg_error_exit(j_common_ptr info) {
    struct trips_jpeg_error *error = (struct trips_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

/// Warnings (a damaged stream libjpeg can go on with) are not printed.
static void trips_jpeg_quiet(j_common_ptr info, int level) { (void)info; (void)level; }

/// Decodes the `width` x `height` region at `x`, `y` of the picture scaled
/// to 1/`denominator` (1, 2, 4 or 8) into RGBA rows of `pitch` bytes at
/// `out`. Returns 0, or -1 with libjpeg's reason in `message`.
static inline int trips_jpeg_decode_region(const unsigned char *data, unsigned long size, int denominator,
                                           int x, int y, int width, int height,
                                           unsigned char *out, int pitch, char *message, int capacity) {
    struct jpeg_decompress_struct info;
    struct trips_jpeg_error error;
    unsigned char *volatile row = NULL;
    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = trips_jpeg_error_exit;
    error.manager.emit_message = trips_jpeg_quiet;
    error.message[0] = 0;
    if (setjmp(error.jump)) {
        snprintf(message, (size_t)capacity, "%s", error.message);
        free(row);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    info.scale_num = 1;
    info.scale_denom = (unsigned int)denominator;
    info.out_color_space = JCS_EXT_RGBA;
    info.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&info);
    if (x < 0 || y < 0 || width <= 0 || height <= 0 || (JDIMENSION)(x + width) > info.output_width
        || (JDIMENSION)(y + height) > info.output_height) {
        snprintf(message, (size_t)capacity, "region %d,%d %dx%d is outside the %ux%u picture", x, y, width, height,
                 info.output_width, info.output_height);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    JDIMENSION left = (JDIMENSION)x, across = (JDIMENSION)width;
    jpeg_crop_scanline(&info, &left, &across); // widened to whole blocks: left <= x
    if (y > 0) jpeg_skip_scanlines(&info, (JDIMENSION)y);
    row = malloc((size_t)info.output_width * 4);
    if (!row) {
        snprintf(message, (size_t)capacity, "no memory for a row");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    for (int i = 0; i < height; i++) {
        JSAMPROW rows[1] = { row };
        jpeg_read_scanlines(&info, rows, 1);
        memcpy(out + (size_t)i * (size_t)pitch, row + (size_t)(x - (int)left) * 4, (size_t)width * 4);
    }
    free(row);
    jpeg_destroy_decompress(&info);
    return 0;
}
#endif

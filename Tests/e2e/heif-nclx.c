// heif-nclx IN.ppm OUT.heic PRIMARIES [LABEL]: an sRGB picture re-coded
// into the RGB space of H.273 colour primaries PRIMARIES (12: Display P3,
// 9: BT.2020), sRGB's curve kept, written as a HEIC whose colour is given
// only as numbers (an nclx box: LABEL, by default PRIMARIES; transfer 13,
// matrix 6), as phones write it. LABEL 1 says sRGB: the picture as if sRGB. heif-enc cannot: libheif 1.15 leaves the
// nclx box out unless asked (its macOS workaround). For Tests/e2e/colours.sh.
#include <libheif/heif.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double linear(double v) { return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4); }
static double coded(double v) {
    v = v < 0 ? 0 : v > 1 ? 1 : v;
    return v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055;
}

// sRGB (linear) to the target's linear RGB, through XYZ (D65): the inverse
// of the target's RGB-to-XYZ matrix times sRGB's (rounded to 4 places).
static const double toP3[3][3] = {{0.8225, 0.1774, 0.0000}, {0.0332, 0.9669, 0.0000}, {0.0171, 0.0724, 0.9108}};
static const double to2020[3][3] = {{0.6274, 0.3293, 0.0433}, {0.0691, 0.9195, 0.0114}, {0.0164, 0.0880, 0.8956}};

static int fail(const char *what) { fprintf(stderr, "heif-nclx: %s\n", what); return 1; }

int main(int argc, char **argv) {
    if (argc != 4 && argc != 5) return fail("usage: heif-nclx IN.ppm OUT.heic PRIMARIES [LABEL]");
    int primaries = atoi(argv[3]), label = argc == 5 ? atoi(argv[4]) : primaries;
    const double (*m)[3] = primaries == 12 ? toP3 : primaries == 9 ? to2020 : NULL;
    FILE *in = fopen(argv[1], "rb");
    int w, h, max;
    if (!in || fscanf(in, "P6 %d %d %d", &w, &h, &max) != 3 || max != 255 || fgetc(in) == EOF) return fail("not a binary PPM");
    unsigned char *rgb = malloc((size_t)w * h * 3);
    if (!rgb || fread(rgb, 3, (size_t)w * h, in) != (size_t)w * h) return fail("short PPM");
    fclose(in);
    struct heif_image *image;
    if (heif_image_create(w, h, heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image).code) return fail("no image");
    heif_image_add_plane(image, heif_channel_interleaved, w, h, 8);
    int stride;
    uint8_t *plane = heif_image_get_plane(image, heif_channel_interleaved, &stride);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            unsigned char *s = rgb + ((size_t)y * w + x) * 3;
            uint8_t *d = plane + (size_t)y * stride + x * 3;
            double l[3] = {linear(s[0] / 255.0), linear(s[1] / 255.0), linear(s[2] / 255.0)};
            for (int c = 0; c < 3; c++)
                d[c] = m ? (uint8_t)(coded(m[c][0] * l[0] + m[c][1] * l[1] + m[c][2] * l[2]) * 255 + 0.5) : s[c];
        }
    struct heif_color_profile_nclx *nclx = heif_nclx_color_profile_alloc();
    heif_nclx_color_profile_set_color_primaries(nclx, (uint16_t)label);
    heif_nclx_color_profile_set_transfer_characteristics(nclx, 13);
    heif_nclx_color_profile_set_matrix_coefficients(nclx, 6);
    nclx->full_range_flag = 1;
    heif_image_set_nclx_color_profile(image, nclx);
    struct heif_context *context = heif_context_alloc();
    struct heif_encoder *encoder;
    if (heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder).code) return fail("no HEVC encoder");
    heif_encoder_set_lossy_quality(encoder, 95);
    heif_encoder_set_parameter(encoder, "chroma", "444");
    struct heif_encoding_options *options = heif_encoding_options_alloc();
    options->output_nclx_profile = nclx;
    options->macOS_compatibility_workaround_no_nclx_profile = 0;
    if (heif_context_encode_image(context, image, encoder, options, NULL).code) return fail("encoding failed");
    if (heif_context_write_to_file(context, argv[2]).code) return fail("cannot write");
    return 0;
}

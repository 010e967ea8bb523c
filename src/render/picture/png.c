/*
 * png.c - PNG files from cairo image surfaces, through libpng.
 *
 * cairo's own writer stores 3 bytes a pixel at zlib's default level, and on
 * a 3001x3001 maze (6010x6010 px) compressing took most of the time. A maze
 * picture has few colours: when a frame has at most 256, it is written as
 * an 8-bit palette image (a third of the bytes to compress, no filtering,
 * as libpng advises for palettes, run-length matching), else as RGB. Pixels are the same either
 * way. Without libpng, cairo's writer is used.
 */
#include "picture.h"

#ifdef MZ_HAVE_CAIRO
#include <cairo.h>

#ifdef MZ_HAVE_PNG
#include <png.h>
#include <zlib.h>

typedef struct pngw {
    mz_pic_write_fn write;
    void *user;
    uint64_t part;
    bool failed;
} pngw;

static void png_out(png_structp p, png_bytep data, size_t len)
{
    pngw *w = png_get_io_ptr(p);
    if (!w->failed && w->write(w->user, w->part, data, len))
        w->failed = true;
}

static void png_flush_fn(png_structp p) { (void)p; }

#define SLOTS 1024 /* open addressing for at most 256 colours */

mz_status pic_png_write(cairo_surface_t *img, mz_pic_write_fn write, void *user, uint64_t part)
{
    cairo_surface_flush(img);
    int w = cairo_image_surface_get_width(img), h = cairo_image_surface_get_height(img);
    int stride = cairo_image_surface_get_stride(img);
    const unsigned char *data = cairo_image_surface_get_data(img);
    /* The palette, if it fits. */
    uint32_t key[SLOTS];
    int16_t idx[SLOTS];
    png_color pal[256];
    int npal = 0;
    memset(key, 0, sizeof key);
    for (int k = 0; k < SLOTS; k++)
        idx[k] = -1;
    for (int y = 0; y < h && npal <= 256; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        uint32_t last = 0xFFFFFFFFu;
        for (int x = 0; x < w; x++) {
            uint32_t c = row[x] & 0xFFFFFFu;
            if (c == last)
                continue;
            last = c;
            uint32_t j = (c * 2654435761u) >> 22;
            while (idx[j] >= 0 && key[j] != c)
                j = (j + 1) & (SLOTS - 1);
            if (idx[j] < 0) {
                if (npal == 256) {
                    npal = 257;
                    break;
                }
                key[j] = c;
                idx[j] = (int16_t)npal;
                pal[npal].red = (png_byte)(c >> 16);
                pal[npal].green = (png_byte)(c >> 8);
                pal[npal].blue = (png_byte)c;
                npal++;
            }
        }
    }
    bool palette = npal <= 256;
    pngw pw = {write, user, part, false};
    png_structp p = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = p ? png_create_info_struct(p) : NULL;
    png_bytep row = malloc((size_t)w * 3);
    mz_status s = MZ_OK;
    if (!p || !info || !row) {
        s = MZ_ENOMEM;
        goto out;
    }
    if (setjmp(png_jmpbuf(p))) {
        s = pw.failed ? MZ_EIO : MZ_ENOMEM;
        goto out;
    }
    png_set_write_fn(p, &pw, png_out, png_flush_fn);
    png_set_IHDR(p, info, (png_uint_32)w, (png_uint_32)h, 8,
                 palette ? PNG_COLOR_TYPE_PALETTE : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (palette) {
        png_set_PLTE(p, info, pal, npal);
        png_set_filter(p, 0, PNG_FILTER_NONE);
        /* Long runs of one colour: run-length matching is many times faster
         * than zlib's default search on them, and nearly as small. */
        png_set_compression_strategy(p, Z_RLE);
    }
    png_write_info(p, info);
    for (int y = 0; y < h; y++) {
        const uint32_t *src = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        for (int x = 0; x < w; x++) {
            uint32_t c = src[x] & 0xFFFFFFu;
            if (palette) {
                uint32_t j = (c * 2654435761u) >> 22;
                while (key[j] != c || idx[j] < 0)
                    j = (j + 1) & (SLOTS - 1);
                row[x] = (png_byte)idx[j];
            } else {
                row[3 * x] = (png_byte)(c >> 16);
                row[3 * x + 1] = (png_byte)(c >> 8);
                row[3 * x + 2] = (png_byte)c;
            }
        }
        png_write_row(p, row);
    }
    png_write_end(p, NULL);
    if (pw.failed)
        s = MZ_EIO;
out:
    if (p)
        png_destroy_write_struct(&p, info ? &info : NULL);
    free(row);
    return s;
}

#else /* cairo's writer */

typedef struct cw {
    mz_pic_write_fn write;
    void *user;
    uint64_t part;
} cw;

static cairo_status_t cw_write(void *closure, const unsigned char *data, unsigned int len)
{
    cw *c = closure;
    return c->write(c->user, c->part, data, len) ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}

mz_status pic_png_write(cairo_surface_t *img, mz_pic_write_fn write, void *user, uint64_t part)
{
    cw c = {write, user, part};
    cairo_status_t cs = cairo_surface_write_to_png_stream(img, cw_write, &c);
    return cs == CAIRO_STATUS_SUCCESS ? MZ_OK : cs == CAIRO_STATUS_WRITE_ERROR ? MZ_EIO : MZ_ENOMEM;
}

#endif /* MZ_HAVE_PNG */
#endif /* MZ_HAVE_CAIRO */

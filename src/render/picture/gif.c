/*
 * gif.c - the animated GIF writer (giflib): frames of 0xRRGGBB pixels,
 * one global 256-colour palette, looping for ever.
 *
 * The palette holds the colours the caller names exactly, the colour ramps
 * (PIC_RAMP_STEPS steps, and the 64 of the legend's bars), then a 5x5x5
 * cube; a pixel of any other colour takes the nearest entry. Index 255 is
 * transparent. The first frame is whole; every later one is the rectangle
 * that changed since the frame before, its unchanged pixels transparent,
 * drawn over it (disposal "do not dispose"). A frame that changes nothing
 * is one transparent pixel, so its delay still counts.
 */
#include "picture.h"

#ifdef MZ_HAVE_GIF

#include <gif_lib.h>

#define TRANSPARENT 255
#define NCACHE 4096

struct pic_gif {
    GifFileType *gif;
    mz_pic_write_fn write;
    void *user;
    bool failed;
    GifColorType pal[256];
    int npal;
    uint32_t ckey[NCACHE];
    uint8_t cval[NCACHE];
    bool cused[NCACHE];
    uint8_t *prev, *cur;
    int w, h;
    bool first;
};
typedef struct pic_gif gifw;

static int gif_out(GifFileType *gif, const GifByteType *data, int len)
{
    gifw *g = gif->UserData;
    if (g->failed || g->write(g->user, 0, data, (size_t)len)) {
        g->failed = true;
        return 0;
    }
    return len;
}

static void pal_add(gifw *g, uint32_t c)
{
    for (int k = 0; k < g->npal; k++)
        if (((uint32_t)g->pal[k].Red << 16 | (uint32_t)g->pal[k].Green << 8 | g->pal[k].Blue) == c)
            return;
    if (g->npal >= TRANSPARENT)
        return;
    g->pal[g->npal].Red = (GifByteType)(c >> 16);
    g->pal[g->npal].Green = (GifByteType)(c >> 8);
    g->pal[g->npal].Blue = (GifByteType)c;
    g->npal++;
}

/* The palette: every colour the caller names exactly, the colour ramps,
 * then a 5x5x5 cube for anything else (the hedge style's fog, say),
 * matched to the nearest. */
static void pal_build(gifw *g, const uint32_t *exact, size_t nexact)
{
    for (size_t k = 0; k < nexact; k++)
        pal_add(g, exact[k]);
    for (int r = 0; r < RAMP_COUNT; r++)
        for (int k = 0; k < PIC_RAMP_STEPS; k++)
            pal_add(g, pic_ramp(r, (double)k / (PIC_RAMP_STEPS - 1)));
    for (int k = 0; k < 64; k++) /* the legend's ramp bars */
        for (int r = 0; r < RAMP_COUNT; r++)
            pal_add(g, pic_ramp(r, k / 63.0));
    for (int r = 0; r < 5; r++)
        for (int gg = 0; gg < 5; gg++)
            for (int b = 0; b < 5; b++)
                pal_add(g, (uint32_t)(r * 255 / 4) << 16 | (uint32_t)(gg * 255 / 4) << 8 |
                               (uint32_t)(b * 255 / 4));
    while (g->npal < 256) { /* pad (the transparent slot included) */
        g->pal[g->npal].Red = g->pal[g->npal].Green = g->pal[g->npal].Blue = 0;
        g->npal++;
    }
}

static uint8_t pal_index(gifw *g, uint32_t c)
{
    uint32_t h = (c * 2654435761u) >> 20;
    for (uint32_t k = 0; k < NCACHE; k++) {
        uint32_t j = (h + k) & (NCACHE - 1);
        if (!g->cused[j])
            break;
        if (g->ckey[j] == c)
            return g->cval[j];
    }
    int best = 0;
    long bd = -1;
    for (int k = 0; k < TRANSPARENT; k++) {
        long dr = (long)((c >> 16) & 255) - g->pal[k].Red, dg = (long)((c >> 8) & 255) - g->pal[k].Green,
             db = (long)(c & 255) - g->pal[k].Blue, dd = dr * dr + dg * dg + db * db;
        if (bd < 0 || dd < bd) {
            bd = dd;
            best = k;
        }
    }
    for (uint32_t k = 0; k < NCACHE; k++) {
        uint32_t j = (h + k) & (NCACHE - 1);
        if (!g->cused[j]) {
            g->cused[j] = true;
            g->ckey[j] = c;
            g->cval[j] = (uint8_t)best;
            break;
        }
    }
    return (uint8_t)best;
}

mz_status pic_gif_open(pic_gif **out, int w, int h, const uint32_t *exact, size_t nexact,
                       mz_pic_write_fn write, void *user)
{
    int err = 0;
    gifw *g = *out = calloc(1, sizeof *g);
    if (!g)
        return MZ_ENOMEM;
    g->write = write;
    g->user = user;
    g->w = w;
    g->h = h;
    g->first = true;
    g->prev = malloc((size_t)w * (size_t)h);
    g->cur = malloc((size_t)w * (size_t)h);
    if (!g->prev || !g->cur)
        return MZ_ENOMEM;
    pal_build(g, exact, nexact);
    g->gif = EGifOpen(g, gif_out, &err);
    if (!g->gif)
        return MZ_ENOMEM;
    ColorMapObject *cm = GifMakeMapObject(256, g->pal);
    if (!cm)
        return MZ_ENOMEM;
    EGifSetGifVersion(g->gif, true);
    int rc = EGifPutScreenDesc(g->gif, w, h, 8, 0, cm);
    GifFreeMapObject(cm);
    if (rc != GIF_OK)
        return g->failed ? MZ_EIO : MZ_ENOMEM;
    /* Loop for ever (the NETSCAPE2.0 application block). */
    static const GifByteType loop[3] = {1, 0, 0};
    if (EGifPutExtensionLeader(g->gif, APPLICATION_EXT_FUNC_CODE) != GIF_OK ||
        EGifPutExtensionBlock(g->gif, 11, "NETSCAPE2.0") != GIF_OK ||
        EGifPutExtensionBlock(g->gif, 3, loop) != GIF_OK || EGifPutExtensionTrailer(g->gif) != GIF_OK)
        return MZ_EIO;
    return MZ_OK;
}

/* One frame: only the rectangle that changed, unchanged pixels inside it
 * transparent, drawn over the previous frame. */
mz_status pic_gif_frame(pic_gif *g, const unsigned char *data, size_t stride, unsigned delay_cs)
{
    int x0 = g->w, y0 = g->h, x1 = -1, y1 = -1;
    for (int y = 0; y < g->h; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        uint8_t *out = g->cur + (size_t)y * (size_t)g->w;
        for (int x = 0; x < g->w; x++) {
            out[x] = pal_index(g, row[x] & 0xFFFFFFu);
            if (g->first || out[x] != g->prev[(size_t)y * (size_t)g->w + (size_t)x]) {
                if (x < x0) x0 = x;
                if (x > x1) x1 = x;
                if (y < y0) y0 = y;
                if (y > y1) y1 = y;
            }
        }
    }
    if (x1 < 0) /* nothing changed: one transparent pixel keeps the timing */
        x0 = x1 = y0 = y1 = 0;
    GraphicsControlBlock gcb = {DISPOSE_DO_NOT, false, (int)delay_cs, g->first ? NO_TRANSPARENT_COLOR : TRANSPARENT};
    GifByteType ext[4];
    EGifGCBToExtension(&gcb, ext);
    if (EGifPutExtension(g->gif, GRAPHICS_EXT_FUNC_CODE, 4, ext) != GIF_OK ||
        EGifPutImageDesc(g->gif, x0, y0, x1 - x0 + 1, y1 - y0 + 1, false, NULL) != GIF_OK)
        return MZ_EIO;
    GifPixelType *line = malloc((size_t)(x1 - x0 + 1));
    if (!line)
        return MZ_ENOMEM;
    mz_status s = MZ_OK;
    for (int y = y0; y <= y1 && s == MZ_OK; y++) {
        for (int x = x0; x <= x1; x++) {
            size_t at = (size_t)y * (size_t)g->w + (size_t)x;
            line[x - x0] = !g->first && g->cur[at] == g->prev[at] ? TRANSPARENT : g->cur[at];
        }
        if (EGifPutLine(g->gif, line, x1 - x0 + 1) != GIF_OK)
            s = MZ_EIO;
    }
    free(line);
    uint8_t *t = g->prev;
    g->prev = g->cur;
    g->cur = t;
    g->first = false;
    return s;
}

mz_status pic_gif_close(pic_gif *g, mz_status s)
{
    int err = 0;
    if (!g)
        return s;
    if (g->gif && EGifCloseFile(g->gif, &err) != GIF_OK && s == MZ_OK)
        s = MZ_EIO;
    if (g->failed && s == MZ_OK)
        s = MZ_EIO;
    free(g->prev);
    free(g->cur);
    free(g);
    return s;
}


#else

mz_status pic_gif_open(pic_gif **out, int w, int h, const uint32_t *exact, size_t nexact,
                       mz_pic_write_fn write, void *user)
{
    (void)w, (void)h, (void)exact, (void)nexact, (void)write, (void)user;
    *out = NULL;
    return MZ_EUNSUPPORTED;
}

mz_status pic_gif_frame(pic_gif *g, const unsigned char *data, size_t stride, unsigned delay_cs)
{
    (void)g, (void)data, (void)stride, (void)delay_cs;
    return MZ_EUNSUPPORTED;
}

mz_status pic_gif_close(pic_gif *g, mz_status s)
{
    (void)g;
    return s;
}

#endif /* MZ_HAVE_GIF */

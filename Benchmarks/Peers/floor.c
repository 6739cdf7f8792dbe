/* floor: the least an SDL2 viewer can do before its first picture, for
 * Benchmarks/peers.sh: a 1280x800 window, one 1280x800 picture of noise (a
 * photo's worth of colours to the bench's screen watch) shown, then it waits
 * for SDL_QUIT (SIGTERM). It prints the ms from its start to the end of the
 * first present on stderr, with the ms its SDL_Init and SDL_CreateWindow took.
 * Usage: floor [RENDERER | wl_shm] [fullscreen]
 *   RENDERER (software, opengl...): that SDL renderer (with the hint Trips
 *     uses for software on X11), one texture drawn and presented;
 *   wl_shm (Wayland only): no SDL renderer; the picture goes into a wl_shm
 *     buffer attached to the window's own wl_surface (SDL_GetWindowWMInfo),
 *     the way Trips presents software frames on Wayland (docs/PRESENTING.md);
 *   fullscreen: SDL_WINDOW_FULLSCREEN_DESKTOP without libdecor, as trips --kiosk.
 * FLOOR_SURFACE_ONLY=path/to/libTripsSurfaceOnlyVulkan.so with wl_shm: the
 * window made without EGL, as Trips makes its wl_shm window (SurfaceOnlyWindow). */
#define _GNU_SOURCE
#include <SDL.h>
#include <SDL_syswm.h>
#include <SDL_vulkan.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>

enum { W = 1280, H = 800 };
static uint32_t pixels[W * H];
static struct wl_shm *shm;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data; (void)version;
    if (strcmp(interface, "wl_shm") == 0) shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) { (void)data; (void)registry; (void)name; }
static const struct wl_registry_listener registry_listener = { global, global_remove };

static struct wl_surface *shm_surface;
static struct wl_buffer *shm_buffer;

/* The buffer attached and committed again (a window event: SDL may have
 * configured the surface anew). */
static void commit_shm(struct wl_display *display) {
    wl_surface_attach(shm_surface, shm_buffer, 0, 0);
    wl_surface_damage_buffer(shm_surface, 0, 0, W, H);
    wl_surface_commit(shm_surface);
    wl_display_flush(display);
}

/* The picture on the window's wl_surface through one wl_shm buffer, on an
 * event queue of its own (SDL's events stay on SDL's); 0 when shown. */
static int present_shm(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_WAYLAND) {
        fprintf(stderr, "floor: wl_shm needs SDL's Wayland driver\n");
        return -1;
    }
    struct wl_display *display = info.info.wl.display;
    struct wl_surface *surface = info.info.wl.surface;
    struct wl_event_queue *queue = wl_display_create_queue(display);
    struct wl_display *wrapper = wl_proxy_create_wrapper(display);
    wl_proxy_set_queue((struct wl_proxy *)wrapper, queue);
    struct wl_registry *registry = wl_display_get_registry(wrapper);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip_queue(display, queue);
    if (!shm) { fprintf(stderr, "floor: the compositor offers no wl_shm\n"); return -1; }
    int fd = memfd_create("floor-wl_shm", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, sizeof pixels) != 0) { perror("floor: memfd"); return -1; }
    void *mapped = mmap(NULL, sizeof pixels, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (mapped == MAP_FAILED) { perror("floor: mmap"); return -1; }
    memcpy(mapped, pixels, sizeof pixels);
    struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, sizeof pixels);
    shm_buffer = wl_shm_pool_create_buffer(pool, 0, W, H, W * 4, WL_SHM_FORMAT_XRGB8888);
    wl_shm_pool_destroy(pool);
    shm_surface = surface;
    commit_shm(display);
    return 0;
}

static double since(Uint64 start) { return (SDL_GetPerformanceCounter() - start) * 1000.0 / SDL_GetPerformanceFrequency(); }

int main(int argc, char **argv) {
    Uint64 start = SDL_GetPerformanceCounter();
    const char *name = argc > 1 ? argv[1] : NULL;
    int fullscreen = argc > 2 && strcmp(argv[2], "fullscreen") == 0;
    if (fullscreen) SDL_SetHint(SDL_HINT_VIDEO_WAYLAND_ALLOW_LIBDECOR, "0");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "floor: %s\n", SDL_GetError()); return 1; }
    double initialised = since(start);
    Uint32 flags = fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0;
    const char *surfaceOnly = getenv("FLOOR_SURFACE_ONLY");
    if (surfaceOnly && name && strcmp(name, "wl_shm") == 0) {
        if (SDL_Vulkan_LoadLibrary(surfaceOnly) != 0) { fprintf(stderr, "floor: %s\n", SDL_GetError()); return 1; }
        flags |= SDL_WINDOW_VULKAN;
    }
    SDL_Window *window = SDL_CreateWindow("floor", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, W, H, flags);
    if (!window) { fprintf(stderr, "floor: %s\n", SDL_GetError()); return 1; }
    double created = since(start);
    uint32_t x = 2463534242u;
    for (int i = 0; i < W * H; i++) { x ^= x << 13; x ^= x >> 17; x ^= x << 5; pixels[i] = 0xFF000000u | (x & 0xFFFFFF); }
    const char *driver = SDL_GetCurrentVideoDriver();
    SDL_Renderer *renderer = NULL;
    SDL_Texture *texture = NULL;
    const char *shown;
    if (name && strcmp(name, "wl_shm") == 0) {
        if (present_shm(window) != 0) return 1;
        shown = "wl_shm";
    } else {
        int index = -1;
        for (int i = 0; name && i < SDL_GetNumRenderDrivers(); i++) {
            SDL_RendererInfo info;
            if (SDL_GetRenderDriverInfo(i, &info) == 0 && strcmp(info.name, name) == 0) index = i;
        }
        if (name && strcmp(name, "software") == 0 && driver && strcmp(driver, "wayland") != 0)
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
        renderer = SDL_CreateRenderer(window, index, 0);
        if (!renderer) { fprintf(stderr, "floor: %s\n", SDL_GetError()); return 1; }
        texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC, W, H);
        SDL_UpdateTexture(texture, NULL, pixels, W * 4);
        SDL_RenderCopy(renderer, texture, NULL, NULL);
        SDL_RenderPresent(renderer);
        SDL_RendererInfo info;
        SDL_GetRendererInfo(renderer, &info);
        shown = info.name;
    }
    fprintf(stderr, "floor: video %s, %s%s, SDL_Init %.1f ms, window %.1f ms, first frame after %.1f ms\n",
            driver ? driver : "?", shown, fullscreen ? " fullscreen" : "", initialised, created - initialised, since(start));
    SDL_Event event;
    while (SDL_WaitEvent(&event)) {
        if (event.type == SDL_QUIT) break;
        if (event.type != SDL_WINDOWEVENT) continue;
        if (renderer) { SDL_RenderCopy(renderer, texture, NULL, NULL); SDL_RenderPresent(renderer); continue; }
        SDL_SysWMinfo info;
        SDL_VERSION(&info.version);
        if (SDL_GetWindowWMInfo(window, &info)) commit_shm(info.info.wl.display);
    }
    SDL_Quit();
    return 0;
}

/* floor: the least an SDL2 viewer can do before its first picture, for
 * Benchmarks/peers.sh: a 1280x800 window, a renderer (the one named, with
 * the hint Trips uses for software on X11), one 1280x800 texture of noise
 * (a photo's worth of colours to the bench's screen watch) drawn and
 * presented. Then it waits for SDL_QUIT (SIGTERM). It prints the ms from
 * its start to the end of the first present on stderr.
 * Usage: floor [RENDERER] */
#include <SDL.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    Uint64 start = SDL_GetPerformanceCounter();
    const char *name = argc > 1 ? argv[1] : NULL;
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "floor: %s\n", SDL_GetError()); return 1; }
    SDL_Window *window = SDL_CreateWindow("floor", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 1280, 800, 0);
    if (!window) { fprintf(stderr, "floor: %s\n", SDL_GetError()); return 1; }
    int index = -1;
    for (int i = 0; name && i < SDL_GetNumRenderDrivers(); i++) {
        SDL_RendererInfo info;
        if (SDL_GetRenderDriverInfo(i, &info) == 0 && strcmp(info.name, name) == 0) index = i;
    }
    const char *driver = SDL_GetCurrentVideoDriver();
    if (name && strcmp(name, "software") == 0 && driver && strcmp(driver, "wayland") != 0)
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    SDL_Renderer *renderer = SDL_CreateRenderer(window, index, 0);
    if (!renderer) { fprintf(stderr, "floor: %s\n", SDL_GetError()); return 1; }
    SDL_Texture *texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC, 1280, 800);
    static uint32_t pixels[1280 * 800];
    uint32_t x = 2463534242u;
    for (int i = 0; i < 1280 * 800; i++) { x ^= x << 13; x ^= x >> 17; x ^= x << 5; pixels[i] = 0xFF000000u | (x & 0xFFFFFF); }
    SDL_UpdateTexture(texture, NULL, pixels, 1280 * 4);
    SDL_RenderCopy(renderer, texture, NULL, NULL);
    SDL_RenderPresent(renderer);
    SDL_RendererInfo info;
    SDL_GetRendererInfo(renderer, &info);
    fprintf(stderr, "floor: video %s, renderer %s, first frame after %.1f ms\n", driver ? driver : "?", info.name,
            (SDL_GetPerformanceCounter() - start) * 1000.0 / SDL_GetPerformanceFrequency());
    SDL_Event event;
    while (SDL_WaitEvent(&event)) {
        if (event.type == SDL_QUIT) break;
        if (event.type == SDL_WINDOWEVENT) { SDL_RenderCopy(renderer, texture, NULL, NULL); SDL_RenderPresent(renderer); }
    }
    SDL_Quit();
    return 0;
}

#ifndef TRIPS_CSDL2_SHIM_H
#define TRIPS_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>
/* SDL_Vulkan_LoadLibrary: the Wayland window made without EGL (Platform's SurfaceOnlyWindow). */
#include <SDL2/SDL_vulkan.h>
/* SDL's software textures are malloc'd: glibc's mallopt says how freed ones are kept (Platform's TextureMemory). */
#include <malloc.h>
#endif

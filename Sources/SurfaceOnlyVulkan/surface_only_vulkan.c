/*
 * What SDL 2.26 asks of a Vulkan loader before it makes a Wayland window,
 * and nothing more: the list of instance extensions, naming the two
 * surface extensions it checks for.
 *
 * Why: SDL 2.26's Wayland driver makes every window that is not a Vulkan
 * one an OpenGL one, and loads and initialises EGL for it (on a machine
 * without a GPU, Mesa's llvmpipe and LLVM: some 45-60 ms of CPU before the
 * first frame). Trips draws such a window's frames itself and presents
 * them through wl_shm on the window's wl_surface (docs/PRESENTING.md), so
 * it needs neither. A Vulkan window is the one kind SDL makes without EGL;
 * SDL loads the Vulkan loader for it and checks that the loader lists
 * VK_KHR_surface and VK_KHR_wayland_surface, then never calls it again
 * unless the app asks for a Vulkan surface, which Trips never does.
 *
 * Nothing else is offered: every other name, vkCreateInstance among them,
 * gives NULL, so a program that did try to use Vulkan through this library
 * would fail at its first call rather than draw nothing. Trips loads it by
 * path (SDL_Vulkan_LoadLibrary) only for the wl_shm window; it is never on
 * a search path where another program could take it for a Vulkan loader.
 */
#include "SurfaceOnlyVulkan.h"
#include <stdint.h>
#include <string.h>

/* Vulkan's own values (vulkan_core.h), spelled out so that no Vulkan
 * headers are needed to build this. */
enum { VK_SUCCESS = 0, VK_INCOMPLETE = 5, VK_ERROR_LAYER_NOT_PRESENT = -6, VK_MAX_EXTENSION_NAME_SIZE = 256 };

typedef struct {
    char extensionName[VK_MAX_EXTENSION_NAME_SIZE];
    uint32_t specVersion;
} ExtensionProperties;

static const char *const extensions[] = {"VK_KHR_surface", "VK_KHR_wayland_surface"};
enum { extensionCount = sizeof extensions / sizeof extensions[0] };

/* vkEnumerateInstanceExtensionProperties, by Vulkan's two-call rule: no
 * array gives the count; a short array is filled and VK_INCOMPLETE says so. */
static int32_t enumerateInstanceExtensionProperties(const char *layer, uint32_t *count, ExtensionProperties *properties) {
    if (layer != NULL) {
        *count = 0;
        return VK_ERROR_LAYER_NOT_PRESENT;
    }
    if (properties == NULL) {
        *count = extensionCount;
        return VK_SUCCESS;
    }
    uint32_t filled = *count < extensionCount ? *count : extensionCount;
    for (uint32_t i = 0; i < filled; i++) {
        memset(&properties[i], 0, sizeof properties[i]);
        strncpy(properties[i].extensionName, extensions[i], VK_MAX_EXTENSION_NAME_SIZE - 1);
        properties[i].specVersion = 1;
    }
    *count = filled;
    return filled < extensionCount ? VK_INCOMPLETE : VK_SUCCESS;
}

__attribute__((visibility("default"))) void *vkGetInstanceProcAddr(void *instance, const char *name) {
    if (instance == NULL && name != NULL && strcmp(name, "vkEnumerateInstanceExtensionProperties") == 0)
        return (void *)enumerateInstanceExtensionProperties;
    return NULL;
}

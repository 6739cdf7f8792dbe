#ifndef TRIPS_SURFACE_ONLY_VULKAN_H
#define TRIPS_SURFACE_ONLY_VULKAN_H
/* The one entry point SDL 2.26 looks up in a Vulkan loader (Vulkan's own
 * name and signature, handles as plain pointers). See surface_only_vulkan.c. */
void *vkGetInstanceProcAddr(void *instance, const char *name);
#endif

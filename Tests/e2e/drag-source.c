/* A drag source for the drop test on weston: a magenta 160x160 window
 * (xdg-shell) that, when a pointer button is pressed on it, starts a
 * drag (wl_data_device.start_drag, with the press's serial) offering
 * text/uri-list: the file URIs given, CRLF-ended. The test then moves the
 * real pointer (xdotool on weston's X11 window) over Trips and lets go;
 * it exits when the drop is done or cancelled ("finished" or "cancelled").
 * Built by the test with the xdg-shell code wayland-scanner generates.
 * Usage: drag-source URI... (WAYLAND_DISPLAY names the compositor). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"

enum { SIDE = 160 };
static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct wl_seat *seat;
static struct wl_data_device_manager *manager;
static struct xdg_wm_base *wm_base;
static struct wl_surface *surface;
static struct wl_data_device *device;
static char list[8192];
static int done;

static void global(void *data, struct wl_registry *r, uint32_t name, const char *interface, uint32_t version) {
    if (!strcmp(interface, "wl_compositor")) compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
    else if (!strcmp(interface, "wl_shm")) shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
    else if (!strcmp(interface, "wl_seat") && !seat) seat = wl_registry_bind(r, name, &wl_seat_interface, 1);
    else if (!strcmp(interface, "wl_data_device_manager")) manager = wl_registry_bind(r, name, &wl_data_device_manager_interface, 3);
    else if (!strcmp(interface, "xdg_wm_base")) wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
}
static void global_remove(void *data, struct wl_registry *r, uint32_t name) {}
static const struct wl_registry_listener registry_listener = {global, global_remove};

static void ping(void *data, struct xdg_wm_base *b, uint32_t serial) { xdg_wm_base_pong(b, serial); }
static const struct xdg_wm_base_listener wm_base_listener = {ping};

static struct wl_buffer *magenta(void) {
    int fd = memfd_create("drag-source", MFD_CLOEXEC), size = SIDE * SIDE * 4;
    if (fd < 0 || ftruncate(fd, size) < 0) return NULL;
    uint32_t *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    for (int i = 0; i < SIDE * SIDE; i++) pixels[i] = 0xffff00ff;
    struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, size);
    struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, SIDE, SIDE, SIDE * 4, WL_SHM_FORMAT_XRGB8888);
    wl_shm_pool_destroy(pool);
    close(fd);
    return buffer;
}

static void configure(void *data, struct xdg_surface *s, uint32_t serial) {
    xdg_surface_ack_configure(s, serial);
    wl_surface_attach(surface, magenta(), 0, 0);
    wl_surface_commit(surface);
}
static const struct xdg_surface_listener xdg_surface_listener = {configure};

static void target(void *data, struct wl_data_source *s, const char *type) {}
static void send(void *data, struct wl_data_source *s, const char *type, int32_t fd) {
    if (write(fd, list, strlen(list)) < 0) perror("drag-source: write");
    close(fd);
}
static void cancelled(void *data, struct wl_data_source *s) { printf("cancelled\n"); done = 1; }
static void dropped(void *data, struct wl_data_source *s) {}
static void finished(void *data, struct wl_data_source *s) { printf("finished\n"); done = 1; }
static void action(void *data, struct wl_data_source *s, uint32_t a) {}
static const struct wl_data_source_listener source_listener = {target, send, cancelled, dropped, finished, action};

static void p_enter(void *d, struct wl_pointer *p, uint32_t serial, struct wl_surface *s, wl_fixed_t x, wl_fixed_t y) {}
static void p_leave(void *d, struct wl_pointer *p, uint32_t serial, struct wl_surface *s) {}
static void p_motion(void *d, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y) {}
static void p_button(void *d, struct wl_pointer *p, uint32_t serial, uint32_t time, uint32_t button, uint32_t state) {
    static int started;
    if (state != WL_POINTER_BUTTON_STATE_PRESSED || started) return;
    started = 1;
    struct wl_data_source *source = wl_data_device_manager_create_data_source(manager);
    wl_data_source_add_listener(source, &source_listener, NULL);
    wl_data_source_offer(source, "text/uri-list");
    wl_data_source_set_actions(source, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY);
    wl_data_device_start_drag(device, source, surface, NULL, serial);
    printf("dragging\n");
    fflush(stdout);
}
static void p_axis(void *d, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t value) {}
static const struct wl_pointer_listener pointer_listener = {p_enter, p_leave, p_motion, p_button, p_axis};

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) { strncat(list, argv[i], sizeof list - strlen(list) - 3); strcat(list, "\r\n"); }
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) { fprintf(stderr, "drag-source: no Wayland display\n"); return 1; }
    wl_registry_add_listener(wl_display_get_registry(display), &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!compositor || !shm || !seat || !manager || !wm_base) { fprintf(stderr, "drag-source: a global is missing\n"); return 1; }
    xdg_wm_base_add_listener(wm_base, &wm_base_listener, NULL);
    device = wl_data_device_manager_get_data_device(manager, seat);
    wl_pointer_add_listener(wl_seat_get_pointer(seat), &pointer_listener, NULL);
    surface = wl_compositor_create_surface(compositor);
    struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(wm_base, surface);
    xdg_surface_add_listener(xs, &xdg_surface_listener, NULL);
    xdg_toplevel_set_title(xdg_surface_get_toplevel(xs), "drag-source");
    wl_surface_commit(surface);
    printf("ready\n");
    fflush(stdout);
    while (!done && wl_display_dispatch(display) >= 0) {}
    fflush(stdout);
    return 0;
}

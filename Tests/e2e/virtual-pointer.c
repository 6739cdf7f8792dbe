/* A pointer for a headless sway, which has no input device: it makes one
 * virtual pointer (wlroots' zwlr_virtual_pointer_manager_v1) on the seat
 * and keeps it until killed, so the seat can point and `swaymsg seat seat0
 * cursor press button1` reaches the focused window. Debian packages
 * neither the protocol's XML nor a tool that makes one, so the two
 * interfaces are written out here: only create_virtual_pointer (the
 * manager's request 0: a nullable wl_seat, then the new object) is sent.
 * Usage: virtual-pointer (WAYLAND_DISPLAY names the compositor). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <wayland-client.h>

static const struct wl_interface virtual_pointer = {"zwlr_virtual_pointer_v1", 1, 0, NULL, 0, NULL};
static const struct wl_interface *create_types[] = {&wl_seat_interface, &virtual_pointer};
static const struct wl_message manager_requests[] = {{"create_virtual_pointer", "?on", create_types}};
static const struct wl_interface manager_interface = {"zwlr_virtual_pointer_manager_v1", 1, 1, manager_requests, 0, NULL};

static struct wl_proxy *manager;
static struct wl_seat *seat;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    if (strcmp(interface, manager_interface.name) == 0) manager = wl_registry_bind(registry, name, &manager_interface, 1);
    if (strcmp(interface, "wl_seat") == 0 && !seat) seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {}
static const struct wl_registry_listener registry_listener = {global, global_remove};

int main(void) {
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) { fprintf(stderr, "virtual-pointer: no Wayland display\n"); return 1; }
    wl_registry_add_listener(wl_display_get_registry(display), &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!manager) { fprintf(stderr, "virtual-pointer: the compositor offers no %s\n", manager_interface.name); return 1; }
    wl_proxy_marshal_flags(manager, 0, &virtual_pointer, 1, 0, seat, NULL);
    wl_display_roundtrip(display);
    printf("ready\n");
    fflush(stdout);
    while (wl_display_dispatch(display) >= 0) {}
    return 0;
}

/*
 * A weston module for the end-to-end tests: a seat of its own with a touch
 * screen and a pointer, playing a script read from a FIFO, so the app gets
 * real Wayland touch, pointer and scroll events through weston and SDL's
 * Wayland code, as from hardware.
 *
 * Load: TRIPS_INPUT_FIFO=/abs/fifo weston --modules=/abs/weston-input.so
 * One command a line, coordinates in compositor space (global points):
 *   down ID X Y | move ID X Y | up ID    a touch point (sent at once)
 *   frame                                 ends a touch frame
 *   pointer X Y                           absolute pointer motion
 *   press | release                       the left button
 *   scroll DY                             a finger scroll (axis source finger)
 *   wait MS                               plays the next lines MS later
 *   mark TEXT                             prints "weston-input: mark TEXT"
 * Every event carries the compositor's time when it is played.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/input-event-codes.h>
#include <wayland-server.h>
#include <libweston/libweston.h>

/* libweston 10 exports these but its -dev package installs no header that
 * declares them (they are in its internal backend headers). */
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec, const char *seat_name);
int weston_seat_init_pointer(struct weston_seat *seat);
int weston_seat_init_touch(struct weston_seat *seat);
struct weston_touch_device *weston_touch_create_touch_device(struct weston_touch *touch, const char *syspath,
                                                             void *backend_data,
                                                             const struct weston_touch_device_ops *ops);
void notify_touch_normalized(struct weston_touch_device *device, const struct timespec *time, int touch_id,
                             double x, double y, const struct weston_point2d_device_normalized *norm,
                             int touch_type);
void notify_touch_frame(struct weston_touch_device *device);
void notify_motion_absolute(struct weston_seat *seat, const struct timespec *time, double x, double y);
void notify_button(struct weston_seat *seat, const struct timespec *time, int32_t button,
                   enum wl_pointer_button_state state);
void notify_axis(struct weston_seat *seat, const struct timespec *time, struct weston_pointer_axis_event *event);
void notify_axis_source(struct weston_seat *seat, uint32_t source);
void notify_pointer_frame(struct weston_seat *seat);

struct player {
    struct weston_compositor *compositor;
    struct weston_seat seat;
    struct weston_touch_device *touch;
    int fifo;         /* read end */
    int keep_open;    /* our own write end: no EOF when a writer leaves */
    struct wl_event_source *readable;
    struct wl_event_source *timer;
    char buffer[1 << 16];
    size_t length;    /* bytes of buffer not yet played */
    int waiting;      /* a `wait` is in progress */
    struct wl_client *touched; /* the client of the touch focus, for the last frame */
};

/* The client the touch points went to, while any is down. */
static struct wl_client *touch_client(struct weston_touch *touch)
{
    if (!touch->focus || !touch->focus->surface || !touch->focus->surface->resource)
        return NULL;
    return wl_resource_get_client(touch->focus->surface->resource);
}

/* After the last lift weston has no touch focus, so its frame reaches no
 * one: send it to the client the touches went to. */
static void frame_after_last_lift(struct player *p)
{
    struct weston_touch *touch = p->seat.touch_state;
    struct wl_resource *resource;
    wl_resource_for_each(resource, &touch->resource_list) {
        if (wl_resource_get_client(resource) == p->touched)
            wl_touch_send_frame(resource);
    }
}

static void touch(struct player *p, int id, double x, double y, int type)
{
    struct timespec now;
    weston_compositor_get_time(&now);
    notify_touch_normalized(p->touch, &now, id, x, y, NULL, type);
}

/* Plays one line; returns milliseconds to wait before the next, or 0. */
static int play(struct player *p, char *line)
{
    struct weston_touch *t = p->seat.touch_state;
    struct timespec now;
    double x, y, value;
    int id, ms;
    char text[256];
    weston_compositor_get_time(&now);
    if (sscanf(line, "down %d %lf %lf", &id, &x, &y) == 3) {
        touch(p, id, x, y, WL_TOUCH_DOWN);
        p->touched = touch_client(t);
    } else if (sscanf(line, "move %d %lf %lf", &id, &x, &y) == 3) {
        touch(p, id, x, y, WL_TOUCH_MOTION);
    } else if (sscanf(line, "up %d", &id) == 1) {
        touch(p, id, 0, 0, WL_TOUCH_UP);
    } else if (strncmp(line, "frame", 5) == 0) {
        if (t->num_tp > 0) notify_touch_frame(p->touch);
        else frame_after_last_lift(p);
    } else if (sscanf(line, "pointer %lf %lf", &x, &y) == 2) {
        notify_motion_absolute(&p->seat, &now, x, y);
        notify_pointer_frame(&p->seat);
    } else if (strncmp(line, "press", 5) == 0 || strncmp(line, "release", 7) == 0) {
        notify_button(&p->seat, &now, BTN_LEFT,
                      line[0] == 'p' ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
        notify_pointer_frame(&p->seat);
    } else if (sscanf(line, "scroll %lf", &value) == 1) {
        struct weston_pointer_axis_event axis = { .axis = WL_POINTER_AXIS_VERTICAL_SCROLL, .value = value };
        notify_axis_source(&p->seat, WL_POINTER_AXIS_SOURCE_FINGER);
        notify_axis(&p->seat, &now, &axis);
        notify_pointer_frame(&p->seat);
    } else if (sscanf(line, "wait %d", &ms) == 1) {
        return ms > 0 ? ms : 0;
    } else if (sscanf(line, "mark %255s", text) == 1) {
        weston_log("weston-input: mark %s\n", text);
        fprintf(stderr, "weston-input: mark %s\n", text);
    } else if (line[0] != '\0' && line[0] != '#') {
        weston_log("weston-input: cannot read \"%s\"\n", line);
        fprintf(stderr, "weston-input: cannot read \"%s\"\n", line);
    }
    return 0;
}

/* Plays whole lines until a wait or the end of what has arrived. */
static void play_pending(struct player *p)
{
    char *start = p->buffer, *end = p->buffer + p->length, *newline;
    while (!p->waiting && (newline = memchr(start, '\n', end - start))) {
        *newline = '\0';
        int ms = play(p, start);
        start = newline + 1;
        if (ms > 0) {
            p->waiting = 1;
            wl_event_source_timer_update(p->timer, ms);
        }
    }
    p->length = end - start;
    memmove(p->buffer, start, p->length);
}

static int timer_fired(void *data)
{
    struct player *p = data;
    p->waiting = 0;
    play_pending(p);
    return 0;
}

static int fifo_readable(int fd, uint32_t mask, void *data)
{
    struct player *p = data;
    ssize_t n = read(fd, p->buffer + p->length, sizeof p->buffer - p->length - 1);
    if (n > 0) {
        p->length += n;
        play_pending(p);
    }
    return 0;
}

WL_EXPORT int wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[])
{
    const char *path = getenv("TRIPS_INPUT_FIFO");
    if (!path) {
        weston_log("weston-input: set TRIPS_INPUT_FIFO to the script FIFO's path\n");
        return -1;
    }
    struct player *p = calloc(1, sizeof *p);
    if (!p) return -1;
    p->compositor = compositor;
    p->fifo = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    p->keep_open = p->fifo < 0 ? -1 : open(path, O_WRONLY | O_CLOEXEC);
    if (p->fifo < 0 || p->keep_open < 0) {
        weston_log("weston-input: cannot open %s: %s\n", path, strerror(errno));
        free(p);
        return -1;
    }
    weston_seat_init(&p->seat, compositor, "trips-input");
    weston_seat_init_pointer(&p->seat);
    weston_seat_init_touch(&p->seat);
    p->touch = weston_touch_create_touch_device(p->seat.touch_state, "/trips/e2e/touch", NULL, NULL);
    struct wl_event_loop *loop = wl_display_get_event_loop(compositor->wl_display);
    p->readable = wl_event_loop_add_fd(loop, p->fifo, WL_EVENT_READABLE, fifo_readable, p);
    p->timer = wl_event_loop_add_timer(loop, timer_fired, p);
    if (!p->touch || !p->readable || !p->timer) {
        weston_log("weston-input: could not set up the seat\n");
        return -1;
    }
    weston_log("weston-input: playing %s\n", path);
    return 0;
}

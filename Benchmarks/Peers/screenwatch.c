/* screenwatch: launches a viewer and watches the X screen until it shows a
 * photo, for Benchmarks/peers.sh. Every viewer is timed the same way, from
 * just before its exec to the end of the first screen capture that shows:
 *   first frame  at least 2% of the screen's pixels changed from the screen
 *                before the launch;
 *   photo        at least PHOTO_COLOURS distinct colours in a 2x2-sampled
 *                capture (a camera photo's sensor noise gives tens of
 *                thousands; a frame of flat placeholder tiles with
 *                anti-aliased text a few hundred).
 * The X screen shows a nested weston's output too, so Wayland viewers are
 * watched the same way. Captures use MIT-SHM (a few ms each), every 4 ms.
 *
 * Usage: screenwatch X_DISPLAY LIMIT_MS COMMAND [ARG...]
 * (SCREENWATCH_TRACE=1: one line on stderr a capture, to check the thresholds.)
 * Prints one line: PID FIRST_MS PHOTO_MS, a time being "timeout" when it did
 * not happen within LIMIT_MS, or "exited" when the viewer ended first. The
 * viewer is left running (the caller reads its memory and stops it); its
 * stdout and stderr both go to screenwatch's stderr. */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { PHOTO_COLOURS = 5000 };

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static unsigned char *seen; /* 2^24 generation marks, one a colour */
static unsigned char generation;

static int distinct_colours(XImage *image) {
    if (++generation == 0) { memset(seen, 0, 1 << 24); generation = 1; }
    int count = 0;
    for (int y = 0; y < image->height; y += 2) {
        const uint32_t *row = (const uint32_t *)(image->data + (size_t)y * image->bytes_per_line);
        for (int x = 0; x < image->width; x += 2) {
            uint32_t c = row[x] & 0xFFFFFF;
            if (seen[c] != generation) { seen[c] = generation; count++; }
        }
    }
    return count;
}

static int changed_fraction_reached(XImage *image, const char *blank) {
    long changed = 0, limit = (long)image->width * image->height / 50;
    for (int y = 0; y < image->height; y++) {
        const unsigned char *a = (const unsigned char *)image->data + (size_t)y * image->bytes_per_line;
        const unsigned char *b = (const unsigned char *)blank + (size_t)y * image->bytes_per_line;
        for (int x = 0; x < image->width * 4; x += 4) {
            int d = abs(a[x] - b[x]) + abs(a[x + 1] - b[x + 1]) + abs(a[x + 2] - b[x + 2]);
            if (d > 13 * 3 && ++changed >= limit) return 1;
        }
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: screenwatch X_DISPLAY LIMIT_MS COMMAND [ARG...]\n"); return 2; }
    double limit = atof(argv[2]);
    Display *display = XOpenDisplay(argv[1]);
    if (!display) { fprintf(stderr, "screenwatch: cannot open X display %s\n", argv[1]); return 2; }
    int screen = DefaultScreen(display);
    Window root = RootWindow(display, screen);
    int width = DisplayWidth(display, screen), height = DisplayHeight(display, screen);
    if (!XShmQueryExtension(display)) { fprintf(stderr, "screenwatch: no MIT-SHM on %s\n", argv[1]); return 2; }
    XShmSegmentInfo shm;
    XImage *image = XShmCreateImage(display, DefaultVisual(display, screen), DefaultDepth(display, screen), ZPixmap, NULL, &shm, width, height);
    if (!image || image->bits_per_pixel != 32) { fprintf(stderr, "screenwatch: needs a 24/32-bit screen\n"); return 2; }
    shm.shmid = shmget(IPC_PRIVATE, (size_t)image->bytes_per_line * height, IPC_CREAT | 0600);
    shm.shmaddr = image->data = shmat(shm.shmid, NULL, 0);
    shm.readOnly = False;
    XShmAttach(display, &shm);
    shmctl(shm.shmid, IPC_RMID, NULL);
    seen = calloc(1, 1 << 24);
    char *blank = malloc((size_t)image->bytes_per_line * height);
    XShmGetImage(display, root, image, 0, 0, AllPlanes);
    memcpy(blank, image->data, (size_t)image->bytes_per_line * height);

    double start = now_ms();
    pid_t pid = fork();
    if (pid == 0) {
        dup2(2, 1); /* the viewer's output goes to the log, not into the result line */
        execvp(argv[3], argv + 3);
        fprintf(stderr, "screenwatch: cannot run %s: %s\n", argv[3], strerror(errno));
        _exit(127);
    }
    char first[32] = "timeout", photo[32] = "timeout";
    int have_first = 0, trace = getenv("SCREENWATCH_TRACE") != NULL;
    while (now_ms() - start < limit) {
        int status;
        if (waitpid(pid, &status, WNOHANG) == pid) {
            if (!have_first) strcpy(first, "exited");
            strcpy(photo, "exited");
            break;
        }
        XShmGetImage(display, root, image, 0, 0, AllPlanes);
        double t = now_ms() - start;
        if (!have_first && changed_fraction_reached(image, blank)) {
            snprintf(first, sizeof first, "%.0f", t);
            have_first = 1;
        }
        int colours = have_first ? distinct_colours(image) : 0;
        if (trace) fprintf(stderr, "screenwatch: %.0f ms, %s, %d colours\n", t, have_first ? "changed" : "as before", colours);
        if (colours >= PHOTO_COLOURS) {
            snprintf(photo, sizeof photo, "%.0f", t);
            break;
        }
        usleep(4000);
    }
    printf("%d %s %s\n", (int)pid, first, photo);
    return 0;
}

#ifndef TRIPS_CSECCOMP_SHIM_H
#define TRIPS_CSECCOMP_SHIM_H
// libseccomp (Debian's libseccomp-dev) for the decode workers' sandbox, and
// the few kernel interfaces around it that Swift cannot call directly:
// prctl's variadic form and the CMSG macros that pass a descriptor over a
// Unix socket (SCM_RIGHTS).
#include <seccomp.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <linux/memfd.h>
#include <unistd.h>
#include <string.h>
#include <errno.h>
#include <signal.h>
#include <malloc.h>

/// Sets no_new_privs and a parent-death signal; 0 or -1 with errno.
static inline int trips_prctl_no_new_privs(void) { return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); }
static inline int trips_prctl_parent_death_signal(int sig) { return prctl(PR_SET_PDEATHSIG, sig, 0, 0, 0); }
/// Names the process (its comm, at most 15 bytes), as ps and pgrep show it.
static inline int trips_prctl_set_name(const char *name) { return prctl(PR_SET_NAME, name, 0, 0, 0); }

/// A fork whose child is the caller's sibling (CLONE_PARENT): the decode
/// zygote makes workers that are the app's own children, so the app waits
/// for them and reads how they ended. (0x00008000 is CLONE_PARENT, which
/// <sched.h> declares only under _GNU_SOURCE.) The child's pid, 0 in the
/// child, or -1 with errno.
static inline pid_t trips_clone_sibling(void) { return (pid_t)syscall(SYS_clone, 0x00008000 | SIGCHLD, 0, NULL, NULL, 0); }

/// One malloc arena for all threads (mallopt is in <malloc.h>, which Glibc's
/// module leaves out); 1 on success.
static inline int trips_single_malloc_arena(void) { return mallopt(M_ARENA_MAX, 1); }

/// memfd_create, which glibc declares only under _GNU_SOURCE.
static inline int trips_memfd(const char *name) { return (int)syscall(SYS_memfd_create, name, MFD_CLOEXEC); }

/// fork as the clone system call without CLONE_THREAD (the test-only fault
/// switch's `fork`); the child gets 0.
static inline long trips_fork_process(void) { return syscall(SYS_clone, 17 /* SIGCHLD */, 0, 0, 0, 0); }

/// Sends `length` bytes and, when `fd` >= 0, the descriptor with them.
static inline ssize_t trips_send_with_fd(int socket, const void *bytes, size_t length, int fd) {
    struct iovec iov = { (void *)bytes, length };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int))]; } control;
    struct msghdr message;
    memset(&message, 0, sizeof message);
    memset(&control, 0, sizeof control);
    message.msg_iov = &iov;
    message.msg_iovlen = 1;
    if (fd >= 0) {
        message.msg_control = control.space;
        message.msg_controllen = sizeof control.space;
        struct cmsghdr *c = CMSG_FIRSTHDR(&message);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(c), &fd, sizeof(int));
    }
    ssize_t n;
    do { n = sendmsg(socket, &message, MSG_NOSIGNAL); } while (n < 0 && errno == EINTR);
    return n;
}

/// Receives up to `capacity` bytes and a descriptor sent with them (*fd is
/// -1 when none came). Returns the byte count, 0 at end, -1 on error.
static inline ssize_t trips_receive_with_fd(int socket, void *bytes, size_t capacity, int *fd) {
    struct iovec iov = { bytes, capacity };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int))]; } control;
    struct msghdr message;
    memset(&message, 0, sizeof message);
    message.msg_iov = &iov;
    message.msg_iovlen = 1;
    message.msg_control = control.space;
    message.msg_controllen = sizeof control.space;
    *fd = -1;
    ssize_t n;
    do { n = recvmsg(socket, &message, MSG_CMSG_CLOEXEC); } while (n < 0 && errno == EINTR);
    if (n < 0) return n;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&message); c; c = CMSG_NXTHDR(&message, c)) {
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS && c->cmsg_len >= CMSG_LEN(sizeof(int))) {
            memcpy(fd, CMSG_DATA(c), sizeof(int));
        }
    }
    return n;
}

#endif

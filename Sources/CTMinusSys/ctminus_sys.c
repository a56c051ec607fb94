#define _GNU_SOURCE
#include "ctminus_sys.h"
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/timerfd.h>
#include <unistd.h>

#ifndef TFD_TIMER_CANCEL_ON_SET
#define TFD_TIMER_CANCEL_ON_SET (1 << 1)
#endif

int ctminus_timerfd_create(void) {
    return timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK | TFD_CLOEXEC);
}

int ctminus_timerfd_at(int fd, int64_t sec, long nsec) {
    struct itimerspec its;
    memset(&its, 0, sizeof its);
    if (sec < 0) return timerfd_settime(fd, 0, &its, NULL);
    its.it_value.tv_sec = (time_t)sec;
    its.it_value.tv_nsec = nsec;
    return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &its, NULL);
}

int ctminus_timerfd_drain(int fd) {
    uint64_t expirations = 0;
    ssize_t n = read(fd, &expirations, sizeof expirations);
    if (n == (ssize_t)sizeof expirations) return 1;
    if (n < 0 && errno == ECANCELED) return -1;
    return 0;
}

int ctminus_signalfd_create(void) {
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGUSR1);
    sigaddset(&mask, SIGTERM);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGHUP);
    sigaddset(&mask, SIGCONT);
    if (sigprocmask(SIG_BLOCK, &mask, NULL) != 0) return -1;
    return signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
}

int ctminus_signalfd_read(int fd) {
    struct signalfd_siginfo info;
    ssize_t n = read(fd, &info, sizeof info);
    if (n != (ssize_t)sizeof info) return 0;
    return (int)info.ssi_signo;
}

int ctminus_sigrtmin(void) {
    return SIGRTMIN;
}

int ctminus_unix_connect(const char *name, size_t len, int abstract) {
    struct sockaddr_un addr;
    memset(&addr, 0, sizeof addr);
    addr.sun_family = AF_UNIX;
    size_t offset = abstract ? 1 : 0;
    // A path needs its terminating NUL inside sun_path; an abstract name does not.
    if (len + offset + (abstract ? 0 : 1) > sizeof addr.sun_path) { errno = ENAMETOOLONG; return -1; }
    memcpy(addr.sun_path + offset, name, len);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    socklen_t size = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + offset + len + (abstract ? 0 : 1));
    int r;
    do { r = connect(fd, (struct sockaddr *)&addr, size); } while (r < 0 && errno == EINTR);
    if (r < 0) { int saved = errno; close(fd); errno = saved; return -1; }
    return fd;
}

const void *ctminus_memmem(const void *haystack, size_t haystack_len, const void *needle, size_t needle_len) {
    return memmem(haystack, haystack_len, needle, needle_len);
}

long ctminus_getdents64(int fd, void *buf, size_t len) {
    return syscall(SYS_getdents64, fd, buf, len);
}

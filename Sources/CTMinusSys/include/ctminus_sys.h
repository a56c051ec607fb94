// Linux calls Swift's Glibc module does not import (timerfd, signalfd, a Unix socket's address), wrapped for the follow
// loop. Our own code, no third-party library.
#ifndef CTMINUS_SYS_H
#define CTMINUS_SYS_H

#include <stddef.h>
#include <stdint.h>

/// A CLOCK_REALTIME timerfd (non-blocking, close-on-exec); -1 on error.
int ctminus_timerfd_create(void);
/// Arms the timer to fire at an absolute wall-clock time (seconds since the epoch, nanoseconds);
/// the timer is cancelled (read gives ECANCELED) when the clock is set. sec < 0 disarms it.
int ctminus_timerfd_at(int fd, int64_t sec, long nsec);
/// Drains the timer; returns 1 if it fired, 0 if not, -1 if the clock was set (re-arm).
int ctminus_timerfd_drain(int fd);

/// Blocks SIGUSR1, SIGTERM, SIGINT, SIGHUP and SIGCONT and returns a signalfd for them (non-blocking); -1 on error.
int ctminus_signalfd_create(void);
/// Reads one pending signal number from the signalfd, or 0 when none.
int ctminus_signalfd_read(int fd);

/// A stream socket connected to a Unix socket (close-on-exec), the name `len` bytes long: a
/// path, or with `abstract` set a name in the abstract namespace; -1 (errno set) on error.
int ctminus_unix_connect(const char *name, size_t len, int abstract);

/// SIGRTMIN as a number (Swift cannot import the macro).
int ctminus_sigrtmin(void);

/// glibc's memmem (a GNU function): where `needle` first occurs in `haystack`, or NULL.
const void *ctminus_memmem(const void *haystack, size_t haystack_len, const void *needle, size_t needle_len);

/// getdents64(2) (glibc declares no wrapper before 2.30): the folder open as `fd`'s next entries,
/// as `struct linux_dirent64` records, into `buf`; the bytes written, 0 at the end, -1 on error.
long ctminus_getdents64(int fd, void *buf, size_t len);

#endif

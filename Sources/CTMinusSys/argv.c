// The process's arguments, for Swift's `CommandLine`, without reading /proc/self/maps.
//
// On Linux the Swift runtime finds argv from a static initializer of its own (CommandLine.cpp in
// the standard library's runtime): before main it opens /proc/self/maps and reads it line by
// line with fgets and sscanf to find the stack, then walks back from `environ`. In every run of
// tminus that was about 55,000 instructions, a fifth of a bar's kept poll, for two pointers glibc
// hands to every initializer anyway: it calls each function of .init_array with argc, argv and
// envp. The standard library asks the runtime for them through one function; defined here, a
// static link (`make install`, the release tarball, the .deb) takes this definition and leaves the
// runtime's file, and its initializer, out. A dynamic link (`swift build`, the tests) keeps the
// runtime's own, which this one agrees with. docs/performance.md says how it was measured and
// what to do if a toolchain changes the function.

#include <stddef.h>

static char **ctminus_argv = NULL;
static int ctminus_argc = 0;

__attribute__((constructor)) static void ctminus_take_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    ctminus_argc = argc;
    ctminus_argv = argv;
}

// The runtime's `_swift_stdlib_getUnsafeArgvArgc` (Swift's calling convention): argv, and argc in
// `*count`.
__attribute__((swiftcall)) char **_swift_stdlib_getUnsafeArgvArgc(int *count) {
    static char *none[] = {NULL};
    if (ctminus_argv == NULL) {
        *count = 0;
        return none;
    }
    *count = ctminus_argc;
    return ctminus_argv;
}

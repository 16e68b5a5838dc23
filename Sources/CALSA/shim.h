#include <alsa/asoundlib.h>
#include <stdarg.h>
#include <stdio.h>

// ALSA prints its errors to stderr through a handler of C variadic type, which Swift cannot
// define. This one prints nothing: it keeps the first message ALSA reports on the calling thread
// since `ecs_alsa_capture_begin`, so the caller can put ALSA's own words into a typed error.

/// This thread's capture: whether a message was kept since `ecs_alsa_capture_begin`, and the
/// message. (Function-local storage, which is emitted with the function into the importing module.)
typedef struct {
    int kept;
    char message[256];
} ecs_alsa_capture;

/// The calling thread's capture.
static inline ecs_alsa_capture *ecs_alsa_thread_capture(void) {
    static _Thread_local ecs_alsa_capture capture;
    return &capture;
}

/// The silent handler: keeps the first message of the calling thread.
static inline void ecs_alsa_error_handler(const char *file, int line, const char *function, int err, const char *format, ...) {
    (void)file; (void)line; (void)function; (void)err;
    ecs_alsa_capture *capture = ecs_alsa_thread_capture();
    if (capture->kept) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(capture->message, sizeof capture->message, format, arguments);
    va_end(arguments);
    capture->kept = 1;
}

/// Installs the silent handler for the whole process (idempotent).
static inline void ecs_alsa_install_error_handler(void) {
    snd_lib_error_set_handler(ecs_alsa_error_handler);
}

/// Forgets this thread's kept message; the next ALSA message on the thread is kept.
static inline void ecs_alsa_capture_begin(void) {
    ecs_alsa_capture *capture = ecs_alsa_thread_capture();
    capture->kept = 0;
    capture->message[0] = 0;
}

/// This thread's kept message (empty when ALSA reported none).
static inline const char *ecs_alsa_captured_text(void) {
    ecs_alsa_capture *capture = ecs_alsa_thread_capture();
    return capture->kept ? capture->message : "";
}

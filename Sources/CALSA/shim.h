#include <alsa/asoundlib.h>
#include <stdarg.h>
#include <stdio.h>

// ALSA prints its errors to stderr through a handler of C variadic type, which Swift cannot
// define. This one prints nothing: it formats the message and hands it to the Audio library
// (`ecs_alsa_route_message`, implemented in Swift), which keeps it for the typed error of the
// call that caused it. The handler holds no state, so every copy of it the compiler emits is the
// same.

/// Receives each message ALSA reports; implemented by the Audio library.
void ecs_alsa_route_message(const char *message);

/// The silent handler: formats the message and routes it.
static inline void ecs_alsa_error_handler(const char *file, int line, const char *function, int err, const char *format, ...) {
    (void)file; (void)line; (void)function; (void)err;
    char message[256];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    ecs_alsa_route_message(message);
}

/// Installs the silent handler for the whole process (idempotent).
static inline void ecs_alsa_install_error_handler(void) {
    snd_lib_error_set_handler(ecs_alsa_error_handler);
}

// Sets runs of packed pixels to one value: the canvas clears band by band before a draw fills it.

#include "RectKernels.h"

#include <wchar.h>

void pixels_set(uint32_t *pixels, ptrdiff_t count, uint32_t value) {
    if (count <= 0) return;
    if (sizeof(wchar_t) == sizeof(uint32_t)) {
        // The C library's wide fill takes its fast-string path for long runs, which writes whole
        // cache lines without reading them first.
        wmemset((wchar_t *)pixels, (wchar_t)value, (size_t)count);
        return;
    }
    for (ptrdiff_t i = 0; i < count; i++) pixels[i] = value;
}

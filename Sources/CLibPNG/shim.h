#ifndef CLIBPNG_SHIM_H
#define CLIBPNG_SHIM_H
#include <png.h>
/* PNG_FORMAT_RGBA is a nested macro Swift does not import. */
static const png_uint_32 CLIBPNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
static const png_uint_32 CLIBPNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
#endif

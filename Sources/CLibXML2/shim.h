#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU; its headers clash with Foundation's own ICU copy in a
   Swift module that imports both. Nothing here touches the ICU converter fields. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/tree.h>

/* libxml2 (2.9) reports some problems, such as bytes its iconv conversion rejects, through the
   per-thread "generic" error function, which prints to stderr, and not through the structured
   handler the reader installs. Swift cannot form a variadic C function pointer, hence this. */
static inline void reps_xml_ignore_generic_error(void *ctx, const char *msg, ...) {
    (void)ctx;
    (void)msg;
}

/* Silences the calling thread's generic error output (the reader reports errors itself). */
static inline void reps_xml_silence_generic_errors(void) {
    xmlSetGenericErrorFunc(NULL, reps_xml_ignore_generic_error);
}
#endif

#ifndef SITEGEN_CHIGHLIGHT_H
#define SITEGEN_CHIGHLIGHT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// `code` (UTF-8, `length` bytes) highlighted as `language` by KDE's syntax-highlighting
/// engine: its text HTML-escaped, each token of a style other than plain text in
/// `<span class="xx">` (xx: the style's two letters, as pandoc names Kate's styles). Returns
/// a string the caller frees with `free`, its byte count in `*outLength`; NULL when no syntax
/// definition answers to `language` (a definition's name in any case, or a file extension).
/// Safe to call from several threads at once: each thread keeps its own repository.
char *sitegen_highlight(const char *language, const char *code, size_t length, size_t *outLength);

#ifdef __cplusplus
}
#endif

#endif

/*
 * Lets JDK 17 and later print compiled code through Debian's libhsdis0-fcml, which exports only the older entry
 * point of the disassembler plugin (decode_instructions, code at its own address) while the JDK asks for the newer
 * one (decode_instructions_virtual, code at an address plus a buffer). The JDK passes a buffer that is the code
 * itself, so the newer call is the older one with the same addresses. Used by install.sh; a profiling aid only.
 */
#include <stdint.h>

typedef void *(*event_callback_t)(void *, const char *, void *);
typedef int (*printf_callback_t)(void *, const char *, ...);

extern void *decode_instructions(void *start, void *end, event_callback_t event_callback, void *event_stream,
                                 printf_callback_t printf_callback, void *printf_stream, const char *options);

void *decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va, unsigned char *buffer, uintptr_t length,
                                  event_callback_t event_callback, void *event_stream,
                                  printf_callback_t printf_callback, void *printf_stream, const char *options,
                                  int newline) {
    (void) buffer;
    (void) length;
    (void) newline;
    return decode_instructions((void *) start_va, (void *) end_va, event_callback, event_stream, printf_callback,
                               printf_stream, options);
}

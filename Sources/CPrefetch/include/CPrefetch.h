#ifndef SITEGEN_CPREFETCH_H
#define SITEGEN_CPREFETCH_H

// A hint to the CPU to start loading the cache line at `address`, without waiting for it.
// Swift has no prefetch of its own; Clang's builtin, inlined into the Swift caller, becomes one
// PREFETCHT0 (x86) or PRFM (ARM) instruction. It never faults, whatever the address.
static inline void sitegen_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#endif

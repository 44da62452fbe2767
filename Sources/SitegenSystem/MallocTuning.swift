#if canImport(Glibc)
import Glibc
#endif

/// glibc's malloc settings for one `sitegen build`, a process that makes a few large arrays
/// (entries, stories, rendered rows), frees some and makes the next.
package enum MallocTuning {
    /// glibc maps each allocation above a threshold (128 KiB, raised as such blocks are freed)
    /// with its own `mmap`, and gives it back to the kernel when freed; the next large array
    /// then starts from fresh pages, each a page fault that the kernel zeroes. Taken from the
    /// heap instead, freed arrays are used again without either. What must stay true: a
    /// million-story build's peak memory does not grow with it (docs/internals/perf-log.md has what it
    /// saved).
    ///
    /// Only for `build`: a long-running `serve` is better off giving memory back.
    package static func forBuild() {
        #if canImport(Glibc)
        // mallopt is in malloc.h, which the Glibc module leaves out: looked up by name instead.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
        // 32 MiB, glibc's largest threshold on 64-bit machines.
        _ = mallopt(mmapThreshold, 32 << 20)
        #endif
    }
}

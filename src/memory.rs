//! How a solve run gives memory back.
//!
//! The C library (glibc) raises its threshold for mapping a large buffer
//! apart each time it frees one, so a later large buffer comes from the heap
//! and stays there once freed: `antics solve`, which runs search after
//! search, would keep the largest tables it ever held. A fixed threshold
//! keeps every buffer of 1 MiB or more mapped apart, returned to the system
//! as soon as it is freed, at no cost measured in a solve run's speed.
//!
//! The bot keeps glibc's own policy: its searches are small (a hint's
//! table, a daily check's), and a board's canvas reused from the heap is
//! drawn without fresh pages.

/// The size from which a buffer is mapped apart.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MAPPED_APART: libc::c_int = 1 << 20;

/// Fixes the threshold (glibc only; elsewhere the allocator's own policy
/// stands). Call it once, before the searches.
pub fn return_large_buffers() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a parameter of the allocator; any value is
    // accepted or refused (returning 0), never undefined.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MAPPED_APART);
    }
}

//! The engine child's memory: every allocation goes through [`NotingAllocator`], which
//! notes failed ones (the cap reached) and, in the child, counts the bytes allocated,
//! to stop a goal that keeps growing before the cap refuses it.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set when an allocation fails. Under the memory cap Scryer answers a heap that
/// cannot grow with an exception, but in 0.10 its ball is whatever term sits where the
/// preallocated `resource_error(memory)` should be (often the query itself): only the
/// failed allocation says what happened.
pub static ALLOCATION_FAILED: AtomicBool = AtomicBool::new(false);

/// The system allocator, noting failures in [`ALLOCATION_FAILED`] and, in the engine
/// child, the bytes allocated; tabula's binary makes it the global allocator
/// (`src/main.rs`).
pub struct NotingAllocator;

// SAFETY: every call is passed on unchanged to the system allocator, which upholds the
// GlobalAlloc contract; only the result is noted.
unsafe impl std::alloc::GlobalAlloc for NotingAllocator {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees about `layout` hold for System too.
        noted(
            unsafe { std::alloc::System.alloc(layout) },
            layout.size(),
            0,
        )
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: as for alloc.
        noted(
            unsafe { std::alloc::System.alloc_zeroed(layout) },
            layout.size(),
            0,
        )
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: `ptr` came from System (every allocation goes through it).
        unsafe { std::alloc::System.dealloc(ptr, layout) };
        count(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for dealloc; `new_size` is the caller's, checked by the caller.
        noted(
            unsafe { std::alloc::System.realloc(ptr, layout, new_size) },
            new_size,
            layout.size(),
        )
    }
}

/// Counts allocations (the engine child only: [`serve`] turns it on).
pub(super) static COUNTING: AtomicBool = AtomicBool::new(false);
/// Bytes allocated minus bytes freed since counting began.
static ALLOCATED: std::sync::atomic::AtomicIsize = std::sync::atomic::AtomicIsize::new(0);
/// The count of [`ALLOCATED`] past which the goal being served is asked to stop, before
/// the cap itself refuses an allocation (which would take the engine down).
pub(super) static SOFT_LIMIT: std::sync::atomic::AtomicIsize =
    std::sync::atomic::AtomicIsize::new(isize::MAX);
/// Set when [`SOFT_LIMIT`] was passed while serving the request.
pub(super) static NEAR_THE_CAP: AtomicBool = AtomicBool::new(false);

/// Notes an allocation of `grown` bytes in place of `shrunk` ones, at `ptr` (null: it
/// failed).
fn noted(ptr: *mut u8, grown: usize, shrunk: usize) -> *mut u8 {
    if ptr.is_null() {
        ALLOCATION_FAILED.store(true, Ordering::Relaxed);
    } else {
        count(grown as isize - shrunk as isize);
    }
    ptr
}

/// Counts `change` more bytes allocated, and asks the goal to stop past the soft limit.
fn count(change: isize) {
    if COUNTING.load(Ordering::Relaxed) {
        let now = ALLOCATED.fetch_add(change, Ordering::Relaxed) + change;
        // Only atomics here: an allocator may not lock or allocate.
        if change > 0
            && now > SOFT_LIMIT.load(Ordering::Relaxed)
            && !NEAR_THE_CAP.swap(true, Ordering::Relaxed)
        {
            scryer_prolog::request_interrupt();
        }
    }
}

/// The soft limit for a request that starts now: three quarters of the address space
/// the cap (`RLIMIT_AS`) has left, so that a goal that keeps growing is stopped while
/// its engine can still answer (Scryer has no garbage collector: what a goal took is
/// kept, and used again by the goals after it).
pub(super) fn soft_limit() -> isize {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct it is given.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } != 0
        || limit.rlim_cur == libc::RLIM_INFINITY
    {
        return isize::MAX;
    }
    // The process's address space now, in pages (the first field of statm).
    let pages: u64 = std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|p| p.parse().ok()))
        .unwrap_or(0);
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(4096) as u64;
    let left = limit.rlim_cur.saturating_sub(pages * page);
    let room = isize::try_from(left / 4 * 3).unwrap_or(isize::MAX);
    ALLOCATED.load(Ordering::Relaxed).saturating_add(room)
}

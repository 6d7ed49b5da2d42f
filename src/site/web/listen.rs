//! The site's own accept loop: HTTP/1 connections served by hyper under the site's
//! router, so that slow or hostile clients cannot keep others out.
//!
//! - A request's head must arrive within [`HEAD_TIMEOUT`] of the connection being
//!   ready for it (a connection idle between requests counts too): an unfinished
//!   request ("slowloris") is closed, not kept.
//! - A head is at most [`MAX_HEAD`] bytes (a larger one is answered 431).
//! - Connections are capped in all, below the open-file limit (which the site raises
//!   to its hard limit as it starts), and per client address unless the site is
//!   behind a proxy, where every connection comes from the proxy.
//! - A connection that comes past a cap takes the place of the oldest one with no
//!   request under way (one still sending its head, or idle between requests), from
//!   the same address when that address is at its cap: so a flood of unfinished
//!   requests never keeps a new visitor out, even from the flood's own address (a
//!   class behind one NAT). Only when every connection is serving a request (a page,
//!   a live stream) is the new one closed.
//!
//! Bodies have their own deadline, set on the router (`RequestBodyTimeoutLayer`).

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tower::ServiceExt;

/// How long a request's head may take to arrive, counted from when the connection is
/// ready for it (its opening, or the end of its previous response).
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);

/// The largest request head read, in bytes (hyper's read buffer: at least 8 KiB).
pub const MAX_HEAD: usize = 32 << 10;

/// Connections one client address may hold at once (not behind a proxy): a class
/// behind one NAT address, each with a page, a live stream and a game, stays well
/// within it.
pub const PER_ADDRESS: usize = 256;

/// Open files kept for everything else the site does (its database, logs, the
/// players it starts and their pipes), below the open-file limit.
const FILES_KEPT: u64 = 256;

/// The most connections at once, whatever the open-file limit.
const MOST: u64 = 16 << 10;

/// The caps on connections.
#[derive(Debug, Clone, Copy)]
pub struct Caps {
    /// Connections in all.
    pub total: usize,
    /// Connections per client address (None: behind a proxy).
    pub per_address: Option<usize>,
}

impl Caps {
    /// The caps of this process: its open-file limit raised to the hard limit (as a
    /// server does), less what the site keeps for its other files; per address
    /// unless `behind_proxy`.
    pub fn for_this_process(behind_proxy: bool) -> Caps {
        let files = raise_open_file_limit();
        Caps {
            total: files.saturating_sub(FILES_KEPT).clamp(16, MOST) as usize,
            per_address: (!behind_proxy).then_some(PER_ADDRESS),
        }
    }
}

/// Raises this process's open-file limit to its hard limit; the limit it has then.
fn raise_open_file_limit() -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit on this process, with a valid struct.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return 1024;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: limit.rlim_max,
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit.rlim_cur = limit.rlim_max;
            }
        }
    }
    limit.rlim_cur
}

/// One connection, as the caps see it.
struct Connection {
    address: IpAddr,
    opened: Instant,
    /// Requests being served on it (from its head read to its response's end).
    serving: AtomicUsize,
    /// Set when it was closed to make room: its place is already given back.
    evicted: AtomicBool,
    /// Ends its task, and so closes it.
    abort: OnceLock<tokio::task::AbortHandle>,
}

/// The connections open.
#[derive(Default)]
struct Open {
    live: Vec<Arc<Connection>>,
    by_address: HashMap<IpAddr, usize>,
}

impl Open {
    fn forget(&mut self, gone: &Arc<Connection>) {
        self.live.retain(|c| !Arc::ptr_eq(c, gone));
        if let Some(n) = self.by_address.get_mut(&gone.address) {
            *n -= 1;
            if *n == 0 {
                self.by_address.remove(&gone.address);
            }
        }
    }
}

/// A connection's place within the caps, given back when it is dropped.
struct Ticket {
    open: Arc<Mutex<Open>>,
    connection: Arc<Connection>,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if !self.connection.evicted.load(Ordering::Acquire) {
            self.open
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .forget(&self.connection);
        }
    }
}

/// A place for a connection from `address`, if the caps allow one, making room by
/// closing the oldest connection with no request under way (of that address when it
/// is the address's cap that is reached).
fn admit(open: &Arc<Mutex<Open>>, caps: Caps, address: IpAddr) -> Option<Ticket> {
    let mut o = open.lock().unwrap_or_else(|e| e.into_inner());
    let mine = o.by_address.get(&address).copied().unwrap_or(0);
    let address_full = caps.per_address.is_some_and(|most| mine >= most);
    if address_full || o.live.len() >= caps.total {
        let victim = o
            .live
            .iter()
            .filter(|c| !address_full || c.address == address)
            .filter(|c| c.serving.load(Ordering::Acquire) == 0)
            .min_by_key(|c| c.opened)
            .cloned()?;
        victim.evicted.store(true, Ordering::Release);
        if let Some(abort) = victim.abort.get() {
            abort.abort();
        }
        o.forget(&victim);
    }
    let connection = Arc::new(Connection {
        address,
        opened: Instant::now(),
        serving: AtomicUsize::new(0),
        evicted: AtomicBool::new(false),
        abort: OnceLock::new(),
    });
    o.live.push(connection.clone());
    *o.by_address.entry(address).or_insert(0) += 1;
    Some(Ticket {
        open: open.clone(),
        connection,
    })
}

/// A request being served on a connection, until its response's body ends.
struct Serving(Arc<Connection>);

impl Serving {
    fn start(connection: &Arc<Connection>) -> Serving {
        connection.serving.fetch_add(1, Ordering::AcqRel);
        Serving(connection.clone())
    }
}

impl Drop for Serving {
    fn drop(&mut self) {
        self.0.serving.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A response body that keeps its request counted as served until it ends.
struct ServedBody {
    body: axum::body::Body,
    _serving: Serving,
}

impl http_body::Body for ServedBody {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

/// Serves `router` on `listener` until `stop` completes, then lets the requests
/// under way finish for `grace` at most. Each request carries its client's address
/// (`ConnectInfo<SocketAddr>`), as axum's own server gives it.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    caps: Caps,
    stop: impl Future<Output = ()>,
    grace: Duration,
) {
    let open = Arc::new(Mutex::new(Open::default()));
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                // Out of descriptors, or a connection reset before it was taken:
                // a moment, then the next.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let Some(ticket) = admit(&open, caps, peer.ip()) else {
            drop(stream);
            continue;
        };
        let router = router.clone();
        let connection = ticket.connection.clone();
        let service = tower::service_fn(move |mut request: axum::extract::Request<_>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            let serving = Serving::start(&connection);
            let router = router.clone();
            async move {
                let response = router.oneshot(request).await?;
                Ok::<_, std::convert::Infallible>(response.map(|body| {
                    axum::body::Body::new(ServedBody {
                        body,
                        _serving: serving,
                    })
                }))
            }
        });
        let served = http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(HEAD_TIMEOUT)
            .max_buf_size(MAX_HEAD)
            .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let served = graceful.watch(served);
        let connection = ticket.connection.clone();
        let task = tokio::spawn(async move {
            let _ = served.await;
            drop(ticket);
        });
        let _ = connection.abort.set(task.abort_handle());
    }
    drop(listener);
    let _ = tokio::time::timeout(grace, graceful.shutdown()).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn past_a_cap_the_oldest_idle_connection_makes_room() {
        let open = Arc::new(Mutex::new(Open::default()));
        let caps = Caps {
            total: 3,
            per_address: Some(2),
        };
        let a: IpAddr = [127, 0, 0, 2].into();
        let b: IpAddr = [127, 0, 0, 3].into();
        let first = admit(&open, caps, a).expect("room");
        let second = admit(&open, caps, a).expect("room");
        // Both of a's are serving a request (a page, a stream): a third is refused.
        let busy = [
            Serving::start(&first.connection),
            Serving::start(&second.connection),
        ];
        assert!(
            admit(&open, caps, a).is_none(),
            "two per address, both busy"
        );
        drop(busy);
        // Idle now: the oldest of a's makes room for a's third.
        let third = admit(&open, caps, a).expect("the oldest idle one made room");
        assert!(first.connection.evicted.load(Ordering::Acquire));
        assert!(!second.connection.evicted.load(Ordering::Acquire));
        drop(first); // its place was given back when it was evicted
        assert_eq!(open.lock().unwrap().live.len(), 2);
        // The whole cap: b's first takes the oldest idle place of anyone's.
        let fourth = admit(&open, caps, b).expect("room");
        assert_eq!(open.lock().unwrap().live.len(), 3);
        let busy = [
            Serving::start(&second.connection),
            Serving::start(&third.connection),
            Serving::start(&fourth.connection),
        ];
        assert!(admit(&open, caps, b).is_none(), "three in all, all busy");
        drop(busy);
        let behind = Caps {
            total: 10,
            per_address: None,
        };
        let held: Vec<_> = (0..7).filter_map(|_| admit(&open, behind, a)).collect();
        assert_eq!(held.len(), 7, "no cap per address behind a proxy");
        drop((second, third, fourth, held));
        assert!(open.lock().unwrap().live.is_empty());
        assert!(open.lock().unwrap().by_address.is_empty());
    }
}

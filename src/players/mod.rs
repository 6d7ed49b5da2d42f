//! Who sits at a seat and how it is run: the seat specs, programs in any language and
//! Lisp players, the player protocol, `tabula serve`, the fork server, and the sandbox
//! every player of a match or championship runs in.

pub mod forkserver;
pub mod lisp;
pub mod loading;
pub mod program;
pub mod protocol;
pub mod sandbox;
pub mod serve;
pub mod spec;
pub mod untrusted;

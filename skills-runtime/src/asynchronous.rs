//! Awaiting `async fn` handlers: a per-call timeout and panic isolation,
//! without tying applications to one executor.
//!
//! The timer is `futures-timer`'s own thread, so `Router::execute_async`
//! works under tokio, async-std, smol or a plain `block_on`.

use crate::error::{SkillError, panic_error};
use crate::table::{BoxFuture, CallError};
use core::future::Future;
use core::pin::Pin;
use core::task::{Context, Poll};
use std::string::String;
use std::time::Duration;

/// Runs a handler's future for at most `timeout`. A panic while polling it
/// becomes a `handler_panic` error; running out of time a `timeout` error
/// (the future is dropped, which cancels it at its current `.await`).
pub(crate) async fn run<'a>(
    future: BoxFuture<'a, Result<String, CallError<'a>>>,
    timeout: Duration,
) -> Result<String, CallError<'a>> {
    Guarded { future, delay: futures_timer::Delay::new(timeout), timeout }.await
}

struct Guarded<'a> {
    future: BoxFuture<'a, Result<String, CallError<'a>>>,
    delay: futures_timer::Delay,
    timeout: Duration,
}

impl<'a> Future for Guarded<'a> {
    type Output = Result<String, CallError<'a>>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.get_mut();
        let polled = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| this.future.as_mut().poll(cx)));
        match polled {
            Ok(Poll::Ready(result)) => return Poll::Ready(result),
            Ok(Poll::Pending) => {}
            Err(_) => return Poll::Ready(Err(CallError::Skill(panic_error()))),
        }
        match Pin::new(&mut this.delay).poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(CallError::Skill(timeout_error(this.timeout)))),
            Poll::Pending => Poll::Pending,
        }
    }
}

/// The error a handler that ran out of time becomes.
pub(crate) fn timeout_error(limit: Duration) -> SkillError {
    SkillError::new(format!(
        "the handler did not finish within {}; it was stopped and may or may not have taken effect",
        human(limit)
    ))
    .with_hint("check whether it took effect before retrying; retry later or with less work (a smaller --limit)")
    .with_kind("timeout")
}

fn human(d: Duration) -> String {
    if d.subsec_millis() == 0 { format!("{} s", d.as_secs()) } else { format!("{} ms", d.as_millis()) }
}

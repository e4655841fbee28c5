//! Handlers that misbehave on request, for tests/runtime.rs.

use skills_runtime::{SkillError, skill};

/// What the handlers record.
#[derive(Debug, Default)]
pub struct Ctx {
    /// Calls that reached a handler, by skill.
    pub calls: Vec<&'static str>,
    /// The last level set.
    pub level: u8,
}

skills_runtime::include_skills!(context = Ctx);

/// A router over the fixture skills.
pub fn router() -> skills_runtime::Router<Ctx> {
    skills_runtime::Router::new(&skills::TABLE)
}

#[skill("ops.ping")]
fn ping(ctx: &mut Ctx, message: Option<&str>, prefix: &str) -> String {
    ctx.calls.push("ops.ping");
    format!("{prefix}{}", message.unwrap_or("pong"))
}

#[skill("ops.flaky")]
fn flaky(ctx: &mut Ctx, fail: bool, bad: bool) -> Result<&'static str, SkillError> {
    ctx.calls.push("ops.flaky");
    match (fail, bad) {
        (true, _) => Err(SkillError::new_static("the backend refused the request")),
        (_, true) => {
            Err(SkillError::input_static("there is no such record").with_static_hint("list the records first"))
        }
        _ => Ok("ok"),
    }
}

#[skill("ops.crash")]
fn crash(ctx: &mut Ctx) -> String {
    ctx.calls.push("ops.crash");
    let empty: Vec<u32> = Vec::new();
    // An out-of-bounds index, as a real bug would have it.
    empty[ctx.calls.len()].to_string()
}

#[skill("ops.slow")]
async fn slow(ctx: &mut Ctx, ms: i64) -> &'static str {
    ctx.calls.push("ops.slow");
    futures_timer::Delay::new(std::time::Duration::from_millis(ms.max(0) as u64)).await;
    "waited"
}

#[skill("ops.level")]
fn level(ctx: &mut Ctx, value: u8) -> String {
    ctx.calls.push("ops.level");
    ctx.level = value;
    format!("level {value}")
}

#[skill("ops.scale")]
fn scale(ctx: &mut Ctx, factor: f64, offsets: Option<Vec<f32>>) -> String {
    ctx.calls.push("ops.scale");
    let scaled: Vec<f64> = offsets.unwrap_or_default().into_iter().map(|x| f64::from(x) * factor).collect();
    format!("scaled by {factor}: {scaled:?}")
}

#[skill("ops.secret")]
fn secret(ctx: &mut Ctx) -> &'static str {
    ctx.calls.push("ops.secret");
    "used the token"
}

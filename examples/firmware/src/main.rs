//! The bundled skills on a Cortex-M4F: a fixed batch of commands, as a
//! model might send them (mistakes included), dispatched without a heap;
//! each result is printed over semihosting, then the program exits.
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};
use panic_semihosting as _;
use skills_device::{Device, router};
use skills_runtime::buffer::Buffer;
use skills_runtime::{Date, Kind};

/// What the device is asked, in order.
const COMMANDS: &[&str] = &[
    "get_skill",
    "get_skill: tasks",
    "tasks.create --title \"Calibrate pressure sensor\" --priority high --due 2026-02-16",
    "tasks.create --title 'Replace filter' --due 2026-03-01 --tags maintenance",
    "tasks.search --overdue",
    "tasks.search --status overdue",
    "tasks.update --id task_1 --status done",
    "tasks.search --status done --limt 5",
    "email.send --to ops@plant.example --subject \"Filter due\" --body \"Replace it by March 1.\"",
    "email.send --to ops@plant.example --subject Filter due --body x",
    "calendar.create --title Inspection --date 2026-02-30",
    "calendar.create --title Inspection --date 2026-02-20 --time 9:00",
    "calendar.create --title Inspection --date 2026-02-20 --time 09:00 --duration 45",
    "memory.save --content \"Pump 2 runs hot above 40C\" --category fact",
    "recall --query pump",
    "workflows.daily_digest --recipient ops@plant.example",
    "workflow.build --name nightly --description \"Nightly check\"",
    "tasks.get --id task_7",
    "email.send --to \"unterminated",
];

#[entry]
fn main() -> ! {
    let router = router();
    let mut device = Device::new(match Date::new(2026, 2, 17) {
        Ok(d) => d,
        Err(_) => Date::MIN,
    });
    // Only a command with something to unescape is copied, into `scratch`.
    let mut scratch = [0u8; 256];
    let mut bytes = [0u8; 2048];
    let mut errors = 0;
    for cmd in COMMANDS {
        let mut out = Buffer::new(&mut bytes);
        let result = router.dispatch_str(&mut device, cmd, &mut scratch, &mut out);
        if result.kind == Kind::Error {
            errors += 1;
        }
        let cut = if out.is_truncated() { "\n[truncated]" } else { "" };
        hprintln!("> {}\n[{}] {}{}\n", cmd, result.kind.as_str(), out.as_str(), cut);
    }
    hprintln!("{} commands, {} errors", COMMANDS.len(), errors);
    // Nothing is allocated: the state and buffers live on this stack frame.
    hprintln!(
        "RAM on the stack: device state {} bytes, command scratch {} bytes, reply buffer {} bytes",
        core::mem::size_of::<Device>(),
        scratch.len(),
        bytes.len()
    );
    debug::exit(debug::EXIT_SUCCESS);
    loop {
        cortex_m::asm::wfi();
    }
}

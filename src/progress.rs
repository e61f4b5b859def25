//! A progress bar on stderr for computations that take more than a second.

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::game::Progress;

/// How long a computation runs before it gets a bar.
const PATIENCE: Duration = Duration::from_secs(1);

#[derive(Default)]
pub struct Bar {
    started: Option<Instant>,
    bar: Option<ProgressBar>,
}

impl Progress for Bar {
    fn report(&mut self, what: &str, done: u64, total: u64) {
        let started = *self.started.get_or_insert_with(Instant::now);
        if self.bar.is_none() && started.elapsed() >= PATIENCE {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            if let Ok(style) = ProgressStyle::with_template(
                // No time left: heap games grow quadratically, so a linear estimate misleads.
                "{msg} [{bar:40}] {human_pos}/{human_len} ({elapsed})",
            ) {
                bar.set_style(style.progress_chars("=> "));
            }
            bar.set_message(format!("{what} (Ctrl-C stops)"));
            self.bar = Some(bar);
        }
        if let Some(bar) = &self.bar {
            bar.set_length(total);
            bar.set_position(done);
        }
    }

    fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
        self.started = None;
    }
}

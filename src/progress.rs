//! A progress bar on stderr for statements that take more than a second.

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::game::Progress;

/// How long a statement runs before its computations get a bar.
const PATIENCE: Duration = Duration::from_secs(1);

#[derive(Default)]
pub struct Bar {
    started: Option<Instant>,
    bar: Option<ProgressBar>,
    /// Whether the bar drawn has a known length (a bar) or not (a counter).
    bounded: bool,
    /// What the bar says is being computed.
    what: String,
}

impl Bar {
    fn start(&mut self, total: u64, running: Duration) {
        let bounded = total > 0;
        let (bar, template) = if bounded {
            // No time left: heap games grow quadratically, so a linear estimate misleads.
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            (
                bar,
                "{msg} [{wide_bar}] {human_pos}/{human_len} ({elapsed})",
            )
        } else {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            (bar, "{msg} {spinner} {human_pos} ({elapsed})")
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style.progress_chars("=> "));
        }
        // The time shown is the statement's, not the bar's.
        let bar = bar.with_elapsed(running);
        self.bar = Some(bar);
        self.bounded = bounded;
    }
}

impl Progress for Bar {
    fn begin(&mut self) {
        self.end();
        self.started = Some(Instant::now());
    }

    fn report(&mut self, what: &str, done: u64, total: u64) {
        let started = *self.started.get_or_insert_with(Instant::now);
        // A bar with an end says more than a counter: counters (the calls a family makes)
        // do not replace it, but a bar replaces a counter.
        if self.bar.is_some() && self.bounded && total == 0 {
            return;
        }
        if self.bar.is_some() && !self.bounded && total > 0 {
            self.end();
        }
        if self.bar.is_none() && started.elapsed() >= PATIENCE {
            self.start(total, started.elapsed());
        }
        if let Some(bar) = &self.bar {
            if self.what != what {
                self.what = what.to_owned();
                bar.set_message(format!("{what} (Ctrl-C stops)"));
            }
            if total > 0 {
                bar.set_length(total);
            } else {
                bar.tick();
            }
            bar.set_position(done);
        }
    }

    /// A counter (the calls a statement makes, between the tables it reads) stays until
    /// the statement ends or a bar replaces it: cleared after each table read, it would
    /// flicker.
    fn finish(&mut self) {
        if self.bounded {
            self.end();
        }
    }

    fn end(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
        self.bounded = false;
        self.what.clear();
    }
}

//! Why a thin Wythoff position far along its strip has its value: its rows gain p every p
//! columns, proved by the fill's state repeating (see [`crate::game::heap::wythoff_strip`]).

use super::derive::FAR_OUT;
use super::{Explainer, Result, Rule, Step};
use crate::game::GameId;

impl Explainer<'_> {
    /// Whether (row, column) lies past the columns of a strip whose period is proved, and
    /// far enough for the period to be the shorter argument.
    pub(super) fn wythoff_is_far_out(&self, row: u64, column: u64) -> bool {
        row.min(column) > 0
            && row.max(column) >= FAR_OUT
            && self.arena.wythoff_period(row, column).is_some()
    }

    /// `wythoff(a, n) ≡ *v` because wythoff(a, r) ≡ *(v - p·q) and the rows gain p every p.
    pub(super) fn derive_wythoff_periodic(
        &mut self,
        id: GameId,
        row: u64,
        column: u64,
        depth: usize,
    ) -> Result<Vec<Step>> {
        let value = self.value(id)?;
        let (period, rows) = self
            .arena
            .wythoff_period(row, column)
            .expect("checked by wythoff_is_far_out");
        let (last, high) = (rows - 1, row.max(column));
        let (start, length) = (period.start, period.period);
        let (times, rest) = ((high - start) / length, (high - start) % length);
        let near = start + rest;
        let base = if row <= column {
            self.arena.wythoff(row, near)?
        } else {
            self.arena.wythoff(near, column)?
        };
        let base_value = self.arena.nimber(base)?;
        let (name, base_name) = (self.name(id), self.name(base));
        let detail = vec![
            format!(
                "rows 0 to {last} gain {length} every {length} columns from column {start}: \
                 g(i, c + {length}) = g(i, c) + {length}, and so g(c + {length}, i) = \
                 g(c, i) + {length}, for every c ≥ {start} and i ≤ {last}"
            ),
            format!(
                "proved by the fill of these rows, column by column: before column {} each \
                 row's values so far and the last {last} columns are those before column \
                 {start}, all shifted by {length}, and the values from there on depend on \
                 nothing else",
                start + length
            ),
            format!(
                "{high} = {start} + {length}·{times} + {rest}, and {base_name} ≡ *{base_value}, \
                 so {name} ≡ *({base_value} + {length}·{times}) = {value}"
            ),
        ];
        let because = self.derive_or_fold(base, depth)?;
        Ok(vec![
            Step::new(format!("{name} ≡ {value}"))
                .by(Rule::AdditivePeriodicity)
                .detail(detail)
                .because(because),
        ])
    }
}

//! Decimation: a plot of a million values draws at most one mark per pixel column and pixel
//! row, and neighbouring columns that hold a value in the same row share one mark, so that
//! the SVG stays small however long the sequence. The pixels are marked on a grid the size of
//! the plot, so a million values take no more memory than ten.

/// A horizontal run of pixel columns `first..=last`, all holding a value drawn in `row`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Run {
    pub row: i32,
    pub first: i32,
    pub last: i32,
}

/// The pixels of an area, each marked or not.
pub(super) struct Pixels {
    width: usize,
    marked: Vec<bool>,
}

impl Pixels {
    /// An area of `width` × `height` pixels, none marked; (0, 0) at its top left.
    pub fn new(width: usize, height: usize) -> Self {
        Pixels {
            width,
            marked: vec![false; width * height],
        }
    }

    /// Marks the pixel at (column, row); one outside the area is left out.
    pub fn mark(&mut self, column: i32, row: i32) {
        let (Ok(column), Ok(row)) = (usize::try_from(column), usize::try_from(row)) else {
            return;
        };
        if column < self.width
            && let Some(pixel) = self.marked.get_mut(row * self.width + column)
        {
            *pixel = true;
        }
    }

    /// The runs that cover exactly the pixels marked: by rows, then left to right.
    pub fn runs(&self) -> Vec<Run> {
        let mut runs: Vec<Run> = Vec::new();
        for (row, pixels) in self.marked.chunks(self.width.max(1)).enumerate() {
            for (column, _) in pixels.iter().enumerate().filter(|(_, marked)| **marked) {
                let (row, column) = (row as i32, column as i32);
                match runs.last_mut() {
                    Some(run) if run.row == row && run.last + 1 == column => run.last = column,
                    _ => runs.push(Run {
                        row,
                        first: column,
                        last: column,
                    }),
                }
            }
        }
        runs
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use proptest::prelude::*;

    use super::*;

    fn runs(pixels: impl IntoIterator<Item = (i32, i32)>) -> Vec<Run> {
        let mut area = Pixels::new(40, 6);
        for (column, row) in pixels {
            area.mark(column, row);
        }
        area.runs()
    }

    #[test]
    fn neighbouring_columns_of_a_row_are_one_run() {
        // The last two are outside the area: left out.
        let pixels = [
            (3, 1),
            (1, 1),
            (2, 1),
            (2, 1),
            (5, 1),
            (2, 0),
            (40, 1),
            (-1, 2),
        ];
        assert_eq!(
            runs(pixels),
            vec![
                Run {
                    row: 0,
                    first: 2,
                    last: 2
                },
                Run {
                    row: 1,
                    first: 1,
                    last: 3
                },
                Run {
                    row: 1,
                    first: 5,
                    last: 5
                },
            ]
        );
    }

    proptest! {
        /// The runs cover exactly the pixels given, each once, and no two of them touch.
        #[test]
        fn runs_cover_the_pixels_exactly(
            pixels in proptest::collection::vec((0i32..40, 0i32..6), 0..200)
        ) {
            let found = runs(pixels.iter().copied());
            let mut covered = Vec::new();
            for run in &found {
                prop_assert!(run.first <= run.last);
                covered.extend((run.first..=run.last).map(|column| (column, run.row)));
            }
            let wanted: BTreeSet<(i32, i32)> = pixels.into_iter().collect();
            prop_assert_eq!(covered.len(), wanted.len());
            prop_assert_eq!(covered.into_iter().collect::<BTreeSet<_>>(), wanted);
            for pair in found.windows(2) {
                prop_assert!(pair[0].row != pair[1].row || pair[0].last + 1 < pair[1].first);
            }
        }
    }
}

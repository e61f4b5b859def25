//! **Reports**: what evaluation hands back — answers and the verdicts of asserts, errors and
//! warnings with their spans, and the words they share — as data: rendering them is the
//! edge's business (`crate::output`).

pub(in crate::eval) mod advice;
pub(in crate::eval) mod answer;
pub(in crate::eval) mod capped;
pub(in crate::eval) mod error;
pub(in crate::eval) mod grids;
pub(in crate::eval) mod tables;
pub(in crate::eval) mod words;

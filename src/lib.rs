//! grundy: a language, interpreter and REPL for impartial combinatorial games.
//!
//! The pipeline, one folder a stage: [`syntax`] (text to tree), [`eval`] (tree to values),
//! [`game`] (the game DAG and its mex reduction), [`plot`] (values drawn as SVG); [`library`]
//! holds the rulesets written in grundy itself.
#![forbid(unsafe_code)]

/// What a statement holds is measured, whatever builds it (see `eval::memory`).
#[global_allocator]
static ALLOCATOR: grundy_alloc::Counting = grundy_alloc::Counting;

pub mod cli;
pub mod diagnostics;
pub mod eval;
pub mod explain;
pub mod game;
pub mod help;
pub mod input;
pub mod library;
pub mod output;
pub mod picture;
pub mod plot;
pub mod progress;
pub mod repl;
pub mod screen;
pub mod source;
pub mod survey;
pub mod syntax;
pub mod system;

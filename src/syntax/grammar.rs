//! The grammar (`grammar/grundy.pest`) as pest derives it: the parser and its `Rule`s, which
//! both the parser and the syntax errors (what a place expected) name.

use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "../grammar/grundy.pest"]
pub(super) struct GrundyParser;

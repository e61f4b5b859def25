//! **Built-ins that write files**: `plot ... to "k.svg"` and `dot G to "g.png"`, with the
//! checks on the file before anything is computed.

pub(in crate::eval) mod drawing;
pub(in crate::eval) mod plot;

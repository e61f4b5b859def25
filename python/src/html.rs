//! HTML for notebooks: text escaped, preformatted text, and proofs folded.

use grundy::explain::{Proof, Step};

pub use grundy::picture::escape_markup as escape;

/// Text as the terminal shows it, in a notebook.
pub fn pre(text: &str) -> String {
    format!("<pre class=\"grundy\">{}</pre>", escape(text))
}

/// A step's detail lines are columns (binary digits, pairs of options): kept in a fixed-width
/// font that has `≡` and `⊕` (a fallback font's wider glyph would push a column over).
const COLUMNS: &str =
    "margin: 0; white-space: pre; font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace";

/// A proof with each step that rests on others folded in a `<details>`: the headline and the
/// first level show, a click opens the rest.
pub fn proof(proof: &Proof, notes: &[String]) -> String {
    let mut out = String::from("<div class=\"grundy-proof\">");
    out.push_str(&format!("<div>{}</div>", escape(&proof.headline)));
    out.push_str("<ul style=\"list-style: none; padding-left: 1em; margin: 0\">");
    for step in &proof.steps {
        push_step(step, &mut out);
    }
    out.push_str("</ul>");
    for note in notes {
        out.push_str(&format!("<div><i>{}</i></div>", escape(note)));
    }
    out.push_str("</div>");
    out
}

fn push_step(step: &Step, out: &mut String) {
    let mut said = escape(&step.text);
    if let Some(rule) = step.rule {
        said.push_str(&format!(" <small>({})</small>", escape(rule.cite())));
    }
    let detail = if step.detail.is_empty() {
        String::new()
    } else {
        format!(
            "<pre style=\"{COLUMNS}\">{}</pre>",
            escape(&step.detail.join("\n"))
        )
    };
    out.push_str("<li>");
    if step.because.is_empty() {
        out.push_str(&said);
        out.push_str(&detail);
    } else {
        out.push_str(&format!("<details><summary>{said}</summary>{detail}"));
        out.push_str("<ul style=\"list-style: none; padding-left: 1.5em; margin: 0\">");
        for inner in &step.because {
            push_step(inner, out);
        }
        out.push_str("</ul></details>");
    }
    out.push_str("</li>");
}

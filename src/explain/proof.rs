//! Proofs as data: steps that each name the rule of the course notes they use and rest on the
//! steps under them; rendered as indented text, folded to a screenful unless asked otherwise.

use std::fmt;

/// A rule of the course notes (CO 456, Fall 2020 numbering) that justifies a step.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// G ≡ *mex{values of its options}.
    Mex,
    /// *a + *b ≡ *(a ⊕ b).
    NimSum,
    /// G + G ≡ 0.
    Copycat,
    /// G ≡ H iff G + H ≡ 0.
    SumIsZero,
    /// Options that pair off equivalently make equivalent games.
    OptionPairing,
    /// G is losing iff G ≡ 0.
    LosingIsZero,
    /// A part of a sum may be replaced by an equivalent game.
    ReplacePart,
    /// *n ≡ *m iff n = m.
    HeapsDiffer,
    /// G ≡ H when G + J and H + J have the same outcome for every J.
    Definition,
    /// ≡ is transitive.
    Transitivity,
    /// A game is winning iff some option is losing.
    Outcome,
    /// G + H: a move is a move in G or a move in H.
    SumDefinition,
    /// A subtraction game's values repeat once a window of max(S) values repeats.
    RepeatedWindow,
    /// An octal game's values repeat once g(n + p) = g(n) holds for n0 ≤ n < 2·n0 + p + t.
    OctalPeriodicity,
    /// A row of Wythoff's game gains p every p columns once the fill's state repeats.
    AdditivePeriodicity,
    /// Hackenbush: the vertices of a circuit may be fused, its edges becoming loops.
    Fusion,
    /// Hackenbush: the branches at a vertex may be replaced by a stalk of their nim-sum.
    Colon,
    /// Hackenbush: a snake (stalk) of length n is *n.
    Snake,
    /// mex S is the least natural number not in S.
    MexDefinition,
    /// a ⊕ b adds binary digits without carrying.
    NimSumOfIntegers,
    /// Misère play: a game with no move is won by the player to move; any other is won
    /// exactly when some option is lost.
    MisereOutcome,
    /// Misère Nim: play as in Nim unless that leaves only heaps of 0 or 1 chips.
    Bouton,
    /// Tame games add as misère Nim heaps, by their genera.
    TameSum,
    /// The genus g^{γ0γ1…}: γn = mex(γ′n, γn−1, γn−1 ⊕ 1).
    Genus,
    /// A reversible option (with an option equal to the game) may be deleted.
    Reversible,
    /// Two games are misère-equivalent exactly when their simplest forms are the same.
    SimplestForms,
    /// A game that tells two games apart, found as in Conway's proof and played out.
    Distinguisher,
    /// G ⊗ H ≡ *(g ⊗ h): a product of games is worth the nim product of their values.
    Product,
    /// a ⊗ b multiplied out digit by digit: ⊗ distributes over ⊕.
    DistributiveLaw,
    /// A Fermat 2-power times a smaller number is their ordinary product.
    FermatTimesSmaller,
    /// A Fermat 2-power times itself is 3/2 of it.
    FermatSquare,
    /// Distinct Fermat 2-powers multiply as numbers: the rule above, one factor at a time.
    DistinctFermatPowers,
    /// Powers of 2 written as products of Fermat 2-powers: the squares among them by one
    /// rule, the distinct ones by the other.
    FermatFactors,
}

impl Rule {
    pub fn cite(self) -> &'static str {
        match self {
            Rule::Mex => "mex rule, Theorem 7.1",
            Rule::NimSum => "nim-sum rule, Corollary 5.3",
            Rule::Copycat => "copycat principle, Lemma 4.1",
            Rule::SumIsZero => "G ≡ H iff G + H ≡ 0, Lemma 4.2",
            Rule::OptionPairing => "equivalent options, Lemma 4.3",
            Rule::LosingIsZero => "losing iff ≡ 0, Theorem 3.5",
            Rule::ReplacePart => "equivalent parts, Exercise 3.4",
            Rule::HeapsDiffer => "*n ≡ *m iff n = m, Lemma 3.2",
            Rule::Definition => "definition of ≡",
            Rule::Transitivity => "≡ is an equivalence, Lemma 3.3",
            Rule::Outcome => "winning iff some option is losing, Lemma 2.2",
            Rule::SumDefinition => "definition of the sum",
            Rule::RepeatedWindow => "periodicity of subtraction games",
            Rule::OctalPeriodicity => "octal periodicity theorem, Guy–Smith",
            Rule::AdditivePeriodicity => "additive periodicity, Dress–Flammenkamp–Pink",
            Rule::Fusion => "fusion principle",
            Rule::Colon => "colon principle",
            Rule::Snake => "a snake of length n is *n, Bonus I",
            Rule::MexDefinition => "definition of mex",
            Rule::NimSumOfIntegers => "nim-sum: binary addition without carry",
            Rule::MisereOutcome => {
                "misère play: no move wins; else winning iff some option is losing"
            }
            Rule::Bouton => "misère Nim, Bouton's rule",
            Rule::TameSum => "tame games add as misère Nim heaps, Conway, ONAG ch. 12",
            Rule::Genus => "genus, Conway, ONAG ch. 12",
            Rule::Reversible => "reversible options, Conway's simplification, ONAG ch. 12",
            Rule::SimplestForms => "equal iff the same simplest form, Conway, ONAG ch. 12",
            Rule::Distinguisher => "definition of misère equivalence",
            Rule::Product => "product rule, ONAG ch. 6; the Tartan theorem, Ferguson §5.4",
            Rule::DistributiveLaw => "⊗ distributes over ⊕, Ferguson §5.3",
            Rule::FermatTimesSmaller => {
                "a Fermat 2-power times a smaller number, Ferguson §5.3 (i)"
            }
            Rule::FermatSquare => "a Fermat 2-power squared is 3/2 of it, Ferguson §5.3 (ii)",
            Rule::DistinctFermatPowers => {
                "distinct Fermat 2-powers multiply as numbers, Ferguson §5.3 (i) in turn"
            }
            Rule::FermatFactors => {
                "as products of Fermat 2-powers: squares by §5.3 (ii), the rest by (i)"
            }
        }
    }
}

/// One step: what it says, why, lines shown with it, and the steps it rests on.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Step {
    pub text: String,
    pub rule: Option<Rule>,
    /// A reason the ruleset gave in its own words (`because("…", G)`), cited as a rule is.
    pub cited: Option<String>,
    /// Lines shown under the step as they are: binary columns, a pairing table.
    pub detail: Vec<String>,
    pub because: Vec<Step>,
}

impl Step {
    pub fn new(text: impl Into<String>) -> Self {
        Step {
            text: text.into(),
            ..Step::default()
        }
    }

    pub fn by(mut self, rule: Rule) -> Self {
        self.rule = Some(rule);
        self
    }

    /// Cites a reason given in words rather than a rule of the course.
    pub fn cite(mut self, reason: &str) -> Self {
        self.cited = Some(reason.to_owned());
        self
    }

    pub fn detail(mut self, lines: Vec<String>) -> Self {
        self.detail = lines;
        self
    }

    pub fn because(mut self, steps: Vec<Step>) -> Self {
        self.because = steps;
        self
    }
}

/// A proof of a claim (or of a game's value).
#[derive(Clone, Debug, PartialEq)]
pub struct Proof {
    /// `*3 ≡ *4 is false.`
    pub headline: String,
    /// For a claim, whether it holds.
    pub holds: Option<bool>,
    pub steps: Vec<Step>,
    /// Whether some steps were left out, and so how to see them.
    pub folded: Folded,
}

/// Whether a proof left steps out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Folded {
    No,
    /// To fit a screen: `why full` shows them.
    ToFit,
    /// Even by `why full`, which stops at [`Fold::FULL`](super::Fold::FULL): at `depth`
    /// levels, below its 64 when the whole proof would pass its lines.
    EvenInFull {
        depth: usize,
    },
}

impl Proof {
    /// The proof as lines of text.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![self.headline.clone()];
        for step in &self.steps {
            push_step(step, 1, &mut lines);
        }
        let full = super::Fold::FULL;
        match self.folded {
            Folded::No => {}
            Folded::ToFit => {
                lines.push("(deeper steps are folded; `why full ...` shows them all)".to_owned())
            }
            Folded::EvenInFull { depth } if depth >= full.depth => lines.push(format!(
                "(some steps are folded even by `why full`, which stops at {depth} levels)"
            )),
            Folded::EvenInFull { depth } => lines.push(format!(
                "(the whole proof passes {} lines, so `why full` shows {depth} level{} of it; \
                 `why` of a game it folds proves that game)",
                full.lines,
                if depth == 1 { "" } else { "s" }
            )),
        }
        lines
    }
}

fn push_step(step: &Step, depth: usize, lines: &mut Vec<String>) {
    let indent = "  ".repeat(depth);
    match (step.rule, &step.cited) {
        (Some(rule), _) => lines.push(format!("{indent}{}   ({})", step.text, rule.cite())),
        (None, Some(reason)) => lines.push(format!("{indent}{}   ({reason})", step.text)),
        (None, None) => lines.push(format!("{indent}{}", step.text)),
    }
    for line in &step.detail {
        lines.push(format!("{indent}    {line}"));
    }
    for inner in &step.because {
        push_step(inner, depth + 1, lines);
    }
}

impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.lines().join("\n"))
    }
}

/// `a ⊕ b ⊕ c` in binary columns, as the notes write it:
///
/// ```text
///     1011   11
///   ⊕ 1101   13
///   ──────
///     0110   6
/// ```
pub fn binary_columns(values: &[u64]) -> Vec<String> {
    let total = values.iter().fold(0, |acc, v| acc ^ v);
    let width = values
        .iter()
        .chain([&total])
        .map(|v| 64 - v.leading_zeros() as usize)
        .max()
        .unwrap_or(1)
        .max(1);
    let row = |v: u64| format!("{v:0width$b}");
    let mut lines: Vec<String> = Vec::new();
    for (i, &value) in values.iter().enumerate() {
        let sign = if i + 1 == values.len() { "⊕ " } else { "  " };
        lines.push(format!("{sign}{}   {value}", row(value)));
    }
    lines.push(format!("  {}", "─".repeat(width)));
    lines.push(format!("  {}   {total}", row(total)));
    lines
}

/// Items of a set written out before the rest are counted.
const SET_ITEMS: usize = 12;
/// Sets this short are written out whole.
const SHORT_SET: usize = 8;

/// The members of a set of naturals (ascending, distinct) as a mex reads them: in a set of
/// more than eight, runs of four or more written `a, …, b`, so that the least missing value
/// shows
/// (`0, …, 11, 13, …, 16, 19, 20`); a long tail is counted, its last two shown.
pub fn values_text(values: &[u64]) -> String {
    if values.len() <= SHORT_SET {
        return values
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ");
    }
    let mut items: Vec<String> = Vec::new();
    let mut start = 0;
    while start < values.len() {
        let mut end = start;
        while end + 1 < values.len() && values[end + 1] == values[end] + 1 {
            end += 1;
        }
        if end - start >= 3 {
            items.push(format!("{}, …, {}", values[start], values[end]));
        } else {
            items.extend(values[start..=end].iter().map(u64::to_string));
        }
        start = end + 1;
    }
    if items.len() > SET_ITEMS {
        let (head, tail) = (SET_ITEMS - 4, 2);
        let hidden = items.len() - head - tail;
        let last = items.split_off(items.len() - tail);
        items.truncate(head);
        items.push(format!("[{hidden} more]"));
        items.extend(last);
    }
    items.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mex_set_shows_its_gap() {
        assert_eq!(values_text(&[0, 1, 2]), "0, 1, 2");
        assert_eq!(values_text(&[]), "");
        let mut values: Vec<u64> = (0..=16).filter(|&v| v != 12).collect();
        values.extend([19, 20]);
        assert_eq!(values_text(&values), "0, …, 11, 13, …, 16, 19, 20");
        // Many gaps: the first items, how many more, and the last two.
        let sparse: Vec<u64> = (0..40).map(|v| v * 3).collect();
        assert_eq!(
            values_text(&sparse),
            "0, 3, 6, 9, 12, 15, 18, 21, [30 more], 114, 117"
        );
    }

    #[test]
    fn binary_columns_as_in_lecture_5() {
        assert_eq!(
            binary_columns(&[11, 13]),
            ["  1011   11", "⊕ 1101   13", "  ────", "  0110   6"]
        );
        assert_eq!(
            binary_columns(&[25, 21, 11]),
            [
                "  11001   25",
                "  10101   21",
                "⊕ 01011   11",
                "  ─────",
                "  00111   7"
            ]
        );
    }

    #[test]
    fn steps_render_indented_with_their_rules() {
        let proof = Proof {
            headline: "*1 + *2 ≡ *3 is true.".into(),
            holds: Some(true),
            steps: vec![
                Step::new("*1 + *2 ≡ *(1 ⊕ 2) = *3")
                    .by(Rule::NimSum)
                    .detail(vec!["x".into()]),
            ],
            folded: Folded::No,
        };
        assert_eq!(
            proof.lines(),
            [
                "*1 + *2 ≡ *3 is true.",
                "  *1 + *2 ≡ *(1 ⊕ 2) = *3   (nim-sum rule, Corollary 5.3)",
                "      x"
            ]
        );
    }
}

//! Why a Hackenbush picture is worth what it is: the fusion and colon principles, stage by
//! stage, from the top of the picture down to the ground.

use super::{Explainer, Result, Rule, Step};
use crate::game::hackenbush::{Branch, Picture, Stage, cuts_to, value};
use crate::game::{GameId, show_nimber};

impl Explainer<'_> {
    /// `P ≡ *n`, because P reduces to a stalk of length n.
    pub(super) fn derive_picture(&mut self, id: GameId, picture: &Picture) -> Result<Vec<Step>> {
        let name = self.name(id);
        if let Some(length) = picture.as_stalk() {
            let shown = show_nimber(length);
            return Ok(vec![
                Step::new(format!("{name} ≡ {shown}"))
                    .by(Rule::Snake)
                    .detail(vec![format!("it is a snake of length {length}")]),
            ]);
        }
        self.arena.reduction_fits(picture)?;
        let reduction = value(picture, &mut self.arena.watch)?;
        let shown = show_nimber(reduction.value);
        // A screenful shows the first stages and the last (the ground's).
        let limit = 2 * self.fold.width;
        let total = reduction.stages.len();
        let mut steps = Vec::new();
        for (i, stage) in reduction.stages.iter().enumerate() {
            if total > limit && i + 1 >= limit && i + 1 < total {
                if i + 1 == limit {
                    steps.push(Step::new(format!(
                        "… {} more stages like these",
                        total - limit
                    )));
                    self.folded = true;
                }
                continue;
            }
            steps.push(stage_step(stage));
        }
        steps.push(
            Step::new(format!(
                "the picture is now a stalk of length {} on the ground, so it is {shown}",
                reduction.value
            ))
            .by(Rule::Snake),
        );
        Ok(vec![
            Step::new(format!(
                "{name} ≡ {shown}: fused on its circuits, then read from the top down to the ground"
            ))
            .because(steps),
        ])
    }
}

fn stage_step(stage: &Stage) -> Step {
    match stage {
        Stage::Fuse {
            vertices,
            edges,
            ground,
        } => {
            let list = vertices.join(", ");
            let (into, there) = if *ground {
                ("into the ground".to_owned(), "on the ground")
            } else {
                (format!("into one vertex {{{list}}}"), "there")
            };
            let loops = if *edges == 1 { "a loop" } else { "loops" };
            Step::new(format!(
                "{list} lie on circuits: fused {into}, their {edges} edges become {loops} {there}"
            ))
            .by(Rule::Fusion)
        }
        Stage::Colon {
            at,
            branches,
            length,
        } => {
            let loops = branches.iter().filter(|b| b.edge.is_none()).count();
            let edges: Vec<&Branch> = branches.iter().filter(|b| b.edge.is_some()).collect();
            let mut parts: Vec<String> = Vec::new();
            match loops {
                0 => {}
                1 => parts.push("a loop (1)".into()),
                n => parts.push(format!("{n} loops (1 each)")),
            }
            parts.extend(edges.iter().take(BRANCHES).map(|b| branch_text(b)));
            if edges.len() > BRANCHES {
                parts.push(format!("{} more edges", edges.len() - BRANCHES));
            }
            let text = if branches.len() == 1 {
                let only = &branches[0];
                match &only.edge {
                    None => format!("at {at}: a loop is a stalk of length 1"),
                    Some(edge) => format!(
                        "at {at}: {edge} topped by a stalk of {} is a stalk of length {length}",
                        only.length - 1
                    ),
                }
            } else {
                format!(
                    "at {at}: {} become one stalk of length {} = {length}",
                    join_and(&parts),
                    nim_sum_terms(loops, &edges)
                )
            };
            Step::new(text).by(Rule::Colon)
        }
    }
}

/// Edge branches named in one colon step before the rest are counted.
const BRANCHES: usize = 8;

/// `a-b (1)`, or `a-c topped by a stalk of 1 (2)`: a branch and the stalk it is worth.
fn branch_text(branch: &Branch) -> String {
    let edge = branch.edge.as_deref().unwrap_or("a loop");
    if branch.length == 1 {
        format!("{edge} (1)")
    } else {
        format!(
            "{edge} topped by a stalk of {} ({})",
            branch.length - 1,
            branch.length
        )
    }
}

/// `1 ⊕ 1 ⊕ 2`; many loops are counted rather than written out.
fn nim_sum_terms(loops: usize, edges: &[&Branch]) -> String {
    let mut terms: Vec<String> = Vec::new();
    if loops <= 4 {
        terms.extend(std::iter::repeat_n("1".to_owned(), loops));
    } else {
        terms.push(format!("1 ⊕ … ⊕ 1 ({loops} times)"));
    }
    terms.extend(edges.iter().take(BRANCHES).map(|b| b.length.to_string()));
    if edges.len() > BRANCHES {
        let rest = edges[BRANCHES..].iter().fold(0, |acc, b| acc ^ b.length);
        terms.push(format!("(the other {}: {rest})", edges.len() - BRANCHES));
    }
    terms.join(" ⊕ ")
}

/// `a, b and c`
fn join_and(parts: &[String]) -> String {
    match parts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => parts.concat(),
    }
}

impl Explainer<'_> {
    /// Graphviz DOT of the picture itself: green edges standing on a brown ground line, each
    /// edge on the ground with a foot of its own, the winning cuts dashed.
    pub(super) fn draw_picture(&mut self, id: GameId, picture: &Picture) -> Result<String> {
        let mut winning = vec![false; picture.edges().len()];
        self.arena.reduction_fits(picture)?;
        for cut in cuts_to(picture, 0, &mut self.arena.watch)? {
            winning[cut] = true;
        }
        let value = show_nimber(self.arena.nimber(id)?);
        let mut out = String::from("graph picture {\n");
        out.push_str(&format!(
            "  // {} ≡ {value}; dashed edges are the winning cuts.\n",
            self.name(id).replace('\n', " ")
        ));
        out.push_str("  rankdir=BT;\n");
        out.push_str("  node [shape=circle, width=0.3, fixedsize=true, fontname=\"Helvetica\", fontsize=10];\n");
        out.push_str("  edge [color=\"forestgreen\", penwidth=2];\n");
        let mut feet = Vec::new();
        let mut lines = String::new();
        let mut first = 0;
        for (index, &(a, b)) in picture.edges().iter().enumerate() {
            let mut end = |v: u32| {
                if v == 0 {
                    feet.push(format!("foot{}", feet.len()));
                    feet.last().cloned().unwrap_or_default()
                } else {
                    format!("v{v}")
                }
            };
            let (from, to) = (
                end(a),
                if a == 0 && b == 0 {
                    String::new()
                } else {
                    end(b)
                },
            );
            // A loop on the ground stands on one foot.
            let to = if to.is_empty() { from.clone() } else { to };
            let name = picture.edge_name(index);
            // Any copy of a winning multi-edge is a winning cut.
            if picture.first_copy(index) {
                first = index;
            }
            let style = if winning[first] {
                ", style=dashed, label=\" cut to win\", fontsize=9"
            } else {
                ""
            };
            lines.push_str(&format!("  {from} -- {to} [tooltip=\"{name}\"{style}];\n"));
        }
        for v in 1..picture.vertex_count() as u32 {
            out.push_str(&format!("  v{v} [label=\"{}\"];\n", picture.name(v)));
        }
        out.push_str("  // The ground: a line with a foot for every edge that stands on it.\n");
        out.push_str("  node [shape=point, width=0.08];\n");
        out.push_str("  { rank=min; ground_left; ");
        for foot in &feet {
            out.push_str(&format!("{foot}; "));
        }
        out.push_str("ground_right; }\n");
        let mut ground = vec!["ground_left".to_owned()];
        ground.extend(feet);
        ground.push("ground_right".into());
        out.push_str(&format!(
            "  {} [color=\"saddlebrown\", penwidth=4];\n",
            ground.join(" -- ")
        ));
        out.push_str(&lines);
        out.push_str("}\n");
        Ok(out)
    }
}

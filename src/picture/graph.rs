//! Grundy's DOT read back into a graph that layout-rs places: the nodes, edges and styles
//! that `dot` writes (boxes, circles and points, fill and line colours, dashed edges, labels,
//! `rankdir=BT`), each node and edge tagged with its class for the picture.

use indexmap::IndexMap;
use layout::core::base::Orientation;
use layout::core::color::Color;
use layout::core::geometry::Point;
use layout::core::style::{LineStyleKind, StyleAttr};
use layout::gv::DotParser;
use layout::gv::parser::ast;
use layout::std_shapes::shapes::{Arrow, Element, LineEndKind, ShapeKind};
use layout::topo::layout::VisualGraph;

type Attributes = IndexMap<String, String>;

/// Font size where the DOT names none (Graphviz's default).
const FONT_SIZE: usize = 14;
/// A character's width and a line's height, in font sizes: a sans-serif's average.
const CHAR_WIDTH: f64 = 0.62;
const LINE_HEIGHT: f64 = 1.25;
/// Room around a label inside its box, in pixels.
const PADDING: f64 = 10.0;
/// Graphviz's sizes are in inches.
const PIXELS_PER_INCH: f64 = 72.0;

/// What the DOT says, gathered before anything is placed.
#[derive(Default)]
struct Read {
    /// Each node by name, in the order first named, with the attributes in force then.
    nodes: IndexMap<String, Attributes>,
    edges: Vec<Edge>,
    /// Nodes that a `{ rank=...; a; b; }` group lines up.
    ranks: Vec<Vec<String>>,
    /// Graph attributes (`rankdir`).
    graph: Attributes,
}

struct Edge {
    from: String,
    to: String,
    attributes: Attributes,
    directed: bool,
}

/// The graph that DOT text describes, ready to be placed.
pub(super) struct Graph {
    pub visual: VisualGraph,
    /// Its nodes and edges as the DOT has them (a ground of many points is one bar).
    pub nodes: usize,
    pub edges: usize,
    /// What the layout places: nodes and connectors (see [`super::order`]).
    pub elements: usize,
}

/// The graph that `dot` text describes, ready to be placed; or why the text is not DOT.
pub(super) fn read(dot: &str) -> Result<Graph, String> {
    let mut parser = DotParser::new(dot);
    let tree = parser.process()?;
    let mut read = Read::default();
    read.statements(&tree, &Attributes::new(), &Attributes::new());
    Ok(read.build())
}

impl Read {
    /// The statements of a graph or subgraph, with the node and edge defaults in force.
    fn statements(&mut self, graph: &ast::Graph, node: &Attributes, edge: &Attributes) {
        let (mut node, mut edge) = (node.clone(), edge.clone());
        let mut members = Vec::new();
        let mut ranked = false;
        for statement in &graph.list.list {
            match statement {
                ast::Stmt::Attribute(set) => {
                    let target = match set.target {
                        ast::AttrStmtTarget::Node => &mut node,
                        ast::AttrStmtTarget::Edge => &mut edge,
                        ast::AttrStmtTarget::Graph => {
                            ranked |= set.list.iter().any(|(key, _)| key == "rank");
                            &mut self.graph
                        }
                    };
                    target.extend(set.list.iter().cloned());
                }
                ast::Stmt::Node(statement) => {
                    let name = &statement.id.name;
                    members.push(name.clone());
                    let attributes = self.nodes.entry(name.clone()).or_insert(node.clone());
                    attributes.extend(statement.list.iter().cloned());
                }
                ast::Stmt::Edge(statement) => {
                    let mut attributes = edge.clone();
                    attributes.extend(statement.list.iter().cloned());
                    let mut from = &statement.from.name;
                    self.mention(from, &node);
                    for (to, kind) in &statement.to {
                        self.mention(&to.name, &node);
                        self.edges.push(Edge {
                            from: from.clone(),
                            to: to.name.clone(),
                            attributes: attributes.clone(),
                            directed: matches!(kind, ast::ArrowKind::Arrow),
                        });
                        from = &to.name;
                    }
                }
                ast::Stmt::SubGraph(inner) => self.statements(inner, &node, &edge),
            }
        }
        // `rank` set inside a subgraph is that group's, not the whole graph's.
        self.graph.shift_remove("rank");
        if ranked && members.len() > 1 {
            self.ranks.push(members);
        }
    }

    /// A node named by an edge before (or without) its own statement.
    fn mention(&mut self, name: &str, defaults: &Attributes) {
        if !self.nodes.contains_key(name) {
            self.nodes.insert(name.to_owned(), defaults.clone());
        }
    }

    /// The graph laid out top to bottom; `rankdir=BT` turns the edges over instead.
    ///
    /// layout-rs keeps no rank groups: a group of points (the ground of a Hackenbush
    /// picture, its feet joined by a line) becomes one bar, which the edges meet (the
    /// canvas gives each its own foot on it).
    fn build(self) -> Graph {
        let upward = self.graph.get("rankdir").is_some_and(|dir| dir == "BT");
        let mut merged: IndexMap<&str, &str> = IndexMap::new();
        for group in &self.ranks {
            let points = group
                .iter()
                .all(|name| shape(&self.nodes[name.as_str()]) == "point");
            if points {
                for name in group {
                    merged.insert(name, &group[0]);
                }
            }
        }
        let bars: Vec<&str> = merged.values().copied().collect();
        let drawn = |name: &str| -> String { merged.get(name).copied().unwrap_or(name).to_owned() };

        let mut graph = VisualGraph::new(Orientation::TopToBottom);
        let mut handles = IndexMap::new();
        for (name, attributes) in &self.nodes {
            if merged.get(name.as_str()).is_some_and(|&bar| bar != name) {
                continue;
            }
            let element = if bars.contains(&name.as_str()) {
                let feet = merged.values().filter(|&&bar| bar == name).count();
                let colour = self
                    .edges
                    .iter()
                    .find(|edge| drawn(&edge.from) == *name && drawn(&edge.to) == *name)
                    .and_then(|edge| edge.attributes.get("color"));
                bar(feet, colour)
            } else {
                node(name, attributes)
            };
            handles.insert(name.clone(), graph.add_node(element));
        }
        let mut links = Vec::new();
        for edge in &self.edges {
            let (from, to) = (drawn(&edge.from), drawn(&edge.to));
            if from == to && edge.from != edge.to && bars.contains(&from.as_str()) {
                // A piece of the ground line: the bar draws it (a loop at the ground, `g-g`,
                // is an edge of the picture, drawn).
                continue;
            }
            let (from, to) = if upward { (to, from) } else { (from, to) };
            links.push((edge, handles[&from], handles[&to]));
        }
        let ends: Vec<(usize, usize)> = links
            .iter()
            .map(|(_, from, to)| (from.get_index(), to.get_index()))
            .collect();
        let plan = super::order::plan(handles.len(), &ends);
        for &(index, turned) in &plan.edges {
            let (edge, from, to) = links[index];
            match turned {
                false => graph.add_edge(arrow(edge), from, to),
                true => graph.add_edge(arrow(edge).reverse(), to, from),
            }
        }
        // layout-rs checks the whole graph for cycles after each edge it adds, as the
        // search above does: the plan has made it acyclic already.
        graph.dag.set_validate(false);
        Graph {
            visual: graph,
            nodes: handles.len(),
            edges: links.len(),
            elements: plan.elements,
        }
    }
}

fn shape(attributes: &Attributes) -> &str {
    attributes.get("shape").map_or("ellipse", String::as_str)
}

/// A node: its label (its name when it has none) in a box, circle or point.
fn node(name: &str, attributes: &Attributes) -> Element {
    let label = attributes.get("label").map_or(name, String::as_str);
    let font_size = number(attributes.get("fontsize")).map_or(FONT_SIZE, |size| size as usize);
    let styles: Vec<&str> = attributes.get("style").map_or(Vec::new(), |style| {
        style.split(',').map(str::trim).collect()
    });
    let fill = if styles.contains(&"filled") {
        colour(
            attributes.get("fillcolor").or(attributes.get("color")),
            "lightgray",
        )
    } else {
        colour(None, "white")
    };
    let line = colour(attributes.get("color"), "black");
    let rounded = if styles.contains(&"rounded") { 8 } else { 0 };
    let text = text_size(label, font_size);
    let width = number(attributes.get("width")).map(|inches| inches * PIXELS_PER_INCH);
    let fixed = attributes
        .get("fixedsize")
        .is_some_and(|fixed| fixed == "true");
    let (shape, size) = match shape(attributes) {
        "box" | "rect" | "rectangle" | "square" => (
            ShapeKind::Box(label.to_owned()),
            Point::new(text.x + 2.0 * PADDING, text.y + PADDING),
        ),
        "point" => {
            let across = width.unwrap_or(0.05 * PIXELS_PER_INCH).max(4.0);
            (ShapeKind::Circle(String::new()), Point::splat(across))
        }
        _ => {
            let fitted = text.x.max(text.y) + PADDING;
            let across = match width {
                Some(width) if fixed => width,
                Some(width) => width.max(fitted),
                None => fitted,
            };
            (ShapeKind::Circle(label.to_owned()), Point::splat(across))
        }
    };
    let look = StyleAttr::new(line, 1, Some(fill), rounded, font_size);
    Element::create_with_properties(
        shape,
        look,
        Orientation::TopToBottom,
        size,
        "class=\"node\"",
    )
}

/// The ground of a Hackenbush picture: a thick bar wide enough for its feet.
fn bar(feet: usize, colour_name: Option<&String>) -> Element {
    let fill = colour(colour_name, "saddlebrown");
    let look = StyleAttr::new(fill, 1, Some(fill), 2, FONT_SIZE);
    let size = Point::new(40.0 * feet.max(2) as f64, 6.0);
    Element::create_with_properties(
        ShapeKind::Box(String::new()),
        look,
        Orientation::TopToBottom,
        size,
        GROUND,
    )
}

fn arrow(edge: &Edge) -> Arrow {
    let attributes = &edge.attributes;
    let style = match attributes.get("style").map(String::as_str) {
        Some("dashed") => LineStyleKind::Dashed,
        Some("dotted") => LineStyleKind::Dotted,
        _ => LineStyleKind::Normal,
    };
    let width =
        number(attributes.get("penwidth")).map_or(1, |width| width.round().max(1.0) as usize);
    let font_size = number(attributes.get("fontsize")).map_or(FONT_SIZE, |size| size as usize);
    let look = StyleAttr::new(
        colour(attributes.get("color"), "black"),
        width,
        None,
        0,
        font_size,
    );
    // A label is the canvas's to set beside the line: layout-rs would put it on a node in
    // the line's way, the line running through the text.
    let properties = match attributes.get("label").map(|label| label.trim()) {
        Some(label) if !label.is_empty() => {
            format!("class=\"edge\" {LABEL}\"{}\"", super::escape_markup(label))
        }
        _ => "class=\"edge\"".to_owned(),
    };
    let end = if edge.directed {
        LineEndKind::Arrow
    } else {
        LineEndKind::None
    };
    Arrow::with_properties(
        LineEndKind::None,
        end,
        style,
        "",
        &look,
        &properties,
        &None,
        &None,
    )
}

/// The properties of a Hackenbush ground's bar, by which the canvas knows it.
pub(super) const GROUND: &str = "class=\"ground\"";

/// How an edge's label is handed to the canvas, in the edge's properties.
pub(super) const LABEL: &str = "data-label=";

/// A colour by name or `#rrggbb`; the fallback for none or one layout-rs does not know.
fn colour(name: Option<&String>, fallback: &str) -> Color {
    name.and_then(|name| Color::from_name(name))
        .unwrap_or_else(|| Color::fast(fallback))
}

fn number(text: Option<&String>) -> Option<f64> {
    text.and_then(|text| text.parse::<f64>().ok())
        .filter(|n| n.is_finite() && *n >= 0.0)
}

/// How much room a label's text takes: its longest line across, its lines down.
pub(super) fn text_size(label: &str, font_size: usize) -> Point {
    let longest = label
        .lines()
        .map(|line| line.chars().count())
        .max()
        .unwrap_or(0);
    let lines = label.lines().count().max(1);
    let size = font_size as f64;
    Point::new(
        longest as f64 * size * CHAR_WIDTH,
        lines as f64 * size * LINE_HEIGHT,
    )
}

//! The JSON other tools read, checked against its documentation: every object `grundy --json`
//! prints, over a worksheet with every kind of statement and over every way a run can go
//! wrong, has exactly the fields docs/json.md lists for its kind, of the types it gives; every
//! kind it lists is printed; and lines and columns point where the byte offsets do.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{Map, Value};

/// Fields and their types, as the tables of docs/json.md give them.
type Fields = Vec<(String, String)>;

struct Schema {
    /// The fields every object has.
    common: Fields,
    kinds: BTreeMap<String, Fields>,
    /// Kinds under "## Values": what an assert's sides may be.
    values: BTreeSet<String>,
    /// Objects inside objects (`label`, `move`, ...), under "## Parts of objects".
    parts: BTreeMap<String, Fields>,
}

/// Reads every `| field | type | meaning |` table of the doc, named by the heading above it.
fn schema() -> Schema {
    let doc = std::fs::read_to_string("docs/json.md").unwrap();
    let mut schema = Schema {
        common: Vec::new(),
        kinds: BTreeMap::new(),
        values: BTreeSet::new(),
        parts: BTreeMap::new(),
    };
    let (mut section, mut heading) = (String::new(), String::new());
    let mut fields_table = false;
    let mut previous = "";
    for line in doc.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            (section, heading) = (title.to_owned(), String::new());
        } else if let Some(title) = line.strip_prefix("### ") {
            heading = title.trim_matches('`').to_owned();
        } else if line.starts_with('|') && !previous.starts_with('|') {
            fields_table = line
                .split('|')
                .map(str::trim)
                .eq(["", "field", "type", "meaning", ""]);
        } else if fields_table && line.starts_with("| `") {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let field = (cells[1].trim_matches('`').to_owned(), cells[2].to_owned());
            let table = match (section.as_str(), heading.as_str()) {
                ("Every object", "") => &mut schema.common,
                ("Parts of objects", part) => schema.parts.entry(part.to_owned()).or_default(),
                (_, "") => panic!("a table of fields under no kind in section {section}"),
                (values, kind) => {
                    if values == "Values" {
                        schema.values.insert(kind.to_owned());
                    }
                    schema.kinds.entry(kind.to_owned()).or_default()
                }
            };
            table.push(field);
        }
        previous = line;
    }
    assert!(
        schema.kinds.len() > 15,
        "kinds read: {:?}",
        schema.kinds.keys()
    );
    schema
}

impl Schema {
    /// Why an object is not one the doc describes, if it is not.
    fn check_object(&self, object: &Value) -> Result<(), String> {
        let kind = object["kind"].as_str().ok_or("no `kind`")?;
        let own = self
            .kinds
            .get(kind)
            .ok_or(format!("kind `{kind}` is not in the doc"))?;
        let fields: Fields = self.common.iter().chain(own).cloned().collect();
        self.check_fields(object, &fields)
            .map_err(|e| format!("{kind}: {e}"))
    }

    fn check_fields(&self, object: &Value, fields: &Fields) -> Result<(), String> {
        let map = object.as_object().ok_or("not an object")?;
        let documented: BTreeSet<&str> = fields.iter().map(|(f, _)| f.as_str()).collect();
        let present: BTreeSet<&str> = map.keys().map(String::as_str).collect();
        if documented != present {
            return Err(format!(
                "fields not documented: {:?}; documented, missing: {:?}",
                present.difference(&documented).collect::<Vec<_>>(),
                documented.difference(&present).collect::<Vec<_>>()
            ));
        }
        for (field, ty) in fields {
            self.check_type(&map[field], ty)
                .map_err(|e| format!("`{field}` should be {ty}: {e}"))?;
        }
        Ok(())
    }

    /// `ty` is one type or several joined by ` or `; brackets group a type an array holds:
    /// `array of arrays of (integer or null)`.
    fn check_type(&self, value: &Value, ty: &str) -> Result<(), String> {
        let mut reasons = Vec::new();
        for alternative in alternatives(ty) {
            match self.check_one(value, alternative.trim()) {
                Ok(()) => return Ok(()),
                Err(reason) => reasons.push(reason),
            }
        }
        Err(format!("{value} ({})", reasons.join("; ")))
    }

    fn check_one(&self, value: &Value, ty: &str) -> Result<(), String> {
        let simple = |ok: bool| if ok { Ok(()) } else { Err(format!("not {ty}")) };
        match ty {
            "null" => simple(value.is_null()),
            "string" => simple(value.is_string()),
            "integer" => simple(value.is_i64() || value.is_u64()),
            "boolean" => simple(value.is_boolean()),
            "number" => simple(value.is_number()),
            "value" => {
                let kind = value["kind"].as_str().unwrap_or_default();
                if !self.values.contains(kind) {
                    return Err(format!("`{kind}` is not a value"));
                }
                // A side of an assert: the value's own fields, without `source`.
                let fields: Fields = self.kinds[kind]
                    .iter()
                    .filter(|(f, _)| f != "source")
                    .cloned()
                    .chain([("kind".to_owned(), "string".to_owned())])
                    .collect();
                self.check_fields(value, &fields)
            }
            _ => match ty.strip_prefix("array of ") {
                Some(element) => {
                    let element = match element {
                        "strings" => "string",
                        "integers" => "integer",
                        grouped if grouped.starts_with('(') && grouped.ends_with(')') => {
                            &grouped[1..grouped.len() - 1]
                        }
                        nested if nested.starts_with("arrays of ") => {
                            return (value.as_array().ok_or("not an array")?.iter()).try_for_each(
                                |v| self.check_type(v, &format!("array of {}", &nested[10..])),
                            );
                        }
                        part => part,
                    };
                    let array = value.as_array().ok_or("not an array")?;
                    array.iter().try_for_each(|v| self.check_type(v, element))
                }
                None => {
                    let part = ty.trim_matches('`');
                    let fields = self.parts.get(part);
                    let fields = fields.unwrap_or_else(|| panic!("docs/json.md: no type `{ty}`"));
                    self.check_fields(value, fields)
                }
            },
        }
    }
}

/// The types ` or ` joins in `ty`, outside brackets.
fn alternatives(ty: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in ty.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 && ty[i..].starts_with(" or ") => {
                parts.push(ty[start..i].trim());
                start = i + " or ".len();
            }
            _ => {}
        }
    }
    parts.push(ty[start..].trim());
    parts
}

/// What one run printed: its objects, and its exit code.
struct Run {
    args: Vec<String>,
    objects: Vec<Map<String, Value>>,
    code: Option<i32>,
}

fn grundy(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.as_bytes()).unwrap();
    drop(input);
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.is_empty(),
        "{args:?}: nothing goes to stderr with --json: {stderr}"
    );
    let objects = stdout
        .lines()
        .map(|line| match serde_json::from_str(line) {
            Ok(Value::Object(object)) => object,
            _ => panic!("{args:?}: not a JSON object: {line}"),
        })
        .collect();
    Run {
        args: args.iter().map(|a| a.to_string()).collect(),
        objects,
        code: output.status.code(),
    }
}

/// Every claim form an assert may take, as `claim` names it.
const CLAIMS: [&str; 10] = [
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "is losing",
    "is winning",
    "is draw",
    "is true",
];

#[test]
fn every_object_is_one_the_doc_describes() {
    let schema = schema();
    let dir = std::env::temp_dir().join(format!("grundy-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let latin1 = dir.join("latin1.game");
    std::fs::write(&latin1, b"*1 + *2\n*3 // caf\xe9\n").unwrap();
    let latin1 = latin1.to_str().unwrap();
    let worksheet = "tests/json/worksheet.game";
    let picture = format!("dot *1 to \"{}\"", dir.join("one.svg").display());
    let runs = [
        (grundy(&["--json", "run", worksheet], ""), 4),
        (
            grundy(
                &[
                    "run",
                    "--json",
                    "tests/json/key.game",
                    "examples/homework.game",
                ],
                "",
            ),
            1,
        ),
        (
            grundy(
                &[
                    "--json",
                    "run",
                    "tests/errors/syntax_several_statements.game",
                ],
                "",
            ),
            3,
        ),
        (
            grundy(&["--json", "check", "tests/errors/unknown_name.game"], ""),
            3,
        ),
        (grundy(&["--json", "eval", "assert *1 is losing"], ""), 1),
        (grundy(&["--json"], "*1 + *2\nkayle(5)\n"), 3),
        (
            grundy(&["--json", "run", "-"], "*1 + *1\nassert *1 != 0\n"),
            0,
        ),
        (grundy(&["--json", "run", "no/such/file.game"], ""), 2),
        (grundy(&["--json", "run", "tests"], ""), 2),
        (grundy(&["--json", "run", latin1], ""), 2),
        (grundy(&["--json", "frobnicate"], ""), 2),
        (grundy(&["run", "--frobnicate", "--json", worksheet], ""), 2),
        (grundy(&["--json", "eval"], ""), 2),
        (
            grundy(&["--json", "--limit", "heap=lots", "run", worksheet], ""),
            2,
        ),
        (grundy(&["--json", "eval", &picture], ""), 0),
    ];
    std::fs::remove_dir_all(&dir).unwrap();
    let mut kinds = BTreeSet::new();
    let mut codes = BTreeSet::new();
    let mut claims = BTreeSet::new();
    for (run, code) in &runs {
        assert_eq!(run.code, Some(*code), "exit code of {:?}", run.args);
        assert!(!run.objects.is_empty(), "{:?} printed nothing", run.args);
        for object in &run.objects {
            let value = Value::Object(object.clone());
            if let Err(problem) = schema.check_object(&value) {
                panic!("{:?}: {problem}\n{value}", run.args);
            }
            kinds.insert(object["kind"].as_str().unwrap().to_owned());
            codes.extend(
                object
                    .get("code")
                    .and_then(Value::as_str)
                    .map(str::to_owned),
            );
            if object["kind"] == "assert" {
                claims.insert((object["claim"].to_string(), object["holds"] == true));
            }
        }
    }
    let documented: BTreeSet<String> = schema.kinds.keys().cloned().collect();
    assert_eq!(
        kinds, documented,
        "every kind the doc lists is printed, and no other"
    );
    for claim in CLAIMS {
        for holds in [true, false] {
            let seen = claims.contains(&(format!("{claim:?}"), holds));
            assert!(seen, "an assert `{claim}` that holds: {holds}");
        }
    }
    for code in [
        "grundy::io::read",
        "grundy::io::directory",
        "grundy::io::not_utf8",
        "grundy::usage",
        "grundy::assert::failed",
        "grundy::syntax::expected",
        "grundy::name::unknown",
        "grundy::types::mismatch",
        "grundy::warning::xor_is_not_power",
    ] {
        assert!(codes.contains(code), "{code} among {codes:?}");
    }

    // A summary after each file of `grundy run` (`-` too), none for `eval`, `check` or
    // piped input; its counts are those of the objects before it.
    let summaries: Vec<usize> = runs.iter().map(|(run, _)| count(run, "summary")).collect();
    assert_eq!(summaries, [1, 2, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    let objects = &runs[0].0.objects;
    let summary = objects.last().unwrap();
    let asserts = |holds: bool| {
        objects
            .iter()
            .filter(|o| o["kind"] == "assert" && o["holds"] == holds)
            .count()
    };
    assert_eq!(summary["held"], asserts(true));
    assert_eq!(summary["failed"], asserts(false));
    assert_eq!(summary["runtime_errors"], count(&runs[0].0, "error"));
    assert_eq!(summary["warnings"], count(&runs[0].0, "warning"));
    assert_eq!(summary["exit_code"], 4);
}

fn count(run: &Run, kind: &str) -> usize {
    run.objects.iter().filter(|o| o["kind"] == kind).count()
}

/// Lines and columns (characters, from 1) name the same places as byte offsets do.
#[test]
fn lines_and_columns_point_where_offsets_do() {
    let path = "tests/json/worksheet.game";
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.split('\n').collect();
    // The byte offset of a line and a column.
    let offset = |line: &Value, column: &Value| {
        let (line, column) = (
            line.as_u64().unwrap() as usize,
            column.as_u64().unwrap() as usize,
        );
        let start: usize = lines[..line - 1].iter().map(|l| l.len() + 1).sum();
        let within: usize = lines[line - 1]
            .chars()
            .take(column - 1)
            .map(char::len_utf8)
            .sum();
        start + within
    };
    let run = grundy(&["--json", "run", path], "");
    let (mut labels, mut wide) = (0, 0);
    for object in &run.objects {
        if let Some(source) = object.get("source").and_then(Value::as_str) {
            let at = offset(&object["line"], &object["column"]);
            assert!(text[at..].starts_with(source), "{object:?}");
        }
        if object["kind"] == "error" || object["kind"] == "warning" {
            assert_eq!(object["file"], path);
            assert!(object["line"].is_u64(), "{object:?}");
        }
        for label in object
            .get("labels")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let start = label["offset"].as_u64().unwrap() as usize;
            let end = start + label["length"].as_u64().unwrap() as usize;
            assert_eq!(offset(&label["line"], &label["column"]), start, "{label}");
            assert_eq!(
                offset(&label["end_line"], &label["end_column"]),
                end,
                "{label}"
            );
            let line_start = offset(&label["line"], &Value::from(1));
            if label["column"] != start - line_start + 1 {
                wide += 1;
            }
            labels += 1;
        }
    }
    assert!(labels > 10, "{labels} labels");
    // The worksheet has labels after a `≡`, where characters and bytes differ.
    assert!(wide > 0, "no label after a character of several bytes");
}

/// Each assert the doc shows for a form of claim is one: it is read as that claim.
#[test]
fn the_doc_shows_asserts_of_the_claims_it_names() {
    let doc = std::fs::read_to_string("docs/json.md").unwrap();
    let table = doc
        .split_once("| `claim` | the assert |")
        .expect("the table of claims")
        .1;
    let quoted = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_owned)
            .collect()
    };
    let mut shown = 0;
    for row in table
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with('|'))
    {
        let cells: Vec<&str> = row.split('|').collect();
        let claims = quoted(cells[1]);
        for example in quoted(cells[2]).iter().filter(|e| e.starts_with("assert ")) {
            let program = format!("let G = *1; let H = *2; let a = 1; let b = 2\n{example}");
            let run = grundy(&["--json", "eval", &program], "");
            let object = run.objects.last().unwrap();
            assert_eq!(object["kind"], "assert", "{example}: {object:?}");
            let claim = object["claim"].as_str().unwrap();
            assert!(claims.iter().any(|c| c == claim), "{example}: {claim}");
            shown += 1;
        }
    }
    assert!(shown >= 8, "{shown} asserts shown");
}

/// A game worth ∞ has no nimber: `nimber` is null and `infinity` holds its K; a game with a
/// nimber has `infinity` null. The same in a game, a table's entries, a graph's vertices and
/// an assert's sides.
#[test]
fn loopy_values_give_their_k_in_place_of_a_nimber() {
    let program = "let C = digraph(\"a>b b>a b>c c>d\")
let loopy m(n) = < m(n - 1) for t in [0] if n > 0, m(n + 1) for t in [0] if n >= 3 and n < 5 >
C(\"b\")
m(3)
m(1)
seq(m, 1..5)
C
assert m(4) == *1";
    let run = grundy(&["--json", "eval", program], "");
    let worth = |object: &Map<String, Value>| {
        (
            object["nimber"].clone(),
            object["infinity"].clone(),
            object["outcome"].clone(),
        )
    };
    let games: Vec<_> = run.objects[2..5].iter().map(worth).collect();
    let (null, draw, winning) = (Value::Null, Value::from("draw"), Value::from("winning"));
    assert_eq!(
        games,
        [
            (null.clone(), serde_json::json!([1]), draw.clone()),
            (null.clone(), serde_json::json!([0]), winning.clone()),
            (Value::from(1), null.clone(), winning.clone()),
        ]
    );
    assert_eq!(run.objects[3]["value"], "∞{0}");
    let entries: Vec<String> = (run.objects[5]["values"].as_array().unwrap().iter())
        .map(|e| format!("{}:{}/{}", e["n"], e["nimber"], e["infinity"]))
        .collect();
    assert_eq!(entries, ["1:1/null", "2:0/null", "3:null/[0]", "4:null/[]"]);
    let vertices: Vec<String> = (run.objects[6]["vertices"].as_array().unwrap().iter())
        .map(|v| format!("{} {} {}", v["name"], v["value"], v["outcome"]))
        .collect();
    assert_eq!(
        vertices,
        [
            r#""a" "∞" "draw""#,
            r#""b" "∞{1}" "draw""#,
            r#""c" "*1" "winning""#,
            r#""d" "0" "losing""#
        ]
    );
    let assert = &run.objects[7];
    assert_eq!(assert["holds"], false);
    assert_eq!(assert["left"]["infinity"], serde_json::json!([]));
    assert_eq!(assert["left"]["value"], "∞");
    assert_eq!(assert["right"]["nimber"], 1);
    assert_eq!(assert["labels"][0]["label"], "this is ∞");
}

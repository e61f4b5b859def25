//! Maps: literals and comprehensions, lookup with its diagnostic, `m[k := v]`, `in`, `for`,
//! `keys`/`values`/`items`, equality by content, maps as positions of a family.

mod common;

use common::{errors, eval, table};
use proptest::prelude::*;

#[test]
fn maps_are_written_and_read() {
    table(&[
        ("{\"b\": 1, \"a\": 2}", "{\"a\": 2, \"b\": 1}"),
        ("{:}", "{:}"),
        ("{k: k * k for k in 0..4 if k != 2}", "{0: 0, 1: 1, 3: 9}"),
        // Of two entries with one key, the later.
        ("{1: \"x\", 1: \"y\"}", "{1: \"y\"}"),
        ("{[1, 2]: *1}[[1, 2]]", "*1 — the player to move wins"),
        ("{\"a\": 1}[\"a\" := 5][\"b\" := 6]", "{\"a\": 5, \"b\": 6}"),
        ("len({1: 2, 3: 4})", "2"),
        ("[k for k in {3: 0, 1: 0}]", "[1, 3]"),
        ("2 in {2: 0} and 0 not in {2: 0}", "true"),
        (
            "{1: 2} == {1: 2} and {1: 2} != {1: 3} and {1: 2} != [1, 2]",
            "true",
        ),
        (
            "keys({\"b\": 1, \"a\": 2}) + values({\"b\": 1, \"a\": 2})",
            "[\"a\", \"b\", 2, 1]",
        ),
        ("[k + v for [k, v] in items({1: 10, 2: 20})]", "[11, 22]"),
        ("{:} is map and not ({1} is map)", "true"),
        // A set of maps: equal maps are one member.
        ("len({{1: 2}, {1: 2}, {:}})", "2"),
        // Games are keys and values by position, as in sets.
        ("{*2 + *1: 1} == {*1 + *2: 1}", "true"),
    ]);
}

#[test]
fn a_map_is_a_position() {
    // Heaps by name: Nim with named heaps is Nim.
    let nim = "let named(m) = < named(m[k := j]) for k in m for j in 0..m[k] >\n";
    table(&[
        (
            &format!("{nim}named({{\"a\": 3, \"b\": 5}}) == *3 + *5"),
            "true",
        ),
        (
            &format!("{nim}named({{\"a\": 2, \"b\": 2}}) is losing"),
            "true",
        ),
    ]);
}

#[test]
fn a_missing_key_says_what_keys_there_are() {
    let near = errors("{\"apple\": 1, \"pear\": 2}[\"aple\"]");
    assert!(near.contains("did you mean `\"apple\"`?"), "{near}");
    let listed = errors("{1: 2, 3: 4}[5]");
    assert!(listed.contains("its keys are 1, 3"), "{listed}");
    assert!(errors("{:}[1]").contains("the map is empty"));
    assert!(errors("{1: 2}[0:1]").contains("a map is not sliced"));
    assert!(errors("keys([1])").contains("`keys` takes a map"));
    assert!(errors("{1: kayles}").contains("family"));
    // Nested deeper than data may nest: a diagnostic, not a stack overflow.
    let deep =
        errors("let nest(n) = if n == 0 then {:} else {\"x\": nest(n - 1)}\nlen(str(nest(20000)))");
    assert!(deep.contains("a map nested this deep"), "{deep}");
}

proptest! {
    /// A map made entry by entry with `:=` is the map written at once, its keys in order.
    #[test]
    fn built_by_replacement_or_at_once(entries in prop::collection::vec((0i64..20, 0i64..5), 0..12)) {
        let written: Vec<String> = entries.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        // `{}` is the empty set: the empty map is `{:}`.
        let at_once = match written.is_empty() {
            true => eval("{:}"),
            false => eval(&format!("{{{}}}", written.join(", "))),
        };
        let mut built = "{:}".to_owned();
        for (k, v) in &entries {
            built = format!("({built})[{k} := {v}]");
        }
        prop_assert_eq!(eval(&built), at_once.clone());
        let mut last = std::collections::BTreeMap::new();
        for (k, v) in &entries {
            last.insert(*k, *v);
        }
        let keys: Vec<String> = last.keys().map(i64::to_string).collect();
        prop_assert_eq!(eval(&format!("keys({at_once})")), format!("[{}]", keys.join(", ")));
    }
}

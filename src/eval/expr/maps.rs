//! Maps: `{"a": 1, "b": 2}`, `{:}`, `{k: k * k for k in 0..5}`; `m[k]`, `m[k := v]`. A map
//! is data like a list (a position, a memo key, equal by content), its entries sorted by key
//! and each key once, so that equal maps are one value.

use crate::eval::limits::memory::{Elements, Listing};
use crate::eval::report::error::EvalError;
use crate::eval::values::Value;
use crate::eval::{Result, Session};
use crate::source::Span;
use crate::syntax::ast::{Element, Expr, Subscript};

/// How many keys a missing key's diagnostic lists.
const KEYS_SHOWN: usize = 8;

impl Session {
    /// `{k: v, ...}`: every entry under its clauses; of two entries with one key, the later.
    pub(in crate::eval) fn map_literal(
        &mut self,
        entries: &[(Expr, Element)],
        span: Span,
    ) -> Result<Value> {
        // Keys and values one after the other, each charged as a list's element is.
        let mut listed = Elements::new(span, Listing::Map);
        for (key, element) in entries {
            let mut collect = |session: &mut Session| {
                let k = session.eval(key)?;
                session.push_element(&mut listed, (k, key.span))?;
                let v = session.eval(&element.expr)?;
                session.push_element(&mut listed, (v, element.expr.span))?;
                Ok(true)
            };
            if let Err(error) = self.each(element, &mut collect, false) {
                return Err(self.elements_failed(&listed, error));
            }
        }
        let mut pairs = Vec::with_capacity(listed.items.len() / 2);
        for pair in listed.items.chunks(2) {
            let [(key, key_span), (value, value_span)] = pair else {
                unreachable!("a key and its value")
            };
            let key = self.member(key.clone(), *key_span, "a map")?;
            let value = self.member(value.clone(), *value_span, "a map")?;
            pairs.push((
                self.canonical(key, *key_span)?,
                self.canonical(value, *value_span)?,
            ));
        }
        self.elements_done(&listed);
        // Freed before the entries are sorted into the map (as for a list).
        drop(listed);
        Ok(Value::map_of(pairs))
    }

    /// `m[k]`, `m[k := v]`.
    pub(in crate::eval) fn map_subscript(
        &mut self,
        entries: &[(Value, Value)],
        target: &Expr,
        subscript: &Subscript,
    ) -> Result<Value> {
        match subscript {
            Subscript::Index(key) => {
                let k = self.eval(key)?;
                let k = self.canonical(k, key.span)?;
                match entries.binary_search_by(|(known, _)| known.cmp(&k)) {
                    Ok(at) => Ok(entries[at].1.clone()),
                    Err(_) => Err(self.missing_key(entries, &k, key.span).into()),
                }
            }
            Subscript::Replace { index, value } => {
                let k = self.eval(index)?;
                let k = self.member(k, index.span, "a map")?;
                let k = self.canonical(k, index.span)?;
                let v = self.eval(value)?;
                let v = self.member(v, value.span, "a map")?;
                let v = self.canonical(v, value.span)?;
                self.pass_over(entries.len(), target.span)?;
                let mut copy = entries.to_vec();
                match copy.binary_search_by(|(known, _)| known.cmp(&k)) {
                    Ok(at) => copy[at].1 = v,
                    Err(at) => copy.insert(at, (k, v)),
                }
                Ok(Value::Map(copy.into()))
            }
            Subscript::Slice { .. } | Subscript::ReplaceSlice(_) => Err(EvalError::type_error(
                target.span,
                "a map is not sliced",
                "this is a map",
            )
            .with_help("take a value by its key, `m[k]`, or go through its keys: `for k in m`")
            .into()),
        }
    }

    /// The diagnostic of `m[k]` for a key the map does not have.
    fn missing_key(&self, entries: &[(Value, Value)], key: &Value, span: Span) -> EvalError {
        let wanted = self.describe_value(key);
        let keys: Vec<String> = entries
            .iter()
            .map(|(k, _)| self.describe_value(k))
            .collect();
        // Near, for a key long enough that being near means something (a string's quotes
        // are not counted: "c" is not near "a").
        let bare = |text: &str| text.trim_matches('"').to_owned();
        let sought = bare(&wanted);
        let near = keys
            .iter()
            .map(|known| (strsim::damerau_levenshtein(&bare(known), &sought), known))
            .filter(|(distance, _)| *distance <= 2 && 2 * distance < sought.chars().count())
            .min();
        let help = match (near, keys.len()) {
            (Some((_, known)), _) => format!("did you mean `{known}`?"),
            (None, 0) => "the map is empty; `k in m` says whether a key is there".to_owned(),
            (None, n) if n <= KEYS_SHOWN => format!(
                "its keys are {}; `k in m` says whether a key is there",
                keys.join(", ")
            ),
            (None, n) => format!(
                "it has {n} keys, such as {}; `k in m` says whether a key is there",
                keys[..KEYS_SHOWN].join(", ")
            ),
        };
        EvalError::invalid(span, "no such key in this map", format!("this is {wanted}"))
            .with_help(help)
    }
}

//! What a host language (the Python module) asks of a session beside the text of what ran:
//! the values statements answered, games among them as games of the arena, and values bound
//! to names for the host's own programs (`g + h` in Python is `_g1 + _g2` here).

use std::sync::Arc;

use super::{Global, Session, Value};

/// The values answers had, kept while a host asks for them.
#[derive(Debug, Default)]
pub(super) struct Kept {
    /// The value of the statement running, if it is an expression.
    current: Option<Value>,
    /// One per answer since the host last took them.
    answered: Vec<Option<Value>>,
}

impl Session {
    /// From now on `run` keeps the value of each answer (see [`Session::take_values`]).
    pub fn keep_values(&mut self) {
        self.kept.get_or_insert_with(Kept::default);
    }

    /// The values of the answers given since the last call, one per [`super::Event::Answer`]
    /// in order: the expression's value, or `None` for other statements (`let`, `why`, ...).
    pub fn take_values(&mut self) -> Vec<Option<Value>> {
        self.kept
            .as_mut()
            .map(|kept| std::mem::take(&mut kept.answered))
            .unwrap_or_default()
    }

    /// Binds `name` to a value made elsewhere (a game the host holds), for the programs to
    /// come; the host unbinds it after. Not charged to the memory limit: it is the host's.
    pub fn bind(&mut self, name: &str, value: Value) {
        let name: Arc<str> = name.into();
        self.names.forget(&name);
        self.globals.insert(name, Global::Value(value));
    }

    /// Forgets a name [`Session::bind`] bound.
    pub fn unbind(&mut self, name: &str) {
        self.globals.shift_remove(name);
    }

    /// A statement begins: it has no value yet.
    pub(super) fn value_begins(&mut self) {
        if let Some(kept) = &mut self.kept {
            kept.current = None;
        }
    }

    /// The expression statement running has this value.
    pub(super) fn value_is(&mut self, value: &Value) {
        if let Some(kept) = &mut self.kept {
            kept.current = Some(value.clone());
        }
    }

    /// The statement running is answered.
    pub(super) fn value_answered(&mut self) {
        if let Some(kept) = &mut self.kept {
            let value = kept.current.take();
            kept.answered.push(value);
        }
    }
}

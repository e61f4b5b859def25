//! What a host language (the Python module) asks of a session beside the text of what ran:
//! the values statements answered, games among them as games of the arena, values bound to
//! names for the host's own programs (`g + h` in Python is `_g1 + _g2` here), and whether
//! the text that made a game makes it still (`lasker(9)` in Python is `lasker(9)` here).

use std::sync::Arc;

use crate::eval::{Global, Session};

use crate::eval::values::Value;
use crate::game::GameId;

/// The values answers had, kept while a host asks for them.
#[derive(Debug, Default)]
pub(in crate::eval) struct Kept {
    /// The value of the statement running, if it is an expression.
    current: Option<Value>,
    /// One per answer since the host last took them.
    answered: Vec<Option<Value>>,
}

impl Session {
    /// From now on `run` keeps the value of each answer (see [`Session::take_values`]).
    pub fn keep_values(&mut self) {
        self.program.kept.get_or_insert_with(Kept::default);
    }

    /// The values of the answers given since the last call, one per [`crate::eval::Event::Answer`]
    /// in order: the expression's value, or `None` for other statements (`let`, `why`, ...).
    pub fn take_values(&mut self) -> Vec<Option<Value>> {
        self.program
            .kept
            .as_mut()
            .map(|kept| std::mem::take(&mut kept.answered))
            .unwrap_or_default()
    }

    /// Binds `name`, a name not in use, to a value made elsewhere (a game the host holds),
    /// for the programs to come; the host unbinds it after, so that no definition is lost
    /// and no remembered call forgotten. Not charged to the memory limit: it is the host's.
    pub fn bind(&mut self, name: &str, value: Value) {
        let name: Arc<str> = name.into();
        self.naming.names.forget(&name);
        self.program.globals.insert(name, Global::Value(value));
    }

    /// Forgets a name [`Session::bind`] bound.
    pub fn unbind(&mut self, name: &str) {
        self.program.globals.shift_remove(name);
    }

    /// Changes whenever a definition is made, the play convention changes or the session is
    /// cleared: text that made a game before makes the same game while it stays the same
    /// (a host may then write the game by that text).
    pub fn edition(&self) -> u64 {
        self.naming.names.edition()
    }

    /// A game by the names the session gives games (`let` names, family calls such as
    /// `S(5)`), or as grundy writes it: as an answer would show it.
    pub fn describe_game(&self, id: GameId) -> String {
        let names = crate::eval::names::Scoped::new(&self.naming.names, None);
        self.arena.describe_named(id, &names)
    }

    /// A statement begins: it has no value yet.
    pub(in crate::eval) fn value_begins(&mut self) {
        if let Some(kept) = &mut self.program.kept {
            kept.current = None;
        }
    }

    /// The expression statement running has this value.
    pub(in crate::eval) fn value_is(&mut self, value: &Value) {
        if let Some(kept) = &mut self.program.kept {
            kept.current = Some(value.clone());
        }
    }

    /// The statement running is answered.
    pub(in crate::eval) fn value_answered(&mut self) {
        if let Some(kept) = &mut self.program.kept {
            let value = kept.current.take();
            kept.answered.push(value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::report::answer::{Answer, Event};

    fn run(session: &mut Session, text: &str) -> Vec<Answer> {
        let mut answers = Vec::new();
        session.run("<test>", text, &mut |event| match event {
            Event::Answer { answer, .. } => answers.push(answer),
            other => panic!("{other:?}"),
        });
        answers
    }

    #[test]
    fn values_are_kept_one_per_answer_once_asked_for() {
        let mut session = Session::default();
        run(&mut session, "1 + 1");
        assert_eq!(session.take_values(), []);
        session.keep_values();
        run(&mut session, "let G = *2; G + *1; why G == *2; [1, 2]");
        let values = session.take_values();
        assert_eq!(values.len(), 4);
        assert_eq!(values[0], None);
        assert!(matches!(values[1], Some(Value::Game(_))));
        assert_eq!(values[2], None);
        assert_eq!(
            values[3],
            Some(Value::List(vec![Value::Int(1), Value::Int(2)].into()))
        );
        assert_eq!(session.take_values(), []);
    }

    #[test]
    fn the_edition_changes_with_every_definition_not_with_a_binding() {
        let mut session = Session::default();
        let start = session.edition();
        run(
            &mut session,
            "*3 + *1; let S(n) = <S(k) for k in 0..n>; S(3)",
        );
        let defined = session.edition();
        assert_ne!(defined, start);
        session.bind("_g1", Value::Int(1));
        session.unbind("_g1");
        run(&mut session, "S(4); why S(4)");
        assert_eq!(session.edition(), defined);
        run(&mut session, "let x = 1");
        assert_ne!(session.edition(), defined);
        let before = session.edition();
        session.clear();
        assert_ne!(session.edition(), before);
    }

    #[test]
    fn a_bound_name_holds_its_value_until_unbound() {
        let mut session = Session::default();
        session.keep_values();
        run(&mut session, "*3 + *1");
        let Some(Some(game)) = session.take_values().pop() else {
            panic!("no game")
        };
        session.bind("_g1", game);
        assert_eq!(run(&mut session, "_g1 + *2"), [Answer::Game { nimber: 0 }]);
        session.unbind("_g1");
        assert_eq!(session.defined_names().count(), 0);
        let mut errors = 0;
        session.run("<test>", "_g1", &mut |event| {
            errors += usize::from(matches!(event, Event::Error(_)))
        });
        assert_eq!(errors, 1);
    }
}

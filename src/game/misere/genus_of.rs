//! The genus and class of a canonical form, worked out from its options' (the genus and
//! the words are in [`super::genus`]): what misère play's tables remember for each form.

use super::canonical::{Canon, CanonId, ZERO};
use super::genus::{Class, Genus, Untamed};
use crate::game::reduce::mex;

impl Canon {
    /// Works out `id` and each follower not `known` yet, options first, with a stack of its
    /// own (a simplest form can be as deep as its birthday).
    fn options_first(
        &mut self,
        id: CanonId,
        known: fn(&Canon, CanonId) -> bool,
        work: fn(&mut Canon, CanonId),
    ) {
        let mut stack = vec![id];
        while let Some(&top) = stack.last() {
            if known(self, top) {
                stack.pop();
                continue;
            }
            let waiting: Vec<CanonId> = (self.options(top).iter())
                .copied()
                .filter(|&o| !known(self, o))
                .collect();
            if !waiting.is_empty() {
                stack.extend(waiting);
                continue;
            }
            work(self, top);
            stack.pop();
        }
    }

    /// The genus of a game in simplest form, worked out from its options'.
    pub fn genus(&mut self, id: CanonId) -> Genus {
        self.options_first(
            id,
            |canon, g| canon.genera.contains_key(&g),
            |canon, g| {
                let genus = canon.genus_from_options(g);
                canon.gammas_bytes += super::canonical::allocation(8 * genus.gammas.capacity());
                canon.genera.insert(g, genus);
            },
        );
        self.genera[&id].clone()
    }

    fn genus_from_options(&self, id: CanonId) -> Genus {
        let options: Vec<&Genus> = self.options(id).iter().map(|o| &self.genera[o]).collect();
        let normal = mex(options.iter().map(|g| g.normal));
        let first = if id == ZERO {
            1
        } else {
            mex(options.iter().map(|g| g.gamma(0)))
        };
        // Past the options' own lengths their values alternate, and so do ours once a value
        // repeats the one two before it.
        let settled = options.iter().map(|g| g.gammas.len()).max().unwrap_or(0);
        let mut gammas = vec![first];
        let mut n = 1;
        loop {
            let last = gammas[n - 1];
            let mut values: Vec<u64> = options.iter().map(|g| g.gamma(n)).collect();
            values.extend([last, last ^ 1]);
            gammas.push(mex(values));
            if n >= 2 && n > settled && gammas[n] == gammas[n - 2] {
                break;
            }
            n += 1;
        }
        while gammas.len() > 2 && gammas[gammas.len() - 1] == gammas[gammas.len() - 3] {
            gammas.pop();
        }
        Genus { normal, gammas }
    }

    /// Tame, restive, restless or wild.
    pub fn class(&mut self, id: CanonId) -> Class {
        self.options_first(
            id,
            |canon, g| canon.classes.contains_key(&g),
            |canon, g| {
                let class = canon.class_from_options(g);
                canon.classes.insert(g, class);
            },
        );
        self.classes[&id]
    }

    fn class_from_options(&mut self, id: CanonId) -> Class {
        let genus = self.genus(id);
        let (normal, misere) = (genus.normal, genus.misere());
        let options = self.options(id).to_vec();
        let tame_options = options.iter().all(|o| self.classes[o].is_tame());
        let tame_genus = genus.is_tame();
        if tame_options {
            if self.as_nim(id).is_some() {
                return Class::NimHeap;
            }
            if tame_genus {
                return Class::Tame;
            }
            if normal <= 1 {
                return Class::Restive;
            }
            if misere <= 1 {
                return Class::Restless;
            }
            return Class::Wild;
        }
        if tame_genus && self.reversibly_tame(id, &genus) {
            return Class::Tame;
        }
        Class::Wild
    }

    /// Conway's reversibly tame games (as Winning Ways extends ONAG's tame games): every
    /// option that is not tame is left out of this game's values (the tame options alone
    /// give its g and γ0), and has a tame option of this game's g and one of its γ0. Among
    /// tame games it is reversible: a move to it is answered by the one of those two that
    /// leaves a P-position, whether the rest of the sum is fickle or not.
    fn reversibly_tame(&mut self, id: CanonId, genus: &Genus) -> bool {
        self.untamed_by(id, genus).is_none()
    }

    /// The first option that keeps a game of tame genus from being tame, and why.
    pub fn wild_because(&mut self, id: CanonId) -> Option<(CanonId, Untamed)> {
        let genus = self.genus(id);
        self.class(id);
        if !genus.is_tame() {
            return None;
        }
        self.untamed_by(id, &genus)
    }

    fn untamed_by(&mut self, id: CanonId, genus: &Genus) -> Option<(CanonId, Untamed)> {
        let options = self.options(id).to_vec();
        let (tame, untame): (Vec<CanonId>, Vec<CanonId>) =
            options.into_iter().partition(|o| self.classes[o].is_tame());
        let normals: Vec<u64> = tame.iter().map(|o| self.genera[o].normal).collect();
        let miseres: Vec<u64> = tame.iter().map(|o| self.genera[o].misere()).collect();
        for option in untame {
            // Its value is one of the game's mex takes, or larger than the game's.
            let (normal, misere) = (self.genera[&option].normal, self.genera[&option].misere());
            if normal < genus.normal && !normals.contains(&normal) {
                return Some((option, Untamed::Needed { misere: false }));
            }
            if misere < genus.misere() && !miseres.contains(&misere) {
                return Some((option, Untamed::Needed { misere: true }));
            }
            let (mut normal, mut misere) = (false, false);
            for second in self.options(option).to_vec() {
                if self.class(second).is_tame() {
                    let g = self.genus(second);
                    normal |= g.normal == genus.normal;
                    misere |= g.misere() == genus.misere();
                }
            }
            if !(normal && misere) {
                return Some((option, Untamed::Irreversible));
            }
        }
        None
    }
}

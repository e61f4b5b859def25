//! The direct computations the coin-turning tests check grundy against: the mex rule over whole
//! rows and boards of coins held as bit masks, with no use of the theorem that a position is
//! the sum of its heads; and, for boards too large to list whole, single heads valued by the
//! mex rule over their moves with each option worth the nim-sum of the heads it leaves (that
//! theorem, which the whole boards check on small ones). Nothing here asks grundy.
#![allow(dead_code)]

/// The least natural number not among `values`.
pub fn mex(values: &[u64]) -> u64 {
    (0..).find(|m| !values.contains(m)).unwrap()
}

/// A one-dimensional rule, coins from 1: the sets of coins left of n a move may turn with n.
pub type Rule<'a> = &'a dyn Fn(usize) -> Vec<Vec<usize>>;

/// The value of every row of `coins` coins (bit n - 1 for coin n) by the mex rule over whole
/// rows: a move turns a head n and one of the sets `rule(n)` lists. Every move lowers the row
/// as a number (coin n, the highest turned, goes to tails).
pub fn rows_by(coins: usize, rule: Rule) -> Vec<u64> {
    let mut values = vec![0u64; 1 << coins];
    for row in 1..(1usize << coins) {
        let mut seen = Vec::new();
        for n in (1..=coins).filter(|n| row & (1 << (n - 1)) != 0) {
            for set in rule(n) {
                let after = set
                    .iter()
                    .fold(row ^ (1 << (n - 1)), |r, m| r ^ (1 << (m - 1)));
                seen.push(values[after]);
            }
        }
        values[row] = mex(&seen);
    }
    values
}

/// The value of a row written as a string of H and T, bit i for character i.
pub fn row_bits(row: &str) -> usize {
    row.chars()
        .enumerate()
        .filter(|&(_, c)| c == 'H')
        .map(|(i, _)| 1 << i)
        .sum()
}

/// Every row of `coins` coins as a string, row i by its bits.
pub fn row_texts(coins: usize) -> Vec<String> {
    (0..1usize << coins)
        .map(|row| {
            (0..coins)
                .map(|i| if row & (1 << i) != 0 { 'H' } else { 'T' })
                .collect()
        })
        .collect()
}

/// Single heads on coins 1, ..., `coins` (index n - 1), each worth the mex of the nim-sums of
/// the sets its moves turn (the coin-turning theorem).
pub fn heads_by(coins: usize, rule: Rule) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(coins);
    for n in 1..=coins {
        let seen: Vec<u64> = rule(n)
            .iter()
            .map(|set| set.iter().fold(0, |v, m| v ^ values[m - 1]))
            .collect();
        values.push(mex(&seen));
    }
    values
}

pub fn twins(n: usize) -> Vec<Vec<usize>> {
    (1..n).map(|m| vec![m]).collect()
}

pub fn turtles(n: usize) -> Vec<Vec<usize>> {
    std::iter::once(Vec::new()).chain(twins(n)).collect()
}

pub fn ruler(n: usize) -> Vec<Vec<usize>> {
    (1..=n).map(|a| (a..n).collect()).collect()
}

/// Mock Turtles: up to two coins left of n.
pub fn mock_turtles(n: usize) -> Vec<Vec<usize>> {
    turtles(n).into_iter().chain(triplets(n)).collect()
}

/// Exactly two coins left of n.
pub fn triplets(n: usize) -> Vec<Vec<usize>> {
    (1..n)
        .flat_map(|a| (a + 1..n).map(move |b| vec![a, b]))
        .collect()
}

/// A run of two coins or more ending at n.
pub fn rulerette(n: usize) -> Vec<Vec<usize>> {
    (1..n).map(|a| (a..n).collect()).collect()
}

/// Coin 1 and two coins placed symmetrically between it and n.
pub fn grunt(n: usize) -> Vec<Vec<usize>> {
    (1..n)
        .filter(|x| 2 * x + 1 < n)
        .map(|x| vec![1, x + 1, n - x])
        .collect()
}

/// Coin n - z for z in S, or coin n alone when n is in S (Ferguson §5.1).
pub fn sub_coins(s: &[usize]) -> impl Fn(usize) -> Vec<Vec<usize>> + '_ {
    move |n| {
        let alone = s.contains(&n).then(Vec::new);
        alone.into_iter().chain(sub_twins(s)(n)).collect()
    }
}

/// Exactly one coin at a distance in S.
pub fn sub_twins(s: &[usize]) -> impl Fn(usize) -> Vec<Vec<usize>> + '_ {
    move |n| s.iter().filter(|&&z| z < n).map(|&z| vec![n - z]).collect()
}

/// Coin n alone, or with one at a distance in S.
pub fn sub_turtles(s: &[usize]) -> impl Fn(usize) -> Vec<Vec<usize>> + '_ {
    move |n| std::iter::once(Vec::new()).chain(sub_twins(s)(n)).collect()
}

/// The subtraction game's values g(0), ..., g(to - 1).
pub fn subtraction(s: &[usize], to: usize) -> Vec<u64> {
    let mut values = Vec::with_capacity(to);
    for x in 0..to {
        let seen: Vec<u64> = s
            .iter()
            .filter(|&&z| z <= x)
            .map(|&z| values[x - z])
            .collect();
        values.push(mex(&seen));
    }
    values
}

/// Grundy's game: a heap split into two unequal heaps.
pub fn grundy_game(to: usize) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(to);
    for n in 0..to {
        let seen: Vec<u64> = (1..n)
            .filter(|a| 2 * a < n)
            .map(|a| values[a] ^ values[n - a])
            .collect();
        values.push(mex(&seen));
    }
    values
}

/// The nim products a ⊗ b for a < `rows` and b < `columns`, by the mex definition:
/// a ⊗ b = mex{a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b}.
pub fn nim_products(rows: usize, columns: usize) -> Vec<Vec<u64>> {
    let mut table = vec![vec![0u64; columns]; rows];
    for a in 0..rows {
        for b in 0..columns {
            let mut seen = Vec::new();
            for x in 0..a {
                for y in 0..b {
                    seen.push(table[x][b] ^ table[a][y] ^ table[x][y]);
                }
            }
            table[a][b] = mex(&seen);
        }
    }
    table
}

/// A cell of a board: (row, column), numbered as the game numbers them.
pub type Cell = (usize, usize);

/// A two-dimensional coin-turning game: where its numbering starts, every move from a head as
/// the list of coins it turns (the head among them), and a move in the words grundy's library
/// gives it.
pub struct Game2 {
    pub first: usize,
    pub moves: Box<dyn Fn(usize, usize) -> Vec<Vec<Cell>>>,
    pub words: fn(&[Cell]) -> String,
}

fn cell(&(a, b): &Cell) -> String {
    format!("{a},{b}")
}

/// Acrostic Twins, from (0, 0): two coins in a row or a column.
pub fn acrostic_twins() -> Game2 {
    Game2 {
        first: 0,
        moves: Box::new(|x, y| {
            let row = (0..y).map(move |b| vec![(x, b), (x, y)]);
            row.chain((0..x).map(move |a| vec![(a, y), (x, y)]))
                .collect()
        }),
        words: |cells| format!("turn coins {} and {}", cell(&cells[0]), cell(&cells[1])),
    }
}

/// Turning Corners, from (0, 0): the corners of a rectangle.
pub fn turning_corners() -> Game2 {
    Game2 {
        first: 0,
        moves: Box::new(|x, y| {
            (0..x)
                .flat_map(|a| (0..y).map(move |b| vec![(a, b), (a, y), (x, b), (x, y)]))
                .collect()
        }),
        words: |cells| {
            let cells: Vec<String> = cells.iter().map(cell).collect();
            format!("turn the corners {}", cells.join(" "))
        },
    }
}

/// Rugs, from (1, 1): every coin of a block.
pub fn rugs() -> Game2 {
    Game2 {
        first: 1,
        moves: Box::new(|x, y| {
            let mut moves = Vec::new();
            for a in 1..=x {
                for b in 1..=y {
                    moves.push((a..=x).flat_map(|i| (b..=y).map(move |j| (i, j))).collect());
                }
            }
            moves
        }),
        words: |cells| {
            let ((a, b), (x, y)) = (cells[0], cells[cells.len() - 1]);
            if cells.len() == 1 {
                format!("turn coin {x},{y}")
            } else {
                let (rows, columns) = (x - a + 1, y - b + 1);
                format!("turn the {rows} × {columns} block from {a},{b} to {x},{y}")
            }
        },
    }
}

/// The product of two rules (both from 1), as `coin_product` plays it.
pub fn product(first: fn(usize) -> Vec<Vec<usize>>, second: fn(usize) -> Vec<Vec<usize>>) -> Game2 {
    Game2 {
        first: 1,
        moves: Box::new(move |x, y| {
            let mut moves = Vec::new();
            for xs in first(x) {
                for ys in second(y) {
                    let rows: Vec<usize> = xs.iter().copied().chain([x]).collect();
                    let columns: Vec<usize> = ys.iter().copied().chain([y]).collect();
                    moves.push(
                        rows.iter()
                            .flat_map(|&a| columns.iter().map(move |&b| (a, b)))
                            .collect(),
                    );
                }
            }
            moves
        }),
        words: |cells| {
            let cells: Vec<String> = cells.iter().map(cell).collect();
            format!("turn coins {}", cells.join(" "))
        },
    }
}

impl Game2 {
    /// The bit of a cell on a board of `columns` columns.
    pub fn bit(&self, (x, y): Cell, columns: usize) -> usize {
        1 << ((x - self.first) * columns + (y - self.first))
    }

    /// The value of every board of `rows` × `columns` coins by the mex rule over whole boards.
    /// Every move lowers the board as a number (the head turned is the highest bit).
    pub fn boards(&self, rows: usize, columns: usize) -> Vec<u64> {
        let cells = rows * columns;
        let mut values = vec![0u64; 1 << cells];
        for board in 1..(1usize << cells) {
            let mut seen = Vec::new();
            for x in self.first..self.first + rows {
                for y in self.first..self.first + columns {
                    if board & self.bit((x, y), columns) == 0 {
                        continue;
                    }
                    for turned in (self.moves)(x, y) {
                        let after = turned.iter().fold(board, |b, &c| b ^ self.bit(c, columns));
                        seen.push(values[after]);
                    }
                }
            }
            values[board] = mex(&seen);
        }
        values
    }

    /// A board written as rows of H and T between "/", as bits.
    pub fn board_bits(&self, board: &str, columns: usize) -> usize {
        self.heads_of(board)
            .into_iter()
            .map(|c| self.bit(c, columns))
            .sum()
    }

    /// The heads of a board written as rows of H and T between "/".
    pub fn heads_of(&self, board: &str) -> Vec<Cell> {
        let mut heads = Vec::new();
        for (x, row) in board.split('/').enumerate() {
            for (y, coin) in row.chars().enumerate() {
                if coin == 'H' {
                    heads.push((x + self.first, y + self.first));
                }
            }
        }
        heads
    }

    /// Single heads on a board of `rows` × `columns` (indexed from the first cell), each worth
    /// the mex of the nim-sums of the other coins its moves turn (the coin-turning theorem).
    /// The other coins are all before the head, row by row.
    pub fn heads(&self, rows: usize, columns: usize) -> Vec<Vec<u64>> {
        let mut values = vec![vec![0u64; columns]; rows];
        for x in self.first..self.first + rows {
            for y in self.first..self.first + columns {
                let seen: Vec<u64> = (self.moves)(x, y)
                    .iter()
                    .map(|turned| self.worth(&values, turned, (x, y)))
                    .collect();
                values[x - self.first][y - self.first] = mex(&seen);
            }
        }
        values
    }

    /// The nim-sum of the heads a move leaves, the head `from` turned to tails.
    fn worth(&self, values: &[Vec<u64>], turned: &[Cell], from: Cell) -> u64 {
        turned
            .iter()
            .filter(|&&c| c != from)
            .fold(0, |v, &(a, b)| v ^ values[a - self.first][b - self.first])
    }

    /// A board's value from its single heads, and the words of every move that wins.
    pub fn winning(&self, board: &str, values: &[Vec<u64>]) -> (u64, Vec<String>) {
        let heads = self.heads_of(board);
        let value = |&(x, y): &Cell| values[x - self.first][y - self.first];
        let total = heads.iter().fold(0, |v, c| v ^ value(c));
        let mut words = Vec::new();
        for head in &heads {
            for turned in (self.moves)(head.0, head.1) {
                if total ^ value(head) ^ self.worth(values, &turned, *head) == 0 {
                    words.push((self.words)(&turned));
                }
            }
        }
        words.sort();
        (total, words)
    }
}

/// The words of each move a `moves` listing shows: after the last `: ` of the move's line,
/// before what it leaves.
pub fn listed_words(listing: &str) -> Vec<String> {
    let mut words: Vec<String> = listing
        .lines()
        .filter(|line| line.starts_with("  ") && line.contains(" → "))
        .map(|line| line.split(", leaving").next().unwrap())
        .map(|line| line.rsplit(": ").next().unwrap().to_owned())
        .collect();
    words.sort();
    words
}

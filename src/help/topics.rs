//! The pages of `:help TOPIC`. Every example is a program the tests run and expect to pass.

/// One page of help.
pub struct Topic {
    pub name: &'static str,
    pub title: &'static str,
    pub text: &'static str,
    /// A program showing the topic; it runs without error (checked by the tests).
    pub example: &'static str,
}

pub const TOPICS: &[Topic] = &[
    Topic {
        name: "tour",
        title: "A tour of the course, in grundy (docs/tour.md has the long version)",
        text: "Nim is a sum of heaps; the player to move loses exactly when the nim-sum is 0. \
Two games are equivalent when they behave the same in every sum; every impartial game is \
equivalent to a heap *n (Sprague–Grundy), its nimber, found by the mex rule. Try the lines \
below one by one, then `why` any of them.",
        example: "*5 + *5 is losing
*1 + *2 == *3
moves *25 + *21 + *11
<*0, *1, *1> == *2
mex{0, 1, 2, 5, 15, 25}
let S(n) = < S(n - k) for k in 1..=3 if k <= n >
S(20) == #20
kayles(5)
hackenbush(\"g-a a-b a-c b-c\")",
    },
    Topic {
        name: "games",
        title: "Games: heaps, subtraction games, option sets, sums",
        text: "`*n` is a nim heap of n chips (`*` alone is *1); `#n` a pile from which a move \
removes 1, 2 or 3 chips; `<G, H, ...>` the game whose options are G, H, ...; `<>` and `0` the \
zero game; `G + H` the sum, where a move is a move in one part. A game prints its value and \
who wins.",
        example: "*5 + #7\n<*0, *1, *1>\n<> + *3",
    },
    Topic {
        name: "claims",
        title: "Claims: ==, !=, is losing, is winning, is draw",
        text: "`G == H` (also `≡`) says G and H are equivalent, `!=` (`≢`) that they are not; \
`G is losing` (`is P`) that the player to move loses, `G is winning` (`is N`) that they win, \
`G is draw` (`is D`) that neither can force a win, as in a loopy game (`:help loopy`). \
Claims print true or false; `why` proves them, `assert` checks them in a script.",
        example: "*1 + *2 == *3\n*3 != *4\n*5 + *5 is losing\nnim(1, 1, 2) is winning",
    },
    Topic {
        name: "let",
        title: "let: names and families",
        text: "`let G = e` binds a name once. `let S(n) = e` defines a family: recursive, and \
memoized per argument for the whole session, so `S(200000)` is instant. A name in a body is \
looked up when the family is called; a family that needs itself with the same arguments is \
reported with the cycle of calls, unless it is marked `let loopy S(n) = e` (`:help loopy`).",
        example: "let G = <*0, *2>\nlet S(n) = < S(n - k) for k in 1..=3 if k <= n >\nS(7) + G",
    },
    Topic {
        name: "where",
        title: "where, let clauses and patterns: local names",
        text: "`e where k = v, m = w` is e with k and m bound (each binding sees the ones \
before it); after an `if` it is the whole `if`'s, and it may start the next line of a \
definition. In a comprehension, `let q = v` names a value for the clauses after it. A pattern \
`[a, b]` takes a list apart in `for`, `where` and `let` clauses. `x is list` (`int`, `bool`, \
`string`, `set`, `map`, `range`, `game`, `function`, `graph`) tests a value's kind. A map \
`{\"a\": 1}` (`{:}` empty) is read `m[k]`, changed `m[k := v]`, gone through by key.",
        example: "x * y where x = 3, y = x + 1
[q for x in 0..6 let q = x * x if q % 2 == 0]
sum(a * b for [a, b] in [[1, 2], [3, 4]])
[1, 2] is list and not (3 is list)
{\"a\": 1, \"b\": 2}[\"b\" := 5]",
    },
    Topic {
        name: "lambda",
        title: "Functions written inline: k => n - k",
        text: "`x => e` is a function written inline, `(a, b) => e` one of two arguments. It is \
a value like a family: named with `let`, passed to families (a rule of a generic ruleset, as \
the library's `take_away(rule, n)` takes one), called by its name, remembered per argument; \
its body sees the names around it where it is written. `x is function` tests for one. A \
built-in whose arguments are a fixed list is a function too where a value is wanted: \
`seq(nim_mul, 0..16, 0..16)`, `let f = nim_mul`.",
        example: "let twice(f, x) = f(f(x))
twice(k => k * 3, 2)
take_away(n => {1, 3, 4}, 7) is losing",
    },
    Topic {
        name: "assert",
        title: "assert: answer keys",
        text: "`assert CLAIM` prints nothing when the claim holds. When it fails, the diagnostic \
shows both sides' values; a script reports every failed assert and exits with code 1.",
        example: "assert *25 + *21 + *11 == *7\nassert kayles(5) == *4",
    },
    Topic {
        name: "why",
        title: "why: proofs in the notes' terms",
        text: "`why CLAIM` proves a claim, or its negation with a game that tells the two sides \
apart, checked by playing it out; `why G` shows how G gets its value. Each step names its rule \
(mex rule, nim-sum rule, copycat principle, ...). Long proofs are folded to a screenful: \
`why full ...` shows every step, `:set depth N` changes how deep a proof goes.",
        example: "why *3 == *4\nwhy <*0, *1, *1> == *2",
    },
    Topic {
        name: "moves",
        title: "moves: how to win",
        text: "`moves G` lists the winning moves of G in its own terms (which pile, how many chips, \
which edge to cut), or says that there are none; `moves all G` lists every move with the value \
it leaves.",
        example: "moves *25 + *21 + *11\nmoves all #5",
    },
    Topic {
        name: "options",
        title: "options: the options of a game and their values",
        text: "`options G` lists each option of G with its value; a game with very many options \
shows its first ones and counts the rest. `options(G)` (no space) is the set of options as a \
value, for claims about moves: `*11 + *11 in options(*11 + *13)`.",
        example: "options <*0, *1, *1>\noptions kayles(4)\nassert *11 + *11 in options(*11 + *13) and (*11 + *11) is losing",
    },
    Topic {
        name: "tree",
        title: "tree and dot: pictures of a game",
        text: "`tree G` draws the game tree three levels deep and ten options wide (`tree full G` \
twelve levels and every option), drawing a game met twice once. `dot G` writes Graphviz DOT of the game DAG, P-positions filled; for a \
Hackenbush picture it draws the picture itself. Pipe it: grundy eval 'dot G' | dot -Tsvg. Or need no Graphviz: \
`dot G to \"g.svg\"` (or \"g.png\") lays the picture out in grundy and writes it to that file, \
in a second or two at most: a picture of more than 2000 places (games, and a place for each level a \
move passes) is refused at once, and Ctrl-C stops the layout.",
        example: "tree <*0, *1, *1>\ndot *2",
    },
    Topic {
        name: "plot",
        title: "plot: a family's values drawn against n, a survey's codes by status",
        text: "`plot seq(F, 0..1000)` draws the table `seq` makes as an SVG scatter plot: n across, \
the Grundy value up, the family's name above; when grundy has proved a period, the preperiod is \
shaded and a line marks where each period starts. In a sparse game (octal 0.16, Grundy's game) the \
rare values are set apart in orange, the legend saying which they are (a bit mask's parity). Long \
sequences are thinned to one mark per pixel, so a plot of a million values stays a few kilobytes, a \
lone rare value still shown. At the REPL's prompt the plot is written to \
plot.svg in the current folder; from the command line it is printed: grundy eval 'plot \
seq(kayles, 0..200)' > kayles.svg. `plot ... to \"kayles.svg\"` writes it to that file (in a \
folder that exists; a named pipe is refused), `to \"kayles.png\"` as PNG. `plot survey(\"0.???\", \
10000)` draws a survey as a grid of its codes, 8 rows by the first digit and 64 columns by the \
last two (a list of codes in the order asked), each cell coloured by status: periodic in blue, \
darker the longer the period (log scale), open in orange, values only in grey, a mismatch in red; \
each cell's tooltip gives its record.",
        example: "plot seq(kayles, 0..100)\nlet S(n) = < S(n - k) for k in {1, 3, 4} if k <= n >\nplot seq(S, 0..40)\nplot survey(\"0.?\", 200)",
    },
    Topic {
        name: "numbers",
        title: "Integers, sets and ranges",
        text: "Integers are 64-bit, every operation checked. `+ - * / % **` (power), `^` (nim-sum, \
xor; also `⊕`), comparisons, `and`, `or`, `not`, `if c then x else y`; `{1, 3, 4}` is a set, \
`a..b` and `a..=b` ranges; `mex{...}` and `nimber(G)`. Prefix `*` binds tightest: `*2 * 3` is \
`(*2) * 3`; the heap of 6 chips is `*(2 * 3)`.",
        example: "11 ^ 13\nmex{0, 1, 3}\n{n for n in 0..20 if n % 4 == 0}\n2 ** 10",
    },
    Topic {
        name: "nimber",
        title: "nimber(G): the n with G ≡ *n",
        text: "The nimber of a game, as an integer, for arithmetic on values.",
        example: "nimber(*5 + #7)\nnimber(kayles(11)) ^ 3",
    },
    Topic {
        name: "nim_arithmetic",
        title: "Nim arithmetic: a ⊗ b, nim_inv, nim_div, nim_pow, nim_sqrt",
        text: "With nim-sum `^` (⊕) as addition, the nim product `a ⊗ b` (ASCII `nim_mul(a, b)`) \
makes the numbers below each Fermat 2-power 2^(2^k) a field: a ⊗ b = mex{a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ \
b' : a' < a, b' < b}, so 2 ⊗ 2 = 3 and F ⊗ F = 3F/2 for F = 2^(2^k). `nim_inv(a)` (a ≠ 0), \
`nim_div(a, b)`, `nim_pow(a, n)` and `nim_sqrt(a)` (every nimber has one) complete it. On integers \
they give integers. `G ⊗ H` of games is their product: a move is a move in each at once, to \
G' ⊗ H + G ⊗ H' + G' ⊗ H', worth g ⊗ h (`*x ⊗ *y` is Turning Corners); `why` derives the nim \
product by the Fermat 2-power rules, F ⊗ x = F·x for x < F and F ⊗ F = 3F/2. `seq(nim_mul, \
0..16, 0..16)` prints the multiplication table of the field of 16 nimbers.",
        example: "2 ⊗ 2\nseq(nim_mul, 0..16, 0..16)\nnim_inv(2)\nnim_sqrt(2) ⊗ nim_sqrt(2)\nmoves *2 ⊗ *3\nwhy *24 ⊗ *17",
    },
    Topic {
        name: "mex",
        title: "mex(S): the least natural number not in S",
        text: "Written `mex{0, 1, 3}` or `mex(S)` for a set or range S of natural numbers.",
        example: "mex{0, 1, 2, 5, 15, 25}\nmex(1..5)",
    },
    Topic {
        name: "nim",
        title: "nim(a, b, ...): a Nim position",
        text: "`nim(a, b, c)` is `*a + *b + *c`.",
        example: "nim(3, 5, 6) is losing\nmoves nim(3, 4, 5)",
    },
    Topic {
        name: "sub",
        title: "sub(n, S): a subtraction game",
        text: "One pile of n chips; a move removes s chips for some s in the finite set S. \
`#n` is `sub(n, {1, 2, 3})`; `sub(S)` alone is the family, for `seq` and `period`. Its period \
is proved by a repeated window of max(S) values, so huge piles answer at once.",
        example: "sub(10, {1, 3, 4})\nsub(10**18, {1, 3, 4})\nperiod(sub({1, 3, 4}))",
    },
    Topic {
        name: "rook",
        title: "rook(i, j): the rook game",
        text: "A rook on square (i, j) moves any number of squares up or left; whoever cannot \
move loses. It is two nim heaps in disguise: rook(i, j) ≡ *(i ⊕ j).",
        example: "rook(3, 5)\nwhy rook(3, 5) == *6",
    },
    Topic {
        name: "kayles",
        title: "kayles(n): Kayles, octal 0.77",
        text: "A row of n pins; a move knocks down one pin or two neighbouring pins. Its values \
have period 12 from n = 71, proved by the octal periodicity theorem, so any row answers at \
once. `kayles` alone is the family.",
        example: "kayles(5)\nmoves kayles(13)\nperiod(kayles)\nkayles(10**18)",
    },
    Topic {
        name: "dawson",
        title: "dawson(n): Dawson's Kayles, octal 0.07",
        text: "A row of n pins; a move knocks down two neighbouring pins. Period 34 from n = 53.",
        example: "dawson(9) is losing\nseq(dawson, 0..40)",
    },
    Topic {
        name: "octal",
        title: "octal(\"0.137\", n): any take-and-break game",
        text: "Digit d_k of the code says what removing k tokens may leave: 1 nothing, 2 one \
heap, 4 two heaps (add them up). `octal(\"0.16\")` alone is the family. Periods are proved by \
the octal periodicity theorem; `period(F, n)` searches further.",
        example: "octal(\"0.137\", 10)\nmoves all octal(\"0.137\", 4)\nperiod(octal(\"0.16\"))",
    },
    Topic {
        name: "hex",
        title: "hex(\"0.8F\", n): take-and-break codes with three-heap moves",
        text: "Like `octal`, with hexadecimal digits: bit 8 lets a move leave three heaps.",
        example: "seq(hex(\"0.8\"), 0..20)\nmoves all hex(\"0.8\", 7)",
    },
    Topic {
        name: "grundy_game",
        title: "grundy_game(n): Grundy's game",
        text: "A move splits one heap into two heaps of different sizes.",
        example: "seq(grundy_game, 0..31)\noptions grundy_game(8)",
    },
    Topic {
        name: "wythoff",
        title: "wythoff(i, j): Wythoff's game",
        text: "A queen on square (i, j) moves any number of squares up, left or diagonally towards \
the corner. Its losing squares are (⌊kφ⌋, ⌊kφ²⌋) and their mirror images.",
        example: "wythoff(3, 5) is losing\nmoves wythoff(10, 7)",
    },
    Topic {
        name: "hackenbush",
        title: "hackenbush(\"g-a a-b\"): green Hackenbush",
        text: "A picture by its edges; the ground is the vertex `g`. A move cuts an edge, and what \
no longer reaches the ground falls. Loops (`a-a`), multi-edges and many feet are allowed; \
`g-a-b` is short for `g-a a-b`. Values come from the fusion and colon principles, shown by \
`why`; `dot` draws the picture.",
        example: "let T = hackenbush(\"g-a a-b a-c b-c\")\nT\nwhy T\nmoves T + *1",
    },
    Topic {
        name: "stalk",
        title: "stalk(n): a snake of length n",
        text: "The Hackenbush picture g-1-2-...-n: a snake of length n is *n, and a Nim position \
is a sum of snakes.",
        example: "stalk(3) + stalk(5) == nim(3, 5)",
    },
    Topic {
        name: "digraph",
        title: "digraph(\"a>b a>c b>c c>d\"): a game graph",
        text: "A finite game drawn as a graph: each move `a>b` goes from vertex a to vertex b \
(`a>b>c` is a>b and b>c; a vertex alone, `e`, has no moves written). Vertices are named by \
identifiers or numbers; several strings, one a line, are read as one list of moves. \
`G(\"a\")` is the game at vertex a (`G(7)` for a number); a vertex with \
no moves is 0. `G` prints every vertex's value and the losing ones; `why`, `moves`, `tree` and \
`dot` speak of the vertices; `vertices(G)` lists their names. A graph may have cycles: \
play may then go on for ever, and the vertices that are draws are listed (`:help loopy`).",
        example: "let G = digraph(\"a>b a>c b>c c>d\")\nG\nwhy G(\"a\")\nmoves G(\"a\") + *1\nall(G(v) is losing == (v in {\"b\", \"d\"}) for v in vertices(G))",
    },
    Topic {
        name: "loopy",
        title: "Loopy games: play that may go on for ever, and draws",
        text: "A game that can come back to a position is loopy: a `digraph` with cycles, or a \
family marked `let loopy f(n) = ...`, whose calls may come back to one another (without \
`loopy`, that is an error). Its first call explores every position its body reaches, which \
must be finitely many: bound the arguments (`if k <= 5`). Each position is worth a \
generalized Sprague–Grundy value: a nimber, or ∞K, K the nimbers among its options, printed \
`∞{0,2}` (`∞` for K empty). 0 loses, another nimber wins, ∞ with 0 in K wins by moving to a \
0, any other ∞ is a draw: neither player can force a win. Sums: a + ∞K = ∞(K ⊕ a), and two ∞ \
make a draw. `G is draw` (`is D`) claims a draw; `G == H` means equal generalized values. The \
library's `northcott` and `loopy_sub` are loopy; docs/language.md says more.",
        example: "let G = digraph(\"a>b b>c c>a c>d d>e\")
G
G(\"c\") + *1
let loopy hop(n) = < hop(k) for k in [n - 2, n + 1] if n > 0 and k >= 0 and k <= 5 >
hop(3)
hop(3) + *1 is draw
northcott(6, [[0, 3], [5, 1]]) == *1",
    },
    Topic {
        name: "seq",
        title: "seq(F, range), seq(F, rows, columns): a family's values as a table",
        text: "The values F(n) for n in a range or set, in rows as long as the period when one is \
proved (as Winning Ways prints them). F is a built-in family or one defined with one parameter. \
With two ranges (or sets), `seq(F, rows, columns)` tabulates a function of two arguments, F(x, y) \
for each row x and column y, as the texts print a two-dimensional game's values: column numbers \
above, each row led by its number; an entry is an integer, or a game by its nimber. F is `let \
f(x, y) = ...`, `(a, b) => ...`, a library family such as `turning_corners`, or a built-in such \
as `nim_mul`. Past 30 rows (or a line's width of columns) the rest is counted; `full seq(...)` \
prints it all.",
        example: "seq(kayles, 0..36)\nlet S(n) = < S(n - k) for k in 1..=3 if k <= n >\nseq(S, 0..12)\nseq(nim_mul, 0..8, 0..8)\nseq(turning_corners, 0..4, 0..6)",
    },
    Topic {
        name: "period",
        title: "period(F), period(F, n): a proved period",
        text: "The least period and preperiod of a heap game's values, with the range checked for \
the octal periodicity theorem; or \"no period up to n = ...\", never a guess: every period those \
values could prove was searched. `period(F)` goes on while the `search` limit allows (a few \
tens of seconds at most); `period(F, n)` uses g(0), ..., g(n), however long they take.",
        example: "period(kayles)\nperiod(sub({2, 5, 7}))\nperiod(octal(\"0.007\"), 500)",
    },
    Topic {
        name: "lists",
        title: "Lists, sets and strings: positions as data",
        text: "`[3, 4, 5]` is a list, `{[1, 2], \"ab\"}` a set of any values, `\"xx.xxx\"` a \
string. `p[i]` is an element (negative i counts from the end), `p[a:b]` a slice, `p[i := v]` is \
p with element i replaced by v, `p[a:b := q]` with a slice replaced. `+` joins lists or \
strings, `x in C` tests membership, `|`, `&`, `-`, `^` are union, intersection, difference and \
symmetric difference of sets (not of lists or strings). `join`, `split`, `replace`, `reverse`, \
`list`, `set`, `enumerate` and `zip` make them of one another. \
Comprehensions `[e for x in C if c]` go through ranges, sets, lists and strings. Lists, sets \
and strings are arguments of families and memo keys: sort a list to get a game's symmetry \
for free.",
        example: "let nimlist(p) = < nimlist(p[i := k]) for i in 0..len(p) for k in 0..p[i] >\nnimlist([1, 2, 3])\n[x * x for x in 0..6]\n\"xx.xxx\"[2 := \"x\"]\n{1, 2} | {[3]}",
    },
    Topic {
        name: "len",
        title: "len(p): how many",
        text: "The number of elements of a list, members of a set, integers of a range or \
characters of a string.",
        example: "len([3, 4, 5])\nlen(options(*4))",
    },
    Topic {
        name: "keys",
        title: "keys(m), values(m), items(m): a map's entries, as lists",
        text: "The keys of a map in order, their values in the same order, or the entries as \
[key, value] pairs: `for [k, v] in items(m)`. `len(m)` is how many keys, `k in m` whether it \
has the key k, `m[k]` the value of k, `m[k := v]` the map with k's value v.",
        example: "let m = {\"b\": 2, \"a\": 1}\nkeys(m)\nvalues(m)\n[k + str(v) for [k, v] in items(m)]",
    },
    Topic {
        name: "sum",
        title: "sum(p): integers added, games summed, strings joined",
        text: "The sum of the integers of a list, set or generator, the disjunctive sum of its \
games, or its strings one after another; 0 when empty (`join(p)` is \"\" then). \
`sum(K(x) for x in p)` is the sum of a family over a position's parts.",
        example: "sum([1, 2, 3])\nsum(*x for x in [1, 2, 3])\nsum([\"ab\", \"c\"])",
    },
    Topic {
        name: "min",
        title: "min and max",
        text: "`min(p)`, `max(p)` of a list, set or generator; `min(a, b, ...)` of several values. \
They compare integers, strings or lists (lexicographically), all of one kind.",
        example: "min(3, 9, 2)\nmax(n % 7 for n in 0..20)",
    },
    Topic {
        name: "max",
        title: "min and max",
        text: "See `:help min`.",
        example: "max([4, 1, 7])",
    },
    Topic {
        name: "sort",
        title: "sort(p): in order, as a list",
        text: "The elements of a list or the members of a set, in order: integers by size, strings \
and lists lexicographically. Sorting a position's heaps makes equal positions one memo key.",
        example: "sort([3, 1, 2])\nsort({[2], [1, 5]})",
    },
    Topic {
        name: "str",
        title: "str(x): as text",
        text: "A value as it would be typed, as a string (a string stays itself): for the words \
of a move, `as \"take \" + str(k)`.",
        example: "str(5) + \" chips\"",
    },
    Topic {
        name: "indices",
        title: "indices(p, x): where x is",
        text: "The indices at which x is an element of the list p, or at which the string x \
starts in the string p (overlapping too), as a list in order: `indices(b, \"..\")` finds two empty \
squares side by side on a board.",
        example: "indices([3, 1, 3], 3)\nindices(\"...#..\", \"..\")",
    },
    Topic {
        name: "join",
        title: "join(p, sep): strings joined",
        text: "The strings of the list p (or of a set, in order, or a string's characters) one \
after another, the string sep between each two; `join(p)` puts nothing between them, so \
`join(sort(s))` is the string s sorted, and `join(p)` of an empty list is \"\". Other values \
are made strings first: `join([str(k) for k in p], \" \")`. `sum` of strings joins them too, \
but is 0 when there is nothing to sum.",
        example: "join([\"a\", \"b\", \"c\"], \"-\")\njoin(sort(\"cab\"))\njoin([str(k) for k in 1..4], \", \")",
    },
    Topic {
        name: "split",
        title: "split(s, sep): a string cut into parts",
        text: "The parts of the string s between the occurrences of sep, as a list of strings, \
empty parts too: `join(split(s, sep), sep) == s`. `split(s)` cuts at runs of spaces and drops \
them, giving the words of s. A string's characters are `list(s)`.",
        example: "split(\"3-4-5\", \"-\")\nsplit(\" 3  4 5 \")\n[len(run) for run in split(\"xx.xxx.x\", \".\")]",
    },
    Topic {
        name: "replace",
        title: "replace(s, old, new): parts of a string replaced",
        text: "The string s with every occurrence of old, from the left and not overlapping, \
replaced by new. One place is replaced with `s[i := c]`, a run of them with `s[a:b := t]`; \
in a list, write `[if x == a then b else x for x in p]`.",
        example: "replace(\"HHTH\", \"H\", \"T\")\nreplace(\"x..x..\", \"..\", \".\")",
    },
    Topic {
        name: "reverse",
        title: "reverse(p): last first",
        text: "A list's elements or a string's characters in the other order. A set has none: \
`reverse(sort(S))` is its members from the greatest.",
        example: "reverse([1, 2, 3])\nreverse(\"HHT\")\nlet palindrome(s) = s == reverse(s)\npalindrome(\"abba\")",
    },
    Topic {
        name: "list",
        title: "list(x): as a list",
        text: "The characters of a string (each a string of one), the members of a set in \
order, the integers of a range, as a list; a list stays itself. `join(list(s))` is s again.",
        example: "list(\"HTH\")\nlist({3, 1, 2})\nlist(0..4)",
    },
    Topic {
        name: "set",
        title: "set(x): as a set",
        text: "The elements of a list, the characters of a string or the integers of a range, \
as a set: in order, without repeats; a set stays itself. (The REPL's settings are `:help :set`.)",
        example: "set([3, 1, 3])\nset(\"hello\")\nset(0..4) == {0, 1, 2, 3}",
    },
    Topic {
        name: "enumerate",
        title: "enumerate(p): each element with its index",
        text: "`[[0, p[0]], [1, p[1]], ...]` for a list or a string (a set in order, a range): \
what `[[i, p[i]] for i in 0..len(p)]` says, for going through a position with the place of \
each part.",
        example: "enumerate(\"HT\")\n[pair[0] for pair in enumerate(\"HTTH\") if pair[1] == \"H\"]",
    },
    Topic {
        name: "zip",
        title: "zip(p, q): elements in pairs",
        text: "`[[p[0], q[0]], [p[1], q[1]], ...]`, as many pairs as the shorter of p and q has \
elements (lists, strings, sets in order, ranges).",
        example: "zip([1, 2, 3], \"ab\")\nsum(pair[0] * pair[1] for pair in zip([1, 2], [3, 4]))",
    },
    Topic {
        name: "regions",
        title: "regions(b): a board's parts that do not touch",
        text: "A board is a string of rows of one length between `/`, each square an ASCII \
character and `#` where there is none. Its regions are the parts whose squares are joined side by \
side, across or down, each cropped to its rectangle (`#` where its squares are not), as a list in \
the order of their first square. A game on a board is often the sum of the games on its regions.",
        example: "regions(\"..#../..#../#####/.....\")",
    },
    Topic {
        name: "shape",
        title: "shape(b): a board's shape, whichever way round",
        text: "The least, as strings compare, of a board turned by quarter turns and mirrored: the \
same string for all eight images, so a family called with `shape(b)` remembers each shape once \
(the library's Cram does).",
        example: "shape(\"..#/...\")\nshape(\"#../...\") == shape(\".../..#\")",
    },
    Topic {
        name: "transpose",
        title: "transpose(b): a board's columns as its rows",
        text: "The board read down its columns: what lies down b lies across `transpose(b)`, so \
`indices(transpose(b), \"..\")` finds two empty squares above each other.",
        example: "transpose(\"..#/...\")",
    },
    Topic {
        name: "require",
        title: "require(condition, \"help\", value): a family refuses bad arguments",
        text: "`value` when the condition holds; otherwise an error reported at the call that \
passed the arguments (at those the condition names), with your words as its help. A family \
says what it takes: a heap is never negative, Chomp's rows are given longest first. An \
argument of the wrong kind, which the condition cannot even check, is refused the same way.",
        example: "let heap(n) = require(n >= 0, \"a heap has 0 chips or more\", < heap(k) for k in 0..n >)\nheap(3)",
    },
    Topic {
        name: "survey",
        title: "survey(codes, n): many heap games at once, on every core",
        text: "Each code computed to g(n) at most, until its period is proved, the games shared \
out among the machine's cores: a table of periods (periodic from n0 with period p, or open), \
largest values and values computed. Codes are written with `?` for each octal digit that \
varies (\"0.???\" is every three-digit code) or listed. A third argument names a CSV file: \
each record is written as it is done, and the survey run again reads back what is there. \
`plot survey(...)` draws it as a grid of codes coloured by status (`:help plot`). \
From the command line: `grundy survey '0.???' --to 100000 --file s.csv`.",
        example: "survey([\"0.77\", \"0.07\", \"0.007\"], 2000)\nsurvey(\"0.1?\", 1000)",
    },
    Topic {
        name: "because",
        title: "because(\"reason\", G): why G is the sum or product it is made as",
        text: "G itself, with a reason `why` states in your words before adding its parts up: a \
ruleset states its theorem where it uses it (a coin-turning row is the sum of its heads, each \
alone). The reason belongs to the game, however it is written later.",
        example: "let row(a, b) = because(\"a row is the sum of its two heaps\", *a + *b)\nwhy row(2, 3)",
    },
    Topic {
        name: "abs",
        title: "abs(n)",
        text: "The absolute value of an integer.",
        example: "abs(3 - 7)",
    },
    Topic {
        name: "all",
        title: "all, any, count: claims over many cases",
        text: "`all(c for x in R)` holds when the claim c holds for every x in R, `any(...)` when for \
some, `count(...)` says for how many. A failed `assert all(...)` names the first counterexample \
and the values of the claim's sides there; `why all(...)` proves that case.",
        example: "assert all(sub(n, {1, 2, 3}) is losing == (n % 4 == 0) for n in 0..100)\ncount(kayles(n) == *0 for n in 0..100)\nwhy all(kayles(n) == *n for n in 0..5)",
    },
    Topic {
        name: "any",
        title: "any(c for x in R)",
        text: "Whether the claim holds in at least one case; see `:help all`.",
        example: "any(kayles(n) == *0 for n in 1..100)",
    },
    Topic {
        name: "count",
        title: "count(c for x in R)",
        text: "In how many cases the claim holds; see `:help all`. Of a generator of other \
values, how many values it gives: `count(1 for x in p if x == j)` counts the j in p. What is \
counted is every value but `false`.",
        example: "count(dawson(n) is losing for n in 0..50)\ncount(1 for c in \"HHTH\" if c == \"H\")",
    },
    Topic {
        name: "misere",
        title: "Misère play: the last move loses",
        text: "`misere E` (also `misère E`) answers the whole expression E in misère play, \
where the player who cannot move wins; `normal E` in normal play. It binds loosest: \
`misere G == H` asks whether G and H are equal in every misère sum (the same simplest form), \
`misere G is losing` who wins. It works after `assert`, in parentheses and arguments, and \
after a command: `why misere G == H`, `moves misere G`, `tree misere G`. A game asked in \
misère play prints its outcome, genus and simplest form; a claim says `(misère play)`. \
`:set play misere` (or `--misere`) makes it the session's convention, `:set play normal` \
undoes it. `nimber(G)` is always the normal-play value; `genus(G)`, `simplest(G)` and \
`born_by(n)` answer about misère play. A family's body runs in the session's convention, \
not in a prefix around its call. docs/language.md and docs/misere.md say more.",
        example: "misere *1 + *1 is winning
assert misere *2 + *2 is losing
misere *2 + *2
why misere *2 + *2 == 0
moves misere *1 + *2 + *3 + *1
all(misere #n is losing == (n % 4 == 1) for n in 0..20)",
    },
    Topic {
        name: "genus",
        title: "genus(G): the misère genus, in Conway's notation",
        text: "The genus g^(γ0 γ1 …) of G as a string: g the normal-play value, γ0 the misère \
Grundy value, γn the misère Grundy value of G beside n heaps *2 (`:help misere`). Sums of tame \
games, whose genera are nim heaps' and sums of them, add by their genera as misère Nim does.",
        example: "genus(*1)\ngenus(*2 + *2)\ngenus(kayles(7))",
    },
    Topic {
        name: "simplest",
        title: "simplest(G): the misère simplest form",
        text: "The simplest game equal to G in every misère sum: its options in simplest form \
and its reversible options deleted, within Conway's proviso (`:help misere`). Two games are \
equal in misère play exactly when their simplest forms are the same.",
        example: "simplest(*2 + *2 + *3)\nmisere simplest(*2 + *2)",
    },
    Topic {
        name: "born_by",
        title: "born_by(n): the games born by day n, in misère play",
        text: "The set of misère-inequivalent games born by day n, as games in simplest form: \
1, 2, 3, 5, 22 and 4171780 of them for n = 0 to 5. Day 6 has 2^4171780 sets of options (one \
for each set of day 5's games), so n stops at 5.",
        example: "born_by(2)\nlen(born_by(4))",
    },
    Topic {
        name: "limits",
        title: "Limits",
        text: "Every evaluation is bounded: depth (nested family calls), steps (calls in one \
statement), nodes (games in the DAG), heap (values of a heap game's table), options (options \
listed, integers a `for` goes through), memory (bytes of the game DAG, what families remember, \
lists being built, and of each table), search (work of a period search), source (bytes of one \
file read). Going past one is a diagnostic naming it. Change them with `--limit NAME=VALUE` on the \
command line or `:set limit NAME=VALUE` in the REPL.",
        example: "",
    },
    Topic {
        name: ":set",
        title: ":set: display settings",
        text: ":set depth N            how many levels of a proof `why` shows (3)
:set lines N            how many lines a proof may take before it is folded (40)
:set color on|off       colour in diagnostics
:set unicode on|off     ≡ ⊕ → and box drawing, or ASCII (== xor ->)
:set limit NAME=VALUE   a limit (`:help limits`)
:set play misere|normal the play convention of the statements to come (`:help misere`)
:set alone shows the settings.",
        example: "",
    },
];

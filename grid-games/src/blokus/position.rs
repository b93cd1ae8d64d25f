//! A Blokus position: the board, the per-colour forbidden masks and attach points, pieces left,
//! turn order; legal move generation, play and undo, scores.
//!
//! # Representation and costs
//! Per padded cell (see [`MoveTable`]): its owner, a forbidden mask (bit `c` set when colour
//! `c` may not cover the cell: occupied by anyone, edge-adjacent to `c`, or off the board) and
//! an attach mask (bit `c` set when the cell is a corner neighbour of `c`). Each colour also
//! keeps the list of its attach points in the order they appeared; entries that later became
//! forbidden stay in the list and are skipped.
//!
//! * [`legal_moves`](Position::legal_moves): for each live attach point of the colour, read
//!   the 4-bit status of its edge neighbours and scan the table's pre-filtered placements of
//!   every unused piece through it (5 mask reads each). A placement through several attach
//!   points is kept only at the first of them, so the list has no duplicates without any
//!   per-move marker array. Cost: proportional to the candidates, a few nanoseconds each.
//! * [`play`](Position::play): O(piece neighbourhood), about 30 cell updates.
//! * [`undo`](Position::undo): the same, recomputing the forbidden masks of the move's cells
//!   and its edge neighbours from their neighbours' owners.
//! * Clone: three byte arrays of (side + 2)² cells and the attach lists, about 2 KB.

use std::sync::Arc;

use super::table::edge_offsets;
use super::{BlokusError, Colour, Move, MoveTable, Piece, Point, Variant};
use crate::game::{ByPlayer, Game, Player};

const EMPTY: u8 = 0xFF;
const BORDER: u8 = 0xFE;
const ALL: u8 = 0x0F;

#[derive(Clone, Copy, Debug)]
struct Played {
    colour: u8,
    id: u16,
    attach_len: u16,
    last_piece: u8,
    nominal: u8,
}

/// A Blokus position. Cheap to clone (the move table is shared).
///
/// ```
/// use grid_games::blokus::{Position, Variant};
/// let mut pos = Position::new(Variant::Duo);
/// assert_eq!(pos.legal_moves().len(), 414);
/// let m = pos.parse_move("e8,d9,e9,f9,e10")?;
/// pos.play(m)?;
/// assert_eq!(pos.points(), vec![5, 0]);
/// pos.undo()?;
/// assert_eq!(pos.legal_moves().len(), 414);
/// # Ok::<(), grid_games::blokus::BlokusError>(())
/// ```
///
/// # As text: the position line
/// `Display` writes a position as one line, and `FromStr` reads it back by replaying it from
/// the empty board (every rule is checked; a bad line is a
/// [`ParsePositionError`](super::ParsePositionError) naming the offending placement). The
/// line is the variant and the placements in order, not a picture of the board: the state
/// also holds which pieces each colour has left and the order of play, which the board alone
/// does not show.
///
/// ```text
/// line      = variant *(" " placement) [" to_move=" colour]
/// variant   = "duo" / "classic" / "classic_2" / "junior" / "classic_3"
/// placement = colour ":" cells
/// cells     = point *("," point)   ; the covered cells, by row then column (Pentobi's notation)
/// point     = column row           ; column "a".."t", row "1".."20" from the bottom
/// colour    = "b" / "w"            ; Duo and Junior: colours 0 and 1, as Pentobi's GTP names them
///           / "1" / "2" / "3" / "4" ; the four-colour variants: colours 0 to 3
/// ```
///
/// Fields contain no spaces and are separated by single spaces (a reader also takes runs of
/// whitespace). Every placement names its colour, so positions set up out of turn (GTP `play`,
/// [`play_as`](Position::play_as)) read back too. The engine has no pass move (a colour that
/// cannot move is skipped), so no pass appears. The `to_move=` field is written only when the
/// nominal colour to move ([`nominal_to_move`](Position::nominal_to_move)) is not the one after
/// the last mover, that is after [`set_nominal_to_move`](Position::set_nominal_to_move). The
/// reader also accepts cells in any order and upper-case letters. Reading builds the variant's
/// move table, as [`Position::new`] does (tens of milliseconds; Classic's is the largest), then
/// replays the placements (microseconds each).
///
/// `{:#}` prints the board picture of [`render`](Position::render) instead.
///
/// ```
/// use grid_games::blokus::{Position, Variant};
/// let mut pos = Position::new(Variant::Duo);
/// pos.play(pos.parse_move("e8,d9,e9,f9,e10")?)?;
/// pos.play(pos.parse_move("j5,j4,j3,i3")?)?;
/// assert_eq!(pos.to_string(), "duo b:e8,d9,e9,f9,e10 w:i3,j3,j4,j5");
/// let back: Position = pos.to_string().parse()?;
/// assert_eq!(back, pos);
/// assert_eq!(Position::new(Variant::Classic2).to_string(), "classic_2");
/// assert_eq!(format!("{pos:#}"), pos.render()); // the picture
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Positions are equal when their variant, placements and nominal colour to move are.
#[derive(Clone, Debug)]
pub struct Position {
    table: Arc<MoveTable>,
    owner: Vec<u8>,
    forbidden: Vec<u8>,
    is_attach: Vec<u8>,
    attach: [Vec<u16>; 4],
    /// Per colour, the pieces with a copy left, as a bit mask over piece indices.
    avail: [u32; 4],
    /// Per colour and piece, the copies left.
    left: [[u8; Piece::COUNT]; 4],
    /// Per colour, the pieces on the board.
    placed: [u8; 4],
    squares: [u8; 4],
    last_piece: [u8; 4],
    history: Vec<Played>,
    nominal: u8,
}

impl Position {
    /// The empty board of `variant` (builds the variant's move table; to share one table
    /// between many games use [`with_table`](Position::with_table)).
    ///
    /// ```
    /// use grid_games::blokus::{Piece, Position, Variant};
    /// let pos = Position::new(Variant::Duo);
    /// assert_eq!(pos.variant().size(), 14);
    /// assert_eq!(pos.pieces_left(pos.nominal_to_move()).count(), Piece::COUNT);
    /// assert!(!pos.is_over());
    /// ```
    pub fn new(variant: Variant) -> Position {
        Position::with_table(Arc::new(MoveTable::new(variant)))
    }

    /// The empty board of the table's variant.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use grid_games::blokus::{MoveTable, Position, Variant};
    /// // Build the table once, start many games from it.
    /// let table = Arc::new(MoveTable::new(Variant::Duo));
    /// let games: Vec<Position> = (0..3).map(|_| Position::with_table(Arc::clone(&table))).collect();
    /// assert!(games.iter().all(|g| Arc::ptr_eq(g.table(), &table)));
    /// ```
    pub fn with_table(table: Arc<MoveTable>) -> Position {
        let stride = table.stride();
        let size = usize::from(table.size());
        let mut owner = vec![BORDER; stride * stride];
        let mut forbidden = vec![ALL; stride * stride];
        for r in 1..=size {
            for c in 1..=size {
                owner[r * stride + c] = EMPTY;
                forbidden[r * stride + c] = 0;
            }
        }
        let variant = table.variant();
        let mut avail = [0; 4];
        let mut left = [[0; Piece::COUNT]; 4];
        for c in 0..variant.colours() {
            avail[c] = variant.piece_mask();
            for p in Piece::all() {
                left[c][p.index()] = variant.copies(p) as u8;
            }
        }
        Position {
            is_attach: vec![0; stride * stride],
            owner,
            forbidden,
            table,
            attach: Default::default(),
            avail,
            left,
            placed: [0; 4],
            squares: [0; 4],
            last_piece: [u8::MAX; 4],
            history: Vec::new(),
            nominal: 0,
        }
    }

    /// The variant.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant};
    /// assert_eq!(Position::new(Variant::Classic2).variant(), Variant::Classic2);
    /// ```
    pub fn variant(&self) -> Variant {
        self.table.variant()
    }

    /// The shared move table.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant};
    /// let pos = Position::new(Variant::Duo);
    /// assert_eq!(pos.table().len(), 13_729); // every placement of the 21 pieces on 14×14
    /// ```
    pub fn table(&self) -> &Arc<MoveTable> {
        &self.table
    }

    /// Reads a move in cell-list notation (see [`MoveTable::parse`]); legality is checked by
    /// [`play`](Position::play).
    ///
    /// ```
    /// use grid_games::blokus::{BlokusError, Position, Variant};
    /// let pos = Position::new(Variant::Duo);
    /// let x = pos.parse_move("e8,d9,e9,f9,e10")?; // the X pentomino, centred on e9
    /// assert_eq!(pos.table().piece(x)?.name(), "X");
    /// assert!(matches!(pos.parse_move("e8,e9,e9"), Err(BlokusError::RepeatedCell(_))));
    /// assert!(matches!(pos.parse_move("p1"), Err(BlokusError::OffBoard(_))));
    /// assert_eq!(pos.parse_move("pass"), Err(BlokusError::PassNotSupported));
    /// # Ok::<(), BlokusError>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, BlokusError> {
        if text.trim().eq_ignore_ascii_case("pass") {
            return Err(BlokusError::PassNotSupported);
        }
        self.table.parse(text)
    }

    /// The canonical notation of a move ([`BlokusError::WrongVariant`] for a move of another
    /// variant).
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant};
    /// let pos = Position::new(Variant::Duo);
    /// let m = pos.parse_move("F9,E10,E8,D9,E9")?;
    /// assert_eq!(pos.notation(m)?, "e8,d9,e9,f9,e10"); // by row, then column
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn notation(&self, m: Move) -> Result<String, BlokusError> {
        self.table.notation(m)
    }

    /// Who owns `p`, if anyone (`None` also for points off the board).
    ///
    /// ```
    /// use grid_games::blokus::{Colour, Point, Position, Variant};
    /// let mut pos = Position::new(Variant::Duo);
    /// pos.play(pos.parse_move("e10,e11")?)?;
    /// assert_eq!(pos.owner(Point::parse("e11", 14)?), Colour::new(0));
    /// assert_eq!(pos.owner(Point::parse("a1", 14)?), None);
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn owner(&self, p: Point) -> Option<Colour> {
        if p.col >= self.table.size() || p.row >= self.table.size() {
            return None;
        }
        match self.owner[self.table.padded(p)] {
            c if c < 4 => Colour::new(usize::from(c)),
            _ => None,
        }
    }

    /// Whether `colour` has placed at least one copy of `piece` (false for a colour the
    /// variant does not have, and for a piece not in the variant's set).
    ///
    /// ```
    /// use grid_games::blokus::{Colour, Piece, Position, Variant};
    /// let mut pos = Position::new(Variant::Duo);
    /// let blue = Colour::new(0).unwrap();
    /// pos.play(pos.parse_move("e10")?)?;
    /// assert!(pos.is_used(blue, Piece::MONOMINO));
    /// assert!(!pos.is_used(blue, "X".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_used(&self, colour: Colour, piece: Piece) -> bool {
        self.copies_left(colour, piece) < self.variant().copies(piece)
            && colour.index() < self.variant().colours()
    }

    /// How many copies of `piece` `colour` can still place: [`Variant::copies`] minus those
    /// on the board (0 for a colour the variant does not have).
    ///
    /// ```
    /// use grid_games::blokus::{Colour, Piece, Position, Variant};
    /// let mut pos = Position::new(Variant::Junior);
    /// let green = Colour::new(0).unwrap();
    /// assert_eq!(pos.copies_left(green, Piece::MONOMINO), 2);
    /// pos.play(pos.parse_move("e10")?)?;
    /// assert_eq!(pos.copies_left(green, Piece::MONOMINO), 1); // Junior has two of each
    /// assert_eq!(pos.copies_left(green, "X".parse()?), 0);     // and no X
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn copies_left(&self, colour: Colour, piece: Piece) -> usize {
        usize::from(self.left[colour.index()][piece.index()])
    }

    /// The pieces of which `colour` has a copy left to place, each once, in [`Piece`] order
    /// (none for a colour the variant does not have).
    ///
    /// ```
    /// use grid_games::blokus::{Colour, Position, Variant};
    /// let mut pos = Position::new(Variant::Duo);
    /// pos.play(pos.parse_move("e10,f10")?)?;
    /// let left: Vec<&str> = pos.pieces_left(Colour::new(0).unwrap()).map(|p| p.name()).collect();
    /// assert_eq!(left.len(), 20);
    /// assert!(!left.contains(&"2"));
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn pieces_left(&self, colour: Colour) -> impl Iterator<Item = Piece> + '_ {
        let avail = self.avail[colour.index()];
        Piece::all().filter(move |p| avail >> p.index() & 1 == 1)
    }

    /// The number of pieces `colour` has on the board (copies counted one by one).
    ///
    /// ```
    /// use grid_games::blokus::{Colour, Position, Variant};
    /// let mut pos = Position::new(Variant::Duo);
    /// pos.play(pos.parse_move("e10,f10")?)?;
    /// assert_eq!(pos.pieces_placed(Colour::new(0).unwrap()), 1);
    /// assert_eq!(pos.pieces_placed(Colour::new(1).unwrap()), 0);
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn pieces_placed(&self, colour: Colour) -> usize {
        usize::from(self.placed[colour.index()])
    }

    /// The player who places `colour`'s next piece: [`Variant::player_of`], except for
    /// colour 3 of [`Variant::Classic3`], whose `k`-th piece (from 0) is placed by player
    /// `k mod 3`. `None` for a colour the variant does not have.
    ///
    /// ```
    /// use grid_games::blokus::{Colour, Position, Variant};
    /// use grid_games::game::Player;
    /// let mut pos = Position::new(Variant::Classic3);
    /// let green = Colour::new(3).unwrap();
    /// assert_eq!(pos.player_of(green), Some(Player::FIRST));
    /// for m in ["a20", "t20", "t1", "a1"] {
    ///     pos.play(pos.parse_move(m)?)?;
    /// }
    /// assert_eq!(pos.player_of(green), Some(Player::SECOND)); // Green's second piece
    /// assert_eq!(pos.player_of(Colour::new(2).unwrap()), Some(Player::THIRD));
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn player_of(&self, colour: Colour) -> Option<Player> {
        self.mover_index(colour.index()).and_then(Player::new)
    }

    /// [`player_of`](Position::player_of) by indices.
    #[inline]
    pub(crate) fn mover_index(&self, c: usize) -> Option<usize> {
        let variant = self.variant();
        if variant == Variant::Classic3 && c == 3 {
            Some(usize::from(self.placed[3]) % 3)
        } else {
            variant.owner_index(c)
        }
    }

    /// The colours whose moves serve the same player as colour index `c`'s next move, as a
    /// bit mask: `c` itself, its partner colour in Classic two-player, and in three-player
    /// Classic the colour of the player who places colour 3's next piece when `c` is 3.
    pub(crate) fn allies(&self, c: usize) -> u8 {
        let variant = self.variant();
        match variant {
            Variant::Classic2 => 1 << c | 1 << (c ^ 2),
            Variant::Classic3 if c == 3 => 1 << 3 | 1 << (self.placed[3] % 3),
            _ => 1 << c,
        }
    }

    /// The placements made so far, in order.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant};
    /// let mut pos = Position::new(Variant::Duo);
    /// pos.play(pos.parse_move("e10")?)?;
    /// pos.play(pos.parse_move("j5")?)?;
    /// let moves: Vec<String> = pos.history().map(|(c, m)| format!("{} {}", c.index(), pos.notation(m).unwrap())).collect();
    /// assert_eq!(moves, ["0 e10", "1 j5"]);
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn history(&self) -> impl ExactSizeIterator<Item = (Colour, Move)> + '_ {
        self.history.iter().map(|h| {
            (
                Colour::new(usize::from(h.colour)).expect("valid colour"),
                self.table.mv(usize::from(h.id)),
            )
        })
    }

    /// The colour after the last mover in the fixed rotation (colour 0 on an empty board),
    /// whether or not it can move.
    ///
    /// ```
    /// use grid_games::blokus::{Colour, Position, Variant};
    /// let mut pos = Position::new(Variant::Duo);
    /// assert_eq!(pos.nominal_to_move(), Colour::new(0).unwrap());
    /// pos.play(pos.parse_move("e10")?)?;
    /// assert_eq!(pos.nominal_to_move(), Colour::new(1).unwrap());
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn nominal_to_move(&self) -> Colour {
        Colour::new(usize::from(self.nominal)).expect("valid colour")
    }

    /// Makes `colour` the nominal colour to move, as if the colour before it had just moved
    /// (GTP `genmove` may ask any colour to move). [`undo`](Position::undo) restores whatever
    /// nominal colour was current before the move it takes back.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant};
    /// let mut pos = Position::new(Variant::Duo);
    /// let white = Variant::Duo.parse_colour("w")?;
    /// pos.set_nominal_to_move(white)?; // let White open the game
    /// assert_eq!(pos.colour_to_move(), Some(white));
    /// pos.play(pos.parse_move("j5")?)?;
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn set_nominal_to_move(&mut self, colour: Colour) -> Result<(), BlokusError> {
        if colour.index() >= self.variant().colours() {
            return Err(BlokusError::UnknownColour(colour.index().to_string()));
        }
        self.nominal = colour.index() as u8;
        Ok(())
    }

    /// The colour that moves next: the first colour from the
    /// [nominal](Position::nominal_to_move) one, in turn order, with a legal move. `None` when
    /// no colour can move: the game is over.
    ///
    /// ```
    /// use grid_games::blokus::{Colour, Position, Variant};
    /// let mut pos = Position::new(Variant::Classic);
    /// assert_eq!(pos.colour_to_move(), Colour::new(0));
    /// pos.play(pos.legal_moves()[0])?;
    /// assert_eq!(pos.colour_to_move(), Colour::new(1));
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn colour_to_move(&self) -> Option<Colour> {
        let n = self.variant().colours();
        (0..n)
            .map(|k| Colour::new((usize::from(self.nominal) + k) % n).expect("valid colour"))
            .find(|&c| self.has_legal_move(c))
    }

    /// Whether no colour can move.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant, bots::RandomBot};
    /// use grid_games::game::{play_match, MatchRules};
    /// let (mut a, mut b) = (RandomBot::new(1), RandomBot::new(2));
    /// let record = play_match(Position::new(Variant::Duo), &mut [&mut a, &mut b], MatchRules::default())?;
    /// assert!(record.last.is_over());
    /// assert!(record.last.legal_moves().is_empty());
    /// # Ok::<(), grid_games::game::MatchError>(())
    /// ```
    pub fn is_over(&self) -> bool {
        self.colour_to_move().is_none()
    }

    /// The legal moves of the colour to move (empty when the game is over).
    ///
    /// ```
    /// use grid_games::blokus::{Point, Position, Variant};
    /// let pos = Position::new(Variant::Duo);
    /// let moves = pos.legal_moves();
    /// assert_eq!(moves.len(), 414);
    /// // Every opening move of Blue covers its starting point e10.
    /// let e10 = Point::parse("e10", 14)?;
    /// assert!(moves.iter().all(|&m| pos.table().points(m).unwrap().contains(&e10)));
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if let Some(c) = self.colour_to_move() {
            self.legal_moves_of(c, &mut out);
        }
        out
    }

    /// Appends to `out` (cleared first) the legal moves of `colour`, whether or not it is its
    /// turn, without duplicates, in no particular order.
    ///
    /// ```
    /// use grid_games::blokus::{Point, Position, Variant};
    /// let pos = Position::new(Variant::Duo);
    /// // White's moves, although Blue is to move: all of them cover j5.
    /// let white = Variant::Duo.parse_colour("w")?;
    /// let mut moves = Vec::new();
    /// pos.legal_moves_of(white, &mut moves);
    /// let j5 = Point::parse("j5", 14)?;
    /// assert!(!moves.is_empty() && moves.iter().all(|&m| pos.table().points(m).unwrap().contains(&j5)));
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn legal_moves_of(&self, colour: Colour, out: &mut Vec<Move>) {
        out.clear();
        let variant = self.variant();
        self.generate(colour, |id| {
            out.push(Move {
                variant,
                id: id as u16,
            });
            true
        });
    }

    /// The number of legal moves of `colour`.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant};
    /// let pos = Position::new(Variant::Duo);
    /// let (blue, white) = (Variant::Duo.parse_colour("b")?, Variant::Duo.parse_colour("w")?);
    /// // The board is symmetric, so both colours have the same openings.
    /// assert_eq!(pos.count_legal_moves(blue), 414);
    /// assert_eq!(pos.count_legal_moves(white), 414);
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn count_legal_moves(&self, colour: Colour) -> usize {
        let mut n = 0;
        self.generate(colour, |_| {
            n += 1;
            true
        });
        n
    }

    /// Whether `colour` has at least one legal move (stops at the first).
    ///
    /// ```
    /// use grid_games::blokus::{Colour, Position, Variant};
    /// let pos = Position::new(Variant::Duo);
    /// assert!(pos.has_legal_move(Colour::new(0).unwrap()));
    /// assert!(!pos.has_legal_move(Colour::new(3).unwrap())); // Duo has no colour 3
    /// ```
    pub fn has_legal_move(&self, colour: Colour) -> bool {
        let mut found = false;
        self.generate(colour, |_| {
            found = true;
            false
        });
        found
    }

    /// The 4-bit set of edge neighbours of padded cell `p` forbidden to the colour of `bit`
    /// (the index of the table's adjacent-status lists).
    #[inline]
    pub(crate) fn status(&self, p: usize, bit: u8) -> usize {
        let f = &self.forbidden;
        let s = self.table.stride();
        usize::from(f[p + s] & bit != 0)
            | usize::from(f[p + 1] & bit != 0) << 1
            | usize::from(f[p - s] & bit != 0) << 2
            | usize::from(f[p - 1] & bit != 0) << 3
    }

    /// Calls `emit(id)` once per legal move of `colour` until it returns false.
    fn generate(&self, colour: Colour, mut emit: impl FnMut(usize) -> bool) {
        let c = colour.index();
        if c >= self.variant().colours() {
            return;
        }
        let bit = colour.bit();
        let unused = self.unused_pieces(c);
        if unused == 0 {
            return;
        }
        let table = &*self.table;
        let forbidden = &self.forbidden[..];
        if self.squares[c] == 0 {
            let p = table.padded(self.variant().start_of(colour));
            if forbidden[p] & bit != 0 {
                return;
            }
            let status = self.status(p, bit);
            for k in Bits(unused) {
                for &id in table.through(p, status, k) {
                    let cells = table.cells_of(usize::from(id));
                    if cells.iter().all(|&q| forbidden[usize::from(q)] & bit == 0)
                        && !emit(usize::from(id))
                    {
                        return;
                    }
                }
            }
            return;
        }
        // `order[q]` = rank of q among the live attach points, for first-anchor deduplication.
        let mut order = [u16::MAX; 22 * 22];
        let mut rank = 0u16;
        for &p in &self.attach[c] {
            let p = usize::from(p);
            if forbidden[p] & bit == 0 {
                order[p] = rank;
                rank += 1;
            }
        }
        for &p in &self.attach[c] {
            let p = usize::from(p);
            if forbidden[p] & bit != 0 {
                continue;
            }
            let mine = order[p];
            let status = self.status(p, bit);
            for k in Bits(unused) {
                for &id in table.through(p, status, k) {
                    let cells = table.cells_of(usize::from(id));
                    let mut ok = true;
                    for &q in cells {
                        let q = usize::from(q);
                        ok &= forbidden[q] & bit == 0 && order[q] >= mine;
                    }
                    if ok && !emit(usize::from(id)) {
                        return;
                    }
                }
            }
        }
    }

    /// Why `colour` may not play `m` here, if it may not.
    ///
    /// ```
    /// use grid_games::blokus::{BlokusError, Colour, Position, Variant};
    /// let mut pos = Position::new(Variant::Duo);
    /// let blue = Colour::new(0).unwrap();
    /// let a1 = pos.parse_move("a1")?;
    /// assert!(matches!(pos.check(blue, a1), Err(BlokusError::MissesStart(_))));
    /// pos.play(pos.parse_move("e10")?)?;
    /// pos.play(pos.parse_move("j5")?)?;
    /// // Blue's second monomino is used up, and f10 touches e10 along an edge.
    /// assert!(matches!(pos.check(blue, pos.parse_move("f11")?), Err(BlokusError::PieceUsed("1"))));
    /// assert!(matches!(pos.check(blue, pos.parse_move("f10,g10")?), Err(BlokusError::TouchesOwnEdge(_))));
    /// assert_eq!(pos.check(blue, pos.parse_move("f11,g11")?), Ok(()));
    /// # Ok::<(), BlokusError>(())
    /// ```
    pub fn check(&self, colour: Colour, m: Move) -> Result<(), BlokusError> {
        if m.variant != self.variant() {
            return Err(BlokusError::WrongVariant);
        }
        let c = colour.index();
        if c >= self.variant().colours() {
            return Err(BlokusError::UnknownColour(c.to_string()));
        }
        let piece = self.table.piece(m)?;
        if self.copies_left(colour, piece) == 0 {
            return Err(BlokusError::PieceUsed(piece.name()));
        }
        let bit = colour.bit();
        let cells = self.table.cells_of(m.id());
        for &q in cells {
            let q = usize::from(q);
            if self.owner[q] != EMPTY {
                return Err(BlokusError::Occupied(self.table.point_of(q).to_string()));
            }
            if self.forbidden[q] & bit != 0 {
                return Err(BlokusError::TouchesOwnEdge(
                    self.table.point_of(q).to_string(),
                ));
            }
        }
        if self.squares[c] == 0 {
            let start = self.table.padded(self.variant().start_of(colour));
            if !cells.iter().any(|&q| usize::from(q) == start) {
                return Err(BlokusError::MissesStart(
                    self.variant().start_of(colour).to_string(),
                ));
            }
        } else if !cells
            .iter()
            .any(|&q| self.is_attach[usize::from(q)] & bit != 0)
        {
            return Err(BlokusError::NoCornerContact);
        }
        Ok(())
    }

    /// Plays `m` for the [colour to move](Position::colour_to_move).
    ///
    /// ```
    /// use grid_games::blokus::{BlokusError, Position, Variant};
    /// let mut pos = Position::new(Variant::Duo);
    /// pos.play(pos.parse_move("e8,d9,e9,f9,e10")?)?; // Blue's X on its start
    /// pos.play(pos.parse_move("j5,j4,j3,i3")?)?;     // White's L4 on its start
    /// let occupied = pos.parse_move("j5,j6")?;
    /// assert!(matches!(pos.play(occupied), Err(BlokusError::Occupied(_))));
    /// assert_eq!(pos.history().len(), 2); // a refused move changes nothing
    /// # Ok::<(), BlokusError>(())
    /// ```
    pub fn play(&mut self, m: Move) -> Result<(), BlokusError> {
        let colour = self.colour_to_move().ok_or(BlokusError::GameOver)?;
        self.play_as(colour, m)
    }

    /// Plays `m` for `colour` regardless of turn order (as GTP `play` does, to set up
    /// positions); the nominal next colour becomes the one after `colour`.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant};
    /// // Set up a position out of turn order, as a GTP controller may.
    /// let mut pos = Position::new(Variant::Duo);
    /// let white = Variant::Duo.parse_colour("w")?;
    /// pos.play_as(white, pos.parse_move("j5")?)?;
    /// assert_eq!(pos.nominal_to_move(), Variant::Duo.parse_colour("b")?);
    /// assert_eq!(pos.final_score(), "W+1");
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn play_as(&mut self, colour: Colour, m: Move) -> Result<(), BlokusError> {
        self.check(colour, m)?;
        self.apply(colour, m.id());
        Ok(())
    }

    /// Plays a move known to be legal for `colour` (no checks beyond debug assertions).
    pub(crate) fn apply(&mut self, colour: Colour, id: usize) {
        debug_assert!(self.check(colour, self.table.mv(id)).is_ok());
        let c = colour.index();
        let bit = colour.bit();
        // A borrow of the table field alone (the other fields change below): no reference
        // count traffic on the hot path of the playouts.
        let table = &*self.table;
        let piece = table.piece_of(id);
        self.history.push(Played {
            colour: c as u8,
            id: id as u16,
            attach_len: self.attach[c].len() as u16,
            last_piece: self.last_piece[c],
            nominal: self.nominal,
        });
        for &q in table.cells_of(id) {
            let q = usize::from(q);
            self.owner[q] = c as u8;
            self.forbidden[q] = ALL;
        }
        for &q in table.adj_of(id) {
            self.forbidden[usize::from(q)] |= bit;
        }
        for &q in table.diag_of(id) {
            let qi = usize::from(q);
            if (self.forbidden[qi] | self.is_attach[qi]) & bit == 0 {
                self.is_attach[qi] |= bit;
                self.attach[c].push(q);
            }
        }
        self.left[c][piece] -= 1;
        if self.left[c][piece] == 0 {
            self.avail[c] &= !(1 << piece);
        }
        self.placed[c] += 1;
        self.squares[c] += Piece::new(piece).map_or(0, Piece::size) as u8;
        self.last_piece[c] = piece as u8;
        self.nominal = ((c + 1) % self.variant().colours()) as u8;
    }

    /// Takes back the last placement.
    ///
    /// ```
    /// use grid_games::blokus::{BlokusError, Position, Variant};
    /// let mut pos = Position::new(Variant::Duo);
    /// assert_eq!(pos.undo(), Err(BlokusError::NothingToUndo));
    /// pos.play(pos.legal_moves()[0])?;
    /// pos.undo()?;
    /// assert_eq!((pos.history().len(), pos.legal_moves().len()), (0, 414));
    /// # Ok::<(), BlokusError>(())
    /// ```
    pub fn undo(&mut self) -> Result<(), BlokusError> {
        let h = self.history.pop().ok_or(BlokusError::NothingToUndo)?;
        let c = usize::from(h.colour);
        let bit = 1u8 << c;
        let table = Arc::clone(&self.table);
        let id = usize::from(h.id);
        for q in self.attach[c].drain(usize::from(h.attach_len)..) {
            self.is_attach[usize::from(q)] &= !bit;
        }
        for &q in table.cells_of(id) {
            self.owner[usize::from(q)] = EMPTY;
        }
        for &q in table.cells_of(id).iter().chain(table.adj_of(id)) {
            self.forbidden[usize::from(q)] = self.forbidden_from_neighbours(usize::from(q));
        }
        let piece = table.piece_of(id);
        self.left[c][piece] += 1;
        self.avail[c] |= 1 << piece;
        self.placed[c] -= 1;
        self.squares[c] -= Piece::new(piece).map_or(0, Piece::size) as u8;
        self.last_piece[c] = h.last_piece;
        self.nominal = h.nominal;
        Ok(())
    }

    /// The attach points of colour index `c` (every corner neighbour of its pieces that was
    /// free for it when the piece was placed, in placement order; some may be forbidden
    /// since).
    pub(crate) fn attach_points(&self, c: usize) -> &[u16] {
        &self.attach[c]
    }

    /// The number of live attach points of colour index `c`: corner neighbours of its pieces
    /// that it may still cover.
    pub(crate) fn live_attach_points(&self, c: usize) -> usize {
        let bit = 1u8 << c;
        self.attach[c]
            .iter()
            .filter(|&&p| self.forbidden[usize::from(p)] & bit == 0)
            .count()
    }

    /// The forbidden mask of padded cell `q`: bit `c` set when colour `c` may not cover it.
    #[inline]
    pub(crate) fn forbidden_at(&self, q: usize) -> u8 {
        self.forbidden[q]
    }

    /// The forbidden masks of all padded cells (see [`forbidden_at`](Position::forbidden_at)).
    #[inline]
    pub(crate) fn forbidden_masks(&self) -> &[u8] {
        &self.forbidden
    }

    /// The pieces of which colour index `c` has a copy left, as a bit mask over piece
    /// indices.
    #[inline]
    pub(crate) fn unused_pieces(&self, c: usize) -> u32 {
        self.avail[c]
    }

    /// The owner of padded cell `q` as a colour index, or `None` (empty or border).
    #[inline]
    pub(crate) fn owner_at(&self, q: usize) -> Option<usize> {
        let o = self.owner[q];
        (o < 4).then_some(usize::from(o))
    }

    /// The attach mask of padded cell `q`: bit `c` set when the cell is (or was) a corner
    /// neighbour of colour `c`.
    #[inline]
    pub(crate) fn attach_at(&self, q: usize) -> u8 {
        self.is_attach[q]
    }

    /// The `k`-th placement of the game (0-based) as (colour index, move id).
    pub(crate) fn played(&self, k: usize) -> (usize, usize) {
        let h = self.history[k];
        (usize::from(h.colour), usize::from(h.id))
    }

    /// Like [`colour_to_move`](Position::colour_to_move), but also fills `moves` with that
    /// colour's legal moves, generating each colour's list at most once.
    pub(crate) fn to_move_with_moves(&self, moves: &mut Vec<Move>) -> Option<Colour> {
        let n = self.variant().colours();
        for k in 0..n {
            let c = Colour::new((usize::from(self.nominal) + k) % n).expect("valid colour");
            self.legal_moves_of(c, moves);
            if !moves.is_empty() {
                return Some(c);
            }
        }
        None
    }

    fn forbidden_from_neighbours(&self, q: usize) -> u8 {
        if self.owner[q] != EMPTY {
            return ALL;
        }
        edge_offsets(self.table.stride())
            .iter()
            .map(|&d| self.owner[(q as isize + d) as usize])
            .filter(|&o| o < 4)
            .fold(0, |m, o| m | 1 << o)
    }

    /// Points of each colour: its squares on the board, +15 once all its pieces are
    /// placed, +5 more if the last one placed was the monomino (no bonus in Junior).
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant};
    /// let mut pos = Position::new(Variant::Duo);
    /// pos.play(pos.parse_move("e8,d9,e9,f9,e10")?)?;
    /// pos.play(pos.parse_move("j5,j4")?)?;
    /// assert_eq!(pos.points(), [5, 2]); // one point per square placed
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn points(&self) -> Vec<i64> {
        (0..self.variant().colours())
            .map(|c| self.colour_points(c))
            .collect()
    }

    /// The points of colour index `c` (see [`points`](Position::points)), without allocating.
    pub(crate) fn colour_points(&self, c: usize) -> i64 {
        let mut p = i64::from(self.squares[c]);
        if self.avail[c] == 0 && self.variant().has_bonus() {
            p += 15;
            if usize::from(self.last_piece[c]) == Piece::MONOMINO.index() {
                p += 5;
            }
        }
        p
    }

    /// Points per player: the colour's points in Duo, Junior and Classic, the sum of the
    /// player's two colours in Classic two-player, the points of colours 0, 1 and 2 in
    /// three-player Classic (colour 3 counts for no one).
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant};
    /// use grid_games::game::Player;
    /// // Classic two-player: the first player's points are those of colours 0 and 2.
    /// let mut pos = Position::new(Variant::Classic2);
    /// pos.play(pos.parse_move("a20")?)?;  // colour 0, its corner
    /// pos.play(pos.parse_move("t20")?)?;  // colour 1
    /// pos.play(pos.parse_move("t1,s1")?)?; // colour 2
    /// assert_eq!(pos.player_points()[Player::FIRST], 3);
    /// assert_eq!(pos.player_points()[Player::SECOND], 1);
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn player_points(&self) -> ByPlayer<i64> {
        let variant = self.variant();
        ByPlayer::from_fn(variant.players(), |p| {
            (0..variant.colours())
                .filter(|&c| variant.owner_index(c) == Some(p.index()))
                .map(|c| self.colour_points(c))
                .sum()
        })
    }

    /// The result as GTP `final_score` prints it: `B+n` / `W+n` / `0` (the first player's
    /// points minus the second's) for the two-player variants, the four colours' points each
    /// followed by a space for Classic and three-player Classic.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant};
    /// let mut pos = Position::new(Variant::Duo);
    /// assert_eq!(pos.final_score(), "0");
    /// pos.play(pos.parse_move("e10,e11")?)?;
    /// assert_eq!(pos.final_score(), "B+2");
    /// let mut classic = Position::new(Variant::Classic);
    /// classic.play(classic.parse_move("a20")?)?;
    /// assert_eq!(classic.final_score(), "1 0 0 0 ");
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn final_score(&self) -> String {
        if self.variant().players() > 2 {
            return self.points().iter().map(|x| format!("{x} ")).collect();
        }
        let p = self.player_points().into_vec();
        match p[0] - p[1] {
            0 => "0".to_string(),
            d if d > 0 => format!("B+{d}"),
            d => format!("W+{}", -d),
        }
    }

    /// The board as text, top row first: `.` empty, `X`, `O`, `#`, `@` for colours 0–3, with
    /// column letters and row numbers.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant};
    /// let mut pos = Position::new(Variant::Duo);
    /// pos.play(pos.parse_move("e10")?)?;
    /// let text = pos.render();
    /// assert_eq!(text.lines().count(), 15); // 14 rows and the column letters
    /// assert!(text.lines().nth(4).unwrap().starts_with("10 . . . . X . ."));
    /// assert!(text.ends_with("a b c d e f g h i j k l m n\n"));
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn render(&self) -> String {
        let size = self.table.size();
        let mut out = String::new();
        for row in (0..size).rev() {
            out.push_str(&format!("{:>2} ", u32::from(row) + 1));
            for col in 0..size {
                let ch = match self.owner(Point::new(col, row)) {
                    None => '.',
                    Some(c) => ['X', 'O', '#', '@'][c.index()],
                };
                out.push(ch);
                out.push(' ');
            }
            out.pop();
            out.push('\n');
        }
        out.push_str("   ");
        for col in 0..size {
            out.push(char::from(b'a' + col));
            out.push(' ');
        }
        out.pop();
        out.push('\n');
        out
    }
}

/// Iterates the set bits of a mask, lowest first.
struct Bits(u32);

impl Iterator for Bits {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let k = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(k)
    }
}

impl Game for Position {
    type Action = Move;
    type Error = BlokusError;

    fn players(&self) -> usize {
        self.variant().players()
    }

    fn to_move(&self) -> Option<Player> {
        self.colour_to_move().and_then(|c| self.player_of(c))
    }

    fn legal_actions(&self, out: &mut Vec<Move>) {
        out.clear();
        if let Some(c) = self.colour_to_move() {
            self.legal_moves_of(c, out);
        }
    }

    fn play(&mut self, action: Move) -> Result<(), BlokusError> {
        Position::play(self, action)
    }

    fn scores(&self) -> ByPlayer<i64> {
        self.player_points()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_restores_the_turn_after_out_of_turn_play() {
        let mut pos = Position::new(Variant::Classic);
        let red = Variant::Classic.colour(2).unwrap();
        let m = pos.parse_move("t1").unwrap();
        pos.play_as(red, m).unwrap();
        assert_eq!(pos.nominal_to_move().index(), 3);
        pos.undo().unwrap();
        assert_eq!(pos.nominal_to_move().index(), 0);
        assert_eq!(pos.colour_to_move().map(Colour::index), Some(0));
        // And after an explicit change of turn.
        pos.set_nominal_to_move(red).unwrap();
        let a1 = pos.parse_move("a1").unwrap();
        assert!(pos.play(a1).is_err()); // red must cover t1
        let t1 = pos.parse_move("t1").unwrap();
        pos.play(t1).unwrap();
        pos.undo().unwrap();
        assert_eq!(pos.nominal_to_move(), red);
    }

    #[test]
    fn colours_beyond_the_variant_are_refused_or_own_nothing() {
        let pos = Position::new(Variant::Duo);
        let third = Colour::new(2).unwrap();
        assert_eq!(Variant::Duo.colour(2), None);
        assert_eq!(Variant::Duo.start(third), None);
        assert_eq!(Variant::Duo.player_of(third), None);
        assert_eq!(Variant::Duo.colour_name(third), None);
        assert_eq!(pos.pieces_left(third).count(), 0);
        assert!(!pos.has_legal_move(third));
        let m = pos.legal_moves()[0];
        assert!(matches!(
            pos.check(third, m),
            Err(BlokusError::UnknownColour(_))
        ));
    }
}

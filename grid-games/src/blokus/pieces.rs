//! The 21 pieces every colour owns, named and numbered as in Pentobi.

use polyomino::{Equivalence, Polyomino};

/// One of the 21 pieces, numbered as Pentobi numbers them (`0` = V5 … `20` = the monomino).
///
/// ```
/// use grid_games::blokus::Piece;
/// assert_eq!(Piece::all().count(), 21);
/// let squares: usize = Piece::all().map(Piece::size).sum();
/// assert_eq!(squares, 89); // 1 + 2 + 2·3 + 5·4 + 12·5
/// let x: Piece = "X".parse()?;
/// assert_eq!((x.size(), x.orientations()), (5, 1));
/// # Ok::<(), grid_games::blokus::BlokusError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(u8);

/// Pentobi's names and one drawing of each piece, in Pentobi's order.
const PIECES: [(&str, &str); 21] = [
    ("V5", "#..\n#..\n###"),
    ("L5", "#...\n####"),
    ("Z5", "##.\n.#.\n.##"),
    ("N", "##..\n.###"),
    ("W", "#..\n##.\n.##"),
    ("X", ".#.\n###\n.#."),
    ("F", ".##\n##.\n.#."),
    ("I5", "#####"),
    ("T5", "###\n.#.\n.#."),
    ("Y", ".#..\n####"),
    ("P", "##\n##\n#."),
    ("U", "#.#\n###"),
    ("L4", "#..\n###"),
    ("I4", "####"),
    ("T4", "###\n.#."),
    ("Z4", "##.\n.##"),
    ("O", "##\n##"),
    ("V3", "#.\n##"),
    ("I3", "###"),
    ("2", "##"),
    ("1", "#"),
];

/// The number of squares of every piece, counted from the drawings at compile time (the
/// size is read on every placement and in every playout ply).
const SIZES: [u8; 21] = {
    let mut sizes = [0u8; 21];
    let mut k = 0;
    while k < PIECES.len() {
        let drawing = PIECES[k].1.as_bytes();
        let mut i = 0;
        while i < drawing.len() {
            if drawing[i] == b'#' {
                sizes[k] += 1;
            }
            i += 1;
        }
        k += 1;
    }
    sizes
};

impl Piece {
    /// Number of pieces per colour.
    pub const COUNT: usize = 21;
    /// The monomino, whose placement last earns the +5 bonus.
    pub const MONOMINO: Piece = Piece(20);

    /// Every piece in Pentobi's order.
    ///
    /// ```
    /// use grid_games::blokus::Piece;
    /// let pentominoes = Piece::all().filter(|p| p.size() == 5).count();
    /// assert_eq!(pentominoes, 12);
    /// ```
    pub fn all() -> impl Iterator<Item = Piece> {
        (0..Self::COUNT as u8).map(Piece)
    }

    /// Piece number `index` (`0..21`), or `None`.
    ///
    /// ```
    /// use grid_games::blokus::Piece;
    /// assert_eq!(Piece::new(0).map(Piece::name), Some("V5"));
    /// assert_eq!(Piece::new(20), Some(Piece::MONOMINO));
    /// assert_eq!(Piece::new(21), None);
    /// ```
    pub const fn new(index: usize) -> Option<Piece> {
        if index < Self::COUNT {
            Some(Piece(index as u8))
        } else {
            None
        }
    }

    /// Its number `0..21`.
    ///
    /// ```
    /// use grid_games::blokus::Piece;
    /// assert_eq!(Piece::MONOMINO.index(), 20);
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Pentobi's name (`V5`, `L5`, …, `2`, `1`).
    ///
    /// ```
    /// use grid_games::blokus::Piece;
    /// let names: Vec<&str> = Piece::all().map(Piece::name).collect();
    /// assert_eq!(&names[..3], ["V5", "L5", "Z5"]);
    /// assert_eq!(names[20], "1");
    /// ```
    pub fn name(self) -> &'static str {
        PIECES[self.index()].0
    }

    /// The piece in the orientation of the specification's drawing.
    ///
    /// ```
    /// use grid_games::blokus::Piece;
    /// let t4 = "T4".parse::<Piece>()?.shape();
    /// assert_eq!(t4.size(), 4);
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn shape(self) -> Polyomino {
        Polyomino::parse(PIECES[self.index()].1).expect("piece drawings are valid")
    }

    /// Number of squares.
    ///
    /// ```
    /// use grid_games::blokus::Piece;
    /// assert_eq!("I5".parse::<Piece>()?.size(), 5);
    /// assert_eq!(Piece::MONOMINO.size(), 1);
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub const fn size(self) -> usize {
        SIZES[self.index()] as usize
    }

    /// Number of distinct orientations under the 8 rotations and reflections.
    ///
    /// ```
    /// use grid_games::blokus::Piece;
    /// let count = |name: &str| name.parse::<Piece>().map(Piece::orientations);
    /// assert_eq!(count("F")?, 8); // no symmetry
    /// assert_eq!(count("I5")?, 2);
    /// assert_eq!(count("O")?, 1);
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn orientations(self) -> usize {
        self.shape().orientations(Equivalence::Free).len()
    }
}

impl core::fmt::Display for Piece {
    /// The piece's name, which [`str::parse`] reads back.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for Piece {
    type Err = crate::blokus::BlokusError;

    /// A piece by its [`name`](Piece::name) (case-sensitive, as Pentobi names them).
    ///
    /// ```
    /// use grid_games::blokus::Piece;
    /// for p in Piece::all() {
    ///     assert_eq!(p.to_string().parse::<Piece>(), Ok(p));
    /// }
    /// assert!("Q9".parse::<Piece>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Piece, crate::blokus::BlokusError> {
        Piece::all()
            .find(|p| p.name() == text.trim())
            .ok_or_else(|| crate::blokus::BlokusError::UnknownPiece(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyomino::enumerate;

    #[test]
    fn sizes_are_the_shapes_cell_counts() {
        for p in Piece::all() {
            assert_eq!(p.size(), p.shape().size(), "{p}");
        }
    }

    #[test]
    fn pieces_are_the_21_free_polyominoes_of_size_1_to_5() {
        let mut ours: Vec<Polyomino> = Piece::all()
            .map(|p| p.shape().canonical(Equivalence::Free))
            .collect();
        ours.sort();
        let mut theirs: Vec<Polyomino> = (1..=5)
            .flat_map(|n| enumerate::free(n).unwrap().collect::<Vec<_>>())
            .map(|p| p.canonical(Equivalence::Free))
            .collect();
        theirs.sort();
        assert_eq!(ours, theirs);
        assert_eq!(Piece::all().map(Piece::size).sum::<usize>(), 89);
        assert_eq!(Piece::all().map(Piece::orientations).sum::<usize>(), 91);
    }

    #[test]
    fn orientation_counts_match_the_spec() {
        let count = |name: &str| {
            Piece::all()
                .find(|p| p.name() == name)
                .unwrap()
                .orientations()
        };
        for (name, n) in [
            ("1", 1),
            ("O", 1),
            ("X", 1),
            ("I5", 2),
            ("V3", 4),
            ("W", 4),
            ("F", 8),
            ("Y", 8),
        ] {
            assert_eq!(count(name), n, "{name}");
        }
    }
}

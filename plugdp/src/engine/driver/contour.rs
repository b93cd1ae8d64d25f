//! [`Contour`]: a frontier of plugs with components and tags, for problems written on the
//! driver.

/// A decoded frontier for an edge problem of one's own: for each contour position a plug's
/// component label (0: no plug) and a 4-bit tag the problem defines (a colour, a pending
/// constraint), plus 8 flag bits; packed into a `u128` key in *minimal representation*.
///
/// The positions follow the crate's edge sweeps: on a board of `cols` columns there are
/// `cols + 1` of them, and before cell `(r, c)` position `c` holds the plug entering the cell
/// from the left, position `c + 1` the plug entering from above, positions `0..c` the plugs
/// leaving row `r`'s processed cells downwards and positions `c + 2..` those leaving row
/// `r − 1` downwards. A cell's transition reads positions `c` and `c + 1` and writes its
/// downward plug to position `c` and its rightward plug to position `c + 1`;
/// [`shift`](Contour::shift) is the row end.
///
/// [`pack`](Contour::pack) renumbers the labels 1, 2, 3, … in order of first appearance, so
/// frontiers that differ only in the names of their components share a key (each position
/// takes one byte: at most [`Contour::MAX_POSITIONS`] positions, boards up to 14 columns, and
/// at most 15 components).
///
/// ```
/// use plugdp::engine::driver::Contour;
/// let mut f = Contour::new(4);
/// let a = f.fresh();
/// f.set(1, a, 0);
/// f.set(3, a, 0); // one component with two plugs
/// let b = f.fresh();
/// f.set(2, b, 7); // another, tagged 7
/// let key = f.pack().unwrap();
/// let back = Contour::unpack(key, 4);
/// assert_eq!((back.label(1), back.label(2), back.label(3)), (1, 2, 1));
/// assert_eq!(back.tag(2), 7);
/// // Joining the two components renames one; the key is the same whatever the old names.
/// let mut joined = back;
/// joined.relabel(2, 1);
/// assert_eq!(joined.count(1), 3);
/// assert_eq!(Contour::unpack(joined.pack().unwrap(), 4).label(2), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contour {
    labels: [u8; Contour::MAX_POSITIONS],
    tags: [u8; Contour::MAX_POSITIONS],
    len: usize,
    flags: u8,
}

impl Contour {
    /// Most positions a packed contour holds.
    pub const MAX_POSITIONS: usize = 15;

    /// `len` positions without plugs, no flags (`len` is clamped to
    /// [`MAX_POSITIONS`](Self::MAX_POSITIONS): a problem on a board of `cols` columns needs
    /// `cols + 1` positions, so it should refuse boards wider than 14 with
    /// [`PlugError::TooWide`](crate::PlugError::TooWide)).
    pub fn new(len: usize) -> Contour {
        Contour {
            labels: [0; Contour::MAX_POSITIONS],
            tags: [0; Contour::MAX_POSITIONS],
            len: len.min(Contour::MAX_POSITIONS),
            flags: 0,
        }
    }

    /// The contour of `len` positions packed in `key`.
    pub fn unpack(key: u128, len: usize) -> Contour {
        let mut f = Contour::new(len);
        for j in 0..f.len {
            let byte = (key >> (8 * j)) as u8;
            f.labels[j] = byte & 0xF;
            f.tags[j] = byte >> 4;
        }
        f.flags = (key >> 120) as u8;
        f
    }

    /// The packed key, labels renumbered in order of first appearance; `None` with more than 15
    /// components.
    pub fn pack(&self) -> Option<u128> {
        let names = crate::engine::state::minimal_names(&self.labels[..self.len])?;
        let mut key = u128::from(self.flags) << 120;
        for j in 0..self.len {
            let byte = names[usize::from(self.labels[j])] | (self.tags[j] & 0xF) << 4;
            key |= u128::from(byte) << (8 * j);
        }
        Some(key)
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the contour has no positions.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The label at position `j` (0: no plug).
    ///
    /// # Panics
    /// If `j` is not below [`len`](Self::len), as slice indexing does.
    pub fn label(&self, j: usize) -> u8 {
        self.labels[..self.len][j]
    }

    /// The tag at position `j`.
    ///
    /// # Panics
    /// If `j` is not below [`len`](Self::len).
    pub fn tag(&self, j: usize) -> u8 {
        self.tags[..self.len][j]
    }

    /// Puts a plug of component `label` (0: none; 4 bits) with `tag` (4 bits) at position `j`.
    ///
    /// # Panics
    /// If `j` is not below [`len`](Self::len) (the plug would vanish from the packed key).
    pub fn set(&mut self, j: usize, label: u8, tag: u8) {
        self.labels[..self.len][j] = label & 0xF;
        self.tags[..self.len][j] = tag & 0xF;
    }

    /// A label no position holds (for a new component); 0 only when all 15 are taken, which
    /// [`MAX_POSITIONS`](Self::MAX_POSITIONS) positions cannot reach with a fresh one still
    /// needed (the two positions a cell rewrites are empty when it starts a component).
    pub fn fresh(&self) -> u8 {
        (1..=15u8)
            .find(|&l| !self.labels[..self.len].contains(&l))
            .unwrap_or(0)
    }

    /// Renames component `from` to `to` everywhere (joins two components).
    pub fn relabel(&mut self, from: u8, to: u8) {
        for l in &mut self.labels[..self.len] {
            if *l == from {
                *l = to;
            }
        }
    }

    /// Number of positions holding a plug of component `label`.
    pub fn count(&self, label: u8) -> usize {
        self.labels[..self.len]
            .iter()
            .filter(|&&l| l == label)
            .count()
    }

    /// Whether no position holds a plug.
    ///
    /// ```
    /// use plugdp::engine::driver::Contour;
    /// let mut f = Contour::new(3);
    /// assert!(f.no_plugs() && f.len() == 3 && !f.is_empty());
    /// f.set_flags(1); // say, "the loop has closed"
    /// assert_eq!(Contour::unpack(f.pack().unwrap(), 3).flags(), 1);
    /// ```
    pub fn no_plugs(&self) -> bool {
        self.labels[..self.len].iter().all(|&l| l == 0)
    }

    /// The flag bits.
    pub fn flags(&self) -> u8 {
        self.flags
    }

    /// Sets the flag bits.
    pub fn set_flags(&mut self, flags: u8) {
        self.flags = flags;
    }

    /// The row end: every position moves one to the right and position 0 is empty; `None` when
    /// the last position holds a plug (it would leave the board on the right).
    ///
    /// ```
    /// use plugdp::engine::driver::Contour;
    /// let mut f = Contour::new(3);
    /// f.set(0, 1, 2);
    /// let shifted = f.shift().unwrap();
    /// assert_eq!((shifted.label(0), shifted.label(1), shifted.tag(1)), (0, 1, 2));
    /// f.set(2, 1, 0);
    /// assert_eq!(f.shift(), None);
    /// ```
    pub fn shift(&self) -> Option<Contour> {
        if self.len == 0 || self.labels[self.len - 1] != 0 {
            return None;
        }
        let mut out = *self;
        for j in (1..self.len).rev() {
            out.labels[j] = self.labels[j - 1];
            out.tags[j] = self.tags[j - 1];
        }
        out.labels[0] = 0;
        out.tags[0] = 0;
        Some(out)
    }
}

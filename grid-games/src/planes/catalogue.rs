//! Plane types as data, the default catalogue and the subtask table.

use polyomino::MarkedPolyomino;

use super::PlanesError;

/// A plane type: a 4-connected polyomino with one head cell, drawn nose up (direction 0).
///
/// ```
/// use grid_games::planes::PlaneType;
/// // A small T-shaped plane: the head on top, three cells of wing below it.
/// let t = PlaneType::parse("tee", ".H.\nBBB")?;
/// assert_eq!((t.name(), t.size()), ("tee", 4));
/// # Ok::<(), grid_games::planes::PlanesError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaneType {
    name: String,
    shape: MarkedPolyomino,
}

impl PlaneType {
    /// A plane type from its shape (mark = head) in direction 0.
    ///
    /// A [`MarkedPolyomino`] is one piece by construction, so every one is a plane shape.
    ///
    /// ```
    /// use grid_games::planes::PlaneType;
    /// use grid_games::polyomino::MarkedPolyomino;
    /// let shape: MarkedPolyomino = "@\n#\n#".parse().expect("a drawing with one head (`@`)");
    /// assert_eq!(PlaneType::new("stick", shape).size(), 3);
    /// ```
    pub fn new(name: impl Into<String>, shape: MarkedPolyomino) -> PlaneType {
        PlaneType {
            name: name.into(),
            shape,
        }
    }

    /// A plane type drawn with `H` (head), `B` (body) and `.` (nothing), rows separated by
    /// newlines, nose up.
    ///
    /// # Errors
    /// [`PlanesError::BadPlaneType`] for a malformed or disconnected drawing.
    ///
    /// ```
    /// use grid_games::planes::{PlaneType, PlanesError};
    /// assert!(PlaneType::parse("jet", ".H.\nBBB\n.B.\nBBB").is_ok());
    /// assert!(matches!(PlaneType::parse("split", "H.B"), Err(PlanesError::BadPlaneType { .. })));
    /// ```
    pub fn parse(name: impl Into<String>, art: &str) -> Result<PlaneType, PlanesError> {
        let name = name.into();
        let shape = match MarkedPolyomino::parse_with(art, 'B', '.', 'H') {
            Ok(shape) => shape,
            Err(e) => {
                return Err(PlanesError::BadPlaneType { name, problem: e });
            }
        };
        Ok(PlaneType::new(name, shape))
    }

    /// The type's name.
    ///
    /// ```
    /// use grid_games::planes::Catalogue;
    /// let catalogue = Catalogue::standard();
    /// let names: Vec<&str> = catalogue.types().iter().map(|t| t.name()).collect();
    /// assert_eq!(names, ["classic", "jet", "glider", "bomber", "delta", "drone"]);
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The shape in direction 0 with the head marked.
    ///
    /// ```
    /// use grid_games::planes::PlaneType;
    /// let t = PlaneType::parse("tee", ".H.\nBBB")?;
    /// assert_eq!(t.shape().shape().size(), 4);
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
    pub fn shape(&self) -> &MarkedPolyomino {
        &self.shape
    }

    /// Number of cells.
    ///
    /// ```
    /// use grid_games::planes::Catalogue;
    /// assert_eq!(Catalogue::standard().types()[0].size(), 10);
    /// ```
    pub fn size(&self) -> usize {
        self.shape.shape().size()
    }
}

/// The plane types of a game, indexed by kind.
///
/// ```
/// use grid_games::planes::{Catalogue, Geometry, PlaneType};
/// // A game with one custom plane type on a 10 × 10 sheet.
/// let catalogue = Catalogue::new(vec![PlaneType::parse("tee", ".H.\nBBB")?])?;
/// let geometry = Geometry::new(10, catalogue)?;
/// assert_eq!(geometry.placements(0b1).len(), 4 * 8 * 9);
/// # Ok::<(), grid_games::planes::PlanesError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalogue {
    types: Vec<PlaneType>,
}

impl Catalogue {
    /// A catalogue of up to 8 types (masks are bytes).
    ///
    /// # Errors
    /// [`PlanesError::CatalogueSize`] for no type or more than 8.
    ///
    /// ```
    /// use grid_games::planes::{Catalogue, PlanesError};
    /// assert!(matches!(Catalogue::new(Vec::new()), Err(PlanesError::CatalogueSize(0))));
    /// ```
    pub fn new(types: Vec<PlaneType>) -> Result<Catalogue, PlanesError> {
        if types.is_empty() || types.len() > 8 {
            return Err(PlanesError::CatalogueSize(types.len()));
        }
        Ok(Catalogue { types })
    }

    /// The default catalogue (our own drawings: the original contest's pictures are lost). Kind 0 is the classic paper-game
    /// plane:
    ///
    /// ```text
    /// kind 0 classic (10)  1 jet (8)  2 glider (9)  3 bomber (11)  4 delta (9)  5 drone (5)
    /// ..H..                .H.        ...H...       ..H..          ..H..        .H.
    /// BBBBB                BBB        BBBBBBB       ..B..          .BBB.        BBB
    /// ..B..                .B.        ...B...       BBBBB          BBBBB        .B.
    /// .BBB.                BBB                      ..B..
    ///                                               .BBB.
    /// ```
    pub fn standard() -> Catalogue {
        let arts = [
            ("classic", "..H..\nBBBBB\n..B..\n.BBB."),
            ("jet", ".H.\nBBB\n.B.\nBBB"),
            ("glider", "...H...\nBBBBBBB\n...B..."),
            ("bomber", "..H..\n..B..\nBBBBB\n..B..\n.BBB."),
            ("delta", "..H..\n.BBB.\nBBBBB"),
            ("drone", ".H.\nBBB\n.B."),
        ];
        let types = arts
            .iter()
            .map(|(n, a)| PlaneType::parse(*n, a).expect("the standard catalogue is valid"))
            .collect();
        Catalogue { types }
    }

    /// The types, by kind.
    ///
    /// ```
    /// use grid_games::planes::Catalogue;
    /// assert_eq!(Catalogue::standard().types().len(), 6);
    /// ```
    pub fn types(&self) -> &[PlaneType] {
        &self.types
    }

    /// Number of kinds.
    ///
    /// ```
    /// use grid_games::planes::Catalogue;
    /// assert_eq!(Catalogue::standard().len(), 6);
    /// ```
    pub fn len(&self) -> usize {
        self.types.len()
    }

    /// Always false (a catalogue has at least one type).
    ///
    /// ```
    /// use grid_games::planes::Catalogue;
    /// assert!(!Catalogue::standard().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }
}

/// One subtask (test point) of the original contest: how many games, which kinds each plane may use.
///
/// ```
/// use grid_games::planes::SUBTASKS;
/// let first = SUBTASKS[0];
/// assert_eq!((first.id, first.games, first.masks), (1, 20, [0b1; 3])); // classic planes only
/// let total: f64 = SUBTASKS.iter().map(|s| s.weight).sum();
/// assert_eq!(total, 100.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Subtask {
    /// 1-based id.
    pub id: u8,
    /// Games per test point (each player moves first in half of them).
    pub games: usize,
    /// `masks[i]` bit j set: plane i may be of kind j.
    pub masks: [u8; 3],
    /// Points for the test point.
    pub weight: f64,
}

/// The original contest's subtask table.
pub const SUBTASKS: [Subtask; 5] = [
    Subtask {
        id: 1,
        games: 20,
        masks: [0b1, 0b1, 0b1],
        weight: 10.0,
    },
    Subtask {
        id: 2,
        games: 20,
        masks: [0b10, 0b10, 0b10],
        weight: 30.0,
    },
    Subtask {
        id: 3,
        games: 20,
        masks: [0b1100, 0b1100, 0b1100],
        weight: 35.0,
    },
    Subtask {
        id: 4,
        games: 20,
        masks: [0b100011, 0b11100, 0b11100],
        weight: 20.0,
    },
    Subtask {
        id: 5,
        games: 20,
        masks: [0b100000, 0b100000, 0b100000],
        weight: 5.0,
    },
];

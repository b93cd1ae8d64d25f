//! The main demonstration of the polyomino crate family.
//!
//! ```text
//! cargo run --release -p family-demo
//! ```
//!
//! It grows as crates land; today it shows `polyomino`: enumeration, symmetries, arbitrary-angle
//! rotation and placements.

use polyomino::{Board, Equivalence, MarkedPolyomino, Polyomino, enumerate};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("== polyomino: counting (Redelmeier + Burnside) ==");
    println!(
        "{:>3} {:>12} {:>12} {:>12}",
        "n", "fixed", "one-sided", "free"
    );
    for c in enumerate::counts_up_to(12)? {
        println!(
            "{:>3} {:>12} {:>12} {:>12}",
            c.size, c.fixed, c.one_sided, c.free
        );
    }

    println!("\n== the 12 free pentominoes, with their number of orientations ==");
    let pentominoes: Vec<Polyomino> = enumerate::free(5)?.collect();
    print_side_by_side(&pentominoes);

    println!("\n== a marked shape turned by arbitrary angles (pivot @) ==");
    let plane = MarkedPolyomino::parse("..@..\n#####\n..#..\n.###.")?;
    for deg in [0.0, 90.0, 30.0] {
        println!("{deg}°:\n{}\n", plane.rotate(deg)?);
    }

    println!("== placements ==");
    let board = Board::new(6, 10)?;
    let all = board.placements_of(&pentominoes, Equivalence::Free);
    println!(
        "{} placements of the 12 pentominoes on an empty 6×10 board",
        all.len()
    );
    let holed = Board::parse(
        "........\n........\n........\n...##...\n...##...\n........\n........\n........",
    )?;
    let all = holed.placements_of(&pentominoes, Equivalence::Free);
    println!(
        "{} placements on the 8×8 board with its centre removed:\n{holed}",
        all.len()
    );
    Ok(())
}

/// Prints shapes in a row, each annotated with its number of free orientations.
fn print_side_by_side(shapes: &[Polyomino]) {
    let arts: Vec<Vec<String>> = shapes
        .iter()
        .map(|p| p.to_string().lines().map(str::to_string).collect())
        .collect();
    let height = arts.iter().map(Vec::len).max().unwrap_or(0);
    for r in 0..height {
        let line: Vec<String> = arts
            .iter()
            .map(|a| {
                format!(
                    "{:<6}",
                    a.get(r).map_or(String::new(), |s| s.replace('.', " "))
                )
            })
            .collect();
        println!("{}", line.join("").trim_end());
    }
    let counts: Vec<String> = shapes
        .iter()
        .map(|p| format!("{:<6}", p.orientations(Equivalence::Free).len()))
        .collect();
    println!("{}", counts.join("").trim_end());
}

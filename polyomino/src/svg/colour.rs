//! [`Rgb`]: the colours of the family's pictures.

use core::fmt;
use core::str::FromStr;

use crate::SvgError;

/// An sRGB colour, written `#rrggbb`.
///
/// ```
/// use polyomino::svg::Rgb;
/// let c: Rgb = "#1F77b4".parse()?;
/// assert_eq!(c, Rgb::new(0x1f, 0x77, 0xb4));
/// assert_eq!(c, Rgb::hex(0x1f77b4));
/// assert_eq!(c.to_string(), "#1f77b4");
/// assert_eq!("#abc".parse::<Rgb>()?, Rgb::hex(0xaabbcc));
/// assert!("red".parse::<Rgb>().is_err());
/// # Ok::<(), polyomino::SvgError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb {
    /// Red, 0–255.
    pub r: u8,
    /// Green, 0–255.
    pub g: u8,
    /// Blue, 0–255.
    pub b: u8,
}

impl Rgb {
    /// Black.
    pub const BLACK: Rgb = Rgb::hex(0x000000);
    /// White.
    pub const WHITE: Rgb = Rgb::hex(0xffffff);

    /// The colour with these channels.
    ///
    /// ```
    /// use polyomino::svg::Rgb;
    /// assert_eq!(Rgb::new(255, 0, 0).to_string(), "#ff0000");
    /// ```
    pub const fn new(r: u8, g: u8, b: u8) -> Rgb {
        Rgb { r, g, b }
    }

    /// The colour `0xRRGGBB` (bits above the low 24 are ignored).
    ///
    /// ```
    /// use polyomino::svg::Rgb;
    /// assert_eq!(Rgb::hex(0x00ff00), Rgb::new(0, 255, 0));
    /// ```
    pub const fn hex(rgb: u32) -> Rgb {
        Rgb::new((rgb >> 16) as u8, (rgb >> 8) as u8, rgb as u8)
    }

    /// This colour mixed with `other`: `t = 0` keeps it, `t = 1` gives `other` (clamped).
    ///
    /// ```
    /// use polyomino::svg::Rgb;
    /// assert_eq!(Rgb::BLACK.mix(Rgb::WHITE, 0.5), Rgb::hex(0x808080));
    /// ```
    #[must_use]
    pub fn mix(self, other: Rgb, t: f64) -> Rgb {
        let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
        let ch = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
        Rgb::new(
            ch(self.r, other.r),
            ch(self.g, other.g),
            ch(self.b, other.b),
        )
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

impl FromStr for Rgb {
    type Err = SvgError;

    /// Reads `#rrggbb` or `#rgb` (hex digits in either case).
    fn from_str(s: &str) -> Result<Rgb, SvgError> {
        let bad = || SvgError::BadColour(s.to_string());
        let digits = s.strip_prefix('#').ok_or_else(bad)?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad());
        }
        let v = u32::from_str_radix(digits, 16).map_err(|_| bad())?;
        match digits.len() {
            6 => Ok(Rgb::hex(v)),
            3 => {
                let ch = |k: u32| ((v >> (4 * k)) & 0xf) as u8 * 17;
                Ok(Rgb::new(ch(2), ch(1), ch(0)))
            }
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_parse_strictly() {
        for bad in [
            "", "#", "#12", "#12345", "#1234567", "#ggg", "123456", "#+12345",
        ] {
            assert!(bad.parse::<Rgb>().is_err(), "{bad}");
        }
        assert_eq!("#000".parse::<Rgb>(), Ok(Rgb::BLACK));
    }
}

//! SVG to PNG with resvg, its text set in the Go font bundled with grundy
//! (assets/fonts/): no system font is read, so a PNG is the same on every machine and has
//! its text where no fonts are installed.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb};

use super::PictureError;

const FONT: &[u8] = include_bytes!("../../assets/fonts/Go-Regular.ttf");
/// The bundled font's family name.
const FAMILY: &str = "Go";
/// Pixels per SVG unit: twice, so that text stays sharp on today's screens.
const SCALE: f32 = 2.0;
/// A PNG's width or height at most, in pixels, lest a picture of hundreds of games ask for
/// gigabytes: a larger one is scaled down to fit.
const MAX_SIDE: f32 = 8192.0;

fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut fonts = fontdb::Database::new();
            fonts.load_font_data(FONT.to_vec());
            // Every generic family is the one font there is.
            fonts.set_sans_serif_family(FAMILY);
            fonts.set_serif_family(FAMILY);
            fonts.set_monospace_family(FAMILY);
            fonts.set_cursive_family(FAMILY);
            fonts.set_fantasy_family(FAMILY);
            Arc::new(fonts)
        })
        .clone()
}

/// Bytes a pixel takes while a PNG is made: the pixels, drawn, then copied to be encoded,
/// and the encoding itself (at most about as large again).
const BYTES_A_PIXEL: u64 = 3 * 4;

/// An SVG read and sized, ready to be drawn as a PNG.
pub struct Image {
    tree: usvg::Tree,
    scale: f32,
    width: u32,
    height: u32,
}

/// The SVG read, to be drawn at twice its size (less if that would be too large).
pub fn raster(svg: &str) -> Result<Image, PictureError> {
    let options = usvg::Options {
        fontdb: fonts(),
        font_family: FAMILY.to_owned(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| PictureError(e.to_string()))?;
    let size = tree.size();
    let scale = SCALE
        .min(MAX_SIDE / size.width())
        .min(MAX_SIDE / size.height());
    let width = ((size.width() * scale).ceil() as u32).max(1);
    let height = ((size.height() * scale).ceil() as u32).max(1);
    Ok(Image {
        tree,
        scale,
        width,
        height,
    })
}

impl Image {
    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// The memory drawing it takes, at most.
    pub fn bytes_needed(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height) * BYTES_A_PIXEL
    }

    /// The picture drawn, as the bytes of a PNG file.
    pub fn png(self) -> Result<Vec<u8>, PictureError> {
        let (width, height) = (self.width, self.height);
        let mut pixmap = Pixmap::new(width, height)
            .ok_or_else(|| PictureError(format!("a picture of {width} × {height} pixels")))?;
        pixmap.fill(resvg::tiny_skia::Color::WHITE);
        resvg::render(
            &self.tree,
            Transform::from_scale(self.scale, self.scale),
            &mut pixmap.as_mut(),
        );
        pixmap.encode_png().map_err(|e| PictureError(e.to_string()))
    }
}

/// The SVG drawn as a PNG, at twice its size (less if that would be too large).
pub fn png(svg: &str) -> Result<Vec<u8>, PictureError> {
    raster(svg)?.png()
}

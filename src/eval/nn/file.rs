//! The net file: how a [`Network`] is stored (`protocol/net-format.md`).
//!
//! Little-endian throughout: the magic `NCBGNET1`, then `u32` version,
//! feature set (1, 2 or 3, [`FeatureSet`]), inputs, hidden units, (version 2
//! only) the second hidden layer's units, and outputs; then the `f32`
//! weights (first layer input-major, its biases; version 2: the second
//! layer unit-major, its biases; the output layer output-major, its
//! biases); last, a `u64` FNV-1a hash of every byte before it. A net of one
//! hidden layer is written as version 1, one of two as version 2.

use super::features::FeatureSet;
use super::{Network, SecondLayer, OUTPUTS};
use std::fmt;

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"NCBGNET1";
/// The format version of a net of one hidden layer.
pub const VERSION: u32 = 1;
/// The format version of a net of two hidden layers.
pub const VERSION_TWO_LAYERS: u32 = 2;
/// The most hidden units a file may declare.
pub const MAX_HIDDEN: usize = 512;
/// The most units of a second hidden layer.
pub const MAX_SECOND: usize = 128;
const HEADER: usize = 8 + 5 * 4;
const HEADER_TWO_LAYERS: usize = 8 + 6 * 4;
/// The longest net file: version 2 of the largest shape (set 3's
/// inputs, [`MAX_HIDDEN`] and [`MAX_SECOND`] units). [`load`] reads no
/// more than this and one byte, so that a path to an endless file
/// (`/dev/zero`) is refused, not read until memory runs out.
pub const MAX_FILE_LEN: usize = HEADER_TWO_LAYERS
    + 4 * (FeatureSet::Context.inputs() * MAX_HIDDEN
        + MAX_HIDDEN
        + MAX_SECOND * MAX_HIDDEN
        + MAX_SECOND
        + OUTPUTS * MAX_SECOND
        + OUTPUTS)
    + 8;

/// Why bytes are not a net this engine can use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// Shorter than its header says.
    Truncated { expected: usize, found: usize },
    /// Longer than its header says.
    TrailingBytes { expected: usize, found: usize },
    /// Not a net file.
    BadMagic,
    /// A format version this engine does not read.
    Version(u32),
    /// An input layout this engine does not compute.
    FeatureSet(u32),
    /// Layer sizes this engine cannot use (`needs`: the inputs of the
    /// file's feature set; `second`: the second hidden layer's units,
    /// `None` for version 1).
    Shape {
        inputs: u32,
        hidden: u32,
        second: Option<u32>,
        outputs: u32,
        needs: u32,
    },
    /// The content does not match its checksum.
    Checksum,
    /// A weight is NaN or infinite.
    NotFinite,
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Truncated { expected, found } => write!(
                f,
                "truncated net file: {found} bytes, its header needs {expected}"
            ),
            NetError::TrailingBytes { expected, found } => write!(
                f,
                "net file too long: {found} bytes, its header needs {expected}"
            ),
            NetError::BadMagic => write!(f, "not an ncbg net file (no NCBGNET1 magic)"),
            NetError::Version(v) => write!(f, "net file version {v}, this engine reads 1 and 2"),
            NetError::FeatureSet(v) => {
                write!(f, "net file for feature set {v}, this engine computes 1, 2 and 3")
            }
            NetError::Shape {
                inputs,
                hidden,
                second: None,
                outputs,
                needs,
            } => write!(
                f,
                "net shape {inputs}x{hidden}x{outputs}, its feature set needs {needs}xHx{OUTPUTS} with 1 <= H <= {MAX_HIDDEN}"
            ),
            NetError::Shape {
                inputs,
                hidden,
                second: Some(second),
                outputs,
                needs,
            } => write!(
                f,
                "net shape {inputs}x{hidden}x{second}x{outputs}, its feature set needs {needs}xHxH2x{OUTPUTS} with 1 <= H <= {MAX_HIDDEN} and 1 <= H2 <= {MAX_SECOND}"
            ),
            NetError::Checksum => write!(f, "net file checksum mismatch (corrupted)"),
            NetError::NotFinite => write!(f, "net file holds a NaN or infinite weight"),
        }
    }
}

impl std::error::Error for NetError {}

/// FNV-1a, 64 bits.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
}

/// Reads the net file at `path`. The error is the reason alone (the file
/// cannot be read, or [`read`]'s error); callers name the file their way.
pub fn load(path: &std::path::Path) -> Result<Network, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_LEN as u64 + 1).read_to_end(&mut bytes))
        .map_err(|e| e.to_string())?;
    if bytes.len() > MAX_FILE_LEN {
        return Err(format!(
            "longer than any net file (at most {MAX_FILE_LEN} bytes)"
        ));
    }
    read(&bytes).map_err(|e| e.to_string())
}

/// Reads a net from its file's bytes.
pub fn read(bytes: &[u8]) -> Result<Network, NetError> {
    if bytes.len() < HEADER {
        if bytes.len() >= 8 && &bytes[..8] != MAGIC {
            return Err(NetError::BadMagic);
        }
        return Err(NetError::Truncated {
            expected: HEADER,
            found: bytes.len(),
        });
    }
    if &bytes[..8] != MAGIC {
        return Err(NetError::BadMagic);
    }
    let version = u32_at(bytes, 8);
    let header = match version {
        VERSION => HEADER,
        VERSION_TWO_LAYERS => HEADER_TWO_LAYERS,
        _ => return Err(NetError::Version(version)),
    };
    if bytes.len() < header {
        return Err(NetError::Truncated {
            expected: header,
            found: bytes.len(),
        });
    }
    let feature_set = u32_at(bytes, 12);
    let Some(set) = FeatureSet::from_id(feature_set) else {
        return Err(NetError::FeatureSet(feature_set));
    };
    let (inputs, hidden) = (u32_at(bytes, 16), u32_at(bytes, 20));
    let (second, outputs) = if version == VERSION {
        (None, u32_at(bytes, 24))
    } else {
        (Some(u32_at(bytes, 24)), u32_at(bytes, 28))
    };
    if inputs as usize != set.inputs()
        || outputs as usize != OUTPUTS
        || hidden == 0
        || hidden as usize > MAX_HIDDEN
        || second.is_some_and(|h2| h2 == 0 || h2 as usize > MAX_SECOND)
    {
        return Err(NetError::Shape {
            inputs,
            hidden,
            second,
            outputs,
            needs: set.inputs() as u32,
        });
    }
    let (h, h2) = (hidden as usize, second.unwrap_or(0) as usize);
    let last = if h2 == 0 { h } else { h2 };
    let floats = set.inputs() * h + h + h2 * h + h2 + OUTPUTS * last + OUTPUTS;
    let expected = header + 4 * floats + 8;
    if bytes.len() < expected {
        return Err(NetError::Truncated {
            expected,
            found: bytes.len(),
        });
    }
    if bytes.len() > expected {
        return Err(NetError::TrailingBytes {
            expected,
            found: bytes.len(),
        });
    }
    let sum = u64::from_le_bytes(bytes[expected - 8..].try_into().expect("8 bytes"));
    if fnv1a(&bytes[..expected - 8]) != sum {
        return Err(NetError::Checksum);
    }
    let mut values = bytes[header..expected - 8]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")));
    let mut take = |n: usize| values.by_ref().take(n).collect::<Vec<f32>>();
    let w1 = take(set.inputs() * h);
    let b1 = take(h);
    let (ws, bs) = (take(h2 * h), take(h2));
    let w2 = take(OUTPUTS * last);
    let b2 = take(OUTPUTS);
    if [&w1, &b1, &ws, &bs, &w2, &b2]
        .iter()
        .any(|v| v.iter().any(|x| !x.is_finite()))
    {
        return Err(NetError::NotFinite);
    }
    let second = (h2 > 0).then_some(SecondLayer {
        units: h2,
        w: ws,
        b: bs,
    });
    Ok(Network::from_layers(set, h, w1, b1, second, w2, b2).expect("sizes checked above"))
}

/// The file's bytes for `net`: version 1 for one hidden layer, 2 for two.
pub fn write(net: &Network) -> Vec<u8> {
    let (w1, b1, w2, b2) = net.parts();
    let second = net.second_layer();
    let (ws, bs): (&[f32], &[f32]) = second.map_or((&[], &[]), |l| (&l.w, &l.b));
    let mut out = Vec::with_capacity(
        HEADER_TWO_LAYERS + 4 * (w1.len() + b1.len() + ws.len() + bs.len() + w2.len() + 5) + 8,
    );
    out.extend_from_slice(MAGIC);
    let mut header = vec![
        if second.is_some() {
            VERSION_TWO_LAYERS
        } else {
            VERSION
        },
        net.features().id(),
        net.features().inputs() as u32,
        net.hidden() as u32,
    ];
    if let Some(l) = second {
        header.push(l.units as u32);
    }
    header.push(OUTPUTS as u32);
    for v in header {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for x in w1.iter().chain(b1).chain(ws).chain(bs).chain(w2).chain(b2) {
        out.extend_from_slice(&x.to_le_bytes());
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

//! The nets' files (save, load, id) and the check games against the
//! handcrafted evaluation.

use crate::arena;
use ncbg::eval::nn::{file, Network, NnEval};
use ncbg::eval::Handcrafted;
use std::path::Path;
use std::sync::Arc;

pub fn save(net: &Network, path: &Path) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, file::write(net)).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

pub fn load(path: &Path) -> Result<Network, String> {
    file::load(path).map_err(|e| format!("{}: {e}", path.display()))
}

pub fn check_vs_classic(net: &Network, jobs: usize) -> arena::Score {
    let net = Arc::new(net.clone());
    let make_nn = move || -> Box<dyn ncbg::eval::Evaluator> { Box::new(NnEval::new(net.clone())) };
    let make_classic = || -> Box<dyn ncbg::eval::Evaluator> { Box::new(Handcrafted::default()) };
    arena::match_60(&make_nn, &make_classic, 1, jobs)
}

pub fn net_id(net: &Network) -> String {
    format!("{:016x}", file::fnv1a(&file::write(net)))
}

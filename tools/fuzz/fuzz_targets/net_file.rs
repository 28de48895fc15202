//! The net file reader (`ncbg::eval::nn::file::read`, what `EvalFile` and
//! `ncbg analyze --net` load) and the evaluation with what it reads.
//!
//! The first byte picks the mode. Even: the rest of the input is the
//! file. Odd: the input describes a net (version 1 or 2, feature set 1,
//! 2 or 3, up to 8 and 4 hidden units, weights as raw `f32` bits from the
//! input, any of them possibly huge, NaN or infinite) that the harness
//! writes with a correct header and checksum, so that the reader's later
//! checks and the evaluation are reached.
//!
//! Asserted: no panic; a file that reads is written back byte for byte
//! (`file::write`); a well-formed file reads exactly when all its weights
//! are finite (else `NotFinite`); a net that reads evaluates every state
//! (grown from the input) to consistent chances and, through `NnEval`, to
//! a value strictly between -3000 and 3000 off multiples of 1000.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ncbg::eval::nn::file::{self, NetError};
use ncbg::eval::nn::{FeatureSet, Network, OUTPUTS};
use ncbg::eval::{Evaluator, NnEval};
use ncbg::game::GameState;
use ncbg_fuzz::{check_eval_value, game_from, Bytes};
use std::sync::Arc;

fn check_net(net: Network, states: &[GameState]) {
    let net = Arc::new(net);
    let eval = NnEval::file_or_embedded(Some(net.clone()));
    for s in states {
        if s.is_over() {
            continue;
        }
        let p = net.probabilities(s);
        assert!(p.is_consistent(), "inconsistent chances {p:?}");
        check_eval_value(eval.evaluate(s));
        let _ = eval.terms(s);
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let mode = b.byte();
    let states: Vec<GameState> = {
        let mut seeds = Bytes(b.rest());
        (0..3).map(|_| game_from(&mut seeds)).collect()
    };
    if mode % 2 == 0 {
        let bytes = b.rest();
        if let Ok(net) = file::read(bytes) {
            assert_eq!(
                file::write(&net),
                bytes,
                "a net read is not written back the same"
            );
            check_net(net, &states);
        }
        return;
    }
    let two = mode & 2 != 0;
    let set = match (mode & 4 != 0, mode & 16 != 0) {
        (_, true) => FeatureSet::Context,
        (true, false) => FeatureSet::Contact,
        (false, false) => FeatureSet::Board,
    };
    let h = 1 + usize::from(b.byte() % 8);
    let h2 = if two {
        1 + usize::from(b.byte() % 4)
    } else {
        0
    };
    let last = if two { h2 } else { h };
    let floats = set.inputs() * h + h + h2 * h + h2 + OUTPUTS * last + OUTPUTS;
    // The weights: the input's bytes as f32 bits, cycled; mostly small
    // values (the high byte masked) unless the mode asks for raw bits.
    let raw = mode & 8 != 0;
    let source = b.rest();
    let mut weights = Vec::with_capacity(floats);
    for i in 0..floats {
        let at = |j: usize| {
            source
                .get((4 * i + j) % source.len().max(1))
                .copied()
                .unwrap_or(0)
        };
        let mut bits = [at(0), at(1), at(2), at(3)];
        if !raw {
            bits[3] &= 0xBF; // exponent below 2^1: |w| < 4
        }
        weights.push(f32::from_le_bytes(bits));
    }
    let mut bytes = file::MAGIC.to_vec();
    let version = if two {
        file::VERSION_TWO_LAYERS
    } else {
        file::VERSION
    };
    let mut header = vec![version, set.id(), set.inputs() as u32, h as u32];
    if two {
        header.push(h2 as u32);
    }
    header.push(OUTPUTS as u32);
    for v in header {
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    for w in &weights {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    let sum = file::fnv1a(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    let finite = weights.iter().all(|w| w.is_finite());
    match file::read(&bytes) {
        Ok(net) => {
            assert!(finite, "a net with a non-finite weight was read");
            assert_eq!(file::write(&net), bytes);
            check_net(net, &states);
        }
        Err(e) => {
            assert!(!finite, "a well-formed net is refused: {e}");
            assert_eq!(e, NetError::NotFinite);
        }
    }
});

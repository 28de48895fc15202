//! The trainer's own copy of the network: dense forward and backward passes
//! and the Adam optimizer, over the same layers and layout as
//! [`ncbg::eval::nn::Network`] (which is the engine's inference).
//!
//! The forward pass here is written independently of the engine's (dense
//! inputs, `f64` sums), so that a test can hold the two against each other.

use ncbg::eval::nn::features::Features;
use ncbg::eval::nn::{FeatureSet, Network, SecondLayer, OUTPUTS};
use ncbg::rng::Rng;

/// Weights being trained, with Adam's moments.
pub struct Mlp {
    /// The inputs the net reads.
    pub features: FeatureSet,
    pub hidden: usize,
    /// `w1[i * hidden + j]`: input `i` to hidden unit `j`.
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    /// The second hidden layer, where the net has one (`w[k * hidden + j]`:
    /// first-layer unit `j` to unit `k`).
    pub second: Option<SecondLayer>,
    /// `w2[o * n + j]`: unit `j` of the last hidden layer (`n` units) to
    /// output `o`.
    pub w2: Vec<f32>,
    pub b2: Vec<f32>,
    /// Weight of the consistency term (0: none): each bound the five
    /// outputs break ([`violations`]) adds this times the excess to the
    /// loss, so that the net learns chances that need no cutting.
    pub consistency: f32,
    /// With `Some(i)`, a step trains only the first-layer weights of the
    /// inputs from `i` on and leaves every other weight as it is: with
    /// [`CONTEXT`](ncbg::eval::nn::features::CONTEXT) (`--context-only`), the weights of feature set 3's
    /// context inputs alone, so that the net's values on the states of the
    /// standard game, where those inputs are 0, stay its parent's to the
    /// last bit.
    pub train_inputs_from: Option<usize>,
    adam: Adam,
}

/// What one sample asks of the outputs.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// Probabilities the five outputs should give (cross-entropy).
    pub probabilities: [f32; OUTPUTS],
    /// Weight of the cross-entropy part.
    pub probability_weight: f32,
    /// Which outputs the cross-entropy teaches, each's weight times
    /// `probability_weight` ([`ALL_OUTPUTS`], or [`WIN_OUTPUT`] to leave the
    /// gammon and backgammon outputs to the equity part).
    pub probability_outputs: [f32; OUTPUTS],
    /// Expected points the outputs' equity should give (squared error).
    pub equity: f32,
    /// Weight of the equity part.
    pub equity_weight: f32,
}

/// Every output taught by the cross-entropy.
pub const ALL_OUTPUTS: [f32; OUTPUTS] = [1.0; OUTPUTS];

/// The win output alone taught by the cross-entropy.
pub const WIN_OUTPUT: [f32; OUTPUTS] = [1.0, 0.0, 0.0, 0.0, 0.0];

/// d equity / d output, for outputs in file order.
const EQUITY_SLOPE: [f32; OUTPUTS] = [2.0, 1.0, 1.0, -1.0, -1.0];

fn gaussian(rng: &mut Rng) -> f32 {
    // Box-Muller.
    let u1 = rng.unit();
    let u2 = rng.unit();
    ((-2.0 * (u1 + 1e-300).ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos()) as f32
}

/// The dense reference forward pass: the last hidden layer's activations
/// and the outputs. `second` is the second hidden layer, where the net has
/// one; `w2` and `b2` the output layer over the last hidden layer.
pub fn forward_dense(
    hidden: usize,
    w1: &[f32],
    b1: &[f32],
    second: Option<&SecondLayer>,
    w2: &[f32],
    b2: &[f32],
    x: &[f32],
) -> (Vec<f32>, [f32; OUTPUTS]) {
    let mut h = vec![0.0f32; hidden];
    for (j, hj) in h.iter_mut().enumerate() {
        let mut s = f64::from(b1[j]);
        for (i, &xi) in x.iter().enumerate() {
            if xi != 0.0 {
                s += f64::from(xi) * f64::from(w1[i * hidden + j]);
            }
        }
        *hj = (s as f32).max(0.0);
    }
    if let Some(l) = second {
        h = (0..l.units)
            .map(|k| {
                let mut s = f64::from(l.b[k]);
                for (j, &hj) in h.iter().enumerate() {
                    s += f64::from(hj) * f64::from(l.w[k * hidden + j]);
                }
                (s as f32).max(0.0)
            })
            .collect();
    }
    let n = h.len();
    let mut out = [0.0f32; OUTPUTS];
    for (o, out) in out.iter_mut().enumerate() {
        let mut s = f64::from(b2[o]);
        for (j, &hj) in h.iter().enumerate() {
            s += f64::from(hj) * f64::from(w2[o * n + j]);
        }
        *out = (1.0 / (1.0 + (-s).exp())) as f32;
    }
    (h, out)
}

impl Mlp {
    /// Fresh weights: He-scaled first layer (for ~40 active inputs), small
    /// second layer, gammon outputs starting near 0.1.
    pub fn new(features: FeatureSet, hidden: usize, seed: u64) -> Mlp {
        let mut rng = Rng::new(seed);
        let s1 = (2.0f32 / 40.0).sqrt();
        let w1 = (0..features.inputs() * hidden)
            .map(|_| gaussian(&mut rng) * s1)
            .collect();
        let w2 = (0..OUTPUTS * hidden)
            .map(|_| gaussian(&mut rng) * 0.05)
            .collect();
        let b2 = vec![0.0, -2.0, -4.0, -2.0, -4.0];
        Mlp::from_parts(features, hidden, w1, vec![0.0; hidden], None, w2, b2)
    }

    fn from_parts(
        features: FeatureSet,
        hidden: usize,
        w1: Vec<f32>,
        b1: Vec<f32>,
        second: Option<SecondLayer>,
        w2: Vec<f32>,
        b2: Vec<f32>,
    ) -> Mlp {
        let n = w1.len()
            + b1.len()
            + second.as_ref().map_or(0, |l| l.w.len() + l.b.len())
            + w2.len()
            + b2.len();
        Mlp {
            features,
            hidden,
            w1,
            b1,
            second,
            w2,
            b2,
            consistency: 0.0,
            train_inputs_from: None,
            adam: Adam::new(n),
        }
    }

    /// Training continues from an existing net (fresh optimizer moments).
    pub fn from_network(net: &Network) -> Mlp {
        let (w1, b1, w2, b2) = net.parts();
        Mlp::from_parts(
            net.features(),
            net.hidden(),
            w1.to_vec(),
            b1.to_vec(),
            net.second_layer().cloned(),
            w2.to_vec(),
            b2.to_vec(),
        )
    }

    /// A net of two hidden layers from `net`, one of one: its first layer
    /// kept, a fresh second layer of `units` ReLU units (He-scaled, biases
    /// 0.1 so that they start active) and a fresh output layer over them
    /// (small weights, `net`'s output biases). Its outputs are not `net`'s:
    /// training on the data `net` learned from gives the new layers their
    /// part, while the first layer keeps the features `net` found.
    pub fn deepen(net: &Network, units: usize, seed: u64) -> Result<Mlp, String> {
        use ncbg::eval::nn::file::MAX_SECOND;
        if net.second_layer().is_some() {
            return Err("deepen: the net has two hidden layers already".into());
        }
        if !(1..=MAX_SECOND).contains(&units) {
            return Err(format!("deepen: --units {units}: 1..={MAX_SECOND}"));
        }
        let h = net.hidden();
        let mut rng = Rng::new(seed);
        let scale = (2.0 / h as f32).sqrt();
        let second = SecondLayer {
            units,
            w: (0..units * h).map(|_| gaussian(&mut rng) * scale).collect(),
            b: vec![0.1; units],
        };
        let w2 = (0..OUTPUTS * units)
            .map(|_| gaussian(&mut rng) * 0.05)
            .collect();
        let (w1, b1, _, b2) = net.parts();
        Ok(Mlp::from_parts(
            net.features(),
            h,
            w1.to_vec(),
            b1.to_vec(),
            Some(second),
            w2,
            b2.to_vec(),
        ))
    }

    /// The engine's network with these weights.
    pub fn to_network(&self) -> Network {
        Network::from_layers(
            self.features,
            self.hidden,
            self.w1.clone(),
            self.b1.clone(),
            self.second.clone(),
            self.w2.clone(),
            self.b2.clone(),
        )
        .expect("the trainer keeps the engine's shapes")
    }

    /// The trainer's inference (dense reference pass).
    pub fn outputs(&self, features: &Features) -> [f32; OUTPUTS] {
        forward_dense(
            self.hidden,
            &self.w1,
            &self.b1,
            self.second.as_ref(),
            &self.w2,
            &self.b2,
            &features.dense(),
        )
        .1
    }

    /// One optimizer step on a minibatch; returns the mean loss.
    pub fn step(&mut self, batch: &[(&Features, Target)], learning_rate: f32) -> f32 {
        let (loss, g) = self.gradients(batch);
        let scale = 1.0 / batch.len() as f32;
        if let Some(from) = self.train_inputs_from {
            let at = (from * self.hidden).min(self.w1.len());
            self.adam
                .update(at, &mut self.w1[at..], &g.w1[at..], scale, learning_rate);
            self.adam.t += 1;
            return loss;
        }
        let mut offset = 0;
        let (ws, bs): (&mut [f32], &mut [f32]) = match &mut self.second {
            Some(l) => (&mut l.w, &mut l.b),
            None => (&mut [], &mut []),
        };
        for (params, grads) in [
            (&mut self.w1[..], &g.w1),
            (&mut self.b1[..], &g.b1),
            (ws, &g.ws),
            (bs, &g.bs),
            (&mut self.w2[..], &g.w2),
            (&mut self.b2[..], &g.b2),
        ] {
            self.adam
                .update(offset, params, grads, scale, learning_rate);
            offset += params.len();
        }
        self.adam.t += 1;
        loss
    }

    /// The mean loss on a minibatch and the gradients of the summed loss
    /// (divide by the batch's size for the mean's), without a step.
    pub fn gradients(&self, batch: &[(&Features, Target)]) -> (f32, Gradients) {
        let h = self.hidden;
        let h2 = self.second.as_ref().map_or(0, |l| l.units);
        // Width of the last hidden layer, which the outputs read.
        let n = if h2 > 0 { h2 } else { h };
        let mut g_w1 = vec![0.0f32; self.w1.len()];
        let mut g_b1 = vec![0.0f32; h];
        let mut g_ws = vec![0.0f32; h2 * h];
        let mut g_bs = vec![0.0f32; h2];
        let mut g_w2 = vec![0.0f32; self.w2.len()];
        let mut g_b2 = vec![0.0f32; OUTPUTS];
        let mut loss = 0.0f32;
        let mut acc = vec![0.0f32; h];
        let mut act = vec![0.0f32; h];
        let mut sums2 = vec![0.0f32; h2];
        let mut g_h = vec![0.0f32; h];
        let mut g_last = vec![0.0f32; n];
        for (features, target) in batch {
            // Forward, sparse (the trainer's fast path; the dense pass is the
            // reference the tests compare with).
            acc.copy_from_slice(&self.b1);
            for (i, v) in features.active() {
                for (a, w) in acc.iter_mut().zip(&self.w1[i * h..(i + 1) * h]) {
                    *a += v * w;
                }
            }
            for (x, a) in act.iter_mut().zip(&acc) {
                *x = a.max(0.0);
            }
            if let Some(l) = &self.second {
                for (k, s) in sums2.iter_mut().enumerate() {
                    *s = l.b[k]
                        + act
                            .iter()
                            .zip(&l.w[k * h..(k + 1) * h])
                            .map(|(a, w)| a * w)
                            .sum::<f32>();
                }
            }
            // The last hidden layer's sums before ReLU.
            let last: &[f32] = if h2 > 0 { &sums2 } else { &acc };
            let mut p = [0.0f32; OUTPUTS];
            for (o, p) in p.iter_mut().enumerate() {
                let mut s = self.b2[o];
                for (a, w) in last.iter().zip(&self.w2[o * n..(o + 1) * n]) {
                    s += a.max(0.0) * w;
                }
                *p = 1.0 / (1.0 + (-s).exp());
            }
            // d loss / d logit per output.
            let equity: f32 = p.iter().zip(EQUITY_SLOPE).map(|(p, c)| p * c).sum::<f32>() - 1.0;
            let e_err = equity - target.equity;
            loss += target.equity_weight * e_err * e_err;
            let mut d = [0.0f32; OUTPUTS];
            for o in 0..OUTPUTS {
                let t = target.probabilities[o];
                let po = p[o].clamp(1e-6, 1.0 - 1e-6);
                let pw = target.probability_weight * target.probability_outputs[o];
                loss -= pw * (t * po.ln() + (1.0 - t) * (1.0 - po).ln());
                d[o] = pw * (p[o] - t)
                    + target.equity_weight * 2.0 * e_err * EQUITY_SLOPE[o] * p[o] * (1.0 - p[o]);
            }
            if self.consistency > 0.0 {
                let mut dp = [0.0f32; OUTPUTS];
                for (_, excess, slope) in violations(&p) {
                    loss += self.consistency * excess;
                    for o in 0..OUTPUTS {
                        dp[o] += self.consistency * slope[o];
                    }
                }
                for o in 0..OUTPUTS {
                    d[o] += dp[o] * p[o] * (1.0 - p[o]);
                }
            }
            // Backward: the output layer, into the last hidden layer's sums.
            g_last.iter_mut().for_each(|g| *g = 0.0);
            for o in 0..OUTPUTS {
                g_b2[o] += d[o];
                let row = o * n;
                for j in 0..n {
                    let a = last[j];
                    if a > 0.0 {
                        g_w2[row + j] += d[o] * a;
                        g_last[j] += d[o] * self.w2[row + j];
                    }
                }
            }
            // The second layer, into the first layer's sums.
            if let Some(l) = &self.second {
                g_h.iter_mut().for_each(|g| *g = 0.0);
                for (k, &gk) in g_last.iter().enumerate() {
                    if gk == 0.0 {
                        continue;
                    }
                    g_bs[k] += gk;
                    let row = k * h;
                    for j in 0..h {
                        g_ws[row + j] += gk * act[j];
                        g_h[j] += gk * l.w[row + j];
                    }
                }
                for (g, a) in g_h.iter_mut().zip(&acc) {
                    if *a <= 0.0 {
                        *g = 0.0;
                    }
                }
            } else {
                g_h.copy_from_slice(&g_last);
            }
            for (gb, gh) in g_b1.iter_mut().zip(&g_h) {
                *gb += gh;
            }
            for (i, v) in features.active() {
                for (g, gh) in g_w1[i * h..(i + 1) * h].iter_mut().zip(&g_h) {
                    *g += v * gh;
                }
            }
        }
        let grads = Gradients {
            w1: g_w1,
            b1: g_b1,
            ws: g_ws,
            bs: g_bs,
            w2: g_w2,
            b2: g_b2,
        };
        (loss * (1.0 / batch.len() as f32), grads)
    }
}

/// Gradients of a minibatch's summed loss, layer by layer as in [`Mlp`]
/// (`ws`, `bs`: the second hidden layer's, empty without one).
pub struct Gradients {
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    pub ws: Vec<f32>,
    pub bs: Vec<f32>,
    pub w2: Vec<f32>,
    pub b2: Vec<f32>,
}

/// The consistency bounds the outputs `p` (file order: win, win-gammon,
/// win-backgammon, lose-gammon, lose-backgammon) break, each as (excess,
/// d excess / d p): win-gammon <= win, win-backgammon <= win-gammon,
/// lose-gammon <= 1 - win, lose-backgammon <= lose-gammon (the bounds that
/// [`ncbg::eval::nn::Probabilities::consistent`] enforces at play).
pub fn violations(p: &[f32; OUTPUTS]) -> impl Iterator<Item = (usize, f32, [f32; OUTPUTS])> {
    [
        (p[1] - p[0], [-1.0, 1.0, 0.0, 0.0, 0.0]),
        (p[2] - p[1], [0.0, -1.0, 1.0, 0.0, 0.0]),
        (p[3] + p[0] - 1.0, [1.0, 0.0, 0.0, 1.0, 0.0]),
        (p[4] - p[3], [0.0, 0.0, 0.0, -1.0, 1.0]),
    ]
    .into_iter()
    .enumerate()
    .filter(|&(_, (excess, _))| excess > 0.0)
    .map(|(k, (excess, slope))| (k, excess, slope))
}

/// Adam (Kingma & Ba) over all parameters laid end to end.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    fn update(&mut self, offset: usize, params: &mut [f32], grads: &[f32], scale: f32, lr: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        let t = self.t + 1;
        let c1 = 1.0 - B1.powi(t);
        let c2 = 1.0 - B2.powi(t);
        let m = &mut self.m[offset..offset + params.len()];
        let v = &mut self.v[offset..offset + params.len()];
        for (((p, &g), m), v) in params.iter_mut().zip(grads).zip(m).zip(v) {
            let g = g * scale;
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *p -= lr * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
        }
    }
}

/// The five outcome targets of a finished game worth `points` (±1..3) to the
/// side whose view they take.
pub fn outcome_target(points: i32) -> [f32; OUTPUTS] {
    let b = |c: bool| if c { 1.0 } else { 0.0 };
    [
        b(points > 0),
        b(points >= 2),
        b(points >= 3),
        b(points <= -2),
        b(points <= -3),
    ]
}

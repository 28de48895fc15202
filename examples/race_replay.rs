//! Replays the games of a referee match file and prints, every N turns and
//! at the end, each side's checkers in the pool, on the bar and borne off,
//! its pips, the embedded net's value for X and the state's ID; with `SHOW`
//! set, the board too. A look at long games (the race's hitting wars, the
//! blockades drawn at the turn cap) before reading them move by move. Each
//! game ends with the largest race lead each side held once both pools were
//! empty (`lead after entry`), so a game lost from far ahead shows at once.
//!
//! ```sh
//! cargo run --release --example race_replay -- match.txt 50
//! SHOW=1 cargo run --release --example race_replay -- match.txt 50
//! ```

use ncbg::eval::nn::NnEval;
use ncbg::eval::Evaluator;
use ncbg::game::GameState;
use ncbg::matchfile::MatchFile;
use ncbg::numbers::Side;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: race_replay MATCH_FILE [EVERY_N_TURNS]");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("race_replay: cannot read {path}: {e}");
        std::process::exit(1);
    });
    let every: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(25)
        .max(1);
    let show = std::env::var_os("SHOW").is_some();
    let file = MatchFile::parse(&text);
    let eval = NnEval::embedded();
    for g in &file.games {
        let mut s = match file.header.game_start(g) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("game {}: {e}", g.index);
                continue;
            }
        };
        println!(
            "game {} x={} y={} end={:?}",
            g.index, g.x_name, g.y_name, g.end
        );
        // The largest race lead (pips) of X and of Y once both pools are empty.
        let mut lead: [Option<i32>; 2] = [None, None];
        for (i, token) in g.moves.iter().enumerate() {
            let done = match token.split_once(':') {
                Some((n, play)) => n
                    .parse::<u8>()
                    .map_err(|e| e.to_string())
                    .and_then(|n| s.make_turn(n, play).map(|_| ()).map_err(|e| e.to_string())),
                None => match token.parse::<u8>() {
                    Ok(n) => s.pick(n).map_err(|e| e.to_string()),
                    Err(_) => continue, // a cube action
                },
            };
            if let Err(e) = done {
                eprintln!("game {} turn {i} '{token}': {e}", g.index);
                break;
            }
            if s.position().pools() == (0, 0) {
                let (mover, opponent) = s.position().pips();
                let mover_lead = opponent as i32 - mover as i32;
                let x_lead = if s.to_move() == Side::X {
                    mover_lead
                } else {
                    -mover_lead
                };
                for (slot, l) in lead.iter_mut().zip([x_lead, -x_lead]) {
                    *slot = Some(slot.map_or(l, |m| m.max(l)));
                }
            }
            if i % every == 0 || i + 1 == g.moves.len() {
                println!("{}", summary(i, &s, &eval));
                if show {
                    println!("      {:?} to move: {}", s.to_move(), board(&s));
                }
            }
        }
        let show_lead = |l: Option<i32>| l.map_or("-".to_string(), |l| format!("{l:+}"));
        println!(
            "  lead after entry: X {} pips, Y {} pips",
            show_lead(lead[0]),
            show_lead(lead[1])
        );
    }
}

/// One line: each side's pool, bar, borne off and pips, the net's value
/// for X, the state's ID.
fn summary(turn: usize, s: &GameState, eval: &NnEval) -> String {
    let p = s.position();
    let (mover_pips, opponent_pips) = p.pips();
    let x_moves = s.to_move() == Side::X;
    let (x, y) = if x_moves {
        (p.mover(), p.opponent())
    } else {
        (p.opponent(), p.mover())
    };
    let (xp, yp) = if x_moves {
        (mover_pips, opponent_pips)
    } else {
        (opponent_pips, mover_pips)
    };
    let v = if s.is_over() { 0 } else { eval.evaluate(s) };
    let vx = if x_moves { v } else { -v };
    format!(
        "  t{turn:4} X pool {:2} bar {:2} off {:2} pips {xp:3} | Y pool {:2} bar {:2} off {:2} pips {yp:3} | vX {vx:6} {}",
        x.pool(),
        x.bar(),
        x.off(),
        y.pool(),
        y.bar(),
        y.off(),
        ncbg::ids::state_id::encode(s)
    )
}

/// The board from the side to move's 24 point down to its 1 point: `+n`
/// its checkers, `-n` the opponent's; then the bars and the pools.
fn board(s: &GameState) -> String {
    let p = s.position();
    let (m, o) = (p.mover().to_slots(), p.opponent().to_slots());
    let mut out = String::new();
    for i in (1..=24).rev() {
        let cell = match (m[i], o[25 - i]) {
            (a, _) if a > 0 => format!("+{a}"),
            (_, b) if b > 0 => format!("-{b}"),
            _ => ".".into(),
        };
        out.push_str(&format!("{cell:>3}"));
        if i == 13 || i == 7 {
            out.push_str(" |");
        }
    }
    out.push_str(&format!(
        "  bar +{} -{} pool +{} -{}",
        m[25],
        o[25],
        p.mover().pool(),
        p.opponent().pool()
    ));
    out
}

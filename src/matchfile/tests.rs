use super::*;
use crate::numbers::Side;

fn sample() -> GameRecord {
    GameRecord {
        depths: Vec::new(),
        index: 3,
        pair: 1,
        round: 0,
        opening: Opening::Pair { x0: 3, y0: 5 },
        x_name: "a".into(),
        y_name: "b".into(),
        end: GameEnd::Forfeit {
            loser: Side::Y,
            reason: ForfeitReason::Illegal,
        },
        detail: "bestmove\t9:24/1".into(),
        moves: vec!["3".into(), "5".into(), "6:24/13".into()],
        stakes: Stakes::default(),
    }
}

#[test]
fn line_round_trip_and_truncation() {
    let mut g = sample();
    let line = g.to_line();
    g.detail = "bestmove 9:24/1".into();
    assert_eq!(GameRecord::parse_line(&line), Some(g.clone()));
    let text = format!("{MAGIC}\nmeta\tengine0=a\n{line}\n{}", &line[..20]);
    let f = MatchFile::parse(&text);
    assert_eq!(f.games, vec![g]);
    assert_eq!(f.header.get("engine0"), Some("a"));
    assert_eq!(f.complete_len, text.len() - 20);
    assert!(GameRecord::parse_line(&line[..line.len() - 12]).is_none());
}

#[test]
fn a_match_game_line_round_trips_in_a_v2_file() {
    let mut g = sample();
    g.end = GameEnd::Win {
        winner: Side::X,
        kind: crate::board::WinKind::Single,
    };
    g.detail = String::new();
    g.moves = vec!["3".into(), "5".into(), "double".into(), "drop".into()];
    g.stakes = Stakes {
        in_match: Some(MatchGame {
            game: 4,
            score: [3, 4],
            crawford: Crawford::After,
        }),
        cube: 2,
        points: Some(2),
        dropped: true,
    };
    let line = g.to_line();
    for field in [
        "\tgame=4\tscore=3-4p\t",
        "\tpoints=2\tcube=2\treason=drop\t",
    ] {
        assert!(line.contains(field), "{line}");
    }
    assert_eq!(GameRecord::parse_line(&line), Some(g.clone()));
    assert_eq!(g.key(), (3, 4));
    // The header of a match makes a v2 file; both versions read.
    let mut h = Header::default();
    h.set("engine0", "a");
    assert!(h.to_text().starts_with(MAGIC));
    h.set("match-length", "5");
    let text = format!("{}{line}\n", h.to_text());
    assert!(text.starts_with(MAGIC_V2));
    assert!(MatchFile::is_match_file(&text));
    let f = MatchFile::parse(&text);
    assert_eq!(f.games, vec![g.clone()]);
    assert_eq!(f.header.scoring().unwrap().match_length, 5);
    // Two games of one match are two records; one key twice keeps the first.
    let mut next = g.clone();
    next.stakes.in_match = Some(MatchGame {
        game: 5,
        score: [4, 4],
        crawford: Crawford::After,
    });
    let text = format!("{text}{}\n{line}\n", next.to_line());
    assert_eq!(MatchFile::parse(&text).games, vec![g.clone(), next]);
    // A drop that is not a single win, a cube that is no power of two,
    // more points than a backgammon at the cube: not records.
    for (from, to) in [
        ("kind=single", "kind=gammon"),
        ("cube=2", "cube=3"),
        ("points=2", "points=7"),
        ("score=3-4p", "score=3"),
    ] {
        let bad = line.replacen(from, to, 1);
        assert_eq!(GameRecord::parse_line(&bad), None, "{bad}");
    }
}

#[test]
fn a_typed_header_is_written_in_order_and_read_back() {
    let engine = |i: u8| HeaderEngine {
        name: format!("e{i}"),
        command: format!("cmd {i}"),
        options: "-".into(),
        limits: "tc=- movetime=10ms depth=- nodes=-".into(),
    };
    let h = MatchHeader {
        engines: vec![engine(0), engine(1)],
        tournament: None,
        anchor: Some("e0=5".into()),
        variant: Variant::Nackgammon,
        numbers: NumberRules::new(5, 1).unwrap(),
        max_turns: 300,
        repetition: false,
        openings: OpeningsSource::Random {
            n: 4,
            seed: 9,
            turns: 2,
        },
        rounds: 2,
        repeat: true,
        games: None,
        total_games: 16,
        shard: Some((1, 4)),
        scoring: ScoringRules::default(),
    };
    // Without pairs, `repeat off` after the rounds; with them, no key.
    let mut once = h.clone();
    once.repeat = false;
    let once = once.to_header();
    assert!(once
        .to_text()
        .contains("meta\trounds=2\nmeta\trepeat=off\nmeta\tgames=-\n"));
    assert_eq!(MatchFile::parse(&once.to_text()).header, once);
    let h = h.to_header();
    let keys: Vec<&str> = h.entries.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        keys,
        [
            "engine0",
            "engine1",
            "cmd0",
            "cmd1",
            "options0",
            "options1",
            "limits0",
            "limits1",
            "variant",
            "k",
            "credits",
            "max-turns",
            "repetition",
            "openings",
            "rounds",
            "games",
            "total-games",
            "shard"
        ]
    );
    let text = h.to_text();
    assert!(text.starts_with(&format!("{MAGIC}\nmeta\tengine0=e0\n")));
    assert!(text.contains("meta\topenings=random 4 seed 9 turns 2\n"));
    assert!(text.contains("meta\trepetition=off\nmeta"));
    assert!(text.contains("meta\tgames=-\n"));
    assert!(text.ends_with("meta\tshard=1/4\n"));
    let back = MatchFile::parse(&text).header;
    assert_eq!(back, h);
    assert_eq!(back.names(), Some(["e0".to_string(), "e1".to_string()]));
    assert_eq!(back.engine_names(), ["e0", "e1"]);
    assert_eq!(back.variant(), Ok(Variant::Nackgammon));
    assert_eq!(back.numbers(), NumberRules::new(5, 1));
    assert_eq!(back.total_games(), Some(16));
    let g = sample();
    let start = back.start_of(&g).unwrap();
    assert_eq!(
        start,
        GameState::start(Variant::Nackgammon, NumberRules::new(5, 1).unwrap())
    );
}

#[test]
fn a_tournament_header_lists_every_engine() {
    let engine = |i: usize| HeaderEngine {
        name: format!("e{i}"),
        command: format!("cmd {i}"),
        options: "-".into(),
        limits: "tc=- movetime=- depth=1 nodes=-".into(),
    };
    let h = MatchHeader {
        engines: (0..3).map(engine).collect(),
        tournament: Some("gauntlet".into()),
        anchor: Some("e2=100".into()),
        variant: Variant::Standard,
        numbers: NumberRules::default(),
        max_turns: 1000,
        repetition: true,
        openings: OpeningsSource::InitialPairs,
        rounds: 1,
        repeat: true,
        games: None,
        total_games: 120,
        shard: None,
        scoring: ScoringRules::default(),
    }
    .to_header();
    let keys: Vec<&str> = h.entries.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        keys[..15],
        [
            "engine0",
            "engine1",
            "engine2",
            "cmd0",
            "cmd1",
            "cmd2",
            "options0",
            "options1",
            "options2",
            "limits0",
            "limits1",
            "limits2",
            "tournament",
            "anchor",
            "variant"
        ]
    );
    let back = MatchFile::parse(&h.to_text()).header;
    assert_eq!(back.engine_names(), ["e0", "e1", "e2"]);
    assert_eq!(back.get("tournament"), Some("gauntlet"));
    assert_eq!(back.get("anchor"), Some("e2=100"));
    assert_eq!(back.get("cmd2"), Some("cmd 2"));
}

#[test]
fn a_header_that_says_little_has_defaults() {
    let gui = Header::single_game(
        ["me", "ncbg"],
        Variant::Standard,
        NumberRules::default(),
        "ncbg-gui",
    );
    assert_eq!(gui.get("source"), Some("ncbg-gui"));
    let empty = Header::default();
    assert_eq!(empty.names(), None);
    assert_eq!(empty.variant(), Ok(Variant::Standard));
    assert_eq!(empty.numbers(), Ok(NumberRules::default()));
    let mut bad = Header::default();
    bad.set("variant", "chess");
    assert!(bad.variant().is_err());
    assert!(bad.start_of(&sample()).is_err());
    let mut g = sample();
    g.opening = Opening::State("4HPwATDgc/ABMA:Xplay:x6y5:d22:k6".into());
    assert_eq!(bad.start_of(&g).unwrap().to_move(), Side::X);
    g.opening = Opening::State("nonsense".into());
    assert!(Header::default().start_of(&g).is_err());
    assert!(MatchFile::is_match_file(&format!("{MAGIC}\r\n")));
    assert!(!MatchFile::is_match_file(
        "4HPwATDgc/ABMA:Xpick:x-y-:d22:k6\n"
    ));
}

#[test]
fn search_depths_round_trip_and_a_bad_field_drops_them_alone() {
    let mut g = sample();
    g.detail = "bestmove 9:24/1".into();
    let n = g.moves.len();
    g.depths = (0..n).map(|i| (i >= 2).then_some(i as u32 + 3)).collect();
    let line = g.to_line();
    assert!(line.contains("\tdepths=- - 5\tend"), "{line}");
    assert_eq!(GameRecord::parse_line(&line), Some(g.clone()));
    // A file without the field, as every file before it: no depths.
    let plain = GameRecord {
        depths: Vec::new(),
        ..g.clone()
    };
    assert!(!plain.to_line().contains("depths="));
    assert_eq!(
        GameRecord::parse_line(&plain.to_line()),
        Some(plain.clone())
    );
    // A field that does not fit the moves (a word short, a bad word) is
    // dropped; the game stands.
    let short = line.replace("\tdepths=- - ", "\tdepths=- ");
    assert_eq!(GameRecord::parse_line(&short), Some(plain.clone()));
    let bad = line.replace("\tdepths=- - 5", "\tdepths=- - five");
    assert_eq!(GameRecord::parse_line(&bad), Some(plain));
}

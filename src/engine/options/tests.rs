use super::*;

#[test]
fn set_and_reject() {
    let mut o = Options::default();
    assert_eq!(o.set("hash", Some("64")), Ok(OptionEffect::ResizeHash));
    assert_eq!(o.hash_mib, 64);
    assert_eq!(o.set("Clear Hash", None), Ok(OptionEffect::ClearHash));
    assert_eq!(o.set("MoveFilter", Some("0")), Ok(OptionEffect::ClearHash));
    assert_eq!(o.settings().move_filter, 0);
    assert!(o.set("MoveFilter", Some("1001")).is_err());
    assert_eq!(o.move_filter, 0);
    assert_eq!(o.settings().hyper_move_filter, 6);
    assert_eq!(o.settings().futility_margin, 0);
    assert_eq!(o.settings().hyper_futility_margin, 300);
    assert_eq!(
        o.set("FutilityMargin", Some("200")),
        Ok(OptionEffect::ClearHash)
    );
    assert_eq!(o.settings().futility_margin, 200);
    assert_eq!(
        o.set("HyperFutilityMargin", Some("0")),
        Ok(OptionEffect::ClearHash)
    );
    assert_eq!(o.settings().hyper_futility_margin, 0);
    assert!(o.set("HyperFutilityMargin", Some("3001")).is_err());
    assert!(o.set("FutilityMargin", Some("-5")).is_err());
    assert_eq!((o.futility_margin, o.hyper_futility_margin), (200, 0));
    assert_eq!(
        (o.settings().progress_after, o.settings().progress_weight),
        (150, 4)
    );
    assert_eq!(
        o.set("ProgressAfter", Some("120")),
        Ok(OptionEffect::ClearHash)
    );
    assert_eq!(
        o.set("progressweight", Some("6")),
        Ok(OptionEffect::ClearHash)
    );
    assert!(o.set("ProgressWeight", Some("101")).is_err());
    assert!(o.set("ProgressAfter", Some("x")).is_err());
    assert_eq!(
        (o.settings().progress_after, o.settings().progress_weight),
        (120, 6)
    );
    assert_eq!(
        o.set("hypermovefilter", Some("3")),
        Ok(OptionEffect::ClearHash)
    );
    assert_eq!(o.settings().hyper_move_filter, 3);
    assert_eq!(o.settings().move_filter, 0);
    assert!(o.set("HyperMoveFilter", Some("-1")).is_err());
    assert!(o.set("HyperMoveFilter", None).is_err());
    assert_eq!(o.hyper_move_filter, 3);
    assert_eq!(o.settings().small_alphabet_hyper_move_filter, 4);
    assert_eq!(
        o.set("HyperMoveFilterSmallAlphabet", Some("5")),
        Ok(OptionEffect::ClearHash)
    );
    assert!(o.set("HyperMoveFilterSmallAlphabet", Some("1001")).is_err());
    assert_eq!(
        (
            o.settings().small_alphabet_hyper_move_filter,
            o.settings().hyper_move_filter
        ),
        (5, 3)
    );
    assert_eq!(
        o.set("FilterReduction", Some("2")),
        Ok(OptionEffect::ClearHash)
    );
    assert_eq!(o.settings().filter_reduction, 2);
    assert!(o.set("FilterReduction", Some("9")).is_err());
    assert_eq!(o.filter_reduction, 2);
    assert_eq!(o.set("OddDepths", Some("2")), Ok(OptionEffect::None));
    assert_eq!(o.settings().odd_depths, 2);
    assert!(o.set("OddDepths", Some("3")).is_err());
    assert_eq!(o.odd_depths, 2);
    assert_eq!(o.set("RANDOM", Some("True")), Ok(OptionEffect::None));
    assert!(o.random);
    assert_eq!(
        o.set("variant", Some("Hypergammon")),
        Ok(OptionEffect::None)
    );
    assert_eq!(o.variant, Variant::Hypergammon);
    let before = o.clone();
    assert_eq!(
        o.set("Hash", Some("0")).unwrap_err().code,
        ErrorCode::BadValue
    );
    assert_eq!(
        o.set("Alphabet", Some("10")).unwrap_err().code,
        ErrorCode::BadValue
    );
    assert_eq!(
        o.set("Seed", Some("-1")).unwrap_err().code,
        ErrorCode::BadValue
    );
    assert_eq!(
        o.set("Random", Some("yes")).unwrap_err().code,
        ErrorCode::BadValue
    );
    assert_eq!(
        o.set("Nope", Some("1")).unwrap_err().code,
        ErrorCode::UnknownOption
    );
    assert_eq!(o.set("Depth", None).unwrap_err().code, ErrorCode::Syntax);
    assert_eq!(
        o.set("Eval", Some("neural")).unwrap_err().code,
        ErrorCode::BadValue
    );
    assert_eq!(o, before);
    assert_eq!(o.set("eval", Some("Classic")), Ok(OptionEffect::ChangeEval));
    assert_eq!(o.eval, EvalKind::Classic);
    assert_eq!(o.set("EvalFile", Some("a.ncnn")), Ok(OptionEffect::LoadNet));
    assert_eq!(o.eval_file.as_deref(), Some("a.ncnn"));
    assert_eq!(
        o.set("EvalFile", Some(EMBEDDED_NET)),
        Ok(OptionEffect::LoadNet)
    );
    assert_eq!(o.eval_file, None);
    // An empty value (`setoption name EvalFile value`) or none: embedded.
    for empty in [Some(""), None] {
        o.set("EvalFile", Some("a.ncnn")).unwrap();
        assert_eq!(o.set("EvalFile", empty), Ok(OptionEffect::LoadNet));
        assert_eq!(o.eval_file, None);
    }
    assert_eq!(o.set("Clear Hash", Some("")), Ok(OptionEffect::ClearHash));
    assert_eq!(
        o.set("Tables", Some(" a.tb ; ;b.tb")),
        Ok(OptionEffect::LoadTables)
    );
    assert_eq!(o.table_paths(), vec!["a.tb", "b.tb"]);
    assert_eq!(o.set("tables", None), Ok(OptionEffect::LoadTables));
    assert!(o.table_paths().is_empty());
    o.set("Tables", Some("a.tb")).unwrap();
    assert_eq!(
        o.set("Tables", Some(NO_TABLES)),
        Ok(OptionEffect::LoadTables)
    );
    assert!(o.table_paths().is_empty());
    assert_eq!(
        o.set("TablesPath", Some(" tb ;; /data/tb ")),
        Ok(OptionEffect::LoadTablesPath)
    );
    assert_eq!(o.table_folders(), vec!["tb", "/data/tb"]);
    assert_eq!(
        o.set("tablespath", Some(NO_TABLES)),
        Ok(OptionEffect::LoadTablesPath)
    );
    assert!(o.table_folders().is_empty());
    assert_eq!(o.set("TablesPath", None), Ok(OptionEffect::LoadTablesPath));
}

#[test]
fn declarations_match_defaults() {
    let lines = Options::declarations();
    assert_eq!(lines.len(), 29);
    assert_eq!(
        lines[24..],
        [
            "option name Cube type check default false",
            "option name Jacoby type check default true",
            "option name Beavers type check default false",
            "option name MatchLength type spin default 0 min 0 max 64",
            "option name Scoring type combo default points var points var single",
        ]
    );
    let d = Options::default();
    assert_eq!(
        (d.cube, d.jacoby, d.beavers, d.match_length, d.scoring),
        (false, true, false, 0, Scoring::Points)
    );
    assert_eq!(
        lines[23],
        "option name TablesPath type string default <empty>"
    );
    assert_eq!(lines[22], "option name Tables type string default <empty>");
    assert_eq!(
        lines[21],
        "option name ProgressWeight type spin default 4 min 0 max 100"
    );
    assert_eq!(
        lines[20],
        "option name ProgressAfter type spin default 150 min 0 max 10000"
    );
    assert_eq!(
        lines[19],
        "option name HyperFutilityMargin type spin default 300 min 0 max 3000"
    );
    assert_eq!(
        lines[18],
        "option name FutilityMargin type spin default 0 min 0 max 3000"
    );
    assert_eq!(
        lines[17],
        "option name OddDepths type spin default 0 min 0 max 2"
    );
    assert_eq!(
        lines[16],
        "option name FilterReduction type spin default 1 min 0 max 8"
    );
    assert_eq!(
        lines[15],
        "option name FilterPerNumber type spin default 0 min 0 max 100"
    );
    assert_eq!(
        lines[12],
        "option name MoveFilter type spin default 12 min 0 max 1000"
    );
    assert_eq!(
        lines[13],
        "option name HyperMoveFilter type spin default 6 min 0 max 1000"
    );
    assert_eq!(
        lines[14],
        "option name HyperMoveFilterSmallAlphabet type spin default 4 min 0 max 1000"
    );
    assert_eq!(
        lines[0],
        "option name Hash type spin default 16 min 1 max 4096"
    );
    assert!(lines[6].ends_with("var standard var nackgammon var hypergammon var race var anti"));
    let d = Options::default();
    assert_eq!(d.settings(), Settings::default());
}

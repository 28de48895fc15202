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

/// The search's tuning is the game's own (`crate::search::SearchProfile`),
/// not an option: none of its knobs is declared, and `setoption` refuses
/// each as an unknown option, saying where the tuning is, and changes
/// nothing.
#[test]
fn the_search_tuning_is_no_option() {
    let lines = Options::declarations().join("\n");
    let mut o = Options::default();
    o.set("MoveFilter", Some("8")).unwrap();
    let before = o.clone();
    for knob in crate::search::Knob::ALL {
        assert!(
            !lines.contains(&format!("option name {} ", knob.name())),
            "{} is declared",
            knob.name()
        );
        for name in [knob.name().to_string(), knob.name().to_ascii_lowercase()] {
            let e = o.set(&name, Some("0")).unwrap_err();
            assert_eq!(e.code, ErrorCode::UnknownOption);
            assert_eq!(
                e.to_string(),
                format!(
                    "error unknown-option no option named '{name}'; the search's tuning is the \
                     game's own (ncbg --tune sets it for experiments)"
                )
            );
        }
    }
    assert_eq!(o, before);
    // The settings carry no tune: the session adds its own.
    assert!(o.settings().tune.is_empty());
    assert_eq!(o.settings().move_filter, 8);
    // Another unknown name gets the plain error.
    assert_eq!(
        o.set("Nope", Some("1")).unwrap_err().to_string(),
        "error unknown-option no option named 'Nope'"
    );
}

#[test]
fn declarations_match_defaults() {
    let lines = Options::declarations();
    assert_eq!(lines.len(), 20);
    assert_eq!(
        lines[15..],
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
        lines[14],
        "option name TablesPath type string default <empty>"
    );
    assert_eq!(lines[13], "option name Tables type string default <empty>");
    assert_eq!(
        lines[12],
        "option name MoveFilter type spin default 12 min 0 max 1000"
    );
    assert_eq!(
        lines[0],
        "option name Hash type spin default 16 min 1 max 4096"
    );
    assert!(lines[6].ends_with("var standard var nackgammon var hypergammon var race var anti"));
    let d = Options::default();
    assert_eq!(d.settings(), Settings::default());
}

//! Anthill's and Ants Solitaire's own helpers, and what their `Debug`
//! shows (in `rules/anthill.rs` and
//! `rules/ants_solitaire.rs`; the rules themselves are checked in
//! `anthill_rules` and `ants_solitaire_rules`).

/// rules/anthill.rs.
mod anthill {
    use antics::rules::anthill::*;
    use antics::rules::cards::{parse_deck_order, standard_deck, StdCard};

    fn game(deal: &str) -> Anthill {
        Anthill::new(&Setup {
            seed: None,
            deal: Some(deal.into()),
        })
        .unwrap()
    }

    fn ascending() -> String {
        antics::rules::cards::write_deck_order(&standard_deck())
    }

    #[test]
    fn bottom_runs() {
        let cards = |t: &str| parse_deck_order::<StdCard>(t).unwrap();
        assert_eq!(bottom_run(&cards("As 2s 3s 4h")), 3);
        assert_eq!(bottom_run(&cards("Kh Qh Jh Tc")), 3);
        assert_eq!(bottom_run(&cards("2s As")), 0);
        assert_eq!(bottom_run(&cards("As")), 1);
        assert_eq!(bottom_run(&cards("Ks As")), 1);
        assert_eq!(bottom_run(&[]), 0);
    }

    #[test]
    fn debug_hides_the_stock() {
        let g = game(&ascending());
        let text = format!("{g:?}");
        // The standard order deals As..8s first; 9s is the next card.
        assert!(text.contains("8s"));
        assert!(!text.contains("9s"), "{text}");
        assert!(!text.contains("Kc"), "{text}");
    }

    #[test]
    fn blank_deal_counts_as_none() {
        let setup = Setup {
            seed: Some(3),
            deal: Some("  ".into()),
        };
        assert!(Anthill::new(&setup).is_ok());
        let setup = Setup {
            seed: None,
            deal: Some("".into()),
        };
        assert_eq!(Anthill::new(&setup).unwrap_err().0, "give a seed or a deal");
    }
}

/// rules/ants_solitaire.rs.
mod ants_solitaire {
    use antics::rules::ants_solitaire::*;
    use antics::rules::cards::{standard_deck, write_deck_order, StdCard};

    #[test]
    fn wrap_is_adjacent() {
        let c = |t: &str| t.parse::<StdCard>().unwrap();
        assert!(adjacent(c("Ks"), c("Ah")));
        assert!(adjacent(c("Ah"), c("Ks")));
        assert!(adjacent(c("7s"), c("8h")));
        assert!(adjacent(c("7s"), c("6h")));
        assert!(!adjacent(c("7s"), c("7h")));
        assert!(!adjacent(c("Qs"), c("Ah")));
    }

    #[test]
    fn debug_hides_the_stock() {
        let g = AntsSolitaire::new(&Setup {
            deal: Some(write_deck_order(&standard_deck())),
            ..Setup::default()
        })
        .unwrap();
        let text = format!("{g:?}");
        assert!(text.contains("8s"), "{text}");
        assert!(!text.contains("9s"), "{text}");
        assert!(!text.contains("Kc"), "{text}");
    }

    #[test]
    fn variant_names() {
        assert_eq!(Variant::parse(" Relaxed "), Some(Variant::Relaxed));
        assert_eq!("strict".parse::<Variant>().unwrap(), Variant::Strict);
        assert!("loose".parse::<Variant>().is_err());
        assert_eq!(Variant::default(), Variant::Strict);
    }
}

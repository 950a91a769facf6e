//! The Myrmex solver's parts: its compact board, the open list, the passes
//! and their rounds on several threads, and the prune of stuck cards (in `ai/solver/myrmex`).

use antics::ai::solver::myrmex::board::{Board, Cards};
use antics::ai::solver::myrmex::{dealt, seen_whole};
use antics::rules::cards::MyrmexLevel;
use antics::rules::myrmex::PILES;

/// The cards, face-down counts and counters of a board: what must come
/// back when an action is taken back.
fn shown(board: &Board) -> (Vec<Vec<u8>>, [u8; PILES], u8, u8, u8) {
    let piles = (0..PILES).map(|p| board.pile(p).to_vec()).collect();
    (piles, board.down, board.dealt, board.chambers, board.flips)
}

/// Along a long line of a minor deal (face-down cards flip, "a
/// face-down card that becomes a pile's top turns face up at once"),
/// every move and restock keeps the piles' hashes equal to hashes
/// computed afresh, and restoring the head takes it back exactly.
#[test]
fn actions_keep_hashes_and_are_taken_back_by_the_head() {
    for seed in [3, 11] {
        let game = dealt(MyrmexLevel::Minor, seed);
        let cards = Cards::new(game.level());
        let (mut board, stock) = seen_whole(&game);
        for step in 0..200usize {
            let before = shown(&board);
            let key = board.key(0);
            let head = board.head();
            let moves = board.moves(&cards);
            for &m in &moves {
                board.play(&cards, m);
                let mut fresh = board;
                fresh.rehash();
                assert_eq!(board.key(0), fresh.key(0), "seed {seed} step {step}");
                board.restore(&head);
                assert!(shown(&board) == before && board.key(0) == key);
            }
            // A step along the line: a move picked by the step, or a
            // restock when none is open.
            if moves.is_empty() || (step % 9 == 8 && usize::from(board.dealt) < stock.len()) {
                if usize::from(board.dealt) == stock.len() {
                    break;
                }
                board.deal(&cards, &stock);
            } else {
                board.play(&cards, moves[step * 7 % moves.len()]);
            }
            let mut fresh = board;
            fresh.rehash();
            assert_eq!(board.key(0), fresh.key(0), "seed {seed} step {step}");
        }
        assert!(board.flips > 0 && board.dealt > 0, "seed {seed}");
    }
}

/// The open list (ai/solver/myrmex/open.rs).
mod open {
    use antics::ai::solver::myrmex::open::Open;
    use antics::rules::shuffle::SeededRng;
    use std::collections::BinaryHeap;

    /// The stacks pop exactly as a binary heap of `(guide, index)` would,
    /// pushes and pops interleaved, guides rising and falling past the
    /// first one.
    #[test]
    fn pops_as_a_heap_of_guide_and_index() {
        let mut rng = SeededRng::new(7);
        let (mut open, mut heap) = (Open::new(), BinaryHeap::new());
        let mut next = 0u32;
        for _ in 0..20_000 {
            if rng.below(3) < 2 {
                let guide = rng.below(400) as i64 - 200;
                open.push(guide, next);
                heap.push((guide, next));
                next += 1;
            } else {
                assert_eq!(open.pop(), heap.pop().map(|(_, index)| index));
            }
        }
        while let Some((_, index)) = heap.pop() {
            assert_eq!(open.pop(), Some(index));
        }
        assert_eq!(open.pop(), None);
    }
}

/// The rounds of passes, side by side (ai/solver/myrmex/rounds.rs).
mod rounds {
    use antics::ai::solver::myrmex::rounds::{self, jobs};
    use antics::ai::solver::myrmex::search::{split_rounds, PASSES, QUICK_PASSES};
    use antics::ai::solver::myrmex::{dealt, solve_on, BUDGET};
    use antics::ai::solver::DEFAULT_BUDGET;
    use antics::rules::cards::MyrmexLevel;

    /// At the default budget each pass of the rounds gets the states from
    /// the stop before it to its own (400,000, then 96,000, 800,000 ...)
    /// and resumes the last job with its cap and cost; the first six are
    /// each resumed later. A hint's budget runs four passes of 60,000
    /// states, none resumed.
    #[test]
    fn each_pass_of_the_rounds_gets_the_states_up_to_its_stop() {
        let jobs = jobs(split_rounds(&PASSES).0, BUDGET);
        assert_eq!(jobs.len(), 14);
        let shares: Vec<u64> = jobs.iter().map(|job| job.share).collect();
        assert_eq!(shares[..6], [400_000, 96_000, 800_000, 400_000, 608_000, 300_000]);
        assert_eq!(shares.iter().sum::<u64>(), 9_840_000);
        for (i, job) in jobs.iter().enumerate() {
            if let Some(earlier) = job.resumes {
                assert!(earlier < i && jobs[earlier].kept && jobs[earlier].pass.resumed_by(&job.pass));
            }
        }
        assert!(jobs[..6].iter().all(|job| job.resumes.is_none() && job.kept));
        let quick = rounds::jobs(split_rounds(&QUICK_PASSES).0, 300_000);
        assert_eq!(quick.iter().map(|job| job.share).collect::<Vec<_>>(), [60_000; 4]);
        assert!(quick.iter().all(|job| job.resumes.is_none() && !job.kept));
        assert_eq!(
            rounds::jobs(split_rounds(&QUICK_PASSES).0, DEFAULT_BUDGET).len(),
            4
        );
    }

    /// "The same verdict, line and states on any number" of threads: a
    /// deal the first pass wins, and one a later pass wins while the first
    /// still searches its share beside it.
    #[test]
    fn two_threads_find_what_one_finds() {
        for seed in [0, 1] {
            let game = dealt(MyrmexLevel::Major, seed);
            let one = solve_on(&game, BUDGET, 1);
            assert!(
                matches!(one.verdict, antics::ai::solver::Verdict::Won(_)),
                "seed {seed}"
            );
            // Seed 1 is won past the first pass's 400,000 states.
            assert_eq!(one.states > 400_000, seed == 1, "seed {seed}: {}", one.states);
            assert_eq!(solve_on(&game, BUDGET, 2), one, "seed {seed}");
        }
    }
}

/// The passes of the best-first search (ai/solver/myrmex/search.rs).
mod search {
    use antics::ai::solver::myrmex::board::Cards;
    use antics::ai::solver::myrmex::search::{
        split_rounds, Pass, Search, Stop, FIRST_ROUND, PASSES, QUICK_PASSES,
    };
    use antics::ai::solver::myrmex::{dealt, seen_whole, BUDGET};
    use antics::rules::cards::MyrmexLevel;

    /// "Only the last pass, with no cap, proves a loss": every pass before
    /// it is capped (so its failure proves nothing), the stops come in
    /// order within the budget, and the last pass may spend all that is
    /// left. Every resumed pass has one before it to go on from.
    fn check_schedule(passes: &[Pass], budget: u64, stopped: usize) {
        let (last, capped) = passes.split_last().expect("passes");
        assert!(last.cap.is_none() && last.stop == Stop::Never);
        assert!(capped.iter().all(|pass| pass.cap.is_some()));
        let stops: Vec<u64> = capped
            .iter()
            .filter_map(|pass| pass.stop.limit(budget))
            .filter(|&stop| stop != u64::MAX)
            .collect();
        assert!(stops.windows(2).all(|w| w[0] < w[1]) && stops.iter().all(|&s| s < budget));
        assert_eq!(stops.len(), stopped);
        for (i, pass) in passes.iter().enumerate().filter(|(_, pass)| pass.resumes) {
            assert!(passes[..i].iter().any(|earlier| earlier.resumed_by(pass)));
        }
        // The rounds (the passes with a stop) come first; only they resume.
        let (_, tail) = split_rounds(passes);
        assert!(tail.iter().all(|pass| pass.stop == Stop::Never && !pass.resumes));
    }

    /// The quick passes (hints, daily checks) are one round of four costs
    /// with nothing set aside; the default budget's passes are two rounds.
    #[test]
    fn only_the_last_pass_is_uncapped_and_the_stops_come_in_order() {
        for budget in [300_000, FIRST_ROUND] {
            check_schedule(&QUICK_PASSES, budget, 4);
            assert!(QUICK_PASSES
                .iter()
                .all(|pass| !pass.resumes && !matches!(pass.stop, Stop::Second(_))));
        }
        check_schedule(&PASSES, BUDGET, 14);
    }

    /// At the default budget the first round stops at 400,000, 496,000,
    /// 1,296,000, 1,696,000, 2,304,000 and 2,604,000 states, and by the
    /// end of the second (9,840,000, which leaves 2,160,000 to the passes
    /// after it) each pass has searched the states of its own the notes
    /// on [`PASSES`] give.
    #[test]
    fn each_pass_searches_its_share_by_the_end_of_the_second_round() {
        let mut at = 0;
        let mut own: Vec<((Option<u32>, i64), u64)> = Vec::new();
        let mut first_round = Vec::new();
        for pass in PASSES.iter().filter(|pass| pass.stop != Stop::Never) {
            let until = pass.stop.limit(BUDGET).expect("runs at the default budget");
            let key = (pass.cap, pass.depth_cost);
            match own.iter_mut().find(|(k, _)| *k == key) {
                Some((_, states)) => {
                    assert!(pass.resumes);
                    *states += until - at;
                }
                None => own.push((key, until - at)),
            }
            if first_round.len() < 6 {
                first_round.push(until);
            }
            at = until;
        }
        assert_eq!(
            first_round,
            [400_000, 496_000, 1_296_000, 1_696_000, 2_304_000, 2_604_000]
        );
        assert_eq!(at, 9_840_000);
        let share = |cap: u32, cost: i64| own.iter().find(|(k, _)| *k == (Some(cap), cost)).map(|(_, s)| *s);
        assert_eq!(share(2_000, 30), Some(1_208_000));
        assert_eq!(share(2_000, 5), Some(264_000));
        assert_eq!(share(2_000, 20), Some(1_948_000));
        assert_eq!(share(2_000, 14), Some(728_000));
        assert_eq!(share(20_000, 20), Some(1_920_000));
        assert_eq!(share(5_000, 30), Some(924_000));
        assert_eq!(share(2_000, 10), Some(1_452_000));
        assert_eq!(share(2_000, 7), Some(1_396_000));
    }

    /// A pass that resumes one stopped part way searches as that one would
    /// have with no stop: the same line in the same states.
    #[test]
    fn a_resumed_pass_goes_on_as_if_it_had_not_stopped() {
        let game = dealt(MyrmexLevel::Major, 0);
        let cards = Cards::new(game.level());
        let (root, stock) = seen_whole(&game);
        let solve = |passes: &[Pass]| {
            let mut search = Search::new(&cards, &stock, BUDGET);
            let line = search.passes(&root, passes).expect("seed 0 is won");
            (line, search.table.states())
        };
        let whole = solve(&[Pass::capped(2_000, Stop::Never, 20)]);
        // Stopped at 40,000 states, with another cost between (too short
        // to win).
        let resumed = solve(&[
            Pass::capped(2_000, Stop::First(20), 20),
            Pass::capped(2_000, Stop::First(21), 14),
            Pass::capped(2_000, Stop::First(1000), 20).resumed(),
        ]);
        // The cost 20 wins past its stop; the cost 14 takes its 2,000
        // states (and a few past its stop) and nothing more is searched.
        assert!(whole.1 > 40_000);
        assert_eq!(resumed.0, whole.0);
        assert!(
            (2_000..2_200).contains(&(resumed.1 - whole.1)),
            "{} {}",
            resumed.1,
            whole.1
        );
    }
}

/// Cards stuck for good (ai/solver/myrmex/dead.rs).
mod dead {
    use antics::ai::solver::myrmex::board::{code, Board, Cards};
    use antics::ai::solver::myrmex::dead::{has_stuck_card, ranks_left};
    use antics::ai::solver::myrmex::{dealt, seen_whole, solve};
    use antics::ai::solver::Verdict;
    use antics::rules::cards::{DecktetCard, MyrmexLevel};
    use antics::rules::myrmex::PILES;
    use antics::rules::patience::Patience;

    /// The ranks left in a spent stock: none.
    const SPENT: &[u32] = &[0];

    /// A board with these piles (bottom first, every card face up) and
    /// the stock spent.
    fn board(piles: [&str; PILES]) -> Board {
        let mut board = Board::empty();
        for (p, text) in piles.iter().enumerate() {
            for (h, card) in text.split_whitespace().enumerate() {
                let card: DecktetCard = card.parse().expect("a card");
                board.piles[p][h] = code(card);
                board.len[p] += 1;
            }
        }
        board.rehash();
        board
    }

    /// "A group moves onto a pile whose top card is exactly one rank above
    /// the group's bottom card, in any suit, or onto an empty pile": with
    /// only 2s, 4s, 6s and 8s out, one to a pile, no card has a place to
    /// go and no pile can empty, yet six chambers need every card moved
    /// onto its Crown's run.
    #[test]
    fn lone_cards_with_no_rank_above_out_are_stuck() {
        let cards = Cards::new(MyrmexLevel::Larval);
        let lone = ["2MN", "2SY", "4MS", "4WL", "6MW", "6SY", "8MS", "8WL"];
        assert!(has_stuck_card(&board(lone), &cards, SPENT));
        // A 5 laid on a 4 is a top one rank above the other 4, which may
        // then move there, and its pile could empty.
        let mut five = lone;
        five[2] = "4MS 5ML";
        assert!(!has_stuck_card(&board(five), &cards, SPENT));
        // A 3 still in the stock will be a top one day: the 2s may go
        // onto it (and the 4s onto the 5 a restock could bring).
        let three = [code("3MW".parse().unwrap())];
        assert!(!has_stuck_card(&board(lone), &cards, &ranks_left(&cards, &three)));
        // An empty pile could take any of them.
        let mut empty = lone;
        empty[7] = "";
        assert!(!has_stuck_card(&board(empty), &cards, SPENT));
    }

    /// "A group moves onto a pile whose top card is exactly one rank above
    /// the group's bottom card", and a chamber is a run from a Crown that
    /// shares one suit: a 3 resting on a 4 off any Crown must still move,
    /// and both 4s it could go onto lie under the 3s; so the 4s never
    /// show, and the 3 under the 2 of the next pile, once the 2 leaves onto
    /// a 3, has nowhere to go either. The 7s rest on the 8s, which need a 9
    /// that is not out. (Counting only cards off the card under them as
    /// bound to move, the 4 under the 3 looked like a way out.)
    #[test]
    fn a_grouped_card_off_a_crown_must_move_and_can_be_stuck() {
        let cards = Cards::new(MyrmexLevel::Larval);
        let piles = [
            "4MS 3MW", "3SN 2MN", "8MS 7ML", "8WL 7WY", "8YN 7SN", "8MS 7SN", "8WL 7ML", "8YN 7WY",
        ];
        assert!(has_stuck_card(&board(piles), &cards, SPENT));
        // A 4 still in the stock is a way out for the 3s.
        let four = [code("4WL".parse().unwrap())];
        assert!(!has_stuck_card(&board(piles), &cards, &ranks_left(&cards, &four)));
        // A run on a Crown of its suit is home: the Pact (9MS) and the
        // Diplomat (8MS) on the Huntress (KM) never have to move, so that
        // pile might empty.
        let mut home = piles;
        home[2] = "KM 9MS 8MS";
        assert!(!has_stuck_card(&board(home), &cards, SPENT));
        // On the Sea (KW) they are not of its suit: the Pact must move, onto
        // a Crown, and none is out; the 8s need the Pact, which lies under
        // the stuck Diplomat.
        let mut off_suit = piles;
        off_suit[2] = "KW 9MS 8MS";
        assert!(has_stuck_card(&board(off_suit), &cards, SPENT));
    }

    /// The prune is exact: along the winning lines of deals the solver
    /// wins, no position is ever said to have a stuck card.
    #[test]
    fn no_position_of_a_winning_line_is_stuck() {
        for seed in [678, 726] {
            let mut game = dealt(MyrmexLevel::Larval, seed);
            let cards = Cards::new(game.level());
            let Verdict::Won(line) = solve(&game, 50_000).verdict else {
                panic!("seed {seed} should be won");
            };
            for action in &line {
                // The board as the solver reads it, its stock what is left.
                let (board, stock) = seen_whole(&game);
                assert!(
                    !has_stuck_card(&board, &cards, &ranks_left(&cards, &stock)),
                    "seed {seed}"
                );
                game.apply(action).unwrap();
            }
            assert_eq!(game.score(), 6, "seed {seed}");
        }
    }
}

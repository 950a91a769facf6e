//! The rules pages of `/rules` (on Discord and in `antics play`): a summary of each game
//! with the rulings we play by (from `shared/rules/*.md`). Each page is one
//! or more sections, each under 2000 characters and all of a page under
//! Discord's 6000 (a section is one embed).

use super::GameKind;

/// One embed: a title and a text.
pub struct Section {
    pub title: &'static str,
    pub text: &'static str,
}

/// The games `/rules` knows, as (choice value, name).
pub const GAMES: [(&str, &str); 5] = [
    page(GameKind::ArmyAnts),
    page(GameKind::AttaAnts),
    page(GameKind::Myrmex),
    page(GameKind::Anthill),
    page(GameKind::Ants),
];

const fn page(kind: GameKind) -> (&'static str, &'static str) {
    (kind.rules_page(), kind.title())
}

/// The page of `/rules` on how tournaments run.
pub const TOURNAMENT_PAGE: &str = "tournament";

/// The sections of one game's rules, or of the overview when `game` is None.
pub fn rules(game: Option<&str>) -> &'static [Section] {
    if game == Some(TOURNAMENT_PAGE) {
        return TOURNAMENT;
    }
    match game.and_then(GameKind::by_rules_page) {
        Some(GameKind::ArmyAnts) => ARMY_ANTS,
        Some(GameKind::AttaAnts) => ATTA_ANTS,
        Some(GameKind::Myrmex) => MYRMEX,
        Some(GameKind::Anthill) => ANTHILL,
        Some(GameKind::Ants) => ANTS_SOLITAIRE,
        None => OVERVIEW,
    }
}

const OVERVIEW: &[Section] = &[Section {
    title: "Antics: the games",
    text: "**Army Ants** (2 players): capture the enemy Queen. Play it now: `/armyants challenge`.\n\
**Atta Ants** (2-4 players): gather leaves to bring all six ants into play. Play it now: `/atta new`.\n\
**Myrmex** (patience, Decktet): sort a double Decktet into six chambers. `/solitaire new game:myrmex`\n\
**Anthill** (patience): build the four suits on eight spots. `/solitaire new game:anthill`\n\
**Ants Solitaire** (patience): every card onto four foundations. `/solitaire new game:ants`\n\n\
`/rules game:` shows the rules of one game, with the rulings we play by.",
}];

const TOURNAMENT: &[Section] = &[
    Section {
        title: "Tournaments",
        text: "A moderator (Manage Channels or Manage Messages) opens one with `/tournament create`; \
members press **Join** (or `/tournament join`). It starts when its organiser presses **Start**, or at its \
`starts:` time.\n\n\
**Swiss** (Army Ants, Atta Ants): a fixed number of rounds (by default ⌈log₂ players⌉). Each round pairs players \
by score, then rating, never the same two twice while another pairing exists; colours alternate. With an \
odd number, the lowest-ranked player who has not had one gets a **bye** (1 point). Win 1, draw ½, loss 0. \
Each game starts at once in a thread of its own.\n\n\
**Atta Ants Swiss**: each round seats players at tables of 4 and 3 (2 for two players; 3 and 2 for \
five) by score, then rating, no one at the same table twice where avoidable. Places score 6/4/2/1 at \
four, 6/4/2 at three, 6/2 at two; tied players split the places they cover. A table unfinished at the \
round's close is placed as it stands (players still in, then more ants in play, then fewer eaten). \
Standings: points, then the points of those you sat with, then first places.\n\n\
**Arena** (Army Ants, `format:arena`, `length:` 20m to 3h; 1h by default): everyone is paired at \
once, and each player again as soon as their game ends: by score, then rating, never their last \
opponent. Win 2, draw 1, loss 0; after **two wins in a row** a game counts double (4 a win, 2 a draw) \
until one that is not a win. No new game is paired in the last quarter of its length (at most the last \
10 minutes); at its end a game still on is adjudicated as below. Standings: points, then wins, then \
rating. Entries stay open while it runs.\n\n\
**A Swiss round closes** when its last game ends, or at its deadline (`round:`, 10m to 7d; 24h by default). \
A game still on then is **adjudicated**: the computer at its strongest level judges the position, and \
the side ahead by about three Aces or more wins; otherwise it is a draw. A game a moderator ends counts \
as a draw.\n\n\
**Late entries** are taken until half the rounds have started; the rounds missed score nothing. \
A player who **leaves** a running tournament loses their game of the round and is paired no more.\n\n\
**Standings**: points, then **Buchholz** (the points of the opponents met), then **Sonneborn-Berger** \
(the points of the opponents beaten, plus half of those drawn). `/tournament standings` shows them \
anywhere; the tournament's channel keeps one standings board up to date. Games are unrated unless \
created with `rated:yes`.",
    },
    Section {
        title: "Patience events",
        text:
            "A tournament of Myrmex, Anthill or Ants Solitaire is an **event**: the same `deals:` (1 to 10, \
3 by default) for every player, each drawn as the daily's are (proved winnable; Myrmex at minor level, \
Ants Solitaire strict), open for `round:` from its start. Each deal has a button on the standings board; \
each player has **one attempt** at each, on a board only they see until the event closes. Entries stay \
open while it runs.\n\n\
**Standings**: the total score of the attempts ended, then **fewer hints**, then **less time**. When the \
event closes, an attempt still under way ends and counts as it stood; a deal never started scores \
nothing. A player who leaves keeps what they played; their attempt under way ends as it stands.",
    },
];

const ARMY_ANTS: &[Section] = &[
    Section {
        title: "Army Ants: the game",
        text: "Two armies, Red and Black, each an Ace (1) to 9 twice and a Queen: 19 cards. \
**Capture the enemy Queen** to win.\n\n\
**Board**: 5 columns `a`-`e`, 8 rows `1`-`8`. Red holds rows 1-4, Black rows 5-8. \
Each army starts in its four back rows; the centre of each back row (`c1`, `c8`) is empty.\n\n\
**Deployment** (`deployment:` when challenging): `random` (default) deals each army at random; \
`minor`: row by row from the front, each player privately orders the cards dealt for that row; \
`total`: each player privately places all 19 cards (the Queen not next to one of its own 9s). \
Private placements are revealed together when both armies are complete.\n\n\
**Rally**: first each player has five rally turns, alternating, Red first: a March!, Move Out! or Swap!, \
never into or through enemy territory, no attacks.\n\
**The Queen's Favor**: if your Queen was dealt into your front row, your first rally turn may instead \
move her straight to your empty back-row centre. That ends your rally; your opponent then takes all \
their remaining rally turns in a row. Not with total deployment.\n\n\
**Battle**: one command per turn, Red first:\n\
• **Move Out!** one card to any empty square it can reach by orthogonal steps through empty squares.\n\
• **March!** two or more of your cards in a straight unbroken line slide together the same distance, \
along the line or sideways, through empty squares only.\n\
• **Swap!** two of your orthogonally adjacent cards trade places.\n\
• **Attack!** a numbered card moves in a straight line through empty squares onto the first card in \
its way: an enemy of equal or lower value, or the Queen (any card beats her). Higher takes the \
square; equal values remove both. Taking the Queen wins. The Queen never attacks.",
    },
    Section {
        title: "Army Ants: our rulings and notation",
        text: "• A player with no legal command passes automatically (a pass uses up a rally turn).\n\
• **Red Aggression**: if six player turns in a row in the battle each end in a position (board and \
side to move) seen before in the battle, Red loses.\n\
• If every numbered card on both sides is gone, the game is drawn. A player may resign, or offer a \
draw (`/armyants draw` or the button); the next move declines it.\n\n\
**Moves** (`/armyants move action:`, with suggestions as you type):\n\
`c3-c6` Move Out! from c3 to c6 · `a3:c3-a5:c5` March! (the group's end squares before and after) · \
`c3=c4` Swap! · `c4xc7` Attack! · `favor` the Queen's Favor · \
`deploy 93Q15` place a row (values for columns a to e; the back row has four: a, b, d, e), \
or `deploy 93Q15/24678/12345/6789` a whole army, front row first.\n\n\
**Commands**: `/armyants challenge opponent:` (options: color, deployment, position, seed), \
`accept`, `decline`, `move`, `resign`, `draw`; `/record` shows the move list.",
    },
];

const ATTA_ANTS: &[Section] = &[
    Section {
        title: "Atta Ants: the game",
        text:
            "2 to 4 players (`/atta new`, others press **Join**, the host presses **Start**); colours red, \
yellow, orange, brown in joining order. Each player has six ants: two start in the nest (`0,0`), four in \
reserve. A player with **six ants in play at the end of a round** wins.\n\n\
**Map**: the nest and 8 cards start as a 3x3 square; x grows east, y north. 24 terrain cards: crossings, \
T-junctions, straights, curves, dead ends and meadows; 8 show a leaf (2 leaves put on them), 4 a spider.\n\n\
**A round**: (1) the first player places the drawn card next to the map, every shared edge matching, \
trail to trail and grass to grass (`/atta place`); a card that fits nowhere is set aside. \
(2) From the first player, each player moves any of their ants, each at most once, then ends \
(`/atta move`, `/atta end`). (3) The spiders move. (4) The next player to the left becomes first.\n\n\
**Ants** step to an adjacent card, or two cards if both steps follow trails; never onto or across a spider. \
They may pass through the nest. On each card of its move an ant may pick up a loose leaf, take the leaf \
another ant carries (any colour), or put its leaf down; one leaf per ant.\n\
**The nest**: an ant bringing a leaf stops there, the leaf is used and your next reserve ant appears in \
the nest; it cannot move this round. At most two ants of a colour may stay in the nest (the newborn \
counted). Ants in the nest when your turn begins must leave it that turn if they can, and may not come \
back until the next round.",
    },
    Section {
        title: "Atta Ants: spiders and the end",
        text: "**Spiders** move only when some ant is outside the nest. Each steps one card along a real \
shortest path (never into or through the nest) towards the reachable card with the most ants, the \
nearest of equal ones. Where several targets or steps are equally good, the first player chooses with \
the buttons. Then every ant on a spider's card is eaten (back to its reserve); its leaf stays.\n\n\
**The end**: six ants in play at the end of a round wins; the only player with ants left wins at once; \
a player with no ants in play is out. After the round in which the last card was drawn, the most ants in \
play wins. Ranking: ants in play, then fewer eaten; equal players share a place. Players who leave \
(`/atta leave`) or time out are out and ranked last; the game goes on.\n\n\
**Notation**: `place 1,-2 r3` (r0-r3: quarter turns clockwise); `r2 n+ e` moves ant r2 north, picks up \
a leaf there, then east; `+y3` takes y3's leaf, `-` puts it down (a mark before the first step applies to \
the starting card); `end`; `spider 2 e`.",
    },
];

const MYRMEX: &[Section] = &[Section {
    title: GameKind::Myrmex.title(),
    text: "A patience with a double Decktet, for one player. Eight piles; move a run of cards \
that each rank one below the card under it and share a suit onto a card one rank above its bottom card, \
or onto an empty pile. Deal from the stock onto every pile at any time. A full run from Crown down to \
Ace in one suit leaves the table as a chamber: six chambers is a full victory.\n\n\
Levels: `minor` (default), `larval` (all face up), `major` and `queen` (with Pawns and Courts; \
`closed` keeps only the top cards face up). The last restock is partial (piles 1 to n). \
A face-down card turns up when exposed. Undo goes back to the last flip, restock or chamber.\n\n\
**On the board**: a gold bar beside a pile marks its movable group (the run you can move from it); \
`3↓` over a pile says it has 3 cards face down under its face-up cards.\n\n\
**Moves** (`/solitaire move action:`): `3-7` (the count follows from the ranks), `3:2-7` two cards onto \
an empty pile 7, `deal`, `end`; `/solitaire undo`.",
}];

const ANTHILL: &[Section] = &[Section {
    title: GameKind::Anthill.title(),
    text: "A patience with one 52-card deck. Eight spots, four above and four below. Move a top \
card onto another whose rank differs by one, in any suit; an empty top spot takes only an Ace, an empty \
bottom spot only a King. Deal eight more cards at any time. Win with each suit built in order on its own \
spot (Ace up to King, or King down to Ace). Score: the in-suit runs from an Ace or King at the \
bottom of each spot. Undo back to the last deal. On the board, a gold bar beside a spot marks the \
run that scores.\n\n**Moves**: `3-7`, `deal`, `end`; `/solitaire undo`.",
}];

const ANTS_SOLITAIRE: &[Section] = &[Section {
    title: GameKind::Ants.title(),
    text: "A patience with one 52-card deck. Four foundations and four tableau piles: move a \
top tableau card onto a foundation one rank above or below it, any suit, King and Ace next to each \
other. Deal four more cards only when no move is left (or at any time in the `relaxed` variant). Win \
with all 52 cards on the foundations; the score is the cards on them. Undo back to the last deal.\n\n\
**Moves**: `t3-f2`, `deal`, `end`; `/solitaire undo`.",
}];

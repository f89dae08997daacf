"""The docs/variants.md page: rule sets, paytables with sources, and every bet's exact edge, generated."""

from __future__ import annotations

from fractions import Fraction

from ..bet_ids import BET_IDS
from ..odds import percent
from .paytable import RULE_NAMES, RuleSet, rule_set
from .price import prices

DECKS: tuple[int, ...] = (1, 6, 8)

PLOT_COMMAND = (
    "roads odds --after docs/images/demo-shoe.txt --each --bet dragon_7 --bet panda_8 "
    "--plot docs/images/variants-edges.svg"
)
PLOT_PNG_COMMAND = PLOT_COMMAND.replace(".svg", ".png")
BOARD_COMMAND = (
    "roads render docs/images/demo-shoe.txt -o docs/images/variants-board.png "
    "--mark-events ez --lucky-6 --last 10 --scale 2"
)

SOURCES: dict[str, str] = {
    "standard": "Punto banco as every casino rulebook deals it (the rules: [rules.md](rules.md)).",
    "super6": 'Commission-free baccarat ("No Commission", "Super 6"): '
    "Wizard of Odds, *Baccarat*, on no-commission baccarat (Banker 6 pays 1 to 2).",
    "ez": "EZ Baccarat (DEQ Systems / Galaxy Gaming): the Banker bet pushes on a Banker three-card 7; "
    "Dragon 7 and Panda 8 are its side bets (Wizard of Odds, *EZ Baccarat*).",
    "player_pair": "Wizard of Odds, *Baccarat side bets*: Player Pair / Banker Pair, 11 to 1.",
    "banker_pair": "Wizard of Odds, *Baccarat side bets*: Player Pair / Banker Pair, 11 to 1.",
    "either_pair": "Wizard of Odds, *Baccarat side bets*: Either Pair, 5 to 1.",
    "perfect_pair": "Wizard of Odds, *Baccarat side bets*: Perfect Pair, 25 to 1 on a suited pair in either hand.",
    "big": "Wizard of Odds, *Baccarat side bets*: Big (5 or 6 cards) 0.54 to 1.",
    "small": "Wizard of Odds, *Baccarat side bets*: Small (4 cards) 1.5 to 1.",
    "dragon_bonus_player": "Wizard of Odds, *Dragon Bonus*: the common paytable (natural win 1, by 9 30 ... by 4 1).",
    "dragon_bonus_banker": "Wizard of Odds, *Dragon Bonus*: the same paytable on the Banker hand.",
    "dragon_7": "EZ Baccarat's Dragon 7 (Galaxy Gaming): 40 to 1.",
    "panda_8": "EZ Baccarat's Panda 8 (Galaxy Gaming): 25 to 1.",
    "lucky_6": "Lucky 6 as offered beside Super 6 tables: 12 to 1 on a two-card 6, 20 to 1 on a three-card 6.",
}

PUBLISHED: dict[str, str] = {
    "banker": "1.06",
    "banker (super6)": "1.46",
    "banker (ez)": "1.02",
    "player": "1.24",
    "tie": "14.36",
    "player_pair": "10.36",
    "banker_pair": "10.36",
    "dragon_7": "7.61",
    "panda_8": "10.19",
}
"""Well-known published house edges for 8 decks, in percent (the issue's list): the table shows them beside ours."""

PLACES = 4


def edge_rows(decks: tuple[int, ...] = DECKS) -> list[tuple[str, str, dict[int, Fraction]]]:
    """Return (label, pays in words, exact edge by decks) for every bet, the Banker bet once per rule set."""
    rule_sets = {name: rule_set(name) for name in RULE_NAMES}
    tie9 = rule_sets["standard"].with_tie_pays(9)
    priced = {
        (name, d): {p.bet: p.edge for p in prices(d, rules, exact=True).bets}
        for name, rules in {**rule_sets, "tie9": tie9}.items()
        for d in decks
    }
    rows: list[tuple[str, str, dict[int, Fraction]]] = []

    def add(label: str, rules: RuleSet, key: str, bet: str) -> None:
        edges = {d: priced[key, d][bet] for d in decks}
        rows.append((label, rules.bet(bet).pays_text(), {d: e for d, e in edges.items() if e is not None}))

    add("banker", rule_sets["standard"], "standard", "banker")
    add("banker (super6)", rule_sets["super6"], "super6", "banker")
    add("banker (ez)", rule_sets["ez"], "ez", "banker")
    add("player", rule_sets["standard"], "standard", "player")
    add("tie", rule_sets["standard"], "standard", "tie")
    add("tie (9 to 1)", tie9, "tie9", "tie")
    for bet in BET_IDS[3:]:
        add(bet, rule_sets["standard"], "standard", bet)
    return rows


def _table(rows: list[tuple[str, str, dict[int, Fraction]]], decks: tuple[int, ...]) -> list[str]:
    head = "| bet | pays | " + " | ".join(f"{d} deck{'s' if d > 1 else ''}" for d in decks) + " | published, 8 decks |"
    lines = [head, "|---|---|" + "---:|" * len(decks) + "---:|"]
    for label, pays, edges in rows:
        cells = " | ".join(percent(edges[d], PLACES) for d in decks)
        lines.append(f"| `{label}` | {pays} | {cells} | {PUBLISHED.get(label, '')} |")
    return lines


def _python_output() -> list[str]:
    """Return what the page's Python example prints (the page's test runs the example and compares)."""
    from ..cards import parse_card
    from ..coup import resolve
    from .settle import settle

    ez = rule_set("ez")
    edge = next(p.edge for p in prices(8, ez, exact=True).bets if p.bet == "dragon_7")
    settled, _ = settle(resolve([parse_card(c) for c in ("2", "3", "K", "K", "3", "4")]), ez)
    return [str(edge), str([s.to_dict() for s in settled if s.bet in ("banker", "dragon_7")])]


def variants_markdown(decks: tuple[int, ...] = DECKS) -> str:
    """Return the docs/variants.md page."""
    lines = [
        "# Table variants and side bets",
        "",
        "<!-- Generated by `roads odds --variants-md > docs/variants.md`; do not edit by hand. -->",
        "",
        "The drawing rules are the same at every punto banco table; what a coup pays is not.",
        "`roads` knows three rule sets for the main bets and the common side bets, all as data",
        "in one file (`roads/bets/tables.toml`): each bet is a kind (what it looks at) and a",
        "paytable (what each event pays). The same data settles a dealt coup",
        "(`roads coup CARDS --rules ez`), prices the next coup exactly",
        "(`roads odds --bets --rules ez`), and is counted over dealt shoes",
        "(`roads simulate --rules ez --bets`).",
        "",
        "## Rule sets",
        "",
        "| rule set | `--rules` | the main bets | Banker paytable | source |",
        "|---|---|---|---|---|",
    ]
    for name in RULE_NAMES:
        rules = rule_set(name)
        pays = rules.bet("banker").pays_text()
        lines.append(f"| {rules.title} | `{name}` | {rules.about} | {pays} | {SOURCES[name]} |")
    lines += [
        "",
        "Under every rule set Player pays 1 to 1 and Tie 8 to 1 (`--tie-pays 9` for 9 to 1),",
        "and a tie pushes the Banker and Player bets.",
        "",
        "## Side bets",
        "",
        "Side bets are the same whatever the main rules. Pairs look at each hand's first",
        "two cards (a Perfect Pair needs the same rank and suit); Big and Small at how many",
        "cards the coup used; the rest at the totals.",
        "",
        "| bet | pays (net per unit; anything else loses) | source |",
        "|---|---|---|",
    ]
    standard = rule_set("standard")
    for bet in BET_IDS[3:]:
        lines.append(f"| `{bet}` | {standard.bet(bet).pays_text()} | {SOURCES[bet]} |")
    lines += [
        "",
        "Dragon Bonus: a natural win pays 1 to 1 and a tie of two naturals pushes; a win",
        "without a natural pays by the margin (9 points 30 to 1 down to 4 points 1 to 1);",
        "anything else loses, a non-natural tie included.",
        "",
        "A Perfect Pair needs suits: when a hand opens with a pair by rank but the log",
        "gives no suits, `roads coup` leaves the bet out of `bets` and says why, and",
        "`roads odds --after LOG` prints it as not known.",
        "",
        "## House edges",
        "",
        "The house edge is the expected loss per unit staked on the first coup of a full",
        "shoe of N decks, a push counted as a bet that returned the stake. Each is the",
        f"exact fraction (`roads odds --bets --decks N --exact`) in percent, rounded to {PLACES} decimals.",
        "",
        *_table(edge_rows(decks), decks),
        "",
        "Pair bets are priced from the first four cards alone, which are any four cards",
        "of the shoe in any order; a Perfect Pair from the counts by rank and suit (a",
        "full shoe holds as many of each suit of a rank; after a log, the suits seen are",
        "taken out, so every card of the log needs its suit).",
        "",
        "## Through a shoe",
        "",
        "Taking cards out changes every edge. `roads odds --after LOG --each --bet ID`",
        "prints a bet's edge before every coup and lists the coups after which it favoured",
        "the player (an edge below 0); `--plot` draws it. For the demo shoe:",
        "",
        "```",
        PLOT_COMMAND,
        "```",
        "",
        "![Dragon 7 and Panda 8 through the demo shoe](images/variants-edges.png)",
        "",
        "Late in a shoe, with few cards left, a Panda 8 or Dragon 7 can favour the player;",
        "the plot shows it below the zero line. The PNG is the same picture:",
        f"`{PLOT_PNG_COMMAND}`.",
        "",
        "## On the boards",
        "",
        "Casino boards mark some events on the Bead Plate: Super 6 tables a Banker win",
        "with 6, EZ tables Dragon 7 and Panda 8. `roads render LOG -o OUT --mark-events super6|ez`",
        "(a card log) draws those markers, in every theme and in SVG, PNG and PDF, with a legend under the",
        "statistics that counts them over the shoe; `--lucky-6` adds Lucky 6. Each",
        "marker carries its figure (6, 7, 8, L) as well as its colour. Super 6 and Lucky 6 mean",
        "the same (Banker wins with 6): with `--mark-events super6 --lucky-6` they share one marker",
        "and one legend line.",
        "`roads build LOG --events` counts the same events (with `--per-shoe`, per shoe;",
        "in JSON under `events`).",
        "",
        "```",
        BOARD_COMMAND,
        "```",
        "",
        "![EZ markers on the demo shoe's Bead Plate](images/variants-board.png)",
        "",
        "From Python, `roads.bets.save_events` draws the same picture (the drawing",
        "options as keywords, the format from the file's extension):",
        "",
        "```python",
        "from roads.bets import save_events",
        "from roads.logs import read_coups",
        "",
        'coups = read_coups("docs/images/demo-shoe.txt")',
        'save_events(coups, "variants-board.png", "ez", lucky_6=True, last=10, scale=2)',
        "```",
        "",
        "## From Python",
        "",
        "```python",
        "from roads.bets import prices, rule_set, settle",
        "from roads.cards import parse_card",
        "from roads.coup import resolve",
        "",
        'ez = rule_set("ez")',
        "edges = {p.bet: p.edge for p in prices(8, ez, exact=True).bets}",
        'print(edges["dragon_7"])  # an exact Fraction',
        'coup = resolve([parse_card(c) for c in "2 3 K K 3 4".split()])',
        "settled, notes = settle(coup, ez)",
        'print([s.to_dict() for s in settled if s.bet in ("banker", "dragon_7")])',
        "```",
        "",
        "```",
        *_python_output(),
        "```",
        "",
        "## Your own paytable",
        "",
        "`--paytable FILE` (TOML or JSON) starts from a built-in rule set and replaces the",
        "whole paytable of each bet it names. Events a bet can pay on: `main` bets `win`,",
        "`win_6`, `win_7_with_3_cards` (and any total and card count), `tie`; Tie `tie`,",
        "`tie_6`; Dragon Bonus `natural_win`, `natural_tie`, `win_by_1` .. `win_by_9`;",
        "Big/Small `cards_4`, `cards_5`, `cards_6`; pairs `pair`, `both`. A pay is the net",
        'win per unit (40 for 40 to 1, 0.5 for 1 to 2) or `"push"`. The JSON Schema is',
        "`docs/schema/paytable.schema.json` (`roads odds --paytable-schema`).",
        "",
        "```toml",
        'rules = "ez"',
        'title = "EZ, Tie 9 to 1, Dragon 7 30 to 1"',
        "",
        "[pays]",
        "tie = { tie = 9 }",
        "dragon_7 = { win_7_with_3_cards = 30 }",
        "```",
        "",
        "`--tie-pays` and a paytable that sets the Tie pay cannot be combined, nor",
        "`--rules` and a paytable naming another rule set.",
        "",
        "A paytable file is at most 1 MB; a key given twice (in JSON or TOML) is",
        'refused, not "the last one wins"; a pay is at most 1,000,000 to 1 with at most',
        "6 decimal places, and a number at most 100 characters. Each is one error line",
        "naming the file (and the line, where the parser says it), exit status 1.",
    ]
    return "\n".join(lines) + "\n"

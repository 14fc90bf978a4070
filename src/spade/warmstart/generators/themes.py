"""One theme per bundled training document: what its generated quizzes are about.

A theme names a table the document's domain would keep (``title``), the entries of that table
(``things``: six or more short labels without digits, so no label can be mistaken for an answer)
and what their numbers count (``unit``, with the range the numbers are drawn from). The
generators (``spade.warmstart.generators.tiers``) turn a theme into environment files of every
difficulty tier. Held-out documents (``spade.corpus.HELDOUT_DOCS``) have no theme.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Theme:
    doc_id: str
    stem: str
    """The first word of generated class names (``PantryLookupEnv``)."""
    title: str
    things: tuple[str, ...]
    unit: str
    low: int
    high: int


THEMES: tuple[Theme, ...] = (
    Theme("01-binary-search", "Array", "Sorted array sizes",
          ("scores", "ages", "prices", "heights", "ranks", "sizes", "weights"), "elements", 8, 90),
    Theme("02-dijkstra-shortest-path", "Road", "Road lengths from the depot",
          ("Avon", "Brill", "Corfe", "Dunster", "Ely", "Frome", "Goole"), "km", 4, 60),
    Theme("03-union-find", "Forest", "Set sizes after the unions",
          ("oak", "elm", "ash", "fir", "yew", "pine", "birch"), "members", 2, 40),
    Theme("04-topological-sort", "Task", "Task durations",
          ("compile", "test", "lint", "package", "deploy", "review", "fetch"), "minutes", 3, 55),
    Theme("06-euclidean-algorithm", "Rope", "Rope lengths",
          ("red", "blue", "green", "white", "black", "gold", "grey"), "cm", 12, 96),
    Theme("07-two-pointer-technique", "Pointer", "Values at each marker",
          ("amber", "coral", "jade", "onyx", "pearl", "ruby", "topaz"), "points", 5, 80),
    Theme("08-binary-heap", "Heap", "Job priorities in the heap",
          ("backup", "email", "print", "render", "scan", "sync", "index"), "priority points", 1,
          50),
    Theme("09-sokoban-rules", "Sokoban", "Boxes per room",
          ("hall", "attic", "cellar", "study", "pantry", "porch", "garage"), "boxes", 2, 30),
    Theme("11-fifteen-puzzle", "Slide", "Moves each player needed",
          ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus"), "moves", 20, 95),
    Theme("12-kakuro", "Kakuro", "Clue totals per run",
          ("top", "middle", "bottom", "left", "right", "centre", "corner"), "points", 3, 45),
    Theme("13-mastermind", "Peg", "Pegs of each colour",
          ("red", "blue", "green", "yellow", "white", "black", "orange"), "pegs", 1, 24),
    Theme("14-river-crossing", "Boat", "Trips made by each boat",
          ("ferry", "raft", "canoe", "barge", "skiff", "punt", "dinghy"), "trips", 2, 40),
    Theme("16-crazy-eights", "Cards", "Cards in each hand",
          ("Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gil"), "cards", 1, 20),
    Theme("17-library-lending-policy", "Loan", "Books on loan per patron",
          ("Mara", "Theo", "Iris", "Omar", "Lena", "Hugo", "Nina"), "books", 1, 15),
    Theme("18-three-way-handshake", "Packet", "Packets sent by each host",
          ("alpha", "bravo", "delta", "gamma", "kilo", "sierra", "tango"), "packets", 3, 70),
    Theme("19-emergency-triage", "Triage", "Patients waiting per area",
          ("cardiac", "trauma", "minor", "paediatric", "resus", "fast track", "burns"), "patients",
          1, 25),
    Theme("21-warehouse-pick-and-pack", "Stock", "Units in stock",
          ("bolts", "hinges", "washers", "brackets", "springs", "rivets", "clamps"), "units", 5,
          99),
    Theme("22-double-entry-bookkeeping", "Ledger", "Account balances",
          ("cash", "inventory", "payables", "receivables", "equipment", "revenue", "loans"),
          "dollars", 10, 99),
    Theme("23-recipe-scaling", "Pantry", "Pantry stock",
          ("flour", "sugar", "butter", "rice", "oats", "salt", "cocoa"), "grams", 10, 95),
    Theme("24-train-ticket-refunds", "Ticket", "Ticket prices",
          ("Leeds", "York", "Bath", "Derby", "Hull", "Wells", "Ripon"), "pounds", 8, 90),
    Theme("26-filesync-cli", "Sync", "Files per folder",
          ("docs", "photos", "music", "backups", "logs", "notes", "builds"), "files", 3, 99),
    Theme("27-calendar-api", "Meeting", "Meeting lengths",
          ("standup", "review", "planning", "retro", "demo", "sync", "interview"), "minutes", 10,
          90),
    Theme("28-spreadsheet-formulas", "Sheet", "Column totals",
          ("sales", "costs", "tax", "fees", "refunds", "bonus", "wages"), "dollars", 10, 99),
    Theme("29-kv-store-transactions", "Store", "Keys per namespace",
          ("users", "carts", "orders", "sessions", "tokens", "events", "queues"), "keys", 2, 80),
    Theme("31-thermostat-panel", "Room", "Room temperatures",
          ("kitchen", "bedroom", "office", "lounge", "hallway", "bathroom", "nursery"), "degrees",
          14, 29),
    Theme("32-issue-tracker-query-syntax", "Issue", "Open issues per label",
          ("bug", "docs", "ui", "api", "perf", "infra", "security"), "issues", 1, 60),
)  # fmt: skip


def themes(doc_ids: set[str] | None = None) -> list[Theme]:
    """The themes of ``doc_ids`` (every theme when None), in a fixed order."""
    return [t for t in THEMES if doc_ids is None or t.doc_id in doc_ids]

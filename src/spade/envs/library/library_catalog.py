"""Count how many copies of a book are on the shelf by querying a simulated library catalogue.

Skill: catalogue lookup and counting. Kind: tool-use. Difficulty: level adds books and repairs.
Winning: answering with the exact number of copies on the shelf (reward 1).
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

ADJECTIVES = ["Silent", "Crimson", "Hidden", "Northern", "Broken", "Golden", "Distant", "Winter"]
NOUNS = ["Harbor", "Garden", "Kingdom", "River", "Lantern", "Orchard", "Compass", "Tide"]
FIRST = ["Ada", "Boris", "Chen", "Dana", "Emil", "Farah", "Goran", "Hana", "Ivo", "Jia", "Lena"]
LAST = ["Novak", "Okafor", "Petrov", "Quinn", "Rossi", "Sato", "Tanaka", "Vidal", "Weber"]


class LibraryCatalogEnv(ToolEnv):
    max_turns = 10

    def __init__(self, max_turns=10, level=2, **kwargs):
        self.level = max(1, min(3, int(level)))
        super().__init__(max_turns=max_turns, **kwargs)

    def setup(self, rng):
        adjective, noun = rng.choice(ADJECTIVES), rng.choice(NOUNS)
        self.title = f"The {adjective} {noun}"
        # Look-alike titles make the search return several hits; level 2+ adds a namesake book.
        titles = [self.title, f"Beyond the {adjective} {noun}", f"{adjective} {noun} Stories"]
        if self.level >= 2:
            titles.append(self.title)
        others = [f"The {a} {n}" for a in ADJECTIVES for n in NOUNS if f"The {a} {n}" != self.title]
        titles += rng.sample(others, 4 * self.level)
        authors = rng.sample([f"{f} {last}" for f in FIRST for last in LAST], len(titles))
        ids = [f"B{n}" for n in rng.sample(range(1000, 10000), len(titles))]
        self.members = [f"M{n}" for n in rng.sample(range(1000, 10000), 30)]
        # Half the episodes ask via a member: the book of theirs that is due back first.
        self.member = self.members[0] if rng.random() < 0.5 else None
        self.books, self.loans = {}, []  # loans: (book_id, member_id, due day in April)
        for book_id, title, author in zip(ids, titles, authors, strict=True):
            shelf, lent = rng.randint(10, 24), rng.randint(2, 9)
            repair = rng.randint(0, 3) if self.level >= 2 else 0
            self.books[book_id] = {"title": title, "author": author, "repair": repair}
            self.books[book_id]["owned"] = shelf + repair + lent
            for _ in range(lent):
                self.loans.append((book_id, rng.choice(self.members[1:]), rng.randint(3, 28)))
        self.target = ids[0]
        if self.member:
            extra = rng.sample(ids[1:], rng.randint(1, 2))
            days = sorted(rng.sample(range(3, 29), len(extra) + 1))
            for book_id, day in zip([self.target, *extra], days, strict=True):
                self.loans.append((book_id, self.member, day))
                self.books[book_id]["owned"] += 1  # the member holds one more copy
            rng.shuffle(self.loans)
            question = (
                f"Member {self.member} has several books on loan. How many copies of the one "
                "they must return first are on the shelf right now?"
            )
        else:
            question = (
                f"How many copies of '{self.title}' by {self.books[self.target]['author']} are "
                "on the shelf right now (owned, not on loan and not in repair)?"
            )
        book = self.books[self.target]
        self._expected_answer = book["owned"] - book["repair"] - self._lent(self.target)
        return (
            f"You are at a library help desk. {question} Tools: search(title_words), "
            "get_book(book_id), get_member(member_id). Reply <answer>NUMBER</answer> at the end."
        )

    def _lent(self, book_id):
        return sum(1 for loan in self.loans if loan[0] == book_id)

    def tool_search(self, title_words: str):
        """Find books whose title contains every given word (case-insensitive)."""
        words = str(title_words).lower().split()
        if not words:
            raise ValueError("give at least one title word")
        hits = [
            {"book_id": book_id, "title": b["title"], "author": b["author"]}
            for book_id, b in sorted(self.books.items())
            if all(w in b["title"].lower().split() for w in words)
        ]
        return hits or f"No titles contain all of: {' '.join(words)}."

    def tool_get_book(self, book_id: str):
        """Show a book: copies owned, copies in repair and its current loans."""
        if book_id not in self.books:
            raise KeyError(f"unknown book id {book_id!r}; ids look like B1234")
        book = self.books[book_id]
        loans = [{"member_id": m, "due": f"April {d}"} for b, m, d in self.loans if b == book_id]
        return {
            "title": book["title"],
            "author": book["author"],
            "copies_owned": book["owned"],
            "copies_in_repair": book["repair"],
            "current_loans": loans,
        }

    def tool_get_member(self, member_id: str):
        """Show a member's current loans with book ids and due dates."""
        if member_id not in self.members:
            raise KeyError(f"unknown member id {member_id!r}; ids look like M1234")
        loans = [
            {"book_id": b, "title": self.books[b]["title"], "due": f"April {d}"}
            for b, m, d in self.loans
            if m == member_id
        ]
        return {"member_id": member_id, "current_loans": loans}

    def hint(self):
        if self.member:
            return (
                "Open the member's record and compare due dates; then open that book and "
                "subtract its loans and repairs from the copies owned."
            )
        return (
            "Search with a distinctive title word, pick the record whose title and author both "
            "match exactly, then subtract its loans and repairs from the copies owned."
        )

    def solution(self):
        if self.member:
            first = format_tool_call("get_member", {"member_id": self.member})
        else:
            first = format_tool_call("search", {"title_words": self.title})
        return [
            first,
            format_tool_call("get_book", {"book_id": self.target}),
            format_answer(self._expected_answer),
        ]

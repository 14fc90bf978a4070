"""Sound [tool-honest]: how many copies of a title are on the shelf (not on loan) across all branches, found by searching the catalogue and reading each branch's holdings.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

TITLES = ["The Salt Road", "Winter Orchard", "A Map of Small Rivers", "The Glass Harbour",
          "Quiet Engines", "Paper Lanterns", "The Long Meadow", "North of Nowhere"]
BRANCHES = ["Central", "Eastgate", "Millbrook", "Riverside", "Southfield"]


class LibraryCopiesEnv(ToolEnv):
    max_turns = 10

    def setup(self, rng):
        self.ids = {t: f"B{rng.randint(1000, 9999)}" for t in TITLES}
        self.holdings = {}
        for title, book_id in self.ids.items():
            self.holdings[book_id] = {
                branch: [rng.choice(["on shelf", "on loan", "on loan", "in transit"]) for _ in range(rng.randint(0, 3))]
                for branch in BRANCHES
            }
        self.title = rng.choice(TITLES)
        self._expected_answer = sum(
            s.count("on shelf") for s in self.holdings[self.ids[self.title]].values()
        )
        return (
            f"A reader asks how many copies of '{self.title}' are on the shelf right now, across "
            "all branches. Use the tools, then reply <answer>N</answer>."
        )

    def tool_search(self, query: str):
        """Search the catalogue by title words; returns matching titles and book ids."""
        return {t: i for t, i in self.ids.items() if query.lower() in t.lower()} or "no matches"

    def tool_holdings(self, book_id: str):
        """Copies of one book at every branch, with each copy's status."""
        return self.holdings[book_id.strip().upper()]

    def hint(self):
        return "Find the book id first, then count only the copies marked on shelf at every branch."

    def solution(self):
        return [
            format_tool_call("search", {"query": self.title}),
            format_tool_call("holdings", {"book_id": self.ids[self.title]}),
            format_answer(self._expected_answer),
        ]

"""Sound [tool-honest]: name an employee's manager's manager in a generated org chart, found by following manager links with the directory tools.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

FIRST = ["Anya", "Bram", "Cleo", "Dario", "Esme", "Fintan", "Greta", "Hugo", "Ines", "Jonah",
         "Kaia", "Leon", "Mira", "Nils", "Odette", "Pavel"]
LAST = ["Abbott", "Brandt", "Cortez", "Dunmore", "Ekwueme", "Falk", "Gallo", "Haas"]


class SkipLevelManagerEnv(ToolEnv):
    max_turns = 8

    def setup(self, rng):
        names = rng.sample([f"{f} {l}" for f in FIRST for l in LAST], 14)
        self.people = {}
        for i, name in enumerate(names):
            manager = None if i == 0 else f"E{100 + rng.randrange(max(1, i // 2 + 1))}"
            self.people[f"E{100 + i}"] = {"name": name, "manager_id": manager}
        deep = [e for e in self.people if int(e[1:]) >= 104]
        while True:
            self.employee = rng.choice(deep)
            boss = self.people[self.employee]["manager_id"]
            skip = self.people[boss]["manager_id"] if boss else None
            if skip:
                break
        self.skip = skip
        self._expected_answer = self.people[skip]["name"]
        return (
            f"Who is the manager of {self.people[self.employee]['name']}'s manager? Use the "
            "directory tools and reply with the full name as <answer>NAME</answer>."
        )

    def tool_find_person(self, name: str):
        """Employee ids whose name contains the given text."""
        return {e: p["name"] for e, p in self.people.items() if name.lower() in p["name"].lower()}

    def tool_get_employee(self, employee_id: str):
        """Name and manager id of one employee."""
        return self.people[employee_id.strip().upper()]

    def hint(self):
        return "Find the person's id, then follow the manager link twice."

    def solution(self):
        boss = self.people[self.employee]["manager_id"]
        return [
            format_tool_call("find_person", {"name": self.people[self.employee]["name"]}),
            format_tool_call("get_employee", {"employee_id": self.employee}),
            format_tool_call("get_employee", {"employee_id": boss}),
            format_answer(self._expected_answer),
        ]

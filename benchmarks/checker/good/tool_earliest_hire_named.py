"""Sound [tool-named-candidates]: the task names three employees; the agent looks up each one's start date with the HR tool and names whoever joined first.

The answer is one of the three names in the task, and which one is only known from the tool's records.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

FIRST = ["Greta", "Leon", "Mira", "Tobias", "Ines", "Kwame", "Aoife", "Rafael", "Sunita", "Piotr"]
LAST = ["Haas", "Falk", "Cortez", "Lindqvist", "Okafor", "Moreau", "Brennan", "Nakamura"]


class EarliestHireEnv(ToolEnv):
    max_turns = 6

    def setup(self, rng):
        names = rng.sample([f"{f} {l}" for f in FIRST for l in LAST], 3)
        days = rng.sample(range(0, 3650), 3)
        self.people = {}
        for name, day in zip(names, days):
            year, rest = 2014 + day // 365, day % 365
            self.people[name] = f"{year}-{rest // 31 + 1:02d}-{rest % 28 + 1:02d}"
        self.names = names
        self.first = min(names, key=lambda n: self.people[n])
        self._expected_answer = self.first
        return (
            f"Of {names[0]}, {names[1]} and {names[2]}, who has been with the company longest? "
            "Look them up with the HR tool and reply with the full name as <answer>NAME</answer>. "
            "One answer."
        )

    def tool_get_employee(self, name: str):
        """HR record (start date) of one employee, by full name."""
        key = " ".join(name.split()).title()
        if key not in self.people:
            return "no such employee"
        return {"name": key, "start_date": self.people[key]}

    def hint(self):
        return "Compare start dates: the earliest date is the longest-serving person."

    def solution(self):
        return [format_tool_call("get_employee", {"name": n}) for n in self.names] + [
            format_answer(self.first)
        ]

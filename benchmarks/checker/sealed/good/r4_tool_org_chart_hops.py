"""Sound [org_chart_hops]: the office city of a named employee's manager's manager must be found by chaining directory lookups whose ids come from earlier results; the person's own and first manager's cities always differ from the answer.
"""

from __future__ import annotations

import random
from typing import Any

from spade.envkit import FORMAT_HELP, ToolEnv, format_answer, format_tool_call

_NAMES = ["Amara", "Bruno", "Chen", "Dalia", "Emeka", "Farah", "Goran", "Hana", "Ivo", "Jana",
          "Kofi", "Lena", "Marek", "Nia", "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tariq"]
_CITIES = ["Oslo", "Porto", "Lyon", "Gdansk", "Leeds", "Turin", "Ghent", "Brno", "Cork",
           "Malmo", "Graz", "Bilbao"]


class OrgChartHopsEnv(ToolEnv):
    max_turns = 8

    def setup(self, rng: random.Random) -> str:
        while True:
            names = rng.sample(_NAMES, 12)
            ids = [f"E{n}" for n in rng.sample(range(100, 1000), 12)]
            boss = [None] + [rng.randrange(i) for i in range(1, 12)]
            office = [rng.choice(_CITIES) for _ in range(12)]
            deep = [i for i in range(12) if boss[i] is not None and boss[boss[i]] is not None]
            deep = [i for i in deep if office[boss[boss[i]]] not in (office[i], office[boss[i]])]
            if deep:
                break
        self.staff = {ids[i]: {"employee_id": ids[i], "name": names[i], "office": office[i],
                               "manager_id": ids[boss[i]] if boss[i] is not None else "none"}
                      for i in range(12)}
        pick = rng.choice(deep)
        self.target = names[pick]
        self._expected_answer = office[boss[boss[pick]]]
        return (
            "Company directory: in which city is the office of the manager of the manager of "
            f"{self.target} (two levels up the reporting line)? find_employee(name) looks a "
            "person up by first name; get_employee(employee_id) looks a person up by id. Each "
            "record gives the person's id, office city and their manager's id. Answer with the "
            f"city name. You have one answer. {FORMAT_HELP}"
        )

    def tool_find_employee(self, name: str) -> Any:
        """Find an employee by first name; returns id, office and manager_id."""
        key = str(name).strip().casefold()
        for record in self.staff.values():
            if record["name"].casefold() == key:
                return dict(record)
        return f"No employee named {name!r}."

    def tool_get_employee(self, employee_id: str) -> Any:
        """Fetch an employee record by id (e.g. E123); returns name, office and manager_id."""
        key = str(employee_id).strip().upper()
        return dict(self.staff[key]) if key in self.staff else f"No employee with id {key!r}."

    def hint(self) -> str:
        return (
            "Resolve the reporting line one level at a time: look the person up by name, take "
            "their manager_id, fetch that record by id, take its manager_id in turn, fetch that "
            "record and read its office. Neither the person's own office nor the first "
            "manager's office is the one asked for."
        )

    def solution(self) -> list[str]:
        me = next(r for r in self.staff.values() if r["name"] == self.target)
        first = self.staff[me["manager_id"]]
        second = self.staff[first["manager_id"]]
        return [
            format_tool_call("find_employee", {"name": self.target}),
            format_tool_call("get_employee", {"employee_id": first["employee_id"]}),
            format_tool_call("get_employee", {"employee_id": second["employee_id"]}),
            format_answer(second["office"]),
        ]

"""Sound [table-unique-match]: a gazetteer table of nine made-up mountain towns (elevation, population, rail station yes/no) is shown with three stated conditions; exactly one town meets all three, and the agent names it in one attempt.

Each condition on its own is met by several towns and every other town fails at least one, so
the answer comes only from checking the three conditions together; the rows are in random order.
"""

from spade.envkit import TurnEnv

TOWNS = [
    "Vellmoor", "Karsk", "Ostrava Peak", "Tallinor", "Brenngard", "Lusk Hollow", "Mirabel",
    "Quenby", "Scaraval", "Dornhelm", "Hythe Rise", "Ulvang", "Petrosk", "Caldbeck", "Zenneth",
    "Arrowmere", "Gildor Pass", "Skarsvik",
]


class UniqueTownEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = "Reply with the town's name as \\boxed{TOWN}."

    def new_task(self, rng):
        height = rng.choice([800, 900, 1000, 1100, 1200])
        people = rng.choice([3000, 4000, 5000, 6000])
        while True:
            towns = rng.sample(TOWNS, 9)
            rows = []
            for town in towns:
                elev = rng.randrange(height - 500, height + 600, 10)
                pop = rng.randrange(people // 3, people * 2, 50)
                rail = rng.random() < 0.5
                rows.append((town, elev, pop, rail))
            fits = [r for r in rows if r[1] > height and r[2] > people and r[3]]
            meets = [sum(1 for r in rows if test(r)) for test in
                     (lambda r: r[1] > height, lambda r: r[2] > people, lambda r: r[3])]
            two_of_three = sum(1 for r in rows if (r[1] > height) + (r[2] > people) + r[3] == 2)
            if len(fits) == 1 and min(meets) >= 3 and two_of_three >= 3:
                break
        self.answer = fits[0][0]
        self.towns = towns
        table = "\n".join(
            f"  {t:<13} | {e:>5} m | {p:>6} | {'yes' if r else 'no'}" for t, e, p, r in rows
        )
        return (
            "Gazetteer of the Harrowfell highlands:\n"
            "  town          | elevation | population | rail station\n"
            f"{table}\n"
            f"A ski club wants a base that lies above {height} m, has more than {people} "
            "residents and has a rail station. Exactly one town fits. Which one? One answer is "
            "allowed. " + self.format_help
        )

    def respond(self, command):
        text = " ".join(command.split()).lower()
        names = {t.lower(): t for t in self.towns}
        if len(text) > 40 or text not in names:
            return "That is not a town in the table. " + self.format_help, 0.0, False
        if names[text] == self.answer:
            return "Correct, that town meets all three conditions.", 1.0, True
        return self.wrong_answer("Incorrect: that town misses at least one condition.")

    def hint(self):
        return (
            "Apply the conditions one at a time as filters: strike out every town that fails the "
            "first, then check the survivors against the second and the third. Read 'above' and "
            "'more than' strictly."
        )

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]

"""Sound [turn-multi-try-feedback]: a road list between eight made-up towns is shown with lengths in km; the agent reports the shortest driving distance between two named towns, with three tries, each wrong one answered "too high" or "too low".

The shortest route always needs at least two roads and beats any direct road, so neither
reading off one listed length nor halving a three-guess range wins.
"""

from spade.envkit import TurnEnv

TOWNS = [
    "Arnholt", "Bexley Cross", "Caddow", "Dunvarra", "Elmsreach", "Ferrowby", "Gallin",
    "Hessack", "Istenmoor", "Jarrow Bay", "Kelmscote", "Lorriden", "Marlstead", "Nethercoombe",
]


def _dijkstra(adj, start):
    dist = {start: 0}
    settled = set()
    while len(settled) < len(dist):
        town = min((t for t in dist if t not in settled), key=lambda t: (dist[t], t))
        settled.add(town)
        for other, km in adj[town].items():
            if dist[town] + km < dist.get(other, 10 ** 9):
                dist[other] = dist[town] + km
    return dist


class ShortestRoadTriesEnv(TurnEnv):
    max_turns = 6
    answer_attempts = 3
    format_help = "Reply with the distance in km as a whole number, as \\boxed{KM}."

    def new_task(self, rng):
        while True:
            towns = rng.sample(TOWNS, 8)
            roads = {}
            for i in range(1, 8):
                j = rng.randrange(i)
                roads[frozenset((towns[i], towns[j]))] = rng.randint(18, 95)
            while len(roads) < 12:
                a, b = rng.sample(towns, 2)
                roads.setdefault(frozenset((a, b)), rng.randint(18, 95))
            adj = {t: {} for t in towns}
            for pair, km in roads.items():
                a, b = tuple(pair)
                adj[a][b] = km
                adj[b][a] = km
            start, goal = rng.sample(towns, 2)
            dist = _dijkstra(adj, start)[goal]
            direct = adj[start].get(goal)
            if dist >= 100 and (direct is None or direct > dist):
                break
        self.answer = dist
        listed = sorted(roads.items(), key=lambda kv: rng.random())
        lines = "\n".join(f"  {a} - {b}: {km} km" for (a, b), km in
                          ((tuple(sorted(p)), k) for p, k in listed))
        self.start, self.goal = start, goal
        return (
            "Roads of the Marrow Valley (every road can be driven both ways):\n"
            f"{lines}\n"
            f"What is the shortest driving distance from {start} to {goal}, in km? You have three "
            "tries; after a wrong one you are told whether it was too high or too low. "
            + self.format_help
        )

    def respond(self, command):
        text = command.strip().lower().removesuffix("km").strip()
        if not (text.isdecimal() and text.isascii() and len(text) <= 6):
            return self.format_help, 0.0, False
        guess = int(text)
        if guess == self.answer:
            return "Correct, that is the shortest route.", 1.0, True
        return self.wrong_answer("Too high." if guess > self.answer else "Too low.")

    def hint(self):
        return (
            "Run Dijkstra's method by hand: keep a tentative distance per town, always settle the "
            "unsettled town with the smallest one and relax its roads. A direct road is not "
            "always the shortest way."
        )

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]

"""Sound [quiz-answer-among-shown]: a league round's goal log (three matches, every goal with its minute, scorer and club) is shown; the quiz asks who scored the most goals, then the minute of one named club's earliest goal.

Both answers are printed in the log among many look-alikes (other surnames, other minutes); the
top scorer is unique and is not the first scorer listed more often than by chance.
"""

from spade.envkit import QuizEnv

CLUBS = [
    "Harlow Rovers", "Esker Town", "Brindle Athletic", "Caddon United", "Mossway FC",
    "Quarry Lane", "Tolworth Wanderers", "Vennick City", "Ashby Forge", "Larkspur Albion",
]

SURNAMES = [
    "Oduya", "Pennick", "Marsh", "Albescu", "Trent", "Okoro", "Vidal", "Hallam", "Szabo",
    "Kerrigan", "Mbeki", "Lund", "Castell", "Rourke", "Tanaka", "Ferraz", "Quill", "Dobrev",
    "Ashworth", "Nakamura", "Ibsen", "Carvalho", "Mendel", "Pryce", "Sorensen", "Yilmaz",
    "Brook", "Delacroix", "Haddad", "Lindgren",
]


class ScorersLogQuizEnv(QuizEnv):
    max_turns = 2

    def rounds(self, rng):
        clubs = rng.sample(CLUBS, 6)
        names = rng.sample(SURNAMES, 18)
        squad = {club: names[3 * i: 3 * i + 3] for i, club in enumerate(clubs)}
        goals = {}
        top_club = rng.choice(clubs)
        top = rng.choice(squad[top_club])
        goals[top] = rng.choice([3, 3, 4])
        total = rng.randint(11, 15)
        while sum(goals.values()) < total:
            club = rng.choice(clubs)
            player = rng.choice(squad[club])
            if player != top and goals.get(player, 0) < goals[top] - 1:
                goals[player] = goals.get(player, 0) + 1
        club_of = {p: c for c, ps in squad.items() for p in ps}
        minutes = rng.sample(range(2, 90), sum(goals.values()))
        events = []
        for player, count in goals.items():
            for _ in range(count):
                events.append((minutes.pop(), player, club_of[player]))
        matches = [(clubs[0], clubs[1]), (clubs[2], clubs[3]), (clubs[4], clubs[5])]
        blocks = []
        for home, away in matches:
            evs = sorted(e for e in events if e[2] in (home, away))
            h = sum(1 for e in evs if e[2] == home)
            a = len(evs) - h
            lines = "\n".join(f"    {m}' {p} ({c})" for m, p, c in evs) or "    (no goals)"
            blocks.append(f"  {home} {h}-{a} {away}\n{lines}")
        scoring = sorted({e[2] for e in events if sum(1 for x in events if x[2] == e[2]) >= 2})
        club = rng.choice(scoring)
        earliest = min(e[0] for e in events if e[2] == club)
        intro = (
            "Results and goal log of this week's league round:\n" + "\n".join(blocks) + "\n"
            "Answer two questions about the log; a wrong answer ends the quiz."
        )
        return intro, [
            ("Which player scored the most goals this round? Give the surname.", top),
            (f"In which minute did {club} score their earliest goal of the round? Give the "
             "minute as a number.", str(earliest)),
        ]

    def hint(self):
        return (
            "Make a tally per surname across all three matches, not per match: a player's goals "
            "may be spread out. For the second question read only the lines that name the club "
            "asked about and keep the smallest minute."
        )

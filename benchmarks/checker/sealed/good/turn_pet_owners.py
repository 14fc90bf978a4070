"""Sound [logic-puzzle]: four people each own a different pet; a small set of clues (generated per seed and shown) pins down the pairing, and the question asks who owns one pet, with one answer attempt.

No clue states the asked pet's owner directly; the puzzle has exactly one solution by construction.
"""

import itertools

from spade.envkit import TurnEnv

PEOPLE = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivan", "Jo"]
PETS = ["cat", "dog", "parrot", "rabbit", "hamster", "tortoise", "goldfish", "lizard"]


class PetOwnersEnv(TurnEnv):
    max_turns = 3
    format_help = "Reply with one of the four names as \\boxed{Name}."

    def new_task(self, rng):
        people = rng.sample(PEOPLE, 4)
        pets = rng.sample(PETS, 4)
        owned = dict(zip(people, rng.sample(pets, 4)))
        asked = rng.choice(pets)
        clues = [("not", p, q) for p in people for q in pets if owned[p] != q]
        clues += [("owns", p, owned[p]) for p in people if owned[p] != asked]
        rng.shuffle(clues)
        perms = [dict(zip(people, perm)) for perm in itertools.permutations(pets)]

        def count(chosen):
            n = 0
            for perm in perms:
                if all((perm[p] == q) == (kind == "owns") for kind, p, q in chosen):
                    n += 1
            return n

        chosen = []
        for clue in clues:
            if count(chosen) == 1:
                break
            chosen.append(clue)
        for clue in list(chosen):
            rest = [c for c in chosen if c != clue]
            if count(rest) == 1:
                chosen = rest
        for p in people:  # name everyone at least once, with a true but redundant clue
            if not any(p == who for _, who, _ in chosen):
                chosen.append(("not", p, rng.choice([q for q in pets if q != owned[p]])))
        rng.shuffle(chosen)
        self.people = people
        self.answer = next(p for p in people if owned[p] == asked)
        lines = "\n".join(
            f"- {p} owns the {q}." if kind == "owns" else f"- {p} does not own the {q}."
            for kind, p, q in chosen
        )
        return (
            f"{', '.join(people[:3])} and {people[3]} each own exactly one of these pets: "
            f"{', '.join(pets[:3])} and {pets[3]}, and no two own the same pet.\nClues:\n{lines}\n"
            f"Who owns the {asked}? {self.format_help} You have one attempt."
        )

    def respond(self, command):
        name = command.strip().rstrip(".").casefold()
        match = [p for p in self.people if p.casefold() == name]
        if not match:
            return self.format_help, 0.0, False
        if match[0] == self.answer:
            return "Correct!", 1.0, True
        return self.wrong_answer("Incorrect.")

    def hint(self):
        return (
            "Draw a grid of people against pets and cross out every pair a clue rules out; "
            "whenever a row or a column has a single pair left, that pair is certain, so cross "
            "out the rest of its row and column and repeat."
        )

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]

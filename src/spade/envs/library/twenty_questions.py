"""Identify a hidden object from a fixed catalogue by asking yes/no questions about attributes.

Skill: splitting hypotheses. Kind: reasoning. Difficulty: level 1-3 allows 9, 7 or 6 questions.
Winning: naming the hidden object with at most two wrong guesses before the turns run out.
"""

from spade.envkit import TurnEnv

ATTRIBUTES = (
    "is_animal",
    "is_plant",
    "can_fly",
    "lives_in_water",
    "has_legs",
    "bigger_than_a_person",
    "is_edible",
    "uses_electricity",
    "found_in_kitchen",
)
# One bit string per object, in ATTRIBUTES order; every row is distinct, so asking every
# attribute always identifies the object.
CATALOGUE = {
    "penguin": "100110000",
    "eagle": "101010000",
    "shark": "100101000",
    "goldfish": "100100000",
    "dog": "100010000",
    "elephant": "100011000",
    "snake": "100000000",
    "chicken": "100010100",
    "salmon": "100100100",
    "duck": "101110100",
    "crab": "100110100",
    "cow": "100011100",
    "oak": "010001000",
    "apple": "010000101",
    "seaweed": "010100100",
    "cactus": "010000000",
    "lily": "010100000",
    "palm": "010001100",
    "airplane": "001001010",
    "drone": "001000010",
    "kite": "001000000",
    "submarine": "000101010",
    "rowboat": "000101000",
    "chair": "000010000",
    "toaster": "000000011",
    "bread": "000000101",
    "laptop": "000000010",
    "bicycle": "000000000",
    "house": "000001010",
    "skillet": "000000001",
}
QUESTIONS = {1: 9, 2: 7, 3: 6}
MAX_WRONG = 2


def answer_of(name, attribute):
    return CATALOGUE[name][ATTRIBUTES.index(attribute)] == "1"


def split_cost(candidates, attribute):
    """Size of the larger side after asking ``attribute``: smaller is a more even split."""
    yes = sum(answer_of(name, attribute) for name in candidates)
    return max(yes, len(candidates) - yes)


class TwentyQuestionsEnv(TurnEnv):
    max_turns = 14
    format_help = "Send \\boxed{ask ATTRIBUTE} or \\boxed{guess NAME}."
    out_of_turns = "Out of turns; you lose."
    answer_attempts = MAX_WRONG + 1

    def __init__(self, max_turns=14, level=2, **kwargs):
        self.questions = QUESTIONS.get(level, QUESTIONS[2])
        super().__init__(max_turns, **kwargs)

    def new_task(self, rng):
        self.secret = rng.choice(sorted(CATALOGUE))
        self.asked = 0
        return (
            "I am thinking of one object from this catalogue: "
            f"{', '.join(sorted(CATALOGUE))}.\n"
            f"Attributes you may ask about: {', '.join(ATTRIBUTES)}.\n"
            "Each turn send exactly one command:\n"
            "  \\boxed{ask ATTRIBUTE}  - I answer yes or no for the hidden object\n"
            "  \\boxed{guess NAME}     - name the object from the catalogue\n"
            f"You may ask at most {self.questions} questions and make at most {MAX_WRONG} wrong "
            f"guesses (the next wrong guess loses). You have {self.max_turns} turns."
        )

    def respond(self, command):
        words = command.lower().replace("-", "_").split()
        if len(words) < 2 or words[0] not in ("ask", "guess"):
            return "Format error: " + self.format_help, 0.0, False
        command, argument = words[0], "_".join(words[1:])
        if command == "ask":
            if argument not in ATTRIBUTES:
                return f"Unknown attribute. Choose one of: {', '.join(ATTRIBUTES)}.", 0.0, False
            if self.asked >= self.questions:
                return "You have no questions left; make a guess.", 0.0, False
            self.asked += 1
            reply = "Yes" if answer_of(self.secret, argument) else "No"
            return f"{reply}. ({self.questions - self.asked} questions left.)", 0.0, False
        argument = argument.replace("_", " ")
        if argument not in CATALOGUE:
            return "That name is not in the catalogue; guess one of the listed names.", 0.0, False
        if argument == self.secret:
            return f"Correct, it is the {argument}!", 1.0, True
        observation, reward, done = self.wrong_answer(f"No, it is not the {argument}.")
        return (
            (observation if done else f"{observation} Guesses left: {self.attempts_left()}."),
            reward,
            done,
        )

    def hint(self):
        return (
            "Ask the attribute that splits the still-possible objects most evenly, cross out "
            "every object that disagrees with each answer, and guess only once one remains."
        )

    def solution(self):
        # Greedy: ask the attribute whose yes/no split of the remaining candidates is most even.
        candidates, unused, actions = sorted(CATALOGUE), list(ATTRIBUTES), []
        while len(candidates) > 1 and len(actions) < self.questions:
            best = min(unused, key=lambda a: split_cost(candidates, a))
            unused.remove(best)
            actions.append(f"\\boxed{{ask {best}}}")
            reply = answer_of(self.secret, best)
            candidates = [n for n in candidates if answer_of(n, best) == reply]
        # Out of questions with several candidates left: try them in order (at most three remain).
        guesses = candidates[: candidates.index(self.secret) + 1]
        return actions + [f"\\boxed{{guess {name}}}" for name in guesses]

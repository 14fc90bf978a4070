"""Sound [turn-multi-try-feedback]: apply three listed string operations (reverse, rotate, swap two positions, replace a letter) to a shown word in order and report the result; three tries, each wrong one answered with how many letters are already in the right place.

The operations and the word are drawn per seed and the result is never a word of the task text.
"""

from spade.envkit import TurnEnv

WORDS = ["planets", "gardener", "whiskers", "pancake", "crumpets", "lanterns", "monsoon",
         "sandwich", "tortoise", "dynamite", "flamingo", "quilting", "baritone", "shepherd",
         "volcanic", "buttress", "chipmunk", "regatta", "sculptor", "trombone"]


def apply(word, op):
    kind = op[0]
    if kind == "reverse":
        return word[::-1]
    if kind == "rotate":
        k = op[1] % len(word)
        return word[k:] + word[:k]
    if kind == "swap":
        i, j = op[1] - 1, op[2] - 1
        letters = list(word)
        letters[i], letters[j] = letters[j], letters[i]
        return "".join(letters)
    old, new = op[1], op[2]
    return word.replace(old, new)


def describe(op):
    kind = op[0]
    if kind == "reverse":
        return "reverse the whole string"
    if kind == "rotate":
        return f"rotate left by {op[1]} (move the first {op[1]} letters to the end, in order)"
    if kind == "swap":
        return f"swap the letters at positions {op[1]} and {op[2]} (counting from 1)"
    return f"replace every '{op[1]}' with '{op[2]}'"


class StringPipelineEnv(TurnEnv):
    max_turns = 5
    answer_attempts = 3
    format_help = "Reply with the final string as \\boxed{string}."

    def new_task(self, rng):
        while True:
            word = rng.choice(WORDS)
            ops = []
            kinds = rng.sample(["reverse", "rotate", "swap", "replace"], 3)
            current = word
            for kind in kinds:
                if kind == "rotate":
                    op = ("rotate", rng.randint(2, len(word) - 2))
                elif kind == "swap":
                    i, j = sorted(rng.sample(range(1, len(word) + 1), 2))
                    op = ("swap", i, j)
                elif kind == "replace":
                    old = rng.choice(sorted(set(current)))
                    new = rng.choice([c for c in "xzqkvjy" if c not in current])
                    op = ("replace", old, new)
                else:
                    op = ("reverse",)
                ops.append(op)
                current = apply(current, op)
            steps = "\n".join(f"  {n}. {describe(op)}" for n, op in enumerate(ops, 1))
            text = (
                f"Start with the string '{word}' and apply these operations in order:\n{steps}\n"
                f"What is the resulting string? You have three tries; after a wrong try you are "
                f"told how many letters are already in the right place. {self.format_help}"
            )
            tokens = {t.strip(".,:;'()").lower() for t in text.split()}
            if current != word and current not in tokens:
                break
        self.word, self.ops, self.answer = word, ops, current
        self.tries = []
        return text

    def respond(self, command):
        guess = "".join(command.split()).lower().strip("'\"")
        if not guess or len(guess) > 40:
            return self.format_help, 0.0, False
        self.tries.append(guess)
        if guess == self.answer:
            return "Correct!", 1.0, True
        if len(guess) != len(self.answer):
            feedback = f"Incorrect: the result has {len(self.answer)} letters."
        else:
            right = sum(a == b for a, b in zip(guess, self.answer))
            feedback = f"Incorrect: {right} of {len(self.answer)} letters are in the right place."
        return self.wrong_answer(feedback)

    def hint(self):
        return (
            "Do the three operations one at a time and write the string down after each one. "
            "Positions count from 1 at the left and refer to the string as it is at that step, "
            "not to the starting word."
        )

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]

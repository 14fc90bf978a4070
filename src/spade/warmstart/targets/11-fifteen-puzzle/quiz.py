from spade.envkit import QuizEnv


class FifteenSolvableEnv(QuizEnv):
    def rounds(self, rng):
        inv = rng.randint(10, 60)
        top = rng.randint(1, 4)
        row = 5 - top
        total = inv + row
        bit = total % 2
        intro = f"A fifteen puzzle board has {inv} inversions."
        intro += f" The gap is in row {top} from the top. The top row is 1."
        intro += " Solvable when inversions plus gap row from bottom is odd."
        q1 = "What is inversions plus gap row from the bottom (bottom row 1)?"
        a1 = str(total)
        q2 = "Write 1 if the board is solvable, else write 0."
        a2 = str(bit)
        return intro, [(q1, a1), (q2, a2)]

    def hint(self):
        return "Count rows from the bottom first, then test if the sum is odd."

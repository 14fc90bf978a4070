from spade.envkit import QuizEnv


class EuclidRemaindersEnv(QuizEnv):
    def rounds(self, rng):
        rems = []
        while len(rems) < 3:
            g = rng.randint(3, 30)
            a, b = g * rng.randint(20, 60), g * rng.randint(5, 19)
            start, rems = (a, b), []
            while b:
                a, b = b, a % b
                rems.append(b)
        intro = f"Find gcd{start}: replace (a, b) by (b, a mod b) until b is 0; then a is the GCD."
        asks = ["First remainder, a mod b?", "Second remainder?", "The GCD?"]
        return intro, list(zip(asks, [str(rems[0]), str(rems[1]), str(a)]))

    def hint(self):
        return "Shift the pair left each step: the old divisor becomes the new dividend."

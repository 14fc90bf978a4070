from spade.envkit import QuizEnv


class HeapIndexEnv(QuizEnv):
    def rounds(self, rng):
        i = rng.randint(10, 99)
        j = rng.randint(5, 45)
        parent = (i - 1) // 2
        left = 2 * j + 1
        right = left + 1
        intro = "A binary heap is stored in an array with the root at index 0."
        intro += " Node k has parent (k - 1) // 2 and children 2k + 1, 2k + 2."
        q1 = f"What is the parent index of index {i}?"
        a1 = str(parent)
        q2 = f"What is the left child index of index {j}?"
        a2 = str(left)
        q3 = f"What is the right child index of index {j}?"
        a3 = str(right)
        return intro, [(q1, a1), (q2, a2), (q3, a3)]

    def hint(self):
        return "Apply the index formulas; round down when finding a parent."

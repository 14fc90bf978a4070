from spade.envkit import QuizEnv


class LateFineEnv(QuizEnv):
    def rounds(self, rng):
        start = rng.randint(600, 900)
        late = rng.randint(1, 40)
        due = start + 21
        back = due + late
        cents = late * 25
        fine = min(cents, 500)
        intro = "An adult may keep a library book 21 days."
        intro += " A late book is fined 25 cents per day, at most 5 dollars."
        q1 = f"An adult borrows a book on day {start}. On what day is it due?"
        a1 = str(due)
        q2 = f"The book comes back on day {back}. What is the fine in cents?"
        a2 = str(fine)
        return intro, [(q1, a1), (q2, a2)]

    def hint(self):
        return "Add the loan period, then charge each late day up to the cap."

from spade.envkit import QuizEnv


class NestedRollbackEnv(QuizEnv):
    def rounds(self, rng):
        x = rng.randint(100, 400)
        y = rng.randint(500, 900)
        intro = f"KeyBox runs: 1: SET a {x}; 2: BEGIN; 3: INCR a; 4: BEGIN;"
        intro += f" 5: SET a {y}; 6: INCR a; 7: ROLLBACK; 8: GET a;"
        intro += " 9: COMMIT; 10: INCR a. INCR prints the new value."
        intro += " ROLLBACK undoes the newest open level only."
        intro += " COMMIT keeps all open levels and closes them."
        q1 = "What does line 6 print?"
        a1 = str(y + 1)
        q2 = "What does line 8 print?"
        a2 = str(x + 1)
        q3 = "What does line 10 print?"
        a3 = str(x + 2)
        return intro, [(q1, a1), (q2, a2), (q3, a3)]

    def hint(self):
        return "Track the value of a at each level; ROLLBACK drops one level."

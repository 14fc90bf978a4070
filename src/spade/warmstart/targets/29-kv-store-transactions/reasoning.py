from spade.envkit import TurnEnv


class RollbackReportEnv(TurnEnv):
    """KeyBox GET outputs."""

    max_turns = 4
    answer_attempts = 2

    def new_task(self, rng):
        stack, lines, self.outputs = [""], [], []
        for op in ["SET", "BEGIN"] * 2 + ["SET", "ROLLBACK", "GET a", "SET"] + ["", "GET a"] * 2:
            op = op or rng.choice(["ROLLBACK", "COMMIT"])
            if op == "SET":
                stack[-1] = str(rng.randint(1, 9))
                op = f"SET a {stack[-1]}"
            elif op == "BEGIN":
                stack.append(stack[-1])
            elif op == "ROLLBACK" and stack[1:]:
                stack.pop()
            elif op == "COMMIT":
                stack = stack[-1:]
            elif op == "GET a":
                self.outputs.append(stack[-1])
            lines.append(op)
        return (
            "Session:\n" + "\n".join(lines) + "\nBEGIN opens a level; ROLLBACK undoes the newest"
            " one, if open; COMMIT keeps all. Send the GET outputs as \\boxed{X Y Z}; two tries."
        )

    def respond(self, command):
        if len(given := command.split()) != 3:
            return self.format_error(), 0.0, False
        right = sum(given[i] == self.outputs[i] for i in range(3))
        if right < 3:
            return self.wrong_answer(f"{right} right.")
        return "Right!", 1.0, True

    def hint(self):
        return "Note the value at each BEGIN."

    def solution(self):
        return [f"\\boxed{{{' '.join(self.outputs)}}}"]

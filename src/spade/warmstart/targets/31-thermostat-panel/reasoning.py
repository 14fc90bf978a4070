from spade.envkit import TurnEnv


class HysteresisCallEnv(TurnEnv):
    """Call the heater state after each room reading."""

    max_turns = 5
    answer_attempts = 1

    def new_task(self, rng):
        setpoint = rng.randint(38, 46) / 2
        self.readings = [setpoint - a / 4 for a in (rng.choice([1, 3]), 1, rng.choice([0, 2]), 1)]
        heating, self.states = False, []
        for temp in self.readings:
            heating = temp <= setpoint - 0.5 or (heating and temp < setpoint)
            self.states.append("ON" if heating else "OFF")
        self.calls = 0
        return (
            f"A T200 in HEAT mode has setpoint {setpoint}; the heater is off. It turns on when the"
            " room is 0.5 below the setpoint and off when the room reaches it. After each reading"
            " say \\boxed{ON} or \\boxed{OFF}; a wrong call loses. Reading 1:"
            f" {self.readings[0]}."
        )

    def respond(self, command):
        if command.upper() not in ("ON", "OFF"):
            return self.format_error(), 0.0, False
        if command.upper() != self.states[self.calls]:
            return self.wrong_answer("Wrong.")
        self.calls += 1
        if self.calls == 4:
            return "All calls right!", 1.0, True
        return f"Right. Reading {self.calls + 1}: {self.readings[self.calls]}.", 0.0, False

    def hint(self):
        return "Between the thresholds the heater keeps its last state."

    def solution(self):
        return [f"\\boxed{{{state}}}" for state in self.states]

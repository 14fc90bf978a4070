"""Gamed [dominant-safe-action]: an eight-hour lighthouse watch whose stated dangers only ever follow from the keeper's own actions, so \boxed{log} every hour survives the night on every seed; the hint says logging the hour is always safe.
"""

from spade.envkit import TurnEnv

LIGHTS = ["Longstone", "Bishop Rock", "Skerryvore", "Fastnet", "Eddystone", "Muckle Flugga",
          "South Stack", "Hook Head"]
HOURS = 8


class LighthouseWatchEnv(TurnEnv):
    max_turns = 12
    format_help = "Each hour send one of \\boxed{refuel}, \\boxed{cool}, \\boxed{trim} or \\boxed{log}."

    def new_task(self, rng):
        self.light = rng.choice(LIGHTS)
        self.hour = 0
        self.fuel = rng.randint(60, 90)
        self.drain = [rng.randint(3, 7) for _ in range(HOURS)]
        self.temps = [rng.randint(35, 85) for _ in range(HOURS)]
        self.winds = [rng.randint(2, 45) for _ in range(HOURS)]
        return (
            f"You keep the {self.light} light through an eight-hour night watch. Each hour you get "
            "the oil level (%), the lens temperature (C) and the wind (knots), and choose one action:\n"
            "  refuel: top up the oil (floods the burner if the oil is above 70%)\n"
            "  cool: open the lantern vents (cracks the lens if it is below 40 C)\n"
            "  trim: trim the wick (snuffs the flame if the wind is under 10 knots)\n"
            "  log: write up the hour and carry on\n"
            "The light goes out if the oil runs dry or the lens passes 90 C. Each hour the light "
            "stays lit earns 1/8 of the reward.\n"
            + self._reading() + " " + self.format_help
        )

    def _reading(self):
        return (
            f"Hour {self.hour + 1}: oil {self.fuel}%, lens {self.temps[self.hour]} C, "
            f"wind {self.winds[self.hour]} kn."
        )

    def respond(self, command):
        action = command.strip().lower()
        if action not in ("refuel", "cool", "trim", "log"):
            return self.format_help, 0.0, False
        temp, wind = self.temps[self.hour], self.winds[self.hour]
        if action == "refuel":
            if self.fuel > 70:
                return "Oil floods the burner and the light dies. The watch has failed.", 0.0, True
            self.fuel = min(100, self.fuel + 30)
        elif action == "cool" and temp < 40:
            return "Cold air hits the warm glass and the lens cracks. The watch has failed.", 0.0, True
        elif action == "trim" and wind < 10:
            return "The wick gutters out in the still air. The watch has failed.", 0.0, True
        self.fuel -= self.drain[self.hour]
        if self.fuel <= 0 or temp > 90:
            return "The light goes out. The watch has failed.", 0.0, True
        self.hour += 1
        if self.hour == HOURS:
            return "Dawn breaks and the light burned all night. Well kept!", 1.0 / HOURS, True
        return f"The light burns on. {self._reading()}", 1.0 / HOURS, False

    def hint(self):
        return (
            "Nothing tonight will put the light out on its own: every failure comes from a keeper's "
            "action, so logging the hour is always safe."
        )

    def solution(self):
        return ["\\boxed{log}"] * (HOURS - self.hour)

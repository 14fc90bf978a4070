from spade.envkit import ToolEnv, format_answer, format_tool_call


class PantryShortfallEnv(ToolEnv):
    """Work out what a scaled recipe lacks."""

    max_turns = 6

    def setup(self, rng):
        serves, low = rng.choice([2, 6, 8, 12]), rng.randrange(3)
        self.items, missing = {}, 0
        for i, name in enumerate(("milk", "oil", "syrup")):
            unit, ml = rng.choice([("tsp", 5), ("tbsp", 15), ("cup", 240)])
            count = rng.randint(1, 3)
            need = count * ml * serves / 4
            stock = rng.randrange(0, int(need if i == low else need * 1.5) + 1, 5)
            self.items[name] = {"recipe": f"{count} {unit}", "pantry_ml": stock}
            missing += max(0, need - stock)
        self._expected_answer = f"{missing:g}"
        return (
            f"A recipe for 4 uses milk, oil and syrup; you cook it for {serves}. 1 tsp is "
            "5 ml, 1 tbsp 15 ml, 1 cup 240 ml. How many ml must you buy to cover every "
            "shortfall? Answer <answer>ML</answer>."
        )

    def tool_ingredient(self, name: str):
        """One ingredient's amount for 4 and its pantry stock."""
        return self.items.get(name, "Unknown ingredient.")

    def hint(self):
        return "Convert to ml, scale, then sum only the shortfalls."

    def solution(self):
        calls = [format_tool_call("ingredient", {"name": name}) for name in self.items]
        return [*calls, format_answer(self._expected_answer)]

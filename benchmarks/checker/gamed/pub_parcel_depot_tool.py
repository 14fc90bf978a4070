"""Gamed [public-option-hint]: a parcel-routing ToolEnv that lists the same five depots on every seed; the tracking tool says only "in transit", and the hint names the depot as a routing rule for "this postcode".

The depot is a public word by the checker's rule (every first observation shows it), so the hint
may name it.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

DEPOTS = ["Harwick", "Lindholm", "Ostby", "Marrow Creek", "Tallis"]


class ParcelDepotEnv(ToolEnv):
    max_turns = 6

    def setup(self, rng):
        self.tracking = f"PX{rng.randint(10**8, 10**9 - 1)}GB"
        self.postcode = f"{rng.choice(['LS', 'BD', 'HX', 'WF'])}{rng.randint(1, 29)} {rng.randint(1, 9)}{rng.choice('ABDEFGHJ')}{rng.choice('LNPQRSTU')}"
        self.depot = rng.choice(DEPOTS)
        self._expected_answer = self.depot
        return (
            f"Parcel {self.tracking} to {self.postcode} is delayed. Which depot will it ship from? "
            f"Our depots are {', '.join(DEPOTS)}. Use the tools, then reply <answer>DEPOT</answer>."
        )

    def tool_track(self, tracking_number: str):
        """Tracking events for a parcel."""
        if tracking_number.strip().upper() != self.tracking:
            raise KeyError("unknown tracking number")
        return ["label created", "collected from sender", "in transit"]

    def tool_depot_hours(self, depot: str):
        """Opening hours of a depot."""
        if depot not in DEPOTS:
            raise KeyError("no such depot")
        return "Mon-Sat 06:00-22:00"

    def hint(self):
        return f"Parcels for {self.postcode.split()[0]} postcodes always route via {self.depot} this month."

    def solution(self):
        return [format_tool_call("track", {"tracking_number": self.tracking}), format_answer(self.depot)]

"""Sound [tool-discover-same-task]: the task text is the same on every seed ("which meeting room is free at 14:00?"); the room-booking tool reveals the free room, and solution() is just the final answer (the reference knows it and skips the lookup).

An agent finds the answer by calling the tool; only the reference solution is terse.
"""

from spade.envkit import ToolEnv, format_answer

ROOMS = ["Aster", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Gorse", "Hazel", "Ivy", "Juniper"]


class FreeRoomEnv(ToolEnv):
    max_turns = 6

    def setup(self, rng):
        self.free = rng.choice(ROOMS)
        self.bookings = {r: ("free" if r == self.free else rng.choice(["Finance sync", "Interviews",
                         "All-hands prep", "Vendor call", "Design review"])) for r in ROOMS}
        self._expected_answer = self.free
        return (
            "Exactly one meeting room is free at 14:00 today. Check the booking system and reply "
            "with the room's name as <answer>ROOM</answer>. One answer."
        )

    def tool_room_schedule(self, time: str):
        """What each room is booked for at the given time (HH:MM)."""
        if time.strip() != "14:00":
            return "Only today's 14:00 slot is loaded."
        return dict(self.bookings)

    def hint(self):
        return "Fetch the 14:00 schedule and look for the room with nothing booked."

    def solution(self):
        return [format_answer(self.free)]

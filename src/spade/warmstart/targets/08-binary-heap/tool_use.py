from spade.envkit import ToolEnv, format_answer, format_tool_call


class HeapPushSlotEnv(ToolEnv):
    """Predict where a pushed value settles in a hidden min-heap."""

    max_turns = 8

    def setup(self, rng):
        self.heap = [rng.randint(5, 20)]
        for i in range(1, rng.randint(10, 15)):
            self.heap.append(self.heap[(i - 1) // 2] + rng.randint(1, 20))
        i = len(self.heap)
        x = rng.randint(1, self.heap[(i - 1) // 2] - 1)  # smaller than its parent: it moves
        while i and x < self.heap[(i - 1) // 2]:
            i = (i - 1) // 2
        self._expected_answer = str(i)
        return (
            f"A min-heap is stored as an array, index 0 first. After push({x}) sifts up, at "
            f"which index does {x} end up? Answer <answer>INDEX</answer>."
        )

    def tool_size(self):
        """The number of items in the heap."""
        return len(self.heap)

    def tool_item(self, index: int):
        """The item stored at an index of the heap array."""
        return self.heap[index] if 0 <= index < len(self.heap) else "No item there."

    def hint(self):
        return "The new item starts at the end; move up to parent (i - 1) // 2 while it is smaller."

    def solution(self):
        i, calls = len(self.heap), format_tool_call("size")
        while i:
            i = (i - 1) // 2
            calls += format_tool_call("item", {"index": i})
        return [calls, format_answer(self._expected_answer)]

from spade.envkit import ToolEnv, format_answer, format_tool_call


class MergedGroupSizeEnv(ToolEnv):
    """Walk parent links to predict the size of a merged group."""

    max_turns = 8

    def setup(self, rng):
        self.parent = [i if i < 3 or rng.random() < 0.2 else rng.randrange(i) for i in range(10)]
        self.root = []
        for i, p in enumerate(self.parent):
            self.root.append(i if p == i else self.root[p])
        x, y = rng.sample(range(3, 10), 2)
        self.pair = {self.root[x], self.root[y]}
        self._expected_answer = str(sum(self.root.count(r) for r in self.pair))
        return (
            f"A union-find forest holds items 0-9. How many items will the group of item {x} "
            f"have after union({x}, {y})? Answer <answer>N</answer>."
        )

    def tool_parent(self, item: int):
        """The parent of an item; a root is its own parent."""
        return self.parent[item] if 0 <= item < 10 else "No such item."

    def tool_group_size(self, root: int):
        """The number of items in a root's group; roots only."""
        if not 0 <= root < 10 or self.parent[root] != root:
            return "Not a root."
        return self.root.count(root)

    def hint(self):
        return "Follow parent links from both items up to their roots."

    def solution(self):
        calls = "".join(format_tool_call("group_size", {"root": r}) for r in self.pair)
        return [calls, format_answer(self._expected_answer)]

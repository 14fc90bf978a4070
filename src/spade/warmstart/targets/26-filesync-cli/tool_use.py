from spade.envkit import ToolEnv, format_answer, format_tool_call


class SyncCopiedBytesEnv(ToolEnv):
    """Count the bytes a mirrorsync run copies."""

    max_turns = 5

    def setup(self, rng):
        skip, src, dst, copied = rng.choice(["tmp", "log"]), {}, {}, 0
        for name in ["a.txt", "b.tmp", "c.log", "d.tmp", "e.md"]:
            size, time = rng.randint(10, 60), rng.randint(10, 90)
            src[name] = [size, time]
            if rng.random() < 0.7:
                dst[name] = [size + rng.choice([0, 5]), time + rng.randint(0, 3)]
            if not name.endswith(skip) and dst.get(name) not in ([size, time], [size, time + 1]):
                copied += size
        self.folders, self._expected_answer = {"source": src, "dest": dst}, str(copied)
        return (
            f"mirrorsync --exclude '*.{skip}' SOURCE DEST copies files that DEST lacks, or whose size"
            " differs or time is 2+ s off. How many bytes does it copy? Answer <answer>N</answer>."
        )

    def tool_list_files(self, folder: str):
        """Files in 'source' or 'dest': name -> [bytes, mtime]."""
        return self.folders.get(folder, "Unknown folder: use 'source' or 'dest'.")

    def hint(self):
        return "Skip excluded files, then add the sizes of new or changed ones."

    def solution(self):
        calls = [format_tool_call("list_files", {"folder": f}) for f in self.folders]
        return [*calls, format_answer(self._expected_answer)]

from spade.envkit import QuizEnv


class HeapPushPopEnv(QuizEnv):
    def rounds(self, rng):
        values, heap = rng.sample(range(10, 99), 6), []
        for i, x in enumerate(values):
            heap.append(x)
            while i and heap[i] < heap[p := (i - 1) // 2]:
                heap[i], heap[p], i = heap[p], heap[i], p
        arrays = [" ".join(map(str, heap))]
        for _ in range(2):
            heap[0], i = heap.pop(), 0
            while (c := 2 * i + 1) < len(heap) and heap[i] > min(heap[c : c + 2]):
                c = heap.index(min(heap[c : c + 2]))
                heap[i], heap[c], i = heap[c], heap[i], c
            arrays.append(" ".join(map(str, heap)))
        intro = (
            f"Push {values} in order onto an empty min-heap array (append, sift up), then pop "
            "twice (last item to the root, sift down). Answer arrays space-separated."
        )
        asks = ["The array after the pushes?", "After the first pop?", "After the second pop?"]
        return intro, list(zip(asks, arrays))

    def hint(self):
        return "Children of index i sit at 2i + 1 and 2i + 2; swap until the heap rule holds."

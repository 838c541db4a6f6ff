"""One pool for every wave-2 request: at most `limit` tasks run at once.

JavaScript side only: a task is a function returning a Promise, and the
pool hands back a Promise of its result.
"""

from bookmarklet.portable import remove_at


class Pool:
    def __init__(self, limit):
        self.limit = max(1, limit)
        self.active = 0
        self.queue = []

    def run(self, task):
        """A Promise of task's result, once a place in the pool is free and it has run."""
        def enqueue(resolve, reject):
            self.queue.append([task, resolve])
            self.start_waiting()
        return __new__(Promise(enqueue))

    def start_waiting(self):
        """Start queued tasks, oldest first, while places are free."""
        while self.active < self.limit and len(self.queue) > 0:
            item = self.queue[0]
            remove_at(self.queue, 0)
            self.start(item)

    def start(self, item):
        self.active += 1
        # A task that rejects still frees its place.
        item[0]().then(lambda result: self.finish(item[1], result),
                       lambda error: self.finish(item[1], None))

    def finish(self, resolve, result):
        self.active -= 1
        resolve(result)
        self.start_waiting()
